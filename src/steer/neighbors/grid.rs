//! The uniform grid: a counting sort of the agents by cell each tick, the
//! queries that scan only the cells a circle touches, and the pair walk.

use super::NeighborIndex;
use super::pairs::{PairFold, fold_pairs_by_query};
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
    /// Agent indices ordered by cell, ascending within a cell.
    items: Vec<u32>,
    /// Positions in the same order as `items`, so a query scans contiguous memory.
    item_positions: Vec<Vec2>,
    /// Each agent's cell, kept between the two passes of the sort.
    cell_of: Vec<u32>,
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
            starts: vec![0, 0],
            items: Vec::new(),
            item_positions: Vec::new(),
            cell_of: Vec::new(),
        }
    }

    fn cell_coords(&self, p: Vec2) -> (usize, usize) {
        // Truncation is floor for the non-negative values left after max(0).
        let c = (p - self.origin) / self.cell;
        let col = (c.x.max(0.0) as usize).min(self.cols - 1);
        let row = (c.y.max(0.0) as usize).min(self.rows - 1);
        (col, row)
    }

    /// The agents in cell order: where their positions sit in memory.
    pub(super) fn memory_order(&self) -> &[u32] {
        &self.items
    }

    /// The range of `items` holding the cells of `row` from `c0` to `c1`.
    fn row_run(&self, row: usize, c0: usize, c1: usize) -> std::ops::Range<usize> {
        self.starts[row * self.cols + c0] as usize..self.starts[row * self.cols + c1 + 1] as usize
    }
}

impl NeighborIndex for Grid {
    fn rebuild(&mut self, positions: &[Vec2]) {
        let (min, max) = positions.iter().fold(
            (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY)),
            |(lo, hi), &p| (lo.min(p), hi.max(p)),
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

        self.starts.clear();
        self.starts.resize(cells + 1, 0);
        self.cell_of.clear();
        for &p in positions {
            let (col, row) = self.cell_coords(p);
            let cell = row * self.cols + col;
            self.cell_of.push(cell as u32);
            self.starts[cell + 1] += 1;
        }
        for c in 0..cells {
            self.starts[c + 1] += self.starts[c];
        }
        self.items.resize(positions.len(), 0);
        self.item_positions.resize(positions.len(), Vec2::ZERO);
        // Fill each cell in ascending agent order, using `starts[c]` as a
        // cursor; afterwards `starts[c]` has moved to where cell c+1 began.
        for (i, &p) in positions.iter().enumerate() {
            let cell = self.cell_of[i] as usize;
            let slot = self.starts[cell] as usize;
            self.items[slot] = i as u32;
            self.item_positions[slot] = p;
            self.starts[cell] += 1;
        }
        for c in (1..=cells).rev() {
            self.starts[c] = self.starts[c - 1];
        }
        self.starts[0] = 0;
    }

    fn within(&self, _positions: &[Vec2], center: Vec2, radius: f32, out: &mut Vec<u32>) {
        out.clear();
        let r_sq = radius * radius;
        let (c0, r0) = self.cell_coords(center - Vec2::splat(radius));
        let (c1, r1) = self.cell_coords(center + Vec2::splat(radius));
        // Cells of one row are contiguous in `items`: one run per row.
        for row in r0..=r1 {
            for k in self.row_run(row, c0, c1) {
                if self.item_positions[k].distance_squared(center) <= r_sq {
                    out.push(self.items[k]);
                }
            }
        }
        if out.len() > 1 {
            out.sort_unstable();
        }
    }

    fn first_within(
        &self,
        _positions: &[Vec2],
        center: Vec2,
        radius: f32,
        except: usize,
        _scratch: &mut Vec<u32>,
    ) -> Option<usize> {
        let r_sq = radius * radius;
        let (c0, r0) = self.cell_coords(center - Vec2::splat(radius));
        let (c1, r1) = self.cell_coords(center + Vec2::splat(radius));
        let mut first = u32::MAX;
        for row in r0..=r1 {
            for k in self.row_run(row, c0, c1) {
                let j = self.items[k];
                if j < first
                    && j as usize != except
                    && self.item_positions[k].distance_squared(center) <= r_sq
                {
                    first = j;
                }
            }
        }
        (first != u32::MAX).then_some(first as usize)
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
