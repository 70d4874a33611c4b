use crate::testing::scene_with;

fn run(variant: &str, seed: u64) -> crate::sim::report::Report {
    let mut run = scene_with("crossing", variant, None);
    run.reseed(seed);
    let m = run.steps(1800);
    assert_eq!(m.nan, 0, "{variant}, seed {seed}");
    m
}

/// Every variant finishes; predictive halves separation's overlap,
/// hard keeps every overlap under half a px, ORCA all but none; on
/// eight seeds.
#[test]
fn each_way_overlaps_less_and_all_cross() {
    for seed in 1..=8 {
        let [sep, pre, hard, orca] = ["separation", "predictive", "hard", "orca"].map(|v| run(v, seed));
        for (name, m) in [("separation", &sep), ("predictive", &pre), ("hard", &hard), ("orca", &orca)] {
            assert!(
                m.int("crossing_ticks").unwrap() > 0,
                "seed {seed}: {name} never finished: {} crossed",
                m.int("crossed").unwrap()
            );
        }
        let overlap = |m: &crate::sim::report::Report| m.float("mean_overlap_pairs");
        assert!(
            overlap(&pre) <= 0.5 * overlap(&sep),
            "seed {seed}: predictive {:.3} against separation {:.3}",
            overlap(&pre),
            overlap(&sep)
        );
        assert!(hard.float("max_overlap") <= 0.5, "seed {seed}: hard {:.3} px", hard.float("max_overlap"));
        assert!(overlap(&orca) <= 0.01, "seed {seed}: orca {:.4}", overlap(&orca));
    }
}

/// Two agents started on one point part ([`crate::testing`]).
#[test]
fn two_agents_on_one_point_part() {
    crate::testing::coincident_agents_part("crossing");
}

/// Past 400 agents the crowds start in two dense blocks on a grown
/// stage: everyone on it, 2.5 radii apart at least, each block on its
/// side, and each agent's goal its mirror image.
#[test]
fn large_crowds_start_in_two_blocks_on_the_stage() {
    let params = super::CrossingParams::default();
    let (ends, stage) = super::blocks(&params, 5_001, glam::Vec2::new(1280.0, 800.0));
    assert_eq!(ends.len(), 5_001);
    let spacing = 2.5 * params.agent_radius;
    let mut index = crate::steer::neighbors::Neighbors::new(crate::steer::neighbors::NeighborMode::Grid, spacing);
    let starts: Vec<glam::Vec2> = ends.iter().map(|e| e.0).collect();
    crate::steer::neighbors::NeighborIndex::rebuild(&mut index, &starts);
    let mut near = Vec::new();
    for (k, &(at, goal)) in ends.iter().enumerate() {
        assert!(at.cmpge(glam::Vec2::ZERO).all() && at.cmple(stage).all(), "{k}: {at} off {stage}");
        assert_eq!(goal, glam::Vec2::new(stage.x - at.x, at.y));
        assert_eq!(at.x < stage.x * 0.5, k % 2 == 0, "{k} on its side");
        crate::steer::neighbors::NeighborIndex::within(&index, &starts, at, spacing * 0.99, &mut near);
        assert_eq!(near.len(), 1, "{k}: only itself within 2.5 radii");
    }
}
