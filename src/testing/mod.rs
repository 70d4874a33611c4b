//! Helpers for scenario tests: a shipped scene, as demos.toml configures
//! it, run headless. Test code only; it sits at the top of the crate, so
//! it may use every layer.

mod card;
mod runner;

use crate::config::Config;
use crate::sim::knobs::{Field, Tunable};
use crate::sim::pointer::ScriptedPointer;
use crate::sim::report::{Report, drive};
use crate::sim::runner::Runner;
use crate::sim::scene::Setup;
use crate::steer::neighbors::NeighborMode;

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
