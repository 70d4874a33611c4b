//! Group behaviors: separation, queue (leaving through a doorway)
//! and leader following. Neighbours come in through [`super::neighbors`].

use super::lanes::{Lanes, Scalar, Vector};
use super::neighbors::PairSum;
use super::pursuit::{Prediction, evade, predict};
use super::seek::arrive;
use super::sum::ExactSum;
use glam::Vec2;

/// Separation tunables (the original queue demo: 2.0 and 30).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SeparationParams {
    /// Neighbours closer than this push the agent away, in px.
    pub radius: f32,
    /// Strength of the push.
    pub max_separation: f32,
}

/// Separation from the given neighbour positions (the agent itself excluded).
///
/// Every neighbour within `radius` pushes the agent straight away from
/// itself, the harder the closer: with weight `radius / d - 1`, zero at the
/// edge of the radius and growing without bound as the two close in. The
/// pushes add up, times `max_separation`. The tutorial's version (the
/// negated mean offset, normalized) can push an agent squeezed between two
/// others into the nearer one, and pushes no harder at contact than at 30
/// px. A neighbour exactly on the agent gives no direction and is skipped.
/// The pushes add up exactly ([`ExactSum`]), so the neighbours may come in
/// any order.
pub fn separation(
    position: Vec2,
    neighbours: impl IntoIterator<Item = Vec2>,
    params: &SeparationParams,
) -> Vec2 {
    let pushes: ExactSum = neighbours
        .into_iter()
        .map(|n| push_away(position - n, params.radius))
        .collect();
    separation_from(pushes.value(), params.max_separation)
}

/// Separation from the sum of an agent's [`push_away`]s (worked out by
/// [`separation`], or a pair at a time by [`Apart`]): the sum times the
/// strength. For one agent or four ([`Vector`]).
pub fn separation_from<V: Vector>(pushes: V, strength: f32) -> V {
    pushes * strength
}

/// [`separation`] a pair at a time ([`PairSum`]): each pair of agents
/// within `radius` works out one push and hands each agent its sign, so a
/// crowd's separation costs half the distances, roots and divisions. An
/// agent's sum, times `max_separation`, is its separation, bit for bit.
#[derive(Debug, Clone, Copy)]
pub struct Apart {
    /// Neighbours closer than this push, in px (the pairs' radius).
    pub radius: f32,
    /// The slot of an agent that neither pushes nor is pushed (a leader).
    pub aloof: Option<usize>,
}

impl PairSum for Apart {
    type Sum = ExactSum;

    #[inline]
    fn meet(
        &self,
        (a, b): (usize, usize),
        offset: Vec2,
        _: f32,
        sa: &mut ExactSum,
        sb: &mut ExactSum,
    ) {
        if self.aloof.is_some_and(|x| x == a || x == b) {
            return;
        }
        let push = ExactSum::of(push_away(-offset, self.radius));
        sa.merge(push);
        sb.merge(push.negated());
    }

    const BATCHED: bool = true;

    /// [`push_away`], four pairs at a time.
    fn meet_batch(
        &self,
        a: usize,
        hits: &[(u32, Vec2)],
        sa: &mut ExactSum,
        sums: &mut [ExactSum],
        base: usize,
    ) {
        let aloof = self.aloof.unwrap_or(usize::MAX);
        if a == aloof {
            return;
        }
        for four in hits.chunks(4) {
            let pushes = pushes_away(four, self.radius);
            for (&(b, _), &push) in four.iter().zip(&pushes) {
                let b = b as usize;
                if b == aloof {
                    continue;
                }
                let push = ExactSum::of(push);
                sa.merge(push);
                sums[b - base].merge(push.negated());
            }
        }
    }
}

/// [`push_away`] from up to four neighbours at once, `(slot, offset)`
/// with `offset` = neighbour - agent, side by side ([`Lanes`]); lanes past
/// them push nothing.
pub fn pushes_away(four: &[(u32, Vec2)], radius: f32) -> [Vec2; 4] {
    let away = Lanes::gather(four.iter().map(|&(_, offset)| -offset), Vec2::ZERO);
    push_away(away, radius).to_array()
}

