//! Path following: seek the current node; within the path's
//! radius of it, move on to the next. The radius is the road's width.

use super::seek::{arrive, seek};
use glam::Vec2;

/// What an agent does at the ends of the path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PathMode {
    /// Turn back at either end and walk the path the other way.
    Patrol,
    /// After the last node, head for the first: a closed loop.
    Loop,
    /// Walk it once and stop on the last node (arrival there, no circling).
    Once,
}

/// Where an agent is on its path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PathFollower {
    /// Index of the node being sought.
    pub current: usize,
    /// +1 walking toward the last node, -1 walking back.
    pub forward: bool,
    /// Set once a `Once` walk reached its last node.
    pub finished: bool,
}

/// What happened on this tick, for metrics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PathEvent {
    /// The current node was reached (and a new one chosen, unless finished).
    pub reached: bool,
    /// The walk turned back at an end of the path.
    pub reversed: bool,
}

impl PathFollower {
    /// A follower heading for `current`, in the given direction.
    pub fn new(current: usize, forward: bool) -> Self {
        Self {
            current,
            forward,
            finished: false,
        }
    }

    /// The node being sought, or `None` for an empty path.
    pub fn target(&self, nodes: &[Vec2]) -> Option<Vec2> {
        nodes.get(self.current).copied()
    }

    /// Moves on to the next node if `position` is within `radius` of the
    /// current one. Returns what happened.
    pub fn advance(
        &mut self,
        nodes: &[Vec2],
        position: Vec2,
        radius: f32,
        mode: PathMode,
    ) -> PathEvent {
        let mut event = PathEvent::default();
        let Some(target) = self.target(nodes) else {
            return event;
        };
        if self.finished || position.distance(target) > radius {
            return event;
        }
        event.reached = true;
        let last = nodes.len() - 1;
        let at_end = if self.forward {
            self.current == last
        } else {
            self.current == 0
        };
        if !at_end {
            self.current = if self.forward {
                self.current + 1
            } else {
                self.current - 1
            };
            return event;
        }
        match mode {
            PathMode::Patrol if last > 0 => {
                self.forward = !self.forward;
                self.current = if self.forward {
                    self.current + 1
                } else {
                    self.current - 1
                };
                event.reversed = true;
            }
            PathMode::Loop => self.current = if self.forward { 0 } else { last },
            PathMode::Patrol | PathMode::Once => self.finished = true,
        }
        event
    }
}

/// The path-following force: seek the current node, or arrive on the last
/// one when a `Once` walk is about to end there.
pub fn follow_path(
    position: Vec2,
    velocity: Vec2,
    nodes: &[Vec2],
    follower: &PathFollower,
    mode: PathMode,
    max_speed: f32,
    slowing_radius: f32,
) -> Vec2 {
    let Some(target) = follower.target(nodes) else {
        return Vec2::ZERO;
    };
    let final_node =
        mode == PathMode::Once && follower.forward && follower.current + 1 == nodes.len();
    if final_node {
        arrive(position, velocity, target, max_speed, slowing_radius)
    } else {
        seek(position, velocity, target, max_speed)
    }
}

/// What following the road by projection decided.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Projection {
    pub force: Vec2,
    /// Where the agent will be, `look_ahead` px ahead.
    pub predicted: Vec2,
    /// The point of the path nearest the predicted one.
    pub normal: Vec2,
    /// `ahead` px further along the path from the normal point.
    pub target: Vec2,
    /// The predicted point is off the road: the agent steers back.
    pub off_road: bool,
}

/// Path following by projection (Reynolds, as OpenSteer's
/// `steerToFollowPath`; *The Nature of Code*, ch. 5): predict where the
/// agent will be, find the nearest point of the path to it, and when that
/// prediction leaves the road (farther than `radius` from the path), seek
/// the point `ahead` px further along the path (round a corner if one
/// comes first); on the road, no opinion. The path runs through `nodes`
/// in order (`closed`: back from the last to the first).
pub fn follow_by_projection(
    position: Vec2,
    velocity: Vec2,
    (nodes, closed): (&[Vec2], bool),
    radius: f32,
    (look_ahead, ahead): (f32, f32),
    max_speed: f32,
) -> Projection {
    let predicted = position + velocity.normalize_or_zero() * look_ahead;
    let segments = segments(nodes, closed);
    // The nearest point, as a distance along the path from its start.
    let (mut best, mut along, mut walked) = (f32::INFINITY, 0.0, 0.0);
    let mut normal = predicted;
    for (a, b) in segments.clone() {
        let at = nearest_on_segment(predicted, a, b);
        let d = predicted.distance_squared(at);
        if d < best {
            (best, normal, along) = (d, at, walked + a.distance(at));
        }
        walked += a.distance(b);
    }
    let target = point_along(segments, along + ahead, closed);
    let off_road = best.sqrt() > radius;
    let force = if off_road {
        seek(position, velocity, target, max_speed)
    } else {
        Vec2::ZERO
    };
    Projection {
        force,
        predicted,
        normal,
        target,
        off_road,
    }
}

