//! Quality holds at scale: 10,000 agents in the doorway queue like the
//! original 60 (the stage grows to keep their density).

use steering_demos::config::Config;
use steering_demos::sim::report::{Report, run};

fn doorway(agents: usize, steps: u64) -> Report {
    let config = Config::embedded();
    let scene = config.scene("doorway").unwrap();
    let mut setup = scene.setup();
    setup.agents = agents;
    setup.variant = scene.decl.variant("v4").unwrap();
    run(steps, 2, || config.start(scene, &setup)).unwrap()
}

#[test]
fn ten_thousand_agents_drain_like_sixty() {
    let small = doorway(60, 3600);
    let big = doorway(10_000, 2400);
    assert_eq!((small.nan, big.nan), (0, 0));
    assert!(big.max_speed_seen <= 6.0 + 1e-4 && big.max_force_seen <= 5.4 + 1e-4);
    // The doorway keeps draining: no gap between two exits longer than the
    // small room shows.
    let (s, b) = (
        small.int("longest_stall").unwrap(),
        big.int("longest_stall").unwrap(),
    );
    assert!(b <= s, "10,000 agents stalled {b} ticks, 60 agents {s}");
    assert!(big.int("exited").unwrap() > 1000);
    // Overlap: fewer overlapping pairs per agent than in the small room.
    let per_agent = |r: &Report| r.float("mean_overlap_pairs") / r.agents as f64;
    assert!(
        per_agent(&big) <= per_agent(&small),
        "overlapping pairs per agent: {} at 10,000, {} at 60",
        per_agent(&big),
        per_agent(&small)
    );
}

#[test]
fn a_hundred_thousand_boids_stay_finite() {
    let config = Config::embedded();
    let scene = config.scene("flock").unwrap();
    let mut setup = scene.setup();
    setup.agents = 100_000;
    let report = run(60, 2, || config.start(scene, &setup)).unwrap();
    assert_eq!(report.agents, 100_000);
    assert_eq!(report.nan, 0);
    assert!(report.max_speed_seen <= 3.0 + 1e-4);
    assert!(report.float("mean_nn_distance").is_finite());
}
