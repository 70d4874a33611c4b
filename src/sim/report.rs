//! Running a scene without a window and reporting what happened as one
//! JSON object.

use super::crowd::{Metric, Sampling};
use super::knobs::number;
use super::pointer::ScriptedPointer;
use super::runner::Runner;
use super::scene::Input;
use super::scene::WrongScene;
use crate::stopwatch::Stopwatch;
use glam::Vec2;
use std::fmt::Write as _;

/// Everything a headless run reports.
#[derive(Debug, Clone)]
pub struct Report {
    pub scene: &'static str,
    pub variant: &'static str,
    pub steps: u64,
    pub agents: usize,
    pub seed: u64,
    pub neighbors: &'static str,
    pub threads: usize,
    /// Every knob value the run used, in declaration order.
    pub params: Vec<(&'static str, f64)>,
    pub checksum: u64,
    pub nan: u64,
    pub max_speed_seen: f32,
    pub max_force_seen: f32,
    pub agent_steps_per_sec: f64,
    pub ticks_per_sec: f64,
    pub metrics: Vec<(&'static str, Metric, Sampling)>,
    /// Where the pointer was on the last tick.
    pub pointer: Vec2,
}

impl Report {
    /// The report of `runner` after `steps` ticks in `seconds`.
    pub fn of(runner: &Runner, steps: u64, threads: usize, seconds: f64, pointer: Vec2) -> Self {
        let agents = runner.crowd().len();
        let rate = |n: f64| if seconds > 0.0 { n / seconds } else { 0.0 };
        let stats = runner.stats();
        let setup = runner.setup();
        let decl = runner.decl();
        let params = &setup.params;
        Report {
            scene: decl.name,
            variant: decl.variants[setup.variant],
            steps,
            agents,
            seed: setup.seed,
            neighbors: setup.neighbors.name(),
            threads,
            params: params
                .knobs()
                .iter()
                .map(|k| (k.name, params.get(k.name).unwrap_or(f64::NAN)))
                .collect(),
            checksum: runner.crowd().checksum(),
            nan: stats.nan,
            max_speed_seen: stats.max_speed_seen,
            max_force_seen: stats.max_force_seen,
            agent_steps_per_sec: rate(agents as f64 * steps as f64),
            ticks_per_sec: rate(steps as f64),
            metrics: runner.metrics(),
            pointer,
        }
    }

    /// A scene-specific metric by name.
    pub fn metric(&self, name: &str) -> Option<Metric> {
        self.metrics
            .iter()
            .find(|(n, ..)| *n == name)
            .map(|(_, m, _)| *m)
    }

    /// A float (or integer) metric; panics in tests when absent, by design.
    pub fn float(&self, name: &str) -> f64 {
        match self.metric(name) {
            Some(Metric::Float(x)) => x,
            Some(Metric::Int(i)) => i as f64,
            other => panic!("metric {name} is not a number: {other:?}"),
        }
    }

    /// An integer metric that may be null.
    pub fn int(&self, name: &str) -> Option<u64> {
        match self.metric(name) {
            Some(Metric::Int(i)) => Some(i),
            Some(Metric::Never) => None,
            other => panic!("metric {name} is not an integer: {other:?}"),
        }
    }

    /// One line of JSON.
    pub fn to_json(&self) -> String {
        let mut out = String::from("{");
        let mut field = |name: &str, value: String| {
            if out.len() > 1 {
                out.push(',');
            }
            let _ = write!(out, "\"{name}\":{value}");
        };
        field("scene", json_string(self.scene));
        field("variant", json_string(self.variant));
        field("steps", self.steps.to_string());
        field("agents", self.agents.to_string());
        field("seed", self.seed.to_string());
        field("neighbors", json_string(self.neighbors));
        field("threads", self.threads.to_string());
        let params: Vec<String> = self
            .params
            .iter()
            .map(|(name, value)| format!("\"{name}\":{}", json_number(*value)))
            .collect();
        field("params", format!("{{{}}}", params.join(",")));
        field("checksum", json_string(&format!("{:016x}", self.checksum)));
        field("nan", self.nan.to_string());
        field("max_speed_seen", json_number(self.max_speed_seen.into()));
        field("max_force_seen", json_number(self.max_force_seen.into()));
        field(
            "agent_steps_per_sec",
            json_number(self.agent_steps_per_sec.round()),
        );
        field(
            "ticks_per_sec",
            json_number((self.ticks_per_sec * 10.0).round() / 10.0),
        );
        for (name, metric, _) in &self.metrics {
            let value = match *metric {
                Metric::Int(i) => i.to_string(),
                Metric::Float(x) => json_number(x),
                Metric::Never => "null".to_string(),
            };
            field(name, value);
        }
        let sampling: Vec<String> = self
            .metrics
            .iter()
            .map(|(name, _, sampled)| {
                format!("{}:{}", json_string(name), json_string(sampled.describe()))
            })
            .collect();
        field("sampling", format!("{{{}}}", sampling.join(",")));
        out.push('}');
        out
    }
}

fn json_number(x: f64) -> String {
    if x.is_finite() {
        number((x * 1e4).round() / 1e4)
    } else {
        "null".to_string()
    }
}

fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Steps `runner` `steps` ticks with the scripted pointer and returns the
/// pointer's last position and the seconds spent stepping.
pub fn drive(runner: &mut Runner, pointer: &ScriptedPointer, steps: u64) -> (Vec2, f64) {
    let watch = Stopwatch::start();
    let mut at = pointer.at(runner.tick());
    for _ in 0..steps {
        at = pointer.at(runner.tick());
        runner.step(&Input { pointer: at });
    }
    (at, watch.seconds())
}

/// Builds a runner on `threads` worker threads, runs it headless and reports.
pub fn run(
    steps: u64,
    threads: usize,
    start: impl FnOnce() -> Result<(Runner, ScriptedPointer), WrongScene> + Send,
) -> Result<Report, String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("cannot start {threads} worker threads: {e}"))?;
    pool.install(|| {
        let (mut runner, pointer) = start().map_err(|e| e.to_string())?;
        let (at, seconds) = drive(&mut runner, &pointer, steps);
        Ok(Report::of(&runner, steps, threads, seconds, at))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_escapes_and_nulls() {
        assert_eq!(json_string("a\"b\\c\n"), "\"a\\\"b\\\\c\\u000a\"");
        assert_eq!(json_number(f64::NAN), "null");
        assert_eq!(json_number(1.23456789), "1.2346");
        assert_eq!(json_number(5.0), "5");
    }
}
