//! Pedestrians (OpenSteer's classic plug-in): a crowd walks a closed path
//! both ways round, half clockwise, half back, past a few round
//! obstacles on the way.
//!
//! - `path`: path following only. Each pedestrian predicts where it will
//!   be, projects that onto the path and, when the prediction leaves the
//!   road or lies behind it in its own direction, seeks a point further
//!   along its way. Nothing else: walkers meeting head on walk through
//!   each other, and through the obstacles.
//! - `full`: OpenSteer's pedestrians, in its order of priority: an
//!   obstacle ahead first (the avoid lesson's look-ahead), then the
//!   soonest predicted collision with another walker (unaligned collision
//!   avoidance, as the crossing's `predictive`), and with neither, the
//!   path. OpenSteer lets a lower rule "leak through" one time in ten at
//!   random; here the order is kept every tick, so a run does not depend
//!   on the order agents decide in.
//!
//! Headless figures: `mean_overlap_pairs` (pairs of bodies overlapping by
//! more than a hundredth of a px, per tick), `max_obstacle_penetration`
//! (px, the deepest a body reached into an obstacle) and `mean_path_speed`
//! (speed along the path, in the walker's own direction, over max speed).
//!
//! Controls: V switches path / full (C: side by side); + and - widen and
//! narrow the road; press on an obstacle and drag it, A adds one at the
//! pointer, X removes the one under it; a click on a walker shows its
//! prediction on the path and the collision it avoids.

mod card;
mod overlay;

use crate::sim::reading::{Reading, reads, value};
use super::overlaps::{Overlap, mean_overlap_pairs, mean_of};
use super::{check_round_obstacles, nearness, penetration, rng, round_obstacles};
use crate::overlay::{Meaning, Overlay};
use crate::sim::crowd::{Crowd, Look, Metric, Sampling};
use crate::sim::decl::{Build, SceneDecl};
use crate::sim::knobs::{Invalid, Knob, Params};
use crate::sim::mind::Card;
use crate::sim::scene::{
    Decide, Figures, Input, Neighborhood, Scene, Settle, Setup, Spawn, WrongScene,
};
use crate::steer::Limits;
use crate::steer::avoid::{AvoidParams, Obstacle, Probes, avoid};
use crate::steer::neighbors::{Near, NeighborIndex, Neighbors};
use crate::steer::path::{Projection, follow_by_projection_directed, locate};
use crate::steer::unaligned::{Mover, Threat, avoid_meeting, sidestep_touching, soonest_threat};
use glam::Vec2;
use rand::RngExt;

