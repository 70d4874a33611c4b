//! The encoder: window frames to GIF frames (downscale, quantize to the
//! fixed palette, keep what changed). See the [module docs](super).

use std::borrow::Cow;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

use gif::{DisposalMethod, Frame, Repeat};

use super::Cause;

/// The widest clip, in pixels: a wider window is scaled down to it.
pub const MAX_WIDTH: u32 = 1280;

/// The fixed palette, `[r, g, b, ...]`: the colour cube (levels `r`, `g`,
/// `b` of `0..6`, each standing for `51 * level`, at index `36 r + 6 g +
/// b`), then the 35 greys between the cube's six (41 grey levels in all,
/// `255 / 40` apart), then the transparent entry (black, never shown).
pub const PALETTE: [u8; 3 * COLOURS] = palette();
/// Entries in [`PALETTE`], the transparent one included.
const COLOURS: usize = 216 + 35 + 1;
/// The index of unchanged pixels: the last entry.
const TRANSPARENT: u8 = (COLOURS - 1) as u8;
/// Grey levels, `0..=GREY_STEPS`, level `k` being `255 k / 40`.
const GREY_STEPS: u32 = 40;
/// The distance to a palette entry weighs red, green and blue 2, 4, 3: a
/// rough match to the eye (most sensitive to green) that is cheap to apply.
pub(super) const WEIGHTS: [u32; 3] = [2, 4, 3];

const fn palette() -> [u8; 3 * COLOURS] {
    let mut p = [0; 3 * COLOURS];
    let mut i = 0;
    while i < 216 {
        p[3 * i] = (i / 36) as u8 * 51;
        p[3 * i + 1] = (i / 6 % 6) as u8 * 51;
        p[3 * i + 2] = (i % 6) as u8 * 51;
        i += 1;
    }
    let mut k = 0;
    while k <= GREY_STEPS {
        if !k.is_multiple_of(8) {
            let at = 3 * grey_index(k) as usize;
            let level = grey(k);
            p[at] = level;
            p[at + 1] = level;
            p[at + 2] = level;
        }
        k += 1;
    }
    p
}

/// Grey level `k` of `0..=40`.
pub(super) const fn grey(k: u32) -> u8 {
    ((k * 255 + GREY_STEPS / 2) / GREY_STEPS) as u8
}

/// The palette index of grey level `k`: every 8th level is a cube grey.
const fn grey_index(k: u32) -> u8 {
    if k.is_multiple_of(8) {
        (k / 8 * 43) as u8
    } else {
        (216 + k / 8 * 7 + k % 8 - 1) as u8
    }
}

pub(super) fn distance(a: [u32; 3], b: [u32; 3]) -> u32 {
    (0..3)
        .map(|i| WEIGHTS[i] * a[i].abs_diff(b[i]).pow(2))
        .sum()
}

/// The index of the palette entry nearest to `rgb`. The weighted distance
/// splits by channel, so the nearest cube colour rounds each channel to
/// its nearest level, and the nearest grey is the grey nearest to the
/// weighted mean: the nearer of those two is the nearest entry.
pub(super) fn index(rgb: [u8; 3]) -> u8 {
    let rgb = rgb.map(u32::from);
    let level = rgb.map(|c| (c + 25) / 51);
    let cube = level.map(|l| l * 51);
    let weight: u32 = WEIGHTS.iter().sum();
    let mean: u32 = (0..3).map(|i| WEIGHTS[i] * rgb[i]).sum();
    // round(mean / weight / (255 / 40)): at most 40.
    let k = (mean * GREY_STEPS * 2 + 255 * weight) / (2 * 255 * weight);
    let g = u32::from(grey(k));
    if distance(rgb, [g; 3]) < distance(rgb, cube) {
        grey_index(k)
    } else {
        (level[0] * 36 + level[1] * 6 + level[2]) as u8
    }
}

