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

/// Distance from `point` to the polyline through `nodes` (closed: the last
/// node joins the first).
pub fn distance_to_polyline(point: Vec2, nodes: &[Vec2], closed: bool) -> f32 {
    let segments = nodes.windows(2).map(|w| (w[0], w[1]));
    let closing = match (closed, nodes.first(), nodes.last()) {
        (true, Some(&first), Some(&last)) => Some((last, first)),
        _ => None,
    };
    let nearest = segments
        .chain(closing)
        .map(|(a, b)| distance_to_segment(point, a, b))
        .fold(f32::INFINITY, f32::min);
    match nodes {
        [only] => point.distance(*only),
        _ => nearest,
    }
}

/// Distance from `point` to the segment `a`-`b`.
pub fn distance_to_segment(point: Vec2, a: Vec2, b: Vec2) -> f32 {
    let ab = b - a;
    let len_sq = ab.length_squared();
    let t = if len_sq > 0.0 {
        ((point - a).dot(ab) / len_sq).clamp(0.0, 1.0)
    } else {
        0.0
    };
    point.distance(a + ab * t)
}

#[cfg(test)]
mod tests {
    use super::*;

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
