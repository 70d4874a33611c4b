//! Optimal reciprocal collision avoidance (ORCA) between agents: every
//! neighbour becomes a half-plane of allowed velocities, and the agent takes
//! the allowed velocity closest to the one it would like.
//!
//! A port of the 2-D agent-agent part of RVO2 2.0 (`Agent::computeNewVelocity`
//! and its `linearProgram1`, `linearProgram2`, `linearProgram3`), the library
//! of J. van den Berg, S. J. Guy, M. Lin and D. Manocha, "Reciprocal n-Body
//! Collision Avoidance", Robotics Research, Springer Tracts in Advanced
//! Robotics 70, 2011. The arithmetic follows RVO2's operation by operation
//! (including its tie-breaks and its tolerance of 1e-5 for parallel lines),
//! with one exception, below. RVO2's own `Circle` example, 250 agents, runs
//! the same here for its first 547 steps, to the last bit but for one
//! velocity's last bit at one step (that exception).
//!
//! Left out: static obstacles (RVO2's obstacle ORCA lines and
//! `timeHorizonObst`): agents only avoid agents here. Finding the neighbours
//! is the caller's job (RVO2 keeps the `maxNeighbors` nearest agents within
//! `neighborDist`, nearest first, and this order matters to the solver when
//! the constraints cannot all be met).
//!
//! Units: positions and radii in px, velocities in px per tick, times
//! (`time_horizon`, `time_step`) in ticks. A velocity `v` moves an agent by
//! `v * time_step` in one step.
//!
//! Where RVO2 would divide by zero this module does not: a time horizon or
//! step that is not positive is taken as [`MIN_TIME`], two agents whose
//! relative velocity would close the gap between them in exactly one step
//! are pushed straight apart, and two agents with the same position and
//! velocity, which nothing tells apart, are both sent along +x (they stay
//! together until something else separates them). For finite inputs of
//! ordinary size the results are finite.
//!
//! The exception: linear program 1 asks whether the speed disc reaches a
//! line as r² − det(d, p)² ≥ 0 rather than RVO2's (p·d)² + r² − |p|² ≥ 0
//! (equal for a unit direction d). RVO2's form cancels catastrophically
//! when the line's point p is far from the origin, as linear program 3's
//! bisectors of nearly parallel lines are, and then returns velocities well
//! over the speed limit: over 2 million random crowds it exceeded it by up
//! to 13 px per tick (RVO2's C++ build agrees), this form by at most 0.008.
//! Results can still exceed `max_speed` by rounding, that much at worst.

use glam::Vec2;

use super::finite_or_zero;

/// RVO2's `RVO_EPSILON`: lines whose directions' cross product is at most
/// this are treated as parallel.
const EPSILON: f32 = 0.00001;

/// The shortest time horizon or time step used, in ticks: smaller or
/// non-positive values are raised to it, so that their inverse is finite.
pub const MIN_TIME: f32 = f32::EPSILON;

/// An agent as ORCA sees it: a disc moving at constant velocity.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Body {
    /// Centre, in px.
    pub position: Vec2,
    /// Current velocity, in px per tick.
    pub velocity: Vec2,
    /// Radius of the disc, in px (not negative).
    pub radius: f32,
}

/// A half-plane of velocities, RVO2's `Line`: the velocities allowed are
/// those on the side of `direction.perp()` (the direction turned a quarter
/// counter-clockwise) of the line through `point`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Line {
    /// A velocity on the boundary, in px per tick.
    pub point: Vec2,
    /// Unit vector along the boundary.
    pub direction: Vec2,
}

impl Line {
    /// How far `velocity` lies outside the allowed half-plane, in px per
    /// tick (for a unit `direction`); zero or negative when it is allowed.
    pub fn violation(&self, velocity: Vec2) -> f32 {
        self.direction.perp_dot(self.point - velocity)
    }
}

/// Buffers kept between calls to [`new_velocity`], so that after the first
/// calls it allocates nothing: one per thread that computes velocities.
#[derive(Debug, Clone, Default)]
pub struct Scratch {
    /// The ORCA lines of the last agent computed, one per neighbour in the
    /// order given (for drawing them).
    pub lines: Vec<Line>,
    /// Linear program 3's projected lines.
    pub projected: Vec<Line>,
}

/// The ORCA half-planes `me` gets from each of its `neighbors`, one per
/// neighbour in their order, into `lines` (cleared first).
///
/// Each half-plane takes half of the velocity change that avoids a collision
/// with that neighbour within `time_horizon` ticks; agents already
/// overlapping are asked to separate within `time_step` ticks.
pub fn orca_lines(
    me: Body,
    neighbors: impl IntoIterator<Item = Body>,
    time_horizon: f32,
    time_step: f32,
    lines: &mut Vec<Line>,
) {
    lines.clear();
    let inv_time_horizon = 1.0 / time_horizon.max(MIN_TIME);
    let inv_time_step = 1.0 / time_step.max(MIN_TIME);
    lines.extend(
        neighbors
            .into_iter()
            .map(|other| orca_line(me, other, inv_time_horizon, inv_time_step)),
    );
}

