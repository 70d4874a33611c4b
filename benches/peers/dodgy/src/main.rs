//! RVO2's Circle as the app's `circle` scene runs it, for `cargo xtask
//! peers`, through dodgy_2d 0.5.5 (landmass's ORCA, a Rust port of RVO2's).
//! Only the steps are timed: the neighbour search and each agent's
//! `compute_avoiding_velocity`, then the move.
//!
//! dodgy_2d leaves the neighbour search to its caller (its own `Simulator`
//! compares every pair); here a uniform grid of cells as wide as the
//! neighbour distance, and RVO2's choice from it: the 10 nearest within
//! 60 px, nearest first (a partial selection, then a sort of those ten).
//!
//! The scene: see `benches/peers/rvo2.cc`. Usage: `peer-dodgy AGENTS TICKS`;
//! prints one JSON line.

use dodgy_2d::{Agent, AvoidanceOptions, Vec2};
use std::borrow::Cow;
use std::time::Instant;

const TAU: f32 = std::f32::consts::TAU;
const FIRST: f32 = 800.0;
const RADIUS: f32 = 6.0;
const NEIGHBOR_DISTANCE: f32 = 60.0;
const MAX_NEIGHBORS: usize = 10;
const MAX_SPEED: f32 = 2.0;

/// The app's `circle::places`.
fn places(n: usize) -> Vec<Vec2> {
    let spacing = TAU * FIRST / 250.0;
    let first = FIRST * (n.min(250) as f32 / 250.0).max(0.25);
    let mut out = Vec::with_capacity(n);
    let mut ring = 0;
    while out.len() < n {
        let r = first + ring as f32 * spacing;
        let fits = ((TAU * r / spacing) as usize).max(1);
        let here = fits.min(n - out.len());
        out.extend((0..here).map(|k| {
            let a = k as f32 * TAU / here as f32;
            r * Vec2::new(a.cos(), a.sin())
        }));
        ring += 1;
    }
    out
}

/// A uniform grid: agent indices by cell, rebuilt every step.
struct Grid {
    cell: f32,
    origin: Vec2,
    cols: usize,
    rows: usize,
    starts: Vec<usize>,
    items: Vec<usize>,
}

impl Grid {
    fn new(cell: f32) -> Self {
        Self { cell, origin: Vec2::ZERO, cols: 1, rows: 1, starts: Vec::new(), items: Vec::new() }
    }

    fn coords(&self, p: Vec2) -> (usize, usize) {
        let c = ((p - self.origin) / self.cell).max(Vec2::ZERO);
        ((c.x as usize).min(self.cols - 1), (c.y as usize).min(self.rows - 1))
    }

    fn rebuild(&mut self, positions: &[Vec2]) {
        let min = positions.iter().fold(Vec2::splat(f32::INFINITY), |a, &p| a.min(p));
        let max = positions.iter().fold(Vec2::splat(f32::NEG_INFINITY), |a, &p| a.max(p));
        self.origin = min;
        self.cols = ((max.x - min.x) / self.cell) as usize + 1;
        self.rows = ((max.y - min.y) / self.cell) as usize + 1;
        self.starts.clear();
        self.starts.resize(self.cols * self.rows + 1, 0);
        for &p in positions {
            let (c, r) = self.coords(p);
            self.starts[r * self.cols + c + 1] += 1;
        }
        for k in 1..self.starts.len() {
            self.starts[k] += self.starts[k - 1];
        }
        let mut fill = self.starts.clone();
        self.items.resize(positions.len(), 0);
        for (i, &p) in positions.iter().enumerate() {
            let (c, r) = self.coords(p);
            self.items[fill[r * self.cols + c]] = i;
            fill[r * self.cols + c] += 1;
        }
    }

