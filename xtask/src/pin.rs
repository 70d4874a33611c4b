//! `cargo xtask pin`: writes tests/pins.tsv, the checksums
//! tests/app/checksums.rs holds every run to, from headless runs of the
//! release build.
//!
//! Every scene and variant (as `--list` names them) is pinned at its
//! defaults for 600 ticks on one thread, on its own seed and on seeds 1, 2
//! and 3; a variant whose checksum no seed changes keeps only its own
//! seed's row (the others would run the same test again). Then the crowds
//! at size on one and two threads, grid against brute force, and a large
//! parallel doorway ([`AT_SIZE`]).

use std::path::Path;
use std::process::Command;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The file, relative to the workspace root.
pub const FILE: &str = "tests/pins.tsv";

const HEADER: &str = "\
# Pinned checksums: every scene and variant, and the crowds at size.
# Written by `cargo xtask pin`; tests/app/checksums.rs runs each row
# headless with these flags and wants this checksum. A restructuring keeps
# them; a deliberate change of behaviour re-pins in a commit that says why.
# A variant with one row gives the same checksum on seeds 1, 2 and 3.
# Agents -: the scene's own crowd (`--agents` not given).
# scene\tvariant\tseed\tagents\tsteps\tthreads\tneighbors\tchecksum
";

/// A column's value when its flag is not given: the scene's default.
const DEFAULT: &str = "-";
/// Ticks of a scene's default run.
const STEPS: u64 = 600;
/// The seeds tried besides a scene's own.
const SEEDS: [u64; 3] = [1, 2, 3];

/// A run at size: scene, agents, ticks, seed (`None`: its own), threads,
/// neighbor search.
type AtSize = (&'static str, u64, u64, Option<u64>, u64, &'static str);

/// The crowds at size (leader 5,000, flock 20,000, doorway 10,000) on one
/// and two threads; 1,500 agents by grid and by brute force; 2,000 in the
/// doorway on two threads; 200,000 in the doorway for two ticks, a
/// crowd laid on its lattice rather than tried at random places; and
/// ORCA on the circle at 2,000 on one and two threads, 1,500 by grid and
/// by brute force, and the crossing's two dense blocks of 2,000.
const AT_SIZE: &[AtSize] = &[
    ("leader", 5_000, 300, Some(1), 1, "grid"),
    ("leader", 5_000, 300, Some(1), 2, "grid"),
    ("leader", 5_000, 300, Some(9), 1, "grid"),
    ("leader", 5_000, 300, Some(9), 2, "grid"),
    ("flock", 20_000, 200, Some(1), 1, "grid"),
    ("flock", 20_000, 200, Some(1), 2, "grid"),
    ("flock", 20_000, 200, Some(9), 1, "grid"),
    ("flock", 20_000, 200, Some(9), 2, "grid"),
    ("doorway", 10_000, 300, Some(1), 1, "grid"),
    ("doorway", 10_000, 300, Some(1), 2, "grid"),
    ("doorway", 10_000, 300, Some(9), 1, "grid"),
    ("doorway", 10_000, 300, Some(9), 2, "grid"),
    ("leader", 1_500, 200, None, 2, "grid"),
    ("leader", 1_500, 200, None, 2, "brute"),
    ("flock", 1_500, 200, None, 2, "grid"),
    ("flock", 1_500, 200, None, 2, "brute"),
    ("doorway", 1_500, 200, None, 2, "grid"),
    ("doorway", 1_500, 200, None, 2, "brute"),
    ("doorway", 2_000, 300, None, 2, "grid"),
    ("doorway", 200_000, 2, Some(1), 2, "grid"),
    ("circle", 2_000, 300, None, 1, "grid"),
    ("circle", 2_000, 300, None, 2, "grid"),
    ("circle", 1_500, 200, None, 2, "grid"),
    ("circle", 1_500, 200, None, 2, "brute"),
    ("crossing", 2_000, 300, None, 2, "grid"),
];

/// One headless run, as a row of the file names it.
#[derive(Clone, Default)]
struct Row {
    scene: String,
    variant: String,
    seed: String,
    agents: String,
    steps: String,
    threads: String,
    neighbors: String,
}

