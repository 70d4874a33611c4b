//! Offset pursuit (Buckland, *Programming Game AI by Example*, ch. 3):
//! keep a slot at a fixed offset from a leader, in the leader's own frame
//! (ahead is +x, its left is +y), as a wing of a formation does. Arriving
//! at where the slot is now always lags; so, as pursuit does, look ahead by
//! the time it takes to close the gap and arrive where the slot will be.

use super::pursuit::LookAhead;
use super::seek::arrive;
use glam::Vec2;

/// Where a slot `offset` from a leader at `position` facing `heading` (a
/// unit vector; zero: the leader's own position) is in the world.
pub fn slot(position: Vec2, heading: Vec2, offset: Vec2) -> Vec2 {
    position + heading * offset.x + heading.perp() * offset.y
}

/// Arrive at the slot `slot` of a leader moving at `leader_velocity`: where
/// it will be after the ticks it takes to cover the distance at the two
/// speeds together (`predict`), or where it is (not).
pub fn offset_pursuit(
    position: Vec2,
    velocity: Vec2,
    slot: Vec2,
    leader_velocity: Vec2,
    max_speed: f32,
    slowing_radius: f32,
    predict: bool,
) -> LookAhead {
    let closing = max_speed + leader_velocity.length();
    let ticks = if predict && closing > 0.0 {
        position.distance(slot) / closing
    } else {
        0.0
    };
    let target = slot + leader_velocity * ticks;
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
    fn a_slot_turns_with_the_leader() {
        // Facing +x, the slot 30 behind and 20 to the left (+y).
        let at = slot(Vec2::new(100.0, 100.0), Vec2::X, Vec2::new(-30.0, 20.0));
        assert!(at.abs_diff_eq(Vec2::new(70.0, 120.0), 1e-5), "{at}");
        // Facing +y, behind is -y and the left is -x.
        let at = slot(Vec2::new(100.0, 100.0), Vec2::Y, Vec2::new(-30.0, 20.0));
        assert!(at.abs_diff_eq(Vec2::new(80.0, 70.0), 1e-5), "{at}");
        assert_eq!(slot(Vec2::ONE, Vec2::ZERO, Vec2::new(5.0, 5.0)), Vec2::ONE);
    }

    #[test]
    fn it_arrives_where_the_slot_will_be() {
        // The slot 40 px ahead, the leader moving up at 1, the follower
        // at rest with top speed 3: T = 40 / (3 + 1) = 10 ticks, and the
        // target is the slot 10 px further up.
        let k = offset_pursuit(
            Vec2::ZERO,
            Vec2::ZERO,
            Vec2::new(40.0, 0.0),
            Vec2::Y,
            3.0,
            1.0,
            true,
        );
        assert!((k.ticks - 10.0).abs() < 1e-5);
        assert!(k.target.abs_diff_eq(Vec2::new(40.0, 10.0), 1e-5));
        let toward = Vec2::new(40.0, 10.0).normalize() * 3.0;
        assert!(k.force.abs_diff_eq(toward, 1e-4));
        let now = offset_pursuit(
            Vec2::ZERO,
            Vec2::ZERO,
            Vec2::new(40.0, 0.0),
            Vec2::Y,
            3.0,
            1.0,
            false,
        );
        assert_eq!((now.ticks, now.target), (0.0, Vec2::new(40.0, 0.0)));
    }
}
