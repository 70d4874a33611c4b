//! The uniform grid: a counting sort of the agents by cell each tick, the
//! queries that scan only the cells a circle touches, and the pair walk.

use super::pairs::{PairFold, fold_pairs_by_query};
use super::{MemoryOrder, NeighborIndex, Run};
use crate::sim::crowd::CHUNK;
use glam::Vec2;

/// A uniform grid rebuilt from scratch each tick by a counting sort: agents
/// are bucketed by cell, and a query scans only the cells its circle touches.
#[derive(Debug, Clone)]
pub struct Grid {
    /// Preferred cell size: the largest query radius, so a query sees 3x3 cells.
    cell_size: f32,
    /// Cell size in use (grows when the agents spread too far apart).
    cell: f32,
    origin: Vec2,
    pub(super) cols: usize,
    pub(super) rows: usize,
    /// `starts[c]..starts[c + 1]` is cell `c`'s range in `items`.
    starts: Vec<u32>,
    /// Agent indices ordered by cell; within a cell, in the order of the
    /// tick before (queries sort what they find, so no answer depends on it).
    items: Vec<u32>,
    /// Positions in the same order as `items`, so a query scans contiguous memory.
    item_positions: Vec<Vec2>,
    /// Where each agent is in `items`: `items[slots[i]] == i`.
    slots: Vec<u32>,
    /// Each agent's cell, index and position, in last tick's memory order:
    /// what the two passes of the sort read.
    staged: Vec<(u32, u32, Vec2)>,
}

impl Grid {
    /// A grid whose cells are `cell_size` wide (use the largest query radius).
    pub fn new(cell_size: f32) -> Self {
        let cell_size = if cell_size.is_finite() && cell_size > 0.0 {
            cell_size
        } else {
            1.0
        };
        Self {
            cell_size,
            cell: cell_size,
            origin: Vec2::ZERO,
            cols: 1,
            rows: 1,
            starts: vec![0; 3],
            items: Vec::new(),
            item_positions: Vec::new(),
            slots: Vec::new(),
            staged: Vec::new(),
        }
    }

    fn cell_coords(&self, p: Vec2) -> (usize, usize) {
        // Truncation is floor for the non-negative values left after max(0).
        let c = (p - self.origin) / self.cell;
        let col = (c.x.max(0.0) as usize).min(self.cols - 1);
        let row = (c.y.max(0.0) as usize).min(self.rows - 1);
        (col, row)
    }

    /// The agents in cell order (where their positions sit in memory),
    /// and where each agent is in it.
    pub(super) fn memory_order(&self) -> MemoryOrder<'_> {
        MemoryOrder {
            agents: &self.items,
            slots: &self.slots,
        }
    }

    /// The range of `items` holding the cells of `row` from `c0` to `c1`.
    fn row_run(&self, row: usize, c0: usize, c1: usize) -> std::ops::Range<usize> {
        self.starts[row * self.cols + c0] as usize..self.starts[row * self.cols + c1 + 1] as usize
    }
}

