//! The grid's pair walks: every pair of agents within a cell of each
//! other, met once, for figures ([`PairFold`]) and for sums ([`PairSum`]).

use super::Grid;
use crate::steer::neighbors::pairs::{PairFold, PairSum};
use crate::steer::par::{self, CHUNK, join};
use std::ops::Range;

impl Grid {
    /// Whether the pair walks meet every pair within `radius`: pairs that
    /// near sit in the same or adjacent cells.
    pub(in crate::steer::neighbors) fn walks(&self, radius: f32) -> bool {
        radius <= self.cell
    }

    /// Calls `visit(a, later)` for every agent of `row`, at slot `a`, with
    /// the slots of the agents after it that may be within a cell of it:
    /// the rest of its own cell and the cell to its right (contiguous), and
    /// the three cells below. A pair that near sits in the same or an
    /// adjacent cell, so this meets every such pair once, from its lower
    /// slot.
    fn stencil(&self, row: usize, mut visit: impl FnMut(usize, [Range<usize>; 2])) {
        let last = self.cols - 1;
        for col in 0..self.cols {
            let here = self.row_run(row, col, col);
            let right_end = self.row_run(row, col, (col + 1).min(last)).end;
            let below = if row + 1 < self.rows {
                self.row_run(row + 1, col.saturating_sub(1), (col + 1).min(last))
            } else {
                0..0
            };
            for a in here {
                visit(a, [a + 1..right_end, below.clone()]);
            }
        }
    }

    /// Folds every pair of agents at most `radius` apart, each pair once (as
    /// `(i, j, distance_squared)` with `i < j`), in parallel over rows of
    /// cells ([`Self::stencil`]): no query per agent, no list, no sort.
    /// For radii the grid [`Self::walks`].
    pub(in crate::steer::neighbors) fn fold_pairs<F: PairFold>(
        &self,
        radius: f32,
        fold: &F,
    ) -> F::Acc {
        use rayon::prelude::*;
        let r_sq = radius * radius;
        // Rows enough for some CHUNK agents a piece: a small crowd is one
        // piece, folded on the calling thread.
        let agents_a_row = self.items.len().div_ceil(self.rows.max(1)).max(1);
        (0..self.rows)
            .into_par_iter()
            .with_min_len(CHUNK.div_ceil(agents_a_row))
            .fold(
                || fold.init(),
                |mut acc, row| {
                    self.stencil(row, |a, later| {
                        let (i, p) = (self.items[a], self.item_positions[a]);
                        for b in later.into_iter().flatten() {
                            let d_sq = self.item_positions[b].distance_squared(p);
                            if d_sq <= r_sq {
                                let j = self.items[b];
                                fold.visit(&mut acc, i.min(j), i.max(j), d_sq);
                            }
                        }
                    });
                    acc
                },
            )
            .reduce(|| fold.init(), |a, b| fold.merge(a, b))
    }

    /// Sums, into `sums` by slot, what every agent sees of those within
    /// `radius`, each pair met once ([`Self::stencil`]). A row's pairs
    /// write to that row and the next, so the rows go in bands, the even
    /// bands in parallel and then the odd ones: bands working at once
    /// never write to the same agent. For radii the grid [`Self::walks`].
    pub(in crate::steer::neighbors) fn sum_pairs<P: PairSum>(
        &self,
        radius: f32,
        pairs: &P,
        sums: &mut [P::Sum],
    ) {
        par::for_each_mut(sums, |_, s| *s = P::Sum::default());
        let r_sq = radius * radius;
        let rows = self.rows;
        // Several bands a thread, so that a dense band does not hold up the
        // rest; one for a small crowd, which another thread would only slow.
        let bands = if self.items.len() < 2 * CHUNK {
            1
        } else {
            (8 * par::threads()).clamp(1, rows)
        };
        let band_rows = |k: usize| k * rows / bands..(k + 1) * rows / bands;
        let row_start = |row: usize| self.starts[row.min(rows) * self.cols] as usize;
        let walk = |rows: Range<usize>, base: usize, sums: &mut [P::Sum]| {
            // Room for a batch of hits, one for the whole band.
            let mut hits: Hits = [(0, glam::Vec2::ZERO); BATCH];
            for row in rows {
                self.stencil(row, |a, later| {
                    let mut sum_a = sums[a - base];
                    let to = (&mut *sums, base, &mut hits);
                    self.meet_later(a, later, (pairs, r_sq), &mut sum_a, to);
                    sums[a - base] = sum_a;
                });
            }
        };
        let band_start = |k: usize| row_start(band_rows(k).start);
        let walk = |k: usize, base: usize, sums: &mut [P::Sum]| walk(band_rows(k), base, sums);
        for parity in 0..2 {
            let count = (bands + 1 - parity) / 2;
            if count > 0 {
                let base = band_start(parity);
                alternate_bands(
                    0..count,
                    parity,
                    base,
                    &mut sums[base..],
                    &band_start,
                    &walk,
                );
            }
        }
    }
}

