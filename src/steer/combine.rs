//! Combining behaviours (Buckland, *Programming Game AI by Example*, ch. 3,
//! "Combining Steering Behaviors"), and his heading smoother.
//!
//! An agent that wanders, avoids obstacles, keeps apart and stays in the
//! room has four forces a tick; the movement manager gets one. Three ways
//! to make it:
//!
//! - [`weighted_sum`]: add them all, each times its weight; the manager
//!   truncates the sum once (the tutorial's movement manager). Cheap, but
//!   a strong push that does not matter now (a crowd's separation) can
//!   drown one that does (the obstacle ahead).
//! - [`prioritized`]: in order of importance, each weighted force takes
//!   what is left of the `max_force` budget; when it is spent, the rest are
//!   not even looked at (Buckland's `AccumulateForce`).
//! - [`dithered`]: in order of importance, each behaviour gets a chance
//!   (its probability); the first that is chosen and has something to say
//!   is the whole force, scaled up by one over its probability. The
//!   cheapest, and the most jittery.
//!
//! Each behaviour is given as a [`Term`]: its weighted force, and its
//! probability for dithering. Each method returns every term's share of
//! the force, in the terms' order: the shares add up to the steering, so
//! the readout can say what each behaviour got.

use glam::Vec2;

/// One behaviour's say in the sum.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Term {
    /// The behaviour's force times its weight.
    pub force: Vec2,
    /// The chance dithering gives it, in (0, 1] (Buckland's `prX`).
    pub probability: f32,
}

/// The tutorial's weighted sum: every term's force, whole (the movement
/// manager then truncates their sum to `max_force`).
pub fn weighted_sum<const N: usize>(terms: &[Term; N]) -> [Vec2; N] {
    terms.map(|t| t.force)
}

/// The prioritised truncated running sum: `terms` in order of importance,
/// each adding what fits of it into the `max_force` budget (a force longer
/// than what is left is shortened to it, its direction kept), until the
/// budget is spent. Each term's share; they add up to at most `max_force`.
pub fn prioritized<const N: usize>(terms: &[Term; N], max_force: f32) -> [Vec2; N] {
    let mut shares = [Vec2::ZERO; N];
    let mut total = Vec2::ZERO;
    for (share, t) in shares.iter_mut().zip(terms) {
        // Buckland's `AccumulateForce`: what is left is the budget less
        // the length of the total so far.
        let left = max_force - total.length();
        if left <= 0.0 {
            break;
        }
        let length = t.force.length();
        *share = if length < left {
            t.force
        } else {
            t.force * (left / length)
        };
        total += *share;
    }
    shares
}

/// Prioritised dithering: `terms` in order of importance; the first whose
/// roll in `rolls` (uniform in [0, 1), one per term) falls below its
/// probability and whose force is not zero gives the whole force, divided
/// by its probability and truncated to `max_force`; the others get
/// nothing. All nothing when none is chosen.
pub fn dithered<const N: usize>(terms: &[Term; N], rolls: &[f32; N], max_force: f32) -> [Vec2; N] {
    let mut shares = [Vec2::ZERO; N];
    let chosen = (terms.iter().zip(rolls)).position(|(t, &roll)| {
        roll < t.probability && t.force != Vec2::ZERO && t.probability > 0.0
    });
    if let Some(k) = chosen {
        shares[k] = super::truncate(terms[k].force / terms[k].probability, max_force);
    }
    shares
}

/// Buckland's heading smoother: the mean of the last `n` headings, for
/// drawing. The simulation never reads it.
#[derive(Debug, Clone)]
pub struct Smoother {
    /// The last [`Smoother::MAX`] headings, oldest overwritten first.
    samples: Vec<Vec2>,
    /// Where the next heading goes.
    next: usize,
    /// Headings taken so far, up to `MAX`.
    taken: usize,
}

impl Default for Smoother {
    fn default() -> Self {
        Self {
            samples: vec![Vec2::ZERO; Self::MAX],
            next: 0,
            taken: 0,
        }
    }
}

impl Smoother {
    /// The most headings it averages.
    pub const MAX: usize = 60;

    /// Takes this tick's heading (a unit vector, or zero when standing).
    pub fn push(&mut self, heading: Vec2) {
        self.samples[self.next] = heading;
        self.next = (self.next + 1) % Self::MAX;
        self.taken = (self.taken + 1).min(Self::MAX);
    }