impl NeighborIndex for Grid {
    /// A counting sort by cell that visits the agents in the memory order
    /// of the tick before: an agent moves less than a cell per tick, so
    /// consecutive agents land in the same or nearby cells and every count
    /// and write below stays near the one before (in cache), where index
    /// order would jump across the whole grid at each agent.
    fn rebuild(&mut self, positions: &[Vec2]) {
        use rayon::prelude::*;
        let (min, max) = positions
            .par_iter()
            .with_min_len(CHUNK)
            .fold(
                || (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY)),
                |(lo, hi), &p| (lo.min(p), hi.max(p)),
            )
            .reduce(
                || (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY)),
                |(a, b), (c, d)| (a.min(c), b.max(d)),
            );
        let extent = if positions.is_empty() {
            Vec2::ONE
        } else {
            (max - min).max(Vec2::ONE)
        };
        // Bound the cell count by a small multiple of the agent count, so a
        // stray agent far away cannot make the grid huge.
        let max_cells = (positions.len() * 4).max(1024) as f32;
        // The second bound keeps a long, thin spread from making one huge row.
        let needed = (extent.x * extent.y / max_cells)
            .sqrt()
            .max(extent.max_element() / max_cells);
        self.cell = self.cell_size.max(needed);
        self.origin = if positions.is_empty() {
            Vec2::ZERO
        } else {
            min
        };
        self.cols = (extent.x / self.cell) as usize + 1;
        self.rows = (extent.y / self.cell) as usize + 1;
        let cells = self.cols * self.rows;

        if self.items.len() != positions.len() {
            self.items = (0..positions.len() as u32).collect();
        }
        // In parallel, the one read of the crowd at scattered places.
        let mut staged = std::mem::take(&mut self.staged);
        staged.resize(positions.len(), (0, 0, Vec2::ZERO));
        (&mut staged, &self.items)
            .into_par_iter()
            .with_min_len(CHUNK)
            .for_each(|(staged, &i)| {
                let p = positions[i as usize];
                let (col, row) = self.cell_coords(p);
                *staged = ((row * self.cols + col) as u32, i, p);
            });
        self.staged = staged;
        // Counts at c + 2, their running sum, then each cell filled through
        // its cursor at c + 1, which ends where the cell ends: then
        // `starts[c]` is where cell c begins.
        self.starts.clear();
        self.starts.resize(cells + 2, 0);
        for &(cell, ..) in &self.staged {
            self.starts[cell as usize + 2] += 1;
        }
        for c in 2..cells + 2 {
            self.starts[c] += self.starts[c - 1];
        }
        self.item_positions.resize(positions.len(), Vec2::ZERO);
        self.slots.resize(positions.len(), 0);
        for &(cell, i, p) in &self.staged {
            let slot = self.starts[cell as usize + 1] as usize;
            self.items[slot] = i;
            self.item_positions[slot] = p;
            self.slots[i as usize] = slot as u32;
            self.starts[cell as usize + 1] += 1;
        }
    }

    fn runs(&self, _positions: &[Vec2], min: Vec2, max: Vec2, mut visit: impl FnMut(Run<'_>)) {
        let (c0, r0) = self.cell_coords(min);
        let (c1, r1) = self.cell_coords(max);
        // Cells of one row are contiguous in `items`: one run per row.
        for row in r0..=r1 {
            let run = self.row_run(row, c0, c1);
            visit(Run {
                start: run.start,
                ids: &self.items[run.clone()],
                positions: &self.item_positions[run],
            });
        }
    }

    fn any_within(&self, _positions: &[Vec2], center: Vec2, radius: f32, except: usize) -> bool {
        let r_sq = radius * radius;
        let (c0, r0) = self.cell_coords(center - Vec2::splat(radius));
        let (c1, r1) = self.cell_coords(center + Vec2::splat(radius));
        (r0..=r1).any(|row| {
            self.row_run(row, c0, c1).any(|k| {
                self.items[k] as usize != except
                    && self.item_positions[k].distance_squared(center) <= r_sq
            })
        })
    }
}

impl Grid {
    /// Folds every pair of agents at most `radius` apart, each pair once (as
    /// `(i, j, distance_squared)` with `i < j`), in parallel over rows of
    /// cells. A pair that near sits in the same or an adjacent cell, so each
    /// cell meets only itself and the four neighbours after it: no query
    /// per agent, no list, no sort. Radii wider than a cell fall back to
    /// one query per agent.
    pub(super) fn fold_pairs<F: PairFold>(
        &self,
        positions: &[Vec2],
        radius: f32,
        fold: &F,
    ) -> F::Acc {
        use rayon::prelude::*;
        let r_sq = radius * radius;
        if radius > self.cell {
            return fold_pairs_by_query(self, positions, radius, fold);
        }
        let (cols, rows) = (self.cols, self.rows);
        let cell = |col: usize, row: usize| self.row_run(row, col, col);
        (0..rows)
            .into_par_iter()
            .fold(
                || fold.init(),
                |mut acc, row| {
                    for col in 0..cols {
                        let here = cell(col, row);
                        for a in here.clone() {
                            let (i, p) = (self.items[a], self.item_positions[a]);
                            let mut meet = |others: std::ops::Range<usize>| {
                                for b in others {
                                    let d_sq = self.item_positions[b].distance_squared(p);
                                    if d_sq <= r_sq {
                                        let j = self.items[b];
                                        fold.visit(&mut acc, i.min(j), i.max(j), d_sq);
                                    }
                                }
                            };
                            meet(a + 1..here.end);
                            if col + 1 < cols {
                                meet(cell(col + 1, row));
                            }
                            if row + 1 < rows {
                                meet(self.row_run(
                                    row + 1,
                                    col.saturating_sub(1),
                                    (col + 1).min(cols - 1),
                                ));
                            }
                        }
                    }
                    acc
                },
            )
            .reduce(|| fold.init(), |a, b| fold.merge(a, b))
    }
}
