//! The doorway lesson's guided tour: the queue at a doorway, v0 to v5. Its words name, in
//! curly quotes, what the screen shows ([`crate::sim::tour`]).

use crate::sim::tour::Step;

/// The steps, in order.
pub const STEPS: &[Step] = &[
    Step {
        forces: true,
        pause_at: Some(240),
        ..Step::of("v0", "v0: every agent seeks the door and avoids the walls, nothing more, so at the door the crowd tramples itself (see “overlapping pairs”).")
    },
    Step {
        forces: true,
        pause_at: Some(240),
        ..Step::of("v1", "v1: an agent with someone near its “ahead point” halves its velocity; the crowd is slower but still pushy.")
    },
    Step {
        forces: true,
        pause_at: Some(240),
        ..Step::of("v2", "v2: a “brake” force cancels most of the steering while someone is ahead, so agents wait instead of pushing.")
    },
    Step {
        forces: true,
        pause_at: Some(240),
        ..Step::of("v3", "v3 adds a hard stop: with someone inside the “queue radius”, the velocity is cut to “hard stop factor” of itself.")
    },
    Step {
        forces: true,
        pause_at: Some(240),
        turn: Some("max_separation"),
        ..Step::of("v4", "v4 adds “separation”, stronger the closer: an orderly queue where nobody overlaps. Turn “max separation” down with + and - and watch it crumble.")
    },
    Step {
        compare: Some("v4"),
        pause_at: Some(240),
        ..Step::of("v5", "v5 pushes overlapping bodies apart after each move; beside v4, compare each pane's “overlapping pairs”.")
    },
];
