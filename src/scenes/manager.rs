//! The movement manager: four behaviours at once, and how their forces
//! combine (the series' last part; Buckland, *Programming Game AI by
//! Example*, ch. 3, "Combining Steering Behaviors").
//!
//! Agents wander, avoid round obstacles, keep apart and stay in the room,
//! all at once. Each behaviour has its force and its weight (Buckland's:
//! walls and obstacles 10, separation and wander 1); the variants are the
//! ways to make one force of four:
//!
//! - `weighted`: the tutorial's movement manager adds them all and
//!   truncates the sum once.
//! - `priority`: in order of importance (walls, obstacles, separation,
//!   wander), each takes what is left of the `max_force` budget.
//! - `dither`: in the same order, each gets a chance (Buckland's
//!   probabilities); the first chosen with something to say is the force.
//!
//! The knob `smoothing` averages the drawn heading over that many ticks
//! (Buckland's smoother, 0: off): it takes the jitter out of the picture,
//! not out of the motion.
//!
//! Dithering hears the walls only half the time, and lets agents through
//! them: one that gets 80 px out is brought back inside (`respawns`).
//!
//! Headless figures: `max_penetration`, the deepest any agent's disc went
//! into an obstacle, in px; `mean_heading_turn`, the mean turn of the
//! drawn heading, in radians per tick.
//!
//! Controls: V cycles the variants (C: side by side); drag an obstacle,
//! A adds one at the pointer, X removes the one under it; a click shows
//! every agent's four forces and its feelers.

use crate::sim::reading::{Reading};
use super::px;
use super::{
    check_round_obstacles, clear_point_in, penetration, random_heading, rng,
    round_obstacles,
};
use crate::overlay::{Meaning, Overlay};
use crate::sim::crowd::{Crowd, Look, Metric, Sampling};
use crate::sim::knobs::{Invalid, Knob, Params};
use crate::sim::decl::{Build, SceneDecl};
use crate::sim::scene::{Decide, Figures, Input, Neighborhood, Scene, Settle, Setup, Spawn, WrongScene};
use crate::sim::mind::{Card, Code};
use crate::steer::avoid::{AvoidParams, Obstacle, Probes, avoid};
use crate::steer::combine::{Smoother, Term, dithered, prioritized, weighted_sum};
use crate::steer::flock::{SeparationParams, separation};
use crate::steer::neighbors::{Near, NeighborIndex, Neighbors};
use crate::steer::walls::{Wall, feelers, outside_by, room, wall_avoidance};
use crate::steer::wander::{SERIES, next_angle, wander};
use crate::steer::{Limits, turn_angle};
use glam::Vec2;
use rand::RngExt;

crate::params! {
    /// `[manager.params]`: four behaviours at once, combined three ways.
    pub struct ManagerParams {
        /// Top speed (the series' later demos: 3).
        max_speed: f32 = 3.0, 0.5..=20.0, step 0.5, "px/tick", Live;
        /// Cap on the steering force (the series' later demos: 1.1): the budget `priority` shares out.
        max_force: f32 = 1.1, 0.1..=10.0, step 0.1, "", Live;
        /// Mass: the force is divided by it.
        mass: f32 = 1.0, 0.2..=10.0, step 0.1, "", Restart;
        /// Weight of the walls' push (Buckland: 10).
        wall_weight: f32 = 10.0, 0.0..=50.0, step 0.5, "", Live;
        /// Weight of the obstacle avoidance (Buckland: 10).
        obstacle_weight: f32 = 10.0, 0.0..=50.0, step 0.5, "", Live;
        /// Weight of the separation (Buckland: 1).
        separation_weight: f32 = 1.0, 0.0..=20.0, step 0.1, "", Live;
        /// Weight of the wander (Buckland: 1).
        wander_weight: f32 = 1.0, 0.0..=20.0, step 0.1, "", Live;
        /// Dithering's chance for the walls (Buckland's prWallAvoidance: 0.5).
        wall_chance: f32 = 0.5, 0.05..=1.0, step 0.05, "", Live;
        /// Dithering's chance for the obstacles (Buckland's prObstacleAvoidance: 0.5).
        obstacle_chance: f32 = 0.5, 0.05..=1.0, step 0.05, "", Live;
        /// Dithering's chance for the separation (Buckland's prSeparation: 0.2).
        separation_chance: f32 = 0.2, 0.05..=1.0, step 0.05, "", Live;
        /// Dithering's chance for the wander (Buckland's prWander: 0.8).
        wander_chance: f32 = 0.8, 0.05..=1.0, step 0.05, "", Live;
        /// The drawn heading is the mean of this many ticks' headings (Buckland's smoother; 0: off).
        smoothing: usize = 0, 0..=60, step 1, "ticks", Live;
        /// Length of the feeler straight ahead; the side ones are half as long (Buckland: 40).
        feeler_length: f32 = 40.0, 5.0..=200.0, step 5.0, "px", Live;
        /// How far ahead an agent at full speed looks for obstacles (original MAX_SEE_AHEAD: 50).
        max_see_ahead: f32 = 50.0, 0.0..=200.0, step 5.0, "px", Live;
        /// The agent's own radius: look-ahead and penetration use its disc.
        agent_radius: f32 = 8.0, 0.0..=20.0, step 1.0, "px", Live;
        /// Agents closer than this push apart.
        separation_radius: f32 = 24.0, 1.0..=100.0, step 1.0, "px", Live;
        /// Radius of an obstacle added with A.
        new_obstacle_radius: f32 = 40.0, 10.0..=150.0, step 5.0, "px", Live, Setup;
    }
    check check_manager;
    props discs(obstacles, new_obstacle_radius);
    fixed {
        /// The obstacles, as [x, y, radius] in world px: centres on the stage, radii up to its larger side.
        obstacles: Vec<[f32; 3]> = vec![
            [220.0, 180.0, 45.0],
            [560.0, 170.0, 40.0],
            [400.0, 320.0, 50.0],
            [210.0, 440.0, 40.0],
            [600.0, 430.0, 45.0],
        ];
    }
}

