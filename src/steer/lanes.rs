//! One agent or four: the vector types a rule is written over.
//!
//! A steering rule is written once, generic over [`Vector`], and serves
//! one agent ([`Vec2`]) or four side by side ([`Lanes`]), as parry's
//! queries serve `f32` and four-lane SIMD through one source. The crowd
//! scenes decide four agents at a time: four chains of square roots and
//! divisions side by side, where one agent's chain alone leaves the
//! processor waiting on each result.
//!
//! Each [`Lanes`] operation is the [`Vec2`] one of the same name, lane by
//! lane: the same operations in the same order, so the same bits as one
//! vector at a time (a property test holds them to it). There is no
//! branch in a rule: where one agent would return early, the rule computes
//! both sides and keeps one with a mask ([`Vector::or_zero`]).
//!
//! glam is built with its scalar-math feature (the window library asks
//! for it): a [`Vec4`] is four plain f32s and its comparisons give four
//! bools ([`BVec4`]). A rule's masks are [`Mask4`] instead, the bits a
//! vector comparison gives, so that keeping one side of a lane is bit
//! operations the compiler turns into vector instructions (bools cost far
//! more instructions; `benches/README.md` has the measurement).

use glam::{BVec4, UVec4, Vec2, Vec4};
use std::ops::{Add, BitAnd, BitOr, Div, Mul, Neg, Not, Sub};

/// A number per lane: `f32` for one agent, [`Vec4`] for four.
pub trait Scalar:
    Copy
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
    + Mul<f32, Output = Self>
{
    /// A truth per lane: `bool` or [`Mask4`].
    type Mask: Copy
        + BitAnd<Output = Self::Mask>
        + BitOr<Output = Self::Mask>
        + Not<Output = Self::Mask>;
    fn splat(x: f32) -> Self;
    fn sqrt(self) -> Self;
    fn max(self, o: Self) -> Self;
    /// `self > o`, lane by lane.
    fn gt(self, o: Self) -> Self::Mask;
    /// `self <= o`, lane by lane.
    fn le(self, o: Self) -> Self::Mask;
    /// `self != o`, lane by lane.
    fn ne(self, o: Self) -> Self::Mask;
}

/// A 2-D vector per lane: [`Vec2`] for one agent, [`Lanes`] for four.
/// The methods are [`Vec2`]'s of the same name.
pub trait Vector:
    Copy
    + Add<Output = Self>
    + Sub<Output = Self>
    + Neg<Output = Self>
    + Mul<f32, Output = Self>
    + Mul<Self::Real, Output = Self>
    + Div<Self::Real, Output = Self>
{
    type Real: Scalar;
    const ZERO: Self;
    fn splat(v: Vec2) -> Self;
    fn length_squared(self) -> Self::Real;
    /// Times the reciprocal of the length where that is finite and
    /// positive, else zero.
    fn normalize_or_zero(self) -> Self;
    /// Shortened to length `max` where longer ([`super::truncate`]).
    fn truncate(self, max: f32) -> Self;
    /// `self` where `keep`, zero elsewhere.
    fn or_zero(self, keep: <Self::Real as Scalar>::Mask) -> Self;
    /// Not the zero vector, lane by lane.
    fn is_nonzero(self) -> <Self::Real as Scalar>::Mask;

    fn length(self) -> Self::Real {
        self.length_squared().sqrt()
    }
    fn distance_squared(self, o: Self) -> Self::Real {
        (o - self).length_squared()
    }
}

impl Scalar for f32 {
    type Mask = bool;
    fn splat(x: f32) -> Self {
        x
    }
    fn sqrt(self) -> Self {
        f32::sqrt(self)
    }
    fn max(self, o: Self) -> Self {
        f32::max(self, o)
    }
    fn gt(self, o: Self) -> bool {
        self > o
    }
    fn le(self, o: Self) -> bool {
        self <= o
    }
    fn ne(self, o: Self) -> bool {
        self != o
    }
}

/// A truth per lane of four, as the bits a vector comparison gives: all
/// ones where true, zeros where false, so that a selection is three bit
/// operations rather than a branch per lane.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mask4(UVec4);

impl Mask4 {
    fn of(b: [bool; 4]) -> Self {
        Self(UVec4::from_array(b.map(|t| if t { u32::MAX } else { 0 })))
    }

    /// Whether lane `l` is true.
    pub fn test(self, l: usize) -> bool {
        self.0.to_array()[l] != 0
    }

