//! `cargo xtask peers`: RVO2's Circle in this app and in two crowd
//! libraries, on one thread, in one run: RVO2 2.0.3's own C++ library
//! (`libRVO.so` and its headers, from the PyPI package `pyrvo`) and the
//! Rust crate `dodgy_2d` (landmass's ORCA). Each runs the app's `circle`
//! scene (same start, same ORCA settings, same turn at the goal) from
//! `benches/peers/`; the peers' code stays there, never in the app.
//!
//! Per crowd size: the time per agent-step (this app: its whole tick,
//! its own figures included; the peers: their steps alone), how many
//! agents reached the opposite point, and the overlaps they left. This
//! app also on two threads: its runs are repeated in turn, and medians
//! taken. `benches/README.md` has the results.

use std::path::Path;
use std::process::Command;

/// Crowds and ticks run by default: the thousand until every agent has
/// arrived, the larger ones for a stretch of their crossing (all the way
/// would take the peers hours: ask for it, `cargo xtask peers 10000:12000`).
const SIZES: &[(u64, u64)] = &[(1_000, 9_000), (10_000, 1_000), (100_000, 400)];

/// How many times the app runs each size on one thread and on two, in
/// turn (the peers, slower, run once).
const PAIRS: usize = 3;

/// The wheel that carries RVO2's library (any Python's will do: the
/// library inside is the same).
const PYRVO: &str = "pyrvo==0.4.3";

/// One run's figures, from its JSON line.
struct Figures {
    ns: f64,
    arrived: u64,
    /// The tick by which every agent had arrived, if they all had.
    all_by: Option<u64>,
    overlap: f64,
    deepest: f64,
}

impl Figures {
    fn of(json: &serde_json::Value) -> Result<Self, String> {
        let float = |key: &str| json[key].as_f64().ok_or(format!("no {key} in {json}"));
        let ns = match json["ns_per_agent_step"].as_f64() {
            Some(ns) => ns,
            None => 1e9 / float("agent_steps_per_sec")?,
        };
        Ok(Self {
            ns,
            arrived: float("arrived")? as u64,
            all_by: json["arrived_ticks"].as_u64(),
            overlap: float("mean_overlap_pairs")?,
            deepest: float("max_overlap")?,
        })
    }
}

/// Runs every size (`AGENTS:TICKS` arguments, else [`SIZES`]) and prints the table.
pub fn peers(args: &[&str]) -> Result<(), String> {
    let sizes = sizes(args)?;
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let ws = crate::Workspace::read(&cargo)?;
    let (root, dir) = (&ws.root, ws.target.join("peers"));
    crate::step("building this app, the dodgy_2d driver and the RVO2 driver");
    crate::run(Command::new(&cargo).current_dir(root).args([
        "build",
        "--release",
        "--locked",
        "--bin",
        "steering-demos",
    ]))?;
    let ours = ws.target.join("release/steering-demos");
    let manifest = root.join("benches/peers/dodgy/Cargo.toml");
    crate::run(
        Command::new(&cargo)
            .args(["build", "--release", "--locked", "--manifest-path"])
            .arg(&manifest)
            .arg("--target-dir")
            .arg(dir.join("dodgy")),
    )?;
    let dodgy = dir.join("dodgy/release/peer-dodgy");
    let rvo2 = build_rvo2(root, &dir)?;
    let pinned = |program: &Path| {
        // One core, where taskset is there to pin it.
        let mut c = if Command::new("taskset").arg("-V").output().is_ok() {
            let mut c = Command::new("taskset");
            c.args(["-c", "0"]).arg(program);
            c
        } else {
            Command::new(program)
        };
        c.env("OMP_NUM_THREADS", "1");
        c
    };
    let mut rows = Vec::new();
    for &(agents, ticks) in &sizes {
        let (n, t) = (agents.to_string(), ticks.to_string());
        crate::step(&format!("{agents} agents, {ticks} ticks"));
        let headless = |threads: &str| {
            let mut c = if threads == "1" {
                pinned(&ours)
            } else {
                Command::new(&ours)
            };
            c.args([
                "--headless",
                "--scene",
                "circle",
                "--variant",
                "orca",
                "--agents",
                &n,
                "--steps",
                &t,
                "--threads",
                threads,
            ]);
            c.env("XDG_CONFIG_HOME", "/nonexistent");
            line(&mut c)
        };
        // The app's runs in turn, one thread then two, PAIRS times: its
        // figures from the median one-thread run, its scaling the median
        // of the pairs' ratios (a run here moves by up to a quarter).
        let mut ones = Vec::new();
        let mut ratios = Vec::new();
        for _ in 0..PAIRS {
            let one = Figures::of(&headless("1")?)?;
            ratios.push(one.ns / Figures::of(&headless("2")?)?.ns);
            ones.push(one);
        }
        ones.sort_by(|a, b| a.ns.total_cmp(&b.ns));
        ratios.sort_by(f64::total_cmp);
        let one = ones.swap_remove(PAIRS / 2);
        let rvo = Figures::of(&line(pinned(&rvo2).args([&n, &t]))?)?;
        let dodgy = Figures::of(&line(pinned(&dodgy).args([&n, &t]))?)?;
        rows.push(row(agents, ticks, &[one, rvo, dodgy], ratios[PAIRS / 2]));
        println!("{}", rows.last().map_or("", String::as_str));
    }
    println!("\n{}", table(&rows));
    Ok(())
}

