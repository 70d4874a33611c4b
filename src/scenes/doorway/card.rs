//! The queue lesson's cards: the idea of each step and its formula.

use super::Variant;
use crate::sim::mind::{Card, Code};

/// The lesson card of each step of the queue.
pub(super) fn of(variant: Variant) -> Card {
    const AHEAD: [&str; 2] = [
        "ahead = position + normalize(velocity) * max_queue_ahead",
        "// someone ahead: another agent within max_queue_radius of ahead",
    ];
    const WALK: &str = "walk = seek(door)  // near a wall: + avoidance of it";
    const BRAKE: &str = "brake = -walk * brake_factor - velocity  // only with someone ahead";
    const STOP: &str = "// someone within max_queue_radius of position: velocity * hard_stop_factor";
    const SEEK: Code = Code("steer::seek::seek", "src/steer/seek.rs");
    const WALLS: Code = Code("steer::avoid::avoid", "src/steer/avoid.rs");
    const QUEUE: Code = Code("steer::queue::queue", "src/steer/queue.rs");
    // The overlapping pairs pushed apart after the move (v5).
    const PUSH: Code = Code("scenes::push_apart", "src/scenes/mod.rs");
    const APART: Code = Code("steer::flock::separation", "src/steer/flock.rs");
    let (idea, formula): (&str, &'static [&'static str]) = match variant {
        Variant::V0 => (
            "Everyone seeks the door and avoids the walls, and nothing else. \
             The crowd pushes into itself at the door.",
            &[WALK, "steering = walk"],
        ),
        Variant::V1 => (
            "Each agent looks a little ahead. When someone is there, it halves its \
             velocity: slower, but still pushy.",
            &[AHEAD[0], AHEAD[1], WALK, "steering = walk  // someone ahead: velocity * slow_factor"],
        ),
        Variant::V2 => (
            "When someone is ahead, a brake force cancels most of the steering and \
             the velocity. The agent waits its turn instead of pushing.",
            &[AHEAD[0], AHEAD[1], WALK, BRAKE, "steering = walk + brake"],
        ),
        Variant::V3 => (
            "The brake, plus a hard stop. An agent with someone right next to it \
             almost stops, so nobody is pushed into anyone.",
            &[AHEAD[0], AHEAD[1], WALK, BRAKE, STOP, "steering = walk + brake"],
        ),
        Variant::V4 => (
            "The brake and the hard stop, plus separation, stronger the closer two \
             agents stand. The result is an orderly queue in which nobody overlaps.",
            &[AHEAD[0], AHEAD[1], WALK, BRAKE, STOP, "steering = walk + brake + separation"],
        ),
        Variant::V5 => (
            "v4, and after the move, bodies that still overlap are pushed apart until \
             they only touch. With weak separation (0.5, 240 agents) v4 overlaps 4 px, \
             v5 not at all, with the same flow. The price: a shove no force explains, \
             and a third more time a tick in a crowd of 10,000.",
            &[
                AHEAD[0],
                AHEAD[1],
                WALK,
                BRAKE,
                STOP,
                "steering = walk + brake + separation",
                "// after the move: overlapping pairs pushed apart, half each",
            ],
        ),
    };
    // The rule each step adds, with the walk the first steps keep.
    let code: &[Code] = match variant {
        Variant::V0 => &[SEEK, WALLS],
        Variant::V1 | Variant::V2 | Variant::V3 => &[QUEUE, SEEK],
        Variant::V4 => &[QUEUE, APART],
        Variant::V5 => &[QUEUE, APART, PUSH],
    };
    Card {
        idea,
        formula,
        code,
    }
}
