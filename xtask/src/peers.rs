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
//! app also on two threads. The app and dodgy_2d run in turn, three
//! rounds, and the ratios are the rounds' medians. `benches/README.md`
//! has the results.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Crowds and ticks run by default: the thousand until every agent has
/// arrived, the larger ones for a stretch of their crossing (all the way
/// would take the peers hours: ask for it, `cargo xtask peers 10000:12000`).
const SIZES: &[(u64, u64)] = &[(1_000, 9_000), (10_000, 1_000), (100_000, 400)];

/// How many times the app (on one thread and on two) and dodgy_2d run
/// each size, in turn (RVO2, the slowest, runs once).
const ROUNDS: usize = 3;

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
    let programs = Programs {
        ours,
        dodgy: dir.join("dodgy/release/peer-dodgy"),
        rvo2: build_rvo2(root, &dir)?,
    };
    let mut rows = Vec::new();
    for &(agents, ticks) in &sizes {
        crate::step(&format!("{agents} agents, {ticks} ticks"));
        rows.push(programs.size(agents, ticks)?);
        println!("{}", rows.last().map_or("", String::as_str));
    }
    println!("\n{}", table(&rows));
    Ok(())
}

/// The three programs timed: this app, and the drivers of the peers.
struct Programs {
    ours: PathBuf,
    dodgy: PathBuf,
    rvo2: PathBuf,
}

impl Programs {
    /// One size's row of the table. In turn, [`ROUNDS`] times: the app on
    /// one thread, on two, and dodgy_2d; the app's figures from its median
    /// one-thread run, its scaling and its lead on dodgy_2d the medians of
    /// the rounds' ratios (a run here moves by up to a quarter as the
    /// machine's speed drifts). RVO2, minutes a run at 100,000, runs once.
    fn size(&self, agents: u64, ticks: u64) -> Result<String, String> {
        let (n, t) = (agents.to_string(), ticks.to_string());
        let mut rounds = Vec::new();
        for _ in 0..ROUNDS {
            let one = Figures::of(&line(&mut self.ours(&n, &t, "1"))?)?;
            let two = Figures::of(&line(&mut self.ours(&n, &t, "2"))?)?;
            let dodgy = Figures::of(&line(pinned(&self.dodgy).args([&n, &t]))?)?;
            rounds.push([one, two, dodgy]);
        }
        let median = |ratio: &dyn Fn(&[Figures; 3]) -> f64| {
            let mut all: Vec<f64> = rounds.iter().map(ratio).collect();
            all.sort_by(f64::total_cmp);
            all[ROUNDS / 2]
        };
        let ratios = Ratios {
            scaling: median(&|[one, two, _]| one.ns / two.ns),
            than_dodgy: median(&|[one, _, dodgy]| dodgy.ns / one.ns),
        };
        rounds.sort_by(|a, b| a[0].ns.total_cmp(&b[0].ns));
        let [one, _, dodgy] = rounds.swap_remove(ROUNDS / 2);
        let rvo = Figures::of(&line(pinned(&self.rvo2).args([&n, &t]))?)?;
        Ok(row(agents, ticks, &[one, rvo, dodgy], ratios))
    }

    /// This app's headless circle: `agents` for `ticks` on `threads`
    /// (one thread pinned to one core, as the peers are).
    fn ours(&self, agents: &str, ticks: &str, threads: &str) -> Command {
        let mut c = if threads == "1" {
            pinned(&self.ours)
        } else {
            Command::new(&self.ours)
        };
        c.args(["--headless", "--scene", "circle", "--variant", "orca"]);
        c.args(["--agents", agents, "--steps", ticks, "--threads", threads]);
        c.env("XDG_CONFIG_HOME", "/nonexistent");
        c
    }
}

/// `program` on one core, where taskset is there to pin it.
fn pinned(program: &Path) -> Command {
    let mut c = if Command::new("taskset").arg("-V").output().is_ok() {
        let mut c = Command::new("taskset");
        c.args(["-c", "0"]).arg(program);
        c
    } else {
        Command::new(program)
    };
    c.env("OMP_NUM_THREADS", "1");
    c
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

/// The medians of the rounds' ratios: the app on two threads over one,
/// and dodgy_2d's time over the app's.
struct Ratios {
    scaling: f64,
    than_dodgy: f64,
}

/// One size's row: this app, RVO2, dodgy_2d (the app's and dodgy_2d's
/// from the round of the app's median one-thread run), and the ratios.
fn row(agents: u64, ticks: u64, runs: &[Figures; 3], ratios: Ratios) -> String {
    let [ours, rvo, dodgy] = runs;
    let each = |f: &dyn Fn(&Figures) -> String| runs.iter().map(f).collect::<Vec<_>>().join(" / ");
    format!(
        "| {agents} | {ticks} | {:.0} | {:.0} | {:.0} | {:.2}x | {:.2}x | {:.2}x | {} | {} | {} |",
        ours.ns,
        rvo.ns,
        dodgy.ns,
        rvo.ns / ours.ns,
        ratios.than_dodgy,
        ratios.scaling,
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