crate::params! {
    /// `[pedestrians.params]`: walkers on a closed path, both ways round.
    pub struct PedestriansParams {
        /// Top speed: a walking pace (OpenSteer: 2 units/s, four body radii a second; here the crossing's).
        max_speed: f32 = 2.0, 0.5..=10.0, step 0.5, "px/tick", Live;
        /// Cap on the steering force.
        max_force: f32 = 0.5, 0.1..=5.0, step 0.1, "", Live;
        /// Mass: the force is divided by it.
        mass: f32 = 1.0, 0.2..=10.0, step 0.1, "", Restart;
        /// A walker's body: overlap and penetration are measured with this disc (OpenSteer: 0.5, a quarter of the road's radius).
        agent_radius: f32 = 8.0, 2.0..=20.0, step 1.0, "px", Restart;
        /// The road's half width around the path (OpenSteer: 2, four body radii).
        path_radius: f32 = 32.0, 8.0..=120.0, step 4.0, "px", Live;
        /// How far ahead a walker predicts where it will be (OpenSteer: 3 s of walking, 12 body radii; here 6).
        look_ahead: f32 = 48.0, 0.0..=200.0, step 4.0, "px", Live;
        /// How far along the path, its own way, from the predicted point it aims.
        ahead: f32 = 16.0, 0.0..=100.0, step 2.0, "px", Live;
        /// Weight of the path's seek (OpenSteer: 0.5).
        path_weight: f32 = 0.5, 0.0..=5.0, step 0.1, "", Live;
        /// A push along the heading that keeps a walker walking (OpenSteer: 1 of its max force 16; here the same share).
        walk_force: f32 = 0.03, 0.0..=0.5, step 0.01, "", Live;
        /// How far ahead a collision with another walker is looked for (OpenSteer: 3 s; here the crossing's 40 ticks, 10 body radii).
        lead_time: f32 = 40.0, 1.0..=200.0, step 1.0, "ticks", Live;
        /// Weight of the push away from the collision's site (OpenSteer: 10).
        avoid_weight: f32 = 10.0, 0.0..=50.0, step 0.5, "", Live;
        /// Air kept: a meeting nearer than two radii plus this is a collision; obstacles are looked for this far beyond the body.
        clearance: f32 = 4.0, 0.0..=20.0, step 0.5, "px", Live;
        /// How far ahead a walker at full speed looks for obstacles (the avoid lesson's MAX_SEE_AHEAD: 50).
        max_see_ahead: f32 = 50.0, 0.0..=200.0, step 5.0, "px", Live;
        /// Push away from an obstacle ahead (the avoid lesson's AVOID_FORCE: 600; the sum is capped at max_force).
        max_avoid_force: f32 = 600.0, 0.0..=2000.0, step 50.0, "", Live;
        /// Radius of an obstacle added with A.
        new_obstacle_radius: f32 = 24.0, 8.0..=120.0, step 4.0, "px", Live, Setup;
    }
    check check_pedestrians;
    props discs(obstacles, new_obstacle_radius);
    fixed {
        /// The path's nodes, [x, y] in world px, on the stage (at least 3): a closed loop, walked both ways.
        nodes: Vec<[f32; 2]> = vec![
            [110.0, 110.0],
            [400.0, 70.0],
            [690.0, 120.0],
            [720.0, 300.0],
            [620.0, 500.0],
            [380.0, 530.0],
            [130.0, 480.0],
            [240.0, 300.0],
        ];
        /// The obstacles on the way, as [x, y, radius] in world px (OpenSteer: two, of 1.5 and 2.5 road radii, on the path).
        obstacles: Vec<[f32; 3]> = vec![
            [545.0, 95.0, 24.0],
            [670.0, 400.0, 32.0],
            [185.0, 390.0, 20.0],
        ];
    }
}

fn check_pedestrians(p: &PedestriansParams, stage: Vec2) -> Result<(), Invalid> {
    // A loop: three nodes at the least.
    super::check_nodes(&p.nodes, 3, stage)?;
    check_round_obstacles(&p.obstacles, stage)
}

crate::variants! {
    /// Path following alone, and the whole pedestrian.
    pub enum Variant {
        Path = "path": "Path following by projection, both ways round: walkers meeting head on walk through each other and through the obstacles.",
        Full = "full": "OpenSteer's pedestrians: an obstacle ahead first, then the soonest predicted collision, then the path.",
    }
}

/// The rule a walker steered by this tick (besides the walk).
#[derive(Debug, Clone, Copy, PartialEq)]
enum Rule {
    /// Back to the road, or round to its own way (zero on the road).
    Path,
    /// Away from an obstacle ahead (its index).
    Obstacle(usize),
    /// Sideways from walkers already touching.
    Sidestep,
    /// Away from the site of the soonest predicted collision.
    Neighbor(Threat),
}

/// What one walker decided, for the overlay and the readout.
#[derive(Debug, Clone, Copy)]
struct Decided {
    walk: Vec2,
    projection: Projection,
    rule: Rule,
    /// The rule's force, weighted.
    force: Vec2,
}

