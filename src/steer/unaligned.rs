//! Unaligned collision avoidance (Reynolds, "Steering Behaviors For
//! Autonomous Characters", 1999; OpenSteer's `steerToAvoidNeighbors`):
//! agents moving every which way predict, for each neighbour, when the two
//! will be closest and how close, and turn aside from the soonest of those
//! meetings that would be a collision. Separation reacts to a neighbour
//! that is already near; this acts on one that will be.
//!
//! The response is the paper's: steer away from the site of the predicted
//! collision, a unit force from where the threat will be to where the
//! agent will be. It turns the agent aside, and speeds it up or slows it
//! down to be there before or after the other. Dead head on, both will be
//! at one point, and OpenSteer's sideways turn decides ([`turn_aside`]).

use super::sum::ExactSum;
use glam::Vec2;

/// A neighbour as the prediction sees it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Mover {
    pub position: Vec2,
    pub velocity: Vec2,
}

/// The soonest predicted collision: with whom, when, and where both will be.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Threat {
    /// The neighbour's index in the list given.
    pub index: usize,
    /// Ticks until the closest approach.
    pub time: f32,
    /// Where the agent will be then.
    pub ours: Vec2,
    /// Where the neighbour will be then.
    pub theirs: Vec2,
}

/// Ticks until `me` and `other` are closest, moving as they do now: 0 when
/// they move alike (OpenSteer's `predictNearestApproachTime`); negative
/// when it is past.
pub fn nearest_approach_time(me: Mover, other: Mover) -> f32 {
    let relative_velocity = other.velocity - me.velocity;
    let speed_sq = relative_velocity.length_squared();
    if speed_sq == 0.0 {
        return 0.0;
    }
    let relative_position = me.position - other.position;
    relative_position.dot(relative_velocity) / speed_sq
}

/// The soonest collision among `others` within `lead_time` ticks: a closest
/// approach in the future, nearer than `danger` (the sum of the radii).
/// Ties go to the lowest `rank` (of an index into `others`): `|k| k as u64`
/// for the first listed, or the key a list would have been sorted by,
/// which gives that sorted list's answer without sorting it.
pub fn soonest_threat(
    me: Mover,
    others: &[Mover],
    lead_time: f32,
    danger: f32,
    rank: impl Fn(usize) -> u64,
) -> Option<Threat> {
    let mut found: Option<(Threat, u64)> = None;
    for (index, &other) in others.iter().enumerate() {
        let time = nearest_approach_time(me, other);
        let sooner = match &found {
            None => time < lead_time,
            Some((best, best_rank)) => {
                time < best.time || (time == best.time && rank(index) < *best_rank)
            }
        };
        if !(time >= 0.0 && sooner) {
            continue;
        }
        let ours = me.position + me.velocity * time;
        let theirs = other.position + other.velocity * time;
        if ours.distance(theirs) < danger {
            let threat = Threat {
                index,
                time,
                ours,
                theirs,
            };
            found = Some((threat, rank(index)));
        }
    }
    found.map(|(threat, _)| threat)
}

/// Reynolds' response to `threat` (met by `other`): a unit force away from
/// the site of the predicted collision, from where the other will be to
/// where the agent will be; OpenSteer's [`turn_aside`] when both will be
/// at the same point.
pub fn avoid_meeting(me: Mover, other: Mover, threat: &Threat) -> Vec2 {
    (threat.ours - threat.theirs)
        .try_normalize()
        .unwrap_or_else(|| turn_aside(me, other, threat.theirs))
}

