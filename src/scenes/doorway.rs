//! Queue: a crowd leaving a room through a doorway.
//!
//! Agents seek a point beyond a 130 px doorway in a wall, avoiding the wall.
//! The variants are the steps of the lesson: v0 has no queue and the crowd
//! tramples itself; v1 halves the velocity when someone is ahead; v2 brakes
//! with a force; v3 adds a hard stop when crowded; v4 adds separation to the
//! brake and gives an orderly queue; v5 adds the non-penetration
//! constraint to v4 (Reynolds' own crowd demos): after the move, bodies
//! that overlap are pushed apart until they only touch. It buys no overlap
//! whatever the knobs (with `max_separation` 0.5 and 240 agents, v4 overlaps
//! 4.25 px over 3,600 ticks, v5 none, 529 and 528 through the door) and
//! costs a pass over the neighbours a tick (`benches/README.md` has the
//! figures). At the default knobs v4 rarely overlaps at
//! all, so the two run alike. An agent that went through is respawned
//! below the room, so the doorway never runs dry.
//!
//! The room is the original's: a 600x480 stage stepped at 30 ticks per
//! second, agents starting below it and walking in. `--agents N` grows it
//! (walls and doorway in proportion) to keep 60 agents per 600x480, so a
//! crowd of 100,000 still queues like the original 60.
//!
//! Controls: V cycles v0..v5; a click shows velocity (green), brake (red),
//! the ahead point (orange) and the queue radius around agent and ahead point.

mod card;
mod decide;
mod look;
mod overlay;
mod room;

use crate::sim::reading::{Reading, yes_no};
use super::{CONTACT_PASSES, in_runs, push_apart, random_point, rng};
use crate::overlay::{Meaning, Overlay};
use crate::sim::MAX_AGENTS;
use crate::sim::crowd::{Crowd, Look, Metric, Sampling, decide_all_with};
use crate::steer::par::CHUNK;
use crate::sim::knobs::{Knob, Params};
use crate::sim::mind::Card;
use crate::sim::decl::{Build, SceneDecl};
use crate::sim::scene::{Decide, Figures, Input, Neighborhood, Scene, Settle, Setup, Spawn, WrongScene};
use crate::steer::avoid::Obstacle;
use crate::steer::neighbors::{Near, NeighborIndex, Neighbors, Runs};
use crate::steer::sum::ExactSum;
use decide::{Decision, Outcome, Rules, decide_group};
use glam::Vec2;
use look::Seen;
use super::overlaps::Overlap;
use rand::RngExt;
use rand_pcg::Pcg32;
use rayon::prelude::*;
pub use room::Room;
use room::{FreeSpace, RANDOM_UP_TO, SPAWN_TRIES};

