//! The scenes: one file per lesson, one exhaustive registry ([`build`]).
//!
//! A scene owns its agents (a [`Crowd`]), its seeded generator and its
//! parameters; [`Scene::step`] advances it one fixed tick. While recording,
//! it also fills an [`Overlay`] with the forces it used, which the window
//! draws on demand; recording never changes the simulation.

pub mod doorway;
pub mod leader;
pub mod patrol;
pub mod pursuit;
pub mod seek;
pub mod wander;

use crate::config::{AppConfig, PointerScript, SceneConfig, SceneParams};
use crate::overlay::Overlay;
use crate::steer::neighbors::NeighborMode;
use crate::steer::{Limits, Steering, integrate};
use glam::Vec2;

/// What the outside world tells a scene each tick.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Input {
    /// The mouse (or scripted pointer), in world coordinates.
    pub pointer: Vec2,
}

/// The agents of a scene, as contiguous arrays. Only
/// [`crate::steer::integrate`] writes positions and velocities.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Crowd {
    pub position: Vec<Vec2>,
    pub velocity: Vec<Vec2>,
    pub mass: Vec<f32>,
}

impl Crowd {
    pub fn len(&self) -> usize {
        self.position.len()
    }

    pub fn is_empty(&self) -> bool {
        self.position.is_empty()
    }

    pub fn push(&mut self, position: Vec2, velocity: Vec2, mass: f32) {
        self.position.push(position);
        self.velocity.push(velocity);
        self.mass.push(mass);
    }

    /// FNV-1a over the bits of every position and velocity, in order.
    pub fn checksum(&self) -> u64 {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for (p, v) in self.position.iter().zip(&self.velocity) {
            for x in [p.x, p.y, v.x, v.y] {
                for byte in x.to_bits().to_le_bytes() {
                    hash ^= u64::from(byte);
                    hash = hash.wrapping_mul(0x0100_0000_01b3);
                }
            }
        }
        hash
    }

    /// Count of non-finite coordinates.
    pub fn non_finite(&self) -> u64 {
        let bad = |v: &Vec2| u64::from(!v.x.is_finite()) + u64::from(!v.y.is_finite());
        self.position.iter().chain(&self.velocity).map(bad).sum()
    }
}

/// How an agent is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Look {
    /// An ordinary agent.
    Plain,
    /// Avoiding a wall (drawn translucent, as in the original queue demo).
    Faded,
    /// What the others pursue or follow.
    Target,
    /// A pursuer looking ahead with dynamic T.
    Pursuer,
    /// A pursuer looking ahead a constant T.
    ConstantPursuer,
    /// An evader.
    Evader,
    /// The leader.
    Leader,
}

/// Figures every scene keeps for the headless report.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Stats {
    /// Non-finite values seen in positions and velocities, summed over ticks.
    pub nan: u64,
    pub max_speed_seen: f32,
    /// The largest steering force applied (after truncation).
    pub max_force_seen: f32,
}

impl Stats {
    /// Folds in one tick's crowd and its largest applied force.
    pub fn observe(&mut self, crowd: &Crowd, max_force: f32) {
        self.nan += crowd.non_finite();
        let fastest = crowd
            .velocity
            .iter()
            .map(|v| v.length_squared())
            .fold(0.0, f32::max);
        self.max_speed_seen = self.max_speed_seen.max(fastest.sqrt());
        self.max_force_seen = self.max_force_seen.max(max_force);
    }
}

/// A scene-specific figure for the headless report.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Metric {
    Int(u64),
    Float(f64),
    /// Not (yet) happened, e.g. no capture.
    None,
}

impl From<Option<u64>> for Metric {
    fn from(v: Option<u64>) -> Self {
        v.map_or(Metric::None, Metric::Int)
    }
}

/// The path radius a scene exposes to the + and - keys.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Adjustable {
    pub value: f32,
    pub min: f32,
    pub max: f32,
    pub step: f32,
}

