//! Hide (Buckland, *Programming Game AI by Example*, ch. 3): put an
//! obstacle between yourself and the hunter.
//!
//! Behind each round obstacle, on the line from the hunter through the
//! obstacle's centre, lies a hiding spot a little beyond the rim; the agent
//! arrives at the nearest one. With no obstacle to hide behind it evades.

use super::avoid::Obstacle;
use super::pursuit::{Prediction, evade, predict};
use super::seek::arrive;
use glam::Vec2;

/// Hide tunables (Buckland's demo: a spot 30 px beyond the rim).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HideParams {
    /// How far beyond an obstacle's rim its hiding spot lies, in px.
    pub distance_from_boundary: f32,
    /// Slowing radius of the arrival at the spot, in px.
    pub slowing_radius: f32,
}

/// The spot behind a round obstacle at `center` of `radius`, as seen from
/// `hunter`: on the line from the hunter through the centre,
/// `distance_from_boundary` beyond the rim. A hunter on the centre sees no
/// side: the spot is the centre itself.
pub fn hiding_spot(center: Vec2, radius: f32, hunter: Vec2, distance_from_boundary: f32) -> Vec2 {
    center + (center - hunter).normalize_or_zero() * (radius + distance_from_boundary)
}

/// What hiding decided: the force, and the spot and obstacle it chose
/// (none: it evaded, as there was nothing to hide behind).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hiding {
    pub force: Vec2,
    pub spot: Option<Vec2>,
    pub obstacle: Option<usize>,
}

/// Arrive at the nearest hiding spot behind the round `obstacles` (walls
/// give none); evade the hunter when there is none.
pub fn hide(
    position: Vec2,
    velocity: Vec2,
    hunter: (Vec2, Vec2),
    obstacles: &[Obstacle],
    max_speed: f32,
    params: &HideParams,
) -> Hiding {
    let (hunter_position, hunter_velocity) = hunter;
    let nearest = obstacles
        .iter()
        .enumerate()
        .filter_map(|(k, o)| match *o {
            Obstacle::Circle { center, radius } => {
                let spot = hiding_spot(
                    center,
                    radius,
                    hunter_position,
                    params.distance_from_boundary,
                );
                Some((k, spot))
            }
            Obstacle::Rect { .. } => None,
        })
        .min_by(|a, b| {
            let (da, db) = (
                a.1.distance_squared(position),
                b.1.distance_squared(position),
            );
            da.total_cmp(&db)
        });
    match nearest {
        Some((k, spot)) => Hiding {
            force: arrive(position, velocity, spot, max_speed, params.slowing_radius),
            spot: Some(spot),
            obstacle: Some(k),
        },
        None => {
            let dynamic = Prediction::Dynamic;
            let future = predict(
                position,
                hunter_position,
                hunter_velocity,
                max_speed,
                dynamic,
            );
            Hiding {
                force: evade(position, velocity, future, max_speed),
                spot: None,
                obstacle: None,
            }
        }
    }
}

/// Whether the segment from `a` to `b` passes through the circle at
/// `center` of `radius`: whether a round obstacle blocks the line of sight.
pub fn blocks_sight(a: Vec2, b: Vec2, center: Vec2, radius: f32) -> bool {
    let ab = b - a;
    let len_sq = ab.length_squared();
    let t = if len_sq > 0.0 {
        ((center - a).dot(ab) / len_sq).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (a + ab * t).distance_squared(center) < radius * radius
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: HideParams = HideParams {
        distance_from_boundary: 30.0,
        slowing_radius: 100.0,
    };

    fn circle(x: f32, y: f32, radius: f32) -> Obstacle {
        Obstacle::Circle {
            center: Vec2::new(x, y),
            radius,
        }
    }

    #[test]
    fn the_spot_is_behind_the_obstacle_as_the_hunter_sees_it() {
        // Hunter at the origin, obstacle of radius 20 at (100, 0): the spot
        // is 20 + 30 beyond its centre, on the far side.
        let spot = hiding_spot(Vec2::new(100.0, 0.0), 20.0, Vec2::ZERO, 30.0);
        assert_eq!(spot, Vec2::new(150.0, 0.0));
        let spot = hiding_spot(Vec2::new(0.0, 100.0), 10.0, Vec2::ZERO, 30.0);
        assert_eq!(spot, Vec2::new(0.0, 140.0));
        // A hunter on the centre: no side, the centre, not NaN.
        let on = hiding_spot(Vec2::ONE, 10.0, Vec2::ONE, 30.0);
        assert_eq!(on, Vec2::ONE);
    }

    #[test]
    fn the_agent_arrives_at_the_nearest_spot() {
        let obstacles = [circle(100.0, 0.0, 20.0), circle(-100.0, 0.0, 20.0)];
        // At (200, 0) the spot (150, 0) is nearer than (-150, 0); from rest,
        // 50 px inside the slowing radius of 100: desired speed 3 * 0.5.
        let h = hide(
            Vec2::new(200.0, 0.0),
            Vec2::ZERO,
            (Vec2::ZERO, Vec2::ZERO),
            &obstacles,
            3.0,
            &P,
        );
        assert_eq!((h.obstacle, h.spot), (Some(0), Some(Vec2::new(150.0, 0.0))));
        assert!(
            (h.force - Vec2::new(-1.5, 0.0)).length() < 1e-5,
            "{}",
            h.force
        );
    }

    #[test]
    fn without_obstacles_the_agent_evades() {
        let walls = [Obstacle::Rect {
            min: Vec2::ZERO,
            max: Vec2::ONE,
        }];
        // Hunter at rest 100 px to the left: flee straight right at full speed.
        let h = hide(
            Vec2::new(100.0, 0.0),
            Vec2::ZERO,
            (Vec2::ZERO, Vec2::ZERO),
            &walls,
            3.0,
            &P,
        );
        assert_eq!((h.spot, h.obstacle), (None, None));
        assert!(
            (h.force - Vec2::new(3.0, 0.0)).length() < 1e-5,
            "{}",
            h.force
        );
    }

    #[test]
    fn an_obstacle_blocks_the_sight_it_stands_on() {
        let (a, b) = (Vec2::ZERO, Vec2::new(200.0, 0.0));
        assert!(blocks_sight(a, b, Vec2::new(100.0, 5.0), 10.0));
        assert!(
            !blocks_sight(a, b, Vec2::new(100.0, 15.0), 10.0),
            "passes beside"
        );
        assert!(
            !blocks_sight(a, b, Vec2::new(260.0, 0.0), 10.0),
            "beyond the end"
        );
        assert!(
            !blocks_sight(a, b, Vec2::new(-30.0, 0.0), 10.0),
            "behind the start"
        );
        assert!(
            blocks_sight(a, a, Vec2::new(5.0, 0.0), 10.0),
            "a point inside"
        );
    }
}