/// One neighbour's ORCA line: the agent part of RVO2's `computeNewVelocity`.
#[inline]
fn orca_line(me: Body, other: Body, inv_time_horizon: f32, inv_time_step: f32) -> Line {
    let relative_position = other.position - me.position;
    let relative_velocity = me.velocity - other.velocity;
    let dist_sq = relative_position.length_squared();
    let combined_radius = me.radius + other.radius;
    let combined_radius_sq = combined_radius * combined_radius;

    // `u`: the smallest change of relative velocity that leaves the velocity
    // obstacle; `direction`: the obstacle's boundary there.
    let (direction, u) = if dist_sq > combined_radius_sq {
        // No collision. `w`: from the cut-off circle's centre to the
        // relative velocity.
        let w = relative_velocity - inv_time_horizon * relative_position;
        let w_length_sq = w.length_squared();
        let dot_product = w.dot(relative_position);

        if dot_product < 0.0
            && dot_product * dot_product > combined_radius_sq * w_length_sq
            && w_length_sq > 0.0
        {
            // Project on the cut-off circle.
            let w_length = w_length_sq.sqrt();
            let unit_w = w * (1.0 / w_length);
            (
                Vec2::new(unit_w.y, -unit_w.x),
                (combined_radius * inv_time_horizon - w_length) * unit_w,
            )
        } else {
            // Project on a leg of the cone.
            let leg = (dist_sq - combined_radius_sq).sqrt();
            let p = relative_position;
            let inv_dist_sq = 1.0 / dist_sq;
            let direction = if p.perp_dot(w) > 0.0 {
                // Left leg.
                Vec2::new(
                    p.x * leg - p.y * combined_radius,
                    p.x * combined_radius + p.y * leg,
                ) * inv_dist_sq
            } else {
                // Right leg.
                -(Vec2::new(
                    p.x * leg + p.y * combined_radius,
                    -p.x * combined_radius + p.y * leg,
                ) * inv_dist_sq)
            };
            (
                direction,
                relative_velocity.dot(direction) * direction - relative_velocity,
            )
        }
    } else {
        // Collision: project on the cut-off circle of one time step.
        let w = relative_velocity - inv_time_step * relative_position;
        let w_length = w.length();
        let unit_w = if w_length > 0.0 {
            w * (1.0 / w_length)
        } else {
            // RVO2 divides by zero here. Push the relative velocity straight
            // away from the neighbour; with nothing to go on, along +x.
            (-relative_position).try_normalize().unwrap_or(Vec2::X)
        };
        (
            Vec2::new(unit_w.y, -unit_w.x),
            (combined_radius * inv_time_step - w_length) * unit_w,
        )
    };

    Line {
        point: me.velocity + 0.5 * u,
        direction,
    }
}

/// The velocity closest to `preferred` that is at most `max_speed` long and
/// satisfies all the `lines`; when no velocity satisfies them all, the one
/// at most `max_speed` long whose largest violation is smallest, found as
/// RVO2 does (linear programs 2, then 3 from the first line that failed).
/// "At most" is up to rounding (see the module doc).
///
/// The lines' directions must be unit vectors. Their order matters only when
/// they cannot all be met: RVO2 gives its neighbours' lines nearest first.
/// `projected` is scratch for linear program 3 (cleared and refilled). A
/// negative `max_speed` counts as 0, a non-finite `preferred` as zero.
pub fn solve(lines: &[Line], max_speed: f32, preferred: Vec2, projected: &mut Vec<Line>) -> Vec2 {
    let max_speed = max_speed.max(0.0);
    let preferred = finite_or_zero(preferred);
    match linear_program2(lines, max_speed, Objective::Closest(preferred)) {
        Ok(velocity) => velocity,
        Err((failed, velocity)) => linear_program3(lines, failed, max_speed, velocity, projected),
    }
}

/// `me`'s new velocity among its `neighbors` (nearest first, as RVO2 gives
/// them), wanting `preferred`: [`orca_lines`] then [`solve`], RVO2's
/// `computeNewVelocity` without obstacles. The lines are left in
/// `scratch.lines`.
pub fn new_velocity(
    me: Body,
    neighbors: impl IntoIterator<Item = Body>,
    preferred: Vec2,
    max_speed: f32,
    time_horizon: f32,
    time_step: f32,
    scratch: &mut Scratch,
) -> Vec2 {
    orca_lines(me, neighbors, time_horizon, time_step, &mut scratch.lines);
    solve(&scratch.lines, max_speed, preferred, &mut scratch.projected)
}

