//! Pure steering: the movement manager and one file per behavior family.
//!
//! Every behavior is a function that returns a steering force (`Vec2`); a zero
//! vector means "no opinion". Neighbours and obstacles are passed in. Only
//! [`integrate`] writes an agent's position and velocity.

pub mod avoid;
pub mod combine;
pub mod contact;
pub mod flock;
pub mod flow;
pub mod formation;
pub mod hide;
pub mod interpose;
pub mod lanes;
pub mod leader;
pub mod neighbors;
pub mod orca;
pub mod par;
pub mod path;
pub mod pursuit;
pub mod queue;
pub mod seek;
pub mod sum;
pub mod tie;
pub mod unaligned;
pub mod walls;
pub mod wander;

#[cfg(test)]
mod properties;

use glam::Vec2;
pub use lanes::{Lanes, Vector};

/// How fast an agent may go and how hard it may steer.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limits {
    /// Speed cap, in px per tick.
    pub max_speed: f32,
    /// Cap on the summed steering force, before it is divided by mass.
    pub max_force: f32,
}

/// What the behaviors decided for one agent this tick.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Steering {
    /// Sum of the behaviors' forces (queue's brake included).
    pub force: Vec2,
    /// Factor applied to the velocity before the force (queue's "slow down"
    /// and "hard stop"); 1 leaves it alone.
    pub velocity_scale: f32,
}

impl Default for Steering {
    /// No force, velocity untouched.
    fn default() -> Self {
        Self::force(Vec2::ZERO)
    }
}

impl Steering {
    /// A plain force, with no velocity scaling.
    pub fn force(force: Vec2) -> Self {
        Self {
            force,
            velocity_scale: 1.0,
        }
    }
}

/// Shortens `v` to length `max` if it is longer, for one agent or four
/// ([`Vector`]). Never produces NaN for finite input.
pub fn truncate<V: Vector>(v: V, max: f32) -> V {
    v.truncate(max)
}

/// The movement manager: the one function that writes position and velocity.
///
/// Returns the force actually applied (after truncation, before division by
/// mass), which the headless metrics report as `max_force_seen`.
pub fn integrate(
    position: &mut Vec2,
    velocity: &mut Vec2,
    mass: f32,
    limits: Limits,
    steering: Steering,
) -> Vec2 {
    let force = truncate(finite_or_zero(steering.force), limits.max_force);
    let acceleration = force / mass;
    *velocity = truncate(
        *velocity * steering.velocity_scale + acceleration,
        limits.max_speed,
    );
    *position += *velocity;
    force
}

/// A guard for values fed in from outside the simulation (the pointer, a
/// config): a non-finite vector becomes zero instead of poisoning the state.
pub fn finite_or_zero(v: Vec2) -> Vec2 {
    if v.is_finite() { v } else { Vec2::ZERO }
}

/// The unit vector at `angle` radians (from +x toward +y). Its sine and
/// cosine come from libm, the same bits on every platform: glam's
/// `from_angle` takes the platform's, and the page's differ from glibc's
/// in the last bit, which would part a seeded run in the page from the
/// same run here.
pub fn unit(angle: f32) -> Vec2 {
    Vec2::new(libm::cosf(angle), libm::sinf(angle))
}

/// Angle in radians between two headings; 0 when either is a zero vector.
pub fn turn_angle(from: Vec2, to: Vec2) -> f32 {
    if from == Vec2::ZERO || to == Vec2::ZERO {
        return 0.0;
    }
    from.angle_between(to).abs()
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: Limits = Limits {
        max_speed: 3.0,
        max_force: 1.1,
    };

    #[test]
    fn truncate_shortens_only_long_vectors() {
        assert_eq!(truncate(Vec2::new(3.0, 4.0), 10.0), Vec2::new(3.0, 4.0));
        let t = truncate(Vec2::new(3.0, 4.0), 2.5);
        assert!((t - Vec2::new(1.5, 2.0)).length() < 1e-6);
        assert_eq!(truncate(Vec2::ZERO, 0.0), Vec2::ZERO);
    }

    #[test]
    fn integrate_truncates_force_then_divides_by_mass_then_caps_speed() {
        let mut p = Vec2::new(10.0, 10.0);
        let mut v = Vec2::new(1.0, 0.0);
        // A force of 10 along +y is cut to 1.1, then halved by mass 2.
        let applied = integrate(
            &mut p,
            &mut v,
            2.0,
            LIMITS,
            Steering::force(Vec2::new(0.0, 10.0)),
        );
        assert!((applied - Vec2::new(0.0, 1.1)).length() < 1e-6);
        assert!((v - Vec2::new(1.0, 0.55)).length() < 1e-6);
        assert!((p - Vec2::new(11.0, 10.55)).length() < 1e-6);
    }

    #[test]
    fn integrate_caps_speed() {
        let mut p = Vec2::ZERO;
        let mut v = Vec2::new(3.0, 0.0);
        integrate(
            &mut p,
            &mut v,
            1.0,
            LIMITS,
            Steering::force(Vec2::new(1.0, 0.0)),
        );
        assert!((v.length() - 3.0).abs() < 1e-6);
        assert_eq!(p, v);
    }

    #[test]
    fn integrate_scales_velocity_before_adding_the_force() {
        let mut p = Vec2::ZERO;
        let mut v = Vec2::new(2.0, 0.0);
        let steering = Steering {
            force: Vec2::new(0.0, 1.0),
            velocity_scale: 0.3,
        };
        integrate(&mut p, &mut v, 1.0, LIMITS, steering);
        assert!((v - Vec2::new(0.6, 1.0)).length() < 1e-6);
    }

    #[test]
    fn integrate_ignores_a_non_finite_force() {
        let mut p = Vec2::ZERO;
        let mut v = Vec2::new(1.0, 0.0);
        integrate(&mut p, &mut v, 1.0, LIMITS, Steering::force(Vec2::NAN));
        assert_eq!(v, Vec2::new(1.0, 0.0));
        assert!(p.is_finite());
    }
}
