//! Flow field following (*The Nature of Code*, ch. 5; Reynolds): the
//! stage is a grid of cells, each holding a direction; an agent wants to
//! go the way its cell points, at full speed, and steers by the difference.
//! The directions here follow the contour lines of smooth noise that
//! drifts slowly, and a person can paint over them with the pointer.

use glam::Vec2;

/// A grid of directions over the stage.
#[derive(Debug, Clone, PartialEq)]
pub struct FlowField {
    /// The side of a cell, in px.
    pub cell: f32,
    pub cols: usize,
    pub rows: usize,
    /// Each cell's direction from the noise, row by row (unit vectors).
    noise: Vec<Vec2>,
    /// What painting left in each cell: a direction and how much of it is
    /// left (1 just painted, fading to 0).
    paint: Vec<(Vec2, f32)>,
}

impl FlowField {
    /// A field of `cell`-px cells over a `stage`-sized world, all pointing right.
    /// The most cells a field has: a 100,000 px stage (the largest) in
    /// 100 px cells (the largest); some 24 MB, refilled every tick.
    pub const MAX_CELLS: usize = 1_000_000;

    /// Columns and rows of a field over `stage` in `cell`-px cells.
    pub fn grid(stage: Vec2, cell: f32) -> (usize, usize) {
        let cell = cell.max(1.0);
        let cols = (stage.x / cell).ceil().max(1.0) as usize;
        let rows = (stage.y / cell).ceil().max(1.0) as usize;
        (cols, rows)
    }

    pub fn new(stage: Vec2, cell: f32) -> Self {
        let (cols, rows) = Self::grid(stage, cell);
        let cell = cell.max(1.0);
        Self {
            cell,
            cols,
            rows,
            noise: vec![Vec2::X; cols * rows],
            paint: vec![(Vec2::ZERO, 0.0); cols * rows],
        }
    }

    /// Fills the cells from smooth noise at `time` (`scale`: noise units
    /// per cell; smaller is smoother), as *The Nature of Code* does: each
    /// cell's angle is the noise mapped from [0, 1) to a full turn. The
    /// noise sums four octaves (Processing's `noise()`), so its values
    /// gather around the middle and the field has a general drift, with
    /// meanders, rather than pointing every way at once.
    pub fn fill(&mut self, seed: u64, scale: f32, time: f32) {
        for row in 0..self.rows {
            for col in 0..self.cols {
                let (x, y) = (col as f32 * scale, row as f32 * scale);
                let angle = fractal_noise(seed, x, y, time) * std::f32::consts::TAU;
                self.noise[row * self.cols + col] = super::unit(angle);
            }
        }
    }

    /// The index of the cell holding `p` (clamped to the grid).
    fn index(&self, p: Vec2) -> usize {
        let col = ((p.x / self.cell).floor().max(0.0) as usize).min(self.cols - 1);
        let row = ((p.y / self.cell).floor().max(0.0) as usize).min(self.rows - 1);
        row * self.cols + col
    }

    /// The direction at `p` (a unit vector): the four nearest cells'
    /// directions blended by how near their centres are (bilinear), each
    /// turned toward what was painted there as much as the paint is still
    /// fresh. *The Nature of Code* reads the one cell `p` is in; blending
    /// takes away the jolt at every cell border, where an agent would
    /// otherwise zigzag.
    pub fn at(&self, p: Vec2) -> Vec2 {
        let p = if p.is_finite() { p } else { Vec2::ZERO };
        let max = Vec2::new(self.cols as f32 - 1.0, self.rows as f32 - 1.0);
        let g = (p / self.cell - 0.5).clamp(Vec2::ZERO, max);
        let (c0, r0) = (g.x.floor() as usize, g.y.floor() as usize);
        let (c1, r1) = ((c0 + 1).min(self.cols - 1), (r0 + 1).min(self.rows - 1));
        let f = g - Vec2::new(c0 as f32, r0 as f32);
        let cell = |c: usize, r: usize| self.cell_direction(r * self.cols + c);
        let top = cell(c0, r0).lerp(cell(c1, r0), f.x);
        let bottom = cell(c0, r1).lerp(cell(c1, r1), f.x);
        let k = self.index(p);
        top.lerp(bottom, f.y)
            .try_normalize()
            .unwrap_or(self.cell_direction(k))
    }

