//! Collision avoidance: look ahead along the velocity and
//! push away from the nearest obstacle that the look-ahead points hit.

use glam::Vec2;

/// Something agents steer around.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Obstacle {
    /// A round obstacle.
    Circle { center: Vec2, radius: f32 },
    /// An axis-aligned wall, from `min` to `max` corner.
    Rect { min: Vec2, max: Vec2 },
}

/// Which look-ahead points test for a hit: the steps of the lesson.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Probes {
    /// `ahead` only: agents clip obstacles they meet at an angle.
    Ahead,
    /// `ahead`, `ahead2` (half as far) and the position: the final form.
    Full,
}

/// Collision avoidance tunables (the original queue demo: 50 and 600).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AvoidParams {
    /// Length of the look-ahead at full speed, in px.
    pub max_see_ahead: f32,
    /// Strength of the push away from a threat.
    pub max_avoid_force: f32,
    /// Clearance kept from an obstacle: the agent's own radius, in px.
    pub margin: f32,
    pub probes: Probes,
}

/// The avoidance force and the points it came from, for the overlay.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Avoidance {
    pub force: Vec2,
    /// Full look-ahead point.
    pub ahead: Vec2,
    /// Half look-ahead point.
    pub ahead2: Vec2,
    /// Index of the obstacle being avoided, if any.
    pub threat: Option<usize>,
}

impl Obstacle {
    /// Distance from `point` to the obstacle's edge; 0 inside it.
    pub fn distance(&self, point: Vec2) -> f32 {
        match *self {
            Obstacle::Circle { center, radius } => (point.distance(center) - radius).max(0.0),
            Obstacle::Rect { min, max } => point.distance(point.clamp(min, max)),
        }
    }

    /// How deep a disc of radius `reach` at `point` reaches into the
    /// obstacle, in px; 0 when clear of it.
    pub fn penetration(&self, point: Vec2, reach: f32) -> f32 {
        let depth = match *self {
            Obstacle::Circle { center, radius } => radius + reach - point.distance(center),
            Obstacle::Rect { .. } => reach - self.distance(point),
        };
        depth.max(0.0)
    }

    /// The corners of the box around the obstacle.
    fn bounds(&self) -> (Vec2, Vec2) {
        match *self {
            Obstacle::Circle { center, radius } => (center - radius, center + radius),
            Obstacle::Rect { min, max } => (min, max),
        }
    }

    /// The centre, used to pick the nearest threat.
    pub fn center(&self) -> Vec2 {
        match *self {
            Obstacle::Circle { center, .. } => center,
            Obstacle::Rect { min, max } => (min + max) * 0.5,
        }
    }

    /// The way out of the obstacle for a look-ahead point, as a unit vector:
    /// `normalize(ahead - center)`, as in the tutorial, for walls too (the
    /// original queue demo pushes from the rectangle's centre, not along a
    /// face normal). Under a doorway wall this pushes an agent toward the wall's
    /// nearer end, so the ones near the doorway are pushed into it.
    pub fn escape_direction(&self, point: Vec2) -> Vec2 {
        (point - self.center()).normalize_or_zero()
    }
}

