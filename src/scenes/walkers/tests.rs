use super::nearest::nearest_k;
use super::{Rule, Rules, Scratch};
use crate::scenes::{nearness, random_point, rng};
use crate::sim::crowd::Agent;
use crate::steer::flock::SeparationParams;
use crate::steer::neighbors::{NeighborIndex, NeighborMode, Neighbors};
use crate::steer::tie::untie;
use glam::Vec2;

fn orca(max_neighbors: usize) -> Rules {
    Rules {
        rule: Rule::Orca,
        max_speed: 2.0,
        preferred_speed: None,
        max_force: 0.5,
        mass: 1.0,
        radius: 6.0,
        clearance: 0.0,
        separation: SeparationParams {
            radius: 24.0,
            max_separation: 2.0,
        },
        lead_time: 40.0,
        avoid_weight: 10.0,
        time_horizon: 40.0,
        neighbor_distance: 60.0,
        max_neighbors,
        overlaps: None,
    }
}

/// The narrowing search finds what the plain one does (all within reach,
/// untied, sorted, the first k kept), whatever box it starts from, on
/// either search, in crowds dense and sparse, with agents on one point.
#[test]
fn nearest_k_is_the_first_k_of_all_within_reach_sorted() {
    let mut r = rng(7);
    for (agents, side) in [(400, 200.0), (400, 2_000.0), (50, 100.0)] {
        let mut positions: Vec<Vec2> = (0..agents)
            .map(|_| random_point(&mut r, Vec2::ZERO, Vec2::splat(side)))
            .collect();
        // A few on the very same point.
        positions[1] = positions[0];
        positions[2] = positions[0];
        for mode in [NeighborMode::Grid, NeighborMode::Brute] {
            let mut index = Neighbors::new(mode, 12.0);
            index.rebuild(&positions);
            for k in [1, 10, 50] {
                let rules = orca(k);
                for (i, &at) in positions.iter().enumerate() {
                    let mut want = Vec::new();
                    index.within(&positions, at, rules.reach(), &mut want);
                    want.retain(|n| n.index as usize != i);
                    untie(i, at, &mut want);
                    want.sort_unstable_by_key(|&n| nearness(n, at));
                    want.truncate(k);
                    for first in [1.0, 24.0, 1_000.0] {
                        let me = Agent {
                            index: i,
                            position: at,
                            velocity: Vec2::ZERO,
                        };
                        let mut s = Scratch::default();
                        nearest_k(&index, &positions, me, &rules, first, &mut s);
                        assert_eq!(
                            s.near, want,
                            "{agents} in {side}, {mode:?}, k {k}, agent {i}, from {first}"
                        );
                    }
                }
            }
        }
    }
}