/// The path's segments in order (`closed`: and back to the first node).
fn segments(nodes: &[Vec2], closed: bool) -> impl Iterator<Item = (Vec2, Vec2)> + Clone {
    let closing = match (closed, nodes.first(), nodes.last()) {
        (true, Some(&first), Some(&last)) if nodes.len() > 2 => Some((last, first)),
        _ => None,
    };
    nodes.windows(2).map(|w| (w[0], w[1])).chain(closing)
}

/// The point `distance` px along the path from its start: round again on
/// a closed path, held at the end of an open one.
fn point_along(
    segments: impl Iterator<Item = (Vec2, Vec2)> + Clone,
    distance: f32,
    closed: bool,
) -> Vec2 {
    let total: f32 = segments.clone().map(|(a, b)| a.distance(b)).sum();
    let Some((_, end)) = segments.clone().last() else {
        return Vec2::ZERO;
    };
    let mut left = if closed && total > 0.0 {
        distance.rem_euclid(total)
    } else {
        distance.min(total)
    };
    for (a, b) in segments {
        let length = a.distance(b);
        if left <= length {
            return a + (b - a).normalize_or_zero() * left;
        }
        left -= length;
    }
    end
}

/// Distance from `point` to the polyline through `nodes` (closed: the last
/// node joins the first).
pub fn distance_to_polyline(point: Vec2, nodes: &[Vec2], closed: bool) -> f32 {
    match nodes {
        [only] => point.distance(*only),
        _ => segments(nodes, closed)
            .map(|(a, b)| distance_to_segment(point, a, b))
            .fold(f32::INFINITY, f32::min),
    }
}

/// Distance from `point` to the segment `a`-`b`.
pub fn distance_to_segment(point: Vec2, a: Vec2, b: Vec2) -> f32 {
    point.distance(nearest_on_segment(point, a, b))
}

