//! Pinned behaviour: every scene and variant, default parameters, 600 ticks
//! on one thread, gives these checksums, on its own seed and on three
//! others; so do the crowds at size (leader 5,000, flock 20,000, doorway
//! 10,000) on one and two threads, and grid and brute force. A
//! restructuring must keep them; a deliberate change of behaviour updates
//! them in a commit that says why.

use std::process::Command;

const PINNED: [(&str, &str, &str); 40] = [
    ("seek", "seek", "c99bc3d585c5d353"),
    ("seek", "flee", "16961eb1efc45894"),
    ("seek", "arrive", "3cae298e20a550d4"),
    ("wander", "circle", "cd31894903d5a5cc"),
    ("wander", "random-target", "57b87d4fcfb67c05"),
    ("pursuit", "dynamic-t", "28eac8238564d0fa"),
    ("pursuit", "constant-t", "0fd6c5eabffcd0db"),
    ("patrol", "patrol", "5e8224634adcfd82"),
    ("patrol", "loop", "f80b319fcbd5893b"),
    ("patrol", "once", "f2acce18ebd01040"),
    ("doorway", "v0", "8954377b2981938b"),
    ("doorway", "v1", "8514594501fa2519"),
    ("doorway", "v2", "45c5b45eda713f5b"),
    ("doorway", "v3", "4779a1eb169dfa56"),
    ("doorway", "v4", "29918a45f4094532"),
    ("doorway", "v5", "29918a45f4094532"),
    ("leader", "follow", "913e15ed1b810bcd"),
    ("avoid", "none", "24760a211b6c90a2"),
    ("avoid", "ahead", "eadaffeab87bd30b"),
    ("avoid", "ahead2", "7be5b4677bfe8536"),
    ("flock", "separation", "2407e9962aec3d54"),
    ("flock", "alignment", "37cfb3a2817c7944"),
    ("flock", "flock", "1c29bdf6c65b315e"),
    ("hide", "hide", "2a6b6b8f82bc31da"),
    ("hide", "evade", "72d0035df39f2a70"),
    ("interpose", "interpose", "5aa11803db6ac90a"),
    ("interpose", "midpoint", "84c2feccff2ea5f6"),
    ("formation", "offset", "80051a1c6f655dee"),
    ("formation", "arrive", "545840329332ecb7"),
    ("patrol", "projection", "756bf42d66b9b98f"),
    ("walls", "none", "8f29f4f43943e342"),
    ("walls", "feelers", "af50dc7665f1aeda"),
    ("flow", "flow", "dbe201dc159f2bb3"),
    ("crossing", "separation", "2793948d9fa3258e"),
    ("crossing", "predictive", "064250578192f91c"),
    ("crossing", "hard", "43ac53285759410b"),
    ("crossing", "orca", "f6603eabefc82b95"),
    ("manager", "weighted", "e430f96d9c83079e"),
    ("manager", "priority", "1e51595236ae1394"),
    ("manager", "dither", "267d4de10cb9b17b"),
];

