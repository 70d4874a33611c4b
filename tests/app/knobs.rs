//! Every knob of every scene, at its minimum, default and maximum: the scene
//! runs headless with no NaN, no non-finite metric, and agents that move.
//! (`Metric::Never`, printed as null, is only ever the tick of an event that
//! has not happened yet, such as a capture; a float metric is never null.)

use glam::Vec2;
use rayon::prelude::*;
use steering_demos::config::{Config, SceneConfig};
use steering_demos::sim::crowd::Metric;
use steering_demos::sim::knobs::Knob;
use steering_demos::sim::report::{Report, drive};
use steering_demos::sim::scene::Setup;

const TICKS: u64 = 300;

fn run(config: &Config, scene: &SceneConfig, setup: &Setup, what: &str) {
    let (mut runner, pointer) = config.start(scene, setup).expect("its own setup");
    let start: Vec<Vec2> = runner.crowd().positions().to_vec();
    // The largest crowds (to a million; a dense crossing of 100,000 takes
    // half a second a tick) start clean and move in a few ticks; what they
    // do next is the scenario tests' and the pins' part.
    let ticks = if setup.agents > 10_000 { 5 } else { TICKS };
    let (at, seconds) = drive(&mut runner, &pointer, ticks);
    let report = Report::of(&runner, ticks, 1, seconds, at);
    assert_eq!(report.nan, 0, "{what}: NaN");
    for (name, metric, _) in &report.metrics {
        match metric {
            Metric::Float(x) => assert!(x.is_finite(), "{what}: {name} = {x}"),
            Metric::Int(_) => {}
            // The tick of an event that has not happened (yet): a capture.
            Metric::Never => {}
        }
    }
    let moved = runner
        .crowd()
        .positions()
        .iter()
        .zip(&start)
        .filter(|(now, then)| now.distance(**then) > 1.0)
        .count();
    let agents = start.len();
    assert!(
        moved * 2 > agents,
        "{what}: only {moved} of {agents} agents moved"
    );
}

fn extremes(knob: &Knob) -> [f64; 3] {
    [knob.min, knob.default, knob.max]
}

#[test]
fn every_knob_at_its_min_default_and_max_runs_clean() {
    let config = Config::embedded();
    let stage = Vec2::from(config.app.stage);
    // Every run, listed first: they are independent, so they run in parallel.
    let mut runs: Vec<(&SceneConfig, Setup, String)> = Vec::new();
    for scene in &config.scenes {
        let decl = scene.decl;
        for variant in 0..decl.variants.len() {
            let base = Setup {
                variant,
                ..scene.setup()
            };
            let label = format!("{} {}", decl.name, decl.variants[variant]);
            // A knob at the value the set-up has already is this one run
            // (most defaults are configured as they are): run it once.
            runs.push((scene, base.clone(), format!("{label} as configured")));
            // The crowd's size is the same knob in every variant: the
            // configured variant is enough for it (a million agents take time).
            let sizes = if variant == scene.variant {
                extremes(&decl.agents).to_vec()
            } else {
                Vec::new()
            };
            for value in sizes.into_iter().filter(|&v| v as usize != base.agents) {
                let setup = Setup {
                    agents: value as usize,
                    ..base.clone()
                };
                runs.push((scene, setup, format!("{label} agents={value}")));
            }
            for knob in decl.knobs {
                let new = |&v: &f64| base.params.get(knob.name) != Some(v);
                for value in extremes(knob).into_iter().filter(new) {
                    let mut setup = base.clone();
                    setup.params.set(knob.name, value).expect("in range");
                    if setup.params.check(stage).is_err() {
                        // A value that does not fit with the others is refused
                        // before anything runs (tested with demos.toml).
                        continue;
                    }
                    runs.push((scene, setup, format!("{label} {}={value}", knob.name)));
                }
            }
        }
    }
    assert!(runs.len() > 100, "only {} runs", runs.len());
    runs.par_iter()
        .for_each(|(scene, setup, what)| run(&config, scene, setup, what));
}