fn check_manager(p: &ManagerParams, stage: Vec2) -> Result<(), Invalid> {
    check_round_obstacles(&p.obstacles, stage)
}

crate::variants! {
    /// The ways to make one force of four.
    pub enum Variant {
        Weighted = "weighted": "Weighted sum: every force times its weight, added, truncated once.",
        Priority = "priority": "Prioritised: walls, obstacles, separation, wander, each taking what is left of the budget.",
        Dither = "dither": "Prioritised dithering: each behaviour gets a chance in turn; the first chosen is the force.",
    }
}

/// The room: the stage less a 40 px margin.
const ROOM: [Vec2; 4] = [
    Vec2::new(40.0, 40.0),
    Vec2::new(760.0, 40.0),
    Vec2::new(760.0, 560.0),
    Vec2::new(40.0, 560.0),
];

/// An agent this far outside the room (dithering lets them through) is
/// brought back to [`COMEBACK`], in px.
const LOST_DISTANCE: f32 = 80.0;

/// Where a lost agent comes back: inside, clear of the obstacles.
const COMEBACK: Vec2 = Vec2::new(400.0, 100.0);

/// The behaviours, in order of importance.
const ORDER: [&str; 4] = ["walls", "avoidance", "separation", "wander"];

/// One agent's four forces and feeler tips, last tick.
#[derive(Debug, Clone, Copy, Default)]
struct Felt {
    /// Each behaviour's force times its weight.
    terms: [Vec2; 4],
    /// What each got of the steering (the variant's way).
    shares: [Vec2; 4],
    tips: [Vec2; 3],
    /// Dithering: the chance of the behaviour chosen.
    chance: f32,
}

#[derive(Clone)]
pub struct ManagerScene {
    params: ManagerParams,
    variant: Variant,
    walls: Vec<Wall>,
    obstacles: Vec<Obstacle>,
    neighbors: Neighbors,
    scratch: Vec<Near>,
    angles: Vec<f32>,
    felt: Vec<Felt>,
    smoothers: Vec<Smoother>,
    /// The heading each agent is drawn with.
    headings: Vec<Vec2>,
    rng: rand_pcg::Pcg32,
    max_penetration: f32,
    /// The farthest any agent went outside the room, in px.
    max_outside: f32,
    /// Agents brought back from far outside the room.
    respawns: u64,
    /// Agents whose disc is in an obstacle after the last tick.
    inside: u64,
    turn_sum: f64,
    turn_count: u64,
    /// The mean turn of the drawn heading in the last tick.
    turn_now: f32,
}

mod tour;

/// The manager scene, as data: who it is and how it starts.
pub const SCENE: SceneDecl = SceneDecl {
    name: "manager",
    title: "The movement manager",
    seed: 3,
    agents: Knob::agents("Agents in the room.", 40, 400, 1),
    primary: Some(ManagerParams::smoothing.knob()),
    series: &[
        ("agents in an obstacle", "agents"),
        ("heading turn (mrad/tick)", "mrad/tick"),
    ],
    tour: tour::STEPS,
    ..SceneDecl::of::<ManagerScene>()
};

impl Build for ManagerScene {
    type Params = ManagerParams;
    type Variant = Variant;

