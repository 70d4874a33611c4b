//! Helpers for scenario tests: build a shipped scene and run it headless.

use super::{Scene, Setup, build};
use crate::config::Config;
use crate::headless::{Report, ScriptedPointer, drive, report};

/// A shipped scene with its scripted pointer.
pub struct Run {
    pub scene: Box<dyn Scene>,
    pointer: ScriptedPointer,
    config: crate::config::SceneConfig,
    setup: Setup,
    steps: u64,
}

/// The shipped scene `name` with the given variant (and agent count).
pub fn scene_with(name: &str, variant: &str, agents: Option<usize>) -> Run {
    let config = Config::embedded();
    let scene_config = config.scene(name).expect("shipped scene").clone();
    let mut setup = Setup::from_config(&config.app, &scene_config);
    setup.variant = variant.to_string();
    if let Some(n) = agents {
        setup.agents = n;
    }
    let scene = build(&config.app, &scene_config, &setup);
    let pointer = ScriptedPointer::new(&config.app, &scene_config, scene.stage());
    Run {
        scene,
        pointer,
        config: scene_config,
        setup,
        steps: 0,
    }
}

impl Run {
    /// Runs `n` more ticks and reports on the whole run so far.
    pub fn steps(&mut self, n: u64) -> Report {
        let (at, seconds) = drive(self.scene.as_mut(), &self.pointer, n);
        self.steps += n;
        report(
            self.scene.as_ref(),
            &self.config,
            &self.setup,
            self.steps,
            1,
            seconds,
            at,
        )
    }
}
