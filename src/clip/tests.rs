use super::encode::{Canvas, Image, PALETTE, WEIGHTS, distance, encode, grey, index};
use super::*;
use gif::{DisposalMethod, Repeat};
use std::cell::Cell;
use std::time::{Duration, Instant};

/// A folder of its own under the temporary folder, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("steering-demos-clip-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    /// The names of the files in the folder, sorted.
    fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(&self.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

const W: u32 = 1280;
const H: u32 = 800;
/// The clip's size for frames of W x H, and the window pixels a side of
/// one of its pixels covers.
const CW: u32 = if W < MAX_WIDTH { W } else { MAX_WIDTH };
const F: u32 = W / CW;
const CH: u32 = H / F;
const BACKGROUND: [u8; 3] = [22, 24, 30];

/// A small deterministic generator (xorshift), for the synthetic scenes.
struct Noise(u64);

impl Noise {
    /// In `[0, 1)`.
    fn next(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 40) as f32 / (1u64 << 24) as f32
    }
}

struct Disc {
    at: [f32; 2],
    velocity: [f32; 2],
    radius: f32,
    colour: [u8; 3],
}

/// Discs moving across a flat dark background, bouncing off the edges,
/// each with a line ahead of it (its velocity, scaled) if `lines`.
struct Scene {
    discs: Vec<Disc>,
    lines: bool,
}

impl Scene {
    fn new(count: usize, radius: f32, speed: f32, lines: bool) -> Scene {
        let mut noise = Noise(0x9E37_79B9_7F4A_7C15);
        let discs = (0..count)
            .map(|_| {
                let angle = noise.next() * std::f32::consts::TAU;
                let speed = speed * (0.5 + noise.next());
                Disc {
                    at: [noise.next() * W as f32, noise.next() * H as f32],
                    velocity: [speed * angle.cos(), speed * angle.sin()],
                    radius,
                    colour: [0, 0, 0].map(|_| 60 + (noise.next() * 195.0) as u8),
                }
            })
            .collect();
        Scene { discs, lines }
    }

    fn step(&mut self) {
        for disc in &mut self.discs {
            for (i, side) in [W as f32, H as f32].into_iter().enumerate() {
                disc.at[i] += disc.velocity[i];
                if disc.at[i] < 0.0 || disc.at[i] > side {
                    disc.velocity[i] = -disc.velocity[i];
                }
            }
        }
    }

    fn render(&self) -> Vec<u8> {
        let mut rgba = [BACKGROUND[0], BACKGROUND[1], BACKGROUND[2], 255].repeat((W * H) as usize);
        for disc in &self.discs {
            if self.lines {
                let end = [0, 1].map(|i| disc.at[i] + disc.velocity[i] * 8.0);
                let line = [224, 96, 64];
                paint(&mut rgba, disc.at, end, 0.8, line);
            }
            paint(&mut rgba, disc.at, disc.at, disc.radius, disc.colour);
        }
        rgba
    }
}

/// Paints the points within `radius` of the segment `a`-`b`, edges
/// smoothed over a pixel (a disc when `a == b`).
fn paint(rgba: &mut [u8], a: [f32; 2], b: [f32; 2], radius: f32, colour: [u8; 3]) {
    let lo = |i: usize| (a[i].min(b[i]) - radius - 1.0).max(0.0) as u32;
    let hi = |i: usize, side: u32| ((a[i].max(b[i]) + radius + 2.0) as u32).min(side);
    let d = [b[0] - a[0], b[1] - a[1]];
    let length2 = (d[0] * d[0] + d[1] * d[1]).max(1e-6);
    for y in lo(1)..hi(1, H) {
        for x in lo(0)..hi(0, W) {
            let p = [x as f32 + 0.5 - a[0], y as f32 + 0.5 - a[1]];
            let t = ((p[0] * d[0] + p[1] * d[1]) / length2).clamp(0.0, 1.0);
            let distance = (p[0] - t * d[0]).hypot(p[1] - t * d[1]);
            let cover = (radius + 0.5 - distance).clamp(0.0, 1.0);
            let at = 4 * (y * W + x) as usize;
            for c in 0..3 {
                let old = f32::from(rgba[at + c]);
                rgba[at + c] = (old + (f32::from(colour[c]) - old) * cover).round() as u8;
            }
        }
    }
}

