//! The leader lesson's guided tour: following a leader: the follow point, its sight, the distance behind. Its words name, in
//! curly quotes, what the screen shows ([`crate::sim::tour`]).

use crate::sim::tour::Step;

/// The steps, in order.
pub const STEPS: &[Step] = &[
    Step {
        select: Some(1),
        forces: true,
        pause_at: Some(150),
        ..Step::of("follow", "Each “follower” arrives at its “follow point” behind the “leader” and keeps apart from the others by “separation”.")
    },
    Step {
        select: Some(1),
        forces: true,
        pause_at: Some(240),
        ..Step::of("follow", "Ahead of the leader lies its “leader sight”: a follower inside it evades, stepping out of the leader's way.")
    },
    Step {
        knobs: &[("behind_dist", 200.0)],
        forces: true,
        turn: Some("behind_dist"),
        ..Step::of("follow", "Turn “behind dist” with + and - and move the mouse: the leader arrives at the pointer, and the crowd gathers farther back.")
    },
    Step {
        select: Some(0),
        forces: true,
        pause_at: Some(90),
        ..Step::of("follow", "The “leader” itself only arrives at the pointer: the followers read its position and velocity, it never looks back.")
    },
];
