//! The pedestrians' claims, on eight seeds: avoiding by prediction cuts
//! the overlaps, obstacles are kept out of, and the crowd keeps walking.

use crate::testing::scene_with;

/// Ticks a claim is judged over: 30 s at 60 ticks a second.
const TICKS: u64 = 1800;

#[test]
fn full_overlaps_a_fifth_of_path_keeps_off_obstacles_and_walks_on() {
    for seed in 1..=8 {
        let run = |variant: &str| {
            let mut run = scene_with("pedestrians", variant, None);
            run.reseed(seed);
            run.steps(TICKS)
        };
        let (path, full) = (run("path"), run("full"));
        for m in [&path, &full] {
            assert_eq!(m.nan, 0, "seed {seed}");
        }
        let (p, f) = (
            path.float("mean_overlap_pairs"),
            full.float("mean_overlap_pairs"),
        );
        let depth = full.float("max_obstacle_penetration");
        let speed = full.float("mean_path_speed");
        assert!(p > 0.0, "seed {seed}: walkers meeting head on overlap");
        assert!(f <= 0.2 * p, "seed {seed}: full {f:.3} pairs against path {p:.3}");
        assert!(depth <= 2.0, "seed {seed}: {depth:.2} px into an obstacle");
        assert!(speed >= 0.6, "seed {seed}: {speed:.3} of top speed along the path");
        assert!(
            path.float("max_obstacle_penetration") > 10.0,
            "seed {seed}: without avoidance walkers cut through obstacles"
        );
    }
}

/// Two agents started on one point part ([`crate::testing`]).
#[test]
fn two_agents_on_one_point_part() {
    crate::testing::coincident_agents_part("pedestrians");
}
