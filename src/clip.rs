//! Records the window as an animated GIF, on a worker thread (desktop only:
//! the page has no threads and no files to write).
//!
//! The window hands [`Recorder::push`] each frame it wants in the clip, at
//! the clip's rate: every other frame of the 60 Hz window, or every frame
//! of `--record`, which steps simulated time. A worker thread makes a GIF
//! frame of it in three steps:
//!
//! 1. **Downscale** to at most [`MAX_WIDTH`] pixels wide, aspect kept, each
//!    clip pixel the average of the window pixels it covers (a box filter):
//!    the default 1280x800 window is kept as it is, so that the text in the
//!    clip reads as on screen (at half size it did not). A frame of another
//!    size (the window was resized) is scaled to the clip's size.
//! 2. **Quantize** to one fixed palette ([`PALETTE`]): the 6x6x6 colour
//!    cube and 41 greys, so that dark backgrounds and egui's grey panels
//!    keep their tone. Fixed, so a colour has the same index in every frame
//!    (still pixels stay still), and the nearest entry is computed, not
//!    searched for.
//! 3. **Encode what changed**: the frame is cropped to the bounding box of
//!    the pixels whose index changed since the frame before, and inside it
//!    the unchanged pixels are transparent (each frame is kept under the
//!    next), which LZW packs to almost nothing.
//!
//! A busy scene (300 moving discs, each with a line, at 1280x800) takes
//! about 36 kB a frame, 4.3 MB for 4 s (the budget is 8 MB). One core of
//! this 2-core machine, shared with two busy builds, encoded 16 of its
//! frames a second (the test profile optimises the crate and the GIF
//! coder as a release build does); at half size it was 180 unshared. A
//! worker that falls behind holds the window back (the queue is bounded):
//! an F9 clip still keeps time, as frames due are copied. The encoder is `encode.rs`; the default
//! folder and the clips' names are `names.rs`.
//!
//! Frame `k` is shown at `k * 100 / fps` hundredths of a second, rounded:
//! at 30 frames a second the delays are 3, 4, 3, 3, 4, 3, ..., so the clip
//! keeps time.
//!
//! # Files
//!
//! Nothing half-written and nothing overwritten. [`Recorder::start`]
//! refuses a name that exists and creates the temporary file, `.NAME.part`
//! beside it, there and then (so a folder that is missing or read-only is
//! reported before a frame is simulated); the worker writes only that file.
//! [`Recorder::finish`] gives it its name with a hard link, which fails if
//! the name was taken meanwhile, and removes the temporary name. On any
//! error, and when a recorder is dropped unfinished, the temporary file is
//! removed. A [`ClipError`] names the clip and says why, e.g. `cannot write
//! the clip /x/y.gif: Permission denied (os error 13)`.

mod encode;
mod names;

use std::ffi::OsString;
use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, SyncSender};
use std::thread::{self, JoinHandle};

use encode::{Canvas, Image, clip_size, encode};
pub use encode::{MAX_WIDTH, PALETTE};
pub use names::{new_clip_path, stem_now};

/// The fastest clip: GIF delays are whole hundredths of a second, and
/// browsers show a delay under 2 hundredths as 10.
pub const MAX_FPS: u32 = 50;
/// Frames that may wait for the worker: [`Recorder::push`] blocks while
/// this many do (4 MB each at 1280x800).
const QUEUE: usize = 4;

/// What the worker wrote.
struct Written {
    frames: u32,
    bytes: u64,
}

/// The worker: encodes the frames it receives into `file`, then flushes it
/// to the disk.
fn record(
    file: File,
    frames: mpsc::Receiver<Image>,
    canvas: &mut Canvas,
    stop: &AtomicBool,
) -> Result<Written, Cause> {
    let out = encode(BufWriter::new(file), frames, canvas, stop)?;
    let file = out.into_inner().map_err(io::IntoInnerError::into_error)?;
    file.sync_all()?;
    Ok(Written {
        frames: canvas.frames,
        bytes: file.metadata()?.len(),
    })
}

/// Why a clip could not be written.
#[derive(Debug)]
#[non_exhaustive]
pub enum Cause {
    /// The name does not end in `.gif`.
    NotGif,
    /// The frame rate is 0 or above [`MAX_FPS`].
    Rate(u32),
    /// Frames of this size make no GIF (a side is 0, or far too tall).
    Size { width: u32, height: u32 },
    /// A file of that name exists: a clip never replaces one.
    Exists,
    /// The folder to write in does not exist.
    NoFolder,
    /// No frame was recorded.
    Empty,
    /// The worker stopped before the end (it was told to, or failed).
    Stopped,
    /// Reading or writing a file failed.
    Io(io::Error),
    /// The GIF encoder refused a frame.
    Encoding(String),
}

