//! What editing.rs, files.rs and rewind.rs use besides the window's helpers (support.rs):
//! the colours of the marks it looks for, places on the stage, pictures
//! compared pixel for pixel, the app run as a plain command, GIF clips
//! and folders of files, and an F9 recording, made for two tests.

use image::RgbaImage;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};
use steering_demos::layout::{Open, Rect};

use super::support::{Reaper, SCREEN, launch_with_env, screen_of, start_xvfb};

/// The recording mark's red (#e63946).
pub(crate) const RECORDING: [u8; 3] = [0xe6, 0x39, 0x46];
/// The doorway's walls (#4a4e57).
pub(crate) const WALL: [u8; 3] = [0x4a, 0x4e, 0x57];
/// The timeline's track, under the stage while paused (egui's selection blue).
pub(crate) const TRACK: [u8; 3] = [0, 92, 128];

/// A folder of its own under the target's temporary folder, empty.
pub(crate) fn fresh_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The names in `dir`, sorted.
pub(crate) fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The app as a plain command: the shipped settings, `env` on top.
pub(crate) fn run(args: &[&str], env: &[(&str, &OsStr)]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_steering-demos"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("XDG_CONFIG_HOME", "/nonexistent")
        .envs(env.iter().copied())
        .output()
        .expect("the app runs")
}

/// An X server for a plain run of the app; `None` (the test says it was
/// skipped) without Xvfb, which under CI is a failure.
pub(crate) fn display(reaper: &mut Reaper) -> Option<String> {
    crate::skip::XVFB.met().then(|| start_xvfb(reaper, SCREEN))
}

/// The numbers of an event line after its first `skip` words.
pub(crate) fn numbers(line: &str, skip: usize) -> Vec<f32> {
    (line.split_whitespace().skip(skip))
        .map(|w| (w.parse()).unwrap_or_else(|_| panic!("a number: {w} in {line:?}")))
        .collect()
}

/// Whether (x, y) is within `tolerance` of (want.0, want.1) on both axes.
pub(crate) fn close(got: &[f32], want: (f32, f32), tolerance: f32) -> bool {
    got.len() == 2 && (got[0] - want.0).abs() <= tolerance && (got[1] - want.1).abs() <= tolerance
}

/// `node I at X Y screen SX SY`: the world and the screen position.
pub(crate) fn node_at(line: &str, i: usize) -> ((f32, f32), (i32, i32)) {
    let prefix = format!("node {i} at ");
    assert!(line.starts_with(&prefix), "{line:?}, wanted {prefix}...");
    let n = numbers(&line.replace(" screen ", " "), 3);
    ((n[0], n[1]), (n[2] as i32, n[3] as i32))
}

/// The world's px per screen px, as the layout letterboxes the 800x600 stage.
pub(crate) fn world_per_px() -> f32 {
    800.0 / (screen_of(800.0, 0.0).0 - screen_of(0.0, 0.0).0) as f32
}

/// The stage's rectangle in a window of the test's size, nothing open.
pub(crate) fn stage_rect() -> Rect {
    super::support::stage_in(Open::default())
}

/// Pixels within `tolerance` of `color` in the square of half side `r`
/// around `at`.
pub(crate) fn near(
    img: &RgbaImage,
    at: (i32, i32),
    r: i32,
    color: [u8; 3],
    tolerance: i32,
) -> usize {
    let square = (at.1 - r..=at.1 + r).flat_map(|y| (at.0 - r..=at.0 + r).map(move |x| (x, y)));
    square
        .filter_map(|(x, y)| img.get_pixel_checked(x as u32, y as u32))
        .filter(|p| (0..3).all(|i| (i32::from(p[i]) - i32::from(color[i])).abs() <= tolerance))
        .count()
}

/// The middle of one patch of `color` on the stage, the first found
/// from the top (in a crowd, one agent).
pub(crate) fn blob(img: &RgbaImage, color: [u8; 3], tolerance: i32) -> Option<(i32, i32)> {
    let r = stage_rect();
    let hit = |x: i32, y: i32| near(img, (x, y), 0, color, tolerance) == 1;
    let (x0, y0) = (r.x.ceil() as i32, r.y.ceil() as i32);
    let (x1, y1) = ((r.x + r.w) as i32, (r.y + r.h) as i32);
    let (fx, fy) = (y0..y1)
        .flat_map(|y| (x0..x1).map(move |x| (x, y)))
        .find(|&(x, y)| hit(x, y))?;
    let patch: Vec<_> = (fy..fy + 16)
        .flat_map(|y| (fx - 12..=fx + 12).map(move |x| (x, y)))
        .filter(|&(x, y)| hit(x, y))
        .collect();
    let n = patch.len() as i32;
    let sum = patch.iter().fold((0, 0), |s, p| (s.0 + p.0, s.1 + p.1));
    Some((sum.0 / n, sum.1 / n))
}

