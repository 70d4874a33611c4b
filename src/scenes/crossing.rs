//! Crossing: agents that do not overlap. Two crowds cross a square from
//! opposite sides, the classic pedestrian test, each agent walking to the
//! mirror image of where it started and back again. Up to 400 agents
//! start scattered over their sides; more, up to 100,000, in two dense
//! blocks that meet head on (the stage grows to hold them).
//!
//! - `separation`: seek the goal, pushed apart by neighbours already near
//!   (the doorway's rule). It reacts late: bodies overlap in the middle.
//! - `predictive`: Reynolds' unaligned collision avoidance: predict each
//!   neighbour's closest approach, and steer away from the site of the
//!   soonest that would be a collision (OpenSteer's pedestrians for the
//!   lead time, the neighbours looked at and the weight).
//! - `hard`: predictive, plus the non-penetration constraint: after the
//!   move, overlapping bodies are pushed apart until they only touch,
//!   in at most twelve passes a tick. That clears every overlap of the
//!   default 60 walkers and of 200; a packed 400 keeps a little (0.76
//!   pairs a tick, at most 3.1 px, seed 1). The price is a shove no force
//!   explains, and passes over the neighbours every tick.
//! - `orca`: optimal reciprocal collision avoidance (RVO2): each agent
//!   picks the velocity nearest the one it wants among those that cannot
//!   collide within the time horizon, trusting the others to do half the
//!   work. It picks a velocity, not a force: its agents take it at once.
//!
//! Headless figures: `mean_overlap_pairs` (pairs of bodies overlapping by
//! more than a hundredth of a px, per tick), `max_overlap` (px),
//! `crossing_ticks` (until every agent has first reached its goal; null
//! while one has not) and
//! `mean_speed_ratio` (speed over preferred speed).
//!
//! Controls: V cycles the variants (C: side by side); click an agent to
//! see its predicted closest approach (`predictive`, `hard`) or its
//! permitted velocities (`orca`).

mod card;

use crate::sim::reading::Reading;
use super::overlaps::{Overlap, mean_overlap_pairs, mean_of};
use super::walkers::{Rules, Walkers, rules_of};
use super::{CONTACT_PASSES, push_apart, random_point, rng};
use crate::overlay::{Meaning, Overlay};
use crate::sim::crowd::{Crowd, Look, Metric, Sampling};
use crate::sim::knobs::{Knob, Params};
use crate::sim::decl::{Build, SceneDecl};
use crate::sim::scene::{Decide, Figures, Input, Neighborhood, Scene, Settle, Setup, Spawn, WrongScene};
use crate::sim::mind::Card;
use crate::steer::sum::ExactSum;
use crate::steer::neighbors::{NeighborIndex, Neighbors};
use glam::Vec2;

crate::params! {
    /// `[crossing.params]`: two crowds crossing a square.
    pub struct CrossingParams {
        /// Preferred and top speed: a walking pace.
        max_speed: f32 = 2.0, 0.5..=10.0, step 0.5, "px/tick", Live;
        /// Cap on the steering force (ORCA's agents take their velocity at once).
        max_force: f32 = 0.5, 0.1..=5.0, step 0.1, "", Live;
        /// Mass: the force is divided by it.
        mass: f32 = 1.0, 0.2..=10.0, step 0.1, "", Restart;
        /// An agent's body: overlap is measured between these discs.
        agent_radius: f32 = 8.0, 2.0..=20.0, step 1.0, "px", Restart;
        /// Air kept between bodies: predictive counts a meeting nearer than two radii plus this as a collision, ORCA pads each body by half of it.
        clearance: f32 = 4.0, 0.0..=20.0, step 0.5, "px", Live;
        /// Separation: neighbours closer than this push (the doorway's 30).
        separation_radius: f32 = 30.0, 1.0..=100.0, step 1.0, "px", Live;
        /// Strength of that push (the doorway's MAX_SEPARATION: 2).
        max_separation: f32 = 2.0, 0.0..=10.0, step 0.1, "", Live;
        /// Predictive: how far ahead a meeting is looked for (OpenSteer's pedestrians: 3 s, 8 radii of walking; here 40 ticks, 10 radii).
        lead_time: f32 = 40.0, 1.0..=200.0, step 1.0, "ticks", Live;
        /// Predictive: weight of the push away from the meeting's site (OpenSteer's pedestrians: 10).
        avoid_weight: f32 = 10.0, 0.0..=50.0, step 0.5, "", Live;
        /// ORCA: how far ahead velocities must be collision-free (RVO2's examples: 10 s, 13 radii of walking; here 40 ticks).
        time_horizon: f32 = 40.0, 1.0..=200.0, step 1.0, "ticks", Live;
        /// ORCA: neighbours within this distance are considered (RVO2's examples: 10 radii; predictive looks as far as two agents close in lead_time).
        neighbor_distance: f32 = 80.0, 10.0..=300.0, step 5.0, "px", Live;
        /// ORCA: at most this many nearest neighbours (RVO2's examples: 10).
        max_neighbors: usize = 10, 1..=50, step 1, "", Live;
    }
}