/// The palette colour of an index.
fn colour(index: u8) -> [u8; 3] {
    let at = 3 * usize::from(index);
    [PALETTE[at], PALETTE[at + 1], PALETTE[at + 2]]
}

/// The source's 2x2 average at clip pixel `(x, y)`, worked out here apart
/// from the recorder's own box filter.
fn average(rgba: &[u8], x: u32, y: u32) -> [u8; 3] {
    let mut sum = [0u32; 3];
    for (dx, dy) in (0..F).flat_map(|dx| (0..F).map(move |dy| (dx, dy))) {
        let at = 4 * ((F * y + dy) * W + F * x + dx) as usize;
        for c in 0..3 {
            sum[c] += u32::from(rgba[at + c]);
        }
    }
    let n = F * F;
    sum.map(|s| ((s + n / 2) / n) as u8)
}

/// The largest weighted distance from a colour to its palette entry: half
/// a cube step in each channel.
fn palette_error() -> u32 {
    WEIGHTS.iter().map(|w| w * 26 * 26).sum()
}

#[test]
fn a_clip_decodes_to_the_frames_pushed_downscaled_and_quantized() {
    let scratch = Scratch::new("round-trip");
    let path = scratch.0.join("discs.gif");
    let mut recorder = Recorder::start(&path, W, H, 30).unwrap();
    let mut scene = Scene::new(40, 14.0, 3.0, false);
    let mut last = Vec::new();
    for frame in 0..40 {
        scene.step();
        last = scene.render();
        // Two frames alike: the second changes nothing and must still count.
        if frame == 10 {
            recorder.push(last.clone(), W, H);
        }
        recorder.push(last.clone(), W, H);
    }
    assert_eq!(recorder.frames(), 41);
    let clip = recorder.finish().unwrap();
    assert_eq!((clip.frames, clip.width, clip.height), (41, CW, CH));
    assert_eq!(clip.bytes, fs::metadata(&path).unwrap().len());
    assert_eq!(scratch.names(), ["discs.gif"], "no temporary file is left");

    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(File::open(&path).unwrap()).unwrap();
    assert_eq!((decoder.width(), decoder.height()), (CW as u16, CH as u16));
    assert_eq!(decoder.repeat(), Repeat::Infinite);
    let (mut canvas, mut frames, mut delays) = (vec![0u8; (CW * CH) as usize], 0, Vec::new());
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        assert_eq!(frame.dispose, DisposalMethod::Keep);
        let (left, top, width) = (
            frame.left as usize,
            frame.top as usize,
            frame.width as usize,
        );
        for (i, &index) in frame.buffer.iter().enumerate() {
            if Some(index) != frame.transparent {
                canvas[(top + i / width) * CW as usize + left + i % width] = index;
            }
        }
        frames += 1;
        delays.push(frame.delay);
    }
    assert_eq!(frames, 41);
    assert_eq!(delays[..6], [3, 4, 3, 3, 4, 3]);
    assert_eq!(
        delays.iter().map(|&d| u32::from(d)).sum::<u32>(),
        137,
        "41 frames at 30/s"
    );

    // Every pixel of the last frame is the source's, averaged and quantized.
    let mut wrong = 0;
    for y in 0..CH {
        for x in 0..CW {
            let expected = index(average(&last, x, y));
            wrong += usize::from(canvas[(y * CW + x) as usize] != expected);
        }
    }
    assert_eq!(wrong, 0, "pixels of the last frame unlike the source");
    // And a few of them, the discs' middles and the background, are near
    // the source's colours.
    let mut samples: Vec<(u32, u32)> = scene.discs[..8]
        .iter()
        .map(|d| ((d.at[0] / F as f32) as u32, (d.at[1] / F as f32) as u32))
        .filter(|&(x, y)| x < CW && y < CH)
        .collect();
    samples.extend([(0, 0), (CW - 1, CH - 1)]);
    for (x, y) in samples {
        let source = average(&last, x, y).map(u32::from);
        let shown = colour(canvas[(y * CW + x) as usize]).map(u32::from);
        assert!(
            distance(source, shown) <= palette_error(),
            "({x}, {y}): {source:?} shown as {shown:?}"
        );
    }
    assert_eq!(colour(canvas[0]), [grey(4); 3], "the background's grey");
}

