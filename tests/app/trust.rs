//! The edges a user's terminal and files reach: every message
//! is one line with user text escaped and cut, numbers are named with
//! their flag and echoed as typed, a settings file is read only when it is
//! a regular file of sane size, and output that cannot be written is said,
//! with a non-zero exit.

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn binary() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_steering-demos"));
    c.current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("XDG_CONFIG_HOME", "/nonexistent")
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY");
    c
}

pub(super) fn run(args: &[&str]) -> Output {
    binary().args(args).output().expect("the binary runs")
}

/// Exit 2, nothing on stdout, one line on stderr; the line.
pub(super) fn refused(args: &[&str]) -> String {
    let out = run(args);
    let stderr = String::from_utf8(out.stderr).expect("utf-8");
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(out.stdout.is_empty(), "{args:?}");
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr:?}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

/// A run with `config_home` as XDG_CONFIG_HOME that exits 2; its stderr.
fn exit_2_with_settings(config_home: &std::path::Path, args: &[&str]) -> String {
    let out = binary()
        .args(args)
        .env("XDG_CONFIG_HOME", config_home)
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    stderr
}

pub(super) fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sd-trust-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn negative_numbers_name_their_flag_and_what_is_valid() {
    for (flag, valid) in [
        ("--steps", "from 0 to 18446744073709551615"),
        ("--agents", "from 0 to"),
        ("--seed", "from 0 to"),
        ("--select", "from 0 to 4294967295"),
        ("--threads", "from 1 to 1024"),
    ] {
        let mut args = vec!["--headless", "--scene", "seek", "--steps", "5"];
        if flag == "--steps" {
            args.truncate(3);
        }
        args.extend([flag, "-1"]);
        let e = refused(&args);
        assert!(
            e.contains(&format!("`-1` for '{flag}")) && e.contains(valid),
            "{e}"
        );
    }
}

#[test]
fn a_knob_or_the_count_given_twice_is_refused() {
    let e = refused(&[
        "--scene",
        "flock",
        "--share",
        "--set",
        "max_speed=3",
        "--set",
        "max_speed=4",
    ]);
    assert!(
        e.contains("--set `max_speed`: the knob is set twice"),
        "{e}"
    );
    let e = refused(&[
        "--scene", "flock", "--share", "--agents", "3", "--set", "agents=5",
    ]);
    assert!(e.contains("give the count once"), "{e}");
}

#[test]
fn numbers_are_echoed_as_typed() {
    let e = refused(&[
        "--headless",
        "--scene",
        "seek",
        "--steps",
        "1",
        "--agents",
        "9223372036854775808",
    ]);
    assert!(e.contains("(got 9223372036854775808)"), "{e}");
    let e = refused(&[
        "--headless",
        "--scene",
        "seek",
        "--steps",
        "1",
        "--set",
        "mass=1e-45",
    ]);
    assert!(e.contains("(got 1e-45)"), "{e}");
    let file = temp("tiny.toml");
    std::fs::write(&file, "[seek.params]\nmass = 1e-45\n").unwrap();
    let e = refused(&["--config", file.to_str().unwrap(), "--list"]);
    assert!(e.contains(":2:1:") && e.contains("(got 1e-45)"), "{e}");
}