crate::params! {
    /// `[doorway.params]`: a crowd leaving a room.
    pub struct DoorwayParams {
        /// The room's width before it grows with the crowd (original stage: 600).
        stage_width: f32 = 600.0, 300.0..=2000.0, step 10.0, "px", Restart, Setup;
        /// The room's height before it grows with the crowd (original stage: 480).
        stage_height: f32 = 480.0, 300.0..=2000.0, step 10.0, "px", Restart, Setup;
        /// Top speed (original MAX_VELOCITY: 6).
        max_speed: f32 = 6.0, 0.5..=20.0, step 0.5, "px/tick", Live;
        /// Cap on the steering force (original MAX_FORCE: 5.4).
        max_force: f32 = 5.4, 0.1..=20.0, step 0.1, "", Live;
        /// Lightest agent (original: mass = 20 + random * 20).
        mass_min: f32 = 20.0, 1.0..=100.0, step 1.0, "", Restart, Setup;
        /// Spread of the masses above the lightest (original: 20).
        mass_range: f32 = 20.0, 0.0..=100.0, step 1.0, "", Restart, Setup;
        /// Start velocity, x (original: -1).
        start_velocity_x: f32 = -1.0, -6.0..=6.0, step 0.5, "px/tick", Restart, Setup;
        /// Start velocity, y (original: -2).
        start_velocity_y: f32 = -2.0, -6.0..=6.0, step 0.5, "px/tick", Restart, Setup;
        /// Half the drawn agent's length; overlaps are measured between these discs.
        agent_radius: f32 = 8.0, 1.0..=20.0, step 1.0, "px", Live;
        /// How far ahead agents look for a wall at full speed (original MAX_AVOID_AHEAD: 50).
        max_see_ahead: f32 = 50.0, 0.0..=200.0, step 5.0, "px", Live;
        /// Push away from a wall ahead; = max_force, where 600 only saturated the cap and drowned separation (original AVOID_FORCE: 600).
        max_avoid_force: f32 = 5.4, 0.0..=2000.0, step 0.1, "", Live;
        /// How far ahead agents look for someone to queue behind (original MAX_QUEUE_AHEAD: 30).
        max_queue_ahead: f32 = 30.0, 1.0..=100.0, step 1.0, "px", Live;
        /// Someone this close to the ahead point is in the way (original MAX_QUEUE_RADIUS: 30).
        max_queue_radius: f32 = 30.0, 1.0..=100.0, step 1.0, "px", Live;
        /// v1: velocity factor while someone is ahead (original: 0.5).
        slow_factor: f32 = 0.5, 0.0..=1.0, step 0.05, "", Live;
        /// v2+: share of the steering the brake cancels (original: 0.8).
        brake_factor: f32 = 0.8, 0.0..=1.0, step 0.05, "", Live;
        /// v3+: velocity factor of the hard stop when crowded (original: 0.3).
        hard_stop_factor: f32 = 0.3, 0.0..=1.0, step 0.05, "", Live;
        /// v4: strength of separation; = max_force, as 2 / mass 20-40 could not part two agents in time (original MAX_SEPARATION: 2).
        max_separation: f32 = 5.4, 0.0..=20.0, step 0.1, "", Live;
        /// v4: neighbours closer than this push apart (original SEPARATION_RADIUS: 30).
        separation_radius: f32 = 30.0, 1.0..=100.0, step 1.0, "px", Live;
        /// Width of the doorway, centred under the target (original: 130).
        door_width: f32 = 130.0, 20.0..=400.0, step 10.0, "px", Restart, Setup;
        /// Top of the walls, as a fraction of the stage height (original: 0.05).
        wall_top: f32 = 0.05, 0.0..=0.5, step 0.01, "", Restart, Setup;
        /// Thickness of the walls (original: 80).
        wall_thickness: f32 = 80.0, 5.0..=300.0, step 5.0, "px", Restart, Setup;
        /// Where agents go, x as a fraction of the stage width (original: w/2).
        target_x: f32 = 0.5, 0.0..=1.0, step 0.05, "", Restart, Setup;
        /// Where agents go, y (original: -100).
        target_y: f32 = -100.0, -1000.0..=0.0, step 10.0, "px", Restart, Setup;
        /// An agent above this line went through (original: respawned once y <= -5).
        exit_y: f32 = -5.0, -1000.0..=0.0, step 1.0, "px", Restart, Setup;
        /// ... and comes back at this height, a fraction of the stage's (original: 1.2).
        respawn_y: f32 = 1.2, 1.0..=10.0, step 0.1, "", Restart, Setup;
        /// Agents start below the stage, up to this far below its bottom (original: 200); a crowd over four times reference_agents also in the room's lower part.
        spawn_depth: f32 = 200.0, 0.0..=1000.0, step 10.0, "px", Restart, Setup;
        /// Overlay: unit vectors drawn this long (original: x100).
        unit_vector_length: f32 = 100.0, 10.0..=300.0, step 10.0, "px", Live, Setup;
        /// An agent avoiding a wall is drawn at this opacity (original: 0.4).
        fade_alpha: f32 = 0.4, 0.0..=1.0, step 0.05, "", Live, Setup;
        /// The room grows with --agents to keep this many agents per 600x480.
        reference_agents: usize = 60, 10..=1000, step 10, "", Restart, Setup;
    }
    check room::doorway_fits;
}

crate::variants! {
    /// The steps of the queue lesson.
    pub enum Variant {
        V0 = "v0": "v0, no queue: seek and avoid the walls; the crowd tramples itself at the door.",
        V1 = "v1": "v1: halve the velocity while someone is ahead; still pushy.",
        V2 = "v2": "v2: a brake force cancels the steering while someone is ahead.",
        V3 = "v3": "v3: v2 plus a hard stop (velocity x0.3) when someone is within the queue radius.",
        V4 = "v4": "v4: v3 plus separation, stronger the closer: an orderly queue where nobody overlaps.",
        V5 = "v5": "v5: v4 plus the non-penetration constraint: after the move, overlapping bodies are pushed apart.",
    }
}

