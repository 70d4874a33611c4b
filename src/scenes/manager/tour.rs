//! The manager lesson's guided tour: the movement manager: weighted, prioritised, dithered. Its words name, in
//! curly quotes, what the screen shows ([`crate::sim::tour`]).

use crate::sim::tour::Step;

/// The steps, in order.
pub const STEPS: &[Step] = &[
    Step {
        select: Some(0),
        forces: true,
        pause_at: Some(150),
        ..Step::of("weighted", "Weighted sum: the “walls' push”, the “avoidance”, the “separation” and the “wander force”, each times its weight, are added and truncated once.")
    },
    Step {
        select: Some(0),
        forces: true,
        pause_at: Some(150),
        ..Step::of("priority", "Prioritised: walls first, then obstacles, separation and wander, each taking what is left of the “max force” budget.")
    },
    Step {
        select: Some(0),
        forces: true,
        pause_at: Some(150),
        ..Step::of("dither", "Dithering: each behaviour gets its chance in turn (“wall chance” first); the first chosen is the whole force, cheap but jittery.")
    },
    Step {
        compare: Some("priority"),
        ..Step::of("weighted", "Side by side from the same seed: compare each pane's “agents in an obstacle”.")
    },
    Step {
        knobs: &[("smoothing", 10.0)],
        turn: Some("smoothing"),
        ..Step::of("dither", "Turn “smoothing” with + and -: the drawn heading averages the last ticks, and the jitter of dithering hides.")
    },
];
