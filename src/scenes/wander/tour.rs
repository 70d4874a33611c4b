//! The wander lesson's guided tour: the wander circle, its knobs, and the naive way beside it. Its words name, in
//! curly quotes, what the screen shows ([`crate::sim::tour`]).

use crate::sim::tour::Step;

/// The steps, in order.
pub const STEPS: &[Step] = &[
    Step {
        select: Some(0),
        forces: true,
        pause_at: Some(60),
        ..Step::of("circle", "Wander: a point on the “wander circle” ahead of the agent drifts a little each tick, and the “displacement” to it makes a smooth “wander force”.")
    },
    Step {
        knobs: &[("angle_change", 2.0)],
        forces: true,
        turn: Some("angle_change"),
        ..Step::of("circle", "Turn “angle change” with + and -: up, the point jumps further each tick and the turns get jittery; at 0 the agent walks straight.")
    },
    Step {
        select: Some(0),
        forces: true,
        pause_at: Some(150),
        ..Step::of("random-target", "The naive way seeks a random point that jumps every “retarget ticks”: the agent turns back abruptly.")
    },
    Step {
        compare: Some("random-target"),
        ..Step::of("circle", "Side by side from the same seed: “circle” turns a little every tick, “random-target” hard now and then; each pane gives its “turn per tick (rad)”.")
    },
];
