//! Interpose (Buckland, *Programming Game AI by Example*, ch. 3): keep
//! yourself between two moving agents, a bodyguard stepping in front of
//! its charge. Aiming at their midpoint as it is arrives too late: they
//! have moved on. So first guess how long it takes to reach the midpoint,
//! then where both will be by then, and arrive at the midpoint of those.

use super::pursuit::LookAhead;
use super::pursuit::{Prediction, predict};
use super::seek::arrive;
use glam::Vec2;

/// How an interposer aims between two agents.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aim {
    /// The midpoint of where the two will be by the time it gets there.
    Predicted,
    /// The midpoint of where they are now (the naive contrast).
    Current,
}

/// Arrive between `a` and `b` (each a position and a velocity), at most
/// `max_speed`, slowing inside `slowing_radius`.
pub fn interpose(
    position: Vec2,
    velocity: Vec2,
    (a, b): ((Vec2, Vec2), (Vec2, Vec2)),
    max_speed: f32,
    slowing_radius: f32,
    aim: Aim,
) -> LookAhead {
    let midpoint = (a.0 + b.0) * 0.5;
    let ticks = Prediction::Dynamic.ticks(position.distance(midpoint), max_speed);
    let target = match aim {
        Aim::Predicted => {
            // Both futures T ticks ahead: `predict` from the midpoint's
            // distance, so each is the same T.
            let t = Prediction::Constant(ticks);
            (predict(position, a.0, a.1, max_speed, t) + predict(position, b.0, b.1, max_speed, t))
                * 0.5
        }
        Aim::Current => midpoint,
    };
    LookAhead {
        force: arrive(position, velocity, target, max_speed, slowing_radius),
        ticks,
        target,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn it_aims_at_the_midpoint_of_where_the_two_will_be() {
        // A at (0, 0) moving right at 1, B at (100, 0) moving up at 1; the
        // interposer at (50, 60), top speed 2: the midpoint (50, 0) is 60
        // away, T = 30 ticks; A will be at (30, 0), B at (100, 30), and
        // the target is their midpoint (65, 15).
        let a = (Vec2::ZERO, Vec2::X);
        let b = (Vec2::new(100.0, 0.0), Vec2::Y);
        let me = Vec2::new(50.0, 60.0);
        let i = interpose(me, Vec2::ZERO, (a, b), 2.0, 1.0, Aim::Predicted);
        assert!((i.ticks - 30.0).abs() < 1e-5, "{}", i.ticks);
        assert!(
            i.target.abs_diff_eq(Vec2::new(65.0, 15.0), 1e-4),
            "{}",
            i.target
        );
        let toward = (Vec2::new(65.0, 15.0) - me).normalize() * 2.0;
        assert!(
            i.force.abs_diff_eq(toward, 1e-4),
            "full speed, far outside the slowing radius"
        );
        let naive = interpose(me, Vec2::ZERO, (a, b), 2.0, 1.0, Aim::Current);
        assert_eq!(naive.target, Vec2::new(50.0, 0.0));
    }

    #[test]
    fn standing_on_the_midpoint_of_a_still_pair_it_stays() {
        let a = (Vec2::ZERO, Vec2::ZERO);
        let b = (Vec2::new(10.0, 0.0), Vec2::ZERO);
        let i = interpose(
            Vec2::new(5.0, 0.0),
            Vec2::ZERO,
            (a, b),
            2.0,
            50.0,
            Aim::Predicted,
        );
        assert_eq!(i.force, Vec2::ZERO);
        assert_eq!(i.ticks, 0.0);
    }
}
