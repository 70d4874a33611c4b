//! One agent's decision in the doorway: seek the target, avoid the walls,
//! and the queue of the variant; every agent decides from the same snapshot
//! of the crowd, so the decisions run in parallel.

use super::overlaps::Overlap;
use super::{DoorwayParams, Room, Variant};
use crate::sim::crowd::{Agent, Crowd, Look};
use crate::steer::avoid::{AvoidParams, Probes, avoid};
use crate::steer::group::{
    QueueParams, QueueVariant, SeparationParams, queue, queue_ahead, separation,
};
use crate::steer::neighbors::{Near, NeighborIndex};
use crate::steer::seek::seek;
use crate::steer::{Limits, Steering};
use glam::Vec2;

/// Everything an agent's decision depends on besides the crowd.
#[derive(Debug, Clone)]
pub(super) struct Rules {
    pub(super) variant: Variant,
    pub(super) limits: Limits,
    pub(super) avoid: AvoidParams,
    pub(super) queue: QueueParams,
    pub(super) separation: SeparationParams,
    /// Radius of the query around the agent itself (hard stop and separation).
    pub(super) near_radius: f32,
    /// Two agents closer than this overlap (twice the drawn radius).
    pub(super) diameter: f32,
}

impl Rules {
    pub(super) fn new(p: &DoorwayParams, variant: Variant) -> Self {
        Self {
            variant,
            limits: Limits {
                max_speed: p.max_speed,
                max_force: p.max_force,
            },
            avoid: AvoidParams {
                max_see_ahead: p.max_see_ahead,
                max_avoid_force: p.max_avoid_force,
                margin: p.agent_radius,
                probes: Probes::Full,
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
            diameter: 2.0 * p.agent_radius,
        }
    }

    /// Whether every agent's decision finds its overlaps: v4 lists the
    /// neighbours around every agent, and overlapping ones are among them
    /// when the list reaches a diameter. Otherwise the overlaps take a pass
    /// of their own.
    pub(super) fn decide_finds_overlaps(&self) -> bool {
        self.variant == Variant::V4 && self.near_radius >= self.diameter
    }

    fn queue_variant(&self) -> QueueVariant {
        match self.variant {
            Variant::V0 => QueueVariant::V0,
            Variant::V1 => QueueVariant::V1,
            Variant::V2 => QueueVariant::V2,
            Variant::V3 => QueueVariant::V3,
            Variant::V4 => QueueVariant::V4,
        }
    }
}

/// The parts of an agent's decision the overlay draws and its readout tells.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub(super) struct Decision {
    /// The queue's look-ahead point.
    pub(super) ahead: Vec2,
    /// The queue's brake force (zero when nobody is ahead).
    pub(super) brake: Vec2,
    pub(super) queue: QueueState,
    /// A wall was ahead: the agent steered away from it.
    pub(super) avoiding: bool,
}

/// What the queue did to an agent this tick.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) enum QueueState {
    /// Nobody ahead (or no queue, in v0).
    #[default]
    Free,
    /// v1: someone ahead, velocity scaled down.
    Slowed,
    /// Someone ahead: the brake force applied.
    Braking,
    /// Someone ahead and someone within the queue radius: braking and
    /// velocity x `hard_stop_factor`.
    HardStop,
    /// v4: nobody ahead, but separation pushes.
    Separating,
}

impl QueueState {
    pub(super) fn label(self) -> &'static str {
        match self {
            QueueState::Free => "free",
            QueueState::Slowed => "slowed",
            QueueState::Braking => "braking",
            QueueState::HardStop => "hard stop",
            QueueState::Separating => "separating",
        }
    }
}

/// What [`decide`] gives back for one agent.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub(super) struct Outcome {
    pub(super) steering: Steering,
    pub(super) look: Look,
    pub(super) decision: Decision,
    /// Found when [`Rules::decide_finds_overlaps`], else left empty.
    pub(super) overlap: Overlap,
}

