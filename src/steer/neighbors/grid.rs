//! The uniform grid: a counting sort of the agents by cell each tick, the
//! queries that scan only the cells a circle touches; the pair walks are
//! in [`walk`].
//!
//! Rows and columns here are the grid's own, in the frame of its
//! [`Runs`]: laid out in columns, its rows are the stage's columns.

use super::{MemoryOrder, NeighborIndex, Run, Runs};
use crate::steer::par::CHUNK;
use crate::steer::par::{self, join};
use glam::Vec2;
use std::sync::atomic::{AtomicU32, Ordering};

mod walk;

/// A uniform grid rebuilt from scratch each tick by a counting sort: agents
/// are bucketed by cell, and a query scans only the cells its circle touches.
#[derive(Debug)]
pub struct Grid {
    /// Preferred cell size: the largest query radius, so a query sees 3x3 cells.
    cell_size: f32,
    /// Cell size in use (grows when the agents spread too far apart).
    cell: f32,
    /// Its reciprocal: a cell is found by a multiplication, not a division.
    per_px: f32,
    /// The last cell's column and row, as floats: coordinates are clamped
    /// before they are converted, which then needs no saturation.
    last: Vec2,
    origin: Vec2,
    pub(super) cols: usize,
    pub(super) rows: usize,
    /// `starts[c]..starts[c + 1]` is cell `c`'s range in `items`; two
    /// longer than the cells, as the sort counts at `c + 2`.
    starts: Vec<u32>,
    /// Agent indices ordered by cell; within a cell, in the order of the
    /// tick before (no answer depends on it: every sum over neighbours is
    /// exact, and the other uses of them count or take a maximum).
    items: Vec<u32>,
    /// Positions in the same order as `items`, so a query scans contiguous memory.
    item_positions: Vec<Vec2>,
    /// Where each agent is in `items`: `items[slots[i]] == i` (atomics,
    /// as the bands of the sort write them at scattered places).
    slots: Vec<AtomicU32>,
    /// The bands of cells the sort runs in, kept to spare an allocation.
    bands: Vec<Band>,
    /// Each agent's cell, index and position, in last tick's memory order:
    /// what the two passes of the sort read.
    staged: Vec<(u32, u32, Vec2)>,
    /// The layout: positions are taken in its frame (x along a row).
    runs: Runs,
}

impl Clone for Grid {
    /// A copy of the grid as it stands (a scene's snapshot): its order
    /// within cells, which later ticks start from, included.
    fn clone(&self) -> Self {
        use std::sync::atomic::Ordering::Relaxed;
        Self {
            cell_size: self.cell_size,
            cell: self.cell,
            per_px: self.per_px,
            last: self.last,
            origin: self.origin,
            cols: self.cols,
            rows: self.rows,
            starts: self.starts.clone(),
            items: self.items.clone(),
            item_positions: self.item_positions.clone(),
            slots: (self.slots.iter())
                .map(|s| AtomicU32::new(s.load(Relaxed)))
                .collect(),
            bands: self.bands.clone(),
            staged: self.staged.clone(),
            runs: self.runs,
        }
    }
}

impl Grid {
    /// A grid whose cells are `cell_size` wide (use the largest query
    /// radius), laid out row by row.
    pub fn new(cell_size: f32) -> Self {
        Self::with_runs(cell_size, Runs::Rows)
    }

    /// [`Self::new`], laid out in `runs`.
    pub fn with_runs(cell_size: f32, runs: Runs) -> Self {
        let cell_size = if cell_size.is_finite() && cell_size > 0.0 {
            // A hair wider than asked (0.1%, some 0.03 px), so that two
            // agents a radius apart never round into cells two apart: the
            // pair walks, which look one cell around, then miss no pair.
            cell_size * (1.0 + 1e-3)
        } else {
            1.0
        };
        Self {
            cell_size,
            cell: cell_size,
            per_px: 1.0 / cell_size,
            last: Vec2::ZERO,
            origin: Vec2::ZERO,
            cols: 1,
            rows: 1,
            starts: vec![0; 3],
            items: Vec::new(),
            item_positions: Vec::new(),
            slots: Vec::new(),
            bands: Vec::new(),
            staged: Vec::new(),
            runs,
        }
    }

    fn cell_coords(&self, p: Vec2) -> (usize, usize) {
        // max skips NaN. Truncation is floor for the non-negative values
        // left, and `last` is whole, so clamping first gives the cell that
        // truncating first would.
        let c = ((self.runs.frame(p) - self.origin) * self.per_px)
            .max(Vec2::ZERO)
            .min(self.last);
        (c.x as u32 as usize, c.y as u32 as usize)
    }