    /// Cell `k`'s own direction: the noise's, turned toward the paint.
    fn cell_direction(&self, k: usize) -> Vec2 {
        let (painted, fresh) = self.paint[k];
        self.noise[k]
            .lerp(painted, fresh)
            .try_normalize()
            .unwrap_or(self.noise[k])
    }

    /// Paints `direction` into every cell whose centre is within `radius`
    /// of `at`.
    pub fn paint(&mut self, at: Vec2, direction: Vec2, radius: f32) {
        let Some(direction) = direction.try_normalize() else {
            return;
        };
        for k in 0..self.paint.len() {
            if self.centre(k).distance(at) <= radius {
                self.paint[k] = (direction, 1.0);
            }
        }
    }

    /// Lets the paint fade by `factor` (per call: once a tick).
    pub fn fade(&mut self, factor: f32) {
        for (_, fresh) in &mut self.paint {
            *fresh *= factor;
        }
    }

    /// The centre of cell `k`.
    pub fn centre(&self, k: usize) -> Vec2 {
        let (row, col) = (k / self.cols, k % self.cols);
        (Vec2::new(col as f32, row as f32) + 0.5) * self.cell
    }

    /// How many cells there are.
    pub fn len(&self) -> usize {
        self.noise.len()
    }

    /// Whether the field has no cells (never: at least one).
    pub fn is_empty(&self) -> bool {
        self.noise.is_empty()
    }
}

/// The flow force: the field's direction at full speed, less the velocity.
pub fn follow_flow(velocity: Vec2, direction: Vec2, max_speed: f32) -> Vec2 {
    direction * max_speed - velocity
}

/// Smooth value noise in 3-D, from 0 to 1: random values on a lattice,
/// blended with a smoothstep, so it changes gently in space and time.
pub fn noise(seed: u64, x: f32, y: f32, t: f32) -> f32 {
    let (x0, y0, t0) = (x.floor(), y.floor(), t.floor());
    let smooth = |f: f32| f * f * (3.0 - 2.0 * f);
    let (fx, fy, ft) = (smooth(x - x0), smooth(y - y0), smooth(t - t0));
    let at = |dx: f32, dy: f32, dt: f32| lattice(seed, x0 + dx, y0 + dy, t0 + dt);
    let lerp = |a: f32, b: f32, f: f32| a + (b - a) * f;
    let plane = |dt: f32| {
        let bottom = lerp(at(0.0, 0.0, dt), at(1.0, 0.0, dt), fx);
        let top = lerp(at(0.0, 1.0, dt), at(1.0, 1.0, dt), fx);
        lerp(bottom, top, fy)
    };
    lerp(plane(0.0), plane(1.0), ft)
}

/// Processing's `noise()`: four octaves of [`noise`], each at twice the
/// frequency and half the weight of the one before (`noiseDetail(4,
/// 0.5)`), summed; from 0 to just under 1, mostly near the middle.
pub fn fractal_noise(seed: u64, x: f32, y: f32, t: f32) -> f32 {
    let mut sum = 0.0;
    let (mut frequency, mut weight) = (1.0, 0.5);
    for octave in 0..4u64 {
        sum += weight
            * noise(
                seed.wrapping_add(octave),
                x * frequency,
                y * frequency,
                t * frequency,
            );
        frequency *= 2.0;
        weight *= 0.5;
    }
    sum
}

