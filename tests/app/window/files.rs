//! What the window writes and reads, end to end: clips recorded with F9 and `--record`, presets
//! saved with Ctrl+S, listed and started.

use super::editing_support::{
    WALL, decode, display, fresh_dir, listing, record_with_f9, run, stage_rect,
};
use super::reading::read_back_block;
use super::support::{Reaper, SCREEN, count, launch_with_env, stage_in};
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use steering_demos::layout::{Open, Rect};

/// F9 records the window while it runs, with a mark on the stage, into
/// the videos folder; the clip holds the frames its line says, about 30
/// a second (never more).
#[test]
fn f9_records_the_window_into_a_clip() {
    let Some(f9) = record_with_f9("f9-clip", &[]) else {
        return;
    };
    let (frames, seconds) = (f9.frames, f9.seconds);
    let most = (seconds * 30.0).ceil() as usize + 2;
    assert!(
        (15..=most).contains(&frames),
        "{frames} frames in {seconds:.2} s"
    );
}

/// An F9 clip keeps time when the window draws fewer than 30 frames a
/// second (here a crowd of 200,000, a few frames a second in a software
/// X server): it lasts as long as the recording did, from the frame that
/// started it to the last one before the second F9 was seen, so about
/// until that key was sent and no longer than until the `clip` line came
/// (a clip of one GIF frame a drawn frame would last a third of that).
#[test]
fn an_f9_clip_of_a_slow_window_keeps_time() {
    let Some(f9) = record_with_f9("f9-slow", &["--agents", "200000"]) else {
        return;
    };
    let lasts = f64::from(f9.clip.hundredths) / 100.0;
    // Short of the key by at most the slow window's last frame (the one
    // drawn before the key was seen) and what a stalled frame left out
    // beyond its second; long by a clip frame's rounding.
    let (short, rounding) = (f9.longest_frame.max(0.5) + f9.stalled, 0.15);
    assert!(
        (f9.stopped - short..=f9.seconds + rounding).contains(&lasts),
        "{:.2} s to the second F9, {:.2} s to the clip line, {:.2} s stalled: {} frames, lasting {lasts:.2} s",
        f9.stopped,
        f9.seconds,
        f9.stalled,
        f9.frames
    );
}

/// `--record` records the seconds asked for at 30 frames a second and
/// exits; a path it cannot write, or one taken, is refused with one line
/// and exit code 2, and nothing is written.
#[test]
fn record_writes_a_clip_of_simulated_time_and_refuses_what_it_cannot_write() {
    let mut reaper = Reaper(Vec::new());
    let Some(display) = display(&mut reaper) else {
        return;
    };
    let env = [("DISPLAY", OsStr::new(&display))];
    let dir = fresh_dir("editing-record");
    let path = dir.join("doorway.gif");
    let p = path.to_str().unwrap();
    let args = ["--scene", "doorway", "--record", p, "--seconds", "2"];
    let out = run(&args, &env);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::metadata(&path).expect("the clip is written").len();
    let line = format!("clip {p} frames 60 bytes {bytes}");
    assert!(stdout.lines().any(|l| l == line), "{line:?} in {stdout:?}");
    assert!(bytes <= 8 << 20, "{bytes} bytes");
    let clip = decode(&path);
    assert_eq!(clip.frames, 60, "2 s at 30 frames a second");
    assert!(
        (196..=204).contains(&clip.hundredths),
        "the clip lasts 2 s: {} hundredths",
        clip.hundredths
    );

    let kept = std::fs::read(&path).unwrap();
    let missing = dir.join("no-such-folder").join("x.gif");
    for target in [Path::new("/nonexistent/x.gif"), &missing, &path] {
        let t = target.to_str().unwrap();
        let out = run(
            &["--scene", "doorway", "--record", t, "--seconds", "1"],
            &env,
        );
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{t}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{t}: one line: {stderr:?}");
        assert!(
            stderr.starts_with("steering-demos: --record: "),
            "{stderr:?}"
        );
        assert!(stderr.contains(t), "{stderr:?} names {t}");
    }
    assert!(!Path::new("/nonexistent/x.gif").exists());
    assert_eq!(listing(&dir), ["doorway.gif"], "nothing else written");
    assert!(
        std::fs::read(&path).unwrap() == kept,
        "a taken name is never overwritten"
    );
}

