//! Bodies that meet exactly. Two agents on one point give every rule that
//! steers by the offset between them nothing to go on: separation, the
//! contact push and a sidestep skip a zero offset, prediction sees them
//! meet "now, here", ORCA sends both the same way. Started so (a link's
//! `starts`, a person adding two agents at one spot), they would stay one
//! for ever. The tie is broken by their numbers (their indices in the
//! crowd, or a pair rule's slots): each leaves the other along a direction
//! fixed by the pair, the two directions opposite, so the answer is the
//! same on any thread count and never NaN.

use super::neighbors::Near;
use glam::Vec2;

/// The unit direction agent `me` leaves agent `other` by when they stand
/// on one point: fixed by the pair, and `-tie_break(other, me)` exactly.
/// Spread around the circle by the pair's numbers (integer arithmetic and
/// one square root, the same on every platform), so that several agents
/// on one point leave it in several directions.
pub fn tie_break(me: usize, other: usize) -> Vec2 {
    let (low, high) = (me.min(other) as u64, me.max(other) as u64);
    // SplitMix64's finaliser: nearby pairs get unrelated directions.
    let mut h = low.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ high;
    h = (h ^ (h >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h = (h ^ (h >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    h ^= h >> 31;
    // Two coordinates in -127.5..=127.5, never both zero.
    let x = (h & 0xFF) as f32 - 127.5;
    let y = ((h >> 8) & 0xFF) as f32 - 127.5;
    let d = Vec2::new(x, y).normalize();
    if me < other { d } else { -d }
}

/// How far apart a neighbor exactly on the agent is seen ([`untie`]),
/// relative to the size of the coordinates: some eighty times their
/// rounding, a hundredth of a px on a stage 1000 px across.
const TIE: f32 = 1e-5;

/// Where agent `me` sees `other`, standing exactly on it, relative to
/// itself: a hair's breadth away along [`tie_break`], the hair `TIE`
/// times `size` (the coordinates' size, or a rule's radius).
pub fn hair(me: usize, other: usize, size: f32) -> Vec2 {
    -tie_break(me, other) * (TIE * size.max(1.0))
}

/// The `near` neighbors of agent `me` at `at` that stand exactly on it
/// seen a hair's breadth away, along [`tie_break`]: every rule given the
/// list then has a direction to part them by. The others are untouched.
pub fn untie(me: usize, at: Vec2, near: &mut [Near]) {
    let size = at.abs().max_element();
    for n in near.iter_mut() {
        let other = n.index as usize;
        if n.position == at && other != me {
            n.position = at + hair(me, other, size);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_of_two_leaves_the_other_the_opposite_way() {
        for (a, b) in [(0, 1), (1, 0), (7, 3), (100_000, 99_999)] {
            let d = tie_break(a, b);
            assert!((d.length() - 1.0).abs() < 1e-6, "{a} {b}: {d}");
            assert_eq!(tie_break(b, a), -d);
        }
        // Several on one point spread out, not along one line.
        assert_ne!(tie_break(0, 1), tie_break(0, 2));
        assert_ne!(tie_break(0, 1), -tie_break(0, 2));
    }

    #[test]
    fn a_neighbor_on_the_agent_is_seen_a_hair_away_and_no_other_moves() {
        let at = Vec2::new(500.0, 300.0);
        let mut near = [
            Near {
                index: 4,
                position: at,
            },
            Near {
                index: 5,
                position: at + Vec2::X,
            },
        ];
        untie(2, at, &mut near);
        let seen = near[0].position - at;
        assert!(seen != Vec2::ZERO && seen.length() < 0.01, "{seen}");
        assert!(seen.normalize().dot(-tie_break(2, 4)) > 0.999, "{seen}");
        assert_eq!(near[1].position, at + Vec2::X);
    }
}