/// How the doorway's grid lays out its cells, and so its agents' spawn
/// order: column by column. The crowd walks up the stage, and an agent
/// scans the box around itself and its point 30 px ahead, some 90 px tall
/// and 60 to 70 wide: four rows of cells, or three to four columns. A
/// column is one run, so the scan takes a fifth fewer runs (and less
/// time: `benches/README.md`).
const RUNS: Runs = Runs::Columns;

#[derive(Clone)]
pub struct DoorwayScene {
    params: DoorwayParams,
    room: Room,
    rules: Rules,
    rng: Pcg32,
    neighbors: Neighbors,
    decisions: Vec<Decision>,
    /// This tick's decisions, in the order `decide_all_with` made them.
    decided: Vec<Outcome>,
    /// What each chunk's groups of agents saw, reused every tick.
    seen: Vec<Seen>,
    /// A neighbour-query buffer for the respawns, reused every tick.
    scratch: Vec<Near>,
    /// Where agents came back this tick, to respawn the next ones apart.
    respawned: Vec<Vec2>,
    /// v5: each agent's push out of the others, a pass at a time.
    pushes: Vec<ExactSum>,
    exited: u64,
    first_exit: u64,
    /// Tick of the latest exit (0 before the first: then the whole run is a stall).
    last_exit: u64,
    longest_stall: u64,
    max_overlap: f32,
    overlap_pairs: u64,
    /// Overlapping pairs on the stage as the last tick found them (before
    /// its move: measuring after it would cost a second pass).
    last_pairs: u64,
}

impl DoorwayScene {
    /// The room the crowd is in.
    pub fn room(&self) -> &Room {
        &self.room
    }

    /// Deepest overlap and overlapping pairs among the agents on the stage
    /// (the ones a viewer sees: not those walking in from the respawn line),
    /// by a pass over the pairs.
    fn measure_overlaps(&self, positions: &[Vec2]) -> Overlap {
        Overlap::by_pairs(
            &self.neighbors,
            positions,
            self.rules.diameter,
            self.room.stage,
        )
    }

    /// Adds a tick's overlaps to the figures.
    fn count_overlaps(&mut self, overlap: Overlap) {
        self.overlap_pairs += u64::from(overlap.pairs);
        self.last_pairs = u64::from(overlap.pairs);
        self.max_overlap = self.max_overlap.max(overlap.deepest);
    }

    /// A spot on the respawn line (or a row below it, when the line is
    /// full) at least the spawn spacing from everyone: the agents as they
    /// stand, found through the index of the tick's start (searched a
    /// tick's move wider), and the ones respawned before this one.
    fn free_respawn_spot(&mut self, agent: usize, positions: &[Vec2]) -> Vec2 {
        let spacing = self.room.spacing;
        let reach = spacing + self.rules.limits.max_speed;
        let scratch = &mut self.scratch;
        let mut at = Vec2::ZERO;
        for k in 0..SPAWN_TRIES {
            let row = (k / 16) as f32 * spacing;
            let x = self.rng.random_range(0.0..=self.room.stage.x);
            at = Vec2::new(x, self.room.respawn_y + row);
            self.neighbors.within(positions, at, reach, scratch);
            let apart = |q: Vec2| q.distance_squared(at) >= spacing * spacing;
            // Where they stand now, not where the index saw them.
            let now = |n: &Near| positions[n.index as usize];
            let clear = scratch
                .iter()
                .all(|n| n.index as usize == agent || apart(now(n)))
                && self.respawned.iter().all(|&q| apart(q));
            if clear {
                break;
            }
        }
        at
    }

}

mod tour;

/// The doorway scene, as data: who it is and how it starts.
pub const SCENE: SceneDecl = SceneDecl {
    name: "doorway",
    title: "Queue at a doorway",
    seed: 5,
    agents: Knob::agents(
        "Agents in the room (original: 60); the room grows to keep their density.",
        60,
        MAX_AGENTS,
        1000,
    ),
    default_variant: 4,
    tick_hz: Some(30.0),
    // The lesson's two ends: the orderly queue and the trampling crowd.
    compare: Some(0),
    primary: Some(DoorwayParams::max_separation.knob()),
    roles: &[
        (Look::Plain, "agent"),
        (Look::Faded, "avoiding a wall"),
    ],
    unused: &[
        ("v0", &["max_queue_ahead", "slow_factor", "brake_factor", "hard_stop_factor", "max_separation"]),
        ("v1", &["brake_factor", "hard_stop_factor", "max_separation"]),
        ("v2", &["slow_factor", "hard_stop_factor", "max_separation"]),
        ("v3", &["slow_factor", "max_separation"]),
        ("v4", &["slow_factor"]),
        ("v5", &["slow_factor"]),
    ],
    series: &[
        ("overlapping pairs", "pairs"),
        ("agents through the doorway", "agents"),
    ],
    tour: tour::STEPS,
    ..SceneDecl::of::<DoorwayScene>()
};

