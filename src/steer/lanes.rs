//! Four 2-D vectors side by side, for work done four agents (or four
//! pairs) at a time: each operation is the [`Vec2`] one of the same name,
//! lane by lane, the same operations in the same order, so the same bits
//! as one vector at a time.
//!
//! glam is built with its scalar-math feature (the window library asks
//! for it): a [`Vec4`] is four plain f32s, its comparisons give a
//! [`BVec4`], and the compiler turns the lanes into vector instructions
//! where it can.

use glam::{BVec4, Vec2, Vec4};

/// Four vectors, their x components in one [`Vec4`] and their y in
/// another. Each method is the [`Vec2`] operation of the same name, lane
/// by lane.
#[derive(Debug, Clone, Copy)]
pub struct Lanes {
    pub x: Vec4,
    pub y: Vec4,
}

impl Lanes {
    pub const ZERO: Self = Self {
        x: Vec4::ZERO,
        y: Vec4::ZERO,
    };

    /// Every lane `v`.
    pub fn splat(v: Vec2) -> Self {
        Self {
            x: Vec4::splat(v.x),
            y: Vec4::splat(v.y),
        }
    }

    pub fn set(&mut self, lane: usize, v: Vec2) {
        self.x[lane] = v.x;
        self.y[lane] = v.y;
    }

    pub fn get(self, lane: usize) -> Vec2 {
        Vec2::new(self.x[lane], self.y[lane])
    }

    pub fn plus(self, o: Self) -> Self {
        Self {
            x: self.x + o.x,
            y: self.y + o.y,
        }
    }

    pub fn minus(self, o: Self) -> Self {
        Self {
            x: self.x - o.x,
            y: self.y - o.y,
        }
    }

    pub fn scale(self, k: f32) -> Self {
        Self {
            x: self.x * k,
            y: self.y * k,
        }
    }

    /// Each lane divided by its own `d`.
    pub fn divided(self, d: Vec4) -> Self {
        Self {
            x: self.x / d,
            y: self.y / d,
        }
    }

    /// Zero in the lanes where `keep` is false.
    pub fn or_zero(self, keep: BVec4) -> Self {
        Self {
            x: Vec4::select(keep, self.x, Vec4::ZERO),
            y: Vec4::select(keep, self.y, Vec4::ZERO),
        }
    }

    /// Each lane's `v.distance_squared(lane)`: the same operations in the
    /// same order as `Vec2::distance_squared`, so the same bits.
    pub fn distance_squared(self, v: Vec2) -> Vec4 {
        Self::splat(v).minus(self).length_squared()
    }

    /// `x * x + y * y`, as `Vec2::length_squared` adds them.
    pub fn length_squared(self) -> Vec4 {
        self.x * self.x + self.y * self.y
    }

    /// `Vec2::normalize_or_zero`: times the reciprocal of the length where
    /// that is finite and positive, else zero.
    pub fn normalize_or_zero(self) -> Self {
        let rcp = Vec4::ONE / sqrt(self.length_squared());
        let finite = rcp.abs().cmplt(Vec4::splat(f32::INFINITY));
        Self {
            x: self.x * rcp,
            y: self.y * rcp,
        }
        .or_zero(finite & rcp.cmpgt(Vec4::ZERO))
    }

    /// `steer::truncate`: shortened to `max` where longer.
    pub fn truncate(self, max: f32) -> Self {
        let len_sq = self.length_squared();
        let over = len_sq.cmpgt(Vec4::splat(max * max)) & len_sq.cmpgt(Vec4::ZERO);
        let k = Vec4::splat(max) / sqrt(len_sq);
        Self {
            x: Vec4::select(over, self.x * k, self.x),
            y: Vec4::select(over, self.y * k, self.y),
        }
    }
}

/// The square root of each lane.
pub fn sqrt(v: Vec4) -> Vec4 {
    Vec4::from_array(v.to_array().map(f32::sqrt))
}
