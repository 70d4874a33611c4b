//! The queue lesson's scenario tests: every seed drains without overlap in
//! v4, v0 tramples, the crowd starts apart, limits hold, the room grows.

use crate::testing::scene_with;

fn seeded(variant: &str, seed: u64) -> crate::testing::Run {
    let mut run = scene_with("doorway", variant, None);
    run.reseed(seed);
    run
}

#[test]
fn v4_queues_without_overlap_and_keeps_draining_on_any_seed() {
    for seed in [1, 2, 3, 4, 5, 6, 7, 8] {
        let v4 = seeded("v4", seed).steps(3600);
        let v0 = seeded("v0", seed).steps(3600);
        assert_eq!((v0.nan, v4.nan), (0, 0));
        let overlap = v4.float("max_overlap");
        assert!(overlap <= 4.0, "seed {seed}: v4 overlaps {overlap} px");
        let (p0, p4) = (
            v0.float("mean_overlap_pairs"),
            v4.float("mean_overlap_pairs"),
        );
        assert!(p4 <= 0.3, "seed {seed}: v4 {p4} overlapping pairs per tick");
        assert!(
            p0 >= 5.0 * p4,
            "seed {seed}: v0 {p0} against v4 {p4}: no trampling"
        );
        let exited = v4.int("exited").unwrap();
        assert!(exited >= 200, "seed {seed}: only {exited} through");
        let stall = v4.int("longest_stall").unwrap();
        assert!(stall < 600, "seed {seed}: gridlocked for {stall} ticks");
    }
}

/// With weak separation v4 lets bodies overlap; v5's constraint leaves no
/// overlap, and the queue drains as well.
#[test]
fn v5_leaves_no_overlap_where_v4_does() {
    let mut v4_overlapped = 0;
    for seed in 1..=8 {
        let run = |variant: &str| {
            let mut run = scene_with("doorway", variant, Some(120));
            run.reseed(seed);
            run.set(super::DoorwayParams::max_separation, 0.5);
            run.steps(1200)
        };
        let (v4, v5) = (run("v4"), run("v5"));
        assert_eq!((v4.nan, v5.nan), (0, 0));
        let overlap = v5.float("max_overlap");
        assert!(overlap <= 0.5, "seed {seed}: v5 overlaps {overlap} px");
        if v4.float("max_overlap") > 1.0 {
            v4_overlapped += 1;
        }
        let (e4, e5) = (v4.int("exited").unwrap(), v5.int("exited").unwrap());
        assert!(e5 * 10 >= e4 * 9, "seed {seed}: v5 lets {e5} through, v4 {e4}");
    }
    assert!(v4_overlapped >= 2, "v4 overlapped on only {v4_overlapped} seeds");
}

#[test]
fn the_crowd_starts_below_the_stage_nobody_on_anybody() {
    for variant in ["v0", "v4"] {
        let mut run = seeded(variant, 3);
        let stage = run.scene.stage();
        let start = run.scene.crowd().positions().to_vec();
        assert!(start.iter().all(|p| p.y >= stage.y), "below the stage");
        for (i, a) in start.iter().enumerate() {
            for b in &start[i + 1..] {
                assert!(a.distance(*b) >= 30.0, "spawned {a} and {b} too close");
            }
        }
        assert_eq!(run.steps(10).float("max_overlap"), 0.0, "{variant}");
    }
}

#[test]
fn every_variant_stays_within_the_limits() {
    for variant in ["v0", "v1", "v2", "v3", "v4"] {
        let m = scene_with("doorway", variant, None).steps(600);
        assert_eq!(m.nan, 0, "{variant}");
        assert!(
            m.max_speed_seen <= 6.0 + 1e-4,
            "{variant}: speed {}",
            m.max_speed_seen
        );
        assert!(
            m.max_force_seen <= 5.4 + 1e-4,
            "{variant}: force {}",
            m.max_force_seen
        );
    }
}

#[test]
fn more_agents_grow_the_room_in_proportion() {
    let small = scene_with("doorway", "v4", None);
    let big = scene_with("doorway", "v4", Some(60 * 4));
    assert_eq!(big.scene.stage(), small.scene.stage() * 2.0);
}

#[test]
fn the_readout_shows_braking_in_v4_and_never_in_v0() {
    let queued = |variant: &str| {
        let mut run = scene_with("doorway", variant, None);
        let mut seen = false;
        for _ in 0..600 {
            run.steps(1);
            let n = run.scene.crowd().len();
            seen |= (0..n).any(|i| {
                let state = &run.scene.inspect(i)[0];
                assert_eq!(state.0, "queue");
                state.1.text == "braking" || state.1.text == "hard stop"
            });
        }
        seen
    };
    assert!(queued("v4"), "agents queue in v4");
    assert!(!queued("v0"), "nobody queues in v0");
}

/// Two agents started on one point part ([`crate::testing`]).
#[test]
fn two_agents_on_one_point_part() {
    crate::testing::coincident_agents_part("doorway");
}
