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
        crate::sim::par::for_each_mut(out, |k, o| *o = map(values[self.agents[k] as usize]));
    }
}

/// The neighbour search a scene uses, chosen at run time.
#[derive(Debug)]
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
        match mode {
            NeighborMode::Brute => Self::Brute(BruteForce::default()),
            NeighborMode::Grid => Self::Grid(Grid::new(cell_size)),
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
mod tests {
    use super::*;
    use crate::steer::sum::ExactSum;
    use proptest::prelude::*;

    /// `n` agents spread over a 300x200 stage in a fixed pattern.
    fn scattered(n: usize) -> Vec<Vec2> {
        (0..n)
            .map(|i| {
                let t = i as f32;
                Vec2::new((t * 37.0) % 300.0, (t * 53.0) % 200.0)
            })
            .collect()
    }

    fn brute(positions: &[Vec2]) -> BruteForce {
        let mut brute = BruteForce::default();
        brute.rebuild(positions);
        brute
    }

    /// What a query found, by index.
    fn sorted(found: &[Near]) -> Vec<Near> {
        let mut found = found.to_vec();
        found.sort_unstable_by_key(|n| n.index);
        found
    }

    fn indices(found: &[Near]) -> Vec<u32> {
        sorted(found).iter().map(|n| n.index).collect()
    }

    #[test]
    fn grid_finds_what_brute_force_finds() {
        let positions = scattered(200);
        let mut grid = Grid::new(30.0);
        grid.rebuild(&positions);
        let (mut a, mut b) = (Vec::new(), Vec::new());
        for &center in positions.iter().step_by(7) {
            for radius in [0.0, 15.0, 30.0, 75.0] {
                brute(&positions).within(&positions, center, radius, &mut a);
                grid.within(&positions, center, radius, &mut b);
                assert_eq!(sorted(&a), sorted(&b), "center {center} radius {radius}");
            }
        }
    }

    /// Collects the pairs, with their distances' bits.
    struct Collect;

    impl PairFold for Collect {
        type Acc = Vec<(u32, u32, u32)>;
        fn init(&self) -> Self::Acc {
            Vec::new()
        }
        fn visit(&self, acc: &mut Self::Acc, i: u32, j: u32, d_sq: f32) {
            acc.push((i, j, d_sq.to_bits()));
        }
        fn merge(&self, mut a: Self::Acc, b: Self::Acc) -> Self::Acc {
            a.extend(b);
            a
        }
    }

    /// Every pair within `radius`, sorted, through `fold_pairs`.
    fn pairs(index: &Neighbors, positions: &[Vec2], radius: f32) -> Vec<(u32, u32, u32)> {
        let mut all = index.fold_pairs(positions, radius, &Collect);
        all.sort_unstable();
        all
    }

    #[test]
    fn grid_pairs_are_the_brute_force_pairs_each_once() {
        let mut positions = scattered(300);
        positions.extend([Vec2::ONE; 4]);
        let mut grid = Neighbors::new(NeighborMode::Grid, 30.0);
        grid.rebuild(&positions);
        let mut brute = Neighbors::new(NeighborMode::Brute, 30.0);
        brute.rebuild(&positions);
        for radius in [0.0, 12.0, 30.0, 45.0] {
            let expected = pairs(&brute, &positions, radius);
            assert!(expected.iter().all(|&(i, j, _)| i < j));
            assert!(!expected.is_empty(), "radius {radius}");
            assert_eq!(
                pairs(&grid, &positions, radius),
                expected,
                "radius {radius}"
            );
        }
    }

    /// Counts neighbours and sums their offsets, a pair at a time.
    struct Offsets;

    impl PairSum for Offsets {
        type Sum = (u32, ExactSum);
        fn meet(
            &self,
            _: (usize, usize),
            offset: Vec2,
            _: f32,
            sa: &mut Self::Sum,
            sb: &mut Self::Sum,
        ) {
            sa.0 += 1;
            sa.1.add(offset);
            sb.0 += 1;
            sb.1.add(-offset);
        }
    }

    /// [`Offsets`] through the grid's batched walk: candidates tested in
    /// blocks without a branch, the hits met a batch at a time.
    struct BatchedOffsets;

    impl PairSum for BatchedOffsets {
        type Sum = (u32, ExactSum);
        fn meet(
            &self,
            slots: (usize, usize),
            offset: Vec2,
            d_sq: f32,
            sa: &mut Self::Sum,
            sb: &mut Self::Sum,
        ) {
            Offsets.meet(slots, offset, d_sq, sa, sb);
        }
        const BATCHED: bool = true;
    }

    /// Every agent's sums, by index, through `sum_pairs` on `threads` threads.
    fn pair_sums<P: PairSum<Sum = (u32, ExactSum)>>(
        index: &Neighbors,
        positions: &[Vec2],
        radius: f32,
        threads: usize,
        pairs: &P,
    ) -> Vec<(u32, ExactSum)> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let mut sums = vec![(7, ExactSum::of(Vec2::ONE)); 3];
        pool.install(|| index.sum_pairs(positions, radius, pairs, &mut sums));
        let slot = |i: usize| index.memory_order().map_or(i, |order| order.slot(i));
        (0..positions.len()).map(|i| sums[slot(i)]).collect()
    }

    #[test]
    fn grid_pair_sums_are_brute_force_sums_bit_for_bit() {
        // Spread over some 40 rows, so that 1, 2 and 3 threads make 8, 16
        // and 24 bands of uneven heights; a stack of four; and a crowd of
        // 200 in a few cells, whose runs are longer than a batch.
        let mut positions = scattered(600);
        positions.extend(scattered(900).iter().map(|p| Vec2::new(p.x, p.y * 6.0)));
        positions.extend([Vec2::ONE; 4]);
        positions.extend(
            scattered(200)
                .iter()
                .map(|&p| p * 0.15 + Vec2::new(100.0, 500.0)),
        );
        let mut grid = Neighbors::new(NeighborMode::Grid, 30.0);
        grid.rebuild(&positions);
        let mut brute = Neighbors::new(NeighborMode::Brute, 30.0);
        brute.rebuild(&positions);
        let mut found = Vec::new();
        // 45 is wider than a cell: the grid falls back to a query an agent.
        for radius in [0.0, 12.0, 30.0, 45.0] {
            let expected = pair_sums(&brute, &positions, radius, 1, &Offsets);
            for (i, &(count, _)) in expected.iter().enumerate() {
                brute.within(&positions, positions[i], radius, &mut found);
                assert_eq!(count as usize, found.len() - 1, "agent {i} radius {radius}");
            }
            assert!(expected.iter().any(|s| s.0 > 1), "radius {radius}");
            if radius == 30.0 {
                // Runs longer than a batch, and hits that fill one.
                assert!(expected.iter().any(|s| s.0 > 100));
            }
            for threads in [1, 2, 3] {
                let sums = pair_sums(&grid, &positions, radius, threads, &Offsets);
                assert!(sums == expected, "radius {radius}, {threads} threads");
                let sums = pair_sums(&grid, &positions, radius, threads, &BatchedOffsets);
                assert!(
                    sums == expected,
                    "batched, radius {radius}, {threads} threads"
                );
            }
        }
    }

    #[test]
    fn far_away_stray_does_not_blow_up_the_grid() {
        let positions = vec![Vec2::ZERO, Vec2::new(1.0e7, 1.0e7), Vec2::new(5.0, 0.0)];
        let mut grid = Grid::new(30.0);
        grid.rebuild(&positions);
        assert!(grid.cols * grid.rows <= 1024 * 3);
        let mut out = Vec::new();
        grid.within(&positions, Vec2::ZERO, 10.0, &mut out);
        assert_eq!(indices(&out), [0, 2]);
        let thin = vec![Vec2::ZERO, Vec2::new(1.0e9, 0.0)];
        grid.rebuild(&thin);
        assert!(
            grid.cols * grid.rows <= 1024 * 3,
            "{} x {}",
            grid.cols,
            grid.rows
        );
    }

    #[test]
    fn empty_and_stacked_agents() {
        let mut grid = Grid::new(30.0);
        grid.rebuild(&[]);
        let mut out = vec![Near::default()];
        grid.within(&[], Vec2::ZERO, 10.0, &mut out);
        assert!(out.is_empty());
        let stacked = vec![Vec2::ONE; 5];
        grid.rebuild(&stacked);
        grid.within(&stacked, Vec2::ONE, 0.0, &mut out);
        assert_eq!(indices(&out), [0, 1, 2, 3, 4]);
    }

    proptest! {
        #[test]
        fn grid_matches_brute_force(
            pts in prop::collection::vec((-500.0f32..500.0, -500.0f32..500.0), 0..120),
            cx in -600.0f32..600.0, cy in -600.0f32..600.0, radius in 0.0f32..120.0,
        ) {
            let positions: Vec<Vec2> = pts.into_iter().map(|(x, y)| Vec2::new(x, y)).collect();
            let mut grid = Grid::new(30.0);
            grid.rebuild(&positions);
            let (mut a, mut b) = (Vec::new(), Vec::new());
            let center = Vec2::new(cx, cy);
            brute(&positions).within(&positions, center, radius, &mut a);
            grid.within(&positions, center, radius, &mut b);
            prop_assert_eq!(sorted(&a), sorted(&b));
            let grid = Neighbors::Grid(grid);
            prop_assert_eq!(pairs(&grid, &positions, radius), pairs(&Neighbors::Brute(brute(&positions)), &positions, radius));
            let Neighbors::Grid(grid) = grid else { unreachable!() };
            for except in [0, 1, 5] {
                let expected = a.iter().any(|n| n.index as usize != except);
                prop_assert_eq!(grid.any_within(&positions, center, radius, except), expected);
                prop_assert_eq!(brute(&positions).any_within(&positions, center, radius, except), expected);
            }
        }
    }
}