#[test]
fn user_text_cannot_forge_lines_or_reach_the_terminal() {
    let forged = "a\nsteering-demos: all fine\u{1b}[2J";
    for flag in ["--variant", "--scene", "--preset", "--config"] {
        let mut args = vec!["--headless", "--steps", "1", flag, forged];
        if flag != "--scene" && flag != "--preset" {
            args.extend(["--scene", "seek"]);
        }
        let e = refused(&args);
        assert!(
            !e.contains('\u{1b}') && e.contains("\\u{1b}"),
            "{flag}: {e}"
        );
        assert!(e.contains("\\n"), "{flag}: {e}");
    }
    // A long value (the system allows 128 KB an argument) gives a
    // readable line, not one as long.
    let huge = "x".repeat(120_000);
    let e = refused(&["--headless", "--steps", "1", "--scene", &huge]);
    assert!(e.len() < 1200, "{} bytes", e.len());
    // Values the argument parser checks, and knobs' keys and values, are
    // quoted the same way: escaped, and cut at 60 characters.
    let long = "9".repeat(5000);
    let knob = format!("{}=1", "k".repeat(80));
    let value = format!("separation_weight={}", "1".repeat(3000));
    let link = format!("#scene=flock&{value}");
    for args in [
        vec!["--headless", "--scene", "seek", "--steps", forged],
        vec!["--neighbors", forged],
        vec!["--scene", "wander", "--record", "x.gif", "--seconds", &long],
        vec![
            "--headless",
            "--scene",
            "seek",
            "--steps",
            "1",
            "--seed",
            &long,
        ],
        vec!["--bogus\u{1b}[2J"],
        vec!["--scene", "flock", "--share", "--set", &knob],
        vec!["--scene", "flock", "--share", "--set", forged],
        vec!["--open", &link, "--share"],
    ] {
        let e = refused(&args);
        assert!(!e.contains('\u{1b}') && e.len() < 500, "{args:?}: {e}");
    }
    let e = refused(&["--open", &link, "--share"]);
    assert!(e.ends_with("must be between 0 and 5 (got 111111111111111111111111111111111111111111111111111111111111...)\n"), "{e}");
}

/// `--screenshot` is refused before any window opens when its file is
/// there already (never replaced), its folder is missing, or it is not
/// a .png.
#[test]
fn a_screenshot_path_is_checked_first_and_never_replaces_a_file() {
    let taken = temp("taken.png");
    std::fs::write(&taken, "mine").unwrap();
    let e = refused(&["--screenshot", taken.to_str().unwrap()]);
    assert!(
        e.contains("--screenshot: ") && e.contains("never replaced"),
        "{e}"
    );
    assert_eq!(std::fs::read_to_string(&taken).unwrap(), "mine");
    let e = refused(&["--screenshot", "/nonexistent/folder/x.png"]);
    assert!(e.contains("its folder does not exist"), "{e}");
    let e = refused(&["--screenshot", temp("x.jpg").to_str().unwrap()]);
    assert!(e.contains("must end in .png"), "{e}");
}

#[test]
fn an_argument_that_is_not_utf8_is_refused_by_its_place() {
    use std::os::unix::ffi::OsStrExt;
    let out = binary()
        .args([
            "--scene".as_ref(),
            std::ffi::OsStr::from_bytes(b"\xff"),
            "--share".as_ref(),
        ])
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(
        stderr,
        "steering-demos: argument 2 is not UTF-8 text: `\u{fffd}`\n"
    );
}

#[test]
fn a_settings_file_is_read_only_when_regular_and_small() {
    let big = temp("big.toml");
    std::fs::write(&big, vec![b'#'; 50 << 20]).unwrap();
    let started = Instant::now();
    let e = refused(&["--config", big.to_str().unwrap(), "--list"]);
    assert!(
        e.contains("52428800 bytes") && e.contains("at most 1048576"),
        "{e}"
    );
    assert!(started.elapsed() < Duration::from_secs(10));
    let _ = std::fs::remove_file(&big);
    let e = refused(&["--config", "/dev/zero", "--list"]);
    assert!(
        e.contains("/dev/zero") && e.contains("not a regular file"),
        "{e}"
    );
    let fifo = temp("fifo.toml");
    let _ = std::fs::remove_file(&fifo);
    let made = Command::new("mkfifo").arg(&fifo).status();
    if made.is_ok_and(|s| s.success()) {
        let mut child = binary()
            .args(["--config", fifo.to_str().unwrap(), "--list"])
            .stderr(Stdio::piped())
            .stdout(Stdio::null())
            .spawn()
            .unwrap();
        let deadline = Instant::now() + Duration::from_secs(10);
        while child.try_wait().unwrap().is_none() {
            assert!(Instant::now() < deadline, "a FIFO blocked the app");
            std::thread::sleep(Duration::from_millis(20));
        }
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains("not a regular file"), "{stderr}");
    }
    let bad = temp("latin1.toml");
    std::fs::write(&bad, b"[seek]\nseed = 1\n# caf\xe9\n").unwrap();
    let e = refused(&["--config", bad.to_str().unwrap(), "--list"]);
    assert!(e.contains("line 3, column 6") && e.contains("UTF-8"), "{e}");
}