crate::variants! {
    /// Four ways not to overlap.
    pub enum Variant {
        Separation = "separation": "Separation: seek the goal, pushed apart by neighbours already near; bodies overlap in the middle.",
        Predictive = "predictive": "Unaligned collision avoidance: predict each neighbour's closest approach, steer away from the soonest collision's site.",
        Hard = "hard": "Predictive plus the non-penetration constraint: after the move, overlapping bodies are pushed apart.",
        Orca = "orca": "ORCA (RVO2): the velocity nearest the wanted one among those that cannot collide within the horizon.",
    }
}

/// The crowds start within this margin of their side, in px.
const SIDE: f32 = 160.0;

/// An agent within this distance of its goal has reached it, and turns back.
const ARRIVED: f32 = 12.0;

#[derive(Clone)]
pub struct CrossingScene {
    params: CrossingParams,
    variant: Variant,
    neighbors: Neighbors,
    walkers: Walkers,
    /// Each agent's goal this tick, by index.
    goals: Vec<Vec2>,
    stage: Vec2,
    /// Each agent's start and goal: it walks to the goal and back.
    ends: Vec<(Vec2, Vec2)>,
    /// Whether it is walking back.
    returning: Vec<bool>,
    /// Whether it has reached its first goal.
    crossed: Vec<bool>,
    pushes: Vec<ExactSum>,
    overlap_pairs: u64,
    overlap_now: u64,
    max_overlap: f32,
    crossing_ticks: Option<u64>,
    speed_sum: f64,
    speed_count: u64,
    ticks: u64,
}

impl CrossingScene {
    fn radius(&self) -> f32 {
        self.params.agent_radius
    }

    /// The walkers' rules, from the knobs and the variant.
    fn rules(&self) -> Rules {
        rules_of!(&self.params, self.variant, None)
    }

    fn goal(&self, i: usize) -> Vec2 {
        let (start, goal) = self.ends[i];
        if self.returning[i] { start } else { goal }
    }

    /// The overlapping pairs among `positions` now, and the deepest overlap.
    fn overlaps(&mut self, positions: &[Vec2]) -> (u64, f32) {
        self.neighbors.rebuild(positions);
        let diameter = 2.0 * self.radius();
        let o = Overlap::by_pairs(&self.neighbors, positions, diameter, self.stage);
        (o.pairs.into(), o.deepest)
    }
}

mod tour;

/// The crossing scene, as data: who it is and how it starts.
pub const SCENE: SceneDecl = SceneDecl {
    name: "crossing",
    title: "Crossing",
    seed: 1,
    agents: Knob::agents("Agents in both crowds together; past 400, two dense blocks.", 60, 100_000, 2),
    default_variant: 1,
    primary: Some(CrossingParams::lead_time.knob()),
    roles: &[
        (Look::Plain, "from the left"),
        (Look::Faded, "from the right"),
    ],
    crowd: &[Look::Plain, Look::Faded],
    unused: &[
        ("separation", &["lead_time", "avoid_weight", "time_horizon", "neighbor_distance", "max_neighbors"]),
        ("predictive", &["separation_radius", "max_separation", "time_horizon", "neighbor_distance", "max_neighbors"]),
        ("hard", &["separation_radius", "max_separation", "time_horizon", "neighbor_distance", "max_neighbors"]),
        ("orca", &["max_force", "separation_radius", "max_separation", "lead_time", "avoid_weight"]),
    ],
    series: &[
        ("overlapping pairs", "pairs"),
    ],
    tour: tour::STEPS,
    ..SceneDecl::of::<CrossingScene>()
};