/// One neighbour's share of [`separation`] (before `max_separation`), for a
/// neighbour at `away` = agent - neighbour: zero beyond `radius` or exactly
/// on the agent. For one agent or four ([`Vector`]).
pub fn push_away<V: Vector>(away: V, radius: f32) -> V {
    let d_sq = away.length_squared();
    let d = d_sq.sqrt();
    let zero = V::Real::splat(0.0);
    // Finite even for a neighbour a hair's breadth away.
    let k =
        V::Real::splat(radius) / d.max(V::Real::splat(radius * f32::EPSILON)) - V::Real::splat(1.0);
    let within = d_sq.le(V::Real::splat(radius * radius)) & d_sq.ne(zero);
    (away / d * k).or_zero(within)
}

/// The steps of the queue lesson.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum QueueVariant {
    /// No queue: seek and avoidance only.
    V0,
    /// Halve the velocity while someone is ahead.
    V1,
    /// Brake force: `-steering * 0.8 - velocity`.
    V2,
    /// V2 plus a hard stop (velocity x0.3) when crowded.
    V3,
    /// V3 plus separation, which the brake does not cancel (the caller adds it).
    V4,
}

impl QueueVariant {
    pub const ALL: [QueueVariant; 5] = [Self::V0, Self::V1, Self::V2, Self::V3, Self::V4];
}

/// Queue tunables (the original queue demo: 30 and 30; the factors are the tutorial's).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct QueueParams {
    /// How far ahead the agent looks for someone to queue behind, in px.
    pub max_queue_ahead: f32,
    /// How close to the ahead point (or the agent) counts as "in the way", in px.
    pub max_queue_radius: f32,
    /// v1: velocity factor while someone is ahead (0.5).
    pub slow_factor: f32,
    /// v2+: share of the steering the brake cancels (0.8).
    pub brake_factor: f32,
    /// v3+: velocity factor of the hard stop (0.3).
    pub hard_stop_factor: f32,
}

/// What the queue decided: a brake force to add last, and a velocity factor.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct QueueOutcome {
    pub brake: Vec2,
    pub velocity_scale: f32,
}

/// The point an agent checks for someone to queue behind:
/// `position + normalize(velocity) * max_queue_ahead`. For one agent or
/// four ([`Vector`]).
pub fn queue_ahead<V: Vector>(position: V, velocity: V, params: &QueueParams) -> V {
    position + velocity.normalize_or_zero() * params.max_queue_ahead
}

/// Whether someone at `other` is within `max_queue_radius` of `point`:
/// of an agent's ahead point, it stands in the way; of the agent itself,
/// the agent is crowded (v3's hard stop). For one agent or four
/// ([`Vector`]).
pub fn within_queue_radius<V: Vector>(
    point: V,
    other: V,
    params: &QueueParams,
) -> <V::Real as Scalar>::Mask {
    let radius = params.max_queue_radius;
    point
        .distance_squared(other)
        .le(V::Real::splat(radius * radius))
}

/// The queue behavior. `steering` is the sum of every other behavior's force
/// this tick (so queue runs last); `neighbor_ahead` says someone stands near
/// the ahead point; `crowded` says someone is within `max_queue_radius` of
/// the agent itself. v4 is v3 here: its separation is a force of its own
/// that the caller adds after the brake, so that when someone is ahead the
/// total is the tutorial's `steering + brake + separation`, and when nobody
/// is ahead separation still keeps side-by-side agents apart.
pub fn queue(
    variant: QueueVariant,
    velocity: Vec2,
    steering: Vec2,
    neighbor_ahead: bool,
    crowded: bool,
    params: &QueueParams,
) -> QueueOutcome {
    let calm = QueueOutcome {
        brake: Vec2::ZERO,
        velocity_scale: 1.0,
    };
    if !neighbor_ahead {
        return calm;
    }
    match variant {
        QueueVariant::V0 => calm,
        QueueVariant::V1 => QueueOutcome {
            velocity_scale: params.slow_factor,
            ..calm
        },
        QueueVariant::V2 | QueueVariant::V3 | QueueVariant::V4 => {
            let brake = -steering * params.brake_factor - velocity;
            let hard_stop = variant >= QueueVariant::V3 && crowded;
            QueueOutcome {
                brake,
                velocity_scale: if hard_stop {
                    params.hard_stop_factor
                } else {
                    1.0
                },
            }
        }
    }
}

