//! Circle: RVO2's own benchmark. Agents stand evenly on a circle and each
//! walks to the opposite point, so that every path crosses every other in
//! the middle at once.
//!
//! RVO2's `Circle` example puts 250 agents of radius 1.5 on a circle of
//! radius 200; here one of its units is 4 px and one tick a quarter of its
//! second, so its circle is this one's default: 250 agents of radius 6 px
//! on a circle of 800 px, preferring 1 px a tick with a top speed of 2,
//! looking 60 px around for their 10 nearest neighbours, 40 ticks ahead.
//! Any crowd keeps the example's density: a smaller one stands on a
//! smaller circle (down to a quarter of it), a larger one on further
//! circles outside the first, as far apart as neighbours on it (20.1 px),
//! each as full.
//!
//! The variants are the crossing's ways not to overlap (`scenes/walkers.rs`):
//! - `separation`: pushed apart by neighbours already near;
//! - `predictive`: steer away from the soonest predicted collision;
//! - `hard`: predictive, then overlapping bodies pushed apart;
//! - `orca` (the default, RVO2's): the allowed velocity nearest the
//!   preferred one.
//!
//! Every agent prefers to walk to its goal at `preferred_speed`, slowing
//! within a tick's walk of it. Within its radius of the goal it has
//! arrived (RVO2's `reachedGoal`) and, unlike RVO2's example, which stops
//! there, walks back to its start and so on, as the crossing's agents do:
//! a lesson that goes on while a learner looks.
//!
//! Headless figures: `arrived` (agents that have reached the opposite
//! point), `arrived_ticks` (the tick by which every one had: where RVO2's
//! example ends; null until then), `mean_overlap_pairs` (pairs of bodies
//! overlapping by more than a hundredth of a px, per tick) and
//! `max_overlap` (px).
//!
//! Controls: V cycles the variants (C: side by side); click an agent to
//! see its predicted closest approach or its permitted velocities.

mod card;
mod tour;

use super::overlaps::{Overlap, mean_overlap_pairs};
use super::walkers::{Rules, Walkers, rules_of};
use super::{CONTACT_PASSES, push_apart};
use crate::overlay::{Meaning, Overlay};
use crate::sim::crowd::{Crowd, Look, Metric, Sampling};
use crate::sim::decl::{Build, SceneDecl};
use crate::sim::knobs::{Knob, Params};
use crate::sim::mind::Card;
use crate::sim::reading::Reading;
use crate::sim::scene::{Decide, Figures, Input, Neighborhood, Scene, Settle, Setup, Spawn, WrongScene};
use crate::steer::neighbors::{NeighborIndex, Neighbors};
use crate::steer::sum::ExactSum;
use glam::Vec2;
use std::f32::consts::TAU;

