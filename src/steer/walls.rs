//! Wall avoidance with feelers (Buckland, *Programming Game AI by
//! Example*, ch. 3): three whiskers reach out ahead of the agent, one
//! straight ahead and two at 45 degrees, half as long. Where a whisker
//! crosses a wall, the part of it beyond the wall (the overshoot) pushes
//! the agent back along the wall's normal, harder the deeper it reaches.

use glam::Vec2;

/// A wall: a segment, and the side the agents belong on.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Wall {
    pub from: Vec2,
    pub to: Vec2,
    /// Unit normal pointing to the agents' side.
    pub normal: Vec2,
}

/// The walls of a room: the closed polygon through `corners`, each wall's
/// normal pointing inward (whichever way round the corners go).
pub fn room(corners: &[Vec2]) -> Vec<Wall> {
    let n = corners.len();
    // Twice the signed area: positive when the corners go counter-clockwise
    // (x right, y up), where the inside lies to the left of each edge.
    let area: f32 = (0..n)
        .map(|k| corners[k].perp_dot(corners[(k + 1) % n]))
        .sum();
    let side = if area >= 0.0 { 1.0 } else { -1.0 };
    (0..n)
        .map(|k| {
            let (from, to) = (corners[k], corners[(k + 1) % n]);
            let normal = (to - from).perp().normalize_or_zero() * side;
            Wall { from, to, normal }
        })
        .collect()
}

/// The three feelers of an agent at `position` heading along `heading` (a
/// unit vector): ahead `length` px, and at 45 degrees either side, half
/// as long.
pub fn feelers(position: Vec2, heading: Vec2, length: f32) -> [Vec2; 3] {
    let quarter = std::f32::consts::FRAC_PI_4;
    let turned = |angle: f32| super::unit(angle).rotate(heading);
    [
        position + heading * length,
        position + turned(quarter) * length * 0.5,
        position + turned(-quarter) * length * 0.5,
    ]
}

/// Where the segment `p`-`q` crosses the segment `a`-`b`, if it does.
pub fn crossing(p: Vec2, q: Vec2, a: Vec2, b: Vec2) -> Option<Vec2> {
    let (r, s) = (q - p, b - a);
    let denominator = r.perp_dot(s);
    if denominator == 0.0 {
        return None;
    }
    let t = (a - p).perp_dot(s) / denominator;
    let u = (a - p).perp_dot(r) / denominator;
    ((0.0..=1.0).contains(&t) && (0.0..=1.0).contains(&u)).then(|| p + r * t)
}

/// The push of the walls on an agent at `position` whose feelers reach
/// `tips`: for each feeler, the nearest wall it crosses pushes along its
/// normal by the overshoot (Buckland; his code keeps the last feeler's,
/// these add up).
pub fn wall_avoidance(position: Vec2, tips: &[Vec2], walls: &[Wall]) -> Vec2 {
    let mut force = Vec2::ZERO;
    for &tip in tips {
        let nearest = walls
            .iter()
            .filter_map(|w| crossing(position, tip, w.from, w.to).map(|at| (at, w.normal)))
            .min_by(|x, y| {
                position
                    .distance_squared(x.0)
                    .total_cmp(&position.distance_squared(y.0))
            });
        if let Some((at, normal)) = nearest {
            force += normal * tip.distance(at);
        }
    }
    force
}

