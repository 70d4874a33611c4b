//! ORCA's nearest few, found as RVO2's k-d tree finds them: narrowed to
//! the k-th nearest rather than sorting everyone in reach.

use super::{Rules, Scratch};
use crate::scenes::overlaps::Overlap;
use crate::scenes::{TOUCH_TOLERANCE, nearness_key, off_stage};
use crate::sim::crowd::Agent;
use crate::steer::neighbors::{Near, NeighborIndex, Neighbors};
use crate::steer::tie::untie;
use glam::Vec2;

/// Into `s.near`, the `k` agents other than `me` nearest it within
/// `reach` (`k`: `max_neighbors`), nearest first, in [`nearness`](crate::scenes::nearness)'s
/// order (by distance, then index), a coincident one seen a hair's
/// breadth away ([`untie`]), and their squared distances into
/// `s.distances`: what finding all within reach, untying, sorting and
/// keeping the first `k` gives, without looking at most of them.
///
/// As RVO2's k-d tree narrows its search to the `k`-th nearest found so
/// far, this looks only within `first` px of the agent, and twice as far
/// while fewer than `k` stand there: in a crowd the nearest ten stand
/// within a few radii, while `reach` holds a hundred.
pub(super) fn nearest_k(
    index: &Neighbors,
    positions: &[Vec2],
    me: Agent,
    rules: &Rules,
    first: f32,
    s: &mut Scratch,
) {
    let (at, reach, k) = (me.position, rules.reach(), rules.max_neighbors);
    let mut half = first.min(reach);
    loop {
        // Within the circle the box holds, and within reach: when `k` are,
        // they are the nearest `k` of all (any other is farther than
        // `half`); when fewer, the box grows. Keyed for one integer
        // order: a squared distance's bits (not negative, so ordered as
        // the number) and then the index.
        let limit = (half * half).min(reach * reach);
        s.keys.clear();
        // Overlaps, when asked: those within a diameter, counted once (at
        // the lower index) as `Overlap::among` counts them.
        let (touch, stage) = rules.overlaps.unwrap_or((0.0, Vec2::ZERO));
        let counted = rules.overlaps.is_some() && !off_stage(at, stage);
        let overlap = &mut s.overlap;
        *overlap = Overlap::default();
        let corner = Vec2::splat(half.max(touch));
        let keys = &mut s.keys;
        index.runs(positions, at - corner, at + corner, |run| {
            // Every candidate's key is written, and kept (counted) when it
            // is within the limit: no branch to mispredict, where about
            // half of them are.
            let mut kept = keys.len();
            keys.resize(kept + run.ids.len(), 0);
            for (&j, &p) in run.ids.iter().zip(run.positions) {
                let mut d = p.distance_squared(at);
                let other = j as usize != me.index;
                if counted && d <= touch * touch && j as usize > me.index {
                    let depth = touch - p.distance(at);
                    if depth > TOUCH_TOLERANCE && !off_stage(p, stage) {
                        overlap.pairs += 1;
                        overlap.deepest = overlap.deepest.max(depth);
                    }
                }
                if d == 0.0 && other {
                    d = untied(me, j, p).distance_squared(at);
                }
                keys[kept] = nearness_key(d, j);
                kept += usize::from(other & (d <= limit));
            }
            keys.truncate(kept);
        });
        if s.keys.len() >= k || half >= reach {
            break;
        }
        half = (2.0 * half).min(reach);
    }
    // A few more than k, most often: sorting them all beats selecting.
    s.keys.sort_unstable();
    s.keys.truncate(k);
    s.near.clear();
    s.distances.clear();
    for &key in &s.keys {
        let j = key as u32;
        s.near.push(Near {
            index: j,
            position: untied(me, j, positions[j as usize]),
        });
        s.distances.push(f32::from_bits((key >> 32) as u32));
    }
}

/// Where agent `j`, standing at `p`, is seen from `me`: a hair's breadth
/// off when on the very same point ([`untie`]).
fn untied(me: Agent, j: u32, p: Vec2) -> Vec2 {
    let mut n = Near {
        index: j,
        position: p,
    };
    untie(me.index, me.position, std::slice::from_mut(&mut n));
    n.position
}