/// Crowds up to this many start scattered at random over their sides;
/// larger ones in two dense blocks.
const SCATTERED_UP_TO: usize = 400;

/// Each agent's start and goal, scattered: even ones on the left side,
/// odd ones on the right, each clear of those placed before it (tried at
/// up to 200 random places), walking to its mirror image.
fn scattered(params: &CrossingParams, setup: &Setup, stage: Vec2) -> Vec<(Vec2, Vec2)> {
    let mut rng = rng(setup.seed);
    let r = params.agent_radius;
    let mut ends: Vec<(Vec2, Vec2)> = Vec::with_capacity(setup.agents);
    for k in 0..setup.agents {
        let (low, high) = if k % 2 == 0 {
            (Vec2::new(r * 2.0, stage.y * 0.2), Vec2::new(SIDE, stage.y * 0.8))
        } else {
            (Vec2::new(stage.x - SIDE, stage.y * 0.2), Vec2::new(stage.x - r * 2.0, stage.y * 0.8))
        };
        let mut at = random_point(&mut rng, low, high);
        for _ in 0..200 {
            if ends.iter().all(|&(s, _)| s.distance(at) > 2.5 * r) {
                break;
            }
            at = random_point(&mut rng, low, high);
        }
        ends.push((at, Vec2::new(stage.x - at.x, at.y)));
    }
    ends
}

/// Each of `agents` agents' start and goal in two dense blocks, the
/// classic crossing of two crowds: squares of agents 2.5 radii apart (the
/// scattered start's clearance), even ones in the left block and odd ones
/// in the right, a block's width apart, each walking to its mirror image;
/// and the stage, grown to hold them.
fn blocks(params: &CrossingParams, agents: usize, stage: Vec2) -> (Vec<(Vec2, Vec2)>, Vec2) {
    let spacing = 2.5 * params.agent_radius;
    let per_block = agents.div_ceil(2);
    let side = (per_block as f32).sqrt().ceil() as usize;
    let width = side as f32 * spacing;
    let margin = 2.0 * params.agent_radius;
    let stage = stage.max(Vec2::new(3.0 * width + 2.0 * margin, width / 0.6));
    let top = (stage.y - width) * 0.5;
    let ends = (0..agents)
        .map(|k| {
            let slot = k / 2;
            let (col, row) = ((slot % side) as f32, (slot / side) as f32);
            let x = margin + (col + 0.5) * spacing;
            let at = Vec2::new(x, top + (row + 0.5) * spacing);
            let at = if k % 2 == 0 { at } else { Vec2::new(stage.x - at.x, at.y) };
            (at, Vec2::new(stage.x - at.x, at.y))
        })
        .collect();
    (ends, stage)
}

impl Build for CrossingScene {
    type Params = CrossingParams;
    type Variant = Variant;

    fn new(params: &CrossingParams, variant: Variant, setup: &Setup, spawn: &mut Spawn) -> Self {
        let ends = if setup.agents <= SCATTERED_UP_TO {
            scattered(params, setup, spawn.stage)
        } else {
            let (ends, stage) = blocks(params, setup.agents, spawn.stage);
            spawn.stage = stage;
            ends
        };
        spawn.reserve(ends.len());
        for (k, &(at, _)) in ends.iter().enumerate() {
            let look = if k % 2 == 0 { Look::Plain } else { Look::Faded };
            spawn.agent(at, Vec2::ZERO, params.mass, look);
        }
        let stage = spawn.stage;
        let n = setup.agents;
        Self {
            params: params.clone(),
            variant,
            // Cells a body wide: ORCA looks for its nearest few a few radii
            // around first (`walkers`), and the overlaps are a diameter.
            neighbors: Neighbors::new(setup.neighbors, 2.0 * params.agent_radius),
            walkers: Walkers::default(),
            goals: Vec::with_capacity(n),
            stage,
            ends,
            returning: vec![false; n],
            crossed: vec![false; n],
            pushes: Vec::new(),
            overlap_pairs: 0,
            overlap_now: 0,
            max_overlap: 0.0,
            crossing_ticks: None,
            speed_sum: 0.0,
            speed_count: 0,
            ticks: 0,
        }
    }
}

