//! A crowd too fine to draw agent by agent, painted as one picture.
//!
//! A million boids on a 1280x800 window stand less than a pixel apart:
//! drawn one triangle each they show noise, and on software GL (llvmpipe,
//! two cores) the triangles' vertex work alone took 0.6 to 1.7 s a frame,
//! whatever the primitive, because it does not spread over the cores.
//! Here every agent is instead counted in the pixel it stands on, with
//! its heading, on the CPU and on every thread, into one image the window
//! draws as a single texture. A pixel's colour says two things:
//!
//! - **how many** stand there: the more, the more opaque (one agent a
//!   light touch, five nearly solid, none clear: the stage and its walls
//!   show through);
//! - **where they go**: the hue of their mean heading (right red, down
//!   green, up blue, left between them), greyer where headings disagree,
//!   so a flock reads as a patch of one colour and a jam as grey.
//!
//! Every agent is first marked with its pixel and heading (the threads
//! share the agents), then each thread paints its own band of rows from
//! the marks that fall in it; headings are added as integers, so the
//! picture is the same for any thread count.

use glam::Vec2;
use rayon::prelude::*;

/// A heading's unit, in the integer sums: 64 steps per unit length.
const UNIT: f32 = 64.0;

/// What one more agent leaves of what is under it: a pixel with `n`
/// agents lets `SHOWS_THROUGH^n` of the stage through.
const SHOWS_THROUGH: f32 = 0.6;

/// Counts above this colour a pixel as this many (the colour is nearly
/// solid long before).
const MOST: usize = 16;

/// The three directions whose closeness to the mean heading make red,
/// green and blue (120 degrees apart; screen y points down).
const HUES: [Vec2; 3] = [
    Vec2::new(1.0, 0.0),
    Vec2::new(-0.5, 0.866_025_4),
    Vec2::new(-0.5, -0.866_025_4),
];

/// Where the world lands on the picture: pixel = world * scale + offset.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Frame {
    pub scale: f32,
    pub offset: Vec2,
    /// The picture's size in pixels.
    pub width: usize,
    pub height: usize,
}

/// The picture and what it counts, kept between frames (a million-pixel
/// window's worth, and a mark per agent, allocated once).
#[derive(Debug, Default)]
pub struct Density {
    marks: Vec<Mark>,
    count: Vec<u32>,
    heading: Vec<[i32; 2]>,
    rgba: Vec<u8>,
}

/// Where one agent lands on the picture (a pixel's index, [`Mark::OFF`]
/// when off it) and its heading in [`UNIT`]s.
#[derive(Debug, Clone, Copy)]
struct Mark {
    pixel: u32,
    heading: [i16; 2],
}

impl Mark {
    const OFF: Mark = Mark {
        pixel: u32::MAX,
        heading: [0, 0],
    };

    /// The mark of an agent at `p` heading along `h`.
    fn of(p: Vec2, h: Vec2, frame: &Frame) -> Mark {
        let at = p * frame.scale + frame.offset;
        // Off the picture (or not a number): not counted.
        if !(at.x >= 0.0 && at.y >= 0.0 && at.x < frame.width as f32 && at.y < frame.height as f32)
        {
            return Mark::OFF;
        }
        let unit = h.normalize_or_zero() * UNIT;
        Mark {
            pixel: (at.y as usize * frame.width + at.x as usize) as u32,
            heading: [nearest(unit.x), nearest(unit.y)],
        }
    }
}

/// `x` (within an `i16`) rounded to the nearest whole number, halves away
/// from zero: in line, where `f32::round` calls the C library's on a
/// machine without SSE4.1.
fn nearest(x: f32) -> i16 {
    (x + 0.5f32.copysign(x)) as i16
}

impl Density {
    /// Paints agents at `positions` heading along `headings` (any length;
    /// zero for none), and returns the picture: rows of `frame.width`
    /// RGBA pixels (straight alpha), top first.
    ///
    /// In two passes over every thread: each agent's pixel and heading
    /// are worked out once, in runs of agents; then each thread counts,
    /// for its own band of rows, the marks that fall in it, and colours
    /// the band. Integer sums: the same picture for any thread count.
    pub fn paint(&mut self, positions: &[Vec2], headings: &[Vec2], frame: Frame) -> &[u8] {
        let frame = Frame {
            width: frame.width.max(1),
            height: frame.height.max(1),
            ..frame
        };
        let (width, pixels) = (frame.width, frame.width * frame.height);
        self.count.resize(pixels, 0);
        self.heading.resize(pixels, [0, 0]);
        self.rgba.resize(pixels * 4, 0);
        self.marks
            .resize(positions.len().min(headings.len()), Mark::OFF);
        (self.marks.par_chunks_mut(MARKS))
            .zip(positions.par_chunks(MARKS))
            .zip(headings.par_chunks(MARKS))
            .for_each(|((marks, positions), headings)| {
                for ((mark, &p), &h) in marks.iter_mut().zip(positions).zip(headings) {
                    *mark = Mark::of(p, h, &frame);
                }
            });
        let bands = rayon::current_num_threads().clamp(1, frame.height);
        let band = frame.height.div_ceil(bands) * width;
        let (marks, opacity) = (&self.marks, opacity());
        (self.count.par_chunks_mut(band))
            .zip(self.heading.par_chunks_mut(band))
            .zip(self.rgba.par_chunks_mut(band * 4))
            .enumerate()
            .for_each(|(k, ((count, heading), rgba))| {
                count.fill(0);
                heading.fill([0, 0]);
                let first = (k * band) as u32;
                for mark in marks {
                    // Below the band wraps round to a large index.
                    let at = mark.pixel.wrapping_sub(first) as usize;
                    if at < count.len() {
                        count[at] += 1;
                        heading[at][0] += i32::from(mark.heading[0]);
                        heading[at][1] += i32::from(mark.heading[1]);
                    }
                }
                for ((&n, &sum), out) in count
                    .iter()
                    .zip(heading.iter())
                    .zip(rgba.chunks_exact_mut(4))
                {
                    out.copy_from_slice(&colour(n, sum, &opacity));
                }
            });
        &self.rgba
    }
}