/// Pixels of the stage that differ between two pictures of the window
/// (the HUD above it, with its frame rate, left out).
pub(crate) fn stage_differs(a: &RgbaImage, b: &RgbaImage) -> usize {
    let r = stage_rect();
    let (x0, y0) = (r.x.ceil() as u32, r.y.ceil() as u32);
    let (x1, y1) = ((r.x + r.w).floor() as u32, (r.y + r.h).floor() as u32);
    (y0..y1)
        .flat_map(|y| (x0..x1).map(move |x| (x, y)))
        .filter(|&(x, y)| a.get_pixel(x, y) != b.get_pixel(x, y))
        .count()
}

/// What a GIF holds: its size, its frames and how long they show.
pub(crate) struct Clip {
    pub(crate) width: u16,
    pub(crate) height: u16,
    pub(crate) frames: usize,
    /// The frames' delays added up, in hundredths of a second.
    pub(crate) hundredths: u32,
}

/// Reads the GIF at `path` frame by frame.
pub(crate) fn decode(path: &Path) -> Clip {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut decoder = gif::DecodeOptions::new()
        .read_info(std::io::BufReader::new(file))
        .expect("a GIF");
    let (width, height) = (decoder.width(), decoder.height());
    let (mut frames, mut hundredths) = (0, 0);
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        frames += 1;
        hundredths += u32::from(frame.delay);
    }
    Clip {
        width,
        height,
        frames,
        hundredths,
    }
}

/// A recording made with F9, about 1.5 s of wall time: its clip, the
/// frames the `clip` line says, and the seconds from the `recording`
/// line to the second F9 sent (`stopped`) and to the `clip` line
/// (`seconds`): the recording ended between the two, at the first frame
/// after the key (a slow window's frame, and the encoder catching up,
/// come between them on a busy machine).
pub(crate) struct F9Clip {
    pub(crate) clip: Clip,
    pub(crate) frames: usize,
    pub(crate) stopped: f64,
    pub(crate) seconds: f64,
    /// The longest time between two frames while recording (capped at a
    /// second), and the seconds frames took beyond a second each: a clip
    /// copies a frame for at most a second of a stalled window.
    pub(crate) longest_frame: f64,
    pub(crate) stalled: f64,
}

/// Records the doorway (started with `args` too) with F9 for about 1.5 s;
/// checks the lines, the file and the red mark on the stage while it
/// records. `None`: skipped.
pub(crate) fn record_with_f9(name: &str, args: &[&str]) -> Option<F9Clip> {
    let videos = fresh_dir(name);
    let env = [("XDG_VIDEOS_DIR", videos.as_os_str())];
    let args = [&["--scene", "doorway"], args].concat();
    let (_reaper, s) = launch_with_env(&args, "scene doorway", SCREEN, &env)?;
    s.wait_drawn();
    let r = stage_rect();
    // The top right corner of the stage, where the mark shows.
    let corner = ((r.x + r.w) as i32 - 100, r.y as i32 + 25);
    let red = |img: &RgbaImage| near(img, corner, 90, RECORDING, 12);
    let before = s.shot(&format!("{name}-before"));

    s.key("F9");
    let line = s.expect_prefix("recording ");
    let started = Instant::now();
    let path = PathBuf::from(&line["recording ".len()..]);
    assert_eq!(
        path.parent(),
        Some(videos.join("steering-demos").as_path()),
        "{line}"
    );
    assert_eq!(path.extension(), Some(OsStr::new("gif")), "{line}");
    std::thread::sleep(Duration::from_millis(1000));
    let during = s.shot(&format!("{name}-during"));
    let stopped = started.elapsed().as_secs_f64();
    s.key("F9");
    let line = s.expect_prefix("clip ");
    let seconds = started.elapsed().as_secs_f64();
    let (longest, stalled) = s.frame_gaps(started, Instant::now(), 1.0);
    // A slow window draws its frames late: looked at until the mark goes.
    let after = s.photo_until(&format!("{name}-after"), |img| red(img) < 10);
    let marks = [red(&before), red(&during), red(&after)];
    assert!(
        marks[0] < 10 && marks[1] > 30 && marks[2] < 10,
        "a red mark only while recording: {marks:?} px"
    );

    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(
        (words.len(), words[1], words[2], words[4]),
        (6, path.to_str().unwrap(), "frames", "bytes"),
        "{line}"
    );
    let (frames, bytes): (usize, u64) = (words[3].parse().unwrap(), words[5].parse().unwrap());
    assert_eq!(std::fs::metadata(&path).unwrap().len(), bytes, "{line}");
    assert_eq!(
        listing(&videos.join("steering-demos")).len(),
        1,
        "the clip alone, nothing half-written"
    );
    let clip = decode(&path);
    assert_eq!(clip.frames, frames, "the frames said are in the file");
    assert_eq!(
        (clip.width, clip.height),
        (1280, 800),
        "the window's own size"
    );
    Some(F9Clip {
        clip,
        frames,
        stopped,
        seconds,
        longest_frame: longest.min(1.0),
        stalled,
    })
}
