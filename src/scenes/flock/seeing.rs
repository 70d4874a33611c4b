//! What a boid sees of its neighbours each tick: the sums each pair of
//! boids adds to both (met once, by the grid's pair walk), and what a boid
//! near an edge sees across it.

use crate::sim::crowd::Agent;
use crate::steer::flock::Neighborhood;
use crate::steer::flock::push_away;
use crate::steer::neighbors::{MemoryOrder, NeighborIndex, PairSum, Run};
use crate::steer::sum::ExactSum;
use glam::Vec2;

/// What a boid sums over its neighbours: exactly, so in any order, and
/// split between the pairs it meets and the images it sees across edges.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Seen {
    pub(super) near: Neighborhood,
    pub(super) pushes: ExactSum,
}

/// Two boids' share of each other's [`Seen`], worked out once a pair.
pub(super) struct Meeting<'a> {
    /// The boids' velocities as exact terms, by slot.
    pub(super) velocities: &'a [ExactSum],
    /// How far apart two boids may be to meet: the wider radius.
    pub(super) radius: f32,
    pub(super) near_sq: f32,
    pub(super) apart_sq: f32,
    pub(super) separation_radius: f32,
}

impl PairSum for Meeting<'_> {
    type Sum = Seen;

    #[inline]
    fn meet(&self, (a, b): (usize, usize), offset: Vec2, d_sq: f32, sa: &mut Seen, sb: &mut Seen) {
        if d_sq <= self.near_sq {
            let offset = ExactSum::of(offset);
            sa.near.add_exact(offset, self.velocities[b]);
            sb.near.add_exact(offset.negated(), self.velocities[a]);
        }
        if d_sq <= self.apart_sq {
            let push = ExactSum::of(push_away(-offset, self.separation_radius));
            sa.pushes.merge(push);
            sb.pushes.merge(push.negated());
        }
    }

    /// The walk tests a batch of candidates without a branch, then meets
    /// the hits: a boid's candidates are in range about half the time, a
    /// branch no predictor gets right.
    const BATCHED: bool = true;
}

/// How far to shift a query at `coord` to see across the nearer edge of a
/// wrapping `size`: 0 when its circle crosses neither edge.
fn edge_shift(coord: f32, radius: f32, size: f32) -> f32 {
    if coord < radius {
        -size
    } else if coord > size - radius {
        size
    } else {
        0.0
    }
}

/// Calls `visit(run, seen_from)` with runs of boids holding every boid
/// within `radius` of the images of `at` across the wrapping edges: a
/// boid at `q` in the run is at offset `q - seen_from` from `at`, through
/// that image. Nothing for a boid whose circle crosses no edge. (The
/// caller tests the distance.)
pub(super) fn around_images(
    at: Vec2,
    positions: &[Vec2],
    index: &impl NeighborIndex,
    stage: Vec2,
    radius: f32,
    mut visit: impl FnMut(Run<'_>, Vec2),
) {
    let reach = Vec2::splat(radius);
    let sx = edge_shift(at.x, radius, stage.x);
    let sy = edge_shift(at.y, radius, stage.y);
    if sx == 0.0 && sy == 0.0 {
        // Most boids: their circle crosses no edge.
        return;
    }
    let images = [
        (sx != 0.0, Vec2::new(sx, 0.0)),
        (sy != 0.0, Vec2::new(0.0, sy)),
        (sx != 0.0 && sy != 0.0, Vec2::new(sx, sy)),
    ];
    for (crossed, shift) in images {
        if crossed {
            let seen_from = at - shift;
            index.runs(positions, seen_from - reach, seen_from + reach, |run| {
                visit(run, seen_from);
            });
        }
    }
}

/// The velocities as exact terms, in `order` (index order without one).
pub(super) fn velocity_terms(
    order: Option<MemoryOrder<'_>>,
    velocities: &[Vec2],
    out: &mut Vec<ExactSum>,
) {
    match order {
        Some(order) => order.gather(velocities, out, ExactSum::of),
        // Brute force, O(n^2) anyway: no need for threads here.
        None => {
            out.clear();
            out.extend(velocities.iter().map(|&v| ExactSum::of(v)));
        }
    }
}

/// Adds to `seen`, boid `agent`'s sums (at `slot`), what it sees of the
/// boids across the wrapping edges: one-sided, as each boid near an edge
/// looks across it itself.
pub(super) fn see_across_edges(
    agent: Agent,
    slot: usize,
    seen: &mut Seen,
    positions: &[Vec2],
    meeting: &Meeting<'_>,
    stage: Vec2,
    index: &impl NeighborIndex,
) {
    let radius = meeting.radius;
    let r_sq = radius * radius;
    around_images(
        agent.position,
        positions,
        index,
        stage,
        radius,
        |run, seen_from| {
            let mut unseen = Seen::default();
            let found = run.ids.iter().zip(run.positions).enumerate();
            for (k, (&j, &q)) in found {
                let offset = q - seen_from;
                let d_sq = offset.length_squared();
                if j as usize != agent.index && d_sq <= r_sq {
                    meeting.meet((slot, run.start + k), offset, d_sq, seen, &mut unseen);
                }
            }
        },
    );
}
