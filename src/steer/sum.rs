//! Sums over neighbours that come out the same whatever order the
//! neighbours come in.
//!
//! A float sum depends on the order of its terms. A grid hands neighbours
//! over cell by cell, brute force by index; sorting every neighbour list by
//! index to make them agree cost a third of a dense crowd's tick. Summing
//! in fixed point instead makes the order irrelevant: integer addition is
//! associative, so grid and brute force, one thread or many, give the same
//! bits, and a scene can fold its neighbours straight from the grid's cells
//! without gathering or sorting them.

use glam::Vec2;

/// Fixed-point units per px (2^24: as fine as an f32's own step from 0.5
/// to 1, finer above). A power of two, so scaling a term is exact.
const SCALE: f32 = (1u32 << 24) as f32;

/// The largest component a term keeps: a larger term is scaled down, in
/// both components, to fit (its direction kept). A separation push this
/// strong comes only from a neighbour within a few ten-thousandths of a px,
/// and is truncated to the agent's `max_force` (at most 10) anyway. A term
/// is then at most 2^40 units a component, so more than eight million of
/// them fit in an `i64`.
const LIMIT: f32 = 65_536.0;

/// A sum of vectors in fixed point (2^-24 px resolution), exact and
/// independent of the order of its terms. A NaN component counts as zero
/// (the runner counts NaN in every position and velocity, so one would
/// not go unseen).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ExactSum {
    x: i64,
    y: i64,
}

/// `v` in fixed-point units, scaled down to within `LIMIT` if need be.
fn to_fixed(v: Vec2) -> (i64, i64) {
    // A NaN component passes; `as` maps it to 0.
    let v = if (v.x.abs() > LIMIT) | (v.y.abs() > LIMIT) {
        // f32::max skips NaN.
        scaled_down(v, v.x.abs().max(v.y.abs()))
    } else {
        v
    };
    ((v.x * SCALE) as i64, (v.y * SCALE) as i64)
}

/// `v` scaled to `LIMIT` in its `largest` component. Out of line and cold:
/// a term this large is all but unheard of, and inlined, the compiler
/// works out the division for every term before it knows it is needed.
#[cold]
#[inline(never)]
fn scaled_down(v: Vec2, largest: f32) -> Vec2 {
    v * (LIMIT / largest)
}

impl ExactSum {
    /// The sum of the one term `v`.
    #[inline]
    pub fn of(v: Vec2) -> Self {
        let (x, y) = to_fixed(v);
        Self { x, y }
    }

    /// The sum of the negated terms. Exactly `ExactSum::of(-v)` for a term
    /// `v` (the conversion rounds toward zero, symmetric about it), so a
    /// pair of agents can work out one term and hand each its sign.
    #[inline]
    pub fn negated(self) -> Self {
        Self {
            x: self.x.wrapping_neg(),
            y: self.y.wrapping_neg(),
        }
    }

    /// Adds one term.
    #[inline]
    pub fn add(&mut self, v: Vec2) {
        // Wrapping addition is associative too, so even a (never expected)
        // overflow would not make the result depend on the order.
        self.merge(Self::of(v));
    }

    /// Adds another sum's terms.
    #[inline]
    pub fn merge(&mut self, other: ExactSum) {
        self.x = self.x.wrapping_add(other.x);
        self.y = self.y.wrapping_add(other.y);
    }

    /// The sum, rounded to the nearest f32.
    pub fn value(self) -> Vec2 {
        Vec2::new(
            (self.x as f64 / f64::from(SCALE)) as f32,
            (self.y as f64 / f64::from(SCALE)) as f32,
        )
    }
}

/// [`ExactSum`]'s one-dimensional twin: a sum of numbers in the same
/// fixed point (a term beyond `LIMIT` counts as `LIMIT`, NaN as zero),
/// the same whatever their order, read as an f64.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ExactTotal(i64);

impl ExactTotal {
    /// Adds one term.
    #[inline]
    pub fn add(&mut self, x: f32) {
        // `as` maps NaN to 0.
        self.0 = self.0.wrapping_add((x.clamp(-LIMIT, LIMIT) * SCALE) as i64);
    }