impl Build for DoorwayScene {
    type Params = DoorwayParams;
    type Variant = Variant;

    fn new(params: &DoorwayParams, variant: Variant, setup: &Setup, spawn: &mut Spawn) -> Self {
        let p = params;
        let room = Room::new(p, setup.agents);
        spawn.stage = room.stage;
        let mut rng = rng(setup.seed);
        let start_velocity = Vec2::new(p.start_velocity_x, p.start_velocity_y);
        // Below the stage (a large crowd: from inside the room's lower
        // part), walking in, nobody inside anyone's personal space.
        let (low, high) = (
            Vec2::new(0.0, room.spawn_top),
            Vec2::new(room.stage.x, room.spawn_bottom),
        );
        let (placed, masses): (Vec<Vec2>, Vec<f32>) = if setup.agents <= RANDOM_UP_TO {
            let mut free = FreeSpace::new(room.spacing, low, high);
            (0..setup.agents)
                .map(|_| {
                    let at = free.place(|| random_point(&mut rng, low, high));
                    (at, p.mass_min + rng.random::<f32>() * p.mass_range)
                })
                .unzip()
        } else {
            let placed = room::on_lattice(setup.agents, low, high, room.spacing, &mut rng);
            let masses = (0..setup.agents)
                .map(|_| p.mass_min + rng.random::<f32>() * p.mass_range)
                .collect();
            (placed, masses)
        };
        let rules = Rules::new(p, variant);
        let cell = rules.near_radius.max(2.0 * p.agent_radius);
        // The crowd walks in as a whole, so agents placed near each other
        // stay near each other, in memory too.
        spawn.reserve(setup.agents);
        for k in in_runs(&placed, cell, RUNS) {
            spawn.agent(placed[k], start_velocity, masses[k], Look::Plain);
        }
        Self {
            params: p.clone(),
            decisions: vec![Decision::default(); setup.agents],
            decided: Vec::with_capacity(setup.agents),
            seen: (0..setup.agents.div_ceil(CHUNK))
                .map(|_| Seen::default())
                .collect(),
            scratch: Vec::new(),
            respawned: Vec::new(),
            pushes: Vec::new(),
            room,
            rules,
            rng,
            neighbors: Neighbors::with_runs(setup.neighbors, cell, RUNS),
            exited: 0,
            first_exit: 0,
            last_exit: 0,
            longest_stall: 0,
            max_overlap: 0.0,
            overlap_pairs: 0,
            last_pairs: 0,
        }
    }
}

impl Scene for DoorwayScene {
    fn card(&self) -> Card {
        let variant = self.rules.variant;
        card::of(variant)
    }

    /// Index, measure and decide from the crowd as it stands, in parallel:
    /// every agent reads the same snapshot, so the result does not depend on
    /// the thread count.
    fn steer(&mut self, ctx: &mut Decide, _input: &Input) {
        let positions = ctx.crowd.positions();
        self.neighbors.rebuild(positions);
        // The crowd as the last tick left it; the random spawn is not the
        // queue's doing. Measured by the decisions when they can.
        let measured = ctx.tick > 0;
        if measured && !self.rules.decide_finds_overlaps() {
            let overlap = self.measure_overlaps(positions);
            self.count_overlaps(overlap);
        }
        let (crowd, room, rules, neighbors) = (ctx.crowd, &self.room, &self.rules, &self.neighbors);
        let slot = decide_all_with(
            neighbors.memory_order(),
            crowd,
            &mut self.decided,
            &mut self.seen,
            |agents, seen, out| decide_group(agents, crowd, room, rules, neighbors, seen, out),
        );
        let decided = &self.decided;
        // Back to each agent, with the limits, in one pass.
        (
            &mut ctx.limits[..],
            &mut ctx.steering[..],
            &mut ctx.looks[..],
            &mut self.decisions[..],
        )
            .into_par_iter()
            .enumerate()
            .with_min_len(CHUNK)
            .for_each(|(i, (limits, steering, look, decision))| {
                let o = &decided[slot(i)];
                (*steering, *look, *decision) = (o.steering, o.look, o.decision);
                *limits = rules.limits;
            });
        if measured && self.rules.decide_finds_overlaps() {
            let overlap = decided
                .par_iter()
                .with_min_len(CHUNK)
                .map(|o| o.overlap)
                .reduce(Overlap::default, Overlap::merge);
            self.count_overlaps(overlap);
        }
        self.record_overlay(ctx);
    }

