//! Presets, links with edits and clips through the real binary: what a
//! person types, what comes back, and exit code 2 with one line for
//! anything wrong, nothing written.

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};

fn run_in(config_home: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_steering-demos"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("XDG_CONFIG_HOME", config_home)
        .env_remove("DISPLAY")
        .output()
        .expect("the binary runs")
}

fn run(args: &[&str]) -> Output {
    run_in(Path::new("/nonexistent"), args)
}

fn refused(args: &[&str]) -> String {
    let out = run(args);
    let stderr = String::from_utf8(out.stderr).expect("utf-8");
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(out.stdout.is_empty(), "nothing on stdout for {args:?}");
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

fn report(out: Output) -> Value {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    serde_json::from_slice(&out.stdout).expect("one JSON line")
}

#[test]
fn presets_are_listed_a_name_and_a_line_each() {
    let out = run(&["--presets"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() >= 30, "{text}");
    for line in &lines {
        let (name, description) = line.split_once("  ").expect("NAME  DESCRIPTION");
        assert!(!name.is_empty() && !name.contains(' '), "{line}");
        assert!(description.len() > 20, "{line}");
    }
    assert!(text.contains("doorway-orderly-queue  "), "{text}");
}

#[test]
fn a_preset_starts_the_run_its_flags_start() {
    let preset = report(run(&[
        "--headless",
        "--preset",
        "pursuit-ghost-chase",
        "--steps",
        "600",
    ]));
    let flags = report(run(&[
        "--headless",
        "--scene",
        "pursuit",
        "--variant",
        "constant-t",
        "--seed",
        "3",
        "--agents",
        "1",
        "--set",
        "constant_t=60",
        "--steps",
        "600",
    ]));
    assert_eq!(preset["checksum"], flags["checksum"]);
    assert_eq!(preset["scene"], "pursuit");
}

#[test]
fn broken_preset_requests_are_one_line_and_exit_2() {
    let e = refused(&["--headless", "--preset", "nope", "--steps", "10"]);
    assert!(
        e.contains("--preset: no preset `nope` (--presets lists all"),
        "{e}"
    );
    let e = refused(&["--preset", "doorway-orderly-queue", "--scene", "seek"]);
    assert!(e.contains("--preset") && e.contains("--scene"), "{e}");
    let e = refused(&[
        "--preset",
        "a\u{1b}[2J\nforged",
        "--headless",
        "--steps",
        "1",
    ]);
    assert!(!e.contains('\u{1b}') && e.contains("\\u{1b}"), "{e}");
    let e = refused(&["--preset", "flock-scat", "--share"]);
    assert!(e.contains("like it: flock-no-separation, "), "{e}");
}

/// A person's preset file that `--preset` could not start by its name
/// (not a plain name, or a shipped one's) is refused in the list, and a
/// description is listed on one escaped line.
#[test]
fn presets_are_listed_safely_and_every_listed_name_starts() {
    let home = std::env::temp_dir().join(format!("sd-preset-names-{}", std::process::id()));
    let folder = home.join("steering-demos/presets");
    std::fs::create_dir_all(&folder).unwrap();
    let text = "description = \"a \\u001b[31m b\\nforged\"\nscene = \"seek\"\n";
    for name in ["odd name", "flock-scatter", "fine"] {
        std::fs::write(folder.join(format!("{name}.toml")), text).unwrap();
    }
    let out = run_in(&home, &["--presets"]);
    let (listed, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        listed.lines().last() == Some("fine  a \\u{1b}[31m b\\nforged"),
        "{listed}"
    );
    assert!(
        stderr.contains("odd name.toml: a preset's name is letters"),
        "{stderr}"
    );
    assert!(
        stderr.contains("flock-scatter.toml: a shipped preset has this name"),
        "{stderr}"
    );
    for line in listed.lines() {
        let name = line.split("  ").next().unwrap();
        let started = run_in(&home, &["--preset", name, "--share"]);
        assert!(started.status.success(), "{name}");
    }
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn a_broken_preset_file_is_refused_with_its_place() {
    let home = std::env::temp_dir().join(format!("sd-preset-cli-{}", std::process::id()));
    let folder = home.join("steering-demos/presets");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(
        folder.join("mine.toml"),
        "description = \"mine\"\nscene = \"flock\"\n[params]\nseparation_weight = 99.0\n",
    )
    .unwrap();
    let out = run_in(&home, &["--headless", "--preset", "mine", "--steps", "5"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("mine.toml:4:") && stderr.contains("separation_weight"),
        "{stderr}"
    );
    // A good one of a person's runs, and is listed after the shipped ones.
    std::fs::write(
        folder.join("mine.toml"),
        "description = \"my flock\"\nscene = \"flock\"\nseed = 4\n",
    )
    .unwrap();
    let listed = run_in(&home, &["--presets"]);
    let text = String::from_utf8_lossy(&listed.stdout);
    assert!(text.lines().last() == Some("mine  my flock"), "{text}");
    report(run_in(
        &home,
        &["--headless", "--preset", "mine", "--steps", "5"],
    ));
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn a_link_with_edits_runs_the_edited_run() {
    let plain = report(run(&["--headless", "--scene", "avoid", "--steps", "300"]));
    let link =
        "#scene=avoid&variant=ahead2&seed=1&agents=12&props=200,200,60;600,400,30&starts=0,50,50";
    let edited = report(run(&["--headless", "--open", link, "--steps", "300"]));
    assert_ne!(plain["checksum"], edited["checksum"]);
    let again = report(run(&["--headless", "--open", link, "--steps", "300"]));
    assert_eq!(edited["checksum"], again["checksum"]);
    let shared = run(&["--open", link, "--share"]);
    let text = String::from_utf8(shared.stdout).unwrap();
    assert!(
        text.contains("&props=200,200,60;600,400,30&starts=0,50,50"),
        "{text}"
    );
    let e = refused(&[
        "--headless",
        "--open",
        "#scene=avoid&props=1,2",
        "--steps",
        "1",
    ]);
    assert!(
        e.starts_with("steering-demos: --open: props item 1 has 2 numbers"),
        "{e}"
    );
    let e = refused(&[
        "--headless",
        "--open",
        "#scene=avoid&starts=0,1e8,2",
        "--steps",
        "1",
    ]);
    assert!(e.contains("--open") && e.contains("agent 0"), "{e}");
    // Numbers out of any range are said as typed.
    let e = refused(&[
        "--open",
        "#scene=avoid&starts=18446744073709551616,1,2",
        "--share",
    ]);
    assert!(
        e.ends_with("starts item 1: `18446744073709551616` is out of range (at most 1000000000 either way)\n"),
        "{e}"
    );
    let e = refused(&["--open", "#scene=avoid&props=1,2,NaN", "--share"]);
    assert!(e.ends_with("props item 1: `NaN` is not a number\n"), "{e}");
    // A link cannot place an agent the run does not have.
    let e = refused(&["--open", "#scene=flock&agents=10&starts=10,1,1", "--share"]);
    assert!(
        e.ends_with("--open: agent 10 is placed, but the run has agents 0 to 9\n"),
        "{e}"
    );
}

#[test]
fn a_clip_that_cannot_be_written_is_refused_before_anything_runs() {
    let e = refused(&["--record", "/nonexistent/folder/x.gif", "--seconds", "1"]);
    assert!(
        e.starts_with("steering-demos: --record: ") && e.contains("/nonexistent/folder"),
        "{e}"
    );
    let dir = std::env::temp_dir().join(format!("sd-clip-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let taken = dir.join("taken.gif");
    std::fs::write(&taken, b"mine").unwrap();
    let e = refused(&["--record", taken.to_str().unwrap()]);
    assert!(e.contains("taken.gif"), "{e}");
    assert_eq!(std::fs::read(&taken).unwrap(), b"mine", "never overwritten");
    let e = refused(&["--record", dir.join("x.png").to_str().unwrap()]);
    assert!(e.contains(".gif"), "{e}");
    let e = refused(&[
        "--record",
        dir.join("y.gif").to_str().unwrap(),
        "--seconds",
        "0",
    ]);
    assert!(e.contains("--seconds") && e.contains("0.1 and 600"), "{e}");
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(left.len(), 1, "nothing but the file that was there");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A link made by `--share` starts, through `--open`, the very run the
/// flags it was made from start: the same checksum; a broken link is
/// refused in one line that says `--open`.
#[test]
fn a_shared_link_opens_the_same_run() {
    let flags = [
        "--scene",
        "flock",
        "--variant",
        "separation",
        "--seed",
        "5",
        "--set",
        "separation_weight=2",
        "--set",
        "max_force=0.07",
    ];
    let out = run(&[&flags[..], &["--share"]].concat());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let link = String::from_utf8(out.stdout).expect("utf-8");
    let link = link.trim();
    assert!(
        link.starts_with("#scene=flock&variant=separation&seed=5&"),
        "{link}"
    );
    let by_flags = report(run(
        &[&["--headless", "--steps", "300"][..], &flags[..]].concat()
    ));
    let by_link = report(run(&["--headless", "--steps", "300", "--open", link]));
    assert_eq!(by_link["checksum"], by_flags["checksum"]);
    assert_eq!(by_link["params"], by_flags["params"]);
    let e = refused(&[
        "--headless",
        "--steps",
        "5",
        "--open",
        "#scene=flock&agents=-3",
    ]);
    assert!(e.contains("--open") && e.contains("agents=`-3`"), "{e}");
}
