//! The seek lesson's guided tour: seek, flee, then arrival's slowing radius. Its words name, in
//! curly quotes, what the screen shows ([`crate::sim::tour`]).

use crate::sim::tour::Step;

/// The steps, in order.
pub const STEPS: &[Step] = &[
    Step {
        select: Some(0),
        forces: true,
        pause_at: Some(100),
        ..Step::of("seek", "Seek: the “desired velocity” points at the target at top speed, and the steering force is it minus the “velocity”. Watch the agent overshoot and swing back.")
    },
    Step {
        select: Some(0),
        forces: true,
        pause_at: Some(45),
        ..Step::of("flee", "Flee is the same force reversed: the “desired velocity” points away from the target, and the agent runs straight off.")
    },
    Step {
        select: Some(0),
        forces: true,
        pause_at: Some(90),
        ..Step::of("arrive", "Arrival: inside the “slowing radius” the desired speed falls with the distance, so the agent brakes and stops on the target.")
    },
    Step {
        knobs: &[("slowing_radius", 80.0)],
        forces: true,
        turn: Some("slowing_radius"),
        ..Step::of("arrive", "Turn “slowing radius” with + and - and move the mouse: small, the agent brakes late and hard; large, it creeps in from afar.")
    },
];