    /// The bands of cells the sort runs in, one per thread (one for a
    /// small crowd). The staged agents are nearly in cell order (last
    /// tick's), so the cells at equal divisions of them split the agents
    /// nearly evenly.
    fn split_into_bands(&mut self, cells: usize) {
        let n = self.staged.len();
        let parts = if n >= PARALLEL_SORT {
            rayon::current_num_threads().clamp(1, MAX_BANDS)
        } else {
            1
        };
        self.bands.clear();
        let mut lo = 0;
        for k in 1..=parts {
            let hi = if k == parts {
                cells
            } else {
                (self.staged[k * n / parts].0 as usize).clamp(lo, cells)
            };
            self.bands.push(Band { lo, hi, start: 0 });
            lo = hi;
        }
    }

    /// The counting sort proper, in bands of cells side by side (one per
    /// thread): every band scans all the staged agents but counts, sums and
    /// places only those in its own cells, so bands write to disjoint
    /// stretches of `starts`, `items` and `item_positions`, and the result
    /// is the one a single pass gives, whatever the number of threads:
    /// cells in order, and within a cell, the staged order.
    fn sort_by_cell(&mut self, cells: usize) {
        let n = self.staged.len();
        self.split_into_bands(cells);
        let staged = &self.staged;
        // 1. Each band counts its cells at c + 2 and sums them up.
        self.starts.resize(cells + 2, 0);
        self.starts[..2].fill(0);
        in_bands(&self.bands, &mut self.starts[2..], &|band, counts| {
            counts.fill(0);
            for &(cell, ..) in staged {
                let cell = cell as usize;
                if (band.lo..band.hi).contains(&cell) {
                    counts[cell - band.lo] += 1;
                }
            }
            for c in 1..counts.len() {
                counts[c] += counts[c - 1];
            }
        });
        // 2. Where each band begins: the bands before it, in turn.
        let mut start = 0;
        for band in &mut self.bands {
            band.start = start;
            if band.hi > band.lo {
                start += self.starts[band.hi + 1] as usize;
            }
        }
        // 3. Each band fills its cells through cursors at c + 1: the start
        // of cell c, which ends where the cell ends, so that afterwards
        // `starts[c]` is where cell c begins.
        self.item_positions.resize(n, Vec2::ZERO);
        if self.slots.len() != n {
            self.slots = (0..n).map(|_| AtomicU32::new(0)).collect();
        }
        let slots = &self.slots;
        let cursors = &mut self.starts[1..cells + 1];
        let (items, at) = (&mut self.items[..], &mut self.item_positions[..]);
        in_bands_fill(
            &self.bands,
            cursors,
            items,
            at,
            &|band, cursors, items, at| {
                if let Some((first, own)) = cursors.split_first_mut() {
                    // The counts summed within the band, shifted to the band's start.
                    *first = band.start as u32;
                    for c in own.iter_mut() {
                        *c += band.start as u32;
                    }
                }
                for &(cell, i, p) in staged {
                    let cell = cell as usize;
                    if (band.lo..band.hi).contains(&cell) {
                        let slot = cursors[cell - band.lo] as usize;
                        items[slot - band.start] = i;
                        at[slot - band.start] = p;
                        slots[i as usize].store(slot as u32, Ordering::Relaxed);
                        cursors[cell - band.lo] += 1;
                    }
                }
            },
        );
        self.starts[cells + 1] = n as u32;
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
    /// The cells a query of the box from `min` to `max` scans, as world
    /// rectangles (min and max corners), into `out` (cleared first).
    pub fn cells_scanned(&self, min: Vec2, max: Vec2, out: &mut Vec<(Vec2, Vec2)>) {
        out.clear();
        let (c0, r0) = self.cell_coords(min);
        let (c1, r1) = self.cell_coords(max);
        for row in r0..=r1 {
            for col in c0..=c1 {
                // In the grid's frame, then back (the frame is a swap or
                // nothing, its own inverse, and keeps each corner a corner).
                let low = self.origin + Vec2::new(col as f32, row as f32) * self.cell;
                let (a, b) = (self.runs.frame(low), self.runs.frame(low + self.cell));
                out.push((a.min(b), a.max(b)));
            }
        }
    }

    fn row_run(&self, row: usize, c0: usize, c1: usize) -> std::ops::Range<usize> {
        self.starts[row * self.cols + c0] as usize..self.starts[row * self.cols + c1 + 1] as usize
    }
}

/// Below this many agents the grid sorts them in one band.
const PARALLEL_SORT: usize = 16_384;

/// At most this many bands (each scans all the agents).
const MAX_BANDS: usize = 16;

/// The cells `lo..hi`, one thread's share of the counting sort, and where
/// its agents begin in `items`.
#[derive(Debug, Clone, Copy)]
struct Band {
    lo: usize,
    hi: usize,
    start: usize,
}

/// Calls `f(band, cells)` for every band in parallel, `cells` being the
/// band's stretch of `cells` (which starts at `bands[0].lo`).
fn in_bands(bands: &[Band], cells: &mut [u32], f: &(impl Fn(&Band, &mut [u32]) + Sync)) {
    match bands {
        [] => {}
        [band] => f(band, cells),
        _ => {
            let mid = bands.len() / 2;
            let (a, b) = cells.split_at_mut(bands[mid].lo - bands[0].lo);
            join(
                || in_bands(&bands[..mid], a, f),
                || in_bands(&bands[mid..], b, f),
            );
        }
    }
}

/// [`in_bands`], with each band's stretch of the sorted items and positions
/// too (which start at `bands[0].start`).
fn in_bands_fill(
    bands: &[Band],
    cells: &mut [u32],
    items: &mut [u32],
    at: &mut [Vec2],
    f: &(impl Fn(&Band, &mut [u32], &mut [u32], &mut [Vec2]) + Sync),
) {
    match bands {
        [] => {}
        [band] => f(band, cells, items, at),
        _ => {
            let mid = bands.len() / 2;
            let (c0, c1) = cells.split_at_mut(bands[mid].lo - bands[0].lo);
            let split = bands[mid].start - bands[0].start;
            let (i0, i1) = items.split_at_mut(split);
            let (a0, a1) = at.split_at_mut(split);
            join(
                || in_bands_fill(&bands[..mid], c0, i0, a0, f),
                || in_bands_fill(&bands[mid..], c1, i1, a1, f),
            );
        }
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
        // The corners in the layout's frame (swapping x and y keeps each
        // corner's coordinates the least and the greatest).
        let (min, max) = (self.runs.frame(min), self.runs.frame(max));
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
        self.per_px = 1.0 / self.cell;
        self.origin = if positions.is_empty() {
            Vec2::ZERO
        } else {
            min
        };
        self.cols = (extent.x / self.cell) as usize + 1;
        self.rows = (extent.y / self.cell) as usize + 1;
        let cells = self.cols * self.rows;
        self.last = Vec2::new((self.cols - 1) as f32, (self.rows - 1) as f32);

        if self.items.len() != positions.len() {
            self.items = (0..positions.len() as u32).collect();
        }
        // In parallel, the one read of the crowd at scattered places.
        let mut staged = std::mem::take(&mut self.staged);
        staged.resize(positions.len(), (0, 0, Vec2::ZERO));
        par::for_each_mut(&mut staged, |k, staged| {
            let i = self.items[k];
            let p = positions[i as usize];
            let (col, row) = self.cell_coords(p);
            *staged = ((row * self.cols + col) as u32, i, p);
        });
        self.staged = staged;
        self.sort_by_cell(cells);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Enough agents for the sort to run in bands, spread unevenly (a
    /// dense knot and a sparse field), some moving between two rebuilds.
    fn crowd(shift: f32) -> Vec<Vec2> {
        (0..3 * PARALLEL_SORT)
            .map(|i| {
                let t = i as f32;
                let p = if i % 3 == 0 {
                    Vec2::new((t * 0.37) % 90.0, (t * 0.53) % 60.0)
                } else {
                    Vec2::new((t * 37.0) % 3000.0, (t * 53.0) % 2000.0)
                };
                p + Vec2::splat(shift * (i % 7) as f32)
            })
            .collect()
    }

    /// The grid's order after two rebuilds on a pool of `threads`.
    fn sorted(threads: usize) -> (Vec<u32>, Vec<u32>, Vec<Vec2>, Vec<u32>) {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| {
            let mut grid = Grid::new(30.0);
            grid.rebuild(&crowd(0.0));
            grid.rebuild(&crowd(25.0));
            let slots = grid.slots.iter().map(|s| s.load(Ordering::Relaxed));
            (
                grid.starts.clone(),
                grid.items.clone(),
                grid.item_positions.clone(),
                slots.collect(),
            )
        })
    }

    #[test]
    fn bands_sort_as_one_pass_does() {
        let one = sorted(1);
        let (starts, items, at, slots) = &one;
        // One pass: cells in order, every agent once, slots the inverse.
        let positions = crowd(25.0);
        let mut grid = Grid::new(30.0);
        grid.rebuild(&positions);
        for (k, &i) in items.iter().enumerate() {
            assert_eq!(slots[i as usize] as usize, k);
            assert_eq!(at[k], positions[i as usize]);
        }
        for c in 0..grid.cols * grid.rows {
            for &p in &at[starts[c] as usize..starts[c + 1] as usize] {
                let (col, row) = grid.cell_coords(p);
                assert_eq!(row * grid.cols + col, c);
            }
        }
        assert_eq!(starts[0], 0);
        assert!(starts.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(starts[grid.cols * grid.rows] as usize, positions.len());
        // Bands on two and on several threads: the very same order.
        assert!(sorted(2) == one, "two bands");
        assert!(sorted(5) == one, "five bands");
    }
}
