//! Neighbour queries: "which agents are within `radius` of this point?"
//!
//! Group behaviors (separation, queue, leader following) ask through
//! [`NeighborIndex`], so the all-pairs scan of the original demos and a
//! uniform grid are interchangeable. They find the same neighbours, and
//! whatever a behavior sums over them it sums exactly (`steer::sum`), so
//! the order they come in, cell by cell or by index, changes nothing: the
//! two give bit-identical simulations on the same seed.

mod grid;
mod pairs;

pub use grid::Grid;
pub use pairs::{PairFold, PairSum};

use glam::Vec2;
use pairs::{fold_pairs_by_query, sum_pairs_by_query};
use std::sync::atomic::{AtomicU32, Ordering};

/// An agent found by a query: its index and where it stands, read from the
/// index's own copy of the positions (contiguous by cell, so a caller
/// summing over neighbours never reaches back into the crowd at random).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Near {
    pub index: u32,
    pub position: Vec2,
}

impl Near {
    /// Agent `index` where `positions` has it.
    pub fn at(index: usize, positions: &[Vec2]) -> Self {
        Self {
            index: index as u32,
            position: positions[index],
        }
    }
}

/// Consecutive agents in an index's memory order: their indices, and
/// their positions alongside.
#[derive(Debug, Clone, Copy)]
pub struct Run<'a> {
    /// Where the run begins in the memory order ([`Neighbors::memory_order`],
    /// or index order when that is `None`): a caller keeping data of its own
    /// in that order finds the run's at `start..start + ids.len()`.
    pub start: usize,
    pub ids: &'a [u32],
    pub positions: &'a [Vec2],
}

/// A spatial index over agent positions.
pub trait NeighborIndex {
    /// Re-indexes after the agents moved.
    fn rebuild(&mut self, positions: &[Vec2]);

    /// Calls `visit` with runs of agents that together hold every agent in the box from
    /// `min` to `max` (inclusive), and maybe some near it, in no set order.
    /// A caller testing its own distances can answer several questions in
    /// one scan, and keep its sums in registers through each run.
    fn runs(&self, positions: &[Vec2], min: Vec2, max: Vec2, visit: impl FnMut(Run<'_>));

    /// [`Self::runs`], one agent at a time.
    fn candidates(&self, positions: &[Vec2], min: Vec2, max: Vec2, mut visit: impl FnMut(Near)) {
        self.runs(positions, min, max, |run| {
            for (&index, &position) in run.ids.iter().zip(run.positions) {
                visit(Near { index, position });
            }
        });
    }

    /// Clears `out` and fills it with the agents within `radius`
    /// (inclusive) of `center`, in no set order (whatever is summed over
    /// them is summed exactly, so no result depends on it).
    fn within(&self, positions: &[Vec2], center: Vec2, radius: f32, out: &mut Vec<Near>) {
        out.clear();
        let r_sq = radius * radius;
        let reach = Vec2::splat(radius);
        self.candidates(positions, center - reach, center + reach, |n| {
            if n.position.distance_squared(center) <= r_sq {
                out.push(n);
            }
        });
    }

    /// Whether any agent other than `except` is within `radius` of
    /// `center`, stopping at the first one met.
    fn any_within(&self, positions: &[Vec2], center: Vec2, radius: f32, except: usize) -> bool;
}

/// The reference: compare with every agent, O(n) per query.
#[derive(Debug, Clone, Default)]
pub struct BruteForce {
    /// 0, 1, 2, ...: every agent's index, for [`NeighborIndex::runs`].
    ids: Vec<u32>,
}

impl NeighborIndex for BruteForce {
    fn rebuild(&mut self, positions: &[Vec2]) {
        if self.ids.len() != positions.len() {
            self.ids = (0..positions.len() as u32).collect();
        }
    }

    fn runs(&self, positions: &[Vec2], _min: Vec2, _max: Vec2, mut visit: impl FnMut(Run<'_>)) {
        debug_assert_eq!(self.ids.len(), positions.len(), "rebuild first");
        visit(Run {
            start: 0,
            ids: &self.ids,
            positions,
        });
    }

    fn any_within(&self, positions: &[Vec2], center: Vec2, radius: f32, except: usize) -> bool {
        let r_sq = radius * radius;
        (0..positions.len()).any(|i| i != except && positions[i].distance_squared(center) <= r_sq)
    }
}

/// An order of the agents: `agents[k]` is the k-th, and agent `i` is at
/// `slots[i]` (so `agents[slots[i]] == i`). The slots are atomics only so
/// that threads can write them at scattered places (relaxed: plain loads
/// and stores on common hardware).
#[derive(Debug, Clone, Copy)]
pub struct MemoryOrder<'a> {
    pub agents: &'a [u32],
    pub slots: &'a [AtomicU32],
}

impl MemoryOrder<'_> {
    /// Where agent `i` is in this order.
    pub fn slot(&self, i: usize) -> usize {
        self.slots[i].load(Ordering::Relaxed) as usize
    }

    /// Copies per-agent `values`, through `map`, into `out` in this order
    /// (in parallel): `out[k]` is agent `agents[k]`'s.
    pub fn gather<T: Copy + Sync, U: Default + Send>(
        &self,
        values: &[T],
        out: &mut Vec<U>,
        map: impl Fn(T) -> U + Sync,
    ) {
        out.resize_with(self.agents.len(), U::default);
        crate::steer::par::for_each_mut(out, |k, o| *o = map(values[self.agents[k] as usize]));
    }
}

/// How a grid lays its cells out in memory: row after row (each row's
/// cells left to right) or column after column. A query scans the box it
/// asks for as one run of agents per row of cells, or per column, and a
/// run costs more than the candidates in it (a loop of a length no
/// predictor guesses), so a scene whose boxes are taller than wide (a
/// crowd walking up the stage, looking ahead of itself) asks for columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Runs {
    Rows,
    Columns,
}

