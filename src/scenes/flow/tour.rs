//! The flow lesson's guided tour: following a flow field, and painting it. Its words name, in
//! curly quotes, what the screen shows ([`crate::sim::tour`]).

use crate::sim::tour::Step;

/// The steps, in order.
pub const STEPS: &[Step] = &[
    Step {
        select: Some(0),
        forces: true,
        pause_at: Some(60),
        ..Step::of("flow", "Each agent's “desired velocity” is the field's arrow under it at top speed; the “steering” turns its “velocity” toward it.")
    },
    Step::of("flow", "Move the mouse over the stage: it paints the field its way within “brush” of it, and the agents follow the paint until it fades."),
    Step {
        knobs: &[("drift", 0.0)],
        turn: Some("drift"),
        ..Step::of("flow", "At “drift” 0 the field stands still and agents pile into its sinks; turn it up (P: the knobs) to set them free.")
    },
    Step {
        knobs: &[("smoothness", 0.4)],
        turn: Some("smoothness"),
        ..Step::of("flow", "Turn “smoothness” with + and -: higher, the field turns faster from cell to cell and the flow breaks into eddies.")
    },
];