/// What every scene keeps besides its own state: the stage, the agents and
/// how they look, the clock, the figures for the report, the overlay.
#[derive(Debug, Clone)]
pub struct Common {
    pub stage: Vec2,
    pub crowd: Crowd,
    /// How each agent is drawn, one per agent.
    pub looks: Vec<Look>,
    pub tick: u64,
    pub stats: Stats,
    pub recording: bool,
    pub overlay: Overlay,
    pub setup: Setup,
}

impl Common {
    /// An empty stage; the scene adds its agents with [`Common::push`].
    pub fn new(stage: Vec2, setup: &Setup) -> Self {
        Self {
            stage,
            crowd: Crowd::default(),
            looks: Vec::new(),
            tick: 0,
            stats: Stats::default(),
            recording: false,
            overlay: Overlay::default(),
            setup: setup.clone(),
        }
    }

    /// Adds an agent, drawn with `look`.
    pub fn push(&mut self, position: Vec2, velocity: Vec2, mass: f32, look: Look) {
        self.crowd.push(position, velocity, mass);
        self.looks.push(look);
    }

    /// Whether the overlay records the forces of agent `i` (the first
    /// `overlay_max_agents` only).
    pub fn records(&self, i: usize) -> bool {
        self.recording && i < self.setup.overlay_max_agents
    }

    /// Moves every agent by its force through the movement manager, then
    /// advances the clock and folds the tick into the figures.
    pub fn integrate_all(&mut self, forces: &[Vec2], limits: impl Fn(usize) -> Limits) {
        let c = &mut self.crowd;
        let mut max_force: f32 = 0.0;
        for (i, &force) in forces.iter().enumerate() {
            let steering = Steering::force(force);
            let applied = integrate(
                &mut c.position[i],
                &mut c.velocity[i],
                c.mass[i],
                limits(i),
                steering,
            );
            max_force = max_force.max(applied.length());
        }
        self.finish_tick(max_force);
    }

    /// Advances the clock and folds the tick into the figures.
    pub fn finish_tick(&mut self, max_force: f32) {
        self.tick += 1;
        self.stats.observe(&self.crowd, max_force);
    }
}