/// One scan of the cells around agent `me` and its ahead point, for the
/// variants that need both: lists in `near`, in no set order (whatever
/// reads the list adds up or counts, exactly), the others within the near
/// radius of the agent, and says whether anyone else is within
/// the queue radius of the ahead point. Two queries (one per circle) would
/// visit a third more cells and candidates.
fn look_around(
    me: Near,
    ahead: Vec2,
    rules: &Rules,
    neighbors: &impl NeighborIndex,
    positions: &[Vec2],
    near: &mut Vec<Near>,
) -> bool {
    let q = &rules.queue;
    let near_sq = rules.near_radius * rules.near_radius;
    let ahead_sq = q.max_queue_radius * q.max_queue_radius;
    let reach = Vec2::splat(rules.near_radius.max(q.max_queue_radius));
    let (min, max) = (
        me.position.min(ahead) - reach,
        me.position.max(ahead) + reach,
    );
    near.clear();
    let mut someone_ahead = false;
    neighbors.candidates(positions, min, max, |n| {
        if n.index == me.index {
            return;
        }
        someone_ahead |= n.position.distance_squared(ahead) <= ahead_sq;
        if n.position.distance_squared(me.position) <= near_sq {
            near.push(n);
        }
    });
    someone_ahead
}

/// Agent `i`'s decision, from the crowd as it stood at the start of the tick.
pub(super) fn decide(
    agent: Agent,
    crowd: &Crowd,
    room: &Room,
    rules: &Rules,
    neighbors: &impl NeighborIndex,
    scratch: &mut Vec<Near>,
) -> Outcome {
    let positions = crowd.positions();
    let (i, pos, vel) = (agent.index, agent.position, agent.velocity);
    let max_speed = rules.limits.max_speed;
    let avoidance = avoid(pos, vel, max_speed, &room.walls, &rules.avoid);
    let steering = seek(pos, vel, room.target, max_speed) + avoidance.force;
    let ahead = queue_ahead(pos, vel, &rules.queue);
    let look = if avoidance.threat.is_some() {
        Look::Faded
    } else {
        Look::Plain
    };
    let calm = Decision {
        ahead,
        avoiding: avoidance.threat.is_some(),
        ..Decision::default()
    };
    let variant = rules.queue_variant();
    if variant == QueueVariant::V0 {
        return Outcome {
            steering: Steering::force(steering),
            look,
            decision: calm,
            overlap: Overlap::default(),
        };
    }
    let q = &rules.queue;
    let me = Near {
        index: i as u32,
        position: pos,
    };
    let v4 = variant == QueueVariant::V4;
    let listed = v4 || variant == QueueVariant::V3;
    let neighbor_ahead = if listed {
        look_around(me, ahead, rules, neighbors, positions, scratch)
    } else {
        neighbors.any_within(positions, ahead, q.max_queue_radius, i)
    };
    let (mut crowded, mut push, mut overlap) = (false, Vec2::ZERO, Overlap::default());
    if v4 || (neighbor_ahead && listed) {
        let others = scratch.iter().map(|n| n.position);
        let q_sq = q.max_queue_radius * q.max_queue_radius;
        crowded = others.clone().any(|p| p.distance_squared(pos) <= q_sq);
        if v4 {
            // Added after the brake, so the brake does not cancel it (when
            // someone is ahead this is the tutorial's steering + brake +
            // separation); and also when nobody is ahead, as the look-ahead
            // misses a neighbour walking in from the side.
            push = separation(pos, others, &rules.separation);
        }
        if rules.decide_finds_overlaps() {
            overlap = Overlap::among(me, scratch, rules.diameter, room.stage);
        }
    }
    let queued = queue(variant, vel, steering, neighbor_ahead, crowded, q);
    let steering = Steering {
        force: steering + queued.brake + push,
        velocity_scale: queued.velocity_scale,
    };
    let state = match (neighbor_ahead, variant) {
        (true, QueueVariant::V1) => QueueState::Slowed,
        (true, QueueVariant::V3 | QueueVariant::V4) if crowded => QueueState::HardStop,
        (true, _) => QueueState::Braking,
        (false, _) if push != Vec2::ZERO => QueueState::Separating,
        (false, _) => QueueState::Free,
    };
    Outcome {
        steering,
        look,
        decision: Decision {
            brake: queued.brake,
            queue: state,
            ..calm
        },
        overlap,
    }
}
