//! The desktop's files: the window's pixels as PNG and as a GIF clip.

use macroquad::texture::get_screen_data;
use std::path::Path;

/// Saves the window as an opaque PNG; an unwritable path is an error, not a panic.
pub fn save_screenshot(path: &Path) -> Result<(), String> {
    let png = screen_png()?;
    steering_demos::newfile::write_exact(path, &png)
        .map_err(|e| format!("cannot save the screenshot: {e}"))
}

/// The window as a PNG file's bytes.
fn screen_png() -> Result<Vec<u8>, String> {
    let (bytes, w, h) = screen_rgba();
    let mut png = Vec::new();
    use image::ImageEncoder as _;
    image::codecs::png::PngEncoder::new(&mut png)
        .write_image(&bytes, w, h, image::ColorType::Rgba8)
        .map_err(|e| format!("cannot encode the screenshot: {e}"))?;
    Ok(png)
}

/// F12: the window as a new PNG in `folder`, named after `scene` and the
/// time to the millisecond (and a number, if that is taken): written
/// whole to a temporary file, then linked to its name only if no file has
/// it, so two saves in one second are two files and none replaces another.
pub fn save_new_screenshot(folder: &Path, scene: &str) -> Result<std::path::PathBuf, String> {
    let png = screen_png()?;
    let stem = steering_demos::clip::stem_now(scene);
    steering_demos::newfile::write_new(folder, &stem, "png", &png)
        .map_err(|e| format!("cannot save the screenshot: {e}"))
}

/// The window as it is drawn, opaque RGBA, rows top to bottom.
fn screen_rgba() -> (Vec<u8>, u32, u32) {
    let image = get_screen_data();
    let (w, h) = (usize::from(image.width), usize::from(image.height));
    let stride = w * 4;
    let mut bytes = vec![0u8; stride * h];
    // OpenGL rows run bottom-up.
    for (y, row) in bytes.chunks_exact_mut(stride).enumerate() {
        let src = (h - 1 - y) * stride;
        row.copy_from_slice(&image.bytes[src..src + stride]);
    }
    for pixel in bytes.chunks_exact_mut(4) {
        pixel[3] = 255;
    }
    (bytes, w as u32, h as u32)
}

/// A clip being recorded: the encoder on its worker thread, and when the
/// next frame is due.
pub struct Recording {
    recorder: steering_demos::clip::Recorder,
    /// When the recording started (for F9's clips, which keep the wall's time).
    started: steering_demos::stopwatch::Stopwatch,
    /// Seconds into the clip of the next frame.
    next: f64,
}

impl Recording {
    /// Starts a clip at `path` of `width` x `height` frames; an error
    /// names the file and why.
    pub fn start(path: &Path, (width, height): (u32, u32)) -> Result<Self, String> {
        let recorder = steering_demos::clip::Recorder::start(path, width, height, super::CLIP_FPS)
            .map_err(|e| e.to_string())?;
        Ok(Self {
            recorder,
            started: steering_demos::stopwatch::Stopwatch::start(),
            next: 0.0,
        })
    }

    /// F9: a clip of the window in the videos folder, named anew.
    pub fn start_in_folder(scene: &str) -> Result<Self, String> {
        let folder = steering_demos::folders::videos()
            .map(|f| f.join("steering-demos"))
            .ok_or("no folder for clips: the system names no videos, pictures or home folder")?;
        std::fs::create_dir_all(&folder)
            .map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
        let path = steering_demos::clip::new_clip_path(&folder, scene);
        let size = macroquad::window::screen_width() as u32;
        let height = macroquad::window::screen_height() as u32;
        Self::start(&path, (size, height))
    }

    pub fn path(&self) -> &Path {
        self.recorder.path()
    }

    pub fn frames(&self) -> u32 {
        self.recorder.frames()
    }

    /// `seconds` went by (of the clip's time): hands the frame on screen
    /// to the encoder when one is due.
    /// The frame on screen, as the clip's next frame (`--record`: one
    /// simulated frame each window frame).
    pub fn capture_next(&mut self) {
        let at = self.next;
        self.capture(at);
    }

    /// The frame on screen, as every clip frame due by now on the wall's
    /// clock (F9): a window slower than the clip's rate gives it as many
    /// times as the clip's time asks (the encoder stores a repeat in a few
    /// bytes), so a clip lasts as long as its recording did.
    pub fn capture_now(&mut self) {
        let at = self.started.seconds();
        self.capture(at);
    }

    /// Hands the frame on screen to the encoder for each clip frame due at
    /// or before `at` seconds into the clip.
    fn capture(&mut self, at: f64) {
        /// The most copies of one frame (a stalled window: a second).
        const MAX_REPEATS: u32 = super::CLIP_FPS;
        let frame = 1.0 / f64::from(super::CLIP_FPS);
        if at < self.next {
            return;
        }
        let due = ((at - self.next) / frame).floor() as u32 + 1;
        let repeats = due.min(MAX_REPEATS);
        let (bytes, w, h) = screen_rgba();
        for _ in 1..repeats {
            self.recorder.push(bytes.clone(), w, h);
        }
        self.recorder.push(bytes, w, h);
        self.next += f64::from(due) * frame;
    }

    /// Writes the file: the event line and what the window shows, or
    /// what went wrong.
    pub fn finish(self) -> Result<(String, String), String> {
        let clip = self.recorder.finish().map_err(|e| e.to_string())?;
        let (path, frames, bytes) = (clip.path.display(), clip.frames, clip.bytes);
        let shown = steering_demos::text::fill(
            "notice.saved-clip",
            &[("path", &path), ("frames", &frames), ("bytes", &bytes)],
        );
        Ok((format!("clip {path} frames {frames} bytes {bytes}"), shown))
    }
}
