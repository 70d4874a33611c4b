//! The interpose lesson's guided tour: interposing: where the pair will be, and where it is. Its words name, in
//! curly quotes, what the screen shows ([`crate::sim::tour`]).

use crate::sim::tour::Step;

/// The steps, in order.
pub const STEPS: &[Step] = &[
    Step {
        select: Some(2),
        forces: true,
        pause_at: Some(150),
        ..Step::of("interpose", "The “interposer” arrives at the midpoint of the pair's “predicted position”, where they will be by the time it gets there.")
    },
    Step {
        select: Some(2),
        forces: true,
        pause_at: Some(150),
        ..Step::of("midpoint", "The naive way arrives at the midpoint of “the pair” as they are now: when they turn, it trails behind.")
    },
    Step {
        compare: Some("midpoint"),
        ..Step::of("interpose", "Side by side from the same seed: compare each pane's “distance to the pair's segment (px)”.")
    },
    Step {
        knobs: &[("slowing_radius", 150.0)],
        forces: true,
        turn: Some("slowing_radius"),
        ..Step::of("interpose", "Turn “slowing radius” (P: the knobs): small, the interposer overshoots the midpoint; large, it lags.")
    },
];
