//! Helpers for scenario tests: a shipped scene, as demos.toml configures
//! it, run headless. Test code only; it sits at the top of the crate, so
//! it may use every layer.

mod card;
mod desired;
mod runner;
mod unused;

use crate::config::Config;
use crate::sim::knobs::{Field, Tunable};
use crate::sim::pointer::ScriptedPointer;
use crate::sim::report::{Report, drive};
use crate::sim::runner::Runner;
use crate::sim::scene::Setup;
use crate::steer::neighbors::NeighborMode;
use glam::Vec2;

/// A shipped scene with its scripted pointer.
pub struct Run {
    pub scene: Runner,
    pointer: ScriptedPointer,
    steps: u64,
}

/// The shipped scene `name` with the given variant (and agent count).
pub fn scene_with(name: &str, variant: &str, agents: Option<usize>) -> Run {
    let config = Config::embedded();
    let scene = config.scene(name).expect("a shipped scene");
    let mut setup: Setup = scene.setup();
    setup.variant = scene.decl.variant(variant).expect("a shipped variant");
    if let Some(n) = agents {
        setup.agents = n;
    }
    let (scene, pointer) = config.start(scene, &setup).expect("the scene's own setup");
    Run {
        scene,
        pointer,
        steps: 0,
    }
}

impl Run {
    /// Runs `n` more ticks and reports on the whole run so far.
    pub fn steps(&mut self, n: u64) -> Report {
        let (at, seconds) = drive(&mut self.scene, &self.pointer, n);
        self.steps += n;
        Report::of(&self.scene, self.steps, 1, seconds, at)
    }

    /// Starts again with another seed.
    pub fn reseed(&mut self, seed: u64) {
        let mut setup = self.scene.setup().clone();
        setup.seed = seed;
        self.restart(&setup);
    }

    /// Starts again with another neighbour search.
    pub fn search(&mut self, neighbors: NeighborMode) {
        let mut setup = self.scene.setup().clone();
        setup.neighbors = neighbors;
        self.restart(&setup);
    }

    fn restart(&mut self, setup: &Setup) {
        let config = Config::embedded();
        let scene = config
            .scene(self.scene.decl().name)
            .expect("a shipped scene");
        (self.scene, self.pointer) = config.start(scene, setup).expect("the scene's own setup");
        self.steps = 0;
    }

    /// Sets a knob live, as the + and - keys do: a field of the running
    /// scene's parameters.
    pub fn set<P: Tunable>(&mut self, field: Field<P>, value: f64) {
        let mut params = self.scene.setup().params.clone();
        let typed = params.as_any_mut().downcast_mut::<P>();
        let typed = typed.expect("a field of the running scene's parameters");
        field.set(typed, value).expect("a valid knob value");
        self.scene
            .retune(params.as_ref())
            .expect("the scene's own parameters");
    }
}

/// Two of the crowd's agents started on one point (the first one's
/// start, as a link's `starts` or N pressed twice can put them), in
/// every variant of scene `name`: within 300 ticks they are apart by at
/// least their radius, never NaN, and on the stage.
pub fn coincident_agents_part(name: &str) {
    let decl = crate::scenes::registry::find(name).expect("a shipped scene");
    for variant in decl.variants {
        coincident_agents_part_in(name, variant);
    }
}

fn coincident_agents_part_in(name: &str, variant: &str) {
    let mut run = scene_with(name, variant, None);
    let (decl, crowd) = (run.scene.decl(), run.scene.crowd());
    let looks = run.scene.looks();
    let mut members = (0..crowd.len()).filter(|&i| decl.crowd.contains(&looks[i]));
    let (a, b) = (members.next().unwrap(), members.next().unwrap());
    let (a, b, at) = (crowd.id(a), crowd.id(b), crowd.positions()[a]);
    let mut setup = run.scene.setup().clone();
    setup.starts = crate::sim::starts::Starts::new([(a as u64, at), (b as u64, at)]).unwrap();
    run.restart(&setup);
    let radius = run.scene.agent_radius();
    for tick in 1..=300 {
        run.steps(1);
        let crowd = run.scene.crowd();
        let [pa, pb] = [a, b].map(|id| crowd.positions()[crowd.index_of(id).unwrap()]);
        assert!(
            pa.is_finite() && pb.is_finite(),
            "{name} {variant}: NaN at tick {tick}"
        );
        if pa.distance(pb) >= radius {
            // The stage, and as far off it as the crowd starts (the
            // doorway's walks in from below), bodies touching it.
            let r = Vec2::splat(radius);
            let (low, high) = (at.min(Vec2::ZERO) - r, at.max(run.scene.stage()) + r);
            let on_stage = |p: Vec2| crate::scenes::on_stage(p - low, high - low);
            assert!(
                on_stage(pa) && on_stage(pb),
                "{name} {variant}: parted off the stage, {pa} {pb}, at tick {tick}"
            );
            return;
        }
    }
    panic!("{name} {variant}: agents {a} and {b} still within {radius} px after 300 ticks");
}