impl Grid {
    /// Meets the agent at slot `a` with those of `later` within the radius
    /// (`r_sq`, squared) as `pairs` says, into `sum_a` and `sums` (which
    /// begins at slot `base`): one at a time, or, for a
    /// [`PairSum::BATCHED`] sum, a block of candidates tested without a
    /// branch and the hits (gathered in `hits`) met together.
    fn meet_later<P: PairSum>(
        &self,
        a: usize,
        later: [Range<usize>; 2],
        (pairs, r_sq): (&P, f32),
        sum_a: &mut P::Sum,
        (sums, base, hits): (&mut [P::Sum], usize, &mut Hits),
    ) {
        let p = self.item_positions[a];
        if !P::BATCHED {
            for b in later.into_iter().flatten() {
                let offset = self.item_positions[b] - p;
                let d_sq = offset.length_squared();
                if d_sq <= r_sq {
                    pairs.meet((a, b), offset, d_sq, sum_a, &mut sums[b - base]);
                }
            }
            return;
        }
        // The hits of every range go into one batch, met when the next
        // block of candidates might not fit and at the end: fewer, fuller
        // batches (a partial four wastes lanes).
        let mut n = 0;
        for range in later {
            for from in range.clone().step_by(BATCH) {
                let to = (from + BATCH).min(range.end);
                if n + (to - from) > BATCH {
                    pairs.meet_batch(a, &hits[..n], sum_a, sums, base);
                    n = 0;
                }
                for b in from..to {
                    let offset = self.item_positions[b] - p;
                    hits[n] = (b as u32, offset);
                    n += usize::from(offset.length_squared() <= r_sq);
                }
            }
        }
        pairs.meet_batch(a, &hits[..n], sum_a, sums, base);
    }
}

/// Candidates a batched walk tests before meeting those in range.
const BATCH: usize = 64;

/// A batch of hits, `(slot, offset)`: room for [`BATCH`].
type Hits = [(u32, glam::Vec2); BATCH];

/// Runs `walk(k, base, sums)` for the bands `k = 2t + parity`, `t` in
/// `tasks`, in parallel; `sums` begins at slot `base`, and band `k` writes
/// only to slots from `start(k)` up to `start(k + 2)` (its rows and the
/// next band's first), so the bands of one parity never meet.
fn alternate_bands<S: Send>(
    tasks: Range<usize>,
    parity: usize,
    base: usize,
    sums: &mut [S],
    start: &(impl Fn(usize) -> usize + Sync),
    walk: &(impl Fn(usize, usize, &mut [S]) + Sync),
) {
    if tasks.len() <= 1 {
        if !tasks.is_empty() {
            walk(2 * tasks.start + parity, base, sums);
        }
        return;
    }
    let mid = tasks.start + tasks.len() / 2;
    let split = start(2 * mid + parity) - base;
    let (lo, hi) = sums.split_at_mut(split);
    join(
        || alternate_bands(tasks.start..mid, parity, base, lo, start, walk),
        || alternate_bands(mid..tasks.end, parity, base + split, hi, start, walk),
    );
}
