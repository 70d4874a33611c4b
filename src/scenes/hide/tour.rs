//! The hide lesson's guided tour: hiding behind obstacles, and evading without cover. Its words name, in
//! curly quotes, what the screen shows ([`crate::sim::tour`]).

use crate::sim::tour::Step;

/// The steps, in order.
pub const STEPS: &[Step] = &[
    Step {
        select: Some(1),
        forces: true,
        pause_at: Some(150),
        ..Step::of("hide", "Each “hider” arrives at the spot just behind the nearest obstacle as the “hunter” sees it, so the obstacle breaks the hunter's line of sight.")
    },
    Step {
        knobs: &[("distance_from_boundary", 80.0)],
        forces: true,
        turn: Some("distance_from_boundary"),
        ..Step::of("hide", "Turn “distance from boundary” with + and -: the hiding spots move farther behind the obstacles.")
    },
    Step {
        select: Some(1),
        forces: true,
        pause_at: Some(150),
        ..Step::of("evade", "Evade instead: flee where the hunter will be, once it is within “panic distance”. With no cover, the hunter sees the hiders most of the time.")
    },
    Step {
        compare: Some("evade"),
        ..Step::of("hide", "Side by side from the same seed: compare each pane's “hiders out of sight”.")
    },
    Step {
        select: Some(0),
        forces: true,
        pause_at: Some(150),
        ..Step::of("hide", "The “hunter” pursues the nearest hider it can see; when an obstacle hides them all, it arrives at the pointer instead.")
    },
];