impl fmt::Display for Cause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cause::NotGif => write!(f, "its name does not end in .gif"),
            Cause::Rate(fps) => write!(
                f,
                "{fps} frames a second is not a GIF's rate (1 to {MAX_FPS})"
            ),
            Cause::Size { width, height } => {
                write!(f, "frames of {width}x{height} pixels make no GIF")
            }
            Cause::Exists => write!(f, "a file of that name exists (a clip never replaces one)"),
            Cause::NoFolder => write!(f, "its folder does not exist"),
            Cause::Empty => write!(f, "no frame was recorded"),
            Cause::Stopped => write!(f, "the recording stopped before its end"),
            Cause::Io(e) => write!(f, "{e}"),
            Cause::Encoding(e) => write!(f, "{e}"),
        }
    }
}

impl From<io::Error> for Cause {
    fn from(e: io::Error) -> Cause {
        Cause::Io(e)
    }
}

impl From<gif::EncodingError> for Cause {
    fn from(e: gif::EncodingError) -> Cause {
        match e {
            gif::EncodingError::Io(e) => Cause::Io(e),
            other => Cause::Encoding(other.to_string()),
        }
    }
}

/// A clip that could not be written: which, and why. Displays as
/// `cannot write the clip PATH: WHY`.
#[derive(Debug)]
pub struct ClipError {
    pub path: PathBuf,
    pub cause: Cause,
}

impl fmt::Display for ClipError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot write the clip {}: {}",
            self.path.display(),
            self.cause
        )
    }
}

impl std::error::Error for ClipError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.cause {
            Cause::Io(e) => Some(e),
            _ => None,
        }
    }
}

/// A clip written: where, how many frames, how many bytes, and its size in
/// pixels (the frames' size, scaled down to at most [`MAX_WIDTH`] wide).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clip {
    pub path: PathBuf,
    pub frames: u32,
    pub bytes: u64,
    pub width: u32,
    pub height: u32,
}

/// A clip being recorded: frames go to a worker thread that encodes them
/// into a temporary file, which [`Recorder::finish`] names. Dropped
/// unfinished, it stops the worker and removes the temporary file.
pub struct Recorder {
    path: PathBuf,
    /// The temporary file, until it is named or removed.
    part: Option<PathBuf>,
    frames: Option<SyncSender<Image>>,
    worker: Option<JoinHandle<Result<Written, Cause>>>,
    stop: Arc<AtomicBool>,
    pushed: u32,
    size: (u16, u16),
}

