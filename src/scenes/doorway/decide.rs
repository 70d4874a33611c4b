//! One agent's decision in the doorway: seek the target, avoid the walls,
//! and the queue of the variant; every agent decides from the same snapshot
//! of the crowd, so the decisions run in parallel.

use crate::sim::reading::{Reading, reads};
use super::look::{Seen, look_around};
use crate::scenes::overlaps::Overlap;
use super::{DoorwayParams, Room, Variant};
use crate::sim::crowd::{Agent, Crowd, GROUP, Look};
use crate::steer::avoid::{AvoidParams, Probes, avoid};
use crate::steer::flock::{SeparationParams, separation};
use crate::steer::queue::{QueueParams, QueueVariant, queue, queue_ahead, within_queue_radius};
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
        matches!(self.variant, Variant::V4 | Variant::V5) && self.near_radius >= self.diameter
    }

    fn queue_variant(&self) -> QueueVariant {
        match self.variant {
            Variant::V0 => QueueVariant::V0,
            Variant::V1 => QueueVariant::V1,
            Variant::V2 => QueueVariant::V2,
            Variant::V3 => QueueVariant::V3,
            Variant::V4 | Variant::V5 => QueueVariant::V4,
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
    /// v4's separation push.
    pub(super) separation: Vec2,
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
    pub(super) fn reading(self) -> Reading {
        match self {
            QueueState::Free => reads("free"),
            QueueState::Slowed => reads("slowed"),
            QueueState::Braking => reads("braking"),
            QueueState::HardStop => reads("hard stop"),
            QueueState::Separating => reads("separating"),
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

/// What an agent's look around found.
struct Sight<'a> {
    /// Someone other than the agent stands within the queue radius of its
    /// ahead point.
    someone_ahead: bool,
    /// The others within the near radius of the agent, in no set order
    /// (empty for the variants that list nobody).
    near: &'a [Near],
}

/// The decisions of a group of agents (consecutive in the index's memory
/// order, so standing near each other), into `out`, from the crowd as it
/// stood at the start of the tick.
pub(super) fn decide_group(
    agents: &[Agent],
    crowd: &Crowd,
    room: &Room,
    rules: &Rules,
    neighbors: &impl NeighborIndex,
    seen: &mut Seen,
    out: &mut [Outcome],
) {
    let positions = crowd.positions();
    let q = &rules.queue;
    let aheads: [Vec2; GROUP] = std::array::from_fn(|l| {
        agents
            .get(l)
            .map_or(Vec2::ZERO, |a| queue_ahead(a.position, a.velocity, q))
    });
    let variant = rules.queue_variant();
    let listed = matches!(variant, QueueVariant::V3 | QueueVariant::V4);
    if listed {
        look_around(agents, &aheads, rules, neighbors, positions, seen);
    }
    for (l, (&agent, out)) in agents.iter().zip(out).enumerate() {
        let sight = match variant {
            QueueVariant::V0 => None,
            _ if listed => Some(Sight {
                someone_ahead: seen.someone_ahead(l),
                near: seen.near(l),
            }),
            _ => Some(Sight {
                someone_ahead: neighbors.any_within(
                    positions,
                    aheads[l],
                    q.max_queue_radius,
                    agent.index,
                ),
                near: &[],
            }),
        };
        *out = decide(agent, aheads[l], sight, room, rules);
    }
}

/// An agent's decision, given its ahead point and what it saw (`None`
/// for v0, which looks at no one).
fn decide(agent: Agent, ahead: Vec2, sight: Option<Sight>, room: &Room, rules: &Rules) -> Outcome {
    let (i, pos, vel) = (agent.index, agent.position, agent.velocity);
    let max_speed = rules.limits.max_speed;
    let avoidance = avoid(pos, vel, max_speed, &room.walls, &rules.avoid);
    let steering = seek(pos, vel, room.target, max_speed) + avoidance.force;
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
    let Some(Sight {
        someone_ahead: neighbor_ahead,
        near,
    }) = sight
    else {
        return Outcome {
            steering: Steering::force(steering),
            look,
            decision: calm,
            overlap: Overlap::default(),
        };
    };
    let q = &rules.queue;
    let v4 = variant == QueueVariant::V4;
    let listed = v4 || variant == QueueVariant::V3;
    let (mut crowded, mut push, mut overlap) = (false, Vec2::ZERO, Overlap::default());
    if v4 || (neighbor_ahead && listed) {
        let others = near.iter().map(|n| n.position);
        crowded = others.clone().any(|p| within_queue_radius(pos, p, q));
        if v4 {
            // Added after the brake, so the brake does not cancel it (when
            // someone is ahead this is the tutorial's steering + brake +
            // separation); and also when nobody is ahead, as the look-ahead
            // misses a neighbour walking in from the side.
            push = separation(pos, others, &rules.separation);
        }
        if rules.decide_finds_overlaps() {
            let me = Near {
                index: i as u32,
                position: pos,
            };
            overlap = Overlap::among(me, near, rules.diameter, room.stage);
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
            separation: push,
            queue: state,
            ..calm
        },
        overlap,
    }
}
