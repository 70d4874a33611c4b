//! The pursuit lesson's guided tour: pursuit with a dynamic T, a constant T, and evasion. Its words name, in
//! curly quotes, what the screen shows ([`crate::sim::tour`]).

use crate::sim::tour::Step;

/// The steps, in order.
pub const STEPS: &[Step] = &[
    Step {
        select: Some(1),
        forces: true,
        pause_at: Some(90),
        ..Step::of("dynamic-t", "Each “pursuer, dynamic T” seeks the target's “predicted position”: where it will be in T ticks, T growing with the distance.")
    },
    Step {
        select: Some(1),
        forces: true,
        pause_at: Some(90),
        ..Step::of("constant-t", "A “pursuer, constant T” always looks “constant t” ticks ahead: close to the target it chases a ghost far in front of it.")
    },
    Step {
        knobs: &[("constant_t", 0.0)],
        forces: true,
        turn: Some("constant_t"),
        ..Step::of("constant-t", "Turn “constant t” with + and -: at 0 it is plain seek and trails behind; large, it overshoots every turn.")
    },
    Step {
        select: Some(5),
        forces: true,
        pause_at: Some(90),
        ..Step::of("dynamic-t", "The “evader” makes the same prediction and flees that point: it runs from where the target is going, not from where it is.")
    },
];
