//! Overlap figures of crowd scenes (the doorway, the crossing):
//! overlapping pairs of agent discs on the stage and the deepest overlap,
//! found either in the neighbour lists a scene gathers anyway or by a pass
//! over the pairs. Both count the same pairs, bit for bit (tested below).

use crate::scenes::{TOUCH_TOLERANCE, off_stage};
use crate::sim::crowd::{Metric, Sampling};
use crate::steer::neighbors::{Near, Neighbors, PairFold};
use glam::Vec2;

/// The mean of `n` values that sum to `sum` (0 of none).
pub fn mean_of(sum: f64, n: u64) -> f64 {
    if n == 0 { 0.0 } else { sum / n as f64 }
}

/// The `mean_overlap_pairs` figure of a scene that has counted `pairs`
/// overlapping pairs over `ticks` ticks.
pub fn mean_overlap_pairs(pairs: u64, ticks: u64) -> (&'static str, Metric, Sampling) {
    let mean = Metric::Float(mean_of(pairs as f64, ticks));
    ("mean_overlap_pairs", mean, Sampling::EveryTick)
}

/// Overlaps of one agent with the higher-indexed agents of its
/// neighbourhood, both on the stage: each pair counted once, at its lower
/// index, as the pass over the pairs ([`Overlap::by_pairs`]) counts it.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Overlap {
    pub pairs: u32,
    /// Deepest overlap, px (0 without one).
    pub deepest: f32,
}

impl Overlap {
    /// Agent `me`'s overlaps among `near` (any superset of the agents
    /// within `diameter` of it).
    pub fn among(me: Near, near: &[Near], diameter: f32, stage: Vec2) -> Self {
        let mut overlap = Self::default();
        if off_stage(me.position, stage) {
            return overlap;
        }
        // The pair pass's own test, before the square root.
        let touching = |n: &&Near| me.position.distance_squared(n.position) <= diameter * diameter;
        for n in near.iter().filter(|n| n.index > me.index).filter(touching) {
            let depth = diameter - me.position.distance(n.position);
            if depth > TOUCH_TOLERANCE && !off_stage(n.position, stage) {
                overlap.pairs += 1;
                overlap.deepest = overlap.deepest.max(depth);
            }
        }
        overlap
    }

    /// Both figures together: pairs added, the deeper overlap kept.
    pub fn merge(a: Self, b: Self) -> Self {
        Self {
            pairs: a.pairs + b.pairs,
            deepest: a.deepest.max(b.deepest),
        }
    }

    /// Every overlapping pair on the stage, by one pass over the pairs.
    pub fn by_pairs(neighbors: &Neighbors, positions: &[Vec2], diameter: f32, stage: Vec2) -> Self {
        let pass = Overlaps {
            positions,
            diameter,
            stage,
        };
        let (pairs, deepest) = neighbors.fold_pairs(positions, diameter, &pass);
        Self {
            pairs: pairs as u32,
            deepest,
        }
    }
}

/// Overlapping pairs and the deepest overlap among agents on the stage.
struct Overlaps<'a> {
    positions: &'a [Vec2],
    diameter: f32,
    stage: Vec2,
}

impl PairFold for Overlaps<'_> {
    /// Pairs, deepest overlap in px.
    type Acc = (u64, f32);
    fn init(&self) -> Self::Acc {
        (0, 0.0)
    }
    fn visit(&self, (pairs, deepest): &mut Self::Acc, i: u32, j: u32, _: f32) {
        let (p, q) = (self.positions[i as usize], self.positions[j as usize]);
        let depth = self.diameter - p.distance(q);
        if depth > TOUCH_TOLERANCE && !off_stage(p, self.stage) && !off_stage(q, self.stage) {
            *pairs += 1;
            *deepest = deepest.max(depth);
        }
    }
    fn merge(&self, a: Self::Acc, b: Self::Acc) -> Self::Acc {
        (a.0 + b.0, a.1.max(b.1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::steer::neighbors::{NeighborIndex, NeighborMode};
    use proptest::prelude::*;

    proptest! {
        /// The overlaps the decisions find add up to what the pass over
        /// the pairs finds, on and off the stage, bit for bit.
        #[test]
        fn decisions_find_the_overlaps_the_pair_pass_finds(
            pts in prop::collection::vec((-40.0f32..240.0, -40.0f32..240.0), 0..150),
            diameter in 1.0f32..40.0, reach in 0.0f32..30.0,
        ) {
            let positions: Vec<Vec2> = pts.into_iter().map(|(x, y)| Vec2::new(x, y)).collect();
            let stage = Vec2::new(200.0, 200.0);
            let mut grid = Neighbors::new(NeighborMode::Grid, diameter + reach);
            grid.rebuild(&positions);
            let mut near = Vec::new();
            let (mut pairs, mut deepest) = (0, 0.0f32);
            for i in 0..positions.len() {
                grid.within(&positions, positions[i], diameter + reach, &mut near);
                let found = Overlap::among(Near::at(i, &positions), &near, diameter, stage);
                pairs += u64::from(found.pairs);
                deepest = deepest.max(found.deepest);
            }
            let pass = Overlaps { positions: &positions, diameter, stage };
            let (expected_pairs, expected_deepest) = grid.fold_pairs(&positions, diameter, &pass);
            prop_assert_eq!(pairs, expected_pairs);
            prop_assert_eq!(deepest.to_bits(), expected_deepest.to_bits());
        }
    }
}
