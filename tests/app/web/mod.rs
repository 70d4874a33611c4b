//! The web build, end to end: `target/web` (made by `cargo xtask web`) served
//! on 127.0.0.1, loaded in headless Chromium (WebGL through SwiftShader),
//! driven over the DevTools protocol as a person would: it must draw a
//! non-blank stage, a click must toggle the force overlay, the number keys
//! and Tab must reach every scene, P, M and L must open the lab's panel,
//! chart and lesson card, the plus and minus keys must turn the path
//! radius, a link in the address must start its run (the checksum a
//! headless run from it reaches) and its tour step (Enter goes on), and
//! the console (where the page prints the `--log-events`
//! lines) must show no error and no JavaScript function the .wasm expected
//! but the page lacks.
//!
//! Without target/web or Chromium the test says it was skipped and passes
//! (see ../skip.rs); under CI (`CI=true`) a skip is a failure.

mod devtools;
mod serve;

use devtools::{Page, http_get, start_chromium};
use serde_json::{Value, json};
use serve::serve;
use std::path::{Path, PathBuf};
use std::time::Duration;
use steering_demos::scenes::SCENES;

/// The page's size in CSS pixels (the canvas fills it).
const PAGE: (u32, u32) = (960, 600);
/// The stage's paper colour (#f4f1ea).
const PAPER: [u8; 3] = [0xf4, 0xf1, 0xea];

fn web_dir() -> PathBuf {
    // CARGO_TARGET_TMPDIR is <target>/tmp, wherever the target folder is.
    Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("the target folder")
        .join("web")
}

/// The checksum a headless run with `args` reports (built-in settings).
fn headless_checksum(args: &[&str]) -> String {
    let headless = std::process::Command::new(env!("CARGO_BIN_EXE_steering-demos"))
        .arg("--headless")
        .args(args)
        .env("XDG_CONFIG_HOME", "/nonexistent")
        .output()
        .expect("the binary runs");
    let report: Value = serde_json::from_slice(&headless.stdout).expect("one JSON line");
    report["checksum"].as_str().expect("a checksum").to_string()
}

/// The middle of the first preset's button: egui's button fill in the
/// panel's column (the right third), the third such band from the top
/// (the first two are the scene's and the language's drop-downs).
fn first_button(shot: &image::RgbaImage) -> Option<(f64, f64)> {
    const FILL: [u8; 3] = [60, 60, 60];
    let filled = |y: u32| -> Vec<u32> {
        (shot.width() * 2 / 3..shot.width())
            .filter(|&x| shot.get_pixel(x, y).0[..3] == FILL)
            .collect()
    };
    let rows: Vec<u32> = (0..shot.height())
        .filter(|&y| filled(y).len() >= 20)
        .collect();
    let band_starts: Vec<u32> = (rows.iter().enumerate())
        .filter(|&(k, &y)| k == 0 || rows[k - 1] + 1 != y)
        .map(|(_, &y)| y)
        .collect();
    let top = *band_starts.get(2)?;
    let xs = filled(top);
    let middle = f64::from(xs[0] + xs[xs.len() - 1]) / 2.0;
    Some((middle, f64::from(top) + 6.0))
}

fn chromium() -> Option<PathBuf> {
    let named = std::env::var_os("CHROMIUM").map(PathBuf::from);
    named
        .into_iter()
        .chain(["/usr/bin/chromium", "/usr/bin/chromium-browser"].map(PathBuf::from))
        .find(|p| p.exists())
}

/// How much of the picture is the stage's paper, and how many colours it has.
fn looks_drawn(shot: &image::RgbaImage) -> (f64, usize) {
    let total = (shot.width() * shot.height()) as f64;
    let paper = shot.pixels().filter(|p| p.0[..3] == PAPER).count() as f64;
    let colours: std::collections::HashSet<[u8; 3]> =
        shot.pixels().map(|p| [p.0[0], p.0[1], p.0[2]]).collect();
    (paper / total, colours.len())
}

