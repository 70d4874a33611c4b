//! Flocking (Reynolds' boids): alignment and cohesion, to
//! go with separation (in [`super::group`]). Each takes what the neighbours
//! add up to, so the caller gathers them once.

use super::lanes::{Scalar, Vector};
use super::seek::seek;
use super::sum::ExactSum;
use glam::Vec2;

/// What a boid sees of its neighbours within the neighbourhood radius:
/// exact sums, so the neighbours may come in any order.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Neighbourhood {
    pub count: u32,
    /// Sum of the neighbours' velocities.
    pub velocity_sum: ExactSum,
    /// Sum of the neighbours' offsets from the boid.
    pub offset_sum: ExactSum,
}

impl Neighbourhood {
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
    pub fn merge(&mut self, other: &Neighbourhood) {
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

    #[test]
    fn alignment_turns_toward_the_mean_heading() {
        let mut n = Neighbourhood::default();
        n.add(Vec2::new(10.0, 0.0), Vec2::new(0.0, 2.0));
        n.add(Vec2::new(-10.0, 0.0), Vec2::new(0.0, 4.0));
        let align =
            |v, n: &Neighbourhood| alignment(v, n.velocity_sum.value(), n.count as f32, 3.0);
        let f = align(Vec2::new(3.0, 0.0), &n);
        assert!((f - Vec2::new(-3.0, 3.0)).length() < 1e-5);
        // Opposite headings cancel: no opinion, not NaN.
        let mut opposed = Neighbourhood::default();
        opposed.add(Vec2::X, Vec2::X);
        opposed.add(-Vec2::X, -Vec2::X);
        assert_eq!(align(Vec2::Y, &opposed), Vec2::ZERO);
        assert_eq!(align(Vec2::Y, &Neighbourhood::default()), Vec2::ZERO);
    }

    #[test]
    fn cohesion_seeks_the_mean_position() {
        let mut n = Neighbourhood::default();
        n.add(Vec2::new(10.0, 0.0), Vec2::ZERO);
        n.add(Vec2::new(10.0, 20.0), Vec2::ZERO);
        // Centre at (10, 10) from the boid: seek it at full speed from rest.
        let cohere =
            |p, v, n: &Neighbourhood| cohesion(p, v, n.offset_sum.value(), n.count as f32, 3.0);
        let f = cohere(Vec2::ZERO, Vec2::ZERO, &n);
        assert!((f - Vec2::new(1.0, 1.0).normalize() * 3.0).length() < 1e-5);
        let none = cohere(Vec2::ONE, Vec2::ONE, &Neighbourhood::default());
        assert_eq!(none, Vec2::ZERO, "no neighbours: zero, not NaN");
    }
}
