//! Leader following: arrive at a point behind the leader, and evade it
//! when standing in its way.

use super::pursuit::{Prediction, evade, predict};
use super::seek::arrive;
use glam::Vec2;

/// Leader following tunables (the original demo: 100, 60, arrive radius 50, evade x1.8).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FollowParams {
    /// Distance of the follow point behind the leader, in px.
    pub behind_dist: f32,
    /// Followers this close to the leader or to the point ahead of it get out of the way, in px.
    pub sight_radius: f32,
    /// Slowing radius of the arrival at the follow point, in px.
    pub arrive_radius: f32,
    /// Weight of the evade force while in the leader's way.
    pub evade_scale: f32,
}

/// What every follower reads of the leader in a tick: worked out once,
/// not once a follower.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Leader {
    pub position: Vec2,
    pub velocity: Vec2,
    /// The point followers arrive at, `behind_dist` behind the leader.
    pub behind: Vec2,
    /// The point as far ahead of the leader, which followers keep clear of.
    pub ahead: Vec2,
}

impl Leader {
    /// The leader at `position` moving at `velocity`. A leader at rest has
    /// no heading: both points are the leader itself.
    pub fn new(position: Vec2, velocity: Vec2, params: &FollowParams) -> Self {
        let heading = velocity.normalize_or_zero() * params.behind_dist;
        Self {
            position,
            velocity,
            behind: position - heading,
            ahead: position + heading,
        }
    }
}

/// The leader-following force, and whether the follower was in the way.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LeaderForce {
    pub force: Vec2,
    /// The follower stood in the leader's way this tick.
    pub evading: bool,
}

/// Follow the leader: arrive behind it, get out of its way, keep apart
/// (`separation` is computed by the caller from the other followers).
pub fn follow_leader(
    position: Vec2,
    velocity: Vec2,
    leader: &Leader,
    max_speed: f32,
    separation: Vec2,
    params: &FollowParams,
) -> LeaderForce {
    let evading = position.distance(leader.ahead) <= params.sight_radius
        || position.distance(leader.position) <= params.sight_radius;
    let mut force = arrive(
        position,
        velocity,
        leader.behind,
        max_speed,
        params.arrive_radius,
    ) + separation;
    if evading {
        let future = predict(
            position,
            leader.position,
            leader.velocity,
            max_speed,
            Prediction::Dynamic,
        );
        force += evade(position, velocity, future, max_speed) * params.evade_scale;
    }
    LeaderForce { force, evading }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn follower_arrives_behind_and_evades_when_in_the_way() {
        let p = FollowParams {
            behind_dist: 100.0,
            sight_radius: 60.0,
            arrive_radius: 50.0,
            evade_scale: 1.8,
        };
        let leader = Leader::new(Vec2::ZERO, Vec2::new(3.0, 0.0), &p);
        assert_eq!(leader.behind, Vec2::new(-100.0, 0.0));
        assert_eq!(leader.ahead, Vec2::new(100.0, 0.0));
        // Far behind: plain arrival at (-100, 0), no evasion.
        let f = follow_leader(
            Vec2::new(-300.0, 0.0),
            Vec2::ZERO,
            &leader,
            3.0,
            Vec2::ZERO,
            &p,
        );
        assert!(!f.evading);
        assert!((f.force - Vec2::new(3.0, 0.0)).length() < 1e-5);
        // Right in front of the leader: evading.
        let g = follow_leader(
            Vec2::new(100.0, 10.0),
            Vec2::ZERO,
            &leader,
            3.0,
            Vec2::ZERO,
            &p,
        );
        assert!(g.evading);
        assert!(g.force.is_finite());
        // A leader at rest has no heading: its follow point is itself, no NaN.
        let resting = Leader::new(Vec2::ZERO, Vec2::ZERO, &p);
        assert_eq!((resting.behind, resting.ahead), (Vec2::ZERO, Vec2::ZERO));
        let h = follow_leader(
            Vec2::new(5.0, 0.0),
            Vec2::ZERO,
            &resting,
            3.0,
            Vec2::ZERO,
            &p,
        );
        assert!(h.force.is_finite());
    }
}