    fn new(params: &ManagerParams, variant: Variant, setup: &Setup, spawn: &mut Spawn) -> Self {
        let mut rng = rng(setup.seed);
        let obstacles = round_obstacles(&params.obstacles);
        let mut angles = Vec::with_capacity(setup.agents);
        for _ in 0..setup.agents {
            // In the room, clear of its walls and obstacles.
            let inside = (ROOM[0] + 30.0, ROOM[2] - 30.0);
            let at = clear_point_in(&mut rng, inside, &obstacles, params.agent_radius + 10.0);
            let heading = random_heading(&mut rng) * params.max_speed;
            spawn.agent(at, heading, params.mass, Look::Plain);
            angles.push(rng.random_range(0.0..std::f32::consts::TAU));
        }
        Self {
            params: params.clone(),
            variant,
            walls: room(&ROOM),
            obstacles,
            neighbors: Neighbors::new(setup.neighbors, params.separation_radius),
            scratch: Vec::new(),
            angles,
            felt: vec![Felt::default(); setup.agents],
            smoothers: vec![Smoother::default(); setup.agents],
            headings: vec![Vec2::ZERO; setup.agents],
            rng,
            max_penetration: 0.0,
            max_outside: 0.0,
            respawns: 0,
            inside: 0,
            turn_sum: 0.0,
            turn_count: 0,
            turn_now: 0.0,
        }
    }
}

impl Scene for ManagerScene {
    fn card(&self) -> Card {
        let variant = self.variant;
        const TERMS: [&str; 4] = [
            "walls = wall_avoidance(ahead) * wall_weight  // and the side feelers",
            "avoidance = obstacle_avoidance(velocity) * obstacle_weight",
            "separation = separation(position) * separation_weight",
            "wander = wander(velocity) * wander_weight",
        ];
        match variant {
            Variant::Weighted => Card {
                idea: "Four behaviours each give a force, times a weight. The tutorial's \
                    movement manager adds them all, and the cap cuts the sum once: \
                    a strong push that does not matter now can drown one that does.",
                formula: &[
                    TERMS[0],
                    TERMS[1],
                    TERMS[2],
                    TERMS[3],
                    "steering = walls + avoidance + separation + wander",
                ],
                code: &[Code("steer::combine::weighted_sum", "src/steer/combine.rs")],
            },
            Variant::Priority => Card {
                idea: "The forces are taken in order of importance: walls, obstacles, \
                    separation, wander. Each adds what fits in the max_force budget; once \
                    it is spent, the rest are not heard.",
                formula: &[
                    TERMS[0],
                    TERMS[1],
                    TERMS[2],
                    TERMS[3],
                    "steering = walls + avoidance + separation + wander  // in order, each cut to what is left of max_force",
                ],
                code: &[Code("steer::combine::prioritized", "src/steer/combine.rs")],
            },
            Variant::Dither => Card {
                idea: "In the same order, each behaviour gets a chance (wall_chance, \
                    obstacle_chance...). The first that is chosen and has something to say \
                    is the whole force, divided by its chance. Cheap, and jittery.",
                formula: &[
                    TERMS[0],
                    TERMS[1],
                    TERMS[2],
                    TERMS[3],
                    "steering = chosen / chance  // the first, in order, that wins its roll",
                ],
                code: &[Code("steer::combine::dithered", "src/steer/combine.rs")],
            },
        }
    }

    fn steer(&mut self, ctx: &mut Decide, _input: &Input) {
        let p = &self.params;
        let limits = Limits {
            max_speed: p.max_speed,
            max_force: p.max_force,
        };
        let rules = AvoidParams {
            max_see_ahead: p.max_see_ahead,
            max_avoid_force: 1.0,
            margin: p.agent_radius,
            probes: Probes::Full,
        };
        let sep = SeparationParams {
            radius: p.separation_radius,
            max_separation: 1.0,
        };
        let weights = [
            p.wall_weight,
            p.obstacle_weight,
            p.separation_weight,
            p.wander_weight,
        ];
        let chances = [
            p.wall_chance,
            p.obstacle_chance,
            p.separation_chance,
            p.wander_chance,
        ];
        let crowd = ctx.crowd;
        let positions = crowd.positions();
        self.neighbors.rebuild(positions);
        for i in 0..crowd.len() {
            let (pos, vel) = (positions[i], crowd.velocities()[i]);
            let tips = feelers(pos, vel.normalize_or_zero(), p.feeler_length);
            self.neighbors
                .within(positions, pos, sep.radius, &mut self.scratch);
            let others = self.scratch.iter().filter(|n| n.index as usize != i);
            let raw = [
                wall_avoidance(pos, &tips, &self.walls),
                avoid(pos, vel, p.max_speed, &self.obstacles, &rules).force,
                separation(pos, others.map(|n| n.position), &sep),
                wander(vel, self.angles[i], &SERIES).force,
            ];
            self.angles[i] = next_angle(self.angles[i], self.rng.random::<f32>(), &SERIES);
            let terms = std::array::from_fn::<_, 4, _>(|k| Term {
                force: raw[k] * weights[k],
                probability: chances[k],
            });
            // Every variant rolls, so that switching keeps the wander's
            // draws in step.
            let rolls: [f32; 4] = std::array::from_fn(|_| self.rng.random::<f32>());
            let shares = match self.variant {
                Variant::Weighted => weighted_sum(&terms),
                Variant::Priority => prioritized(&terms, p.max_force),
                Variant::Dither => dithered(&terms, &rolls, p.max_force),
            };
            let chosen = (shares.iter()).position(|&f| f != Vec2::ZERO);
            let force = shares.iter().sum();
            self.felt[i] = Felt {
                terms: terms.map(|t| t.force),
                shares,
                tips,
                chance: chosen.map_or(1.0, |k| chances[k]),
            };
            ctx.set(i, force, limits);
        }
        self.record(ctx);
    }