/// The same scenes and variants on seeds 1, 2 and 3.
const PINNED_SEEDS: [(&str, &str, u64, &str); 120] = [
    ("seek", "seek", 1, "c99bc3d585c5d353"),
    ("seek", "flee", 1, "16961eb1efc45894"),
    ("seek", "arrive", 1, "3cae298e20a550d4"),
    ("wander", "circle", 1, "6fb0813cb8196569"),
    ("wander", "random-target", 1, "643beea51c8e0eed"),
    ("pursuit", "dynamic-t", 1, "7662c33fd04c8c2a"),
    ("pursuit", "constant-t", 1, "df60b25561876c97"),
    ("patrol", "patrol", 1, "5e8224634adcfd82"),
    ("patrol", "loop", 1, "f80b319fcbd5893b"),
    ("patrol", "once", 1, "f2acce18ebd01040"),
    ("doorway", "v0", 1, "c5c52de9fee33aae"),
    ("doorway", "v1", 1, "5b72898ed144f38a"),
    ("doorway", "v2", 1, "c1053befbb151419"),
    ("doorway", "v3", 1, "9f73eef8ec651ff1"),
    ("doorway", "v4", 1, "4d6b76186790e594"),
    ("doorway", "v5", 1, "4d6b76186790e594"),
    ("leader", "follow", 1, "26149274385adc32"),
    ("avoid", "none", 1, "45437633f9d774fc"),
    ("avoid", "ahead", 1, "eb979b4d935d0a94"),
    ("avoid", "ahead2", 1, "adbb88b9a796cdfe"),
    ("flock", "separation", 1, "ad3bc005de19dd45"),
    ("flock", "alignment", 1, "213abfa251c04fc4"),
    ("flock", "flock", 1, "5fd06541e48f5fd6"),
    ("seek", "seek", 2, "c99bc3d585c5d353"),
    ("seek", "flee", 2, "16961eb1efc45894"),
    ("seek", "arrive", 2, "3cae298e20a550d4"),
    ("wander", "circle", 2, "cd31894903d5a5cc"),
    ("wander", "random-target", 2, "57b87d4fcfb67c05"),
    ("pursuit", "dynamic-t", 2, "3c0e2f420b15baaa"),
    ("pursuit", "constant-t", 2, "113f2b055bdff205"),
    ("patrol", "patrol", 2, "5e8224634adcfd82"),
    ("patrol", "loop", 2, "f80b319fcbd5893b"),
    ("patrol", "once", 2, "f2acce18ebd01040"),
    ("doorway", "v0", 2, "2d9a8dcd280047ae"),
    ("doorway", "v1", 2, "8ab925efac829a01"),
    ("doorway", "v2", 2, "117716d24e2eaf5b"),
    ("doorway", "v3", 2, "a441631522262e03"),
    ("doorway", "v4", 2, "44c53967627eedec"),
    ("doorway", "v5", 2, "44c53967627eedec"),
    ("leader", "follow", 2, "b28ac34afd520d31"),
    ("avoid", "none", 2, "a8281e7bef0eae93"),
    ("avoid", "ahead", 2, "341b431b85488990"),
    ("avoid", "ahead2", 2, "1f23da222b22347f"),
    ("flock", "separation", 2, "89227d07a77c623c"),
    ("flock", "alignment", 2, "9427743f12d77f07"),
    ("flock", "flock", 2, "69264a7ce7a99951"),
    ("seek", "seek", 3, "c99bc3d585c5d353"),
    ("seek", "flee", 3, "16961eb1efc45894"),
    ("seek", "arrive", 3, "3cae298e20a550d4"),
    ("wander", "circle", 3, "fae357490301d3ee"),
    ("wander", "random-target", 3, "07f7ab814138782b"),
    ("pursuit", "dynamic-t", 3, "28eac8238564d0fa"),
    ("pursuit", "constant-t", 3, "0fd6c5eabffcd0db"),
    ("patrol", "patrol", 3, "5e8224634adcfd82"),
    ("patrol", "loop", 3, "f80b319fcbd5893b"),
    ("patrol", "once", 3, "f2acce18ebd01040"),
    ("doorway", "v0", 3, "4b8957e75b1a62a5"),
    ("doorway", "v1", 3, "c1a4ed9ec3fb5f28"),
    ("doorway", "v2", 3, "806ff4a1a991b1fe"),
    ("doorway", "v3", 3, "888852f3dcd88862"),
    ("doorway", "v4", 3, "abae95d4e69e8935"),
    ("doorway", "v5", 3, "abae95d4e69e8935"),
    ("leader", "follow", 3, "15c6a522e349122a"),
    ("avoid", "none", 3, "2e6528700303c6e5"),
    ("avoid", "ahead", 3, "55afcc10332e0778"),
    ("avoid", "ahead2", 3, "8d9f725a1fb1c9cd"),
    ("flock", "separation", 3, "754201abfc50525e"),
    ("flock", "alignment", 3, "12894060f5e4e88e"),
    ("flock", "flock", 3, "c13fd5c9dcad593c"),
    ("hide", "hide", 1, "e7d5cd0ad4603f27"),
    ("hide", "hide", 2, "25c2ee4e677efde7"),
    ("hide", "hide", 3, "0af565956a5f3f6d"),
    ("hide", "evade", 1, "b77b1fc65ce2c2f4"),
    ("hide", "evade", 2, "268d0dea7520d7c6"),
    ("hide", "evade", 3, "a042d112e32ffbe2"),
    ("interpose", "interpose", 1, "5aa11803db6ac90a"),
    ("interpose", "midpoint", 1, "84c2feccff2ea5f6"),
    ("interpose", "interpose", 2, "fdf4c3bb8804ab5b"),
    ("interpose", "midpoint", 2, "5caba629d6f4bfb1"),
    ("interpose", "interpose", 3, "f0e1f02a9cc5447f"),
    ("interpose", "midpoint", 3, "265ea51b42604903"),
    ("formation", "offset", 1, "80051a1c6f655dee"),
    ("formation", "arrive", 1, "545840329332ecb7"),
    ("formation", "offset", 2, "df65d7af469142e4"),
    ("formation", "arrive", 2, "56cd0c10ad85b770"),
    ("formation", "offset", 3, "250fe8db31b3558c"),
    ("formation", "arrive", 3, "eb933b241a38fb8b"),
    ("patrol", "projection", 1, "756bf42d66b9b98f"),
    ("patrol", "projection", 2, "756bf42d66b9b98f"),
    ("patrol", "projection", 3, "756bf42d66b9b98f"),
    ("walls", "none", 1, "8f29f4f43943e342"),
    ("walls", "feelers", 1, "af50dc7665f1aeda"),
    ("walls", "none", 2, "9ba378e02b86af14"),
    ("walls", "feelers", 2, "93af446855896b1b"),
    ("walls", "none", 3, "d706aa4bf5df8967"),
    ("walls", "feelers", 3, "1adc363113b7a8a3"),
    ("flow", "flow", 1, "dbe201dc159f2bb3"),
    ("flow", "flow", 2, "e32f7cbb2289d059"),
    ("flow", "flow", 3, "3f87d583976f092e"),
    ("crossing", "separation", 1, "2793948d9fa3258e"),
    ("crossing", "predictive", 1, "064250578192f91c"),
    ("crossing", "hard", 1, "43ac53285759410b"),
    ("crossing", "orca", 1, "f6603eabefc82b95"),
    ("crossing", "separation", 2, "bea49d871fc9eba1"),
    ("crossing", "predictive", 2, "0a7db993e968d66e"),
    ("crossing", "hard", 2, "0a7db993e968d66e"),
    ("crossing", "orca", 2, "7ac3c9d9bab98829"),
    ("crossing", "separation", 3, "c16410fa1b5b53c4"),
    ("crossing", "predictive", 3, "5f5a68eedfa36957"),
    ("crossing", "hard", 3, "ce53ce044eddcc8a"),
    ("crossing", "orca", 3, "d85c236f9bdcbcd6"),
    ("manager", "weighted", 1, "8758beb121c2b7e2"),
    ("manager", "priority", 1, "a33c49914c120f5a"),
    ("manager", "dither", 1, "b58b78f79004736b"),
    ("manager", "weighted", 2, "37883a28b0eeb27d"),
    ("manager", "priority", 2, "f0abefb1e1896d80"),
    ("manager", "dither", 2, "1b5e32156806432e"),
    ("manager", "weighted", 3, "e430f96d9c83079e"),
    ("manager", "priority", 3, "1e51595236ae1394"),
    ("manager", "dither", 3, "267d4de10cb9b17b"),
];

