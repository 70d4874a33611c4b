//! Neighbour queries: "which agents are within `radius` of this point?"
//!
//! Group behaviors (separation, queue, leader following) ask through
//! [`NeighborIndex`], so the all-pairs scan of the original demos and a
//! uniform grid are interchangeable. Both answer in ascending agent index, so
//! they give bit-identical simulations on the same seed.

use glam::Vec2;

/// A spatial index over agent positions.
pub trait NeighborIndex {
    /// Re-indexes after the agents moved.
    fn rebuild(&mut self, positions: &[Vec2]);

    /// Clears `out` and fills it with the indices of the agents within
    /// `radius` (inclusive) of `center`, in ascending order.
    fn within(&self, positions: &[Vec2], center: Vec2, radius: f32, out: &mut Vec<u32>);

    /// The lowest index within `radius` of `center`, other than `except`.
    /// Same answer as the first of [`NeighborIndex::within`] that is not
    /// `except`; indexes override it to skip collecting and sorting.
    fn first_within(
        &self,
        positions: &[Vec2],
        center: Vec2,
        radius: f32,
        except: usize,
        scratch: &mut Vec<u32>,
    ) -> Option<usize> {
        self.within(positions, center, radius, scratch);
        scratch.iter().map(|&j| j as usize).find(|&j| j != except)
    }

    /// Whether any agent other than `except` is within `radius` of
    /// `center`: [`NeighborIndex::first_within`]`.is_some()`, but an index
    /// may stop at the first one it meets.
    fn any_within(&self, positions: &[Vec2], center: Vec2, radius: f32, except: usize) -> bool {
        self.first_within(positions, center, radius, except, &mut Vec::new())
            .is_some()
    }
}

/// The reference: compare with every agent, O(n) per query.
#[derive(Debug, Clone, Default)]
pub struct BruteForce;

impl NeighborIndex for BruteForce {
    fn rebuild(&mut self, _positions: &[Vec2]) {}

    fn within(&self, positions: &[Vec2], center: Vec2, radius: f32, out: &mut Vec<u32>) {
        out.clear();
        let r_sq = radius * radius;
        out.extend(
            positions
                .iter()
                .enumerate()
                .filter(|(_, p)| p.distance_squared(center) <= r_sq)
                .map(|(i, _)| i as u32),
        );
    }

    fn first_within(
        &self,
        positions: &[Vec2],
        center: Vec2,
        radius: f32,
        except: usize,
        _scratch: &mut Vec<u32>,
    ) -> Option<usize> {
        let r_sq = radius * radius;
        (0..positions.len()).find(|&i| i != except && positions[i].distance_squared(center) <= r_sq)
    }

    fn any_within(&self, positions: &[Vec2], center: Vec2, radius: f32, except: usize) -> bool {
        self.first_within(positions, center, radius, except, &mut Vec::new())
            .is_some()
    }
}