impl Row {
    fn line(&self, checksum: &str) -> String {
        let Row {
            scene,
            variant,
            seed,
            agents,
            steps,
            threads,
            neighbors,
        } = self;
        format!(
            "{scene}\t{variant}\t{seed}\t{agents}\t{steps}\t{threads}\t{neighbors}\t{checksum}\n"
        )
    }
}

/// Builds the release binary, runs every row, writes the file.
pub fn pin() -> Result<(), String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let ws = crate::Workspace::read(&cargo)?;
    let (root, binary) = (&ws.root, &ws.target.join("release/steering-demos"));
    crate::run(Command::new(&cargo).current_dir(root).args([
        "build",
        "--release",
        "--locked",
        "--bin",
        "steering-demos",
    ]))?;
    let run = |row: &Row| headless(binary, row);
    let mut text = String::from(HEADER);
    for (scene, variants) in scenes(binary)? {
        crate::step(&format!("pinning {scene}"));
        for variant in variants {
            let own = defaults(binary, &scene, &variant)?;
            let mut rows = vec![own.clone()];
            for seed in SEEDS.map(|s| s.to_string()) {
                if seed != own.seed {
                    rows.push(Row {
                        seed,
                        ..own.clone()
                    });
                }
            }
            let sums = in_parallel(&rows, run)?;
            let seeded = sums.iter().any(|sum| *sum != sums[0]);
            for (row, sum) in rows
                .iter()
                .zip(&sums)
                .take(if seeded { rows.len() } else { 1 })
            {
                text.push_str(&row.line(sum));
            }
        }
    }
    crate::step("pinning the crowds at size");
    let mut rows = Vec::new();
    for &(scene, agents, steps, seed, threads, neighbors) in AT_SIZE {
        let own = defaults(binary, scene, "")?;
        rows.push(Row {
            agents: agents.to_string(),
            steps: steps.to_string(),
            seed: seed.map_or(own.seed.clone(), |s| s.to_string()),
            threads: threads.to_string(),
            neighbors: neighbors.to_string(),
            ..own
        });
    }
    for (row, sum) in rows.iter().zip(in_parallel(&rows, run)?) {
        text.push_str(&row.line(&sum));
    }
    crate::write(&root.join(FILE), text.as_bytes())?;
    println!("wrote {FILE}");
    Ok(())
}

/// Every scene and its variants, in the order `--list` gives them.
fn scenes(binary: &Path) -> Result<Vec<(String, Vec<String>)>, String> {
    let out = crate::run_output(Command::new(binary).arg("--list"))?;
    let mut scenes: Vec<(String, Vec<String>)> = Vec::new();
    for line in String::from_utf8_lossy(&out).lines() {
        let numbered = line
            .split_once(". ")
            .filter(|(n, _)| n.parse::<u32>().is_ok());
        if let Some((_, rest)) = numbered {
            let name = rest.split_whitespace().next().unwrap_or_default();
            scenes.push((name.to_string(), Vec::new()));
        } else if let Some(list) = line.trim().strip_prefix("variants: ") {
            let last = scenes.last_mut().ok_or("--list: variants before a scene")?;
            last.1 = (list.split(", "))
                .map(|v| v.trim_end_matches(" (default)").to_string())
                .collect();
        }
    }
    match scenes.iter().find(|(_, variants)| variants.is_empty()) {
        None if !scenes.is_empty() => Ok(scenes),
        _ => Err("--list names no scene, or a scene without variants".into()),
    }
}