    /// `a` where true, `b` where false, bit for bit.
    pub fn select(self, a: Vec4, b: Vec4) -> Vec4 {
        let bits = |v: Vec4| UVec4::from_array(v.to_array().map(f32::to_bits));
        let picked = (bits(a) & self.0) | (bits(b) & !self.0);
        Vec4::from_array(picked.to_array().map(f32::from_bits))
    }
}

impl From<BVec4> for Mask4 {
    fn from(b: BVec4) -> Self {
        Self::of([b.test(0), b.test(1), b.test(2), b.test(3)])
    }
}

impl From<Mask4> for BVec4 {
    fn from(m: Mask4) -> Self {
        BVec4::new(m.test(0), m.test(1), m.test(2), m.test(3))
    }
}

impl BitAnd for Mask4 {
    type Output = Self;
    fn bitand(self, o: Self) -> Self {
        Self(self.0 & o.0)
    }
}

impl BitOr for Mask4 {
    type Output = Self;
    fn bitor(self, o: Self) -> Self {
        Self(self.0 | o.0)
    }
}

impl Not for Mask4 {
    type Output = Self;
    fn not(self) -> Self {
        Self(!self.0)
    }
}

impl Scalar for Vec4 {
    type Mask = Mask4;
    fn splat(x: f32) -> Self {
        Vec4::splat(x)
    }
    fn sqrt(self) -> Self {
        Vec4::from_array(self.to_array().map(f32::sqrt))
    }
    fn max(self, o: Self) -> Self {
        Vec4::max(self, o)
    }
    fn gt(self, o: Self) -> Mask4 {
        self.cmpgt(o).into()
    }
    fn le(self, o: Self) -> Mask4 {
        self.cmple(o).into()
    }
    fn ne(self, o: Self) -> Mask4 {
        self.cmpne(o).into()
    }
}

impl Vector for Vec2 {
    type Real = f32;
    const ZERO: Self = Vec2::ZERO;
    fn splat(v: Vec2) -> Self {
        v
    }
    fn length_squared(self) -> f32 {
        Vec2::length_squared(self)
    }
    fn normalize_or_zero(self) -> Self {
        Vec2::normalize_or_zero(self)
    }
    fn truncate(self, max: f32) -> Self {
        let len_sq = self.length_squared();
        if len_sq > max * max && len_sq > 0.0 {
            self * (max / len_sq.sqrt())
        } else {
            self
        }
    }
    fn or_zero(self, keep: bool) -> Self {
        if keep { self } else { Vec2::ZERO }
    }
    fn is_nonzero(self) -> bool {
        self != Vec2::ZERO
    }
}

/// Four vectors, their x components in one [`Vec4`] and their y in
/// another.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Lanes {
    pub x: Vec4,
    pub y: Vec4,
}

impl Lanes {
    /// Lane `l` of `vectors` in lane `l`, `fill` in the lanes past them.
    /// (Built as two plain arrays: writing a [`Vec4`] lane by lane goes
    /// through its index, a branch per write.)
    #[inline]
    pub fn gather(vectors: impl IntoIterator<Item = Vec2>, fill: Vec2) -> Self {
        let (mut x, mut y) = ([fill.x; 4], [fill.y; 4]);
        for (l, v) in vectors.into_iter().take(4).enumerate() {
            (x[l], y[l]) = (v.x, v.y);
        }
        Self {
            x: Vec4::from_array(x),
            y: Vec4::from_array(y),
        }
    }

    pub fn set(&mut self, lane: usize, v: Vec2) {
        self.x[lane] = v.x;
        self.y[lane] = v.y;
    }

    pub fn get(self, lane: usize) -> Vec2 {
        Vec2::new(self.x[lane], self.y[lane])
    }

    /// The four lanes, in order.
    #[inline]
    pub fn to_array(self) -> [Vec2; 4] {
        let (x, y) = (self.x.to_array(), self.y.to_array());
        std::array::from_fn(|l| Vec2::new(x[l], y[l]))
    }

    fn map(self, f: impl Fn(Vec4) -> Vec4) -> Self {
        Self {
            x: f(self.x),
            y: f(self.y),
        }
    }

    fn zip(self, o: Self, f: impl Fn(Vec4, Vec4) -> Vec4) -> Self {
        Self {
            x: f(self.x, o.x),
            y: f(self.y, o.y),
        }
    }
}

