//! The headless contract, through the real binary: one JSON object on stdout
//! and exit 0; or a one-line error on stderr and exit 2.

use serde_json::Value;
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_steering-demos"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        // The shipped settings, whatever this machine's user keeps.
        .env("XDG_CONFIG_HOME", "/nonexistent")
        .output()
        .expect("the binary runs")
}

fn headless(scene: &str, steps: u64, extra: &[&str]) -> Value {
    let steps = steps.to_string();
    let mut args = vec!["--headless", "--scene", scene, "--steps", &steps];
    args.extend_from_slice(extra);
    let out = run(&args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{scene}: {stderr}");
    let stdout = String::from_utf8(out.stdout).expect("utf-8");
    assert_eq!(stdout.lines().count(), 1, "exactly one line: {stdout}");
    serde_json::from_str(&stdout).expect("valid JSON")
}

fn refused(args: &[&str]) -> String {
    let out = run(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(out.stdout.is_empty(), "nothing on stdout for {args:?}");
    let stderr = String::from_utf8(out.stderr).expect("utf-8");
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

#[test]
fn every_scene_reports_the_common_fields_and_its_own() {
    let own: [(&str, &[&str]); 6] = [
        ("seek", &["final_distance", "overshoot", "settle_tick"]),
        ("wander", &["mean_turn", "max_turn", "respawns"]),
        ("pursuit", &["capture_tick"]),
        ("patrol", &["max_deviation", "nodes_reached", "reversals"]),
        (
            "doorway",
            &[
                "exited",
                "max_overlap",
                "mean_overlap_pairs",
                "longest_stall",
            ],
        ),
        ("leader", &["mean_behind_distance"]),
    ];
    let common = [
        "scene",
        "variant",
        "steps",
        "agents",
        "seed",
        "checksum",
        "nan",
        "max_speed_seen",
        "max_force_seen",
        "agent_steps_per_sec",
    ];
    for (scene, keys) in own {
        let report = headless(scene, 300, &[]);
        for key in common.iter().chain(keys.iter()) {
            assert!(report.get(key).is_some(), "{scene}: no `{key}` in {report}");
        }
        assert_eq!(report["scene"], scene);
        assert_eq!(report["steps"], 300);
        assert_eq!(report["nan"], 0, "{scene}");
        assert!(report["agent_steps_per_sec"].as_f64().unwrap() > 0.0);
    }
}

#[test]
fn every_metric_says_how_it_is_sampled() {
    let not_metrics = [
        "scene",
        "variant",
        "steps",
        "agents",
        "seed",
        "neighbors",
        "threads",
        "params",
        "checksum",
        "nan",
        "max_speed_seen",
        "max_force_seen",
        "agent_steps_per_sec",
        "ticks_per_sec",
        "sampling",
    ];
    let kinds = ["every tick", "at the end", "set-up"];
    for scene in [
        "seek", "wander", "pursuit", "patrol", "doorway", "leader", "avoid", "flock",
    ] {
        let report = headless(scene, 20, &[]);
        let sampling = report["sampling"].as_object().expect("a sampling object");
        let metrics: Vec<&String> = report
            .as_object()
            .unwrap()
            .keys()
            .filter(|k| !not_metrics.contains(&k.as_str()))
            .collect();
        assert!(!metrics.is_empty(), "{scene}: no metrics");
        assert_eq!(metrics.len(), sampling.len(), "{scene}: {report}");
        for name in metrics {
            let how = sampling[name].as_str();
            assert!(
                how.is_some_and(|h| kinds.contains(&h)),
                "{scene}: {name} sampled as {how:?}"
            );
        }
    }
    let doorway = headless("doorway", 20, &[]);
    assert_eq!(doorway["sampling"]["max_overlap"], "every tick");
    assert_eq!(doorway["sampling"]["stage_width"], "set-up");
}

#[test]
fn same_inputs_same_checksum_other_seed_other_checksum() {
    let a = headless("doorway", 400, &["--seed", "7"]);
    let b = headless("doorway", 400, &["--seed", "7"]);
    let c = headless("doorway", 400, &["--seed", "8"]);
    assert_eq!(a["checksum"], b["checksum"]);
    assert_ne!(a["checksum"], c["checksum"]);
    assert_eq!(a["seed"], 7);
}

#[test]
fn overrides_take_effect() {
    let r = headless("doorway", 10, &["--agents", "240", "--variant", "v2"]);
    assert_eq!(r["agents"], 240);
    assert_eq!(r["variant"], "v2");
    assert_eq!(r["stage_width"], 1200.0);
}

#[test]
fn bad_flags_and_names_exit_2_with_the_valid_values() {
    let e = refused(&["--headless", "--scene", "nope", "--steps", "5"]);
    assert!(
        e.contains(
            "unknown scene `nope`; valid scenes: seek, wander, pursuit, patrol, doorway, leader, avoid, flock"
        ),
        "{e}"
    );
    let e = refused(&[
        "--headless",
        "--scene",
        "doorway",
        "--variant",
        "v9",
        "--steps",
        "5",
    ]);
    assert!(e.contains("valid variants: v0, v1, v2, v3, v4"), "{e}");
    let e = refused(&["--headless", "--scene", "seek", "--steps", "many"]);
    assert!(e.contains("--steps"), "{e}");
    let e = refused(&["--scene"]);
    assert!(e.ends_with("--scene <NAME> needs a value\n"), "{e}");
    let e = refused(&["--frobnicate"]);
    assert!(e.contains("unexpected argument `--frobnicate`"), "{e}");
    let e = refused(&[
        "--headless",
        "--scene",
        "doorway",
        "--steps",
        "5",
        "--neighbors",
        "kd",
    ]);
    assert!(e.contains("valid: grid, brute"), "{e}");
    let e = refused(&[
        "--headless",
        "--scene",
        "doorway",
        "--steps",
        "5",
        "--agents",
        "0",
    ]);
    assert!(e.contains("--agents must be between 1 and"), "{e}");
}

#[test]
fn a_bad_config_is_refused_before_anything_runs() {
    let dir = std::env::temp_dir().join(format!("steering-demos-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("demos.toml");
    let shipped =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/demos.toml")).unwrap();
    std::fs::write(
        &path,
        shipped.replace("separation_radius = 30.0\n", "separation_radius = -30.0\n"),
    )
    .unwrap();
    let p = path.to_str().unwrap();
    let e = refused(&[
        "--config",
        p,
        "--headless",
        "--scene",
        "doorway",
        "--steps",
        "5",
    ]);
    assert!(
        e.contains(p) && e.contains("separation_radius") && e.contains("between 1 and 100 px"),
        "{e}"
    );
    let e = refused(&[
        "--config",
        "/no/such/demos.toml",
        "--headless",
        "--scene",
        "seek",
        "--steps",
        "1",
    ]);
    assert!(e.contains("cannot read"), "{e}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn runs_from_any_directory_with_the_embedded_config() {
    let out = Command::new(env!("CARGO_BIN_EXE_steering-demos"))
        .args(["--headless", "--scene", "wander", "--steps", "10"])
        .current_dir(std::env::temp_dir())
        .output()
        .unwrap();
    assert!(out.status.success());
    let r: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(r["agents"], 8);
}

/// Grid and brute force find the same neighbours and every sum over them
/// is exact, so whatever order they hand neighbours over in, every crowd
/// scene gives the same bits; and so does the number of threads. The
/// crossing (prediction, in two blocks past 400) and the pedestrians take
/// their neighbours in the order found: their sums are exact, and a tie
/// between threats goes to the nearer.
#[test]
fn grid_and_brute_force_agree_and_threads_do_not_matter() {
    let crowds = [
        ("doorway", "400"),
        ("leader", "400"),
        ("flock", "600"),
        ("crossing", "600"),
        ("pedestrians", "300"),
    ];
    for (scene, agents) in crowds {
        let run = |extra: &[&str]| headless(scene, 200, &[&["--agents", agents], extra].concat());
        let grid1 = run(&["--neighbors", "grid", "--threads", "1"]);
        let grid2 = run(&["--neighbors", "grid", "--threads", "2"]);
        let brute2 = run(&["--neighbors", "brute", "--threads", "2"]);
        assert_eq!(
            grid1["checksum"], grid2["checksum"],
            "{scene}: thread count changed the result"
        );
        assert_eq!(
            grid1["checksum"], brute2["checksum"],
            "{scene}: grid and brute force disagree"
        );
        assert_eq!(
            (grid1["threads"].as_u64(), brute2["neighbors"].as_str()),
            (Some(1), Some("brute"))
        );
        if scene == "doorway" {
            assert_eq!(grid1["max_overlap"], brute2["max_overlap"]);
        }
    }
}

/// From 16,384 agents the grid sorts in bands, one per thread: a crowd
/// that large runs the same on one thread and two, checksum and figures.
#[test]
fn a_crowd_sorted_in_bands_runs_the_same_on_one_thread_and_two() {
    for scene in ["doorway", "flock"] {
        let run = |threads| {
            let mut report = headless(scene, 20, &["--agents", "20000", "--threads", threads]);
            for timing in ["threads", "agent_steps_per_sec", "ticks_per_sec"] {
                assert!(report.get(timing).is_some(), "{scene}: {timing}");
                report[timing] = Value::Null;
            }
            report
        };
        assert_eq!(run("1"), run("2"), "{scene}");
    }
}

#[test]
fn set_changes_a_knob_and_the_report_says_so() {
    let default = headless("doorway", 300, &[]);
    let set = headless("doorway", 300, &["--set", "max_separation=2"]);
    assert_eq!(default["params"]["max_separation"], 5.4);
    assert_eq!(set["params"]["max_separation"], 2);
    assert_ne!(default["checksum"], set["checksum"]);
    let knobs = set["params"].as_object().unwrap().len();
    assert!(knobs > 20, "every doorway knob is reported: {knobs}");
}

#[test]
fn usage_errors_are_one_line_with_exit_2() {
    let cases: [(&[&str], &str); 5] = [
        (
            &["--set", "nope=1", "--scene", "doorway"],
            "unknown knob `nope`",
        ),
        (
            &["--set", "max_separation=-1", "--scene", "doorway"],
            "between 0 and 20",
        ),
        (
            &["--scene", "doorway", "--variant", "v9"],
            "valid variants: v0",
        ),
        (
            &[
                "--headless",
                "--scene",
                "seek",
                "--steps",
                "5",
                "--screenshot",
                "x.png",
            ],
            "cannot be used with",
        ),
        (
            &["--seed", "1", "--seed", "2"],
            "cannot be used multiple times",
        ),
    ];
    for (args, needle) in cases {
        let e = refused(args);
        assert!(e.contains(needle), "{args:?}: {e}");
    }
}

#[test]
fn list_prints_every_scene_with_variants_and_knobs() {
    let out = run(&["--list"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for scene in [
        "seek", "wander", "pursuit", "patrol", "doorway", "leader", "avoid", "flock",
    ] {
        assert!(text.contains(scene), "{scene}");
    }
    assert!(text.contains("v0, v1, v2, v3, v4 (default)"), "{text}");
    assert!(
        text.contains("max_separation") && text.contains("0 to 20, step 0.5"),
        "{text}"
    );
    let version = run(&["--version"]);
    assert!(version.status.success());
    assert!(String::from_utf8_lossy(&version.stdout).contains(env!("CARGO_PKG_VERSION")));
}

#[test]
fn without_a_display_one_sentence_and_exit_1() {
    let out = Command::new(env!("CARGO_BIN_EXE_steering-demos"))
        .args(["--scene", "seek"])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("the binary runs");
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("no display") && stderr.contains("--headless"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn settings_come_from_the_user_folder_never_the_working_directory() {
    let root = std::env::temp_dir().join(format!("steering-demos-xdg-{}", std::process::id()));
    let folder = root.join("config").join("steering-demos");
    let work = root.join("work");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::create_dir_all(&work).unwrap();
    let shipped =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/demos.toml")).unwrap();
    // The user's file gives seek 3 agents; one in the working directory 7.
    std::fs::write(
        folder.join("demos.toml"),
        shipped.replacen("agents = 1\n", "agents = 3\n", 1),
    )
    .unwrap();
    std::fs::write(
        work.join("demos.toml"),
        shipped.replacen("agents = 1\n", "agents = 7\n", 1),
    )
    .unwrap();
    let run = |config_home: &std::path::Path| {
        Command::new(env!("CARGO_BIN_EXE_steering-demos"))
            .args(["--headless", "--scene", "seek", "--steps", "2"])
            .current_dir(&work)
            .env("XDG_CONFIG_HOME", config_home)
            .output()
            .unwrap()
    };
    let out = run(&root.join("config"));
    let r: Value = serde_json::from_slice(&out.stdout).expect("a report");
    assert_eq!(
        r["agents"], 3,
        "the user's file, not the working directory's"
    );
    let out = run(&root.join("nowhere"));
    let r: Value = serde_json::from_slice(&out.stdout).expect("a report");
    assert_eq!(r["agents"], 1, "no user file: the built-in copy");
    // Broken, a headless run says where and stops (the window shows it instead).
    std::fs::write(folder.join("demos.toml"), "[seek]\nagents = \"many\"\n").unwrap();
    let out = run(&root.join("config"));
    assert_eq!(out.status.code(), Some(2));
    let e = String::from_utf8_lossy(&out.stderr);
    assert!(
        e.contains("steering-demos/demos.toml:2:") && e.contains("seek.agents"),
        "{e}"
    );
    std::fs::remove_dir_all(&root).ok();
}

#[test]
fn a_reader_that_goes_away_ends_the_run_quietly() {
    // `... | head -c 0`: the pipe is closed before the report is written.
    let mut child = Command::new(env!("CARGO_BIN_EXE_steering-demos"))
        .args(["--headless", "--scene", "doorway", "--steps", "200"])
        .env("XDG_CONFIG_HOME", "/nonexistent")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("the binary ends");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{:?}: {stderr}", out.status);
    assert!(stderr.is_empty(), "{stderr}");
}

#[cfg(target_os = "linux")]
#[test]
fn an_output_that_cannot_be_written_is_one_line_and_exit_2() {
    let full = std::fs::File::create("/dev/full").expect("/dev/full");
    let out = Command::new(env!("CARGO_BIN_EXE_steering-demos"))
        .args(["--headless", "--scene", "seek", "--steps", "5"])
        .env("XDG_CONFIG_HOME", "/nonexistent")
        .stdout(full)
        .output()
        .expect("the binary runs");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("cannot write to standard output"),
        "{stderr}"
    );
}

/// Two agents started on one point part along a tie-break of their
/// numbers (`steer::tie`): every crossing crowd gets across, and the run
/// is the same on any thread count.
#[test]
fn two_agents_on_one_point_part_the_same_way_on_any_thread_count() {
    for variant in ["predictive", "hard", "orca"] {
        let link = format!("#scene=crossing&variant={variant}&starts=0,100,300;2,100,300");
        let reports = ["1", "3"].map(|threads| {
            let out = run(&[
                "--headless",
                "--steps",
                "900",
                "--threads",
                threads,
                "--open",
                &link,
            ]);
            assert!(out.status.success(), "{variant}: {:?}", out.stderr);
            serde_json::from_slice::<Value>(&out.stdout).expect("valid JSON")
        });
        assert_eq!(reports[0]["checksum"], reports[1]["checksum"], "{variant}");
        assert_eq!(reports[0]["crossed"], 60, "{variant}: {}", reports[0]);
        assert_eq!(reports[0]["nan"], 0, "{variant}");
    }
}