/// The clip's size for frames of `width` x `height`: at most [`MAX_WIDTH`]
/// wide, the aspect kept; `None` if a side is 0 or the clip would be
/// taller than a GIF can be (65,535).
pub(super) fn clip_size(width: u32, height: u32) -> Option<(u16, u16)> {
    if width == 0 || height == 0 {
        return None;
    }
    let w = width.min(MAX_WIDTH);
    let h = (u64::from(height) * u64::from(w) * 2 + u64::from(width)) / (2 * u64::from(width));
    Some((u16::try_from(w).ok()?, u16::try_from(h.max(1)).ok()?))
}

/// Hundredths of a second frame `k` stays on screen at `fps` frames a
/// second: the rounded times of frames `k + 1` and `k` apart.
fn delay(k: u32, fps: u32) -> u16 {
    let fps = u64::from(fps.max(1));
    let at = |k: u64| (200 * k + fps) / (2 * fps);
    let k = u64::from(k);
    u16::try_from(at(k + 1) - at(k)).unwrap_or(u16::MAX)
}

/// The rectangle `[left, top, right, bottom)` holding every pixel that
/// differs between two images `width` pixels wide; `None` if none does.
fn changed_box(old: &[u8], new: &[u8], width: usize) -> Option<[usize; 4]> {
    let rows = || old.chunks_exact(width).zip(new.chunks_exact(width));
    let top = rows().position(|(a, b)| a != b)?;
    let bottom = rows().rposition(|(a, b)| a != b)? + 1;
    let (mut left, mut right) = (width, 0);
    for (a, b) in rows().take(bottom).skip(top) {
        if let Some(l) = a[..left].iter().zip(b).position(|(x, y)| x != y) {
            left = l;
        }
        let (a, b) = (&a[right..], &b[right..]);
        if let Some(r) = a.iter().zip(b).rposition(|(x, y)| x != y) {
            right += r + 1;
        }
    }
    Some([left, top, right, bottom])
}

/// One window frame: RGBA8, rows top to bottom, its size checked.
pub(super) struct Image {
    rgba: Vec<u8>,
    width: usize,
    height: usize,
}

impl Image {
    pub(super) fn new(rgba: Vec<u8>, width: u32, height: u32) -> Option<Image> {
        let (width, height) = (usize::try_from(width).ok()?, usize::try_from(height).ok()?);
        let len = width.checked_mul(height)?.checked_mul(4)?;
        (width > 0 && height > 0 && rgba.len() == len).then_some(Image {
            rgba,
            width,
            height,
        })
    }
}

/// For each clip pixel along one side, the span of window pixels it
/// averages (one pixel, the nearest, when the window is the smaller).
fn spans(from: usize, to: usize) -> Vec<(usize, usize)> {
    (0..to)
        .map(|i| {
            let start = i * from / to;
            (start, ((i + 1) * from / to).max(start + 1))
        })
        .collect()
}

/// The worker's state: the clip as the viewer sees it so far, and the
/// frame being made.
pub(super) struct Canvas {
    width: u16,
    height: u16,
    fps: u32,
    /// Frames written.
    pub(super) frames: u32,
    /// The window size the spans are for, and the spans.
    source: (usize, usize),
    columns: Vec<(usize, usize)>,
    rows: Vec<(usize, usize)>,
    /// This frame's palette indices, and the composited clip so far.
    next: Vec<u8>,
    shown: Vec<u8>,
    /// The changed rectangle, unchanged pixels transparent.
    patch: Vec<u8>,
}

impl Canvas {
    pub(super) fn new(width: u16, height: u16, fps: u32) -> Canvas {
        let pixels = usize::from(width) * usize::from(height);
        Canvas {
            width,
            height,
            fps,
            frames: 0,
            source: (0, 0),
            columns: Vec::new(),
            rows: Vec::new(),
            next: vec![0; pixels],
            shown: vec![0; pixels],
            patch: Vec::with_capacity(pixels),
        }
    }

