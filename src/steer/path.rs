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
    /// The prediction is behind where the agent stands, in the direction
    /// it walks: it steers round ([`follow_by_projection_directed`]).
    pub wrong_way: bool,
}

/// Where a point stands by a path: the path's nearest point to it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OnPath {
    /// The nearest point of the path.
    pub point: Vec2,
    /// How far along the path, from its start, that point is.
    pub along: f32,
    /// The path's direction there (a unit vector; zero on a path of one point).
    pub tangent: Vec2,
    /// How far the point is from the path.
    pub distance: f32,
}

/// The point of the path through `nodes` (`closed`: back from the last to
/// the first) nearest `point`; the first segment's on a tie.
pub fn locate(point: Vec2, (nodes, closed): (&[Vec2], bool)) -> OnPath {
    let (mut best, mut walked) = (f32::INFINITY, 0.0);
    let mut on = OnPath {
        point,
        along: 0.0,
        tangent: Vec2::ZERO,
        distance: f32::INFINITY,
    };
    for (a, b) in segments(nodes, closed) {
        let at = nearest_on_segment(point, a, b);
        let d = point.distance_squared(at);
        if d < best {
            best = d;
            (on.point, on.along) = (at, walked + a.distance(at));
            on.tangent = (b - a).normalize_or_zero();
        }
        walked += a.distance(b);
    }
    on.distance = best.sqrt();
    on
}

/// The length of the path through `nodes` (`closed`: and back to the first).
pub fn path_length(nodes: &[Vec2], closed: bool) -> f32 {
    segments(nodes, closed).map(|(a, b)| a.distance(b)).sum()
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
    let on = locate(predicted, (nodes, closed));
    let target = point_along(segments(nodes, closed), on.along + ahead, closed);
    let off_road = on.distance > radius;
    let force = if off_road {
        seek(position, velocity, target, max_speed)
    } else {
        Vec2::ZERO
    };
    Projection {
        force,
        predicted,
        normal: on.point,
        target,
        off_road,
        wrong_way: false,
    }
}

/// Path following by projection in either direction along a closed path
/// (OpenSteer's directed `steerToFollowPath`, its pedestrians' rule):
/// as [`follow_by_projection`], `ahead` px further toward the end the
/// agent walks to (`forward`: toward the last node), and also when the
/// prediction lies behind the agent's own place on the path, in its
/// direction (it faces the wrong way, or stands still): then the target
/// is `ahead` px on from where the agent stands, so it turns round.
pub fn follow_by_projection_directed(
    position: Vec2,
    velocity: Vec2,
    path: (&[Vec2], bool),
    radius: f32,
    (look_ahead, ahead): (f32, f32),
    max_speed: f32,
    forward: bool,
) -> Projection {
    let (nodes, closed) = path;
    let predicted = position + velocity.normalize_or_zero() * look_ahead;
    let (future, now) = (locate(predicted, path), locate(position, path));
    let total = path_length(nodes, closed);
    let mut moved = future.along - now.along;
    if closed && total > 0.0 {
        // The shorter way round: a step across the start is a small one.
        moved = (moved + total * 0.5).rem_euclid(total) - total * 0.5;
    }
    let sign = if forward { 1.0 } else { -1.0 };
    let wrong_way = moved * sign <= 0.0;
    let from = if wrong_way { now.along } else { future.along };
    let target = point_along(segments(nodes, closed), from + sign * ahead, closed);
    let off_road = future.distance > radius;
    let force = if off_road || wrong_way {
        seek(position, velocity, target, max_speed)
    } else {
        Vec2::ZERO
    };
    Projection {
        force,
        predicted,
        normal: future.point,
        target,
        off_road,
        wrong_way,
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
mod tests;
