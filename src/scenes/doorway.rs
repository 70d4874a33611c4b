//! Queue: a crowd leaving a room through a doorway (SPEC section 9).
//!
//! Agents seek a point beyond a 130 px doorway in a wall, avoiding the wall.
//! The variants are the steps of the lesson: v0 has no queue and the crowd
//! tramples itself; v1 halves the velocity when someone is ahead; v2 brakes
//! with a force; v3 adds a hard stop when crowded; v4 adds separation to the
//! brake and gives an orderly queue. An agent that went through is respawned
//! below the room, so the doorway never runs dry.
//!
//! `--agents N` grows the stage (walls and doorway in proportion) to keep the
//! original density of 60 agents on 800x600, so a crowd of 100,000 still
//! queues like the original 60.
//!
//! Controls: V cycles v0..v4; a click shows velocity (green), brake (red),
//! the ahead point (orange) and the queue radius around agent and ahead point.

use super::{Common, Crowd, Input, Look, Metric, Scene, Setup, off_stage, random_point, rng};
use crate::config::DoorwayParams;
use crate::overlay::{Meaning, Overlay};
use crate::steer::avoid::{AvoidParams, Obstacle, avoid};
use crate::steer::group::{
    QueueParams, QueueVariant, SeparationParams, queue, queue_ahead, separation,
};
use crate::steer::neighbors::{NeighborIndex, Neighbors};
use crate::steer::seek::seek;
use crate::steer::{Limits, Steering, integrate};
use glam::Vec2;
use rand::RngExt;
use rand_pcg::Pcg32;
use rayon::prelude::*;

/// Agents per unit of parallel work: large enough that splitting costs
/// little, small enough that both cores stay busy to the end.
const CHUNK: usize = 512;

/// The room: its size, walls, and where the crowd is going.
#[derive(Debug, Clone, PartialEq)]
pub struct Room {
    pub stage: Vec2,
    pub walls: [Obstacle; 2],
    pub target: Vec2,
    /// Agents above this line (y <= exit_y) went through.
    pub exit_y: f32,
    /// Where they come back: y of the respawn line.
    pub respawn_y: f32,
    /// New agents start between this y and the bottom of the stage.
    pub spawn_top: f32,
}

impl Room {
    /// The room for `agents` agents: the base stage grown (never shrunk) to
    /// keep `reference_agents` per base stage area.
    pub fn new(base_stage: Vec2, p: &DoorwayParams, agents: usize) -> Self {
        let scale = (agents as f32 / p.reference_agents as f32).sqrt().max(1.0);
        let stage = base_stage * scale;
        let door_width = p.door_width * scale;
        let thickness = p.wall_thickness * scale;
        let top = p.wall_top * stage.y;
        let target = Vec2::new(p.target[0] * stage.x, p.target[1] * scale);
        let door_left = target.x - door_width * 0.5;
        let walls = [
            Obstacle::Rect {
                min: Vec2::new(0.0, top),
                max: Vec2::new(door_left, top + thickness),
            },
            Obstacle::Rect {
                min: Vec2::new(door_left + door_width, top),
                max: Vec2::new(stage.x, top + thickness),
            },
        ];
        Self {
            stage,
            walls,
            target,
            exit_y: p.exit_y,
            respawn_y: p.respawn_y * stage.y,
            spawn_top: top + thickness + p.max_see_ahead,
        }
    }
}

/// Everything an agent's decision depends on besides the crowd.
#[derive(Debug, Clone)]
struct Rules {
    variant: QueueVariant,
    limits: Limits,
    avoid: AvoidParams,
    queue: QueueParams,
    separation: SeparationParams,
    /// Radius of the query around the agent itself (hard stop and separation).
    near_radius: f32,
}

/// One agent's decision for this tick, with the parts the overlay draws.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
struct Decision {
    steering: Steering,
    /// Avoiding a wall (drawn faded).
    avoiding: bool,
    /// The queue's look-ahead point.
    ahead: Vec2,
    /// The queue's brake force (zero when nobody is ahead).
    brake: Vec2,
}