    /// The sum.
    pub fn value(self) -> f64 {
        self.0 as f64 / f64::from(SCALE)
    }
}

impl FromIterator<Vec2> for ExactSum {
    fn from_iter<I: IntoIterator<Item = Vec2>>(terms: I) -> Self {
        let mut sum = ExactSum::default();
        for v in terms {
            sum.add(v);
        }
        sum
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn sums_what_a_float_sum_gives_to_within_its_resolution() {
        let terms = [
            Vec2::new(1.5, -2.25),
            Vec2::new(0.1, 3.0),
            Vec2::new(-7.0, 0.0),
        ];
        let sum: ExactSum = terms.iter().copied().collect();
        assert!((sum.value() - Vec2::new(-5.4, 0.75)).abs().max_element() < 1e-6);
        assert_eq!(ExactSum::default().value(), Vec2::ZERO);
    }

    #[test]
    fn scales_huge_terms_down_keeping_their_direction_and_ignores_nan() {
        let huge: ExactSum = [Vec2::new(4.0 * LIMIT, -2.0 * LIMIT)].into_iter().collect();
        assert_eq!(huge.value(), Vec2::new(LIMIT, -0.5 * LIMIT));
        let sum: ExactSum = [Vec2::new(1e30, f32::NAN), Vec2::new(-1.0, 2.0)]
            .into_iter()
            .collect();
        assert_eq!(sum.value(), Vec2::new(LIMIT - 1.0, 2.0));
        assert!(sum.value().is_finite());
    }

    #[test]
    fn a_total_adds_numbers_in_any_order_to_within_its_resolution() {
        let terms = [0.1f32, 17_000.25, 3.0e-9, f32::NAN, 1e9, -2.5];
        let mut forward = ExactTotal::default();
        terms.iter().for_each(|&x| forward.add(x));
        let mut backward = ExactTotal::default();
        terms.iter().rev().for_each(|&x| backward.add(x));
        assert_eq!(forward, backward);
        // NaN counts as 0, 1e9 as LIMIT.
        let expected = 0.1 + 17_000.25 + f64::from(LIMIT) - 2.5;
        assert!(
            (forward.value() - expected).abs() < 1e-6,
            "{}",
            forward.value()
        );
    }

    proptest! {
        /// What pairs rely on: a negated term sums to the negated sum,
        /// bit for bit, huge and tiny terms included.
        #[test]
        fn negating_a_term_negates_its_sum(
            x in prop_oneof![-1e4f32..1e4, -1e9f32..1e9, -1e-30f32..1e-30],
            y in prop_oneof![-1e4f32..1e4, -1e9f32..1e9, -1e-30f32..1e-30],
        ) {
            let v = Vec2::new(x, y);
            prop_assert_eq!(ExactSum::of(-v), ExactSum::of(v).negated());
        }

        /// The point of it: any order, and any split into parts merged
        /// afterwards, gives the same bits.
        #[test]
        fn order_and_split_do_not_matter(
            terms in prop::collection::vec((-1e4f32..1e4, -1e4f32..1e4), 0..60),
            seed in any::<u64>(),
            split in 0usize..60,
        ) {
            let terms: Vec<Vec2> = terms.into_iter().map(|(x, y)| Vec2::new(x, y)).collect();
            let forward: ExactSum = terms.iter().copied().collect();
            let mut shuffled = terms.clone();
            // A cheap deterministic shuffle driven by the seed.
            let mut s = seed | 1;
            for k in (1..shuffled.len()).rev() {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                shuffled.swap(k, (s % (k as u64 + 1)) as usize);
            }
            let split = split.min(shuffled.len());
            let mut parts: ExactSum = shuffled[..split].iter().copied().collect();
            parts.merge(shuffled[split..].iter().copied().collect());
            prop_assert_eq!(forward, parts);
            prop_assert_eq!(forward.value(), parts.value());
        }
    }
}
