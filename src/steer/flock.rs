//! Flocking (Reynolds' boids): separation, alignment and cohesion. Each
//! takes what the neighbours add up to (neighbours come in through
//! [`super::neighbors`]), so the caller gathers them once.

use super::lanes::{Lanes, Scalar, Vector};
use super::neighbors::PairSum;
use super::seek::seek;
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
/// px. A neighbour exactly on the agent gives no direction and is skipped
/// (a caller that knows who is who unties them first: [`super::tie`]).
/// The pushes add up exactly ([`ExactSum`]), so the neighbours may come in
/// any order.
pub fn separation(
    position: Vec2,
    neighbors: impl IntoIterator<Item = Vec2>,
    params: &SeparationParams,
) -> Vec2 {
    let pushes: ExactSum = neighbors
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

impl Apart {
    /// Agent `a` less its neighbor `b`, `offset` (= b - a) away; for two
    /// on one point, a hair's breadth along their tie-break.
    #[inline]
    fn away(&self, a: usize, b: usize, offset: Vec2) -> Vec2 {
        if offset == Vec2::ZERO {
            self.untied(a, b)
        } else {
            -offset
        }
    }

    /// Two on one point, a rare case kept out of the pair loop's way: out
    /// of line, that loop stays small enough to inline into the grid's
    /// walk (inline, it cost the leader's crowd 4% more instructions).
    #[cold]
    #[inline(never)]
    fn untied(&self, a: usize, b: usize) -> Vec2 {
        -super::tie::hair(a, b, self.radius)
    }
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
        let push = ExactSum::of(push_away(self.away(a, b, offset), self.radius));
        sa.merge(push);
        sb.merge(push.negated());
    }

    const BATCHED: bool = true;

    /// [`push_away`], four pairs at a time.
    #[inline]
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
            for (&(b, offset), &push) in four.iter().zip(&pushes) {
                let b = b as usize;
                if b == aloof {
                    continue;
                }
                let push = match offset == Vec2::ZERO {
                    true => push_away(self.untied(a, b), self.radius),
                    false => push,
                };
                let push = ExactSum::of(push);
                sa.merge(push);
                sums[b - base].merge(push.negated());
            }
        }
    }
}

/// [`push_away`] from up to four neighbors at once, `(slot, offset)`
/// with `offset` = neighbor - agent, side by side ([`Lanes`]); lanes past
/// them push nothing.
#[inline]
pub fn pushes_away(four: &[(u32, Vec2)], radius: f32) -> [Vec2; 4] {
    let away = Lanes::gather(four.iter().map(|&(_, offset)| -offset), Vec2::ZERO);
    push_away(away, radius).to_array()
}

/// One neighbour's share of [`separation`] (before `max_separation`), for a
/// neighbour at `away` = agent - neighbor: zero beyond `radius` or exactly
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

/// What a boid sees of its neighbours within the neighbourhood radius:
/// exact sums, so the neighbours may come in any order.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Neighborhood {
    pub count: u32,
    /// Sum of the neighbours' velocities.
    pub velocity_sum: ExactSum,
    /// Sum of the neighbours' offsets from the boid.
    pub offset_sum: ExactSum,
}

impl Neighborhood {
    /// Adds a neighbour at `offset` from the boid, moving at `velocity`.
    #[inline]
    pub fn add(&mut self, offset: Vec2, velocity: Vec2) {
        self.add_exact(ExactSum::of(offset), ExactSum::of(velocity));
    }

    /// [`Self::add`], the offset and velocity already exact terms.
    #[inline]
    pub fn add_exact(&mut self, offset: ExactSum, velocity: ExactSum) {
        self.count += 1;
        self.velocity_sum.merge(velocity);
        self.offset_sum.merge(offset);
    }

    /// Adds another neighbourhood's neighbours.
    pub fn merge(&mut self, other: &Neighborhood) {
        self.count += other.count;
        self.velocity_sum.merge(other.velocity_sum);
        self.offset_sum.merge(other.offset_sum);
    }
}

/// Steer toward the neighbours' mean heading:
/// `mean_velocity.normalize() * max_speed - velocity`, from the sum of the
/// `count` neighbours' velocities. No neighbours, or neighbours whose
/// velocities cancel out, give zero. For one boid or four ([`Vector`]).
pub fn alignment<V: Vector>(velocity: V, velocity_sum: V, count: V::Real, max_speed: f32) -> V {
    let heading = velocity_sum.normalize_or_zero();
    let seen_any = count.gt(V::Real::splat(0.0));
    (heading * max_speed - velocity).or_zero(seen_any & heading.is_nonzero())
}

/// Seek the neighbours' mean position, from the sum of the `count`
/// neighbours' offsets from the boid; zero without neighbours. For one
/// boid or four ([`Vector`]).
pub fn cohesion<V: Vector>(
    position: V,
    velocity: V,
    offset_sum: V,
    count: V::Real,
    max_speed: f32,
) -> V {
    let centre = position + offset_sum / count;
    seek(position, velocity, centre, max_speed).or_zero(count.gt(V::Real::splat(0.0)))
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
    fn separation_without_neighbors_or_on_top_is_zero() {
        assert_eq!(separation(Vec2::ZERO, [], &SEP), Vec2::ZERO);
        assert_eq!(
            separation(Vec2::ONE, [Vec2::ONE, Vec2::ONE], &SEP),
            Vec2::ZERO
        );
    }

    #[test]
    fn alignment_turns_toward_the_mean_heading() {
        let mut n = Neighborhood::default();
        n.add(Vec2::new(10.0, 0.0), Vec2::new(0.0, 2.0));
        n.add(Vec2::new(-10.0, 0.0), Vec2::new(0.0, 4.0));
        let align = |v, n: &Neighborhood| alignment(v, n.velocity_sum.value(), n.count as f32, 3.0);
        let f = align(Vec2::new(3.0, 0.0), &n);
        assert!((f - Vec2::new(-3.0, 3.0)).length() < 1e-5);
        // Opposite headings cancel: no opinion, not NaN.
        let mut opposed = Neighborhood::default();
        opposed.add(Vec2::X, Vec2::X);
        opposed.add(-Vec2::X, -Vec2::X);
        assert_eq!(align(Vec2::Y, &opposed), Vec2::ZERO);
        assert_eq!(align(Vec2::Y, &Neighborhood::default()), Vec2::ZERO);
    }

    #[test]
    fn cohesion_seeks_the_mean_position() {
        let mut n = Neighborhood::default();
        n.add(Vec2::new(10.0, 0.0), Vec2::ZERO);
        n.add(Vec2::new(10.0, 20.0), Vec2::ZERO);
        // Centre at (10, 10) from the boid: seek it at full speed from rest.
        let cohere =
            |p, v, n: &Neighborhood| cohesion(p, v, n.offset_sum.value(), n.count as f32, 3.0);
        let f = cohere(Vec2::ZERO, Vec2::ZERO, &n);
        assert!((f - Vec2::new(1.0, 1.0).normalize() * 3.0).length() < 1e-5);
        let none = cohere(Vec2::ONE, Vec2::ONE, &Neighborhood::default());
        assert_eq!(none, Vec2::ZERO, "no neighbours: zero, not NaN");
    }
}
