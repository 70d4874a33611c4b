//! The avoid lesson's guided tour: collision avoidance: no look-ahead, one point, three points. Its words name, in
//! curly quotes, what the screen shows ([`crate::sim::tour`]).

use crate::sim::tour::Step;

/// The steps, in order.
pub const STEPS: &[Step] = &[
    Step {
        forces: true,
        pause_at: Some(180),
        ..Step::of("none", "Without avoidance the agents seek the pointer straight through the obstacles (see “agents inside obstacles”).")
    },
    Step {
        select: Some(0),
        forces: true,
        pause_at: Some(120),
        ..Step::of("ahead", "One “ahead point”, “max see ahead” in front: the obstacle it falls in is the “threat”, and “avoidance” pushes away from its centre.")
    },
    Step {
        select: Some(0),
        forces: true,
        pause_at: Some(120),
        ..Step::of("ahead2", "Three points (ahead, half ahead and the agent itself) see every obstacle on the way in time; the agents “avoiding an obstacle” are drawn faded.")
    },
    Step {
        compare: Some("ahead"),
        ..Step::of("ahead2", "Side by side: one point clips the obstacles it meets at an angle, three do not (compare “agents inside obstacles”).")
    },
    Step {
        knobs: &[("max_see_ahead", 15.0)],
        forces: true,
        turn: Some("max_see_ahead"),
        ..Step::of("ahead2", "Turn “max see ahead” with + and -: short, the agents see obstacles too late and clip them.")
    },
];
