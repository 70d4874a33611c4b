//! The circle's lesson cards: each way not to overlap, and its formula.

use super::Variant;
use crate::sim::mind::{Card, Code};

/// The circle's lesson cards, one a variant.
pub(super) fn of(variant: Variant) -> Card {
    match variant {
        Variant::Separation => Card {
            idea: "Each agent walks toward the point opposite its start, and neighbours \
                already near push it away, the nearer the harder. Everyone meets in the \
                middle at once: pushed only when touching, the crowd jams there and \
                bodies overlap.",
            formula: &[
                "steering = truncate(goal - position, preferred_speed) - velocity + separation",
            ],
            code: &[
                Code("steer::flock::separation", "src/steer/flock.rs"),
            ],
        },
        Variant::Predictive | Variant::Hard => Card {
            idea: "For every neighbour, the agent predicts when the two will be closest \
                if both keep going, and how close. The soonest meeting nearer than two \
                radii (plus clearance) is the threat, and it steers away from the place \
                they would meet; with no threat, it walks toward its goal.",
            formula: &[
                "time = closest_approach_time(position, velocity)  // with each neighbour",
                "ours = position + velocity * time  // theirs likewise",
                "// the threat: the soonest with length(ours - theirs) < 2 * agent_radius + clearance",
                "steering = normalize(ours - theirs) * avoid_weight  // or preferred - velocity, with no threat",
            ],
            code: &[
                Code("steer::unaligned::soonest_threat", "src/steer/unaligned.rs"),
                Code("steer::unaligned::avoid_meeting", "src/steer/unaligned.rs"),
            ],
        },
        Variant::Orca => Card {
            idea: "Each of the nearest neighbours rules out the velocities that would \
                collide with it within the time horizon; the agent takes half the \
                avoiding, trusting the other to take the rest. Of the velocities left, \
                it picks the nearest to the one it wants: the crowd turns together \
                around the middle instead of meeting in it.",
            formula: &[
                "preferred = truncate(goal - position, preferred_speed)",
                "chosen = linear_program(preferred)  // the nearest inside every half-plane",
                "steering = (chosen - velocity) * mass",
                "// taken at once: max_force here is 2 * max_speed * mass, not the knob",
            ],
            code: &[
                Code("steer::orca::orca_lines", "src/steer/orca.rs"),
                Code("steer::orca::solve", "src/steer/orca.rs"),
            ],
        },
    }
}
