//! Property tests over every behavior: for random agents, targets and
//! neighbours (zero vectors and agents on top of each other included), the
//! force is finite and, once integrated, the applied force and the speed
//! respect their limits.

use super::avoid::{AvoidParams, Obstacle, Probes, avoid};
use super::flock::{SeparationParams, separation};
use super::leader::{FollowParams, Leader, follow_leader};
use super::path::{PathFollower, PathMode, follow_path};
use super::pursuit::{Prediction, evade, predict, pursuit};
use super::queue::{QueueParams, QueueVariant, queue};
use super::seek::{arrive, flee, seek};
use super::wander::{WanderCircle, wander};
use super::{Limits, Steering, integrate};
use glam::Vec2;
use proptest::prelude::*;

/// A coordinate, sometimes exactly zero.
fn coord() -> impl Strategy<Value = f32> {
    prop_oneof![1 => Just(0.0f32), 4 => -1000.0f32..1000.0]
}

/// A point or vector, sometimes the zero vector.
fn vec2() -> impl Strategy<Value = Vec2> {
    prop_oneof![1 => Just(Vec2::ZERO), 5 => (coord(), coord()).prop_map(|(x, y)| Vec2::new(x, y))]
}

prop_compose! {
    fn agent()(position in vec2(), heading in vec2(), speed in 0.0f32..1.0,
               max_speed in 0.1f32..10.0, max_force in 0.1f32..10.0, mass in 0.5f32..50.0)
               -> (Vec2, Vec2, Limits, f32) {
        let velocity = heading.normalize_or_zero() * speed * max_speed;
        (position, velocity, Limits { max_speed, max_force }, mass)
    }
}

/// Integrates `force` and checks the limits; returns the new velocity.
fn check(
    position: Vec2,
    velocity: Vec2,
    limits: Limits,
    mass: f32,
    steering: Steering,
) -> Result<(), TestCaseError> {
    prop_assert!(steering.force.is_finite(), "force {}", steering.force);
    let (mut p, mut v) = (position, velocity);
    let applied = integrate(&mut p, &mut v, mass, limits, steering);
    prop_assert!(
        applied.length() <= limits.max_force * (1.0 + 1e-5),
        "force {}",
        applied.length()
    );
    prop_assert!(
        v.length() <= limits.max_speed * (1.0 + 1e-5),
        "speed {}",
        v.length()
    );
    prop_assert!(p.is_finite() && v.is_finite());
    Ok(())
}

proptest! {
    #[test]
    fn seek_flee_arrive((pos, vel, limits, mass) in agent(), target in vec2(), same in any::<bool>(), radius in 0.0f32..400.0) {
        let target = if same { pos } else { target };
        for force in [
            seek(pos, vel, target, limits.max_speed),
            flee(pos, vel, target, limits.max_speed),
            arrive(pos, vel, target, limits.max_speed, radius),
        ] {
            check(pos, vel, limits, mass, Steering::force(force))?;
        }
    }

    #[test]
    fn wander_pursuit_evade((pos, vel, limits, mass) in agent(), other in vec2(), other_vel in vec2(),
                            angle in -10.0f32..10.0, t in 0.0f32..100.0) {
        let w = WanderCircle { circle_distance: 6.0, circle_radius: 8.0, angle_change: 1.0 };
        check(pos, vel, limits, mass, Steering::force(wander(vel, angle, &w).force))?;
        for prediction in [Prediction::Dynamic, Prediction::Constant(t)] {
            let future = predict(pos, other, other_vel, limits.max_speed, prediction);
            check(pos, vel, limits, mass, Steering::force(pursuit(pos, vel, future, limits.max_speed)))?;
            check(pos, vel, limits, mass, Steering::force(evade(pos, vel, future, limits.max_speed)))?;
        }
    }

    #[test]
    fn avoidance_and_path((pos, vel, limits, mass) in agent(), c in vec2(), r in 0.0f32..200.0,
                          a in vec2(), b in vec2(), radius in 0.0f32..100.0) {
        let obstacles = [
            Obstacle::Circle { center: c, radius: r },
            Obstacle::Rect { min: a.min(b), max: a.max(b) },
            Obstacle::Circle { center: pos, radius: 0.0 },
        ];
        let params = AvoidParams { max_see_ahead: 50.0, max_avoid_force: 600.0, margin: 8.0, probes: Probes::Full };
        let av = avoid(pos, vel, limits.max_speed, &obstacles, &params);
        check(pos, vel, limits, mass, Steering::force(seek(pos, vel, c, limits.max_speed) + av.force))?;
        let nodes = [a, b, pos];
        for mode in [PathMode::Patrol, PathMode::Loop, PathMode::Once] {
            let mut follower = PathFollower::new(0, true);
            follower.advance(&nodes, pos, radius, mode);
            let force = follow_path(pos, vel, &nodes, &follower, mode, limits.max_speed, 100.0);
            check(pos, vel, limits, mass, Steering::force(force))?;
        }
    }

    #[test]
    fn separation_queue_leader((pos, vel, limits, mass) in agent(),
                               others in prop::collection::vec(vec2(), 0..8), stacked in 0usize..3,
                               leader in vec2(), leader_vel in vec2(), ahead in any::<bool>(), crowded in any::<bool>()) {
        let mut neighbors = others;
        neighbors.extend(std::iter::repeat_n(pos, stacked));
        let sep = SeparationParams { radius: 30.0, max_separation: 2.0 };
        let push = separation(pos, neighbors.iter().copied(), &sep);
        prop_assert!(push.is_finite());
        let qp = QueueParams { max_queue_ahead: 30.0, max_queue_radius: 30.0, slow_factor: 0.5, brake_factor: 0.8, hard_stop_factor: 0.3 };
        let steering = seek(pos, vel, leader, limits.max_speed);
        for variant in QueueVariant::ALL {
            let q = queue(variant, vel, steering, ahead, crowded, &qp);
            check(pos, vel, limits, mass, Steering { force: steering + q.brake + push, velocity_scale: q.velocity_scale })?;
        }
        let lp = FollowParams { behind_dist: 100.0, sight_radius: 60.0, arrive_radius: 50.0, evade_scale: 1.8 };
        let leader = Leader::new(leader, leader_vel, &lp);
        let f = follow_leader(pos, vel, &leader, limits.max_speed, push, &lp);
        check(pos, vel, limits, mass, Steering::force(f.force))?;
    }
}