/// Leader following tunables (the original demo: 100, 60, arrive radius 50, evade x1.8).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FollowParams {
    /// Distance of the follow point behind the leader, in px.
    pub behind_dist: f32,
    /// Followers this close to the leader or to the point ahead of it get out of the way, in px.
    pub sight_radius: f32,
    /// Slowing radius of the arrival at the follow point, in px.
    pub arrive_radius: f32,
    /// Weight of the evade force while in the leader's way.
    pub evade_scale: f32,
}

/// What every follower reads of the leader in a tick: worked out once,
/// not once a follower.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Leader {
    pub position: Vec2,
    pub velocity: Vec2,
    /// The point followers arrive at, `behind_dist` behind the leader.
    pub behind: Vec2,
    /// The point as far ahead of the leader, which followers keep clear of.
    pub ahead: Vec2,
}

impl Leader {
    /// The leader at `position` moving at `velocity`. A leader at rest has
    /// no heading: both points are the leader itself.
    pub fn new(position: Vec2, velocity: Vec2, params: &FollowParams) -> Self {
        let heading = velocity.normalize_or_zero() * params.behind_dist;
        Self {
            position,
            velocity,
            behind: position - heading,
            ahead: position + heading,
        }
    }
}

/// The leader-following force, and whether the follower was in the way.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LeaderForce {
    pub force: Vec2,
    /// The follower stood in the leader's way this tick.
    pub evading: bool,
}

