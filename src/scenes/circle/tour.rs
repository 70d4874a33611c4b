//! The circle lesson's guided tour: RVO2's benchmark, every way not to
//! overlap. Its words name, in curly quotes, what the screen shows
//! ([`crate::sim::tour`]).

use crate::sim::tour::Step;

/// The steps, in order.
pub const STEPS: &[Step] = &[
    Step {
        select: Some(0),
        forces: true,
        pause_at: Some(500),
        ..Step::of("orca", "RVO2's own test: every agent walks to the point opposite its start. ORCA: each neighbour rules out half of the velocities (an “ORCA half-plane”); the crowd turns together around the middle.")
    },
    Step {
        forces: true,
        pause_at: Some(500),
        ..Step::of("separation", "With “separation” alone, agents push only once near: the middle jams, and the “overlapping pairs” climb.")
    },
    Step {
        select: Some(0),
        forces: true,
        pause_at: Some(500),
        ..Step::of("predictive", "Unaligned collision avoidance: each agent steers away from the soonest collision's site (the “threat”), but with everyone arriving at once the threats keep changing.")
    },
    Step {
        compare: Some("orca"),
        ..Step::of("separation", "Side by side from the same start: compare each pane's “overlapping pairs” and how many have “arrived”.")
    },
];
