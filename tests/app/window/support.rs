//! What the window tests share: a
//! private X server, the app in it printing its events, xdotool to press
//! keys and move the mouse, `import` to photograph the window, and the
//! colours and places to look for in the pictures.
//!
//! Each test file uses a part of it.
#![allow(dead_code)]

use image::RgbaImage;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use steering_demos::layout::{Layout, Open};

pub(crate) const SCREEN: (u32, u32) = (1280, 800);
/// The velocity colour of the overlay (#2a9d3a).
pub(crate) const VELOCITY: [u8; 3] = [0x2a, 0x9d, 0x3a];
/// An agent's colour (#3d5a80).
pub(crate) const AGENT: [u8; 3] = [0x3d, 0x5a, 0x80];
/// The stage's paper colour (#f4f1ea).
pub(crate) const PAPER: [u8; 3] = [0xf4, 0xf1, 0xea];
/// A path-radius disc: #3a7ca5 at 12% over the paper.
pub(crate) const PATH_DISC: [u8; 3] = [222, 227, 226];

/// Kills what it holds when the test ends, passed or not: asks first
/// (SIGTERM, so that an X server removes its lock and socket), then, a
/// second later, forces it.
pub(crate) struct Reaper(pub(crate) Vec<Child>);

impl Drop for Reaper {
    fn drop(&mut self) {
        for child in &mut self.0 {
            let _ = Command::new("kill")
                .arg(child.id().to_string())
                .stderr(Stdio::null())
                .status();
            let deadline = Instant::now() + Duration::from_secs(1);
            while matches!(child.try_wait(), Ok(None)) && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(20));
            }
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// A private X server: Xvfb picks a free display itself (`-displayfd`:
/// it takes the first whose lock it can create, stale locks included,
/// and writes its number once it listens), so tests running side by
/// side, in this process or another, never share one.
pub(crate) fn start_xvfb(reaper: &mut Reaper, screen: (u32, u32)) -> String {
    let size = format!("{}x{}x24", screen.0, screen.1);
    let mut child = Command::new("Xvfb")
        .args(["-displayfd", "1", "-screen", "0", &size, "-nolisten", "tcp"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("Xvfb starts");
    let stdout = child.stdout.take().unwrap();
    reaper.0.push(child);
    // Blocks until the server listens, or ends (end of file) if it fails.
    let (mut reader, mut line) = (BufReader::new(stdout), String::new());
    let _ = reader.read_line(&mut line);
    // The pipe stays open while the server lives (a write to a closed
    // one would end it).
    std::thread::spawn(move || std::io::copy(&mut reader, &mut std::io::sink()));
    let n: u32 = (line.trim().parse()).unwrap_or_else(|_| panic!("Xvfb gave no display: {line:?}"));
    format!(":{n}")
}

/// The longest a test waits for the app to print or draw what it should.
/// Only a failing test waits this long: on a fresh CI machine with two
/// windows and a browser sharing two cores, a crowd's first frames have
/// taken over 20 s.
pub(crate) const PATIENCE: Duration = Duration::from_secs(60);

pub(crate) struct Session {
    pub(crate) display: String,
    pub(crate) window: String,
    pub(crate) events: Receiver<String>,
    /// The frames the app has shown (its `frame N` lines, kept out of
    /// `events`): what changed shows within a frame or two of its cause.
    pub(crate) frames: Arc<AtomicU64>,
    /// When each frame line came: how long the app took between frames.
    pub(crate) frame_times: Arc<Mutex<Vec<Instant>>>,
    pub(crate) shots: PathBuf,
}

impl Session {
    pub(crate) fn tool(&self, program: &str, args: &[&str]) -> String {
        String::from_utf8_lossy(&self.tool_bytes(program, args)).into_owned()
    }

    /// What `program` wrote, as bytes, run on the test's display; a
    /// failure says why.
    fn tool_bytes(&self, program: &str, args: &[&str]) -> Vec<u8> {
        let out = Command::new(program)
            .args(args)
            .env("DISPLAY", &self.display)
            .output()
            .unwrap_or_else(|e| panic!("{program}: {e}"));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{program} {args:?} failed: {stderr}");
        out.stdout
    }

    pub(crate) fn key(&self, key: &str) {
        self.tool("xdotool", &["key", "--window", &self.window, key]);
    }

    /// Presses `key` with `modifier` held, as a hand does: down first, up
    /// last, each a moment apart (all within one frame, the app would see
    /// the key after the modifier was up again).
    pub(crate) fn chord(&self, modifier: &str, key: &str) {
        let w = &self.window;
        for (action, what) in [("keydown", modifier), ("key", key), ("keyup", modifier)] {
            self.tool("xdotool", &[action, "--window", w, what]);
            self.frames_later(2);
        }
    }

    /// Waits for the app to print `line`, failing on anything else.
    pub(crate) fn expect(&self, line: &str) {
        match self.events.recv_timeout(PATIENCE) {
            Ok(got) => assert_eq!(got, line, "event line"),
            Err(_) => panic!("no `{line}` from the app within {PATIENCE:?}"),
        }
    }

    /// Waits for the next line the app prints, which must start with
    /// `prefix`, and returns it.
    pub(crate) fn expect_prefix(&self, prefix: &str) -> String {
        match self.events.recv_timeout(PATIENCE) {
            Ok(got) => {
                assert!(
                    got.starts_with(prefix),
                    "event line {got:?}, wanted {prefix}..."
                );
                got
            }
            Err(_) => panic!("no `{prefix}...` from the app within {PATIENCE:?}"),
        }
    }

    /// The lines a scene prints when it starts, after its `scene NAME`:
    /// patrol's `node I at X Y screen SX SY`, one for each node of its
    /// shipped path (to find them and drag them); other scenes print none.
    pub(crate) fn expect_node_lines(&self, scene: &str) -> Vec<String> {
        let config = steering_demos::config::Config::embedded();
        let nodes = (config.scenes.iter())
            .find(|s| s.name() == scene)
            .and_then(|s| {
                let params = s.params.as_any();
                params.downcast_ref::<steering_demos::scenes::patrol::PatrolParams>()
            })
            .map_or(0, |p| p.nodes.len());
        (0..nodes)
            .map(|i| self.expect_prefix(&format!("node {i} at ")))
            .collect()
    }

    /// Waits until the app has shown `n` more frames (at most
    /// [`PATIENCE`]: a loaded machine's frames come late): an input sent
    /// before now has been read, acted on and drawn within two.
    pub(crate) fn frames_later(&self, n: u64) {
        let target = self.frames.load(Ordering::Acquire) + n;
        let deadline = Instant::now() + PATIENCE;
        while self.frames.load(Ordering::Acquire) < target {
            assert!(Instant::now() < deadline, "no frame shown in {PATIENCE:?}");
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// The gaps between the frames shown from `from` to `to`, in seconds:
    /// the longest, and their total beyond `limit` each (a window stalled
    /// so long that what is recording it leaves the rest out).
    pub(crate) fn frame_gaps(&self, from: Instant, to: Instant, limit: f64) -> (f64, f64) {
        let times = self.frame_times.lock().unwrap();
        let shown: Vec<Instant> = times
            .iter()
            .copied()
            .filter(|t| (from..=to).contains(t))
            .collect();
        let gaps = shown.windows(2).map(|w| (w[1] - w[0]).as_secs_f64());
        gaps.fold((0.0, 0.0), |(longest, beyond), gap| {
            (f64::max(longest, gap), beyond + (gap - limit).max(0.0))
        })
    }

    /// Lets a few frames be drawn, then photographs the window: what a
    /// key changed shows a frame or two after its event line, and egui's
    /// panels fade in over a twelfth of a second (8 frames at 60 a second
    /// or fewer are longer).
    pub(crate) fn shot(&self, name: &str) -> RgbaImage {
        self.frames_later(8);
        self.photo(name)
    }

    /// Photographs the window as it is now.
    pub(crate) fn photo(&self, name: &str) -> RgbaImage {
        // Taken as PPM (raw pixels: no compression to do or undo), kept as
        // a PNG at zlib's fastest for a person and OCR to read. A PNG both
        // ways had `import` and the test decoding it spend a third of a
        // window test's time.
        let ppm = self.tool_bytes("import", &["-window", &self.window, "-depth", "8", "ppm:-"]);
        let img = super::reading::from_ppm(&ppm).expect("import writes a PPM");
        super::reading::save_fast(&img, &self.shots.join(format!("{name}.png")));
        img
    }

    /// Resizes the window as a person drags its corner, and waits until
    /// it is drawn at the new size (at most [`PATIENCE`]).
    pub(crate) fn resize(&self, width: u32, height: u32) {
        let (ws, hs) = (width.to_string(), height.to_string());
        self.tool("xdotool", &["windowsize", &self.window, &ws, &hs]);
        let img = self.photo_until("resized", |img| img.dimensions() == (width, height));
        assert_eq!(img.dimensions(), (width, height), "the window's new size");
        self.frames_later(3);
    }

    /// Photographs the window until `shows` holds of the picture, at
    /// most [`PATIENCE`] (a loaded machine's frames come late), and returns the
    /// last picture: the caller's assertion says what was wanted.
    pub(crate) fn photo_until(&self, name: &str, shows: impl Fn(&RgbaImage) -> bool) -> RgbaImage {
        self.photo_within(name, PATIENCE.as_secs(), shows)
    }

    /// [`Session::photo_until`], waiting at most `seconds`.
    fn photo_within(
        &self,
        name: &str,
        seconds: u64,
        shows: impl Fn(&RgbaImage) -> bool,
    ) -> RgbaImage {
        let deadline = Instant::now() + Duration::from_secs(seconds);
        loop {
            let img = self.photo(name);
            if shows(&img) || Instant::now() >= deadline {
                return img;
            }
        }
    }

    /// Waits until the window shows the stage, up to 60 s: on a loaded
    /// machine the first frames of a crowd of 200,000 can take over 20.
    pub(crate) fn wait_drawn(&self) {
        let drawn = |img: &RgbaImage| count(img, PAPER, 6) > 100_000;
        let img = self.photo_within("first-frames", 60, drawn);
        let paper = count(&img, PAPER, 6);
        assert!(
            paper > 100_000,
            "the stage is not drawn after 60 s ({paper} px of paper)"
        );
    }

    /// Moves the pointer to (x, y) of the window, and gives the app a
    /// moment to draw a frame or two with it there.
    pub(crate) fn point(&self, (x, y): (i32, i32)) {
        let (x, y) = (x.to_string(), y.to_string());
        self.tool("xdotool", &["mousemove", "--window", &self.window, &x, &y]);
        self.frames_later(3);
    }

    /// Presses the left button at `from`, moves to `to` in a few steps as
    /// a hand does (one xdotool call a step, each with time for a frame),
    /// and lets go there.
    pub(crate) fn drag(&self, from: (i32, i32), to: (i32, i32)) {
        self.point(from);
        self.tool("xdotool", &["mousedown", "--window", &self.window, "1"]);
        self.frames_later(3);
        for k in 1..=5 {
            let at = (
                from.0 + (to.0 - from.0) * k / 5,
                from.1 + (to.1 - from.1) * k / 5,
            );
            let (x, y) = (at.0.to_string(), at.1.to_string());
            self.tool("xdotool", &["mousemove", "--window", &self.window, &x, &y]);
            self.frames_later(2);
        }
        self.frames_later(2);
        self.tool("xdotool", &["mouseup", "--window", &self.window, "1"]);
    }
}

/// Where world point (x, y) of an 800x600 stage is in the window, as the
/// layout letterboxes it with nothing open (the stage the window's width).
pub(crate) fn screen_of(x: f32, y: f32) -> (i32, i32) {
    screen_in(Open::default(), x, y)
}

/// [`screen_of`] with `open` open: beside the column, the stage narrows.
pub(crate) fn screen_in(open: Open, x: f32, y: f32) -> (i32, i32) {
    let area = stage_in(open);
    let scale = (area.w / 800.0).min(area.h / 600.0);
    let left = area.x + (area.w - 800.0 * scale) / 2.0;
    let top = area.y + (area.h - 600.0 * scale) / 2.0;
    (
        (left + x * scale).round() as i32,
        (top + y * scale).round() as i32,
    )
}

/// The stage's rectangle in a window of the test's size with `open` open.
pub(crate) fn stage_in(open: Open) -> steering_demos::layout::Rect {
    let screen = glam::Vec2::new(SCREEN.0 as f32, SCREEN.1 as f32);
    Layout::of(screen, open).stage
}

/// What is open while an agent is selected: its readout, in the column.
pub(crate) fn selected() -> Open {
    Open {
        readout: true,
        ..Open::default()
    }
}

/// Pixels within `tolerance` of `color` in the stage part of the window.
pub(crate) fn count(img: &RgbaImage, color: [u8; 3], tolerance: i32) -> usize {
    let (top, bottom) = (60, img.height().saturating_sub(32));
    img.enumerate_pixels()
        .filter(|(_, y, _)| (top..bottom).contains(y))
        .filter(|(_, _, p)| {
            (0..3).all(|i| (i32::from(p[i]) - i32::from(color[i])).abs() <= tolerance)
        })
        .count()
}

pub(crate) fn region(img: &RgbaImage, y0: u32, y1: u32) -> Vec<u8> {
    let w = img.width() as usize * 4;
    img.as_raw()[y0 as usize * w..y1 as usize * w].to_vec()
}

/// The app in a fresh X server, with `args`, printing its events; `None`
/// (the test says it was skipped) without Xvfb, xdotool or import, which
/// under CI is a failure.
pub(crate) fn launch(
    args: &[&str],
    first_event: &str,
    screen: (u32, u32),
) -> Option<(Reaper, Session)> {
    launch_with_env(args, first_event, screen, &[])
}

/// [`launch`], with `env` set for the app on top of the test's settings
/// (an `XDG_CONFIG_HOME` there replaces the test's /nonexistent).
pub(crate) fn launch_with_env(
    args: &[&str],
    first_event: &str,
    screen: (u32, u32),
    env: &[(&str, &std::ffi::OsStr)],
) -> Option<(Reaper, Session)> {
    if !crate::skip::WINDOW.met() {
        return None;
    }
    let mut reaper = Reaper(Vec::new());
    let display = start_xvfb(&mut reaper, screen);
    // A folder a test: tests run side by side, and their pictures share
    // names. Libtest names its threads after their tests; a test on the
    // main thread (nextest's, one a process) is named by its display.
    let thread = std::thread::current();
    let test = (thread.name()).filter(|n| *n != "main").map_or_else(
        || format!("display-{}", &display[1..]),
        |n| n.replace("::", "-"),
    );
    let shots = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("window-test")
        .join(test);
    std::fs::create_dir_all(&shots).unwrap();

    let mut app = Command::new(env!("CARGO_BIN_EXE_steering-demos"))
        .args(args)
        .args(["--log-events", "--log-frames"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("DISPLAY", &display)
        // The shipped settings, whatever this machine's user keeps.
        .env("XDG_CONFIG_HOME", "/nonexistent")
        .env("XDG_PICTURES_DIR", env!("CARGO_TARGET_TMPDIR"))
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        // Kept, to say why when the app stops drawing.
        .stderr(std::fs::File::create(shots.join("app-stderr.txt")).unwrap())
        .spawn()
        .expect("the app starts");
    let stdout = app.stdout.take().unwrap();
    reaper.0.push(app);
    let (send, events) = channel();
    let frames = Arc::new(AtomicU64::new(0));
    let frame_times = Arc::new(Mutex::new(Vec::new()));
    let (shown, times) = (Arc::clone(&frames), Arc::clone(&frame_times));
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            // A line printed before `frame N` is sent before N is stored.
            if let Some(n) = line.strip_prefix("frame ") {
                times.lock().unwrap().push(Instant::now());
                shown.store(n.parse().unwrap_or(0), Ordering::Release);
            } else if send.send(line).is_err() {
                break;
            }
        }
    });
    let mut s = Session {
        display,
        window: String::new(),
        events,
        frames,
        frame_times,
        shots,
    };
    // The settings in use come first: with HOME and XDG_CONFIG_HOME as they
    // are here, the built-in copy or the user's file.
    let config = s.events.recv_timeout(PATIENCE).expect("a first line");
    assert!(config.starts_with("config "), "{config}");
    s.expect(first_event);
    let found = s.tool(
        "xdotool",
        &["search", "--sync", "--name", "^Steering Demos$"],
    );
    s.window = found.lines().next().expect("a window").to_string();
    // A desktop program: its own class (so a dock groups it) and icon.
    let class = s.tool("xprop", &["-id", &s.window, "WM_CLASS"]);
    assert!(class.contains("\"steering-demos\""), "{class}");
    let icon = s.tool("xprop", &["-id", &s.window, "-notype", "_NET_WM_ICON"]);
    assert!(
        icon.contains("Icon (64 x 64)"),
        "the window carries its icon"
    );
    // Started means drawn once: a crowd's first frame is the slow one.
    // An app that stopped is said, with what it printed on stderr.
    let deadline = Instant::now() + PATIENCE;
    while s.frames.load(Ordering::Acquire) == 0 {
        let app = reaper.0.last_mut().expect("the app");
        if let Ok(Some(status)) = app.try_wait() {
            let said = std::fs::read_to_string(s.shots.join("app-stderr.txt")).unwrap_or_default();
            panic!("the app stopped before its first frame ({status}): {said}");
        }
        assert!(Instant::now() < deadline, "no first frame in {PATIENCE:?}");
        std::thread::sleep(Duration::from_millis(5));
    }
    Some((reaper, s))
}

/// The lines the app prints over its next `frames` frames: whatever an
/// input sent before now makes it say.
pub(crate) fn drain(s: &Session, frames: u64) -> Vec<String> {
    s.frames_later(frames);
    s.events.try_iter().collect()
}

/// The middle of the pixels of `color` on the stage (as drawn with
/// nothing open: the column's words and dots are not counted).
pub(crate) fn centroid(img: &RgbaImage, color: [u8; 3], tolerance: i32) -> Option<(u32, u32)> {
    let stage = stage_in(Open::default());
    let (mut sx, mut sy, mut n) = (0u64, 0u64, 0u64);
    for (x, y, p) in img.enumerate_pixels() {
        let near = (0..3).all(|i| (i32::from(p[i]) - i32::from(color[i])).abs() <= tolerance);
        let inside = stage.contains(glam::Vec2::new(x as f32 + 0.5, y as f32 + 0.5));
        if near && inside {
            (sx, sy, n) = (sx + u64::from(x), sy + u64::from(y), n + 1);
        }
    }
    (n > 10).then(|| ((sx / n) as u32, (sy / n) as u32))
}
