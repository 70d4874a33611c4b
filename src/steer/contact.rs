//! The non-penetration constraint (Reynolds' own crowd demos): after the
//! move, agents that overlap are pushed apart until they only touch. It is
//! not a steering force but a correction of positions, so it holds whatever
//! the forces did; the price is motion no force explains, and a crowd that
//! can be shoved.

use super::sum::ExactSum;
use glam::Vec2;

/// How far agent `position` moves this pass: for each neighbour nearer than
/// `diameter` (centre to centre), half the overlap, straight away from it
/// (the neighbour moves the other half). Summed exactly, so the order of
/// `neighbours` is irrelevant; a neighbour exactly on the agent gives no
/// direction and is skipped.
pub fn contact_push(
    position: Vec2,
    neighbours: impl IntoIterator<Item = Vec2>,
    diameter: f32,
) -> Vec2 {
    let mut sum = ExactSum::default();
    for n in neighbours {
        let away = position - n;
        let d = away.length();
        if d > 0.0 && d < diameter {
            sum.add(away * ((diameter - d) * 0.5 / d));
        }
    }
    sum.value()
}

/// The deepest overlap among `positions` (brute force: for tests and
/// small crowds), in px; 0 when none.
pub fn deepest_overlap(positions: &[Vec2], diameter: f32) -> f32 {
    let mut deepest = 0.0f32;
    for (i, &a) in positions.iter().enumerate() {
        for &b in &positions[i + 1..] {
            deepest = deepest.max(diameter - a.distance(b));
        }
    }
    deepest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_overlapping_agents_each_move_half_the_overlap_apart() {
        // 16 px discs 10 px apart: 6 px of overlap, 3 each.
        let (a, b) = (Vec2::ZERO, Vec2::new(10.0, 0.0));
        assert_eq!(contact_push(a, [b], 16.0), Vec2::new(-3.0, 0.0));
        assert_eq!(contact_push(b, [a], 16.0), Vec2::new(3.0, 0.0));
        // After one pass they just touch.
        let (a, b) = (
            a + contact_push(a, [b], 16.0),
            b + contact_push(b, [a], 16.0),
        );
        assert!((a.distance(b) - 16.0).abs() < 1e-4);
        assert!(deepest_overlap(&[a, b], 16.0) < 1e-4);
        // Touching or apart, or on top of each other: no push.
        assert_eq!(contact_push(a, [a + Vec2::X * 16.0], 16.0), Vec2::ZERO);
        assert_eq!(contact_push(a, [a], 16.0), Vec2::ZERO);
    }
}
