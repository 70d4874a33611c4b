//! The walls lesson's guided tour: containment: no feelers, three feelers, their length and weight. Its words name, in
//! curly quotes, what the screen shows ([`crate::sim::tour`]).

use crate::sim::tour::Step;

/// The steps, in order.
pub const STEPS: &[Step] = &[
    Step {
        pause_at: Some(600),
        ..Step::of("none", "Without wall avoidance the wanderers walk straight out of the room (see “farthest outside the room (px)”).")
    },
    Step {
        select: Some(0),
        forces: true,
        pause_at: Some(300),
        ..Step::of("feelers", "Three feelers: where one crosses a wall, its overshoot pushes back along the wall's normal (“avoidance”).")
    },
    Step {
        knobs: &[("feeler_length", 10.0)],
        forces: true,
        turn: Some("feeler_length"),
        ..Step::of("feelers", "Turn “feeler length” with + and -: short feelers find the wall late, and the wanderers brush it.")
    },
    Step {
        knobs: &[("wall_weight", 1.0)],
        forces: true,
        turn: Some("wall_weight"),
        ..Step::of("feelers", "Turn “wall weight” (P: the knobs): low, the walls' push no longer beats the wander and agents lean out.")
    },
];