/// A running scene. A scene implements [`Scene::step`] and its metrics and
/// keeps the rest in a [`Common`], which the provided methods read.
pub trait Scene: Send {
    /// The state every scene has.
    fn common(&self) -> &Common;
    fn common_mut(&mut self) -> &mut Common;
    /// Advances one fixed tick.
    fn step(&mut self, input: &Input);
    /// Scene-specific figures, by name.
    fn metrics(&self) -> Vec<(&'static str, Metric)>;
    /// Always-drawn geometry: walls, the path, the target.
    fn scenery(&self, _input: &Input, _out: &mut Overlay) {}

    /// Ticks run since the start.
    fn tick(&self) -> u64 {
        self.common().tick
    }
    /// The agents, read-only.
    fn crowd(&self) -> &Crowd {
        &self.common().crowd
    }
    /// How each agent is drawn, one per agent.
    fn looks(&self) -> &[Look] {
        &self.common().looks
    }
    /// Turns force recording on or off (off costs nothing).
    fn set_recording(&mut self, on: bool) {
        self.common_mut().recording = on;
    }
    /// The forces recorded during the last tick.
    fn overlay(&self) -> &Overlay {
        &self.common().overlay
    }
    /// Common figures.
    fn stats(&self) -> &Stats {
        &self.common().stats
    }
    /// The world size, in px.
    fn stage(&self) -> Vec2 {
        self.common().stage
    }
    /// The path radius, for scenes that have one.
    fn path_radius(&self) -> Option<Adjustable> {
        None
    }
    /// Sets the path radius (clamped to its range); ignored without a path.
    fn set_path_radius(&mut self, _radius: f32) {}
    /// Agents added or removed by one key press, for scenes that grow.
    fn agents_step(&self) -> Option<usize> {
        None
    }
    /// Radius of an agent as drawn, in px.
    fn agent_radius(&self) -> f32 {
        AGENT_RADIUS
    }
    /// Opacity of a [`Look::Faded`] agent.
    fn fade_alpha(&self) -> f32 {
        1.0
    }
}

/// Radius of an agent as drawn, for scenes where agents have no size of their own.
pub const AGENT_RADIUS: f32 = 8.0;

/// How to set a scene up, beyond its configuration.
#[derive(Debug, Clone, PartialEq)]
pub struct Setup {
    pub seed: u64,
    pub agents: usize,
    pub variant: String,
    pub neighbors: NeighborMode,
    /// Overlay: px drawn per px/tick of a vector.
    pub vector_scale: f32,
    /// Overlay: forces are recorded for the first N agents only.
    pub overlay_max_agents: usize,
}

impl Setup {
    /// The configuration's own seed, agent count and variant.
    pub fn from_config(app: &AppConfig, scene: &SceneConfig) -> Self {
        Self {
            seed: scene.seed,
            agents: scene.agents,
            variant: scene.variant.clone(),
            neighbors: NeighborMode::Grid,
            vector_scale: app.vector_scale,
            overlay_max_agents: app.overlay_max_agents,
        }
    }
}

/// Builds the scene a configuration entry describes. `setup.variant` must be
/// one of the kind's variants (checked by the caller: the CLI and the config).
pub fn build(app: &AppConfig, scene: &SceneConfig, setup: &Setup) -> Box<dyn Scene> {
    let stage = Vec2::from(app.stage);
    match &scene.params {
        SceneParams::Seek(p) => Box::new(seek::SeekScene::new(stage, p, setup)),
        SceneParams::Wander(p) => Box::new(wander::WanderScene::new(stage, p, setup)),
        SceneParams::Pursuit(p) => Box::new(pursuit::PursuitScene::new(stage, p, setup)),
        SceneParams::Patrol(p) => Box::new(patrol::PatrolScene::new(stage, p, setup)),
        SceneParams::Doorway(p) => Box::new(doorway::DoorwayScene::new(stage, p, setup)),
        SceneParams::Leader(p) => Box::new(leader::LeaderScene::new(stage, p, setup)),
    }
}

impl PointerScript {
    /// Where the scripted pointer is at `tick` on a `stage`-sized world.
    pub fn at(&self, tick: u64, stage: Vec2) -> Vec2 {
        let t = std::f32::consts::TAU * (tick as f64 / f64::from(self.period_ticks)).fract() as f32;
        let [a, b] = self.frequencies;
        let swing = Vec2::new((a * t).cos(), (b * t).sin());
        stage * 0.5 + stage * Vec2::from(self.amplitude) * swing
    }
}

/// A seeded, portable generator: the same seed gives the same scene everywhere.
pub fn rng(seed: u64) -> rand_pcg::Pcg32 {
    use rand::SeedableRng;
    rand_pcg::Pcg32::seed_from_u64(seed)
}

/// A uniform point inside the rectangle `min..max`.
pub fn random_point(rng: &mut rand_pcg::Pcg32, min: Vec2, max: Vec2) -> Vec2 {
    use rand::RngExt;
    Vec2::new(
        rng.random_range(min.x..=max.x),
        rng.random_range(min.y..=max.y),
    )
}

/// A unit vector in a uniformly random direction.
pub fn random_heading(rng: &mut rand_pcg::Pcg32) -> Vec2 {
    use rand::RngExt;
    Vec2::from_angle(rng.random_range(0.0..std::f32::consts::TAU))
}

/// True when `p` is off the `stage` rectangle.
pub fn off_stage(p: Vec2, stage: Vec2) -> bool {
    p.x < 0.0 || p.y < 0.0 || p.x > stage.x || p.y > stage.y
}

#[cfg(test)]
pub(crate) mod testing;