/// Follow the leader: arrive behind it, get out of its way, keep apart
/// (`separation` is computed by the caller from the other followers).
pub fn follow_leader(
    position: Vec2,
    velocity: Vec2,
    leader: &Leader,
    max_speed: f32,
    separation: Vec2,
    params: &FollowParams,
) -> LeaderForce {
    let evading = position.distance(leader.ahead) <= params.sight_radius
        || position.distance(leader.position) <= params.sight_radius;
    let mut force = arrive(
        position,
        velocity,
        leader.behind,
        max_speed,
        params.arrive_radius,
    ) + separation;
    if evading {
        let future = predict(
            position,
            leader.position,
            leader.velocity,
            max_speed,
            Prediction::Dynamic,
        );
        force += evade(position, velocity, future, max_speed) * params.evade_scale;
    }
    LeaderForce { force, evading }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// Four at a time gives the bits one at a time gives: near, far,
        /// on top, beyond the radius, and fewer than four.
        #[test]
        fn pushes_away_four_at_a_time_as_one_at_a_time(
            offsets in proptest::collection::vec(
                (proptest::prop_oneof![-40.0f32..40.0, -1e-6f32..1e-6, proptest::strategy::Just(0.0)], -40.0f32..40.0),
                0..=4,
            ),
            radius in 1.0f32..50.0,
        ) {
            let hits: Vec<(u32, Vec2)> = offsets.iter().map(|&(x, y)| (0, Vec2::new(x, y))).collect();
            let four = pushes_away(&hits, radius);
            for (l, &(_, offset)) in hits.iter().enumerate() {
                let one = push_away(-offset, radius);
                proptest::prop_assert_eq!(four[l].to_array().map(f32::to_bits), one.to_array().map(f32::to_bits));
            }
        }
    }

    const SEP: SeparationParams = SeparationParams {
        radius: 30.0,
        max_separation: 2.0,
    };
    const Q: QueueParams = QueueParams {
        max_queue_ahead: 30.0,
        max_queue_radius: 30.0,
        slow_factor: 0.5,
        brake_factor: 0.8,
        hard_stop_factor: 0.3,
    };

    #[test]
    fn separation_pushes_harder_the_closer() {
        // (10, 0) pushes with weight 30/10 - 1 = 2, (0, 15) with 1, (100, 0) not at all.
        let f = separation(
            Vec2::ZERO,
            [
                Vec2::new(10.0, 0.0),
                Vec2::new(0.0, 15.0),
                Vec2::new(100.0, 0.0),
            ],
            &SEP,
        );
        assert!((f - Vec2::new(-2.0, -1.0) * 2.0).length() < 1e-5);
        // Squeezed between two: pushed away from the nearer one, not into it
        // (the mean offset (1, 0) would push toward (-1, 0), the nearer).
        let g = separation(
            Vec2::ZERO,
            [Vec2::new(-10.0, 0.0), Vec2::new(12.0, 0.0)],
            &SEP,
        );
        assert!(g.x > 0.0, "{g}");
        // Zero at the edge of the radius: no jump when a neighbour comes in.
        assert!(separation(Vec2::ZERO, [Vec2::new(30.0, 0.0)], &SEP).length() < 1e-6);
    }

    #[test]
    fn separation_without_neighbours_or_on_top_is_zero() {
        assert_eq!(separation(Vec2::ZERO, [], &SEP), Vec2::ZERO);
        assert_eq!(
            separation(Vec2::ONE, [Vec2::ONE, Vec2::ONE], &SEP),
            Vec2::ZERO
        );
    }

    #[test]
    fn queue_variants() {
        let v = Vec2::new(0.0, -4.0);
        let s = Vec2::new(1.0, -2.0);
        let q = |variant, ahead, crowded| queue(variant, v, s, ahead, crowded, &Q);
        for variant in QueueVariant::ALL {
            let calm = q(variant, false, true);
            assert_eq!(
                (calm.brake, calm.velocity_scale),
                (Vec2::ZERO, 1.0),
                "{variant:?}"
            );
        }
        assert_eq!(q(QueueVariant::V0, true, true).velocity_scale, 1.0);
        assert_eq!(q(QueueVariant::V1, true, true).velocity_scale, 0.5);
        // brake = -(1, -2) * 0.8 - (0, -4) = (-0.8, 5.6)
        let v2 = q(QueueVariant::V2, true, true);
        assert!((v2.brake - Vec2::new(-0.8, 5.6)).length() < 1e-5);
        assert_eq!(v2.velocity_scale, 1.0);
        assert_eq!(q(QueueVariant::V3, true, true).velocity_scale, 0.3);
        assert_eq!(q(QueueVariant::V3, true, false).velocity_scale, 1.0);
        let v4 = q(QueueVariant::V4, true, true);
        assert_eq!((v4.brake, v4.velocity_scale), (v2.brake, 0.3));
    }

    #[test]
    fn queue_looks_ahead_along_the_velocity() {
        let ahead = queue_ahead(Vec2::new(0.0, 0.0), Vec2::new(0.0, -3.0), &Q);
        assert_eq!(ahead, Vec2::new(0.0, -30.0));
        // At rest there is no "ahead": the point is the agent itself, not NaN.
        assert_eq!(queue_ahead(Vec2::ONE, Vec2::ZERO, &Q), Vec2::ONE);
    }

    #[test]
    fn follower_arrives_behind_and_evades_when_in_the_way() {
        let p = FollowParams {
            behind_dist: 100.0,
            sight_radius: 60.0,
            arrive_radius: 50.0,
            evade_scale: 1.8,
        };
        let leader = Leader::new(Vec2::ZERO, Vec2::new(3.0, 0.0), &p);
        assert_eq!(leader.behind, Vec2::new(-100.0, 0.0));
        assert_eq!(leader.ahead, Vec2::new(100.0, 0.0));
        // Far behind: plain arrival at (-100, 0), no evasion.
        let f = follow_leader(
            Vec2::new(-300.0, 0.0),
            Vec2::ZERO,
            &leader,
            3.0,
            Vec2::ZERO,
            &p,
        );
        assert!(!f.evading);
        assert!((f.force - Vec2::new(3.0, 0.0)).length() < 1e-5);
        // Right in front of the leader: evading.
        let g = follow_leader(
            Vec2::new(100.0, 10.0),
            Vec2::ZERO,
            &leader,
            3.0,
            Vec2::ZERO,
            &p,
        );
        assert!(g.evading);
        assert!(g.force.is_finite());
        // A leader at rest has no heading: its follow point is itself, no NaN.
        let resting = Leader::new(Vec2::ZERO, Vec2::ZERO, &p);
        assert_eq!((resting.behind, resting.ahead), (Vec2::ZERO, Vec2::ZERO));
        let h = follow_leader(
            Vec2::new(5.0, 0.0),
            Vec2::ZERO,
            &resting,
            3.0,
            Vec2::ZERO,
            &p,
        );
        assert!(h.force.is_finite());
    }
}
