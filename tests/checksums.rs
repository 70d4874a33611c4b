//! Pinned behaviour: every scene and variant, default parameters, 600 ticks
//! on one thread, gives these checksums. A restructuring must keep them; a
//! deliberate change of behaviour updates them in a commit that says why.

use std::process::Command;

const PINNED: [(&str, &str, &str); 22] = [
    ("seek", "seek", "c99bc3d585c5d353"),
    ("seek", "flee", "16961eb1efc45894"),
    ("seek", "arrive", "3cae298e20a550d4"),
    ("wander", "circle", "cd31894903d5a5cc"),
    ("wander", "random-target", "57b87d4fcfb67c05"),
    ("pursuit", "dynamic-t", "46b886b22dbe7601"),
    ("pursuit", "constant-t", "a959ec28d7e6cb25"),
    ("patrol", "patrol", "5e8224634adcfd82"),
    ("patrol", "loop", "f80b319fcbd5893b"),
    ("patrol", "once", "f2acce18ebd01040"),
    ("doorway", "v0", "8954377b2981938b"),
    ("doorway", "v1", "8514594501fa2519"),
    ("doorway", "v2", "45c5b45eda713f5b"),
    ("doorway", "v3", "4779a1eb169dfa56"),
    ("doorway", "v4", "29918a45f4094532"),
    ("leader", "follow", "62eefc4d00e00dfe"),
    ("avoid", "none", "d93c2d778bf6793c"),
    ("avoid", "ahead", "d33c66a3d84fd1eb"),
    ("avoid", "ahead2", "73f4ed0fe7b471f5"),
    ("flock", "separation", "3f22d700058ed364"),
    ("flock", "alignment", "72ea373d337e0fe0"),
    ("flock", "flock", "953e590e2f6ab632"),
];

fn checksum(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_steering-demos"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("XDG_CONFIG_HOME", "/nonexistent")
        .output()
        .expect("the binary runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: serde_json::Value = serde_json::from_str(&stdout).expect("one JSON line");
    report["checksum"].as_str().expect("a checksum").to_string()
}

#[test]
fn every_scene_and_variant_keeps_its_checksum() {
    let mut changed = Vec::new();
    for (scene, variant, pinned) in PINNED {
        let args = [
            "--headless",
            "--scene",
            scene,
            "--variant",
            variant,
            "--steps",
            "600",
            "--threads",
            "1",
        ];
        let got = checksum(&args);
        if got != pinned {
            changed.push(format!("{scene} {variant}: {pinned} -> {got}"));
        }
    }
    assert!(
        changed.is_empty(),
        "behaviour changed:\n{}",
        changed.join("\n")
    );
}

#[test]
fn a_large_parallel_doorway_keeps_its_checksum() {
    let args = [
        "--headless",
        "--scene",
        "doorway",
        "--steps",
        "300",
        "--agents",
        "2000",
        "--threads",
        "2",
    ];
    assert_eq!(checksum(&args), "239777a3f0802a48");
}