pub struct DoorwayScene {
    common: Common,
    params: DoorwayParams,
    room: Room,
    rules: Rules,
    rng: Pcg32,
    neighbors: Neighbors,
    decisions: Vec<Decision>,
    /// One neighbour-query buffer per chunk of agents, reused every tick.
    scratch: Vec<Vec<u32>>,
    exited: u64,
    first_exit: u64,
    /// Tick of the latest exit (0 before the first: then the whole run is a stall).
    last_exit: u64,
    longest_stall: u64,
    max_overlap: f32,
    overlap_pairs: u64,
}

impl DoorwayScene {
    pub fn new(base_stage: Vec2, params: &DoorwayParams, setup: &Setup) -> Self {
        let p = params;
        let variant = match setup.variant.as_str() {
            "v0" => QueueVariant::V0,
            "v1" => QueueVariant::V1,
            "v2" => QueueVariant::V2,
            "v3" => QueueVariant::V3,
            _ => QueueVariant::V4,
        };
        let room = Room::new(base_stage, p, setup.agents);
        let mut rng = rng(setup.seed);
        let mut common = Common::new(room.stage, setup);
        for _ in 0..setup.agents {
            let at = random_point(&mut rng, Vec2::new(0.0, room.spawn_top), room.stage);
            let mass = p.mass_min + rng.random::<f32>() * p.mass_range;
            common.push(at, Vec2::from(p.start_velocity), mass, Look::Plain);
        }
        let rules = Rules {
            variant,
            limits: Limits {
                max_speed: p.max_speed,
                max_force: p.max_force,
            },
            avoid: AvoidParams {
                max_see_ahead: p.max_see_ahead,
                max_avoid_force: p.max_avoid_force,
                margin: p.agent_radius,
            },
            queue: QueueParams {
                max_queue_ahead: p.max_queue_ahead,
                max_queue_radius: p.max_queue_radius,
                slow_factor: p.slow_factor,
                brake_factor: p.brake_factor,
                hard_stop_factor: p.hard_stop_factor,
            },
            separation: SeparationParams {
                radius: p.separation_radius,
                max_separation: p.max_separation,
            },
            near_radius: p.max_queue_radius.max(p.separation_radius),
        };
        let cell = rules.near_radius.max(2.0 * p.agent_radius);
        Self {
            params: p.clone(),
            decisions: vec![Decision::default(); setup.agents],
            scratch: vec![Vec::new(); setup.agents.div_ceil(CHUNK).max(1)],
            common,
            room,
            rules,
            rng,
            neighbors: Neighbors::new(setup.neighbors, cell),
            exited: 0,
            first_exit: 0,
            last_exit: 0,
            longest_stall: 0,
            max_overlap: 0.0,
            overlap_pairs: 0,
        }
    }

    /// The room the crowd is in.
    pub fn room(&self) -> &Room {
        &self.room
    }

    /// Deepest overlap and overlapping pairs among the agents on the stage
    /// (the ones a viewer sees: not those walking in from the respawn line).
    fn measure_overlaps(&mut self) {
        let positions = &self.common.crowd.position;
        let neighbors = &self.neighbors;
        let diameter = 2.0 * self.params.agent_radius;
        let stage = self.room.stage;
        let (pairs, deepest) = self
            .scratch
            .par_iter_mut()
            .enumerate()
            .map(|(c, scratch)| {
                let (mut pairs, mut deepest) = (0u64, 0.0f32);
                let first = c * CHUNK;
                for i in first..(first + CHUNK).min(positions.len()) {
                    let p = positions[i];
                    if off_stage(p, stage) {
                        continue;
                    }
                    neighbors.within(positions, p, diameter, scratch);
                    for &j in scratch.iter().filter(|&&j| j as usize > i) {
                        let q = positions[j as usize];
                        let depth = diameter - p.distance(q);
                        if depth > 0.0 && !off_stage(q, stage) {
                            pairs += 1;
                            deepest = deepest.max(depth);
                        }
                    }
                }
                (pairs, deepest)
            })
            .reduce(|| (0, 0.0), |a, b| (a.0 + b.0, a.1.max(b.1)));
        self.overlap_pairs += pairs;
        self.max_overlap = self.max_overlap.max(deepest);
    }

