//! The scenes: one file per lesson, listed once in [`registry`].
//!
//! A scene file declares its parameters (`params!`), its variants
//! (`variants!`) and itself, as data (`pub const SCENE:`
//! [`SceneDecl`](crate::sim::decl::SceneDecl)); its type places its agents
//! ([`Build`](crate::sim::decl::Build)) and each tick sets one steering
//! force per agent ([`Scene`](crate::sim::scene::Scene)); the runner moves
//! them. While recording, it fills the overlay with the forces it used;
//! recording never changes the simulation.

pub mod overlaps;
pub mod registry;
mod walkers;

/// Declares the scenes: each row names a scene's module, a file under
/// `src/scenes/` whose `SCENE` is its
/// [`SceneDecl`](crate::sim::decl::SceneDecl), and the rows' order is the
/// app's. Expands to the `mod` lines and to [`SCENES`].
macro_rules! registry {
    ($( $module:ident, )*) => {
        $( pub mod $module; )*

        /// Every scene, in the order the app shows them.
        pub static SCENES: &[registry::SceneDecl] = &[ $( $module::SCENE, )* ];
    };
}

registry! {
    seek,
    wander,
    pursuit,
    patrol,
    doorway,
    leader,
    avoid,
    flock,
    hide,
    interpose,
    formation,
    walls,
    flow,
    crossing,
    manager,
    pedestrians,
    circle,
}

use crate::sim::knobs::Invalid;
use crate::sim::reading::{Reading, reads};
use crate::sim::scene::Settle;
use crate::steer::avoid::Obstacle;
use crate::steer::contact::Contact;
use crate::steer::neighbors::{Near, NeighborIndex, Neighbors, Runs};
use crate::steer::sum::ExactSum;
use glam::Vec2;

/// A seeded, portable generator: the same seed gives the same scene everywhere.
pub fn rng(seed: u64) -> rand_pcg::Pcg32 {
    use rand::SeedableRng;
    rand_pcg::Pcg32::seed_from_u64(seed)
}

/// A uniform point inside the rectangle `min..max`.
pub fn random_point(rng: &mut rand_pcg::Pcg32, min: Vec2, max: Vec2) -> Vec2 {
    use rand::RngExt;
    Vec2::new(
        rng.random_range(min.x..=max.x),
        rng.random_range(min.y..=max.y),
    )
}

/// The order to place agents spawned at `points` in: run by run of
/// `cell`-sized squares (row by row, left to right within a row, or column
/// by column, top to bottom), as the scene's neighbour grid lays them out.
/// Agents near each other in space are then near each other
/// in memory, so a tick's passes in index order and in the grid's order
/// read memory in nearly the same order rather than one of them at random.
/// Only which agent gets which index changes: the same agents stand in the
/// same places (ties keep their spawn order, so the order is the same
/// everywhere).
pub fn in_runs(points: &[Vec2], cell: f32, runs: Runs) -> impl Iterator<Item = usize> {
    // Each point's key worked out once, as integers that order as the
    // floats do (a comparison sort of a million points would work each out
    // some forty times), and its index last: an unstable sort of distinct
    // keys gives the stable order.
    let mut keyed: Vec<(u32, u32, u32)> = (points.iter().enumerate())
        .map(|(k, &p)| {
            let p = runs.frame(p);
            (ordered((p.y / cell).floor()), ordered(p.x), k as u32)
        })
        .collect();
    keyed.sort_unstable();
    keyed.into_iter().map(|(_, _, k)| k as usize)
}

/// `x` as an integer that orders as [`f32::total_cmp`] orders the floats:
/// a negative float's bits all flipped, a positive one's sign bit set.
fn ordered(x: f32) -> u32 {
    let bits = x.to_bits();
    if bits >> 31 == 1 {
        !bits
    } else {
        bits | 1 << 31
    }
}

/// The round obstacles of `[x, y, radius]` triples (a scene's
/// `obstacles` parameter).
pub fn round_obstacles(list: &[[f32; 3]]) -> Vec<Obstacle> {
    list.iter()
        .map(|&[x, y, radius]| Obstacle::Circle {
            center: Vec2::new(x, y),
            radius,
        })
        .collect()
}

/// A path's `nodes` (a scene's `nodes` parameter): at least `at_least`
/// of them, every one on the `stage`.
pub fn check_nodes(nodes: &[[f32; 2]], at_least: usize, stage: Vec2) -> Result<(), Invalid> {
    if nodes.len() < at_least {
        return Err(Invalid::new(
            "params.nodes",
            format!("needs at least {at_least} nodes (got {})", nodes.len()),
        ));
    }
    if let Some((i, [x, y])) =
        (nodes.iter().enumerate()).find(|(_, n)| !on_stage(Vec2::from(**n), stage))
    {
        return Err(Invalid::new(
            "params.nodes",
            format!(
                "node {i} must lie on the stage: x from 0 to {}, y from 0 to {} (got {x:?}, {y:?})",
                stage.x, stage.y
            ),
        ));
    }
    Ok(())
}

