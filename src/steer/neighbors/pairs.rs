//! Figures and sums over pairs of nearby agents, each pair visited once.

use super::{NeighborIndex, Neighbors};
use crate::steer::par;
use glam::Vec2;

/// [`super::Neighbors::fold_pairs`] by one query per agent (the reference, and
/// the fallback for radii wider than a grid cell).
pub(super) fn fold_pairs_by_query<F: PairFold>(
    index: &Neighbors,
    positions: &[Vec2],
    radius: f32,
    fold: &F,
) -> F::Acc {
    use rayon::prelude::*;
    positions
        .par_iter()
        .enumerate()
        .with_min_len(crate::steer::par::CHUNK)
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

/// What each agent sums over the agents near it, worked out once a pair:
/// separation's push on one of two agents is the other's, negated; the
/// offset one sees is the other's, negated. Sums are kept per agent in the
/// index's memory order (its slots), and must be exact (`steer::sum`), so
/// that the pairs may come in any order and be split among threads.
pub trait PairSum: Sync {
    type Sum: Copy + Default + Send + Sync;

    /// With `slots = (a, b)`: adds to `sum_a` what the agent at slot `a`
    /// sees of the one at slot `b`, `offset` (= b's position - a's) away,
    /// `distance_squared` its length squared (within the radius asked
    /// for); and to `sum_b` what `b` sees of `a` at `-offset`, exactly what
    /// `b` would add on its own query.
    fn meet(
        &self,
        slots: (usize, usize),
        offset: Vec2,
        distance_squared: f32,
        sum_a: &mut Self::Sum,
        sum_b: &mut Self::Sum,
    );

    /// Whether the grid's walk hands this sum its meetings a batch at a
    /// time ([`Self::meet_batch`]), testing its candidates without a
    /// branch: worth it where a batch's arithmetic vectorises, or where
    /// candidates are in range too often for the branch to be predicted.
    const BATCHED: bool = false;

    /// Meets the agent at slot `a` with each of `hits`, `(slot, offset)`,
    /// all within the radius; `sums` begins at slot `base`. One at a time
    /// unless a sum does better.
    fn meet_batch(
        &self,
        a: usize,
        hits: &[(u32, Vec2)],
        sum_a: &mut Self::Sum,
        sums: &mut [Self::Sum],
        base: usize,
    ) {
        for &(b, offset) in hits {
            let b = b as usize;
            let d_sq = offset.length_squared();
            self.meet((a, b), offset, d_sq, sum_a, &mut sums[b - base]);
        }
    }
}

/// [`super::Neighbors::sum_pairs`] by one query per agent, each meeting
/// seen from one side only (the reference, and the fallback for radii wider
/// than a grid cell): `sums[a]` for the agent at slot `a`.
pub(super) fn sum_pairs_by_query<P: PairSum>(
    index: &Neighbors,
    positions: &[Vec2],
    radius: f32,
    pairs: &P,
    sums: &mut [P::Sum],
) {
    let r_sq = radius * radius;
    let reach = Vec2::splat(radius);
    let order = index.memory_order();
    let agent = |a: usize| order.map_or(a, |order| order.agents[a] as usize);
    par::for_each_mut(sums, |a, sum| {
        let i = agent(a);
        let p = positions[i];
        let mut unseen = P::Sum::default();
        *sum = P::Sum::default();
        index.runs(positions, p - reach, p + reach, |run| {
            let found = run.ids.iter().zip(run.positions).enumerate();
            for (k, (&j, &q)) in found {
                let offset = q - p;
                let d_sq = offset.length_squared();
                if j as usize != i && d_sq <= r_sq {
                    pairs.meet((a, run.start + k), offset, d_sq, sum, &mut unseen);
                }
            }
        });
    });
}