/// Also prints how fast one core encodes.
#[test]
fn four_seconds_of_a_busy_scene_fit_in_8_mb() {
    let mut scene = Scene::new(300, 6.0, 3.0, true);
    let rendering = Cell::new(Duration::ZERO);
    let frames = (0..120).map(|_| {
        let started = Instant::now();
        scene.step();
        let image = Image::new(scene.render(), W, H).unwrap();
        rendering.set(rendering.get() + started.elapsed());
        image
    });
    let mut canvas = Canvas::new(CW as u16, CH as u16, 30);
    let started = Instant::now();
    let gif = encode(Vec::new(), frames, &mut canvas, &AtomicBool::new(false)).unwrap();
    let encoding = started.elapsed() - rendering.get();
    let fps = 120.0 / encoding.as_secs_f64();
    eprintln!(
        "busy clip: 120 frames of 1280x800, {} bytes ({:.2} MB, {:.1} kB a frame), encoded in {:.0} ms: {fps:.0} frames a second",
        gif.len(),
        gif.len() as f64 / 1e6,
        gif.len() as f64 / 120e3,
        encoding.as_secs_f64() * 1e3,
    );
    assert_eq!(canvas.frames, 120);
    assert!(gif.len() <= 8_000_000, "{} bytes for 4 s", gif.len());
    assert!(
        gif.len() >= 400_000,
        "{} bytes: is anything moving?",
        gif.len()
    );
}

#[test]
fn a_missing_or_unusable_folder_fails_at_the_start_and_says_which_clip() {
    let scratch = Scratch::new("folders");
    let missing = scratch.0.join("missing").join("x.gif");
    let error = Recorder::start(&missing, W, H, 30).err().unwrap();
    assert!(matches!(error.cause, Cause::NoFolder), "{error:?}");
    let message = error.to_string();
    assert!(message.contains(&*missing.to_string_lossy()), "{message}");
    assert!(message.contains("does not exist"), "{message}");

    fs::write(scratch.0.join("file"), "a file, not a folder").unwrap();
    let under_a_file = scratch.0.join("file").join("x.gif");
    let error = Recorder::start(&under_a_file, W, H, 30).err().unwrap();
    assert!(error.to_string().starts_with(&format!(
        "cannot write the clip {}: ",
        under_a_file.display()
    )));

    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let locked = scratch.0.join("locked");
        fs::create_dir(&locked).unwrap();
        fs::set_permissions(&locked, fs::Permissions::from_mode(0o555)).unwrap();
        // Root writes anywhere: then there is nothing to refuse.
        if File::create_new(locked.join("probe")).is_err() {
            let error = Recorder::start(&locked.join("x.gif"), W, H, 30)
                .err()
                .unwrap();
            assert!(
                matches!(&error.cause, Cause::Io(e) if e.kind() == io::ErrorKind::PermissionDenied)
            );
            assert!(
                error
                    .to_string()
                    .contains("locked/x.gif: Permission denied"),
                "{error}"
            );
        }
        fs::set_permissions(&locked, fs::Permissions::from_mode(0o755)).unwrap();
    }
    assert_eq!(
        scratch.names(),
        ["file", "locked"][..if cfg!(unix) { 2 } else { 1 }]
    );
}

#[test]
fn bad_names_rates_and_sizes_are_refused_clearly() {
    let scratch = Scratch::new("refusals");
    let start = |name: &str, width, height, fps| {
        Recorder::start(&scratch.0.join(name), width, height, fps)
            .err()
            .unwrap()
    };
    let error = start("x.png", W, H, 30);
    assert!(matches!(error.cause, Cause::NotGif));
    assert!(
        error
            .to_string()
            .ends_with("x.png: its name does not end in .gif"),
        "{error}"
    );
    assert!(matches!(start("x", W, H, 30).cause, Cause::NotGif));
    assert!(matches!(start("x.gif", W, H, 0).cause, Cause::Rate(0)));
    assert!(matches!(start("x.gif", W, H, 51).cause, Cause::Rate(51)));
    assert!(matches!(
        start("x.gif", 0, H, 30).cause,
        Cause::Size { width: 0, .. }
    ));
    assert!(matches!(
        start("x.gif", 2, 200_000, 30).cause,
        Cause::Size { .. }
    ));
    assert!(Recorder::start(&scratch.0.join("X.GIF"), W, H, 50).is_ok());
    assert!(scratch.names().is_empty(), "{:?}", scratch.names());
}