crate::params! {
    /// `[circle.params]`: RVO2's circle, 4 px to its unit, 4 ticks to its second.
    pub struct CircleParams {
        /// The circle's radius for RVO2's 250 agents (RVO2's Circle: 200, here 800 px); fewer stand on a smaller circle, more on circles outside it, at the same spacing.
        circle_radius: f32 = 800.0, 100.0..=2000.0, step 50.0, "px", Restart;
        /// The speed an agent would like, slowing within a tick's walk of its goal (RVO2's Circle: 1 unit/s, here 1 px/tick).
        preferred_speed: f32 = 1.0, 0.25..=10.0, step 0.25, "px/tick", Live;
        /// Top speed (RVO2's Circle: 2 units/s, here 2 px/tick).
        max_speed: f32 = 2.0, 0.5..=10.0, step 0.5, "px/tick", Live;
        /// Cap on the steering force (ORCA's agents take their velocity at once).
        max_force: f32 = 0.5, 0.1..=5.0, step 0.1, "", Live;
        /// Mass: the force is divided by it.
        mass: f32 = 1.0, 0.2..=10.0, step 0.1, "", Restart;
        /// An agent's body: overlap is measured between these discs (RVO2's Circle: 1.5, here 6 px).
        agent_radius: f32 = 6.0, 2.0..=20.0, step 1.0, "px", Restart;
        /// Air kept between bodies: predictive counts a meeting nearer than two radii plus this as a collision, ORCA pads each body by half of it (RVO2's Circle: none).
        clearance: f32 = 0.0, 0.0..=20.0, step 0.5, "px", Live;
        /// Separation: neighbours closer than this push (four radii).
        separation_radius: f32 = 24.0, 1.0..=100.0, step 1.0, "px", Live;
        /// Strength of that push (the doorway's MAX_SEPARATION: 2).
        max_separation: f32 = 2.0, 0.0..=10.0, step 0.1, "", Live;
        /// Predictive: how far ahead a meeting is looked for (the crossing's 40 ticks, ORCA's horizon).
        lead_time: f32 = 40.0, 1.0..=200.0, step 1.0, "ticks", Live;
        /// Predictive: weight of the push away from the meeting's site (OpenSteer's pedestrians: 10).
        avoid_weight: f32 = 10.0, 0.0..=50.0, step 0.5, "", Live;
        /// ORCA: how far ahead velocities must be collision-free (RVO2's Circle: 10 s, here 40 ticks).
        time_horizon: f32 = 40.0, 1.0..=200.0, step 1.0, "ticks", Live;
        /// ORCA: neighbours within this distance are considered (RVO2's Circle: 15, here 60 px).
        neighbor_distance: f32 = 60.0, 10.0..=300.0, step 5.0, "px", Live;
        /// ORCA: at most this many nearest neighbours (RVO2's Circle: 10).
        max_neighbors: usize = 10, 1..=50, step 1, "", Live;
    }
}

crate::variants! {
    /// Four ways not to overlap, the crossing's.
    pub enum Variant {
        Separation = "separation": "Separation: walk to the opposite point, pushed apart by neighbours already near; the middle jams and overlaps.",
        Predictive = "predictive": "Unaligned collision avoidance: predict each neighbour's closest approach, steer away from the soonest collision's site.",
        Hard = "hard": "Predictive plus the non-penetration constraint: after the move, overlapping bodies are pushed apart.",
        Orca = "orca": "ORCA (RVO2): the velocity nearest the wanted one among those that cannot collide within the horizon.",
    }
}

/// Agents on RVO2's circle: its example's crowd, whose spacing every
/// larger crowd keeps.
pub const RVO2_AGENTS: usize = 250;

/// Where `agents` stand around `center`: circles from `radius` outward,
/// `spacing` apart and each holding as many agents as fit `spacing` apart
/// on it (the last holds the rest, evenly), counter-clockwise from +x.
pub fn places(agents: usize, center: Vec2, radius: f32, spacing: f32) -> Vec<Vec2> {
    let mut out = Vec::with_capacity(agents);
    let mut ring = 0;
    while out.len() < agents {
        let r = radius + ring as f32 * spacing;
        let fits = ((TAU * r / spacing) as usize).max(1);
        let here = fits.min(agents - out.len());
        out.extend((0..here).map(|k| {
            let angle = k as f32 * TAU / here as f32;
            center + r * crate::steer::unit(angle)
        }));
        ring += 1;
    }
    out
}

#[derive(Clone)]
pub struct CircleScene {
    params: CircleParams,
    variant: Variant,
    neighbors: Neighbors,
    walkers: Walkers,
    /// Each agent's goal now: the point opposite its start, or its start
    /// on the way back.
    goals: Vec<Vec2>,
    /// Each agent's start and the point opposite: it walks between them.
    ends: Vec<(Vec2, Vec2)>,
    /// Whether it is walking back.
    returning: Vec<bool>,
    /// Whether it has reached the opposite point.
    reached: Vec<bool>,
    center: Vec2,
    /// The first and the outermost circle's radius.
    first: f32,
    outer: f32,
    stage: Vec2,
    pushes: Vec<ExactSum>,
    arrived: u64,
    arrived_ticks: Option<u64>,
    overlap_pairs: u64,
    overlap_now: u64,
    max_overlap: f32,
    ticks: u64,
}

