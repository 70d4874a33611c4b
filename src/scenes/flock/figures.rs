//! Flocking's end-of-run figures: the mean distance to the nearest boid,
//! and the groups of boids linked within the neighbourhood radius, both
//! across the wrapping edges.

use super::seeing::around_images;
use crate::sim::crowd::Crowd;
use crate::steer::par::CHUNK;
use crate::steer::neighbors::{Grid, Near, NeighborIndex, Run};
use glam::Vec2;
use rayon::prelude::*;

/// Calls `visit(j, offset)` for every boid `j` other than boid `i` within
/// `radius` of it, with the offset to its nearest image across the
/// wrapping edges.
fn around(
    i: usize,
    positions: &[Vec2],
    grid: &Grid,
    stage: Vec2,
    radius: f32,
    mut visit: impl FnMut(u32, Vec2),
) {
    let me = Near::at(i, positions);
    let r_sq = radius * radius;
    let mut visit_run = |run: Run<'_>, seen_from: Vec2| {
        for (&j, &q) in run.ids.iter().zip(run.positions) {
            let offset = q - seen_from;
            if j != me.index && offset.length_squared() <= r_sq {
                visit(j, offset);
            }
        }
    };
    let reach = Vec2::splat(radius);
    grid.runs(positions, me.position - reach, me.position + reach, |run| {
        visit_run(run, me.position);
    });
    around_images(me.position, positions, grid, stage, radius, visit_run);
}

/// A grid of the boids as they stand.
fn index(positions: &[Vec2], radius: f32) -> Grid {
    let mut grid = Grid::new(radius);
    grid.rebuild(positions);
    grid
}

/// The end-of-run figures, from one grid of the boids as they stand: the
/// mean distance to the nearest boid, and the number of groups.
pub(super) fn at_end(crowd: &Crowd, stage: Vec2, radius: f32) -> (f64, u64) {
    let grid = index(crowd.positions(), radius);
    (
        mean_nn_distance(crowd, &grid, stage, radius),
        groups(crowd.positions(), &grid, stage, radius),
    )
}

/// Mean distance from each boid to its nearest neighbour (across the
/// wrapping edges), searched in growing circles.
fn mean_nn_distance(crowd: &Crowd, grid: &Grid, stage: Vec2, radius: f32) -> f64 {
    let positions = crowd.positions();
    if positions.len() < 2 {
        return 0.0;
    }
    let nearest: Vec<f64> = (0..positions.len())
        .into_par_iter()
        .with_min_len(CHUNK)
        .map(|i| {
            let mut radius = radius;
            loop {
                let mut nearest = f32::INFINITY;
                around(i, positions, grid, stage, radius, |_, offset| {
                    nearest = nearest.min(offset.length());
                });
                if nearest.is_finite() || radius > stage.max_element() {
                    break f64::from(if nearest.is_finite() { nearest } else { 0.0 });
                }
                radius *= 2.0;
            }
        })
        .collect();
    // Added up in the order of ids, so the figure is the same whatever the
    // thread count and the order the crowd is kept in.
    crowd.by_id().map(|i| nearest[i]).sum::<f64>() / positions.len() as f64
}

/// Clusters of boids linked by neighbourhood (within the neighbourhood
/// radius of each other), by union-find.
fn groups(positions: &[Vec2], grid: &Grid, stage: Vec2, radius: f32) -> u64 {
    let mut parent: Vec<u32> = (0..positions.len() as u32).collect();
    fn root(parent: &mut [u32], mut i: u32) -> u32 {
        while parent[i as usize] != i {
            parent[i as usize] = parent[parent[i as usize] as usize];
            i = parent[i as usize];
        }
        i
    }
    for i in 0..positions.len() {
        // Each link once, from its lower end: the groups are the same
        // whichever end joins them.
        around(i, positions, grid, stage, radius, |j, _| {
            if (j as usize) > i {
                let (a, b) = (root(&mut parent, i as u32), root(&mut parent, j));
                if a != b {
                    parent[a.max(b) as usize] = a.min(b);
                }
            }
        });
    }
    (0..positions.len() as u32)
        .filter(|&i| root(&mut parent, i) == i)
        .count() as u64
}