    /// Downscales and quantizes `image` into `next`.
    fn quantize(&mut self, image: &Image) {
        let (w, h) = (usize::from(self.width), usize::from(self.height));
        if self.source != (image.width, image.height) {
            self.source = (image.width, image.height);
            self.columns = spans(image.width, w);
            self.rows = spans(image.height, h);
        }
        let stride = 4 * image.width;
        for (&(y0, y1), out) in self.rows.iter().zip(self.next.chunks_exact_mut(w)) {
            for (&(x0, x1), out) in self.columns.iter().zip(out) {
                let mut sum = [0u64; 3];
                for row in image.rgba[y0 * stride..y1 * stride].chunks_exact(stride) {
                    for px in row[4 * x0..4 * x1].chunks_exact(4) {
                        sum[0] += u64::from(px[0]);
                        sum[1] += u64::from(px[1]);
                        sum[2] += u64::from(px[2]);
                    }
                }
                let n = ((y1 - y0) * (x1 - x0)) as u64;
                // The usual spans, 1 and 2x2 pixels, divide by a constant.
                let mean = |s: u64| match n {
                    1 => s as u8,
                    4 => ((s + 2) / 4) as u8,
                    _ => ((s + n / 2) / n) as u8,
                };
                *out = index(sum.map(mean));
            }
        }
    }

    /// The GIF frame that turns the clip so far into `next`.
    fn frame(&mut self) -> Frame<'_> {
        let mut frame = Frame {
            delay: delay(self.frames, self.fps),
            dispose: DisposalMethod::Keep,
            ..Frame::default()
        };
        let first = self.frames == 0;
        self.frames = self.frames.saturating_add(1);
        let w = usize::from(self.width);
        if first {
            self.shown.copy_from_slice(&self.next);
            frame.width = self.width;
            frame.height = self.height;
            frame.buffer = Cow::Borrowed(&self.next);
            return frame;
        }
        frame.transparent = Some(TRANSPARENT);
        self.patch.clear();
        let Some([left, top, right, bottom]) = changed_box(&self.shown, &self.next, w) else {
            // Nothing moved: one transparent pixel keeps the time.
            self.patch.push(TRANSPARENT);
            frame.width = 1;
            frame.height = 1;
            frame.buffer = Cow::Borrowed(&self.patch);
            return frame;
        };
        let rows = self
            .shown
            .chunks_exact_mut(w)
            .zip(self.next.chunks_exact(w));
        for (shown, next) in rows.take(bottom).skip(top) {
            for (old, &new) in shown[left..right].iter_mut().zip(&next[left..right]) {
                self.patch.push(if *old == new { TRANSPARENT } else { new });
                *old = new;
            }
        }
        // The box lies within the clip, whose sides fit in a u16.
        let side = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
        frame.left = side(left);
        frame.top = side(top);
        frame.width = side(right - left);
        frame.height = side(bottom - top);
        frame.buffer = Cow::Borrowed(&self.patch);
        frame
    }
}

/// Writes a GIF of `frames` to `out`, until they end or `stop` is set.
pub(super) fn encode<W: Write>(
    out: W,
    frames: impl IntoIterator<Item = Image>,
    canvas: &mut Canvas,
    stop: &AtomicBool,
) -> Result<W, Cause> {
    let mut gif = gif::Encoder::new(out, canvas.width, canvas.height, &PALETTE)?;
    gif.set_repeat(Repeat::Infinite)?;
    let mut last: Option<Image> = None;
    for image in frames {
        if stop.load(Ordering::Relaxed) {
            return Err(Cause::Stopped);
        }
        // A frame like the one before (a slow window's frame, copied to
        // keep time) is compared, not quantized again: a compare is some
        // hundred times cheaper, and a stalled window's copies come many
        // at once.
        let again = last.as_ref().is_some_and(|l| {
            (l.width, l.height) == (image.width, image.height) && l.rgba == image.rgba
        });
        if !again {
            canvas.quantize(&image);
        }
        gif.write_frame(&canvas.frame())?;
        last = Some(image);
    }
    if stop.load(Ordering::Relaxed) {
        return Err(Cause::Stopped);
    }
    Ok(gif.into_inner()?)
}

#[cfg(test)]
mod tests;