impl Scene for CrossingScene {
    fn card(&self) -> Card {
        let variant = self.variant;
        card::of(variant)
    }

    fn steer(&mut self, ctx: &mut Decide, _input: &Input) {
        let mut goals = std::mem::take(&mut self.goals);
        goals.clear();
        goals.extend((0..ctx.crowd.len()).map(|i| self.goal(i)));
        self.goals = goals;
        self.neighbors.rebuild(ctx.crowd.positions());
        let rules = self.rules();
        self.walkers.steer(ctx, &self.goals, &self.neighbors, &rules);
        self.walkers.record(ctx, &self.goals, &rules);
    }

    fn settle(&mut self, ctx: &mut Settle) {
        if self.variant == Variant::Hard {
            let diameter = 2.0 * self.radius();
            push_apart(ctx, &mut self.neighbors, diameter, &mut self.pushes, CONTACT_PASSES);
        }
        let crowd = ctx.crowd();
        let positions = crowd.positions();
        for (i, &p) in positions.iter().enumerate() {
            if p.distance(self.goal(i)) < ARRIVED {
                self.crossed[i] |= !self.returning[i];
                self.returning[i] = !self.returning[i];
            }
            let speed = crowd.velocities()[i].length();
            self.speed_sum += f64::from(speed / self.params.max_speed);
            self.speed_count += 1;
        }
        self.ticks += 1;
        if self.crossing_ticks.is_none() && self.crossed.iter().all(|&c| c) {
            self.crossing_ticks = Some(ctx.tick);
        }
        let (pairs, deepest) = self.overlaps(positions);
        self.overlap_now = pairs;
        self.overlap_pairs += pairs;
        self.max_overlap = self.max_overlap.max(deepest);
    }

    fn scenery(&self, _input: &Input, out: &mut Overlay) {
        // The two sides the crowds start from.
        let (w, h) = (self.stage.x, self.stage.y);
        for x in [SIDE, w - SIDE] {
            out.line(Meaning::Path, Vec2::new(x, h * 0.15), Vec2::new(x, h * 0.85));
        }
    }

    fn metrics(&self, _crowd: &Crowd, _tick: u64) -> Vec<(&'static str, Metric, Sampling)> {
        vec![
            mean_overlap_pairs(self.overlap_pairs, self.ticks),
            (
                "max_overlap",
                Metric::Float(self.max_overlap.into()),
                Sampling::EveryTick,
            ),
            (
                "crossing_ticks",
                Metric::from(self.crossing_ticks),
                Sampling::EveryTick,
            ),
            (
                "crossed",
                Metric::Int(self.crossed.iter().filter(|&&c| c).count() as u64),
                Sampling::EveryTick,
            ),
            (
                "mean_speed_ratio",
                Metric::Float(mean_of(self.speed_sum, self.speed_count)),
                Sampling::EveryTick,
            ),
        ]
    }

    fn headline(&self, _crowd: &Crowd) -> Figures {
        [("overlapping pairs", self.overlap_now as f64)].into()
    }

    fn inspect(&self, i: usize, crowd: &Crowd) -> Vec<(&'static str, Reading)> {
        self.walkers.inspect(i, crowd, &self.rules())
    }

    fn neighborhood(&self, i: usize, crowd: &Crowd) -> Option<Neighborhood<'_>> {
        let at = crowd.positions()[i];
        Some(Neighborhood::around(at, self.rules().reach(), &self.neighbors))
    }

    fn retune(&mut self, params: &dyn Params) -> Result<(), WrongScene> {
        let params: &CrossingParams = SCENE.typed(params)?;
        self.params = params.clone();
        Ok(())
    }

    fn agent_radius(&self) -> f32 {
        self.params.agent_radius
    }

    fn fade_alpha(&self) -> f32 {
        0.55
    }
}

#[cfg(test)]
mod tests;