impl Runs {
    /// `p` in the layout's frame: x along a run, y across the runs.
    pub fn frame(self, p: Vec2) -> Vec2 {
        match self {
            Runs::Rows => p,
            Runs::Columns => Vec2::new(p.y, p.x),
        }
    }
}

/// The neighbour search a scene uses, chosen at run time.
#[derive(Debug, Clone)]
pub enum Neighbors {
    /// All-pairs scan: the original demos' O(n^2) reference.
    Brute(BruteForce),
    /// Uniform grid: O(n) per tick at a steady density.
    Grid(Grid),
}

/// Which neighbour search to use, as named on the command line and in the window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NeighborMode {
    Brute,
    Grid,
}

impl NeighborMode {
    pub fn name(self) -> &'static str {
        match self {
            Self::Brute => "brute",
            Self::Grid => "grid",
        }
    }
}

impl Neighbors {
    /// A search of the given kind; `cell_size` is the largest query radius.
    pub fn new(mode: NeighborMode, cell_size: f32) -> Self {
        Self::with_runs(mode, cell_size, Runs::Rows)
    }

    /// [`Self::new`], a grid laid out in `runs`.
    pub fn with_runs(mode: NeighborMode, cell_size: f32, runs: Runs) -> Self {
        match mode {
            NeighborMode::Brute => Self::Brute(BruteForce::default()),
            NeighborMode::Grid => Self::Grid(Grid::with_runs(cell_size, runs)),
        }
    }

    pub fn mode(&self) -> NeighborMode {
        match self {
            Self::Brute(_) => NeighborMode::Brute,
            Self::Grid(_) => NeighborMode::Grid,
        }
    }

    /// The agents in the order their neighbours sit in memory, when that is
    /// not index order: deciding in this order, consecutive agents query
    /// the same cells, which are then in cache.
    pub fn memory_order(&self) -> Option<MemoryOrder<'_>> {
        match self {
            Self::Brute(_) => None,
            Self::Grid(g) => Some(g.memory_order()),
        }
    }

    /// Folds every pair of agents at most `radius` apart into `fold`, each
    /// pair once, in no set order; both searches visit the same pairs.
    pub fn fold_pairs<F: PairFold>(&self, positions: &[Vec2], radius: f32, fold: &F) -> F::Acc {
        match self {
            Self::Grid(g) if g.walks(radius) => g.fold_pairs(radius, fold),
            _ => fold_pairs_by_query(self, positions, radius, fold),
        }
    }
}

impl Neighbors {
    /// The grid cells a query of the box from `min` to `max` scans, as
    /// world rectangles, into `out`; none for brute force, which scans
    /// every agent.
    pub fn cells_scanned(&self, min: Vec2, max: Vec2, out: &mut Vec<(Vec2, Vec2)>) {
        match self {
            Self::Brute(_) => out.clear(),
            Self::Grid(g) => g.cells_scanned(min, max, out),
        }
    }

    /// Fills `sums` with what every agent sees of the agents within
    /// `radius` of it ([`PairSum`]), in the memory order (index order
    /// without one). The grid meets each pair once; brute force, and the
    /// grid for radii wider than its cells, query for each agent, seeing
    /// each meeting from its own side. The sums are
    /// exact, so the two agree bit for bit.
    pub fn sum_pairs<P: PairSum>(
        &self,
        positions: &[Vec2],
        radius: f32,
        pairs: &P,
        sums: &mut Vec<P::Sum>,
    ) {
        sums.resize(positions.len(), P::Sum::default());
        match self {
            Self::Grid(g) if g.walks(radius) => g.sum_pairs(radius, pairs, sums),
            _ => sum_pairs_by_query(self, positions, radius, pairs, sums),
        }
    }
}

impl NeighborIndex for Neighbors {
    fn rebuild(&mut self, positions: &[Vec2]) {
        match self {
            Self::Brute(b) => b.rebuild(positions),
            Self::Grid(g) => g.rebuild(positions),
        }
    }

    fn runs(&self, positions: &[Vec2], min: Vec2, max: Vec2, visit: impl FnMut(Run<'_>)) {
        match self {
            Self::Brute(b) => b.runs(positions, min, max, visit),
            Self::Grid(g) => g.runs(positions, min, max, visit),
        }
    }

    fn any_within(&self, positions: &[Vec2], center: Vec2, radius: f32, except: usize) -> bool {
        match self {
            Self::Brute(b) => b.any_within(positions, center, radius, except),
            Self::Grid(g) => g.any_within(positions, center, radius, except),
        }
    }
}

#[cfg(test)]
mod tests;
