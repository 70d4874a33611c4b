//! The pedestrians lesson's guided tour: pedestrians on a path: following it, then avoiding each other. Its words name, in
//! curly quotes, what the screen shows ([`crate::sim::tour`]).

use crate::sim::tour::Step;

/// The steps, in order.
pub const STEPS: &[Step] = &[
    Step {
        forces: true,
        pause_at: Some(300),
        ..Step::of("path", "Walkers “walking forward” and “walking back” follow the path by projection; meeting head on, they walk through each other and through the obstacles.")
    },
    Step {
        select: Some(0),
        forces: true,
        pause_at: Some(300),
        ..Step::of("full", "OpenSteer's pedestrians: an obstacle ahead first (“avoidance”), then the soonest predicted collision (the “threat”), then the path.")
    },
    Step {
        compare: Some("path"),
        ..Step::of("full", "Side by side from the same seed: compare each pane's “overlapping pairs”.")
    },
    Step {
        knobs: &[("lead_time", 8.0)],
        forces: true,
        turn: Some("lead_time"),
        ..Step::of("full", "Turn “lead time” (P: the knobs): short, the walkers see each other too late and bump.")
    },
];
