//! Wander: a circle ahead of the agent, and a point on its
//! rim that drifts a little each tick. The naive alternative, seeking a random
//! point that jumps every few seconds, is [`RandomTarget`]; the wander scene
//! shows both so the difference can be seen.

use glam::Vec2;

/// The wander circle's tunables (the original demo: 6, 8 and 1).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WanderCircle {
    /// How far ahead of the agent the circle's centre sits, in px.
    pub circle_distance: f32,
    /// The circle's radius, in px.
    pub circle_radius: f32,
    /// The widest change of the wander angle per tick, in radians.
    pub angle_change: f32,
}

/// The series' wander circle (CIRCLE_DISTANCE 6, CIRCLE_RADIUS 8,
/// ANGLE_CHANGE 1), for agents that wander beside another lesson.
pub const SERIES: WanderCircle = WanderCircle {
    circle_distance: 6.0,
    circle_radius: 8.0,
    angle_change: 1.0,
};

/// The parts of the wander force, kept apart so the overlay can draw them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WanderForce {
    /// Centre of the circle, relative to the agent.
    pub circle_center: Vec2,
    /// From the circle's centre to the point on its rim.
    pub displacement: Vec2,
    /// `circle_center + displacement`.
    pub force: Vec2,
}

/// The wander force for an agent moving at `velocity` with the current `angle`.
///
/// A resting agent has no heading, so its circle sits at the agent (zero
/// centre) and only the displacement pushes it off.
pub fn wander(velocity: Vec2, angle: f32, params: &WanderCircle) -> WanderForce {
    let circle_center = velocity.normalize_or_zero() * params.circle_distance;
    // The rim point (0, -1) * radius, set to `angle` with its length kept.
    let displacement = super::unit(angle) * params.circle_radius;
    WanderForce {
        circle_center,
        displacement,
        force: circle_center + displacement,
    }
}

/// The next wander angle: `angle + u * change - change / 2`, where `u` is a
/// uniform random number in `[0, 1)` drawn by the caller's seeded generator.
pub fn next_angle(angle: f32, u: f32, params: &WanderCircle) -> f32 {
    let next = angle + u * params.angle_change - params.angle_change * 0.5;
    // Keep the angle small so precision does not drift over long runs.
    next.rem_euclid(std::f32::consts::TAU)
}

/// The naive wander: a point anywhere on the stage, replaced every
/// `retarget_ticks`. Seeking it makes agents turn back abruptly.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RandomTarget {
    /// The point being sought.
    pub point: Vec2,
    /// Ticks left before a new point is drawn.
    pub ticks_left: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: WanderCircle = WanderCircle {
        circle_distance: 6.0,
        circle_radius: 8.0,
        angle_change: 1.0,
    };

    #[test]
    fn circle_sits_ahead_and_displacement_keeps_its_length() {
        let w = wander(Vec2::new(0.0, 2.0), 0.0, &P);
        assert!((w.circle_center - Vec2::new(0.0, 6.0)).length() < 1e-6);
        assert!((w.displacement - Vec2::new(8.0, 0.0)).length() < 1e-6);
        assert!((w.force - Vec2::new(8.0, 6.0)).length() < 1e-6);
        let turned = wander(Vec2::new(1.0, 0.0), 1.234, &P);
        assert!((turned.displacement.length() - 8.0).abs() < 1e-5);
    }

    #[test]
    fn angle_changes_by_at_most_half_the_change() {
        assert!((next_angle(1.0, 0.5, &P) - 1.0).abs() < 1e-6);
        assert!((next_angle(1.0, 0.0, &P) - 0.5).abs() < 1e-6);
        assert!((next_angle(1.0, 1.0, &P) - 1.5).abs() < 1e-6);
    }

    #[test]
    fn resting_agent_gets_a_finite_push() {
        let w = wander(Vec2::ZERO, 2.0, &P);
        assert_eq!(w.circle_center, Vec2::ZERO);
        assert!(w.force.is_finite() && w.force.length() > 0.0);
    }
}
