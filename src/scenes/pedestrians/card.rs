//! The pedestrians' lesson cards: path following, and the whole walker.

use super::Variant;
use crate::sim::mind::{Card, Code};

/// Following the path by projection, either way round.
const FOLLOW: [&str; 5] = [
    "predicted = position + normalize(velocity) * look_ahead",
    "normal = nearest_point_of_path(predicted)",
    "target = point_along_path(normal, ahead)  // its own way; facing the wrong way, from position",
    "path = seek(target) * path_weight  // only off the road or facing the wrong way",
    "walk = normalize(velocity) * walk_force",
];

/// The pedestrians' lesson cards, one a variant.
pub(super) fn of(variant: Variant) -> Card {
    match variant {
        Variant::Path => Card {
            idea: "Each walker keeps to the loop its own way round, forward or back. It \
                predicts where it will be and finds the nearest point of the path; only when \
                that prediction leaves the road, or lies behind it, does it seek a point \
                further along its way.",
            formula: &[
                FOLLOW[0],
                FOLLOW[1],
                FOLLOW[2],
                FOLLOW[3],
                FOLLOW[4],
                "steering = walk + path",
            ],
            code: &[Code("steer::path::follow_by_projection_directed", "src/steer/path.rs")],
        },
        Variant::Full => Card {
            idea: "A walker heeds one thing at a time, the most urgent first: an obstacle \
                its look-ahead meets, then the soonest collision it predicts with another \
                walker, and only then the path. It always keeps walking.",
            formula: &[
                "obstacle = avoid(position, velocity)  // the nearest obstacle ahead, first",
                "neighbor = normalize(ours - theirs) * avoid_weight  // else the soonest collision; touching, a sidestep",
                FOLLOW[0],
                FOLLOW[1],
                FOLLOW[2],
                FOLLOW[3],
                FOLLOW[4],
                "steering = walk + obstacle  // or neighbor, or path, whichever came first",
            ],
            code: &[
                Code("steer::avoid::avoid", "src/steer/avoid.rs"),
                Code("steer::unaligned::soonest_threat", "src/steer/unaligned.rs"),
                Code("steer::path::follow_by_projection_directed", "src/steer/path.rs"),
            ],
        },
    }
}
