//! The window's own text (HUD, legend, footer, help, notices, labels):
//! a real TrueType font, rasterised at each size it is drawn at, where
//! macroquad's built-in bitmap font blurred and dropped strokes when
//! scaled ("Arriva|" for "Arrival").
//!
//! The font is Hack, the one egui already carries for its monospace text
//! (`epaint_default_fonts`): the same bytes serve both, so the page
//! downloads no second font; a script Hack lacks (Chinese) is drawn in
//! its language's font ([`steering_demos::text::language`]).
//!
//! The glyphs live in an atlas of our own rather than in macroquad's
//! font cache. Macroquad's atlas doubles whenever a glyph ends within its
//! two-pixel gap of a row's end, and re-packs in a hash map's random
//! order, so the same frame sometimes grew it to 8192x8192 (a quarter of a
//! gigabyte, uploaded whole): a first frame of a second one run and of a
//! minute the next. Here a glyph goes where the next one starts, the
//! atlas only grows downwards (a glyph never moves), and only new rows
//! are uploaded.

use macroquad::color::Color;
use macroquad::math::{Rect, vec2};
use macroquad::texture::{DrawTextureParams, FilterMode, Image, Texture2D, draw_texture_ex};
use std::cell::RefCell;
use std::collections::HashMap;
use steering_demos::text::bidi::visual;
use steering_demos::text::shape::needs_shaping;

/// Pixel sizes are whole: a glyph is rasterised for the size it is shown at.
fn pixels(size: f32) -> u16 {
    size.round().clamp(1.0, 200.0) as u16
}

/// Draws `text` (one line, in reading order) with its baseline at `y`:
/// Arabic joined and in drawing order ([`visual`]).
pub fn draw_text(text: impl AsRef<str>, x: f32, y: f32, size: f32, color: Color) {
    with_drawn(text.as_ref(), |line| {
        GLYPHS.with_borrow_mut(|glyphs| {
            if let Some(glyphs) = glyphs {
                glyphs.draw(line, x.round(), y.round(), pixels(size), color);
            }
        });
    });
}

/// How wide `text` is at `size`, in pixels, as [`draw_text`] draws it.
pub fn text_width(text: &str, size: f32) -> f32 {
    with_drawn(text, |line| {
        GLYPHS.with_borrow(|glyphs| {
            glyphs
                .as_ref()
                .map_or(0.0, |g| g.width(line, f32::from(pixels(size))))
        })
    })
}

/// Calls `f` with `text` as drawn ([`visual`]). A line that needs joining
/// and ordering is worked out once and kept: a frame measures the same
/// Arabic line many times (fitting, wrapping) and draws it each frame.
fn with_drawn<T>(text: &str, f: impl FnOnce(&str) -> T) -> T {
    if !needs_shaping(text) {
        return f(text);
    }
    ORDERED.with_borrow_mut(|ordered| {
        if ordered.len() > ORDERED_KEPT {
            ordered.clear();
        }
        let line = (ordered.entry(text.to_string())).or_insert_with(|| visual(text).text.into());
        f(line)
    })
}

/// Lines kept by [`with_drawn`] before it starts afresh (a window's text
/// is a few hundred lines; fitting one tries each of its lengths).
const ORDERED_KEPT: usize = 4096;

/// Takes in the fonts of languages fetched since the atlas was made (the
/// page fetches a script's font when its language is chosen).
pub fn reload_fonts() {
    GLYPHS.with_borrow_mut(|glyphs| *glyphs = Glyphs::new());
}

/// Called before a frame draws: lets go of the textures the atlas
/// outgrew during the last frame (its draw calls still used them).
pub fn new_frame() {
    GLYPHS.with_borrow_mut(|glyphs| {
        if let Some(glyphs) = glyphs {
            glyphs.retired.clear();
        }
    });
}

thread_local! {
    /// Lines as drawn, by the line as read ([`with_drawn`]).
    static ORDERED: RefCell<HashMap<String, String>> = RefCell::new(HashMap::new());

    /// The window's glyphs (`None` if the font would not load: then no
    /// text, rather than a crash). Macroquad draws on one thread.
    static GLYPHS: RefCell<Option<Glyphs>> = RefCell::new(Glyphs::new());
}

/// Where a glyph is in the atlas, and how it sits on the baseline.
#[derive(Clone, Copy)]
struct Glyph {
    at: Slot,
    /// From the pen to the bitmap's left edge, and from the baseline up
    /// to its bottom edge (fontdue's `xmin`, `ymin`).
    offset: (f32, f32),
    advance: f32,
}