#[test]
fn output_that_cannot_be_written_is_never_lost_silently() {
    // Standard output closed: the result cannot be written; said, exit 2.
    let out = Command::new("sh")
        .args(["-c", "\"$0\" --headless --scene seek --steps 1 >&-"])
        .arg(env!("CARGO_BIN_EXE_steering-demos"))
        .env("XDG_CONFIG_HOME", "/nonexistent")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("standard output") && stderr.contains("closed"),
        "{stderr}"
    );
    // Redirected to /dev/null on purpose: fine.
    let out = Command::new("sh")
        .args(["-c", "\"$0\" --headless --scene seek --steps 1 > /dev/null"])
        .arg(env!("CARGO_BIN_EXE_steering-demos"))
        .env("XDG_CONFIG_HOME", "/nonexistent")
        .output()
        .unwrap();
    assert!(out.status.success());
    // Standard error on a full disk: a usage error still exits 2, no panic.
    if std::path::Path::new("/dev/full").exists() {
        let out = Command::new("sh")
            .args(["-c", "\"$0\" --steps -1 2>/dev/full"])
            .arg(env!("CARGO_BIN_EXE_steering-demos"))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
    }
}

#[test]
fn settings_refuse_extra_items_and_far_coordinates_with_key_and_place() {
    let cases = [
        (
            "[avoid.params]\nobstacles = [[210.0, 160.0, 40.0, 420.0, 120.0, 32.0]]\n",
            ":2:13: key `avoid.params.obstacles`: item 1 has 6 numbers; each has 3",
        ),
        (
            "[app]\nstage = [800.0, 600.0, 5.0]\n",
            ":2:9: key `app.stage`: expected 2 numbers, got 3",
        ),
        (
            "[app]\nstage = [300.0, 300.0]\n",
            ":2:1: key `app.stage`: does not suit `patrol`'s nodes: node 0 must lie on the stage",
        ),
        (
            "[app]\nstage = [100000.0, 100000.0]\n",
            "key `app.stage`: does not suit `flow`'s cell: 20 px cells on a 100000x100000 px stage \
             make 25000000 cells; at most 1000000",
        ),
        (
            "[app]\nstage = [1e308, 1e308]\n",
            ":2:1: key `app.stage`: must be between 100 and 100000 (got [1e308, 1e308])",
        ),
        (
            "[wander]\ntick_hz = 60\ntick_hz = 61\n",
            ":3:1: key `tick_hz`: duplicate key",
        ),
        ("[app]\n[app]\n", ":2:2: key `app`: duplicate key"),
        ("app = [30]\n", ":1:1: key `app`: must be a table"),
        (
            "[app]\npointer = \"x\"\n",
            ":2:1: key `app.pointer`: must be a table",
        ),
        (
            "[wander.params]\nretarget_ticks = { a = 1 }\n",
            ":2:18: key `wander.params.retarget_ticks`: invalid type: a table, expected a whole number",
        ),
        (
            "[wander.params]\nretarget_ticks = -3\n",
            ":2:1: key `wander.params.retarget_ticks`: must be between 10 and 1200 ticks (got -3)",
        ),
        (
            "[wander]\nparams = [3.0]\n",
            ":2:1: key `wander.params`: must be a table",
        ),
        ("[[wander]]\nagents = 1\n", "key `wander`: must be a table"),
        (
            "[a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.b]\n",
            ":1:1: nested too deep",
        ),
        (
            "[app]\nwindow = [1280, 800, 1]\n",
            "key `app.window`: expected 2 numbers, got 3",
        ),
        (
            "[app.pointer]\namplitude = [0.1, 0.1, 0.1]\n",
            "key `app.pointer.amplitude`: expected 2 numbers, got 3",
        ),
        (
            "[app.pointer]\nfrequencies = [1.0]\n",
            "key `app.pointer.frequencies`: expected 2 numbers, got 1",
        ),
        (
            "[patrol.params]\nnodes = [[100.0, 100.0, 3.0], [200.0, 100.0]]\n",
            "key `patrol.params.nodes`: item 1 has 3 numbers; each has 2",
        ),
        (
            "[patrol.params]\nnodes = [[100.0, 100.0], [1e20, 100.0]]\n",
            "node 1 must lie on the stage: x from 0 to 800, y from 0 to 600 (got 1e20, 100.0)",
        ),
        (
            "[patrol.params]\nnodes = [[100.0, 100.0], [3e38, 100.0]]\n",
            "(got 3e38, 100.0)",
        ),
        (
            "[hide.params]\nobstacles = [[100.0, -5.0, 40.0]]\n",
            "key `hide.params.obstacles`: obstacle 0 must be [x, y, radius] with x from 0 to 800",
        ),
        (
            "[avoid.params]\nobstacles = \"rocks\"\n",
            ":2:13: key `avoid.params.obstacles`: invalid type",
        ),
        (
            "a = [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\n",
            ":1:",
        ),
    ];
    let file = temp("settings.toml");
    for (text, wanted) in cases {
        std::fs::write(&file, text).unwrap();
        let e = refused(&["--config", file.to_str().unwrap(), "--list"]);
        assert!(e.contains(wanted), "{text}\n{e}");
    }
    // Agents placed by hand that the run does not have: seek has one.
    std::fs::write(&file, "[seek]\nstarts = [[3, 10.0, 10.0]]\n").unwrap();
    let e = refused(&["--config", file.to_str().unwrap(), "--list"]);
    assert!(
        e.contains(":2:1: key `seek.starts`: agent 3 is placed, but the run has only agent 0"),
        "{e}"
    );
    std::fs::write(&file, "[flock]\nstarts = [[30, 10.0, 10.0]]\n").unwrap();
    let e = refused(&[
        "--config",
        file.to_str().unwrap(),
        "--scene",
        "flock",
        "--agents",
        "20",
        "--share",
    ]);
    assert!(
        e.contains("--agents 20: agent 30 is placed, but the run has agents 0 to 19"),
        "{e}"
    );
    // A broken demos.toml in the settings folder stops --share as it
    // stops --headless and --list (only the window falls back).
    let folder = temp("xdg");
    std::fs::create_dir_all(folder.join("steering-demos")).unwrap();
    std::fs::write(
        folder.join("steering-demos/demos.toml"),
        "[wander]\nagents = 0\n",
    )
    .unwrap();
    for args in [
        &["--scene", "wander", "--share"][..],
        &["--list"],
        &["--presets"],
    ] {
        let stderr = exit_2_with_settings(&folder, args);
        assert!(
            stderr.contains("demos.toml:2:1: key `wander.agents`"),
            "{stderr}"
        );
    }
    // A default demos.toml that is a folder is refused too, not skipped.
    let odd = temp("xdg-odd");
    std::fs::create_dir_all(odd.join("steering-demos/demos.toml")).unwrap();
    let stderr = exit_2_with_settings(&odd, &["--list"]);
    assert!(
        stderr.contains("demos.toml: not a regular file"),
        "{stderr}"
    );
    // --share says which of a file's settings its link leaves out.
    std::fs::write(&file, "[app]\nstage = [1000.0, 700.0]\n").unwrap();
    let out = run(&[
        "--config",
        file.to_str().unwrap(),
        "--scene",
        "seek",
        "--share",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("note: the link leaves out this demos.toml's app.stage"),
        "{stderr}"
    );
    // [app.pointer] in part: the rest are the shipped values.
    std::fs::write(&file, "[app.pointer]\nperiod_ticks = 600.0\n").unwrap();
    let out = run(&["--config", file.to_str().unwrap(), "--list"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