/// Collision avoidance against `obstacles`.
pub fn avoid(
    position: Vec2,
    velocity: Vec2,
    max_speed: f32,
    obstacles: &[Obstacle],
    params: &AvoidParams,
) -> Avoidance {
    let dynamic_length = if max_speed > 0.0 {
        velocity.length() / max_speed
    } else {
        0.0
    };
    let reach = velocity.normalize_or_zero() * params.max_see_ahead * dynamic_length;
    let ahead = position + reach;
    let ahead2 = position + reach * 0.5;
    let points: &[Vec2] = match params.probes {
        Probes::Ahead => &[ahead],
        Probes::Full => &[ahead, ahead2, position],
    };
    // Every probe lies on the segment from the position to `ahead`: an
    // obstacle whose box, grown by the margin, misses the segment's box
    // cannot be hit, and is rejected before any distance is taken.
    let (lo, hi) = (position.min(ahead), position.max(ahead));
    let near = |o: &Obstacle| {
        let (min, max) = o.bounds();
        let (min, max) = (min - params.margin, max + params.margin);
        lo.cmple(max).all() && hi.cmpge(min).all()
    };
    let hit = |o: &Obstacle| near(o) && points.iter().any(|&p| o.distance(p) <= params.margin);
    let threat = obstacles
        .iter()
        .enumerate()
        .filter(|(_, o)| hit(o))
        .map(|(i, o)| (i, o.distance(position)))
        .fold(None, |best: Option<(usize, f32)>, (i, d)| match best {
            Some((_, bd)) if bd <= d => best,
            _ => Some((i, d)),
        })
        .map(|(i, _)| i);
    let force = threat.map_or(Vec2::ZERO, |i| {
        obstacles[i].escape_direction(ahead) * params.max_avoid_force
    });
    Avoidance {
        force,
        ahead,
        ahead2,
        threat,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: AvoidParams = AvoidParams {
        max_see_ahead: 50.0,
        max_avoid_force: 600.0,
        margin: 0.0,
        probes: Probes::Full,
    };

    #[test]
    fn pushes_away_from_a_circle_hit_by_ahead() {
        // Moving right at full speed: ahead (50, 0), circle at (60, 10) r 20.
        let circle = Obstacle::Circle {
            center: Vec2::new(60.0, 10.0),
            radius: 20.0,
        };
        let a = avoid(Vec2::ZERO, Vec2::new(6.0, 0.0), 6.0, &[circle], &P);
        assert_eq!(a.ahead, Vec2::new(50.0, 0.0));
        assert_eq!(a.ahead2, Vec2::new(25.0, 0.0));
        assert_eq!(a.threat, Some(0));
        let expected = Vec2::new(-10.0, -10.0).normalize() * 600.0;
        assert!((a.force - expected).length() < 1e-3);
    }

    #[test]
    fn look_ahead_shrinks_with_speed() {
        let circle = Obstacle::Circle {
            center: Vec2::new(60.0, 0.0),
            radius: 20.0,
        };
        // At half speed ahead reaches only 25 px: no hit.
        let a = avoid(Vec2::ZERO, Vec2::new(3.0, 0.0), 6.0, &[circle], &P);
        assert_eq!(a.threat, None);
        assert_eq!(a.force, Vec2::ZERO);
    }

    #[test]
    fn picks_the_nearest_threat() {
        let far = Obstacle::Circle {
            center: Vec2::new(50.0, 0.0),
            radius: 5.0,
        };
        let near = Obstacle::Circle {
            center: Vec2::new(25.0, 0.0),
            radius: 5.0,
        };
        let a = avoid(Vec2::ZERO, Vec2::new(6.0, 0.0), 6.0, &[far, near], &P);
        assert_eq!(a.threat, Some(1));
    }

    #[test]
    fn a_wall_pushes_away_from_its_centre() {
        // A wide wall above the agent, centre (0, -70); ahead pokes into it.
        let wall = Obstacle::Rect {
            min: Vec2::new(-200.0, -100.0),
            max: Vec2::new(200.0, -40.0),
        };
        let a = avoid(Vec2::ZERO, Vec2::new(0.0, -6.0), 6.0, &[wall], &P);
        assert_eq!(a.threat, Some(0));
        assert!((a.force - Vec2::new(0.0, 600.0)).length() < 1e-3);
        // Near its right end: out toward that end, as in the tutorial.
        let d = wall.escape_direction(Vec2::new(195.0, -60.0));
        assert!((d - Vec2::new(195.0, 10.0).normalize()).length() < 1e-6);
    }

    #[test]
    fn margin_widens_the_hit_test() {
        let wall = Obstacle::Rect {
            min: Vec2::new(-10.0, -100.0),
            max: Vec2::new(10.0, -55.0),
        };
        let v = Vec2::new(0.0, -6.0);
        assert_eq!(avoid(Vec2::ZERO, v, 6.0, &[wall], &P).threat, None);
        let wide = AvoidParams { margin: 10.0, ..P };
        assert_eq!(avoid(Vec2::ZERO, v, 6.0, &[wall], &wide).threat, Some(0));
    }

    #[test]
    fn ahead_alone_misses_what_ahead2_and_position_catch() {
        // Moving right past a circle that only the half look-ahead point hits.
        let circle = Obstacle::Circle {
            center: Vec2::new(25.0, 8.0),
            radius: 10.0,
        };
        let v = Vec2::new(6.0, 0.0);
        let full = avoid(Vec2::ZERO, v, 6.0, &[circle], &P);
        assert_eq!(full.threat, Some(0));
        let ahead_only = AvoidParams {
            probes: Probes::Ahead,
            ..P
        };
        assert_eq!(
            avoid(Vec2::ZERO, v, 6.0, &[circle], &ahead_only).threat,
            None
        );
    }

    #[test]
    fn resting_agent_inside_nothing_is_calm() {
        let a = avoid(Vec2::ZERO, Vec2::ZERO, 6.0, &[], &P);
        assert_eq!(a.force, Vec2::ZERO);
        assert!(a.ahead.is_finite());
        let a = avoid(Vec2::ZERO, Vec2::ZERO, 0.0, &[], &P);
        assert!(a.ahead.is_finite());
    }
}
