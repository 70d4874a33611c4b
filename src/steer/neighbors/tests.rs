//! The neighbour indexes against each other: grid against brute force,
//! queries, pair folds and pair sums (plain and batched walks).

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

/// Both layouts of a grid: each must find what brute force finds.
const LAYOUTS: [Runs; 2] = [Runs::Rows, Runs::Columns];

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
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for runs in LAYOUTS {
        let mut grid = Grid::with_runs(30.0, runs);
        grid.rebuild(&positions);
        for &center in positions.iter().step_by(7) {
            for radius in [0.0, 15.0, 30.0, 75.0] {
                brute(&positions).within(&positions, center, radius, &mut a);
                grid.within(&positions, center, radius, &mut b);
                assert_eq!(
                    sorted(&a),
                    sorted(&b),
                    "{runs:?}, center {center} radius {radius}"
                );
            }
            // A box taller than wide, and one wider than tall.
            for reach in [Vec2::new(20.0, 45.0), Vec2::new(45.0, 20.0)] {
                let (lo, hi) = (center - reach, center + reach);
                let inside = |p: &Vec2| p.cmpge(lo).all() && p.cmple(hi).all();
                let mut seen = Vec::new();
                grid.candidates(&positions, lo, hi, |n| seen.push(n.index));
                seen.sort_unstable();
                let before = seen.len();
                seen.dedup();
                assert_eq!(seen.len(), before, "{runs:?}: a candidate twice");
                let expected =
                    (0..positions.len() as u32).filter(|&i| inside(&positions[i as usize]));
                assert!(
                    expected.into_iter().all(|i| seen.binary_search(&i).is_ok()),
                    "{runs:?}"
                );
            }
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
    let mut brute = Neighbors::new(NeighborMode::Brute, 30.0);
    brute.rebuild(&positions);
    for runs in LAYOUTS {
        let mut grid = Neighbors::with_runs(NeighborMode::Grid, 30.0, runs);
        grid.rebuild(&positions);
        for radius in [0.0, 12.0, 30.0, 45.0] {
            let expected = pairs(&brute, &positions, radius);
            assert!(expected.iter().all(|&(i, j, _)| i < j));
            assert!(!expected.is_empty(), "radius {radius}");
            assert_eq!(
                pairs(&grid, &positions, radius),
                expected,
                "{runs:?}, radius {radius}"
            );
        }
    }
}

/// Counts neighbours and sums their offsets, a pair at a time; through
/// the grid's batched walk (candidates tested in blocks without a
/// branch, hits met a batch at a time) when `BATCHED`.
struct Offsets<const BATCHED: bool>;

impl<const B: bool> PairSum for Offsets<B> {
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
    const BATCHED: bool = B;
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
    // and 24 bands of uneven heights (by columns, some 10: a band a
    // column); a stack of four; and a crowd of 200 in a few cells, whose
    // runs are longer than a batch.
    let mut positions = scattered(600);
    positions.extend(scattered(900).iter().map(|p| Vec2::new(p.x, p.y * 6.0)));
    positions.extend([Vec2::ONE; 4]);
    positions.extend(
        scattered(200)
            .iter()
            .map(|&p| p * 0.15 + Vec2::new(100.0, 500.0)),
    );
    let mut brute = Neighbors::new(NeighborMode::Brute, 30.0);
    brute.rebuild(&positions);
    let grids = LAYOUTS.map(|runs| {
        let mut grid = Neighbors::with_runs(NeighborMode::Grid, 30.0, runs);
        grid.rebuild(&positions);
        (runs, grid)
    });
    let mut found = Vec::new();
    // 45 is wider than a cell: the grid falls back to a query an agent.
    for radius in [0.0, 12.0, 30.0, 45.0] {
        let expected = pair_sums(&brute, &positions, radius, 1, &Offsets::<false>);
        for (i, &(count, _)) in expected.iter().enumerate() {
            brute.within(&positions, positions[i], radius, &mut found);
            assert_eq!(count as usize, found.len() - 1, "agent {i} radius {radius}");
        }
        assert!(expected.iter().any(|s| s.0 > 1), "radius {radius}");
        if radius == 30.0 {
            // Runs longer than a batch, and hits that fill one.
            assert!(expected.iter().any(|s| s.0 > 100));
        }
        for ((runs, grid), threads) in grids.iter().flat_map(|g| [(g, 1), (g, 2), (g, 3)]) {
            let sums = pair_sums(grid, &positions, radius, threads, &Offsets::<false>);
            assert!(
                sums == expected,
                "{runs:?}, radius {radius}, {threads} threads"
            );
            let sums = pair_sums(grid, &positions, radius, threads, &Offsets::<true>);
            assert!(
                sums == expected,
                "{runs:?}, batched, radius {radius}, {threads} threads"
            );
        }
    }
}

#[test]
fn a_grid_in_columns_scans_a_column_as_one_run() {
    // 4 x 12 agents 40 px apart (each in a cell of its own, 15 rows of
    // cells from the first): a tall stage.
    let lattice: Vec<Vec2> = (0..48)
        .map(|k| Vec2::new((k % 4) as f32, (k / 4) as f32) * 40.0 + 15.0)
        .collect();
    // The box around the second column of agents, from top to bottom.
    let (lo, hi) = (Vec2::new(50.0, 0.0), Vec2::new(60.0, 500.0));
    for (runs, shape, expected_runs) in [(Runs::Rows, (4, 15), 15), (Runs::Columns, (15, 4), 1)] {
        let mut grid = Grid::with_runs(30.0, runs);
        grid.rebuild(&lattice);
        assert_eq!((grid.cols, grid.rows), shape, "{runs:?}");
        let (mut count, mut found) = (0, Vec::new());
        grid.runs(&lattice, lo, hi, |run| {
            count += 1;
            found.extend_from_slice(run.ids);
        });
        assert_eq!(count, expected_runs, "{runs:?}");
        found.sort_unstable();
        assert_eq!(
            found,
            (0..12).map(|r| 4 * r + 1).collect::<Vec<u32>>(),
            "{runs:?}"
        );
    }
}

#[test]
fn far_away_stray_does_not_blow_up_the_grid() {
    let positions = vec![Vec2::ZERO, Vec2::new(1.0e7, 1.0e7), Vec2::new(5.0, 0.0)];
    for runs in LAYOUTS {
        let mut grid = Grid::with_runs(30.0, runs);
        grid.rebuild(&positions);
        assert!(grid.cols * grid.rows <= 1024 * 3);
        let mut out = Vec::new();
        grid.within(&positions, Vec2::ZERO, 10.0, &mut out);
        assert_eq!(indices(&out), [0, 2]);
        for thin in [Vec2::new(1.0e9, 0.0), Vec2::new(0.0, 1.0e9)] {
            grid.rebuild(&[Vec2::ZERO, thin]);
            let (cols, rows) = (grid.cols, grid.rows);
            assert!(cols * rows <= 1024 * 3, "{runs:?}: {cols} x {rows}");
        }
    }
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
        runs in prop::sample::select(&LAYOUTS[..]),
    ) {
        let positions: Vec<Vec2> = pts.into_iter().map(|(x, y)| Vec2::new(x, y)).collect();
        let mut grid = Grid::with_runs(30.0, runs);
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
