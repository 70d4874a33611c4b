//! The non-penetration constraint (Reynolds' own crowd demos): after the
//! move, agents that overlap are pushed apart until they only touch. It is
//! not a steering force but a correction of positions, so it holds whatever
//! the forces did; the price is motion no force explains, and a crowd that
//! can be shoved.

use super::neighbors::PairSum;
use super::sum::ExactSum;
use glam::Vec2;

/// How far agent `position` moves this pass: for each neighbour nearer than
/// `diameter` (centre to centre), half the overlap, straight away from it
/// (the neighbour moves the other half). Summed exactly, so the order of
/// `neighbors` is irrelevant; a neighbour exactly on the agent gives no
/// direction and is skipped.
pub fn contact_push(
    position: Vec2,
    neighbors: impl IntoIterator<Item = Vec2>,
    diameter: f32,
) -> Vec2 {
    let mut sum = ExactSum::default();
    for n in neighbors {
        let away = position - n;
        let d = away.length();
        if d > 0.0 && d < diameter {
            sum.add(away * ((diameter - d) * 0.5 / d));
        }
    }
    sum.value()
}

/// [`contact_push`] a pair at a time ([`PairSum`]): each overlapping pair
/// works out one push and hands each agent its sign, so an agent's sum is
/// its `contact_push`, bit for bit; but two on one point, which
/// `contact_push` cannot tell apart, part along their
/// [`tie_break`](super::tie::tie_break).
#[derive(Debug, Clone, Copy)]
pub struct Contact {
    /// Centre to centre, bodies nearer than this overlap, in px.
    pub diameter: f32,
}

impl PairSum for Contact {
    type Sum = ExactSum;

    #[inline]
    fn meet(
        &self,
        (a, b): (usize, usize),
        offset: Vec2,
        distance_squared: f32,
        sum_a: &mut ExactSum,
        sum_b: &mut ExactSum,
    ) {
        let d = distance_squared.sqrt();
        let push = if d > 0.0 && d < self.diameter {
            -offset * ((self.diameter - d) * 0.5 / d)
        } else if offset == Vec2::ZERO {
            // On one point: apart along their tie-break, half a diameter each.
            super::tie::tie_break(a, b) * (self.diameter * 0.5)
        } else {
            return;
        };
        let push = ExactSum::of(push);
        sum_a.merge(push);
        sum_b.merge(push.negated());
    }
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

    #[test]
    fn a_pair_at_a_time_is_each_agents_own_push_bit_for_bit() {
        use crate::steer::neighbors::{NeighborIndex, NeighborMode, Neighbors};
        let positions: Vec<Vec2> = (0..40)
            .map(|k| Vec2::new((k % 7) as f32 * 11.3, (k / 7) as f32 * 9.7 + (k % 3) as f32))
            .collect();
        for mode in [NeighborMode::Grid, NeighborMode::Brute] {
            let mut index = Neighbors::new(mode, 16.0);
            index.rebuild(&positions);
            let mut sums = Vec::new();
            index.sum_pairs(&positions, 16.0, &Contact { diameter: 16.0 }, &mut sums);
            for (i, &p) in positions.iter().enumerate() {
                let slot = index.memory_order().map_or(i, |o| o.slot(i));
                let others = (positions.iter().enumerate())
                    .filter(|&(j, _)| j != i)
                    .map(|(_, &q)| q);
                assert_eq!(
                    sums[slot].value(),
                    contact_push(p, others, 16.0),
                    "{mode:?} {i}"
                );
            }
        }
    }
}
