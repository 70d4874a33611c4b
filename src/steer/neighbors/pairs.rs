//! Figures over pairs of nearby agents, each pair visited once.

use super::NeighborIndex;
use glam::Vec2;

/// [`super::Neighbors::fold_pairs`] by one query per agent (the reference, and
/// the fallback for radii wider than a grid cell).
pub(super) fn fold_pairs_by_query<F: PairFold>(
    index: &(impl NeighborIndex + Sync),
    positions: &[Vec2],
    radius: f32,
    fold: &F,
) -> F::Acc {
    use rayon::prelude::*;
    positions
        .par_iter()
        .enumerate()
        .fold(
            || (fold.init(), Vec::new()),
            |(mut acc, mut scratch), (i, &p)| {
                index.within(positions, p, radius, &mut scratch);
                for n in scratch.iter().filter(|n| n.index as usize > i) {
                    let d_sq = n.position.distance_squared(p);
                    fold.visit(&mut acc, i as u32, n.index, d_sq);
                }
                (acc, scratch)
            },
        )
        .map(|(acc, _)| acc)
        .reduce(|| fold.init(), |a, b| fold.merge(a, b))
}

/// An order-free figure over pairs of nearby agents (a count, a maximum):
/// each thread folds pairs into its own accumulator, then they are merged.
pub trait PairFold: Sync {
    type Acc: Send;
    fn init(&self) -> Self::Acc;
    /// One pair, `i < j`, `distance_squared` apart.
    fn visit(&self, acc: &mut Self::Acc, i: u32, j: u32, distance_squared: f32);
    fn merge(&self, a: Self::Acc, b: Self::Acc) -> Self::Acc;
}
