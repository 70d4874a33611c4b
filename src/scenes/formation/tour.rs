//! The formation lesson's guided tour: a V formation by offset pursuit. Its words name, in
//! curly quotes, what the screen shows ([`crate::sim::tour`]).

use crate::sim::tour::Step;

/// The steps, in order.
pub const STEPS: &[Step] = &[
    Step {
        select: Some(1),
        forces: true,
        pause_at: Some(600),
        ..Step::of("offset", "Each “follower” has a slot in a V behind the “leader” and arrives where that slot will be when it gets there: the V holds.")
    },
    Step {
        select: Some(1),
        forces: true,
        pause_at: Some(600),
        ..Step::of("arrive", "Arriving at the slot as it is now, the followers lag, most on the outside of a turn.")
    },
    Step {
        compare: Some("arrive"),
        ..Step::of("offset", "Side by side from the same seed: compare each pane's “mean distance to the slot (px)”.")
    },
    Step {
        knobs: &[("spacing", 50.0)],
        forces: true,
        turn: Some("spacing"),
        ..Step::of("offset", "Turn “spacing” with + and -: the V opens and closes while the followers keep their slots.")
    },
];
