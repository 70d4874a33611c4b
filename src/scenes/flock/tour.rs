//! The flock lesson's guided tour: flocking, one rule at a time. Its words name, in
//! curly quotes, what the screen shows ([`crate::sim::tour`]).

use crate::sim::tour::Step;

/// The steps, in order.
pub const STEPS: &[Step] = &[
    Step {
        select: Some(0),
        forces: true,
        pause_at: Some(120),
        ..Step::of("separation", "“separation” alone: each boid pushes away from those within “separation radius”, harder the closer, and the boids spread out every way.")
    },
    Step {
        select: Some(0),
        forces: true,
        pause_at: Some(300),
        ..Step::of("alignment", "+ “alignment”: each boid also turns to the mean heading of its “neighbourhood”; lanes form and the “polarization” rises.")
    },
    Step {
        select: Some(0),
        forces: true,
        pause_at: Some(300),
        ..Step::of("flock", "+ “cohesion”: each boid also steers toward its neighbours' centre, and the boids gather into flocks that fly together.")
    },
    Step {
        knobs: &[("cohesion_weight", 3.0)],
        turn: Some("cohesion_weight"),
        ..Step::of("flock", "Turn “cohesion weight” with + and -: higher, the flocks pull into tight balls; at 0 you are back to the lanes of alignment.")
    },
];
