//! Flocking (Reynolds' boids; SPEC section 12): alignment and cohesion, to
//! go with separation (in [`super::group`]). Each takes what the neighbours
//! add up to, so the caller gathers them once.

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
/// `mean_velocity.normalize() * max_speed - velocity`. No neighbours, or
/// neighbours whose velocities cancel out, give zero.
pub fn alignment(velocity: Vec2, n: &Neighbourhood, max_speed: f32) -> Vec2 {
    if n.count == 0 {
        return Vec2::ZERO;
    }
    let heading = n.velocity_sum.value().normalize_or_zero();
    if heading == Vec2::ZERO {
        return Vec2::ZERO;
    }
    heading * max_speed - velocity
}

/// Seek the neighbours' mean position; zero without neighbours.
pub fn cohesion(position: Vec2, velocity: Vec2, n: &Neighbourhood, max_speed: f32) -> Vec2 {
    if n.count == 0 {
        return Vec2::ZERO;
    }
    let centre = position + n.offset_sum.value() / n.count as f32;
    seek(position, velocity, centre, max_speed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alignment_turns_toward_the_mean_heading() {
        let mut n = Neighbourhood::default();
        n.add(Vec2::new(10.0, 0.0), Vec2::new(0.0, 2.0));
        n.add(Vec2::new(-10.0, 0.0), Vec2::new(0.0, 4.0));
        let f = alignment(Vec2::new(3.0, 0.0), &n, 3.0);
        assert!((f - Vec2::new(-3.0, 3.0)).length() < 1e-5);
        // Opposite headings cancel: no opinion, not NaN.
        let mut opposed = Neighbourhood::default();
        opposed.add(Vec2::X, Vec2::X);
        opposed.add(-Vec2::X, -Vec2::X);
        assert_eq!(alignment(Vec2::Y, &opposed, 3.0), Vec2::ZERO);
        assert_eq!(
            alignment(Vec2::Y, &Neighbourhood::default(), 3.0),
            Vec2::ZERO
        );
    }

    #[test]
    fn cohesion_seeks_the_mean_position() {
        let mut n = Neighbourhood::default();
        n.add(Vec2::new(10.0, 0.0), Vec2::ZERO);
        n.add(Vec2::new(10.0, 20.0), Vec2::ZERO);
        // Centre at (10, 10) from the boid: seek it at full speed from rest.
        let f = cohesion(Vec2::ZERO, Vec2::ZERO, &n, 3.0);
        assert!((f - Vec2::new(1.0, 1.0).normalize() * 3.0).length() < 1e-5);
        assert_eq!(
            cohesion(Vec2::ONE, Vec2::ONE, &Neighbourhood::default(), 3.0),
            Vec2::ZERO
        );
    }
}