impl CircleScene {
    /// The walkers' rules, from the knobs and the variant.
    fn rules(&self) -> Rules {
        let mut rules = rules_of!(&self.params, self.variant, Some(self.params.preferred_speed));
        // The overlaps counted in the same pass as the decisions.
        rules.overlaps = Some((2.0 * self.params.agent_radius, self.stage));
        rules
    }

    /// Counts `o`, the overlaps of the crowd as one tick left it.
    fn count(&mut self, o: Overlap) {
        self.overlap_now = o.pairs.into();
        self.overlap_pairs += self.overlap_now;
        self.max_overlap = self.max_overlap.max(o.deepest);
    }
}

/// The circle scene, as data: who it is and how it starts.
pub const SCENE: SceneDecl = SceneDecl {
    name: "circle",
    title: "Circle",
    seed: 1,
    agents: Knob::agents("Agents on the circle (RVO2's example: 250); more add circles outside it.", 250, 100_000, 10),
    default_variant: 3,
    primary: Some(CircleParams::time_horizon.knob()),
    unused: &[
        ("separation", &["lead_time", "avoid_weight", "time_horizon", "neighbor_distance", "max_neighbors"]),
        ("predictive", &["separation_radius", "max_separation", "time_horizon", "neighbor_distance", "max_neighbors"]),
        ("hard", &["separation_radius", "max_separation", "time_horizon", "neighbor_distance", "max_neighbors"]),
        ("orca", &["max_force", "separation_radius", "max_separation", "lead_time", "avoid_weight"]),
    ],
    series: &[
        ("overlapping pairs", "pairs"),
        ("arrived", "agents"),
    ],
    tour: tour::STEPS,
    ..SceneDecl::of::<CircleScene>()
};

impl Build for CircleScene {
    type Params = CircleParams;
    type Variant = Variant;

    fn new(params: &CircleParams, variant: Variant, setup: &Setup, spawn: &mut Spawn) -> Self {
        let spacing = TAU * params.circle_radius / RVO2_AGENTS as f32;
        // RVO2's spacing whatever the crowd: fewer agents stand on a
        // smaller circle (a quarter of RVO2's at least, so that a few still
        // have a way to walk), more on further circles outside the first.
        let share = setup.agents.min(RVO2_AGENTS) as f32 / RVO2_AGENTS as f32;
        let first = params.circle_radius * share.max(0.25);
        let starts = places(setup.agents, Vec2::ZERO, first, spacing);
        // A stage around the outermost circle, with room to spare.
        let outer = starts.iter().map(|p| p.length()).fold(0.0, f32::max);
        let margin = 3.0 * spacing + params.agent_radius;
        spawn.stage = Vec2::splat(2.0 * (outer + margin)).max(spawn.stage);
        let center = spawn.stage * 0.5;
        spawn.reserve(setup.agents);
        let ends: Vec<(Vec2, Vec2)> = starts.iter().map(|&at| (center + at, center - at)).collect();
        for &(start, _) in &ends {
            spawn.agent(start, Vec2::ZERO, params.mass, Look::Plain);
        }
        Self {
            params: params.clone(),
            variant,
            // Cells a body wide: ORCA looks for its nearest few a few radii
            // around first (`walkers`), and the overlaps are a diameter.
            neighbors: Neighbors::new(setup.neighbors, 2.0 * params.agent_radius),
            walkers: Walkers::default(),
            goals: ends.iter().map(|&(_, opposite)| opposite).collect(),
            returning: vec![false; ends.len()],
            reached: vec![false; ends.len()],
            ends,
            center,
            first,
            outer,
            stage: spawn.stage,
            pushes: Vec::new(),
            arrived: 0,
            arrived_ticks: None,
            overlap_pairs: 0,
            overlap_now: 0,
            max_overlap: 0.0,
            ticks: 0,
        }
    }
}