/// The sideways turn away from `threat` (a unit force along the agent's
/// side, or zero), as OpenSteer decides it: by how parallel the two
/// headings are (cosine past 0.707 either way, or across).
pub fn turn_aside(me: Mover, threat: Mover, predicted: Vec2) -> Vec2 {
    let forward = me.velocity.normalize_or_zero();
    if forward == Vec2::ZERO {
        return Vec2::ZERO;
    }
    // The agent's right, as drawn with y down (OpenSteer's side()).
    let side = forward.perp();
    let parallelness = forward.dot(threat.velocity.normalize_or_zero());
    const ANGLE: f32 = std::f32::consts::FRAC_1_SQRT_2;
    let away_from = |offset: Vec2| if offset.dot(side) > 0.0 { -side } else { side };
    if parallelness < -ANGLE {
        // Head on: away from where the threat will be.
        away_from(predicted - me.position)
    } else if parallelness > ANGLE {
        // Side by side: away from where it is.
        away_from(threat.position - me.position)
    } else if threat.velocity.length_squared() <= me.velocity.length_squared() {
        // Across, and the threat is no faster: pass behind it.
        if side.dot(threat.velocity) > 0.0 {
            -side
        } else {
            side
        }
    } else {
        Vec2::ZERO
    }
}

/// OpenSteer's `steerToAvoidCloseNeighbors`: for neighbours already
/// touching (centres nearer than `touching`), the push straight away from
/// them, less its part along the heading (so the agent sidesteps rather
/// than brakes). Summed exactly, so the order of `others` is irrelevant.
pub fn sidestep_touching(me: Mover, others: &[Mover], touching: f32) -> Vec2 {
    let forward = me.velocity.normalize_or_zero();
    let mut sum = ExactSum::default();
    for other in others {
        let away = me.position - other.position;
        if away != Vec2::ZERO && away.length_squared() < touching * touching {
            sum.add(away - forward * away.dot(forward));
        }
    }
    sum.value()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ties to the first listed.
    fn first(k: usize) -> u64 {
        k as u64
    }

    fn mover(x: f32, y: f32, vx: f32, vy: f32) -> Mover {
        Mover {
            position: Vec2::new(x, y),
            velocity: Vec2::new(vx, vy),
        }
    }

    #[test]
    fn the_nearest_approach_of_two_head_on_is_where_they_meet() {
        // 100 px apart, closing at 2 px a tick: 50 ticks.
        let (a, b) = (mover(0.0, 0.0, 1.0, 0.0), mover(100.0, 0.0, -1.0, 0.0));
        assert_eq!(nearest_approach_time(a, b), 50.0);
        // Moving alike: now.
        assert_eq!(nearest_approach_time(a, mover(10.0, 0.0, 1.0, 0.0)), 0.0);
        // Moving apart: in the past.
        assert!(nearest_approach_time(a, mover(-10.0, 0.0, -1.0, 0.0)) < 0.0);
    }

    #[test]
    fn the_soonest_collision_is_the_threat() {
        let me = mover(0.0, 0.0, 1.0, 0.0);
        let others = [
            // Head on, 5 px off the line: meets in 50 ticks, 5 px apart.
            mover(100.0, 5.0, -1.0, 0.0),
            // Head on, dead ahead: meets in 25 ticks.
            mover(50.0, 0.0, -1.0, 0.0),
            // Passing 40 px away: no danger.
            mover(20.0, 40.0, -1.0, 0.0),
        ];
        let threat = soonest_threat(me, &others, 100.0, 16.0, first).unwrap();
        assert_eq!(threat.index, 1);
        assert_eq!(threat.time, 25.0);
        assert_eq!(threat.ours, Vec2::new(25.0, 0.0));
        assert_eq!(threat.theirs, Vec2::new(25.0, 0.0));
        // Beyond the lead time, nothing.
        assert_eq!(soonest_threat(me, &others, 20.0, 16.0, first), None);
    }

    #[test]
    fn the_turn_is_sideways_and_away() {
        // Heading +x (y down): its right is +y.
        let me = mover(0.0, 0.0, 1.0, 0.0);
        // Head on, the threat will be a little to the right (+y): turn left.
        let threat = mover(100.0, 5.0, -1.0, 0.0);
        assert_eq!(
            turn_aside(me, threat, Vec2::new(50.0, 5.0)),
            Vec2::new(0.0, -1.0)
        );
        // Side by side, the threat on the left: turn right.
        let beside = mover(0.0, -10.0, 1.0, 0.0);
        assert_eq!(turn_aside(me, beside, Vec2::ZERO), Vec2::new(0.0, 1.0));
        // Across, the threat moving down (+y) and no faster: turn up, behind it.
        let across = mover(50.0, -50.0, 0.0, 1.0);
        assert_eq!(turn_aside(me, across, Vec2::ZERO), Vec2::new(0.0, -1.0));
        // Across, the threat faster: it is the one to pass behind.
        let fast = mover(50.0, -50.0, 0.0, 2.0);
        assert_eq!(turn_aside(me, fast, Vec2::ZERO), Vec2::ZERO);
    }

    #[test]
    fn the_response_is_away_from_the_site_of_the_meeting() {
        let me = mover(0.0, 0.0, 1.0, 0.0);
        // Across: the other, coming down, will be 6 px ahead of the agent
        // at the meeting, so the agent is told to hold back (-x).
        let other = mover(56.0, -50.0, 0.0, 1.0);
        let threat = soonest_threat(me, &[other], 100.0, 16.0, first).unwrap();
        let away = avoid_meeting(me, other, &threat);
        let expected = (threat.ours - threat.theirs).normalize();
        assert!(away.abs_diff_eq(expected, 1e-6), "{away}");
        assert!(away.x < 0.0, "it slows down: {away}");
        // Dead head on, both at one point: the sideways turn.
        let head_on = mover(100.0, 0.0, -1.0, 0.0);
        let threat = soonest_threat(me, &[head_on], 100.0, 16.0, first).unwrap();
        assert_eq!(threat.ours, threat.theirs);
        let turn = turn_aside(me, head_on, threat.theirs);
        assert_eq!(avoid_meeting(me, head_on, &threat), turn);
        assert_eq!(turn.length(), 1.0);
    }

    #[test]
    fn touching_neighbors_are_sidestepped_not_braked_for() {
        let me = mover(0.0, 0.0, 1.0, 0.0);
        // Touching, ahead and to the right: pushed left only, not back.
        let others = [mover(3.0, 4.0, 0.0, 0.0), mover(30.0, 0.0, 0.0, 0.0)];
        assert_eq!(sidestep_touching(me, &others, 10.0), Vec2::new(0.0, -4.0));
    }

    #[test]
    fn ranked_ties_give_the_sorted_lists_answer_in_any_order() {
        // Movers on a lattice, each heading straight at `me` at one speed
        // from one of a few distances: many threats at exactly one time.
        // Ranked by their place in a sorted list, any order of the list
        // gives the threat the sorted list gives with ties to the first.
        let me = mover(0.0, 0.0, 0.0, 0.0);
        let mut sorted = Vec::new();
        for ring in 1..5 {
            for (dx, dy) in [(1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0)] {
                let (x, y) = (dx * 20.0 * ring as f32, dy * 20.0 * ring as f32);
                sorted.push(mover(x, y, -dx, -dy));
            }
        }
        let want = soonest_threat(me, &sorted, 100.0, 16.0, first).unwrap();
        assert_eq!(want.index, 0, "ties at the first ring go to the first");
        let rank_of: Vec<u64> = (0..sorted.len() as u64).collect();
        for turn in 0..sorted.len() {
            // A rotated and reversed list, each mover keeping its rank.
            let mut order: Vec<usize> = (0..sorted.len()).collect();
            order.rotate_left(turn);
            order.reverse();
            let listed: Vec<Mover> = order.iter().map(|&k| sorted[k]).collect();
            let got = soonest_threat(me, &listed, 100.0, 16.0, |k| rank_of[order[k]]).unwrap();
            assert_eq!(order[got.index], want.index, "turn {turn}");
            assert_eq!(
                (got.time, got.ours, got.theirs),
                (want.time, want.ours, want.theirs)
            );
        }
        // At exactly the lead time: too late, ranked or not.
        assert_eq!(soonest_threat(me, &sorted, 20.0, 16.0, first), None);
    }
}