/// What the page test lacks here: the built page, Chromium.
pub(crate) fn missing() -> Vec<String> {
    let built = web_dir().join("index.html").exists();
    let wasm = web_dir().join("steering-demos.wasm");
    let stale = built && modified(&wasm) < newest_source();
    [
        (!built).then(|| format!("{} (run `cargo xtask web`)", web_dir().display())),
        stale.then(|| {
            format!(
                "a page as new as the sources: {} is older (run `cargo xtask web`)",
                wasm.display()
            )
        }),
        (chromium().is_none()).then(|| "chromium (apt-get install chromium)".to_string()),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// When `path` was last written (the epoch if it is not there).
fn modified(path: &Path) -> std::time::SystemTime {
    (std::fs::metadata(path).and_then(|m| m.modified())).unwrap_or(std::time::UNIX_EPOCH)
}

/// When the newest of the files the page is built from was written.
fn newest_source() -> std::time::SystemTime {
    fn walk(path: &Path, newest: &mut std::time::SystemTime) {
        match std::fs::read_dir(path) {
            Ok(entries) => entries.flatten().for_each(|e| walk(&e.path(), newest)),
            Err(_) => *newest = (*newest).max(modified(path)),
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut newest = std::time::UNIX_EPOCH;
    for part in ["src", "assets", "demos.toml", "Cargo.toml", "Cargo.lock"] {
        walk(&root.join(part), &mut newest);
    }
    newest
}

#[test]
fn the_web_page_runs_every_scene_and_answers_clicks_and_keys() {
    if !crate::skip::can_run("page test", &missing(), "see the README's tests") {
        return;
    }
    let web = web_dir();
    let port = serve(web);
    let (_browser, devtools) = start_chromium(&chromium().unwrap(), PAGE);
    let targets: Value = serde_json::from_str(&http_get(devtools, "/json/list")).unwrap();
    let address = targets
        .as_array()
        .into_iter()
        .flatten()
        .find(|t| t["type"] == "page")
        .and_then(|t| t["webSocketDebuggerUrl"].as_str())
        .expect("a page to drive")
        .to_string();
    let mut page = Page::connect(&address);
    page.call("Runtime.enable", json!({}));
    page.call("Page.enable", json!({}));
    page.call(
        "Page.navigate",
        json!({ "url": format!("http://127.0.0.1:{port}/") }),
    );

    // It starts on the first scene and draws it.
    page.wait_for(0, &format!("scene {}", SCENES[0].name));
    page.frames(3);
    let (paper, colours) = looks_drawn(&page.screenshot());
    assert!(
        paper > 0.2 && colours > 20,
        "the first scene is not drawn: {:.0}% paper, {colours} colours",
        paper * 100.0
    );

    // A click on the stage (away from the agent) shows the forces, and again
    // hides them.
    let (x, y) = (f64::from(PAGE.0) * 0.15, f64::from(PAGE.1) * 0.5);
    for state in ["on", "off"] {
        let mark = page.mark();
        page.click(x, y);
        page.wait_for(mark, &format!("forces {state}"));
    }

    // The number keys reach the first ten scenes, and Tab the rest; each
    // is drawn.
    for (i, decl) in SCENES.iter().enumerate().skip(1) {
        let mark = page.mark();
        let key = if i < 10 {
            char::from_digit((i as u32 + 1) % 10, 10).unwrap()
        } else {
            '\t'
        };
        page.key(key);
        page.wait_for(mark, &format!("scene {}", decl.name));
        let (paper, colours) = looks_drawn(&page.screenshot());
        assert!(
            paper > 0.05 && colours > 10,
            "scene {} is not drawn: {:.0}% paper, {colours} colours",
            decl.name,
            paper * 100.0
        );
    }

    // The lab's panel and chart (egui) open and draw in the page.
    for (key, line) in [('p', "panel on"), ('m', "chart on")] {
        let mark = page.mark();
        page.key(key);
        page.wait_for(mark, line);
    }
    let (paper, colours) = looks_drawn(&page.screenshot());
    assert!(
        paper > 0.05 && colours > 20,
        "the lab is not drawn: {:.0}% paper, {colours} colours",
        paper * 100.0
    );
    for (key, line) in [('p', "panel off"), ('m', "chart off")] {
        let mark = page.mark();
        page.key(key);
        page.wait_for(mark, line);
    }

    // The lesson card opens in the page too (saved for a person to look
    // at), and Z answers with the camera.
    let mark = page.mark();
    page.key('l');
    page.wait_for(mark, "lesson card on");
    page.frames(3);
    let card = page.screenshot();
    let _ = card.save(Path::new(env!("CARGO_TARGET_TMPDIR")).join("web-card.png"));
    let (paper, colours) = looks_drawn(&card);
    assert!(
        paper > 0.05 && colours > 20,
        "the lesson card is not drawn: {:.0}% paper, {colours} colours",
        paper * 100.0
    );
    for (key, line) in [('l', "lesson card off"), ('z', "camera fits the stage")] {
        let mark = page.mark();
        page.key(key);
        page.wait_for(mark, line);
    }

    // + widens the path on the path-following scene.
    let patrol = SCENES.iter().position(|e| e.name == "patrol").unwrap();
    let mark = page.mark();
    page.key(char::from_digit(patrol as u32 + 1, 10).unwrap());
    page.wait_for(mark, "scene patrol");
    let radius = |line: &str| line.strip_prefix("knob path_radius ")?.parse::<f64>().ok();
    let mark = page.mark();
    page.key('+');
    let wider = page.after(mark, "a wider path radius", |l| radius(l).is_some());
    // The page's address follows the change: its link carries the radius.
    let address = page.address_after(|a| a.contains("path_radius="));
    assert!(
        address.starts_with("#scene=patrol&"),
        "the address after +: {address}"
    );
    let mark = page.mark();
    page.key('-');
    let narrower = page.after(mark, "a narrower path radius", |l| radius(l).is_some());
    assert!(
        radius(&narrower) < radius(&wider),
        "+ then - gave {wider:?}, {narrower:?}"
    );
    // The address follows: back on the default radius, the link has none.
    let address = page.address_after(|a| !a.contains("path_radius="));
    assert!(
        address.starts_with("#scene=patrol&"),
        "the address after + and -: {address}"
    );

    // A broken link in the address starts the first scene and says why in
    // the page's words (a page has no `--open` flag to name).
    let mark = page.mark();
    page.call(
        "Page.navigate",
        json!({ "url": format!("http://127.0.0.1:{port}/index.html?broken#scene=nope") }),
    );
    let line = page.after(mark, "a broken link's notice", |l| l.starts_with("notice "));
    assert!(
        line.contains("the page's address") && line.contains("nope") && !line.contains("--"),
        "{line}"
    );
    page.wait_for(mark, &format!("scene {}", SCENES[0].name));

    // A link in the address starts that run, and the page keeps the address
    // on the run's link; U says the tick and the checksum, which a headless
    // run from the same link reaches too.
    let wanted =
        "#scene=flock&variant=separation&seed=5&agents=200&separation_weight=2&starts=0,100,100";
    let mark = page.mark();
    page.call(
        "Page.navigate",
        json!({ "url": format!("http://127.0.0.1:{port}/index.html{wanted}") }),
    );
    page.wait_for(mark, "scene flock");
    // Some ticks run (a loaded machine's page starts slowly): U's line
    // says how many.
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    loop {
        page.frames(15);
        let mark = page.mark();
        page.key('u');
        let line = page.after(mark, "the run's link", |l| l.starts_with("link #"));
        let tick = line
            .split(" tick ")
            .nth(1)
            .and_then(|t| t.split(' ').next());
        let ran: u64 = tick.and_then(|t| t.parse().ok()).expect("a tick count");
        if ran >= 20 || std::time::Instant::now() > deadline {
            break;
        }
    }
    let mark = page.mark();
    page.key(' ');
    page.wait_for(mark, "paused");
    let mark = page.mark();
    page.key('u');
    let line = page.after(mark, "the run's link", |l| l.starts_with("link #"));
    let (link, rest) = line["link ".len()..]
        .split_once(" tick ")
        .expect("link, tick, checksum");
    let (tick, checksum) = rest.split_once(" checksum ").expect("a checksum");
    assert_eq!(link, wanted, "the page runs the link it was opened with");
    let ticks: u64 = tick.parse().expect("a tick count");
    assert!(ticks >= 20, "only {ticks} ticks ran in the page");
    let address = page.call(
        "Runtime.evaluate",
        json!({ "expression": "window.location.hash", "returnByValue": true }),
    );
    assert_eq!(
        address["result"]["value"], wanted,
        "the address carries the link"
    );
    assert_eq!(
        headless_checksum(&["--steps", tick, "--open", link]),
        checksum,
        "the page's run and the headless run from {link}, at tick {tick}"
    );

    // Rewind in the page: five ticks back and five on give the same run.
    for k in 1..=5 {
        let mark = page.mark();
        page.key(',');
        page.wait_for(mark, &format!("tick {}", ticks - k));
    }
    for k in (0..5).rev() {
        let mark = page.mark();
        page.key('.');
        page.wait_for(mark, &format!("step {}", ticks - k));
    }
    let mark = page.mark();
    page.key('u');
    let again = page.after(mark, "the run's link again", |l| l.starts_with("link #"));
    assert_eq!(
        again, line,
        "back five ticks and on five: the same tick and checksum"
    );

    // The presets open in the panel (O), and one starts its run.
    let mark = page.mark();
    page.key('o');
    page.wait_for(mark, "presets on");
    page.frames(3);
    let listed = page.screenshot();
    let _ = listed.save(Path::new(env!("CARGO_TARGET_TMPDIR")).join("web-presets.png"));
    let (x, y) = first_button(&listed).expect("a preset's button in the panel");
    eprintln!("the first preset's button: {x} {y}");
    let mark = page.mark();
    page.click(x, y);
    let started = page.after(mark, "a preset started", |l| l.starts_with("preset "));
    let name = &started["preset ".len()..];
    assert!(
        name.starts_with("flock-"),
        "the list starts with this scene's presets, but {name} started"
    );
    // The preset runs in the page as it does headless (it starts paused,
    // as the page was): half a second of frames, then paused again.
    for (state, frames) in [("resumed", 30), ("paused", 1)] {
        let mark = page.mark();
        page.key(' ');
        page.wait_for(mark, state);
        page.frames(frames);
    }
    let mark = page.mark();
    page.key('u');
    let line = page.after(mark, "the preset's link", |l| l.starts_with("link #"));
    let (_, rest) = line.split_once(" tick ").expect("link, tick, checksum");
    let (tick, checksum) = rest.split_once(" checksum ").expect("a checksum");
    assert_eq!(
        headless_checksum(&["--steps", tick, "--preset", name]),
        checksum,
        "preset {name} in the page and headless, at tick {tick}"
    );

    // A link's tour=N opens that step of the scene's guided tour; Enter
    // goes on to the next, and the address follows the step.
    let steps = SCENES.iter().find(|e| e.name == "seek").unwrap().tour.len();
    let mark = page.mark();
    page.call(
        "Page.navigate",
        // A query of its own: a new address only in its fragment would
        // not load the page again.
        json!({ "url": format!("http://127.0.0.1:{port}/index.html?tour#scene=seek&tour=2") }),
    );
    page.wait_for(mark, "scene seek");
    let mark = page.mark();
    page.key('\n');
    page.wait_for(mark, &format!("tour seek 3/{steps}"));
    let address = page.address_after(|a| a.ends_with("&tour=3"));
    assert!(address.starts_with("#scene=seek&"), "{address}");

    // The page speaks the learner's language: `#lang=` fetches its table
    // and its script's font (Arabic's: joined and read from the right) as
    // files of their own, and says so; else the browser's languages pick.
    for code in ["ar", "zh"] {
        let mark = page.mark();
        page.call(
            "Page.navigate",
            json!({ "url": format!("http://127.0.0.1:{port}/index.html?{code}#lang={code}") }),
        );
        page.wait_for(mark, &format!("lang {code}"));
        page.frames(5);
        let shot = page.screenshot();
        let _ = shot.save(Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("web-{code}.png")));
    }
    let spanish = json!({ "userAgent": "steering-demos test", "acceptLanguage": "de-DE,es-ES,fr" });
    page.call("Network.setUserAgentOverride", spanish);
    let mark = page.mark();
    page.call(
        "Page.navigate",
        json!({ "url": format!("http://127.0.0.1:{port}/index.html?browser") }),
    );
    page.wait_for(mark, "lang es");

    // Nothing went wrong on the way: no errors, no missing JS functions.
    let bad: Vec<_> = page
        .console
        .iter()
        .filter(|(kind, text)| {
            kind == "error"
                || kind == "exception"
                || text.contains("function in gl.js")
                || text.contains("Missed function")
        })
        .collect();
    assert!(bad.is_empty(), "the console reported problems: {bad:#?}");
}
