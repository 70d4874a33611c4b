//! The queue at a doorway (the original queue demo): an agent brakes, or
//! waits, while another stands just ahead of it.

use super::lanes::{Scalar, Vector};
use glam::Vec2;

/// The steps of the queue lesson.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum QueueVariant {
    /// No queue: seek and avoidance only.
    V0,
    /// Halve the velocity while someone is ahead.
    V1,
    /// Brake force: `-steering * 0.8 - velocity`.
    V2,
    /// V2 plus a hard stop (velocity x0.3) when crowded.
    V3,
    /// V3 plus separation, which the brake does not cancel (the caller adds it).
    V4,
}

impl QueueVariant {
    pub const ALL: [QueueVariant; 5] = [Self::V0, Self::V1, Self::V2, Self::V3, Self::V4];
}

/// Queue tunables (the original queue demo: 30 and 30; the factors are the tutorial's).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct QueueParams {
    /// How far ahead the agent looks for someone to queue behind, in px.
    pub max_queue_ahead: f32,
    /// How close to the ahead point (or the agent) counts as "in the way", in px.
    pub max_queue_radius: f32,
    /// v1: velocity factor while someone is ahead (0.5).
    pub slow_factor: f32,
    /// v2+: share of the steering the brake cancels (0.8).
    pub brake_factor: f32,
    /// v3+: velocity factor of the hard stop (0.3).
    pub hard_stop_factor: f32,
}

/// What the queue decided: a brake force to add last, and a velocity factor.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct QueueOutcome {
    pub brake: Vec2,
    pub velocity_scale: f32,
}

/// The point an agent checks for someone to queue behind:
/// `position + normalize(velocity) * max_queue_ahead`. For one agent or
/// four ([`Vector`]).
pub fn queue_ahead<V: Vector>(position: V, velocity: V, params: &QueueParams) -> V {
    position + velocity.normalize_or_zero() * params.max_queue_ahead
}

/// Whether someone at `other` is within `max_queue_radius` of `point`:
/// of an agent's ahead point, it stands in the way; of the agent itself,
/// the agent is crowded (v3's hard stop). For one agent or four
/// ([`Vector`]).
pub fn within_queue_radius<V: Vector>(
    point: V,
    other: V,
    params: &QueueParams,
) -> <V::Real as Scalar>::Mask {
    let radius = params.max_queue_radius;
    point
        .distance_squared(other)
        .le(V::Real::splat(radius * radius))
}

/// The queue behavior. `steering` is the sum of every other behavior's force
/// this tick (so queue runs last); `neighbor_ahead` says someone stands near
/// the ahead point; `crowded` says someone is within `max_queue_radius` of
/// the agent itself. v4 is v3 here: its separation is a force of its own
/// that the caller adds after the brake, so that when someone is ahead the
/// total is the tutorial's `steering + brake + separation`, and when nobody
/// is ahead separation still keeps side-by-side agents apart.
pub fn queue(
    variant: QueueVariant,
    velocity: Vec2,
    steering: Vec2,
    neighbor_ahead: bool,
    crowded: bool,
    params: &QueueParams,
) -> QueueOutcome {
    let calm = QueueOutcome {
        brake: Vec2::ZERO,
        velocity_scale: 1.0,
    };
    if !neighbor_ahead {
        return calm;
    }
    match variant {
        QueueVariant::V0 => calm,
        QueueVariant::V1 => QueueOutcome {
            velocity_scale: params.slow_factor,
            ..calm
        },
        QueueVariant::V2 | QueueVariant::V3 | QueueVariant::V4 => {
            let brake = -steering * params.brake_factor - velocity;
            let hard_stop = variant >= QueueVariant::V3 && crowded;
            QueueOutcome {
                brake,
                velocity_scale: if hard_stop {
                    params.hard_stop_factor
                } else {
                    1.0
                },
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const Q: QueueParams = QueueParams {
        max_queue_ahead: 30.0,
        max_queue_radius: 30.0,
        slow_factor: 0.5,
        brake_factor: 0.8,
        hard_stop_factor: 0.3,
    };

    #[test]
    fn queue_variants() {
        let v = Vec2::new(0.0, -4.0);
        let s = Vec2::new(1.0, -2.0);
        let q = |variant, ahead, crowded| queue(variant, v, s, ahead, crowded, &Q);
        for variant in QueueVariant::ALL {
            let calm = q(variant, false, true);
            assert_eq!(
                (calm.brake, calm.velocity_scale),
                (Vec2::ZERO, 1.0),
                "{variant:?}"
            );
        }
        assert_eq!(q(QueueVariant::V0, true, true).velocity_scale, 1.0);
        assert_eq!(q(QueueVariant::V1, true, true).velocity_scale, 0.5);
        // brake = -(1, -2) * 0.8 - (0, -4) = (-0.8, 5.6)
        let v2 = q(QueueVariant::V2, true, true);
        assert!((v2.brake - Vec2::new(-0.8, 5.6)).length() < 1e-5);
        assert_eq!(v2.velocity_scale, 1.0);
        assert_eq!(q(QueueVariant::V3, true, true).velocity_scale, 0.3);
        assert_eq!(q(QueueVariant::V3, true, false).velocity_scale, 1.0);
        let v4 = q(QueueVariant::V4, true, true);
        assert_eq!((v4.brake, v4.velocity_scale), (v2.brake, 0.3));
    }

    #[test]
    fn queue_looks_ahead_along_the_velocity() {
        let ahead = queue_ahead(Vec2::new(0.0, 0.0), Vec2::new(0.0, -3.0), &Q);
        assert_eq!(ahead, Vec2::new(0.0, -30.0));
        // At rest there is no "ahead": the point is the agent itself, not NaN.
        assert_eq!(queue_ahead(Vec2::ONE, Vec2::ZERO, &Q), Vec2::ONE);
    }
}
