//! The patrol lesson's guided tour: patrol, its path radius, loop, once and projection. Its words name, in
//! curly quotes, what the screen shows ([`crate::sim::tour`]).

use crate::sim::tour::Step;

/// The steps, in order.
pub const STEPS: &[Step] = &[
    Step {
        select: Some(0),
        forces: true,
        pause_at: Some(90),
        ..Step::of("patrol", "Patrol: each agent seeks the next node; within the “path radius” the node counts as reached, and at the ends the agent walks back.")
    },
    Step {
        knobs: &[("path_radius", 60.0)],
        forces: true,
        turn: Some("path_radius"),
        ..Step::of("patrol", "Turn “path radius” with + and -: wider, the agents cut the corners; narrower, they must touch each node.")
    },
    Step::of("loop", "Loop: after the last node the agents head for the first again, round and round."),
    Step {
        forces: true,
        ..Step::of("once", "Once: the walk ends by arriving on the last node, slowing inside the “slowing radius” instead of circling it.")
    },
    Step {
        select: Some(0),
        forces: true,
        pause_at: Some(120),
        ..Step::of("projection", "Projection: the agent predicts its “predicted position”, projects it onto the path, and steers back only when that leaves the road.")
    },
];
