//! The runner: owns a scene's crowd, clock, figures and overlay, and steps
//! it one fixed tick at a time: the scene steers, the runner moves every
//! agent through the one movement manager, the scene settles.

use super::crowd::{Crowd, Look, Metric, Stats};
use super::knobs::Params;
use super::lesson::{Input, Scene, Settle, Setup, Spawn, Steer};
use crate::overlay::Overlay;
use crate::scenes::registry::Entry;
use crate::steer::avoid::Obstacle;
use crate::steer::{Limits, Steering};
use glam::Vec2;

/// Overlay settings shared by every scene.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OverlaySettings {
    /// px drawn per px/tick of a vector.
    pub vector_scale: f32,
    /// Forces are recorded for the first N agents only.
    pub max_agents: usize,
}

/// A running scene and everything it shares with the rest of the program.
pub struct Runner {
    entry: &'static Entry,
    setup: Setup,
    scene: Box<dyn Scene>,
    stage: Vec2,
    crowd: Crowd,
    looks: Vec<Look>,
    tick: u64,
    stats: Stats,
    overlay: Overlay,
    recording: bool,
    settings: OverlaySettings,
    steering: Vec<Steering>,
    limits: Vec<Limits>,
}

impl Runner {
    /// Starts `entry` on a `stage`-sized world (a scene may grow it).
    pub fn new(
        entry: &'static Entry,
        stage: Vec2,
        setup: &Setup,
        settings: OverlaySettings,
    ) -> Self {
        let (mut crowd, mut looks) = (Crowd::default(), Vec::new());
        let mut spawn = Spawn {
            stage,
            crowd: &mut crowd,
            looks: &mut looks,
        };
        let scene = (entry.build)(setup, &mut spawn);
        let stage = spawn.stage;
        let n = crowd.len();
        Self {
            entry,
            setup: setup.clone(),
            scene,
            stage,
            crowd,
            looks,
            tick: 0,
            stats: Stats::default(),
            overlay: Overlay::default(),
            recording: false,
            settings,
            steering: vec![Steering::default(); n],
            limits: vec![
                Limits {
                    max_speed: 0.0,
                    max_force: 0.0
                };
                n
            ],
        }
    }

    /// One fixed tick.
    pub fn step(&mut self, input: &Input) {
        self.overlay.clear();
        let mut steer = Steer {
            crowd: &self.crowd,
            stage: self.stage,
            tick: self.tick,
            steering: &mut self.steering,
            limits: &mut self.limits,
            looks: &mut self.looks,
            overlay: &mut self.overlay,
            recording: self.recording,
            vector_scale: self.settings.vector_scale,
            overlay_max_agents: self.settings.max_agents,
        };
        self.scene.steer(&mut steer, input);
        let max_force = self.crowd.integrate(&self.steering, &self.limits);
        self.tick += 1;
        let mut settle = Settle {
            crowd: &mut self.crowd,
            stage: self.stage,
            tick: self.tick,
        };
        self.scene.settle(&mut settle);
        self.stats.observe(&self.crowd, max_force);
    }

    /// Gives the scene changed live knobs.
    pub fn retune(&mut self, params: &dyn Params) {
        self.setup.params = params.clone_box();
        self.scene.retune(params);
    }

    pub fn entry(&self) -> &'static Entry {
        self.entry
    }
    pub fn setup(&self) -> &Setup {
        &self.setup
    }
    pub fn crowd(&self) -> &Crowd {
        &self.crowd
    }
    pub fn looks(&self) -> &[Look] {
        &self.looks
    }
    /// Ticks run since the start.
    pub fn tick(&self) -> u64 {
        self.tick
    }
    /// The world size, in px.
    pub fn stage(&self) -> Vec2 {
        self.stage
    }
    pub fn stats(&self) -> &Stats {
        &self.stats
    }
    /// The forces recorded during the last tick.
    pub fn overlay(&self) -> &Overlay {
        &self.overlay
    }
    /// Turns force recording on or off (off costs nothing).
    pub fn set_recording(&mut self, on: bool) {
        self.recording = on;
    }
    /// Agents whose forces the overlay records.
    pub fn overlay_max_agents(&self) -> usize {
        self.settings.max_agents
    }
    pub fn metrics(&self) -> Vec<(&'static str, Metric)> {
        self.scene.metrics(&self.crowd, self.tick)
    }
    /// Always-drawn geometry, into `out`.
    pub fn scenery(&self, input: &Input, out: &mut Overlay) {
        self.scene.scenery(input, out);
    }
    pub fn agent_radius(&self) -> f32 {
        self.scene.agent_radius()
    }
    pub fn fade_alpha(&self) -> f32 {
        self.scene.fade_alpha()
    }
    /// The obstacles a person may edit, in scenes that have them.
    pub fn obstacles(&self) -> Option<&[Obstacle]> {
        self.scene.obstacles()
    }
    /// The same, to edit.
    pub fn obstacles_mut(&mut self) -> Option<&mut Vec<Obstacle>> {
        self.scene.obstacles_mut()
    }
    /// Radius of an obstacle added at the pointer.
    pub fn new_obstacle_radius(&self) -> f32 {
        self.scene.new_obstacle_radius()
    }
}
