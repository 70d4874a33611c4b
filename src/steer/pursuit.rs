//! Pursuit and evade: seek or flee where the target will be.

use super::seek::{flee, seek};
use glam::Vec2;

/// How many ticks ahead to predict the target's position.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Prediction {
    /// Always this many ticks: a close pursuer chases a ghost.
    Constant(f32),
    /// `distance / max_speed`: the nearer the target, the shorter the look-ahead.
    Dynamic,
}

impl Prediction {
    /// Ticks of look-ahead for a pursuer at `distance` that moves at most `max_speed`.
    pub fn ticks(self, distance: f32, max_speed: f32) -> f32 {
        match self {
            Prediction::Constant(t) => t,
            Prediction::Dynamic if max_speed > 0.0 => distance / max_speed,
            Prediction::Dynamic => 0.0,
        }
    }
}

/// Where the target will be: `target_position + target_velocity * T`.
pub fn predict(
    position: Vec2,
    target_position: Vec2,
    target_velocity: Vec2,
    max_speed: f32,
    prediction: Prediction,
) -> Vec2 {
    let t = prediction.ticks(position.distance(target_position), max_speed);
    target_position + target_velocity * t
}

/// A force toward a point predicted some ticks ahead (interpose, offset
/// pursuit): the point, and how far ahead it was looked for.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LookAhead {
    pub force: Vec2,
    /// Ticks looked ahead (0: the point as it is now).
    pub ticks: f32,
    /// The point steered for.
    pub target: Vec2,
}

/// Seek the predicted position of the target.
pub fn pursuit(position: Vec2, velocity: Vec2, future: Vec2, max_speed: f32) -> Vec2 {
    seek(position, velocity, future, max_speed)
}

/// Flee the predicted position of the target.
pub fn evade(position: Vec2, velocity: Vec2, future: Vec2, max_speed: f32) -> Vec2 {
    flee(position, velocity, future, max_speed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dynamic_t_shrinks_with_distance() {
        assert_eq!(Prediction::Dynamic.ticks(60.0, 3.0), 20.0);
        assert_eq!(Prediction::Dynamic.ticks(0.0, 3.0), 0.0);
        assert_eq!(Prediction::Dynamic.ticks(10.0, 0.0), 0.0);
        assert_eq!(Prediction::Constant(30.0).ticks(1.0, 3.0), 30.0);
    }

    #[test]
    fn pursuit_seeks_the_future_position() {
        // Target at (30, 0) moving up at 1; pursuer at the origin, max speed 3:
        // dynamic T = 10, future (30, 10).
        let future = predict(
            Vec2::ZERO,
            Vec2::new(30.0, 0.0),
            Vec2::new(0.0, 1.0),
            3.0,
            Prediction::Dynamic,
        );
        assert!((future - Vec2::new(30.0, 10.0)).length() < 1e-5);
        let f = pursuit(Vec2::ZERO, Vec2::ZERO, future, 3.0);
        assert!((f - Vec2::new(30.0, 10.0).normalize() * 3.0).length() < 1e-5);
        let e = evade(Vec2::ZERO, Vec2::ZERO, future, 3.0);
        assert!((e + f).length() < 1e-5);
    }
}