    /// Through the doorway: back below the room on a free spot, in index
    /// order (drawing from the scene's generator).
    fn settle(&mut self, ctx: &mut Settle) {
        if self.rules.variant == Variant::V5 {
            let diameter = 2.0 * self.params.agent_radius;
            push_apart(ctx, &mut self.neighbors, diameter, &mut self.pushes, CONTACT_PASSES);
        }
        self.respawned.clear();
        for i in 0..ctx.crowd().len() {
            if ctx.crowd().positions()[i].y > self.room.exit_y {
                continue;
            }
            let at = self.free_respawn_spot(i, ctx.crowd().positions());
            self.respawned.push(at);
            ctx.teleport(i, at);
            if self.exited > 0 {
                self.longest_stall = self.longest_stall.max(ctx.tick - self.last_exit);
            } else {
                self.first_exit = ctx.tick;
            }
            self.exited += 1;
            self.last_exit = ctx.tick;
        }
    }

    fn scenery(&self, _input: &Input, out: &mut Overlay) {
        for wall in &self.room.walls {
            if let Obstacle::Rect { min, max } = *wall {
                out.rect(Meaning::Wall, min, max);
            }
        }
        out.point(Meaning::Target, self.room.target);
    }

    fn metrics(&self, _crowd: &Crowd, tick: u64) -> Vec<(&'static str, Metric, Sampling)> {
        let ticks = tick.max(1) as f64;
        vec![
            ("exited", Metric::Int(self.exited), Sampling::EveryTick),
            (
                "max_overlap",
                Metric::Float(self.max_overlap.into()),
                Sampling::EveryTick,
            ),
            (
                "mean_overlap_pairs",
                Metric::Float(self.overlap_pairs as f64 / ticks),
                Sampling::EveryTick,
            ),
            (
                "longest_stall",
                Metric::Int(self.longest_stall.max(tick - self.last_exit)),
                Sampling::EveryTick,
            ),
            (
                "first_exit_tick",
                (self.exited > 0).then_some(self.first_exit).into(),
                Sampling::EveryTick,
            ),
            (
                "stage_width",
                Metric::Float(self.room.stage.x.into()),
                Sampling::Setup,
            ),
            (
                "stage_height",
                Metric::Float(self.room.stage.y.into()),
                Sampling::Setup,
            ),
        ]
    }

    fn headline(&self, _crowd: &Crowd) -> Figures {
        [
            ("overlapping pairs", self.last_pairs as f64),
            // A running total: its slope is the flow through the door (a
            // count per tick would chart as a barcode of 0s and 1s).
            ("agents through the doorway", self.exited as f64),
        ]
        .into()
    }

    fn inspect(&self, i: usize, _crowd: &Crowd) -> Vec<(&'static str, Reading)> {
        let d = &self.decisions[i];
        vec![
            ("queue", d.queue.reading()),
            ("avoiding wall", yes_no(d.avoiding)),
        ]
    }

    /// Separation's circle around the agent; the query scans the box
    /// around it and the ahead point, where the queue looks too.
    fn neighborhood(&self, i: usize, crowd: &Crowd) -> Option<Neighborhood<'_>> {
        let (at, ahead) = (crowd.positions()[i], self.decisions[i].ahead);
        let reach = self.rules.near_radius;
        Some(Neighborhood {
            scan: (at.min(ahead) - reach, at.max(ahead) + reach),
            ..Neighborhood::around(at, reach, &self.neighbors)
        })
    }

    fn retune(&mut self, params: &dyn Params) -> Result<(), WrongScene> {
        let params: &DoorwayParams = SCENE.typed(params)?;
        self.rules = Rules::new(params, self.rules.variant);
        self.params = params.clone();
        Ok(())
    }

    fn agent_radius(&self) -> f32 {
        self.params.agent_radius
    }

    fn fade_alpha(&self) -> f32 {
        self.params.fade_alpha
    }
}

#[cfg(test)]
mod tests;