/// A shipped preset starts the scene it names as it says; Ctrl+S saves
/// the running start as a preset that `--presets` lists, Ctrl+O lists the
/// presets in the panel, and `--preset` starts the saved one as the
/// shipped one; an unknown name is refused.
#[test]
fn presets_start_save_and_list() {
    let config = fresh_dir("editing-config");
    // A person's broken preset, which the list shows as refused.
    let own = config.join("steering-demos/presets");
    std::fs::create_dir_all(&own).unwrap();
    std::fs::write(own.join("mine.toml"), "scene = \"doorway\"\nseed = -1\n").unwrap();
    let env = [("XDG_CONFIG_HOME", config.as_os_str())];
    let args = ["--preset", "doorway-orderly-queue"];
    let Some((_reaper, s)) = launch_with_env(&args, "scene doorway", SCREEN, &env) else {
        return;
    };
    s.wait_drawn();
    let doorway = s.shot("preset-doorway");
    let walls = count(&doorway, WALL, 4);
    assert!(walls > 20_000, "the doorway's walls: {walls} px");

    s.chord("ctrl", "s");
    let line = s.expect_prefix("preset saved ");
    let saved = PathBuf::from(&line["preset saved ".len()..]);
    assert_eq!(
        saved.parent(),
        Some(config.join("steering-demos/presets").as_path())
    );
    let text = std::fs::read_to_string(&saved).expect("the preset is written");
    for key in [
        "scene = \"doorway\"",
        "variant = \"v4\"",
        "seed = 1",
        "agents = 120",
    ] {
        assert!(text.lines().any(|l| l == key), "{key} in {text}");
    }
    let name = saved.file_stem().unwrap().to_str().unwrap().to_string();

    let closed = s.shot("preset-panel-closed");
    s.chord("ctrl", "o");
    s.expect("presets on");
    let open = s.shot("preset-panel-open");
    let with_panel = Open {
        panel: true,
        ..Open::default()
    };
    let right = stage_in(with_panel).right();
    let column = (closed.enumerate_pixels())
        .filter(|&(x, y, p)| x as f32 > right && p != open.get_pixel(x, y))
        .count();
    assert!(
        column > 5000,
        "the panel opens beside the stage: {column} px changed"
    );
    if crate::skip::OCR.met() {
        let r = stage_rect();
        let panel = Rect::new(right, r.y, SCREEN.0 as f32 - right, r.h);
        let text = read_back_block(&s, "preset-panel-open", panel);
        // Spaces aside: OCR sometimes reads one after a dot or a dash.
        let bare = |t: &str| t.split_whitespace().collect::<String>();
        // The refused file by its path's end: "mine.toml:1:1" may come
        // out cut around the "refused" beside it.
        for listed in [
            name.as_str(),
            "doorway-orderly-queue",
            "refused",
            "presets/mine",
        ] {
            assert!(
                bare(&text).contains(listed),
                "{listed} in the panel: {text:?}"
            );
        }
    }

    // The list, with the same settings folder: the shipped ones and this,
    // and the broken one said (exit 2).
    let out = run(&["--presets"], &env);
    let listed = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("mine.toml:1:1"), "{stderr}");
    let shipped = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/presets"));
    let shipped = (shipped.unwrap())
        .filter(|e| e.as_ref().unwrap().path().extension() == Some(OsStr::new("toml")))
        .count();
    assert_eq!(listed.lines().count(), shipped + 1, "{listed}");
    let mine = format!("{name}  Queue at a doorway (v4), saved from the window");
    let queue = "doorway-orderly-queue  v4: brake, hard stop and separation; \
                 an orderly queue where no two bodies overlap";
    for line in [mine.as_str(), queue] {
        assert!(listed.lines().any(|l| l == line), "{line:?} in {listed}");
    }

    // The saved preset starts what the shipped one does.
    let link = |preset: &str| {
        let out = run(&["--preset", preset, "--share"], &env);
        assert!(out.status.success(), "{preset}");
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    };
    assert_eq!(
        link("doorway-orderly-queue"),
        "#scene=doorway&variant=v4&seed=1&agents=120"
    );
    assert_eq!(link(&name), link("doorway-orderly-queue"));

    let out = run(&["--preset", "nope"], &env);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr:?}");
    assert!(
        stderr.starts_with("steering-demos: --preset: ") && stderr.contains("nope"),
        "{stderr:?}"
    );
}

/// A quick Ctrl+S (Ctrl down, S down and up, Ctrl up, 12 ms apart, as
/// `xdotool key ctrl+s` types it) saves a preset, however slowly the
/// window draws (here a crowd of 500,000: about 9 frames a second).
#[test]
fn a_quick_ctrl_s_saves_a_preset_in_a_slow_window() {
    let config = fresh_dir("editing-config-quick");
    let env = [("XDG_CONFIG_HOME", config.as_os_str())];
    let args = ["--scene", "doorway", "--agents", "500000"];
    let Some((_reaper, s)) = launch_with_env(&args, "scene doorway", SCREEN, &env) else {
        return;
    };
    s.wait_drawn();
    s.key("ctrl+s");
    s.expect_prefix("preset saved ");
}

/// F12 pressed twice in one second writes two pictures, and a picture
/// already there under the first name is never replaced.
#[test]
fn two_screenshots_in_one_second_are_two_files() {
    let pictures = fresh_dir("editing-f12");
    let env = [("XDG_PICTURES_DIR", pictures.as_os_str())];
    let Some((_reaper, s)) = launch_with_env(&["--scene", "seek"], "scene seek", SCREEN, &env)
    else {
        return;
    };
    s.key("F12");
    let first = s.expect_prefix("screenshot ");
    s.key("F12");
    let second = s.expect_prefix("screenshot ");
    assert_ne!(first, second, "two names");
    let folder = pictures.join("steering-demos");
    let files = listing(&folder);
    assert_eq!(files.len(), 2, "{files:?}");
    for line in [&first, &second] {
        let path = PathBuf::from(line.trim_start_matches("screenshot "));
        assert!(
            image::image_dimensions(&path).is_ok(),
            "{line}: a whole PNG"
        );
    }
}