/// The row of a scene's default run of `variant` (`""`: its default
/// variant): what its report says it ran with.
fn defaults(binary: &Path, scene: &str, variant: &str) -> Result<Row, String> {
    let mut command = Command::new(binary);
    command.args(["--headless", "--scene", scene, "--steps", "0"]);
    if !variant.is_empty() {
        command.args(["--variant", variant]);
    }
    let report = report(&mut command)?;
    let field = |key: &str| match &report[key] {
        serde_json::Value::String(s) => Ok(s.clone()),
        serde_json::Value::Number(n) => Ok(n.to_string()),
        _ => Err(format!("{scene}: the report has no {key}")),
    };
    Ok(Row {
        scene: scene.to_string(),
        variant: field("variant")?,
        seed: field("seed")?,
        // The crowd the report counts may be more than `--agents` sets
        // (pursuit's target and evaders come on top of its pursuers).
        agents: DEFAULT.into(),
        steps: STEPS.to_string(),
        threads: "1".into(),
        neighbors: field("neighbors")?,
    })
}

/// The checksum of a headless run of `row`, every setting given.
fn headless(binary: &Path, row: &Row) -> Result<String, String> {
    let mut command = Command::new(binary);
    command.args([
        "--headless",
        "--scene",
        &row.scene,
        "--variant",
        &row.variant,
    ]);
    command.args(["--seed", &row.seed, "--steps", &row.steps]);
    command.args(["--threads", &row.threads, "--neighbors", &row.neighbors]);
    if row.agents != DEFAULT {
        command.args(["--agents", &row.agents]);
    }
    let report = report(&mut command)?;
    (report["checksum"].as_str().map(String::from))
        .ok_or_else(|| format!("{}: no checksum", row.line("?").trim()))
}

/// A headless run's JSON report, with the shipped settings.
fn report(command: &mut Command) -> Result<serde_json::Value, String> {
    let out = crate::run_output(command.env("XDG_CONFIG_HOME", "/nonexistent"))?;
    serde_json::from_slice(&out).map_err(|e| format!("not one JSON line: {e}"))
}

/// `f` of every item, two at a time (each run is one process).
pub fn in_parallel<T: Sync>(
    items: &[T],
    f: impl Fn(&T) -> Result<String, String> + Sync,
) -> Result<Vec<String>, String> {
    let next = AtomicUsize::new(0);
    let done = Mutex::new(vec![None; items.len()]);
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(k) else { break };
                    let got = f(item);
                    done.lock().unwrap()[k] = Some(got);
                }
            });
        }
    });
    done.into_inner()
        .unwrap()
        .into_iter()
        .map(|r| r.unwrap_or_else(|| Err("not run".into())))
        .collect()
}

/// The rows of the pins file at `path`: each run's flags (as
/// tests/app/checksums.rs gives them, `steering_demos::cli::pins` reads
/// them) and the checksum it must give.
pub fn read(path: &Path) -> Result<Vec<(Vec<String>, String)>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    // The columns, as the header's last line names them: each a flag.
    let names = HEADER.lines().last().unwrap_or("").trim_start_matches("# ");
    let flags: Vec<String> = names.split('\t').map(|n| format!("--{n}")).collect();
    let rows = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#'));
    rows.map(|(n, line)| {
        let fields: Vec<&str> = line.split('\t').collect();
        if fields.len() != flags.len() {
            return Err(format!(
                "{}:{}: {} fields",
                path.display(),
                n + 1,
                fields.len()
            ));
        }
        let given = flags.iter().zip(&fields).filter(|(_, v)| **v != DEFAULT);
        let mut args: Vec<String> = vec!["--headless".into()];
        for (flag, value) in given.take_while(|(f, _)| *f != "--checksum") {
            args.extend([flag.clone(), value.to_string()]);
        }
        Ok((args, fields[fields.len() - 1].to_string()))
    })
    .collect()
}

#[cfg(test)]
mod tests {
    /// Every row of the pins file reads as flags the app takes, each
    /// column's flag named by the header.
    #[test]
    fn the_pins_file_reads_as_headless_runs() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/pins.tsv");
        let rows = super::read(&path).expect("tests/pins.tsv reads");
        assert!(rows.len() > 100, "{} rows", rows.len());
        for (args, checksum) in &rows {
            assert_eq!(args[..2], ["--headless", "--scene"], "{args:?}");
            assert!(args.contains(&"--steps".to_string()), "{args:?}");
            assert_eq!(checksum.len(), 16, "{args:?}");
        }
    }
}