impl Scene for CircleScene {
    fn card(&self) -> Card {
        card::of(self.variant)
    }

    fn steer(&mut self, ctx: &mut Decide, _input: &Input) {
        self.neighbors.rebuild(ctx.crowd.positions());
        let rules = self.rules();
        self.walkers.steer(ctx, &self.goals, &self.neighbors, &rules);
        self.walkers.record(ctx, &self.goals, &rules);
        // The decisions saw the crowd as the last tick left it (the start
        // is no tick's doing).
        if ctx.tick > 0 && rules.finds_overlaps() {
            self.count(self.walkers.overlap);
        }
    }

    fn settle(&mut self, ctx: &mut Settle) {
        let diameter = 2.0 * self.params.agent_radius;
        if self.variant == Variant::Hard {
            push_apart(ctx, &mut self.neighbors, diameter, &mut self.pushes, CONTACT_PASSES);
        }
        let positions = ctx.crowd().positions();
        // RVO2's `reachedGoal`: within its radius of its goal. Then back.
        let r_sq = self.params.agent_radius * self.params.agent_radius;
        for (i, p) in positions.iter().enumerate() {
            if p.distance_squared(self.goals[i]) <= r_sq {
                let (start, opposite) = self.ends[i];
                self.reached[i] |= !self.returning[i];
                self.returning[i] = !self.returning[i];
                self.goals[i] = if self.returning[i] { start } else { opposite };
            }
        }
        self.arrived = self.reached.iter().filter(|&&r| r).count() as u64;
        if self.arrived_ticks.is_none() && self.arrived == positions.len() as u64 {
            self.arrived_ticks = Some(ctx.tick);
        }
        if !self.rules().finds_overlaps() {
            self.neighbors.rebuild(positions);
            let o = Overlap::by_pairs(&self.neighbors, positions, diameter, self.stage);
            self.count(o);
        }
        self.ticks += 1;
    }

    fn scenery(&self, _input: &Input, out: &mut Overlay) {
        // The circle, or the first and the outermost.
        out.circle(Meaning::Path, self.center, self.first);
        if self.outer > self.first + 1.0 {
            out.circle(Meaning::Path, self.center, self.outer);
        }
    }

    fn metrics(&self, _crowd: &Crowd, _tick: u64) -> Vec<(&'static str, Metric, Sampling)> {
        vec![
            ("arrived", Metric::Int(self.arrived), Sampling::EveryTick),
            ("arrived_ticks", Metric::from(self.arrived_ticks), Sampling::EveryTick),
            mean_overlap_pairs(self.overlap_pairs, self.ticks),
            ("max_overlap", Metric::Float(self.max_overlap.into()), Sampling::EveryTick),
        ]
    }

    fn headline(&self, _crowd: &Crowd) -> Figures {
        [
            ("overlapping pairs", self.overlap_now as f64),
            ("arrived", self.arrived as f64),
        ]
        .into()
    }

    fn inspect(&self, i: usize, crowd: &Crowd) -> Vec<(&'static str, Reading)> {
        self.walkers.inspect(i, crowd, &self.rules())
    }

    fn neighborhood(&self, i: usize, crowd: &Crowd) -> Option<Neighborhood<'_>> {
        let at = crowd.positions()[i];
        Some(Neighborhood::around(at, self.rules().reach(), &self.neighbors))
    }

    fn retune(&mut self, params: &dyn Params) -> Result<(), WrongScene> {
        let params: &CircleParams = SCENE.typed(params)?;
        self.params = params.clone();
        Ok(())
    }

    fn agent_radius(&self) -> f32 {
        self.params.agent_radius
    }
}

#[cfg(test)]
mod tests;