/// The point of the segment `a`-`b` nearest `point`: its normal point,
/// or an end.
pub fn nearest_on_segment(point: Vec2, a: Vec2, b: Vec2) -> Vec2 {
    let ab = b - a;
    let len_sq = ab.length_squared();
    let t = if len_sq > 0.0 {
        ((point - a).dot(ab) / len_sq).clamp(0.0, 1.0)
    } else {
        0.0
    };
    a + ab * t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn projection_seeks_ahead_of_the_normal_point_only_off_the_road() {
        // A road along the x axis, radius 10. Moving right at 2 from
        // (0, 8) toward +y too: the prediction 25 ahead along (0.6, 0.8)
        // is (15, 28), 28 off the path; its normal point (15, 0), and the
        // target 10 further along, (25, 0).
        let nodes = [Vec2::ZERO, Vec2::new(100.0, 0.0)];
        let v = Vec2::new(0.6, 0.8) * 2.0;
        let p = follow_by_projection(
            Vec2::new(0.0, 8.0),
            v,
            (&nodes, false),
            10.0,
            (25.0, 10.0),
            3.0,
        );
        assert!(p.predicted.abs_diff_eq(Vec2::new(15.0, 28.0), 1e-4));
        assert!(p.normal.abs_diff_eq(Vec2::new(15.0, 0.0), 1e-4));
        assert!(p.target.abs_diff_eq(Vec2::new(25.0, 0.0), 1e-4));
        assert!(p.off_road);
        let desired = (Vec2::new(25.0, -8.0)).normalize() * 3.0;
        assert!(p.force.abs_diff_eq(desired - v, 1e-4), "{}", p.force);
        // Heading along the road: the prediction stays on it, no opinion.
        let on = follow_by_projection(
            Vec2::new(0.0, 5.0),
            Vec2::X * 2.0,
            (&nodes, false),
            10.0,
            (25.0, 10.0),
            3.0,
        );
        assert!(!on.off_road);
        assert_eq!(on.force, Vec2::ZERO);
    }

    #[test]
    fn projection_takes_the_nearest_segment_and_the_closing_one() {
        let square = [
            Vec2::ZERO,
            Vec2::new(100.0, 0.0),
            Vec2::new(100.0, 100.0),
            Vec2::new(0.0, 100.0),
        ];
        // Near the left side, which only the closed path has.
        let at = Vec2::new(-30.0, 50.0);
        let open = follow_by_projection(at, Vec2::ZERO, (&square, false), 5.0, (0.0, 10.0), 3.0);
        let closed = follow_by_projection(at, Vec2::ZERO, (&square, true), 5.0, (0.0, 10.0), 3.0);
        assert!(closed.normal.abs_diff_eq(Vec2::new(0.0, 50.0), 1e-4));
        assert!(
            closed.target.abs_diff_eq(Vec2::new(0.0, 40.0), 1e-4),
            "along last to first"
        );
        // Near the end of the last side, the target turns the corner.
        let corner = follow_by_projection(
            Vec2::new(-20.0, 5.0),
            Vec2::ZERO,
            (&square, true),
            5.0,
            (0.0, 10.0),
            3.0,
        );
        assert!(corner.normal.abs_diff_eq(Vec2::new(0.0, 5.0), 1e-4));
        assert!(
            corner.target.abs_diff_eq(Vec2::new(5.0, 0.0), 1e-4),
            "{}",
            corner.target
        );
        assert!(open.normal.distance(at) > closed.normal.distance(at));
    }

    fn nodes() -> Vec<Vec2> {
        vec![
            Vec2::new(0.0, 0.0),
            Vec2::new(100.0, 0.0),
            Vec2::new(100.0, 100.0),
        ]
    }

    #[test]
    fn advances_only_within_the_radius() {
        let n = nodes();
        let mut f = PathFollower::new(1, true);
        assert!(
            !f.advance(&n, Vec2::new(80.0, 0.0), 10.0, PathMode::Patrol)
                .reached
        );
        assert_eq!(f.current, 1);
        assert!(
            f.advance(&n, Vec2::new(95.0, 0.0), 10.0, PathMode::Patrol)
                .reached
        );
        assert_eq!(f.current, 2);
    }

    #[test]
    fn patrol_turns_back_at_both_ends() {
        let n = nodes();
        let mut f = PathFollower::new(2, true);
        let e = f.advance(&n, n[2], 10.0, PathMode::Patrol);
        assert!(e.reversed);
        assert_eq!((f.current, f.forward), (1, false));
        f.advance(&n, n[1], 10.0, PathMode::Patrol);
        let e = f.advance(&n, n[0], 10.0, PathMode::Patrol);
        assert!(e.reversed);
        assert_eq!((f.current, f.forward), (1, true));
    }

    #[test]
    fn loop_wraps_and_once_finishes() {
        let n = nodes();
        let mut f = PathFollower::new(2, true);
        f.advance(&n, n[2], 10.0, PathMode::Loop);
        assert_eq!(f.current, 0);
        let mut g = PathFollower::new(2, true);
        g.advance(&n, n[2], 10.0, PathMode::Once);
        assert!(g.finished);
        assert_eq!(g.current, 2);
        assert!(!g.advance(&n, n[2], 10.0, PathMode::Once).reached);
    }

    #[test]
    fn once_arrives_on_the_last_node() {
        let n = nodes();
        let f = PathFollower::new(2, true);
        // 50 px from the last node with a 200 px slowing radius: quarter speed.
        let force = follow_path(
            Vec2::new(100.0, 50.0),
            Vec2::ZERO,
            &n,
            &f,
            PathMode::Once,
            4.0,
            200.0,
        );
        assert!((force - Vec2::new(0.0, 1.0)).length() < 1e-5);
        let patrol = follow_path(
            Vec2::new(100.0, 50.0),
            Vec2::ZERO,
            &n,
            &f,
            PathMode::Patrol,
            4.0,
            200.0,
        );
        assert!((patrol - Vec2::new(0.0, 4.0)).length() < 1e-5);
    }

    #[test]
    fn polyline_distance() {
        let n = nodes();
        assert!((distance_to_polyline(Vec2::new(50.0, 7.0), &n, false) - 7.0).abs() < 1e-5);
        assert!((distance_to_polyline(Vec2::new(-3.0, -4.0), &n, false) - 5.0).abs() < 1e-5);
        // The closing segment (100,100)-(0,0) passes near (40, 50).
        let open = distance_to_polyline(Vec2::new(40.0, 50.0), &n, false);
        let closed = distance_to_polyline(Vec2::new(40.0, 50.0), &n, true);
        assert!(closed < open);
        assert!(distance_to_polyline(Vec2::ONE, &[], false).is_infinite());
        assert!(distance_to_segment(Vec2::ONE, Vec2::ZERO, Vec2::ZERO).is_finite());
    }
}