    /// The mean of the last `n` headings (at most [`Smoother::MAX`]), as a
    /// unit vector; with `n` 0, or 1, the last heading itself. Zero before
    /// any heading, or when they cancel out.
    pub fn heading(&self, n: usize) -> Vec2 {
        let n = n.clamp(1, Self::MAX).min(self.taken);
        let sum: Vec2 = (1..=n)
            .map(|back| self.samples[(self.next + Self::MAX - back) % Self::MAX])
            .sum();
        sum.normalize_or_zero()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn term(x: f32, y: f32, probability: f32) -> Term {
        Term {
            force: Vec2::new(x, y),
            probability,
        }
    }

    #[test]
    fn the_weighted_sum_adds_everything() {
        let terms = [
            term(3.0, 0.0, 1.0),
            term(0.0, 4.0, 1.0),
            term(-1.0, 0.0, 1.0),
        ];
        let shares = weighted_sum(&terms);
        assert_eq!(shares, terms.map(|t| t.force));
        assert_eq!(shares.iter().sum::<Vec2>(), Vec2::new(2.0, 4.0));
    }

    #[test]
    fn priority_fills_the_budget_in_order() {
        // Budget 5: the first, (3, 0), fits whole. Buckland's rule leaves
        // 5 - |total| = 2, so the second, (0, 4), is cut to (0, 2); the
        // total (3, 2) is then 3.6 long, and the third gets the last 1.4.
        let terms = [
            term(3.0, 0.0, 1.0),
            term(0.0, 4.0, 1.0),
            term(9.0, 9.0, 1.0),
        ];
        let [first, second, third] = prioritized(&terms, 5.0);
        assert_eq!(first, Vec2::new(3.0, 0.0));
        assert!(second.abs_diff_eq(Vec2::new(0.0, 2.0), 1e-6), "{second}");
        let left = 5.0 - 13f32.sqrt();
        let expected = Vec2::splat(left * std::f32::consts::FRAC_1_SQRT_2);
        assert!(third.abs_diff_eq(expected, 1e-5), "{third}");
        // The first alone spends it all: the rest get nothing.
        let terms = [term(10.0, 0.0, 1.0), term(0.0, 4.0, 1.0)];
        let shares = prioritized(&terms, 5.0);
        assert!(shares[0].abs_diff_eq(Vec2::new(5.0, 0.0), 1e-6));
        assert_eq!(shares[1], Vec2::ZERO);
        // A zero force takes nothing and leaves the budget.
        let terms = [term(0.0, 0.0, 1.0), term(0.0, -1.0, 1.0)];
        assert_eq!(prioritized(&terms, 5.0), [Vec2::ZERO, Vec2::new(0.0, -1.0)]);
    }

    #[test]
    fn dithering_takes_the_first_chosen_term_with_something_to_say() {
        let terms = [
            term(0.0, 0.0, 0.5),
            term(1.0, 0.0, 0.5),
            term(0.0, 0.2, 0.8),
        ];
        // The first is chosen but has nothing to say; the second is chosen
        // and scaled by 1 / 0.5, then cut to 1.5.
        assert_eq!(
            dithered(&terms, &[0.1, 0.4, 0.0], 1.5),
            [Vec2::ZERO, Vec2::new(1.5, 0.0), Vec2::ZERO]
        );
        // The second is not chosen (0.6 >= 0.5): the third, times 1 / 0.8.
        let [a, b, c] = dithered(&terms, &[0.1, 0.6, 0.3], 1.5);
        assert_eq!((a, b), (Vec2::ZERO, Vec2::ZERO));
        assert!(c.abs_diff_eq(Vec2::new(0.0, 0.25), 1e-6), "{c}");
        // None chosen: nothing.
        assert_eq!(dithered(&terms, &[0.9, 0.9, 0.9], 1.5), [Vec2::ZERO; 3]);
    }

    #[test]
    fn the_smoother_averages_the_last_n_headings() {
        let mut s = Smoother::default();
        assert_eq!(s.heading(10), Vec2::ZERO);
        s.push(Vec2::X);
        s.push(Vec2::Y);
        // Two headings so far, though ten are asked for.
        let d = std::f32::consts::FRAC_1_SQRT_2;
        assert!(s.heading(10).abs_diff_eq(Vec2::new(d, d), 1e-6));
        // Off (0) and 1: the last heading.
        assert_eq!(s.heading(0), Vec2::Y);
        assert_eq!(s.heading(1), Vec2::Y);
        // Past MAX the oldest are forgotten.
        for _ in 0..Smoother::MAX {
            s.push(-Vec2::X);
        }
        assert_eq!(s.heading(Smoother::MAX + 5), -Vec2::X);
    }
}
