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