    /// Records, for the first agents, the forces decided this tick.
    fn record_overlay(&mut self) {
        let c = &mut self.common;
        c.overlay.clear();
        let unit = self.params.unit_vector_length;
        let radius = self.rules.queue.max_queue_radius;
        let shown = c.crowd.len().min(c.setup.overlay_max_agents);
        for (i, d) in self.decisions[..shown].iter().enumerate() {
            let (pos, vel) = (c.crowd.position[i], c.crowd.velocity[i]);
            c.overlay
                .vector(Meaning::Velocity, pos, vel.normalize_or_zero(), unit);
            c.overlay
                .vector(Meaning::Brake, pos, d.brake.normalize_or_zero(), unit);
            c.overlay.point(Meaning::Ahead, d.ahead);
            c.overlay.circle(Meaning::QueueRadius, pos, radius);
            c.overlay.circle(Meaning::QueueRadius, d.ahead, radius);
        }
    }
}

/// Agent `i`'s decision, from the crowd as it stood at the start of the tick.
fn decide(
    i: usize,
    crowd: &Crowd,
    room: &Room,
    rules: &Rules,
    neighbors: &impl NeighborIndex,
    scratch: &mut Vec<u32>,
) -> Decision {
    let positions = &crowd.position;
    let (pos, vel) = (positions[i], crowd.velocity[i]);
    let max_speed = rules.limits.max_speed;
    let avoidance = avoid(pos, vel, max_speed, &room.walls, &rules.avoid);
    let steering = seek(pos, vel, room.target, max_speed) + avoidance.force;
    let ahead = queue_ahead(pos, vel, &rules.queue);
    let mut decision = Decision {
        steering: Steering::force(steering),
        avoiding: avoidance.threat.is_some(),
        ahead,
        brake: Vec2::ZERO,
    };
    if rules.variant == QueueVariant::V0 {
        return decision;
    }
    let q = &rules.queue;
    let neighbor_ahead = neighbors
        .first_within(positions, ahead, q.max_queue_radius, i, scratch)
        .is_some();
    let (mut crowded, mut push) = (false, Vec2::ZERO);
    if neighbor_ahead && rules.variant >= QueueVariant::V3 {
        neighbors.within(positions, pos, rules.near_radius, scratch);
        let others = scratch.iter().map(|&j| j as usize).filter(|&j| j != i);
        let q_sq = q.max_queue_radius * q.max_queue_radius;
        crowded = others
            .clone()
            .any(|j| positions[j].distance_squared(pos) <= q_sq);
        if rules.variant == QueueVariant::V4 {
            push = separation(pos, others.map(|j| positions[j]), &rules.separation);
        }
    }
    let outcome = queue(
        rules.variant,
        vel,
        steering,
        neighbor_ahead,
        crowded,
        push,
        q,
    );
    decision.steering = Steering {
        force: steering + outcome.brake,
        velocity_scale: outcome.velocity_scale,
    };
    decision.brake = outcome.brake;
    decision
}

impl Scene for DoorwayScene {
    fn common(&self) -> &Common {
        &self.common
    }

    fn common_mut(&mut self) -> &mut Common {
        &mut self.common
    }

