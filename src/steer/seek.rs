//! Seek, flee and arrival.

use super::Vector;
use glam::Vec2;

/// Full speed toward `target`: `normalize(target - position) * max_speed - velocity`.
/// For one agent or four ([`Vector`]).
pub fn seek<V: Vector>(position: V, velocity: V, target: V, max_speed: f32) -> V {
    desired_toward(position, target, max_speed) - velocity
}

/// Full speed away from `target`: the mirror image of [`seek`].
pub fn flee(position: Vec2, velocity: Vec2, target: Vec2, max_speed: f32) -> Vec2 {
    -desired_toward(position, target, max_speed) - velocity
}

/// Seek that slows down inside `slowing_radius`, so the agent stops on the
/// target: the desired speed falls linearly to zero at the target.
pub fn arrive(
    position: Vec2,
    velocity: Vec2,
    target: Vec2,
    max_speed: f32,
    slowing_radius: f32,
) -> Vec2 {
    let distance = position.distance(target);
    let speed = if distance < slowing_radius && slowing_radius > 0.0 {
        max_speed * distance / slowing_radius
    } else {
        max_speed
    };
    desired_toward(position, target, speed) - velocity
}

/// Stay inside the rectangle `min..max`: outside it, seek the nearest point
/// of it; inside, no opinion.
pub fn stay_within(position: Vec2, velocity: Vec2, min: Vec2, max: Vec2, max_speed: f32) -> Vec2 {
    let inside = position.clamp(min, max);
    if inside == position {
        return Vec2::ZERO;
    }
    seek(position, velocity, inside, max_speed)
}

/// The desired velocity toward `target` at `speed`; zero when already there.
fn desired_toward<V: Vector>(position: V, target: V, speed: f32) -> V {
    (target - position).normalize_or_zero() * speed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: Vec2, b: Vec2) -> bool {
        (a - b).length() < 1e-5
    }

    #[test]
    fn stay_within_seeks_the_nearest_point_inside_only_from_outside() {
        let (min, max) = (Vec2::ZERO, Vec2::new(100.0, 100.0));
        assert_eq!(
            stay_within(Vec2::new(50.0, 50.0), Vec2::X, min, max, 3.0),
            Vec2::ZERO
        );
        // 10 px left of the box, moving left at 1: seek (0, 50) at full speed.
        let f = stay_within(Vec2::new(-10.0, 50.0), -Vec2::X, min, max, 3.0);
        assert!((f - Vec2::new(4.0, 0.0)).length() < 1e-6, "{f}");
    }

    #[test]
    fn seek_is_desired_minus_velocity() {
        // Target straight right at distance 10, moving up at 1: desired (3, 0).
        let f = seek(Vec2::ZERO, Vec2::new(0.0, 1.0), Vec2::new(10.0, 0.0), 3.0);
        assert!(close(f, Vec2::new(3.0, -1.0)));
    }

    #[test]
    fn flee_points_away() {
        let f = flee(Vec2::ZERO, Vec2::ZERO, Vec2::new(0.0, 5.0), 2.0);
        assert!(close(f, Vec2::new(0.0, -2.0)));
    }

    #[test]
    fn arrive_slows_inside_the_radius() {
        // Distance 50 of a 200 radius: a quarter of max speed.
        let f = arrive(Vec2::ZERO, Vec2::ZERO, Vec2::new(50.0, 0.0), 4.0, 200.0);
        assert!(close(f, Vec2::new(1.0, 0.0)));
        // Outside the radius it is plain seek.
        let g = arrive(Vec2::ZERO, Vec2::ZERO, Vec2::new(500.0, 0.0), 4.0, 200.0);
        assert!(close(g, Vec2::new(4.0, 0.0)));
    }

    #[test]
    fn target_on_the_agent_gives_no_nan() {
        let v = Vec2::new(1.0, 1.0);
        assert!(close(seek(v, v, v, 3.0), -v));
        assert!(close(flee(v, v, v, 3.0), -v));
        assert!(close(arrive(v, v, v, 3.0, 200.0), -v));
        assert!(arrive(v, v, v, 3.0, 0.0).is_finite());
    }
}