struct Glyphs {
    /// Hack, then each script's font this build carries: a character is
    /// drawn in the first that has it.
    fonts: Vec<fontdue::Font>,
    shelves: Shelves,
    /// The atlas's pixels: white, with the glyph's coverage as alpha.
    image: Image,
    texture: Texture2D,
    /// Rows from here down were written since the last upload.
    dirty_from: Option<u16>,
    /// Textures replaced by a taller atlas this frame.
    retired: Vec<Texture2D>,
    cached: HashMap<(char, u16), Glyph>,
}

impl Glyphs {
    const WIDTH: u16 = 1024;
    const FIRST_HEIGHT: u16 = 256;

    fn new() -> Option<Self> {
        let settings = fontdue::FontSettings::default();
        let scripts = steering_demos::text::language::all().iter();
        let bytes = [epaint_default_fonts::HACK_REGULAR]
            .into_iter()
            .chain(scripts.filter_map(|l| l.font()));
        let fonts: Vec<fontdue::Font> = (bytes.map(|b| fontdue::Font::from_bytes(b, settings)))
            .collect::<Result<_, _>>()
            .ok()?;
        let image = blank(Self::WIDTH, Self::FIRST_HEIGHT);
        let texture = Texture2D::from_image(&image);
        texture.set_filter(FilterMode::Nearest);
        Some(Self {
            fonts,
            shelves: Shelves::new(Self::WIDTH),
            image,
            texture,
            dirty_from: None,
            retired: Vec::new(),
            cached: HashMap::new(),
        })
    }

    fn width(&self, text: &str, px: f32) -> f32 {
        let mut last = None;
        let mut width = 0.0;
        for c in text.chars() {
            width += self.kern(last, c, px) + self.font_of(c).metrics(c, px).advance_width;
            last = Some(c);
        }
        width
    }

    /// The first font that has `c` (Hack's box if none has).
    fn font_of(&self, c: char) -> &fontdue::Font {
        (self.fonts.iter())
            .find(|f| f.lookup_glyph_index(c) != 0)
            .unwrap_or(&self.fonts[0])
    }

    /// Kerning between two characters of Hack's (no pair across fonts).
    fn kern(&self, left: Option<char>, right: char, px: f32) -> f32 {
        left.and_then(|l| self.fonts[0].horizontal_kern(l, right, px))
            .unwrap_or(0.0)
    }

    fn draw(&mut self, text: &str, x: f32, y: f32, px: u16, color: Color) {
        let glyphs: Vec<(char, Glyph)> = text.chars().map(|c| (c, self.glyph(c, px))).collect();
        self.upload();
        let size = f32::from(px);
        let (mut pen, mut last) = (x, None);
        for (c, glyph) in glyphs {
            pen += self.kern(last, c, size);
            last = Some(c);
            let Slot { x: sx, y: sy, w, h } = glyph.at;
            if w > 0 && h > 0 {
                let (w, h) = (f32::from(w), f32::from(h));
                draw_texture_ex(
                    &self.texture,
                    pen + glyph.offset.0,
                    y - h - glyph.offset.1,
                    color,
                    DrawTextureParams {
                        dest_size: Some(vec2(w, h)),
                        source: Some(Rect::new(f32::from(sx), f32::from(sy), w, h)),
                        ..Default::default()
                    },
                );
            }
            pen += glyph.advance;
        }
    }

    /// The glyph of `c` at `px`, rasterised into the atlas the first time.
    fn glyph(&mut self, c: char, px: u16) -> Glyph {
        if let Some(&glyph) = self.cached.get(&(c, px)) {
            return glyph;
        }
        let (metrics, coverage) = self.font_of(c).rasterize(c, f32::from(px));
        let (w, h) = (metrics.width as u16, metrics.height as u16);
        let at = self.shelves.place(w, h);
        self.make_room(at.y + h);
        for (row, line) in coverage.chunks(usize::from(w.max(1))).enumerate() {
            for (col, &alpha) in line.iter().enumerate() {
                let i = 4
                    * ((usize::from(at.y) + row) * usize::from(Self::WIDTH)
                        + usize::from(at.x)
                        + col);
                self.image.bytes[i..i + 4].copy_from_slice(&[255, 255, 255, alpha]);
            }
        }
        if w > 0 && h > 0 {
            self.dirty_from = Some(self.dirty_from.map_or(at.y, |d| d.min(at.y)));
        }
        let glyph = Glyph {
            at,
            offset: (metrics.xmin as f32, metrics.ymin as f32),
            advance: metrics.advance_width,
        };
        self.cached.insert((c, px), glyph);
        glyph
    }