impl Add for Lanes {
    type Output = Self;
    fn add(self, o: Self) -> Self {
        self.zip(o, |a, b| a + b)
    }
}

impl Sub for Lanes {
    type Output = Self;
    fn sub(self, o: Self) -> Self {
        self.zip(o, |a, b| a - b)
    }
}

impl Neg for Lanes {
    type Output = Self;
    fn neg(self) -> Self {
        self.map(|a| -a)
    }
}

impl Mul<f32> for Lanes {
    type Output = Self;
    fn mul(self, k: f32) -> Self {
        self.map(|a| a * k)
    }
}

impl Mul<Vec4> for Lanes {
    type Output = Self;
    fn mul(self, k: Vec4) -> Self {
        self.map(|a| a * k)
    }
}

impl Div<Vec4> for Lanes {
    type Output = Self;
    fn div(self, d: Vec4) -> Self {
        self.map(|a| a / d)
    }
}

impl Vector for Lanes {
    type Real = Vec4;
    const ZERO: Self = Self {
        x: Vec4::ZERO,
        y: Vec4::ZERO,
    };
    fn splat(v: Vec2) -> Self {
        Self {
            x: Vec4::splat(v.x),
            y: Vec4::splat(v.y),
        }
    }
    /// `x * x + y * y`, as `Vec2::length_squared` adds them.
    fn length_squared(self) -> Vec4 {
        self.x * self.x + self.y * self.y
    }
    fn normalize_or_zero(self) -> Self {
        let rcp = Vec4::ONE / self.length_squared().sqrt();
        let finite = rcp.abs().cmplt(Vec4::splat(f32::INFINITY));
        (self * rcp).or_zero((finite & rcp.cmpgt(Vec4::ZERO)).into())
    }
    fn truncate(self, max: f32) -> Self {
        let len_sq = self.length_squared();
        let over = len_sq.cmpgt(Vec4::splat(max * max)) & len_sq.cmpgt(Vec4::ZERO);
        let k = Vec4::splat(max) / len_sq.sqrt();
        Self {
            x: Vec4::select(over, self.x * k, self.x),
            y: Vec4::select(over, self.y * k, self.y),
        }
    }
    fn or_zero(self, keep: Mask4) -> Self {
        self.map(|a| keep.select(a, Vec4::ZERO))
    }
    fn is_nonzero(self) -> Mask4 {
        Mask4::from(self.x.cmpne(Vec4::ZERO) | self.y.cmpne(Vec4::ZERO))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn component() -> impl Strategy<Value = f32> {
        prop_oneof![
            -50.0f32..50.0,
            -1e-3f32..1e-3,
            Just(0.0),
            Just(-0.0),
            -1e30f32..1e30,
            Just(f32::MIN_POSITIVE),
        ]
    }

    fn four() -> impl Strategy<Value = [Vec2; 4]> {
        proptest::array::uniform4((component(), component()).prop_map(|(x, y)| Vec2::new(x, y)))
    }

    fn bits(v: Vec2) -> [u32; 2] {
        v.to_array().map(f32::to_bits)
    }

    proptest! {
        /// Each lane of a [`Lanes`] primitive is, bit for bit, the
        /// [`Vec2`] primitive on that lane: the rules written over
        /// [`Vector`] then give one agent's bits four at a time.
        #[test]
        fn every_lane_is_the_one_vector_operation(
            a in four(),
            b in four(),
            max in prop_oneof![0.01f32..10.0, Just(0.0)],
        ) {
            let (la, lb) = (Lanes::gather(a, Vec2::ZERO), Lanes::gather(b, Vec2::ZERO));
            let d = lb.length_squared();
            for l in 0..4 {
                let (va, vb) = (a[l], b[l]);
                prop_assert_eq!(bits(la.normalize_or_zero().get(l)), bits(va.normalize_or_zero()));
                prop_assert_eq!(bits(la.truncate(max).get(l)), bits(Vector::truncate(va, max)));
                prop_assert_eq!(bits((la - lb).get(l)), bits(va - vb));
                prop_assert_eq!(bits((la / d).get(l)), bits(va / vb.length_squared()));
                prop_assert_eq!(la.is_nonzero().test(l), va.is_nonzero());
                prop_assert_eq!(
                    la.distance_squared(lb).to_array()[l].to_bits(),
                    Vector::distance_squared(va, vb).to_bits()
                );
            }
        }
    }
}