impl Recorder {
    /// Starts a clip to be written at `path` (a new `.gif` file in a
    /// folder that exists), of frames `width` x `height` (RGBA8, rows top
    /// to bottom), shown `fps` frames a second (1 to [`MAX_FPS`]). Creates
    /// the temporary file at once, so an unwritable folder fails here.
    pub fn start(path: &Path, width: u32, height: u32, fps: u32) -> Result<Recorder, ClipError> {
        let fail = |cause| ClipError {
            path: path.to_path_buf(),
            cause,
        };
        if !path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("gif"))
        {
            return Err(fail(Cause::NotGif));
        }
        if !(1..=MAX_FPS).contains(&fps) {
            return Err(fail(Cause::Rate(fps)));
        }
        let Some((w, h)) = clip_size(width, height) else {
            return Err(fail(Cause::Size { width, height }));
        };
        taken(path).map_err(fail)?;
        let (part, file) = create_part(path).map_err(|e| {
            fail(match e.kind() {
                io::ErrorKind::NotFound => Cause::NoFolder,
                _ => Cause::Io(e),
            })
        })?;
        let (frames, receiver) = mpsc::sync_channel(QUEUE);
        let stop = Arc::new(AtomicBool::new(false));
        let worker = {
            let stop = Arc::clone(&stop);
            let mut canvas = Canvas::new(w, h, fps);
            thread::Builder::new()
                .name("clip".into())
                .spawn(move || record(file, receiver, &mut canvas, &stop))
        };
        let worker = match worker {
            Ok(worker) => worker,
            Err(e) => {
                let _ = fs::remove_file(&part);
                return Err(fail(Cause::Io(e)));
            }
        };
        Ok(Recorder {
            path: path.to_path_buf(),
            part: Some(part),
            frames: Some(frames),
            worker: Some(worker),
            stop,
            pushed: 0,
            size: (w, h),
        })
    }

    /// Hands one frame, RGBA8 of `width` x `height` with rows top to
    /// bottom, to the worker. The caller never waits for its encoding,
    /// unless the worker is four frames behind: then it waits for a
    /// place in the queue, so the window slows down rather than the clip
    /// losing frames (and time). A frame of another size than the first is
    /// scaled to the clip's size. A buffer that does not hold `width` x
    /// `height` pixels is ignored, and so is every frame once the worker
    /// has failed (then [`Recorder::finish`] says why).
    pub fn push(&mut self, rgba: Vec<u8>, width: u32, height: u32) {
        let (Some(image), Some(frames)) = (Image::new(rgba, width, height), &self.frames) else {
            return;
        };
        if frames.send(image).is_ok() {
            self.pushed = self.pushed.saturating_add(1);
        }
    }

    /// Frames handed to the worker so far.
    pub fn frames(&self) -> u32 {
        self.pushed
    }

    /// Where the clip will be written.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Stops: waits for the worker to encode the frames queued, finishes
    /// the file and gives it its name, unless that name was taken meanwhile
    /// ([`Cause::Exists`]: the file of that name is left as it was, and the
    /// clip is lost). Returns what was written.
    pub fn finish(mut self) -> Result<Clip, ClipError> {
        let fail = |cause| ClipError {
            path: self.path.clone(),
            cause,
        };
        // The worker's loop ends with the queue.
        self.frames = None;
        let written = match self.worker.take().map(JoinHandle::join) {
            Some(Ok(written)) => written,
            _ => Err(Cause::Stopped),
        };
        let Some(part) = self.part.take() else {
            return Err(fail(Cause::Stopped));
        };
        let written = written.and_then(|w| match w.frames {
            0 => Err(Cause::Empty),
            _ => Ok(w),
        });
        let named = match written {
            Ok(written) => publish(&part, &self.path).map(|()| written),
            Err(cause) => {
                let _ = fs::remove_file(&part);
                Err(cause)
            }
        };
        let written = named.map_err(fail)?;
        Ok(Clip {
            path: self.path.clone(),
            frames: written.frames,
            bytes: written.bytes,
            width: u32::from(self.size.0),
            height: u32::from(self.size.1),
        })
    }
}

impl Drop for Recorder {
    /// Unfinished: stops the worker (after the frame it is on) and removes
    /// the temporary file.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.frames = None;
        if let Some(worker) = self.worker.take() {
            let _ = worker.join();
        }
        if let Some(part) = self.part.take() {
            let _ = fs::remove_file(part);
        }
    }
}

/// `Err(Exists)` if something has that name (a dangling link too).
fn taken(path: &Path) -> Result<(), Cause> {
    match fs::symlink_metadata(path) {
        Ok(_) => Err(Cause::Exists),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(Cause::Io(e)),
    }
}

/// Creates the temporary file for the clip at `path`: `.NAME.part` in the
/// same folder, or `.NAME.2.part` and so on if another recording (or one
/// killed) holds that name.
fn create_part(path: &Path) -> io::Result<(PathBuf, File)> {
    let folder = match path.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no file name"))?;
    // A name near the file system's limit (255 bytes) leaves no room for
    // the dots and ".part": the temporary name keeps the first 240 bytes.
    let name = name.to_string_lossy();
    let mut end = name.len().min(240);
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    for n in 1..=100 {
        let mut part = OsString::from(".");
        part.push(&name[..end]);
        if n > 1 {
            part.push(format!(".{n}"));
        }
        part.push(".part");
        let part = folder.join(part);
        match OpenOptions::new().write(true).create_new(true).open(&part) {
            Ok(file) => return Ok((part, file)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        "100 temporary files of that name exist already",
    ))
}

/// Gives the finished temporary file `part` the name `path`, unless that
/// name is taken; the temporary name is gone afterwards, whatever happens.
/// A hard link fails if the name exists, however late it appeared; on a
/// file system without hard links (FAT, some network mounts) the file is
/// renamed if the name is free a moment before.
fn publish(part: &Path, path: &Path) -> Result<(), Cause> {
    let named = match fs::hard_link(part, path) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(Cause::Exists),
        Err(_) => match taken(path) {
            Ok(()) => {
                return fs::rename(part, path).map_err(|e| {
                    let _ = fs::remove_file(part);
                    Cause::Io(e)
                });
            }
            Err(cause) => Err(cause),
        },
    };
    let _ = fs::remove_file(part);
    named
}

#[cfg(test)]
mod tests;