#[derive(Clone)]
pub struct PedestriansScene {
    params: PedestriansParams,
    variant: Variant,
    nodes: Vec<Vec2>,
    obstacles: Vec<Obstacle>,
    /// Each walker's way round: toward the last node (drawn plain) or back.
    forward: Vec<bool>,
    neighbors: Neighbors,
    scratch: Vec<Near>,
    movers: Vec<Mover>,
    decided: Vec<Option<Decided>>,
    stage: Vec2,
    overlap_pairs: u64,
    overlap_now: u64,
    max_penetration: f32,
    /// Speed along the path over max speed, summed over walkers and ticks.
    path_speed_sum: f64,
    samples: u64,
    ticks: u64,
}

/// Where walkers may start: within this share of the road's radius of the path.
const START_SPREAD: f32 = 0.5;

/// Walkers set off at this share of their top speed (OpenSteer: 0.3).
const START_SPEED: f32 = 0.3;

impl PedestriansScene {
    fn path(&self) -> (&[Vec2], bool) {
        (&self.nodes, true)
    }

    /// How far a walker looks for others: as far as two walkers head on
    /// close in the lead time (OpenSteer's pedestrians).
    fn reach(&self) -> f32 {
        self.params.lead_time * self.params.max_speed * 2.0
    }

    fn avoid_params(&self) -> AvoidParams {
        let p = &self.params;
        AvoidParams {
            max_see_ahead: p.max_see_ahead,
            max_avoid_force: p.max_avoid_force,
            margin: p.agent_radius + p.clearance,
            probes: Probes::Full,
        }
    }

    /// Walker `i`'s speed along the path, its own way, over max speed.
    fn path_speed(&self, i: usize, crowd: &Crowd) -> f32 {
        let (at, v) = (crowd.positions()[i], crowd.velocities()[i]);
        let sign = if self.forward[i] { 1.0 } else { -1.0 };
        v.dot(locate(at, self.path()).tangent) * sign / self.params.max_speed
    }

    /// Where walker `k` starts: near the path, clear of the obstacles and
    /// of the walkers placed so far (given up after a thousand tries).
    fn start(&self, rng: &mut rand_pcg::Pcg32, placed: &[Vec2], stage: Vec2) -> Vec2 {
        let r = self.params.agent_radius;
        let spread = self.params.path_radius * START_SPREAD;
        let mut at = Vec2::ZERO;
        for _ in 0..1000 {
            at = super::random_point(rng, Vec2::ZERO, stage);
            let near_path = locate(at, self.path()).distance <= spread;
            let clear = penetration(&self.obstacles, at, r + self.params.clearance) == 0.0
                && placed.iter().all(|p| p.distance(at) > 2.5 * r);
            if near_path && clear {
                break;
            }
        }
        at
    }

    /// The rule walker `i` steers by, the variant's first with something to say.
    fn decide(&mut self, i: usize, crowd: &Crowd) -> (Rule, Vec2) {
        let p = &self.params;
        let (pos, vel) = (crowd.positions()[i], crowd.velocities()[i]);
        let look = avoid(pos, vel, p.max_speed, &self.obstacles, &self.avoid_params());
        if let Some(o) = look.threat {
            return (Rule::Obstacle(o), look.force);
        }
        let (positions, velocities) = (crowd.positions(), crowd.velocities());
        self.neighbors
            .within(positions, pos, self.reach(), &mut self.scratch);
        self.scratch.retain(|n| n.index as usize != i);
        crate::steer::tie::untie(i, pos, &mut self.scratch);
        self.movers.clear();
        self.movers.extend(self.scratch.iter().map(|n| Mover {
            position: n.position,
            velocity: velocities[n.index as usize],
        }));
        let me = Mover {
            position: pos,
            velocity: vel,
        };
        let r = p.agent_radius;
        let close = sidestep_touching(me, &self.movers, 2.0 * r);
        if close != Vec2::ZERO {
            return (Rule::Sidestep, close);
        }
        let rank = |k: usize| nearness(self.scratch[k], pos);
        match soonest_threat(me, &self.movers, p.lead_time, 2.0 * r + p.clearance, rank) {
            Some(t) => {
                let away = avoid_meeting(me, self.movers[t.index], &t);
                (Rule::Neighbor(t), away * p.avoid_weight)
            }
            None => (Rule::Path, Vec2::ZERO),
        }
    }
}