/// Agents a thread marks at a time.
const MARKS: usize = 16 * 1024;

/// How opaque a pixel with 0, 1, ... `MOST` agents is, from 0 to 1.
fn opacity() -> [f32; MOST + 1] {
    let mut through = 1.0;
    std::array::from_fn(|_| {
        let opacity = 1.0 - through;
        through *= SHOWS_THROUGH;
        opacity
    })
}

/// The colour (red, green, blue, from 0 to 1) of agents whose mean
/// heading is `mean`: a hue for its direction, grey as it shortens (the
/// legend shows the hues of a few directions).
pub fn ink(mean: Vec2) -> [f32; 3] {
    HUES.map(|hue| 0.42 + 0.38 * mean.dot(hue))
}

/// A pixel's colour: `n` agents whose headings add up to `sum` (in
/// `UNIT`s).
fn colour(n: u32, sum: [i32; 2], opacity: &[f32; MOST + 1]) -> [u8; 4] {
    if n == 0 {
        return [0; 4];
    }
    // The mean heading: as long as 1 when all agree, near 0 when they
    // cancel (grey).
    let mean = Vec2::new(sum[0] as f32, sum[1] as f32) / (n as f32 * UNIT);
    let [r, g, b] = ink(mean);
    let alpha = opacity[(n as usize).min(MOST)];
    // Rounded in line (`f32::round` is a call without SSE4.1).
    [r, g, b, alpha].map(|c| (c.clamp(0.0, 1.0) * 255.0 + 0.5) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(width: usize, height: usize) -> Frame {
        Frame {
            scale: 1.0,
            offset: Vec2::ZERO,
            width,
            height,
        }
    }

    fn pixel(rgba: &[u8], width: usize, x: usize, y: usize) -> [u8; 4] {
        let k = (y * width + x) * 4;
        [rgba[k], rgba[k + 1], rgba[k + 2], rgba[k + 3]]
    }

    #[test]
    fn more_agents_make_a_pixel_more_opaque_and_an_empty_one_is_clear() {
        let mut density = Density::default();
        let right = Vec2::X;
        let positions = [
            Vec2::new(1.5, 1.5),
            Vec2::new(3.2, 1.1),
            Vec2::new(3.7, 1.9),
            Vec2::new(3.5, 1.5),
        ];
        let rgba = density.paint(&positions, &[right; 4], frame(6, 4)).to_vec();
        assert_eq!(pixel(&rgba, 6, 0, 0), [0; 4]);
        let (one, three) = (pixel(&rgba, 6, 1, 1), pixel(&rgba, 6, 3, 1));
        assert_eq!(one[..3], three[..3], "the same heading, the same colour");
        assert!(
            0 < one[3] && one[3] < three[3],
            "{three:?} more opaque than {one:?}"
        );
    }

    #[test]
    fn the_hue_follows_the_heading_and_disagreement_is_grey() {
        let mut density = Density::default();
        let at = |x: f32| [Vec2::new(x, 0.5); 4];
        let positions: Vec<Vec2> = [at(0.5), at(1.5), at(2.5)].concat();
        let headings: Vec<Vec2> = [
            [Vec2::X; 4],
            [Vec2::Y; 4],
            [Vec2::X, -Vec2::X, Vec2::Y, -Vec2::Y],
        ]
        .concat();
        let rgba = density.paint(&positions, &headings, frame(3, 1)).to_vec();
        let [right, down, mixed] = [0, 1, 2].map(|x| pixel(&rgba, 3, x, 0));
        assert!(
            right[0] > right[1] && right[0] > right[2],
            "right is red: {right:?}"
        );
        assert!(
            down[1] > down[0] && down[1] > down[2],
            "down is green: {down:?}"
        );
        assert!(
            mixed[0].abs_diff(mixed[1]) < 3 && mixed[1].abs_diff(mixed[2]) < 3,
            "grey: {mixed:?}"
        );
    }

    #[test]
    fn the_picture_is_the_same_on_any_thread_count_and_off_picture_agents_are_dropped() {
        // Points spread over more than the picture, some off it.
        let positions: Vec<Vec2> = (0..20_000u32)
            .map(|k| {
                let k = k.wrapping_mul(2_654_435_761);
                Vec2::new((k % 160) as f32 - 20.0, (k / 160 % 120) as f32 - 20.0) + 0.37
            })
            .chain([Vec2::NAN, Vec2::INFINITY])
            .collect();
        let headings: Vec<Vec2> = positions.iter().map(|p| p.perp()).collect();
        let frame = Frame {
            scale: 0.8,
            offset: Vec2::new(3.0, -2.0),
            width: 97,
            height: 61,
        };
        let paint = |threads| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| {
                Density::default()
                    .paint(&positions, &headings, frame)
                    .to_vec()
            })
        };
        let one = paint(1);
        assert_eq!(one.len(), 97 * 61 * 4);
        assert_eq!(one, paint(2));
        assert_eq!(one, paint(5));
    }
}