/// Every centre on the `stage`, every radius above 0 and at most the
/// stage's larger side.
pub fn check_round_obstacles(list: &[[f32; 3]], stage: Vec2) -> Result<(), Invalid> {
    for (i, &[x, y, r]) in list.iter().enumerate() {
        let on_stage = on_stage(Vec2::new(x, y), stage);
        if !(on_stage && r > 0.0 && r <= stage.max_element()) {
            return Err(Invalid::new(
                "params.obstacles",
                format!(
                    "obstacle {i} must be [x, y, radius] with x from 0 to {}, y from 0 to {} \
                     and radius above 0 and at most {} (got {x:?}, {y:?}, {r:?})",
                    stage.x,
                    stage.y,
                    stage.max_element()
                ),
            ));
        }
    }
    Ok(())
}

/// A point on the stage, its edges included (NaN is not).
pub fn on_stage(p: Vec2, stage: Vec2) -> bool {
    (0.0..=stage.x).contains(&p.x) && (0.0..=stage.y).contains(&p.y)
}

/// How deep a disc of radius `reach` at `p` reaches into the deepest of
/// `obstacles`, in px; 0 when clear of them all.
pub fn penetration(obstacles: &[Obstacle], p: Vec2, reach: f32) -> f32 {
    obstacles
        .iter()
        .map(|o| o.penetration(p, reach))
        .fold(0.0, f32::max)
}

/// A uniform point on the stage where a disc of radius `reach` is clear
/// of `obstacles` (given up after a thousand tries on a full stage).
pub fn clear_point(
    rng: &mut rand_pcg::Pcg32,
    stage: Vec2,
    obstacles: &[Obstacle],
    reach: f32,
) -> Vec2 {
    clear_point_in(rng, (Vec2::ZERO, stage), obstacles, reach)
}

/// The same within the box `(min, max)`.
pub fn clear_point_in(
    rng: &mut rand_pcg::Pcg32,
    (min, max): (Vec2, Vec2),
    obstacles: &[Obstacle],
    reach: f32,
) -> Vec2 {
    let mut at = random_point(rng, min, max);
    for _ in 0..1000 {
        if penetration(obstacles, at, reach) == 0.0 {
            break;
        }
        at = random_point(rng, min, max);
    }
    at
}

/// Bodies nearer than touching by less than this, in px, only touch: the
/// overlap figures leave out the float dust of bodies pushed apart.
pub const TOUCH_TOLERANCE: f32 = 0.01;

/// At most this many passes of the non-penetration constraint a tick: in
/// a packed crowd, one push can make another overlap.
pub const CONTACT_PASSES: usize = 12;

/// The non-penetration constraint on the crowd after its move
/// ([`Contact`]): passes in which every overlapping pair moves apart by
/// its overlap, each body half, until none overlaps or `passes` are done.
/// The pushes are summed exactly, so the result does not depend on the
/// neighbour search or the thread count.
pub fn push_apart(
    ctx: &mut Settle,
    neighbors: &mut Neighbors,
    diameter: f32,
    sums: &mut Vec<ExactSum>,
    passes: usize,
) {
    let contact = Contact { diameter };
    for _ in 0..passes {
        let positions = ctx.crowd().positions();
        neighbors.rebuild(positions);
        neighbors.sum_pairs(positions, diameter, &contact, sums);
        if sums.iter().all(|s| *s == ExactSum::default()) {
            return;
        }
        let order = neighbors.memory_order();
        for i in 0..ctx.crowd().len() {
            let push = sums[order.map_or(i, |o| o.slot(i))].value();
            if push != Vec2::ZERO {
                let to = ctx.crowd().positions()[i] + push;
                ctx.teleport(i, to);
            }
        }
    }
}

/// Where neighbour `n` stands in the order RVO2 and OpenSteer's proximity
/// database give neighbours in, nearest `at` first, as one integer: the
/// squared distance's bits (never negative, so they order as it does),
/// then the index. Grid and brute force find neighbours in different
/// orders; a rule that keeps the first of equals ranks them by this
/// instead ([`soonest_threat`](crate::steer::unaligned::soonest_threat)),
/// and ORCA's nearest few are sorted by it, so both searches give one
/// answer.
pub(crate) fn nearness(n: Near, at: Vec2) -> u64 {
    nearness_key(n.position.distance_squared(at), n.index)
}

/// [`nearness`] from a squared distance already worked out.
pub(crate) fn nearness_key(distance_squared: f32, index: u32) -> u64 {
    (u64::from(distance_squared.to_bits()) << 32) | u64::from(index)
}