/// A uniform grid rebuilt from scratch each tick by a counting sort: agents
/// are bucketed by cell, and a query scans only the cells its circle touches.
#[derive(Debug, Clone)]
pub struct Grid {
    /// Preferred cell size: the largest query radius, so a query sees 3x3 cells.
    cell_size: f32,
    /// Cell size in use (grows when the agents spread too far apart).
    cell: f32,
    origin: Vec2,
    cols: usize,
    rows: usize,
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
    fn fold_pairs<F: PairFold>(&self, positions: &[Vec2], radius: f32, fold: &F) -> F::Acc {
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

/// [`Neighbors::fold_pairs`] by one query per agent (the reference, and
/// the fallback for radii wider than a grid cell).
fn fold_pairs_by_query<F: PairFold>(
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
                for &j in scratch.iter().filter(|&&j| j as usize > i) {
                    let d_sq = positions[j as usize].distance_squared(p);
                    fold.visit(&mut acc, i as u32, j, d_sq);
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
        match mode {
            NeighborMode::Brute => Self::Brute(BruteForce),
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
    pub fn memory_order(&self) -> Option<&[u32]> {
        match self {
            Self::Brute(_) => None,
            Self::Grid(g) => Some(&g.items),
        }
    }

    /// Folds every pair of agents at most `radius` apart into `fold`, each
    /// pair once, in no set order; both searches visit the same pairs.
    pub fn fold_pairs<F: PairFold>(&self, positions: &[Vec2], radius: f32, fold: &F) -> F::Acc {
        match self {
            Self::Brute(b) => fold_pairs_by_query(b, positions, radius, fold),
            Self::Grid(g) => g.fold_pairs(positions, radius, fold),
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

    fn within(&self, positions: &[Vec2], center: Vec2, radius: f32, out: &mut Vec<u32>) {
        match self {
            Self::Brute(b) => b.within(positions, center, radius, out),
            Self::Grid(g) => g.within(positions, center, radius, out),
        }
    }

    fn first_within(
        &self,
        positions: &[Vec2],
        center: Vec2,
        radius: f32,
        except: usize,
        scratch: &mut Vec<u32>,
    ) -> Option<usize> {
        match self {
            Self::Brute(b) => b.first_within(positions, center, radius, except, scratch),
            Self::Grid(g) => g.first_within(positions, center, radius, except, scratch),
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
    use proptest::prelude::*;

    #[test]
    fn grid_finds_what_brute_force_finds_in_the_same_order() {
        let positions: Vec<Vec2> = (0..200)
            .map(|i| {
                let t = i as f32;
                Vec2::new((t * 37.0) % 300.0, (t * 53.0) % 200.0)
            })
            .collect();
        let mut grid = Grid::new(30.0);
        grid.rebuild(&positions);
        let (mut a, mut b) = (Vec::new(), Vec::new());
        for &center in positions.iter().step_by(7) {
            for radius in [0.0, 15.0, 30.0, 75.0] {
                BruteForce.within(&positions, center, radius, &mut a);
                grid.within(&positions, center, radius, &mut b);
                assert_eq!(a, b, "center {center} radius {radius}");
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
        let positions: Vec<Vec2> = (0..300)
            .map(|i| {
                let t = i as f32;
                Vec2::new((t * 37.0) % 300.0, (t * 53.0) % 200.0)
            })
            .chain([Vec2::ONE; 4])
            .collect();
        let mut grid = Neighbors::new(NeighborMode::Grid, 30.0);
        grid.rebuild(&positions);
        let brute = Neighbors::new(NeighborMode::Brute, 30.0);
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

    #[test]
    fn far_away_stray_does_not_blow_up_the_grid() {
        let positions = vec![Vec2::ZERO, Vec2::new(1.0e7, 1.0e7), Vec2::new(5.0, 0.0)];
        let mut grid = Grid::new(30.0);
        grid.rebuild(&positions);
        assert!(grid.cols * grid.rows <= 1024 * 3);
        let mut out = Vec::new();
        grid.within(&positions, Vec2::ZERO, 10.0, &mut out);
        assert_eq!(out, vec![0, 2]);
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
        let mut out = vec![9];
        grid.within(&[], Vec2::ZERO, 10.0, &mut out);
        assert!(out.is_empty());
        let stacked = vec![Vec2::ONE; 5];
        grid.rebuild(&stacked);
        grid.within(&stacked, Vec2::ONE, 0.0, &mut out);
        assert_eq!(out, vec![0, 1, 2, 3, 4]);
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
            BruteForce.within(&positions, center, radius, &mut a);
            grid.within(&positions, center, radius, &mut b);
            prop_assert_eq!(&a, &b);
            let grid = Neighbors::Grid(grid);
            prop_assert_eq!(pairs(&grid, &positions, radius), pairs(&Neighbors::Brute(BruteForce), &positions, radius));
            let Neighbors::Grid(grid) = grid else { unreachable!() };
            for except in [0, 1, 5] {
                let expected = a.iter().map(|&j| j as usize).find(|&j| j != except);
                prop_assert_eq!(BruteForce.first_within(&positions, center, radius, except, &mut b), expected);
                prop_assert_eq!(grid.first_within(&positions, center, radius, except, &mut b), expected);
                prop_assert_eq!(grid.any_within(&positions, center, radius, except), expected.is_some());
                prop_assert_eq!(BruteForce.any_within(&positions, center, radius, except), expected.is_some());
            }
        }
    }
}