fn sizes(args: &[&str]) -> Result<Vec<(u64, u64)>, String> {
    if args.is_empty() {
        return Ok(SIZES.to_vec());
    }
    args.iter()
        .map(|a| {
            let (n, t) = a
                .split_once(':')
                .ok_or(format!("{a:?}: want AGENTS:TICKS, as 10000:1000"))?;
            match (n.parse(), t.parse()) {
                (Ok(n), Ok(t)) if n > 0 && t > 0 => Ok((n, t)),
                _ => Err(format!(
                    "{a:?}: want two whole numbers above 0, as 10000:1000"
                )),
            }
        })
        .collect()
}

/// RVO2's library from the `pyrvo` wheel (fetched once into `dir`), and
/// the driver built against it.
fn build_rvo2(root: &Path, dir: &Path) -> Result<std::path::PathBuf, String> {
    let rvo = dir.join("pyrvo");
    if !rvo.join("include/RVO/RVO.h").exists() {
        let wheels = dir.join("wheels");
        crate::run(
            Command::new("python3")
                .args([
                    "-m",
                    "pip",
                    "download",
                    PYRVO,
                    "--no-deps",
                    "--only-binary=:all:",
                ])
                .args([
                    "--platform",
                    "manylinux2014_x86_64",
                    "--python-version",
                    "3.11",
                    "-d",
                ])
                .arg(&wheels),
        )?;
        let wheel = std::fs::read_dir(&wheels)
            .map_err(|e| format!("{}: {e}", wheels.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .find(|p| p.extension().is_some_and(|x| x == "whl"))
            .ok_or(format!("no wheel in {}", wheels.display()))?;
        crate::run(
            Command::new("python3")
                .args(["-m", "zipfile", "-e"])
                .arg(&wheel)
                .arg(&rvo),
        )?;
    }
    let (lib, out) = (rvo.join("lib64"), dir.join("rvo2"));
    crate::run(
        Command::new("g++")
            .args(["-O2", "-std=c++17"])
            .arg(root.join("benches/peers/rvo2.cc"))
            .arg("-I")
            .arg(rvo.join("include"))
            .arg("-L")
            .arg(&lib)
            .arg("-lRVO")
            .arg(format!("-Wl,-rpath,{}", lib.display()))
            .arg("-o")
            .arg(&out),
    )?;
    Ok(out)
}

/// A run's one JSON line.
fn line(command: &mut Command) -> Result<serde_json::Value, String> {
    let out = crate::run_output(command)?;
    let text = String::from_utf8_lossy(&out);
    let last = text.lines().last().unwrap_or_default();
    serde_json::from_str(last).map_err(|e| format!("not a JSON line ({e}): {last}"))
}

/// One size's row: this app, RVO2, dodgy_2d; how much faster this app
/// runs on two threads than on one.
fn row(agents: u64, ticks: u64, runs: &[Figures; 3], scaling: f64) -> String {
    let [ours, rvo, dodgy] = runs;
    let each = |f: &dyn Fn(&Figures) -> String| runs.iter().map(f).collect::<Vec<_>>().join(" / ");
    format!(
        "| {agents} | {ticks} | {:.0} | {:.0} | {:.0} | {:.2}x | {:.2}x | {:.2}x | {} | {} | {} |",
        ours.ns,
        rvo.ns,
        dodgy.ns,
        rvo.ns / ours.ns,
        dodgy.ns / ours.ns,
        scaling,
        each(&|f| match f.all_by {
            Some(tick) => format!("{} by {tick}", f.arrived),
            None => f.arrived.to_string(),
        }),
        each(&|f| format!("{:.1}", f.overlap)),
        each(&|f| format!("{:.2}", f.deepest)),
    )
}

fn table(rows: &[String]) -> String {
    let head = "| agents | ticks | ns per agent-step: this app | RVO2 | dodgy_2d | faster than RVO2 | than dodgy_2d \
                | this app, 2 threads over 1 | arrived (app / RVO2 / dodgy_2d) | overlapping pairs a tick | deepest overlap, px |\n\
                |---|---|---|---|---|---|---|---|---|---|---|";
    format!("{head}\n{}", rows.join("\n"))
}