/// A unit vector in a uniformly random direction.
pub fn random_heading(rng: &mut rand_pcg::Pcg32) -> Vec2 {
    use rand::RngExt;
    crate::steer::unit(rng.random_range(0.0..std::f32::consts::TAU))
}

/// True when `p` is off the `stage` rectangle.
pub fn off_stage(p: Vec2, stage: Vec2) -> bool {
    p.x < 0.0 || p.y < 0.0 || p.x > stage.x || p.y > stage.y
}

/// A length of the readout, to a tenth of a px.
pub fn px(d: f32) -> Reading {
    reads("{d} px").with("d", format_args!("{d:.1}"))
}

/// A time of the readout, to a tenth of a tick.
pub fn ticks(t: f32) -> Reading {
    reads("{t} ticks").with("t", format_args!("{t:.1}"))
}

/// A point, to the pixel, for an agent's readout.
pub fn point(p: Vec2) -> String {
    format!("({:.0}, {:.0})", p.x, p.y)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn in_runs_orders_by_row_or_column_then_along_it_and_keeps_every_agent() {
        let mut r = rng(7);
        let points: Vec<Vec2> = (0..500)
            .map(|_| random_point(&mut r, Vec2::ZERO, Vec2::new(400.0, 300.0)))
            .collect();
        let rows: Vec<usize> = in_runs(&points, 50.0, Runs::Rows).collect();
        let key = |k: usize| ((points[k].y / 50.0) as u32, points[k].x);
        assert!(rows.windows(2).all(|w| key(w[0]) <= key(w[1])));
        let columns: Vec<usize> = in_runs(&points, 50.0, Runs::Columns).collect();
        let key = |k: usize| ((points[k].x / 50.0) as u32, points[k].y);
        assert!(columns.windows(2).all(|w| key(w[0]) <= key(w[1])));
        assert_ne!(rows, columns);
        for order in [rows, columns] {
            let mut every = order.clone();
            every.sort_unstable();
            assert_eq!(every, (0..500).collect::<Vec<_>>());
        }
    }

    #[test]
    fn in_runs_gives_the_stable_sort_of_its_keys_ties_and_negatives_included() {
        // Points below zero (a crowd started above the stage), on cell
        // edges, and repeated: the order is the one a stable sort by
        // (run, along the run) gives, compared as `total_cmp` compares.
        let mut r = rng(3);
        let mut points: Vec<Vec2> = (0..400)
            .map(|_| random_point(&mut r, Vec2::new(-120.0, -90.0), Vec2::new(120.0, 90.0)))
            .collect();
        points.extend([
            Vec2::new(-0.0, 0.0),
            Vec2::ZERO,
            Vec2::new(50.0, -50.0),
            points[3],
            points[3],
        ]);
        for runs in [Runs::Rows, Runs::Columns] {
            let mut stable: Vec<usize> = (0..points.len()).collect();
            stable.sort_by(|&a, &b| {
                let (a, b) = (runs.frame(points[a]), runs.frame(points[b]));
                ((a.y / 25.0).floor().total_cmp(&(b.y / 25.0).floor())).then(a.x.total_cmp(&b.x))
            });
            assert_eq!(in_runs(&points, 25.0, runs).collect::<Vec<_>>(), stable);
        }
    }

    #[test]
    fn nearness_orders_by_distance_then_index_ties_and_coincident_points_included() {
        // Points on a lattice (many at one distance from the centre), some
        // on the centre itself and on each other, indices out of order:
        // sorted by nearness, as by comparing distances, then indices.
        let mut r = rng(11);
        let at = Vec2::new(40.0, 40.0);
        let mut near: Vec<Near> = (0..300u32)
            .map(|k| {
                let p = random_point(&mut r, Vec2::ZERO, Vec2::splat(8.0)).floor() * 10.0;
                Near {
                    index: (k * 7919) % 1009,
                    position: p,
                }
            })
            .collect();
        near.extend(
            [at, at, near[5].position]
                .iter()
                .enumerate()
                .map(|(k, &p)| Near {
                    index: 2000 - k as u32,
                    position: p,
                }),
        );
        let mut want = near.clone();
        want.sort_by(|a, b| {
            let (da, db) = (
                a.position.distance_squared(at),
                b.position.distance_squared(at),
            );
            da.total_cmp(&db).then(a.index.cmp(&b.index))
        });
        let ties = want
            .windows(2)
            .filter(|w| w[0].position.distance_squared(at) == w[1].position.distance_squared(at));
        assert!(ties.count() > 100, "the lattice gives ties");
        near.sort_unstable_by_key(|&n| nearness(n, at));
        assert_eq!(near, want);
    }
}