/// What a linear program optimises (RVO2's `optVelocity` and `directionOpt`).
#[derive(Debug, Clone, Copy)]
enum Objective {
    /// The point closest to this velocity.
    Closest(Vec2),
    /// The point farthest along this unit direction.
    Direction(Vec2),
}

/// RVO2's `linearProgram1`: the best point on line `line_no` that satisfies
/// the lines before it and lies in the disc of `radius`; `None` when there
/// is none.
fn linear_program1(
    lines: &[Line],
    line_no: usize,
    radius: f32,
    objective: Objective,
) -> Option<Vec2> {
    let line = lines[line_no];
    let dot_product = line.point.dot(line.direction);
    // RVO2: dot_product² + radius² − |point|², which is the same for a unit
    // direction but cancels catastrophically for a point far away.
    let distance = line.direction.perp_dot(line.point);
    let discriminant = radius * radius - distance * distance;

    if discriminant < 0.0 {
        // The speed disc misses the line altogether.
        return None;
    }

    let sqrt_discriminant = discriminant.sqrt();
    let mut t_left = -dot_product - sqrt_discriminant;
    let mut t_right = -dot_product + sqrt_discriminant;

    for other in &lines[..line_no] {
        let denominator = line.direction.perp_dot(other.direction);
        let numerator = other.direction.perp_dot(line.point - other.point);

        if denominator.abs() <= EPSILON {
            // (Almost) parallel: either all of the line is allowed by
            // `other` or none of it.
            if numerator < 0.0 {
                return None;
            }
            continue;
        }

        let t = numerator / denominator;
        if denominator >= 0.0 {
            // `other` bounds the line on the right.
            if t < t_right {
                t_right = t;
            }
        } else if t > t_left {
            // `other` bounds the line on the left.
            t_left = t;
        }

        if t_left > t_right {
            return None;
        }
    }

    let t = match objective {
        Objective::Direction(direction) => {
            if direction.dot(line.direction) > 0.0 {
                t_right
            } else {
                t_left
            }
        }
        Objective::Closest(velocity) => {
            let t = line.direction.dot(velocity - line.point);
            if t < t_left {
                t_left
            } else if t > t_right {
                t_right
            } else {
                t
            }
        }
    };
    Some(line.point + t * line.direction)
}

/// RVO2's `linearProgram2`: the optimum in the disc of `radius` subject to
/// all the lines, added one at a time. On failure, the index of the line
/// that could not be met and the optimum over the lines before it.
fn linear_program2(
    lines: &[Line],
    radius: f32,
    objective: Objective,
) -> Result<Vec2, (usize, Vec2)> {
    let mut result = match objective {
        // The direction is a unit vector.
        Objective::Direction(direction) => direction * radius,
        Objective::Closest(velocity) => {
            let length_sq = velocity.length_squared();
            if length_sq > radius * radius {
                velocity * (1.0 / length_sq.sqrt()) * radius
            } else {
                velocity
            }
        }
    };

    for (i, line) in lines.iter().enumerate() {
        if line.violation(result) > 0.0 {
            match linear_program1(lines, i, radius, objective) {
                Some(on_line) => result = on_line,
                None => return Err((i, result)),
            }
        }
    }
    Ok(result)
}

/// RVO2's `linearProgram3` (without obstacle lines): from line `begin_line`
/// on, where linear program 2 failed, the velocity in the disc of `radius`
/// that minimises the largest violation, starting from `result`.
fn linear_program3(
    lines: &[Line],
    begin_line: usize,
    radius: f32,
    mut result: Vec2,
    projected: &mut Vec<Line>,
) -> Vec2 {
    let mut distance = 0.0;

    for (i, line) in lines.iter().enumerate().skip(begin_line) {
        if line.violation(result) <= distance {
            continue;
        }

        // `result` violates line `i` more than the lines before it: find the
        // point that violates `i` least while violating no earlier line more
        // than `i`, on the bisectors between `i` and each earlier line.
        projected.clear();
        for other in &lines[..i] {
            let determinant = line.direction.perp_dot(other.direction);
            let point = if determinant.abs() <= EPSILON {
                if line.direction.dot(other.direction) > 0.0 {
                    // Parallel, same way: no bisector.
                    continue;
                }
                // Parallel, opposite ways.
                0.5 * (line.point + other.point)
            } else {
                line.point
                    + (other.direction.perp_dot(line.point - other.point) / determinant)
                        * line.direction
            };
            projected.push(Line {
                point,
                direction: (other.direction - line.direction).normalize_or_zero(),
            });
        }

        // This cannot fail but by rounding (the current result is feasible
        // by construction); if it does, keep the current result, as RVO2
        // does.
        if let Ok(better) = linear_program2(
            projected,
            radius,
            Objective::Direction(line.direction.perp()),
        ) {
            result = better;
        }

        distance = line.violation(result);
    }
    result
}

#[cfg(test)]
mod tests;