mod tour;

/// The pedestrians scene, as data: who it is and how it starts.
pub const SCENE: SceneDecl = SceneDecl {
    name: "pedestrians",
    title: "Pedestrians",
    seed: 1,
    agents: Knob::agents("Walkers on the path, both ways round together.", 40, 300, 2),
    default_variant: 1,
    primary: Some(PedestriansParams::path_radius.knob()),
    roles: &[
        (Look::Plain, "walking forward"),
        (Look::Faded, "walking back"),
    ],
    crowd: &[Look::Plain, Look::Faded],
    unused: &[
        ("path", &["lead_time", "avoid_weight", "max_see_ahead", "max_avoid_force"]),
    ],
    series: &[
        ("overlapping pairs", "pairs"),
    ],
    tour: tour::STEPS,
    ..SceneDecl::of::<PedestriansScene>()
};

impl Build for PedestriansScene {
    type Params = PedestriansParams;
    type Variant = Variant;

    fn new(params: &PedestriansParams, variant: Variant, setup: &Setup, spawn: &mut Spawn) -> Self {
        let mut scene = Self {
            params: params.clone(),
            variant,
            nodes: params.nodes.iter().map(|&n| Vec2::from(n)).collect(),
            obstacles: round_obstacles(&params.obstacles),
            forward: Vec::with_capacity(setup.agents),
            neighbors: Neighbors::new(setup.neighbors, params.lead_time * params.max_speed * 2.0),
            scratch: Vec::new(),
            movers: Vec::new(),
            decided: vec![None; setup.agents],
            stage: spawn.stage,
            overlap_pairs: 0,
            overlap_now: 0,
            max_penetration: 0.0,
            path_speed_sum: 0.0,
            samples: 0,
            ticks: 0,
        };
        let mut rng = rng(setup.seed);
        let mut placed = Vec::with_capacity(setup.agents);
        for _ in 0..setup.agents {
            let at = scene.start(&mut rng, &placed, spawn.stage);
            // Each way round at random, as OpenSteer's pedestrians choose.
            let forward = rng.random_bool(0.5);
            let sign = if forward { 1.0 } else { -1.0 };
            let heading = locate(at, scene.path()).tangent * sign;
            let look = if forward { Look::Plain } else { Look::Faded };
            let velocity = heading * params.max_speed * START_SPEED;
            spawn.agent(at, velocity, params.mass, look);
            scene.forward.push(forward);
            placed.push(at);
        }
        scene
    }
}

impl Scene for PedestriansScene {
    fn card(&self) -> Card {
        card::of(self.variant)
    }

    fn steer(&mut self, ctx: &mut Decide, _input: &Input) {
        let crowd = ctx.crowd;
        // The knobs this loop reads, copied: the parameters hold the
        // path's nodes and the obstacles, and a clone a tick allocates.
        let p = &self.params;
        let limits = Limits {
            max_speed: p.max_speed,
            max_force: p.max_force,
        };
        let (walk_force, path_weight, path_radius) = (p.walk_force, p.path_weight, p.path_radius);
        let look = (p.look_ahead, p.ahead);
        self.neighbors.rebuild(crowd.positions());
        for i in 0..crowd.len() {
            let (pos, vel) = (crowd.positions()[i], crowd.velocities()[i]);
            let walk = vel.normalize_or_zero() * walk_force;
            let projection = follow_by_projection_directed(
                pos,
                vel,
                self.path(),
                path_radius,
                look,
                limits.max_speed,
                self.forward[i],
            );
            let (rule, force) = match self.variant {
                Variant::Full => self.decide(i, crowd),
                Variant::Path => (Rule::Path, Vec2::ZERO),
            };
            let force = match rule {
                Rule::Path => projection.force * path_weight,
                _ => force,
            };
            self.decided[i] = Some(Decided {
                walk,
                projection,
                rule,
                force,
            });
            ctx.set(i, walk + force, limits);
        }
        self.record(ctx);
    }