    /// The `k` nearest of the others within `reach` of agent `me`,
    /// nearest first (by distance, then index), into `out`.
    fn nearest(&self, positions: &[Vec2], me: usize, reach: f32, k: usize, out: &mut Vec<(f32, usize)>) {
        out.clear();
        let at = positions[me];
        let (c0, r0) = self.coords(at - Vec2::splat(reach));
        let (c1, r1) = self.coords(at + Vec2::splat(reach));
        for row in r0..=r1 {
            let run = self.starts[row * self.cols + c0]..self.starts[row * self.cols + c1 + 1];
            for &j in &self.items[run] {
                let d = positions[j].distance_squared(at);
                if j != me && d <= reach * reach {
                    out.push((d, j));
                }
            }
        }
        let order = |a: &(f32, usize), b: &(f32, usize)| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1));
        if out.len() > k {
            out.select_nth_unstable_by(k, order);
            out.truncate(k);
        }
        out.sort_unstable_by(order);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(n), Some(ticks)) = (
        args.get(1).and_then(|a| a.parse::<usize>().ok()),
        args.get(2).and_then(|a| a.parse::<u64>().ok()),
    ) else {
        eprintln!("usage: peer-dodgy AGENTS TICKS");
        std::process::exit(2);
    };
    let starts = places(n);
    let opposite: Vec<Vec2> = starts.iter().map(|&p| -p).collect();
    let mut goals = opposite.clone();
    let mut agents: Vec<Agent> = starts
        .iter()
        .map(|&position| Agent { position, velocity: Vec2::ZERO, radius: RADIUS, avoidance_responsibility: 1.0 })
        .collect();
    let options = AvoidanceOptions { obstacle_margin: 0.0, time_horizon: 40.0, obstacle_time_horizon: 40.0 };
    let (mut returning, mut reached) = (vec![false; n], vec![false; n]);
    let (mut arrived, mut arrived_ticks) = (0usize, -1i64);
    let (mut pairs, mut deepest) = (0u64, 0.0f32);
    let mut grid = Grid::new(NEIGHBOR_DISTANCE);
    let mut near = Vec::new();
    let mut velocities = vec![Vec2::ZERO; n];
    let mut positions: Vec<Vec2> = starts.clone();
    let mut stepping = 0.0f64;
    let mut contact = Grid::new(2.0 * RADIUS);
    for tick in 0..ticks {
        let t0 = Instant::now();
        grid.rebuild(&positions);
        for i in 0..n {
            grid.nearest(&positions, i, NEIGHBOR_DISTANCE, MAX_NEIGHBORS, &mut near);
            let neighbours: Vec<Cow<'_, Agent>> = near.iter().map(|&(_, j)| Cow::Borrowed(&agents[j])).collect();
            let mut preferred = goals[i] - positions[i];
            if preferred.length_squared() > 1.0 {
                preferred = preferred.normalize();
            }
            velocities[i] = agents[i].compute_avoiding_velocity(&neighbours, &[], preferred, MAX_SPEED, 1.0, &options);
        }
        for (i, agent) in agents.iter_mut().enumerate() {
            agent.velocity = velocities[i];
            agent.position += velocities[i];
            positions[i] = agent.position;
        }
        stepping += t0.elapsed().as_secs_f64();
        for i in 0..n {
            if positions[i].distance_squared(goals[i]) <= RADIUS * RADIUS {
                if !returning[i] && !reached[i] {
                    reached[i] = true;
                    arrived += 1;
                }
                returning[i] = !returning[i];
                goals[i] = if returning[i] { starts[i] } else { opposite[i] };
            }
        }
        if arrived_ticks < 0 && arrived == n {
            arrived_ticks = tick as i64;
        }
        contact.rebuild(&positions);
        for i in 0..n {
            contact.nearest(&positions, i, 2.0 * RADIUS, usize::MAX, &mut near);
            for &(d, _) in near.iter().filter(|&&(_, j)| j > i) {
                let depth = 2.0 * RADIUS - d.sqrt();
                if depth > 0.01 {
                    pairs += 1;
                    deepest = deepest.max(depth);
                }
            }
        }
    }
    let per = (n as f64 * ticks.max(1) as f64).max(1.0);
    println!(
        "{{\"peer\":\"dodgy_2d 0.5.5\",\"agents\":{n},\"ticks\":{ticks},\"arrived\":{arrived},\"arrived_ticks\":{arrived_ticks},\
         \"mean_overlap_pairs\":{:.4},\"max_overlap\":{deepest:.4},\"ns_per_agent_step\":{:.1}}}",
        pairs as f64 / ticks.max(1) as f64,
        stepping * 1e9 / per
    );
}