#[test]
fn an_existing_file_is_never_replaced() {
    let scratch = Scratch::new("existing");
    let path = scratch.0.join("taken.gif");
    fs::write(&path, "someone else's").unwrap();
    let error = Recorder::start(&path, W, H, 30).err().unwrap();
    assert!(matches!(error.cause, Cause::Exists), "{error}");

    // A file that takes the name while the clip records.
    let late = scratch.0.join("late.gif");
    let mut recorder = Recorder::start(&late, W, H, 30).unwrap();
    recorder.push(Scene::new(10, 8.0, 2.0, false).render(), W, H);
    fs::write(&late, "came first").unwrap();
    let error = recorder.finish().err().unwrap();
    assert!(matches!(error.cause, Cause::Exists), "{error}");
    assert!(
        error
            .to_string()
            .contains("late.gif: a file of that name exists"),
        "{error}"
    );
    assert_eq!(fs::read_to_string(&late).unwrap(), "came first");
    assert_eq!(fs::read_to_string(&path).unwrap(), "someone else's");
    assert_eq!(
        scratch.names(),
        ["late.gif", "taken.gif"],
        "no temporary file is left"
    );

    // Two recordings of one name: each its own temporary file, one wins.
    let both = scratch.0.join("both.gif");
    let mut first = Recorder::start(&both, 64, 40, 30).unwrap();
    let mut second = Recorder::start(&both, 64, 40, 30).unwrap();
    first.push(vec![255; 64 * 40 * 4], 64, 40);
    second.push(vec![0; 64 * 40 * 4], 64, 40);
    assert_eq!(first.finish().unwrap().frames, 1);
    assert!(matches!(
        second.finish().err().unwrap().cause,
        Cause::Exists
    ));
    assert_eq!(scratch.names(), ["both.gif", "late.gif", "taken.gif"]);
}

#[test]
fn an_unfinished_or_empty_clip_leaves_no_file() {
    let scratch = Scratch::new("dropped");
    let mut recorder = Recorder::start(&scratch.0.join("dropped.gif"), W, H, 30).unwrap();
    assert_eq!(
        scratch.names(),
        [".dropped.gif.part"],
        "the temporary file exists at once"
    );
    let mut scene = Scene::new(50, 8.0, 2.0, true);
    for _ in 0..12 {
        scene.step();
        recorder.push(scene.render(), W, H);
    }
    drop(recorder);
    assert!(scratch.names().is_empty(), "{:?}", scratch.names());

    let mut recorder = Recorder::start(&scratch.0.join("empty.gif"), W, H, 30).unwrap();
    recorder.push(vec![0; 12], W, H);
    assert_eq!(
        recorder.frames(),
        0,
        "a buffer of the wrong size is ignored"
    );
    let error = recorder.finish().err().unwrap();
    assert!(matches!(error.cause, Cause::Empty), "{error}");
    assert!(scratch.names().is_empty(), "{:?}", scratch.names());
}

#[test]
fn a_frame_of_another_size_is_scaled_to_the_clip() {
    let scratch = Scratch::new("resized");
    let path = scratch.0.join("resized.gif");
    let mut recorder = Recorder::start(&path, 320, 200, 25).unwrap();
    recorder.push(vec![0; 320 * 200 * 4], 320, 200);
    // Half as large, white: every clip pixel is one of its pixels.
    recorder.push(vec![255; 160 * 100 * 4], 160, 100);
    let clip = recorder.finish().unwrap();
    assert_eq!((clip.frames, clip.width, clip.height), (2, 320, 200));
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(File::open(&path).unwrap()).unwrap();
    let _ = decoder.read_next_frame().unwrap();
    let second = decoder.read_next_frame().unwrap().unwrap();
    assert_eq!((second.width, second.height, second.delay), (320, 200, 4));
    assert!(
        second
            .buffer
            .chunks_exact(4)
            .all(|px| px == [255, 255, 255, 255])
    );
}