/// Crowds at size, 300 ticks (the flock 200), on seeds 1 and 9: one
/// checksum on one thread and on two.
const PINNED_CROWDS: [(&str, usize, u64, u64, &str); 6] = [
    ("leader", 5_000, 300, 1, "9905ea247a4ebda0"),
    ("leader", 5_000, 300, 9, "47809c7847f07fe4"),
    ("flock", 20_000, 200, 1, "7a0d07bbfd96b5d7"),
    ("flock", 20_000, 200, 9, "fc2003adc8b268cb"),
    ("doorway", 10_000, 300, 1, "a2c0a54c29efc501"),
    ("doorway", 10_000, 300, 9, "a35ae7558c05b516"),
];

/// 1,500 agents, 200 ticks, two threads: the grid and brute force agree.
const PINNED_BRUTE: [(&str, &str); 3] = [
    ("leader", "2f6e687094e4351c"),
    ("flock", "06646014f5caa3b6"),
    ("doorway", "59482646985b9dbe"),
];

/// The checksum of a headless run of `scene` for `steps` ticks, with
/// more flags in `extra` (`--variant v4`, `--threads 2`, ...).
fn checksum(scene: &str, steps: u64, extra: &[&str]) -> String {
    let steps = steps.to_string();
    let mut args = vec!["--headless", "--scene", scene, "--steps", &steps];
    args.extend_from_slice(extra);
    let out = Command::new(env!("CARGO_BIN_EXE_steering-demos"))
        .args(&args)
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

/// Fails listing every row `(what, got, pinned)` whose checksum changed.
fn assert_unchanged<'a>(rows: impl IntoIterator<Item = (String, String, &'a str)>) {
    let changed: Vec<String> = rows
        .into_iter()
        .filter(|(_, got, pinned)| got != pinned)
        .map(|(what, got, pinned)| format!("{what}: {pinned} -> {got}"))
        .collect();
    assert!(
        changed.is_empty(),
        "behaviour changed:\n{}",
        changed.join("\n")
    );
}