    fn settle(&mut self, ctx: &mut Settle) {
        self.inside = 0;
        let (mut turned, mut moving) = (0.0f64, 0u64);
        for i in 0..ctx.crowd().len() {
            let p = ctx.crowd().positions()[i];
            let depth = penetration(&self.obstacles, p, self.params.agent_radius);
            if depth > 0.0 {
                self.inside += 1;
            }
            self.max_penetration = self.max_penetration.max(depth);
            let outside = outside_by(p, &ROOM);
            self.max_outside = self.max_outside.max(outside);
            if outside > LOST_DISTANCE {
                ctx.teleport(i, COMEBACK);
                self.respawns += 1;
            }
            let heading = ctx.crowd().velocities()[i].normalize_or_zero();
            self.smoothers[i].push(heading);
            let drawn = self.smoothers[i].heading(self.params.smoothing);
            if self.headings[i] != Vec2::ZERO && drawn != Vec2::ZERO {
                turned += f64::from(turn_angle(self.headings[i], drawn));
                moving += 1;
            }
            if drawn != Vec2::ZERO {
                self.headings[i] = drawn;
            }
        }
        self.turn_sum += turned;
        self.turn_count += moving;
        self.turn_now = if moving > 0 {
            (turned / moving as f64) as f32
        } else {
            0.0
        };
    }

    fn scenery(&self, _input: &Input, out: &mut Overlay) {
        for w in &self.walls {
            out.line(Meaning::Wall, w.from, w.to);
        }
        for o in &self.obstacles {
            if let Obstacle::Circle { center, radius } = *o {
                out.circle(Meaning::Obstacle, center, radius);
            }
        }
    }

    fn metrics(&self, _crowd: &Crowd, _tick: u64) -> Vec<(&'static str, Metric, Sampling)> {
        let mean_turn = if self.turn_count > 0 {
            self.turn_sum / self.turn_count as f64
        } else {
            0.0
        };
        vec![
            (
                "max_penetration",
                Metric::Float(self.max_penetration.into()),
                Sampling::EveryTick,
            ),
            (
                "max_outside_room",
                Metric::Float(self.max_outside.into()),
                Sampling::EveryTick,
            ),
            ("respawns", Metric::Int(self.respawns), Sampling::EveryTick),
            (
                "mean_heading_turn",
                Metric::Float(mean_turn),
                Sampling::EveryTick,
            ),
        ]
    }

    fn headline(&self, _crowd: &Crowd) -> Figures {
        [
            ("agents in an obstacle", self.inside as f64),
            (
                "heading turn (mrad/tick)",
                f64::from(self.turn_now) * 1000.0,
            ),
        ]
        .into()
    }

    fn inspect(&self, i: usize, crowd: &Crowd) -> Vec<(&'static str, Reading)> {
        let depth = penetration(
            &self.obstacles,
            crowd.positions()[i],
            self.params.agent_radius,
        );
        let outside = outside_by(crowd.positions()[i], &ROOM);
        vec![
            ("in an obstacle", px(depth)),
            ("outside the room", px(outside)),
        ]
    }

    fn neighborhood(&self, i: usize, crowd: &Crowd) -> Option<Neighborhood<'_>> {
        let at = crowd.positions()[i];
        Some(Neighborhood::around(
            at,
            self.params.separation_radius,
            &self.neighbors,
        ))
    }

    fn retune(&mut self, params: &dyn Params) -> Result<(), WrongScene> {
        let params: &ManagerParams = SCENE.typed(params)?;
        if params.obstacles != self.params.obstacles {
            self.obstacles = round_obstacles(&params.obstacles);
        }
        self.params = params.clone();
        Ok(())
    }

    fn headings(&self) -> Option<&[Vec2]> {
        Some(&self.headings)
    }
}

mod overlay;

#[cfg(test)]
mod tests;