/// A random value in [0, 1) for a lattice point (a hash, no state).
fn lattice(seed: u64, x: f32, y: f32, t: f32) -> f32 {
    let mut h = seed ^ 0x9e37_79b9_7f4a_7c15;
    for v in [x, y, t] {
        h ^= (v as i64 as u64).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        h = (h ^ (h >> 31)).wrapping_mul(0x94d0_49bb_1331_11eb);
    }
    h ^= h >> 29;
    (h >> 40) as f32 / (1u64 << 24) as f32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flow_force_turns_the_velocity_toward_the_field() {
        let f = follow_flow(Vec2::new(1.0, 0.0), Vec2::Y, 3.0);
        assert_eq!(f, Vec2::new(-1.0, 3.0));
    }

    #[test]
    fn noise_is_smooth_bounded_and_seeded() {
        let mut previous = noise(1, 0.0, 0.3, 0.0);
        for k in 1..400 {
            let x = k as f32 * 0.01;
            let n = noise(1, x, 0.3, 0.0);
            assert!((0.0..1.0).contains(&n));
            assert!((n - previous).abs() < 0.05, "a jump at {x}");
            previous = n;
        }
        assert_eq!(noise(7, 1.3, 2.7, 0.5), noise(7, 1.3, 2.7, 0.5));
        assert_ne!(noise(7, 1.3, 2.7, 0.5), noise(8, 1.3, 2.7, 0.5));
    }

    #[test]
    fn between_cell_centres_the_directions_blend() {
        // Two cells side by side, 10 px each: right, then down.
        let mut field = FlowField::new(Vec2::new(20.0, 10.0), 10.0);
        field.noise = vec![Vec2::X, Vec2::Y];
        // At a centre, that cell's own direction.
        assert!(field.at(Vec2::new(5.0, 5.0)).abs_diff_eq(Vec2::X, 1e-6));
        assert!(field.at(Vec2::new(15.0, 5.0)).abs_diff_eq(Vec2::Y, 1e-6));
        // Halfway between: half of each, normalized.
        let d = std::f32::consts::FRAC_1_SQRT_2;
        assert!(
            field
                .at(Vec2::new(10.0, 5.0))
                .abs_diff_eq(Vec2::new(d, d), 1e-6)
        );
        // A quarter of the way: (0.75, 0.25), normalized.
        let quarter = Vec2::new(0.75, 0.25).normalize();
        assert!(field.at(Vec2::new(7.5, 5.0)).abs_diff_eq(quarter, 1e-6));
        // Opposite directions cancel halfway: the direction of the cell
        // the point is in (on the border: the right one) is kept.
        field.noise = vec![Vec2::X, -Vec2::X];
        assert_eq!(field.at(Vec2::new(10.0, 5.0)), -Vec2::X);
    }

    #[test]
    fn fractal_noise_gathers_near_the_middle() {
        let values: Vec<f32> = (0..2000)
            .map(|k| fractal_noise(3, k as f32 * 0.173, k as f32 * 0.071, 0.5))
            .collect();
        assert!(values.iter().all(|v| (0.0..1.0).contains(v)));
        let mean = values.iter().sum::<f32>() / values.len() as f32;
        let near = values.iter().filter(|&&v| (v - mean).abs() < 0.2).count();
        assert!((0.4..0.6).contains(&mean), "mean {mean}");
        assert!(near > 1800, "only {near} of 2000 within 0.2 of the mean");
    }

    #[test]
    fn paint_covers_its_brush_and_fades() {
        let mut field = FlowField::new(Vec2::new(100.0, 100.0), 10.0);
        assert_eq!((field.cols, field.rows, field.len()), (10, 10, 100));
        field.paint(Vec2::new(50.0, 50.0), Vec2::new(0.0, 2.0), 10.0);
        assert_eq!(field.at(Vec2::new(52.0, 52.0)), Vec2::Y);
        assert_eq!(field.at(Vec2::new(5.0, 5.0)), Vec2::X, "outside the brush");
        field.fade(0.5);
        let half = field.at(Vec2::new(52.0, 52.0));
        assert!(
            half.abs_diff_eq(Vec2::new(1.0, 1.0).normalize(), 1e-5),
            "{half}"
        );
        // Off the grid: the nearest cell.
        assert_eq!(field.at(Vec2::new(-50.0, 500.0)), Vec2::X);
    }
}
