//! Pinned behaviour: every row of tests/pins.tsv (written by `cargo xtask
//! pin`) is a headless run (a scene and variant at its defaults for 600
//! ticks, on its own seed and others; the crowds at size on one and two
//! threads; grid against brute force) and the checksum it must give. A
//! restructuring keeps them; a deliberate change of behaviour re-pins in a
//! commit that says why. A scene or variant with no row fails.

use rayon::prelude::*;
use std::process::Command;

/// One row of the file: the arguments of a headless run, and its checksum.
struct Pin {
    args: Vec<String>,
    checksum: String,
}

fn pins() -> Vec<Pin> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/pins.tsv");
    let text = std::fs::read_to_string(path).expect("tests/pins.tsv (cargo xtask pin)");
    let rows = steering_demos::cli::pins::read(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    (rows.into_iter())
        .map(|(args, checksum)| Pin { args, checksum })
        .collect()
}

impl Pin {
    /// The value given for `flag` ("" where the scene's own is used).
    fn get(&self, flag: &str) -> &str {
        let at = self.args.iter().position(|a| a == flag);
        at.and_then(|k| self.args.get(k + 1))
            .map_or("", String::as_str)
    }

    /// The checksum of its headless run, with the shipped settings.
    fn run(&self) -> String {
        let args = &self.args;
        let out = Command::new(env!("CARGO_BIN_EXE_steering-demos"))
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .env("XDG_CONFIG_HOME", "/nonexistent")
            .output()
            .expect("the binary runs");
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON line");
        report["checksum"].as_str().expect("a checksum").to_string()
    }
}

#[test]
fn every_pinned_run_keeps_its_checksum() {
    let pins = pins();
    let changed: Vec<String> = (pins.par_iter())
        .filter_map(|pin| {
            let got = pin.run();
            let what = pin.args.join(" ");
            (got != pin.checksum).then(|| format!("{what}: {} -> {got}", pin.checksum))
        })
        .collect();
    assert!(
        changed.is_empty(),
        "behaviour changed:\n{}",
        changed.join("\n")
    );
}

#[test]
fn every_registered_scene_and_variant_is_pinned() {
    let pins = pins();
    for decl in steering_demos::scenes::SCENES {
        for &variant in decl.variants {
            assert!(
                (pins.iter()).any(|p| p.get("--scene") == decl.name
                    && p.get("--variant") == variant
                    && p.get("--steps") == "600"),
                "{} {variant} has no pinned checksum (cargo xtask pin)",
                decl.name
            );
        }
    }
}