    /// One tick in four passes: index, measure and decide from the crowd
    /// as it stands (in parallel: every agent reads the same snapshot, so
    /// the result does not depend on the thread count), then integrate (in
    /// parallel, each agent on its own), then respawn (in order, drawing
    /// from the scene's generator).
    fn step(&mut self, _input: &Input) {
        self.neighbors.rebuild(&self.common.crowd.position);
        // The crowd as the last tick left it; the random spawn is not the queue's doing.
        if self.common.tick > 0 {
            self.measure_overlaps();
        }
        let (crowd, room, rules, neighbors) =
            (&self.common.crowd, &self.room, &self.rules, &self.neighbors);
        self.decisions
            .par_chunks_mut(CHUNK)
            .zip(self.scratch.par_iter_mut())
            .enumerate()
            .for_each(|(c, (decisions, scratch))| {
                for (k, d) in decisions.iter_mut().enumerate() {
                    *d = decide(c * CHUNK + k, crowd, room, rules, neighbors, scratch);
                }
            });
        if self.common.recording {
            self.record_overlay();
        }

        let limits = self.rules.limits;
        let c = &mut self.common.crowd;
        let max_force_sq = (
            &mut c.position,
            &mut c.velocity,
            &c.mass,
            &mut self.common.looks,
            &self.decisions,
        )
            .into_par_iter()
            .with_min_len(CHUNK)
            .map(|(position, velocity, &mass, look, d)| {
                *look = if d.avoiding { Look::Faded } else { Look::Plain };
                integrate(position, velocity, mass, limits, d.steering).length_squared()
            })
            .reduce(|| 0.0, f32::max);

        // Through the doorway: back to the respawn line, in index order.
        let tick = self.common.tick + 1;
        for p in c.position.iter_mut().filter(|p| p.y <= self.room.exit_y) {
            *p = Vec2::new(
                self.rng.random_range(0.0..=self.room.stage.x),
                self.room.respawn_y,
            );
            if self.exited > 0 {
                self.longest_stall = self.longest_stall.max(tick - self.last_exit);
            } else {
                self.first_exit = tick;
            }
            self.exited += 1;
            self.last_exit = tick;
        }
        self.common.finish_tick(max_force_sq.sqrt());
    }

    fn scenery(&self, _input: &Input, out: &mut Overlay) {
        for wall in &self.room.walls {
            if let Obstacle::Rect { min, max } = *wall {
                out.rect(Meaning::Wall, min, max);
            }
        }
        out.point(Meaning::Target, self.room.target);
    }

    fn metrics(&self) -> Vec<(&'static str, Metric)> {
        let ticks = self.common.tick.max(1) as f64;
        vec![
            ("exited", Metric::Int(self.exited)),
            ("max_overlap", Metric::Float(self.max_overlap.into())),
            (
                "mean_overlap_pairs",
                Metric::Float(self.overlap_pairs as f64 / ticks),
            ),
            (
                "longest_stall",
                Metric::Int(self.longest_stall.max(self.common.tick - self.last_exit)),
            ),
            (
                "first_exit_tick",
                (self.exited > 0).then_some(self.first_exit).into(),
            ),
            ("stage_width", Metric::Float(self.room.stage.x.into())),
            ("stage_height", Metric::Float(self.room.stage.y.into())),
        ]
    }

    fn agents_step(&self) -> Option<usize> {
        Some(self.params.agents_step)
    }

    fn agent_radius(&self) -> f32 {
        self.params.agent_radius
    }

    fn fade_alpha(&self) -> f32 {
        self.params.fade_alpha
    }
}

#[cfg(test)]
mod tests {
    use crate::scenes::testing::scene_with;

    #[test]
    fn v4_drains_steadily_with_fewer_overlaps_than_v0() {
        let v0 = scene_with("doorway", "v0", None).steps(3600);
        let v4 = scene_with("doorway", "v4", None).steps(3600);
        assert_eq!((v0.nan, v4.nan), (0, 0));
        assert!(v4.int("exited").unwrap() > 60, "v4 keeps the doorway busy");
        let stall = v4.int("longest_stall").unwrap();
        assert!(stall < 300, "v4 gridlocked for {stall} ticks");
        let (p0, p4) = (
            v0.float("mean_overlap_pairs"),
            v4.float("mean_overlap_pairs"),
        );
        assert!(p4 < p0, "v4 overlaps {p4} pairs per tick, v0 {p0}");
    }

    #[test]
    fn every_variant_stays_within_the_limits() {
        for variant in ["v0", "v1", "v2", "v3", "v4"] {
            let m = scene_with("doorway", variant, None).steps(600);
            assert_eq!(m.nan, 0, "{variant}");
            assert!(
                m.max_speed_seen <= 6.0 + 1e-4,
                "{variant}: speed {}",
                m.max_speed_seen
            );
            assert!(
                m.max_force_seen <= 5.4 + 1e-4,
                "{variant}: force {}",
                m.max_force_seen
            );
        }
    }

    #[test]
    fn more_agents_grow_the_room_in_proportion() {
        let small = scene_with("doorway", "v4", None);
        let big = scene_with("doorway", "v4", Some(60 * 4));
        assert_eq!(big.scene.stage(), small.scene.stage() * 2.0);
    }
}