#[test]
fn every_scene_and_variant_keeps_its_checksum() {
    let rows = PINNED.iter().map(|&(scene, variant, pinned)| {
        let got = checksum(scene, 600, &["--variant", variant, "--threads", "1"]);
        (format!("{scene} {variant}"), got, pinned)
    });
    assert_unchanged(rows);
}

#[test]
fn every_scene_and_variant_keeps_its_checksum_on_other_seeds() {
    let rows = PINNED_SEEDS.iter().map(|&(scene, variant, seed, pinned)| {
        let seed = seed.to_string();
        let extra = ["--variant", variant, "--seed", &seed, "--threads", "1"];
        (
            format!("{scene} {variant} seed {seed}"),
            checksum(scene, 600, &extra),
            pinned,
        )
    });
    assert_unchanged(rows);
}

#[test]
fn a_large_parallel_doorway_keeps_its_checksum() {
    let extra = ["--agents", "2000", "--threads", "2"];
    assert_eq!(checksum("doorway", 300, &extra), "239777a3f0802a48");
}

#[test]
fn crowds_at_size_keep_their_checksums_on_one_and_two_threads() {
    let rows = PINNED_CROWDS
        .iter()
        .flat_map(|&(scene, agents, steps, seed, pinned)| {
            ["1", "2"].map(|threads| {
                let (agents, seed) = (agents.to_string(), seed.to_string());
                let extra = ["--agents", &agents, "--seed", &seed, "--threads", threads];
                let what = format!("{scene} {agents} agents seed {seed} on {threads} threads");
                (what, checksum(scene, steps, &extra), pinned)
            })
        });
    assert_unchanged(rows);
}

#[test]
fn grid_and_brute_force_keep_one_checksum() {
    let rows = PINNED_BRUTE.iter().flat_map(|&(scene, pinned)| {
        ["grid", "brute"].map(|neighbors| {
            let extra = [
                "--agents",
                "1500",
                "--neighbors",
                neighbors,
                "--threads",
                "2",
            ];
            (
                format!("{scene} by {neighbors}"),
                checksum(scene, 200, &extra),
                pinned,
            )
        })
    });
    assert_unchanged(rows);
}

#[test]
fn every_registered_scene_and_variant_is_pinned() {
    for entry in steering_demos::scenes::SCENES {
        for &variant in entry.variants {
            let here = |s: &str, v: &str| s == entry.name && v == variant;
            assert!(
                PINNED.iter().any(|&(s, v, _)| here(s, v)),
                "{} {variant} has no pinned checksum",
                entry.name
            );
            assert!(
                PINNED_SEEDS.iter().any(|&(s, v, _, _)| here(s, v)),
                "{} {variant} has no checksums on other seeds",
                entry.name
            );
        }
    }
}