/// How far `point` lies outside the room through `corners` (0 inside).
pub fn outside_by(point: Vec2, corners: &[Vec2]) -> f32 {
    let n = corners.len();
    // Even-odd rule: a ray to the right crosses the edges an odd number
    // of times from inside.
    let mut inside = false;
    for k in 0..n {
        let (a, b) = (corners[k], corners[(k + 1) % n]);
        if (a.y > point.y) != (b.y > point.y) {
            let x = a.x + (point.y - a.y) / (b.y - a.y) * (b.x - a.x);
            if point.x < x {
                inside = !inside;
            }
        }
    }
    if inside {
        return 0.0;
    }
    (0..n)
        .map(|k| super::path::distance_to_segment(point, corners[k], corners[(k + 1) % n]))
        .fold(f32::INFINITY, f32::min)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SQUARE: [Vec2; 4] = [
        Vec2::new(0.0, 0.0),
        Vec2::new(100.0, 0.0),
        Vec2::new(100.0, 100.0),
        Vec2::new(0.0, 100.0),
    ];

    #[test]
    fn a_rooms_normals_point_inward_either_way_round() {
        let walls = room(&SQUARE);
        let reversed: Vec<Vec2> = SQUARE.iter().rev().copied().collect();
        for w in walls.iter().chain(&room(&reversed)) {
            let middle = (w.from + w.to) * 0.5;
            let inward = Vec2::splat(50.0) - middle;
            assert!(w.normal.dot(inward) > 0.0, "{w:?}");
        }
    }

    #[test]
    fn feelers_reach_ahead_and_to_either_side() {
        let [ahead, left, right] = feelers(Vec2::ZERO, Vec2::X, 40.0);
        assert!(ahead.abs_diff_eq(Vec2::new(40.0, 0.0), 1e-5));
        let d = 20.0 * std::f32::consts::FRAC_1_SQRT_2;
        assert!(left.abs_diff_eq(Vec2::new(d, d), 1e-4), "{left}");
        assert!(right.abs_diff_eq(Vec2::new(d, -d), 1e-4), "{right}");
    }

    #[test]
    fn the_overshoot_pushes_back_along_the_normal() {
        // An agent at (90, 50) facing the right wall (x = 100): its 40 px
        // feeler overshoots by 30; each 20 px side feeler meets the wall
        // after 10 * sqrt(2) of its length, and overshoots by the rest,
        // 5.86. The push is inward (-x).
        let walls = room(&SQUARE);
        let tips = feelers(Vec2::new(90.0, 50.0), Vec2::X, 40.0);
        let push = wall_avoidance(Vec2::new(90.0, 50.0), &tips, &walls);
        let side = 20.0 - 10.0 * std::f32::consts::SQRT_2;
        assert!(
            push.abs_diff_eq(Vec2::new(-(30.0 + 2.0 * side), 0.0), 1e-3),
            "{push}"
        );
        // Far from every wall: nothing.
        let tips = feelers(Vec2::splat(50.0), Vec2::X, 40.0);
        assert_eq!(wall_avoidance(Vec2::splat(50.0), &tips, &walls), Vec2::ZERO);
    }

    #[test]
    fn crossings_and_the_distance_outside() {
        let at = crossing(
            Vec2::ZERO,
            Vec2::new(10.0, 10.0),
            Vec2::new(0.0, 10.0),
            Vec2::new(10.0, 0.0),
        );
        assert!(at.unwrap().abs_diff_eq(Vec2::splat(5.0), 1e-5));
        assert_eq!(
            crossing(Vec2::ZERO, Vec2::X, Vec2::Y, Vec2::new(1.0, 1.0)),
            None
        );
        assert_eq!(outside_by(Vec2::splat(50.0), &SQUARE), 0.0);
        assert!((outside_by(Vec2::new(130.0, 50.0), &SQUARE) - 30.0).abs() < 1e-5);
        // A concave room: the notch of an L is outside.
        let l = [
            Vec2::ZERO,
            Vec2::new(100.0, 0.0),
            Vec2::new(100.0, 50.0),
            Vec2::new(50.0, 50.0),
            Vec2::new(50.0, 100.0),
            Vec2::new(0.0, 100.0),
        ];
        assert!((outside_by(Vec2::new(80.0, 80.0), &l) - 30.0).abs() < 1e-5);
        assert_eq!(outside_by(Vec2::new(20.0, 80.0), &l), 0.0);
    }
}
