use super::ManagerParams;
use crate::testing::scene_with;

/// Priority keeps agents out of the obstacles at least as well as the
/// weighted sum, on eight seeds.
#[test]
fn priority_penetrates_no_deeper_than_the_weighted_sum() {
    for seed in 1..=8 {
        let depth = |variant: &str| {
            let mut run = scene_with("manager", variant, None);
            run.reseed(seed);
            let m = run.steps(1800);
            assert_eq!(m.nan, 0);
            m.float("max_penetration")
        };
        let (weighted, priority) = (depth("weighted"), depth("priority"));
        assert!(
            priority <= weighted,
            "seed {seed}: priority {priority:.2} px, weighted {weighted:.2} px"
        );
    }
}

/// Smoothing the drawn heading over ten ticks halves its turn a tick.
#[test]
fn smoothing_halves_the_heading_turn() {
    for seed in 1..=8 {
        let turn = |smoothing: f64| {
            let mut run = scene_with("manager", "weighted", None);
            run.reseed(seed);
            run.set(ManagerParams::smoothing, smoothing);
            run.steps(1800).float("mean_heading_turn")
        };
        let (raw, smooth) = (turn(0.0), turn(10.0));
        assert!(
            smooth <= raw * 0.5,
            "seed {seed}: {smooth:.4} smoothed against {raw:.4} rad/tick"
        );
    }
}

/// Two agents started on one point part ([`crate::testing`]).
#[test]
fn two_agents_on_one_point_part() {
    crate::testing::coincident_agents_part("manager");
}
