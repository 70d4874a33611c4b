//! The crossing lesson's guided tour: two crowds crossing: separation, prediction, the constraint, ORCA. Its words name, in
//! curly quotes, what the screen shows ([`crate::sim::tour`]).

use crate::sim::tour::Step;

/// The steps, in order.
pub const STEPS: &[Step] = &[
    Step {
        forces: true,
        pause_at: Some(150),
        ..Step::of("separation", "Two crowds cross, “from the left” and “from the right”. With “separation” alone agents push only once near, and bodies overlap in the middle.")
    },
    Step {
        select: Some(0),
        forces: true,
        pause_at: Some(150),
        ..Step::of("predictive", "Unaligned collision avoidance: each agent predicts its neighbours' closest approach and steers away from the soonest collision's site (the “threat”).")
    },
    Step {
        forces: true,
        pause_at: Some(150),
        ..Step::of("hard", "Add the non-penetration constraint: after the move, overlapping bodies are pushed apart, and the “overlapping pairs” stay at 0.")
    },
    Step {
        select: Some(0),
        forces: true,
        pause_at: Some(150),
        ..Step::of("orca", "ORCA: each neighbour rules out half of the velocities (an “ORCA half-plane”), and the agent takes the allowed one nearest its “desired velocity”.")
    },
    Step {
        compare: Some("orca"),
        ..Step::of("predictive", "Side by side from the same seed: compare each pane's “overlapping pairs”.")
    },
];