    /// Grows the atlas downwards (doubling) until it has `rows` rows; the
    /// texture it replaces lives until the next frame.
    fn make_room(&mut self, rows: u16) {
        if rows <= self.image.height {
            return;
        }
        let mut height = self.image.height;
        while height < rows {
            height = height.saturating_mul(2);
        }
        let mut taller = blank(Self::WIDTH, height);
        taller.bytes[..self.image.bytes.len()].copy_from_slice(&self.image.bytes);
        self.image = taller;
        let texture = Texture2D::from_image(&self.image);
        texture.set_filter(FilterMode::Nearest);
        self.retired
            .push(std::mem::replace(&mut self.texture, texture));
        self.dirty_from = None;
    }

    /// Sends the rows written since the last upload to the texture.
    fn upload(&mut self) {
        let Some(from) = self.dirty_from.take() else {
            return;
        };
        let to = self.shelves.bottom().min(self.image.height);
        let row = 4 * usize::from(Self::WIDTH);
        let part = Image {
            bytes: self.image.bytes[usize::from(from) * row..usize::from(to) * row].to_vec(),
            width: Self::WIDTH,
            height: to - from,
        };
        let (w, h) = (i32::from(Self::WIDTH), i32::from(to - from));
        self.texture.update_part(&part, 0, i32::from(from), w, h);
    }
}

fn blank(width: u16, height: u16) -> Image {
    Image {
        bytes: vec![0; 4 * usize::from(width) * usize::from(height)],
        width,
        height,
    }
}

/// A rectangle of the atlas, in pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Slot {
    x: u16,
    y: u16,
    w: u16,
    h: u16,
}

/// Shelf packing: glyphs side by side in rows, a row as tall as its
/// tallest glyph, a new row when the next glyph would pass the edge.
/// Nothing placed ever moves.
struct Shelves {
    width: u16,
    /// The current row's top, the next glyph's left, the row's height.
    top: u16,
    left: u16,
    height: u16,
}

impl Shelves {
    /// Pixels kept clear around each glyph (no neighbour bleeds in).
    const GAP: u16 = 1;

    fn new(width: u16) -> Self {
        Self {
            width,
            top: 0,
            left: 0,
            height: 0,
        }
    }

    fn place(&mut self, w: u16, h: u16) -> Slot {
        let w = w.min(self.width - Self::GAP);
        if self.left + w + Self::GAP > self.width {
            self.top += self.height + Self::GAP;
            (self.left, self.height) = (0, 0);
        }
        let at = Slot {
            x: self.left,
            y: self.top,
            w,
            h,
        };
        self.left += w + Self::GAP;
        self.height = self.height.max(h);
        at
    }

    /// The first row below everything placed.
    fn bottom(&self) -> u16 {
        self.top + self.height
    }
}

#[cfg(test)]
mod tests {
    use super::{Shelves, Slot};

    fn overlap(a: Slot, b: Slot) -> bool {
        a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
    }

    #[test]
    fn glyphs_never_overlap_nor_pass_the_edge_and_rows_fill_up() {
        let mut shelves = Shelves::new(64);
        let sizes = [
            (10, 14),
            (0, 0),
            (7, 20),
            (12, 9),
            (30, 16),
            (9, 9),
            (64, 3),
        ];
        let placed: Vec<Slot> = (0..40)
            .map(|i| sizes[i % sizes.len()])
            .map(|(w, h)| shelves.place(w, h))
            .collect();
        for (i, a) in placed.iter().enumerate() {
            assert!(a.x + a.w <= 64, "{a:?} passes the edge");
            assert!(a.y + a.h <= shelves.bottom(), "{a:?} below the bottom");
            for b in &placed[..i] {
                assert!(a.w == 0 || b.w == 0 || !overlap(*a, *b), "{a:?} on {b:?}");
            }
        }
        // Packed, not strewn: the rows use most of the area they take.
        let area: u32 = placed.iter().map(|s| u32::from(s.w) * u32::from(s.h)).sum();
        let taken = 64 * u32::from(shelves.bottom());
        assert!(area * 2 > taken, "{area} px of glyphs in {taken}");
    }

    #[test]
    fn the_same_glyphs_in_the_same_order_land_in_the_same_places() {
        let place = || {
            let mut shelves = Shelves::new(100);
            (1..50)
                .map(|i| shelves.place(i % 13, i % 7))
                .collect::<Vec<_>>()
        };
        assert_eq!(place(), place());
    }
}
