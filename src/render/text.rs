//! The one font of the window's own text (HUD, legend, footer, help,
//! notices): a real TrueType font, rasterised at each size it is drawn
//! at, where macroquad's built-in bitmap font blurred and dropped strokes
//! when scaled ("Arriva|" for "Arrival").
//!
//! The font is Hack, the one egui already carries for its monospace text
//! (`epaint_default_fonts`): the same bytes serve both, so the page
//! downloads no second font.

use macroquad::color::Color;
use macroquad::text::{Font, TextParams, draw_text_ex, load_ttf_font_from_bytes, measure_text};
use std::sync::{Mutex, OnceLock};

/// The font, loaded once (`None` if its bytes would not load: then
/// macroquad's own, rather than no text).
fn font() -> Option<&'static Font> {
    static FONT: OnceLock<Option<Font>> = OnceLock::new();
    FONT.get_or_init(|| load_ttf_font_from_bytes(epaint_default_fonts::HACK_REGULAR).ok())
        .as_ref()
}

/// Pixel sizes are whole: a glyph is rasterised for the size it is shown at.
fn pixels(size: f32) -> u16 {
    size.round().clamp(1.0, 200.0) as u16
}

/// The characters the window's text uses beyond printable ASCII.
const BEYOND_ASCII: &str = "²×°…–·";

/// Rasterises every character the window writes at `size`, once per size,
/// before the frame draws any text. A glyph first met in mid-frame can
/// grow the font's atlas, which replaces its texture while the frame's
/// earlier text still points at the old one (WebGL says "glBindTexture
/// called with an already deleted texture").
pub fn warm(size: f32) {
    static WARMED: Mutex<Vec<u16>> = Mutex::new(Vec::new());
    let (Some(font), px) = (font(), pixels(size)) else {
        return;
    };
    let mut warmed = WARMED.lock().unwrap_or_else(|e| e.into_inner());
    if !warmed.contains(&px) {
        let mut chars = Font::ascii_character_list();
        chars.extend(BEYOND_ASCII.chars());
        font.populate_font_cache(&chars, px);
        warmed.push(px);
    }
}

/// Draws `text` with its baseline at `y`.
pub fn draw_text(text: impl AsRef<str>, x: f32, y: f32, size: f32, color: Color) {
    let params = TextParams {
        font: font(),
        font_size: pixels(size),
        color,
        ..TextParams::default()
    };
    draw_text_ex(text.as_ref(), x.round(), y.round(), params);
}

/// How wide `text` is at `size`, in pixels.
pub fn text_width(text: &str, size: f32) -> f32 {
    measure_text(text, font(), pixels(size), 1.0).width
}