    fn settle(&mut self, ctx: &mut Settle) {
        let crowd = ctx.crowd();
        let positions = crowd.positions();
        let r = self.params.agent_radius;
        for (i, &at) in positions.iter().enumerate() {
            let depth = penetration(&self.obstacles, at, r);
            self.max_penetration = self.max_penetration.max(depth);
            self.path_speed_sum += f64::from(self.path_speed(i, crowd));
            self.samples += 1;
        }
        self.neighbors.rebuild(positions);
        let o = Overlap::by_pairs(&self.neighbors, positions, 2.0 * r, self.stage);
        self.overlap_now = o.pairs.into();
        self.overlap_pairs += self.overlap_now;
        self.ticks += 1;
    }

    fn headline(&self, _crowd: &Crowd) -> Figures {
        [("overlapping pairs", self.overlap_now as f64)].into()
    }

    fn metrics(&self, _crowd: &Crowd, _tick: u64) -> Vec<(&'static str, Metric, Sampling)> {
        vec![
            mean_overlap_pairs(self.overlap_pairs, self.ticks),
            (
                "max_obstacle_penetration",
                Metric::Float(self.max_penetration.into()),
                Sampling::EveryTick,
            ),
            (
                "mean_path_speed",
                Metric::Float(mean_of(self.path_speed_sum, self.samples)),
                Sampling::EveryTick,
            ),
        ]
    }

    fn inspect(&self, i: usize, crowd: &Crowd) -> Vec<(&'static str, Reading)> {
        let way = if self.forward[i] { reads("forward") } else { reads("back") };
        let speed = value(format_args!("{:.2}", self.path_speed(i, crowd)));
        let rule = match self.decided[i].map(|d| (d.rule, d.projection)) {
            Some((Rule::Obstacle(o), _)) => reads("avoiding obstacle {o}").with("o", o),
            Some((Rule::Sidestep, _)) => reads("sidestepping a walker"),
            Some((Rule::Neighbor(t), _)) => reads("avoiding a walker in {t} ticks")
                .with("t", format_args!("{:.0}", t.time)),
            Some((Rule::Path, pr)) if pr.wrong_way => reads("turning round"),
            Some((Rule::Path, pr)) if pr.off_road => reads("back to the road"),
            _ => reads("walking on"),
        };
        vec![
            ("way round", way),
            ("speed along the path", speed),
            ("doing", rule),
        ]
    }

    fn scenery(&self, _input: &Input, out: &mut Overlay) {
        let n = self.nodes.len();
        for k in 0..n {
            let (a, b) = (self.nodes[k], self.nodes[(k + 1) % n]);
            out.line(Meaning::Path, a, b);
            // The road's edges, path_radius either side.
            let side = (b - a).normalize_or_zero().perp() * self.params.path_radius;
            out.line(Meaning::PathRadius, a + side, b + side);
            out.line(Meaning::PathRadius, a - side, b - side);
            out.point(Meaning::PathNode, a);
        }
        for o in &self.obstacles {
            if let Obstacle::Circle { center, radius } = *o {
                out.circle(Meaning::Obstacle, center, radius);
            }
        }
    }

    fn neighborhood(&self, i: usize, crowd: &Crowd) -> Option<Neighborhood<'_>> {
        let at = crowd.positions()[i];
        (self.variant == Variant::Full)
            .then(|| Neighborhood::around(at, self.reach(), &self.neighbors))
    }

    fn retune(&mut self, params: &dyn Params) -> Result<(), WrongScene> {
        let params: &PedestriansParams = SCENE.typed(params)?;
        if params.obstacles != self.params.obstacles {
            self.obstacles = round_obstacles(&params.obstacles);
        }
        if params.nodes != self.params.nodes {
            self.nodes = params.nodes.iter().map(|&n| Vec2::from(n)).collect();
        }
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
