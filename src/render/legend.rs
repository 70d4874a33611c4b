//! The legend line under the HUD: the colour of each force drawn (or how
//! to show them) on the left, and on the right who is who: each role's
//! colour and name, or, for a crowd painted as one picture, what its
//! colours say.

use super::hud::{BODY_SIZE, MARGIN, Side, fit, text_sizes, width};
use super::palette::{BACKGROUND, TEXT, TEXT_DIM, headings, legend_color, role_color};
use super::text::draw_text;
use macroquad::color::Color;
use macroquad::shapes::{draw_circle, draw_line, draw_rectangle};
use steering_demos::layout::{Layout, Rect};
use steering_demos::overlay::Meaning;
use steering_demos::sim::crowd::Look;
use steering_demos::text::text;
use steering_demos::words::{self, Word};

/// The smallest text the legend shrinks to so that every entry fits.
const LEGEND_MIN_SIZE: f32 = 10.0;

/// An entry at the legend's right end: coloured dots, then a name.
struct Key<'a> {
    dots: Vec<Color>,
    label: &'a str,
}

/// A legend swatch's length at text size `size`.
fn swatch(size: f32) -> f32 {
    size * 22.0 / BODY_SIZE
}

/// A dot's radius at text size `size`.
fn dot(size: f32) -> f32 {
    swatch(size) * 0.3
}

/// The room a key takes at text size `size`.
fn key_width(key: &Key, size: f32) -> f32 {
    2.0 * dot(size) * key.dots.len() as f32 + 6.0 + width(key.label, size) + MARGIN
}

/// The room a force's entry takes at text size `size`.
fn meaning_width(m: Meaning, size: f32) -> f32 {
    swatch(size) + 6.0 + width(words::meaning(m).shown(), size) + 2.0 * MARGIN
}

/// The legend line: the forces drawn (`meanings`) on the left, who is
/// who on the right: each role (`roles`, from the scene; `fade_alpha` for
/// a faded look), or, when the crowd is painted as one picture (`dense`),
/// the hues of a few headings and what colour and strength say. Each
/// colour is the one the stage shows ([`role_color`], [`legend_color`]),
/// and the text shrinks until every entry fits: a shape on the stage with
/// no entry cannot be read.
pub fn draw_legend(
    meanings: &[Meaning],
    roles: &[(Look, Word)],
    fade_alpha: f32,
    layout: &Layout,
    dense: bool,
) {
    let r = layout.legend;
    draw_rectangle(r.x, r.y, r.w, r.h, BACKGROUND);
    let keys: Vec<Key> = if dense {
        let painted = Key {
            dots: headings().to_vec(),
            label: text("legend.density"),
        };
        vec![painted]
    } else {
        (roles.iter())
            .map(|(look, label)| Key {
                dots: vec![role_color(*look, fade_alpha)],
                label: label.shown(),
            })
            .collect()
    };
    let (_, body_size) = text_sizes(layout);
    let needed = |size: f32| {
        let forces: f32 = meanings.iter().map(|&m| meaning_width(m, size)).sum();
        let who: f32 = keys.iter().map(|k| key_width(k, size)).sum();
        forces + who + MARGIN
    };
    let mut size = body_size;
    while size > LEGEND_MIN_SIZE && needed(size) > r.w {
        size -= 1.0;
    }
    // What a painted crowd's colours say comes before the hint: the
    // picture cannot be read without it.
    let room = if dense { r.w - 2.0 * MARGIN } else { r.w * 0.5 };
    let keys_w = draw_keys(&keys, &r, size, room);
    draw_forces(meanings, &r, r.right() - keys_w - MARGIN, size);
}

/// The keys, right-aligned: as many whole ones as fit in `room`.
/// Returns the room they took.
fn draw_keys(keys: &[Key], r: &Rect, size: f32, room: f32) -> f32 {
    let mut shown = keys.len();
    let all = |n: usize| keys[..n].iter().map(|k| key_width(k, size));
    while shown > 0 && all(shown).sum::<f32>() > room {
        shown -= 1;
    }
    let keys_w: f32 = all(shown).sum();
    let (side, k) = (Side::of(r), dot(size));
    let (cy, baseline) = (r.y + r.h * 0.5, r.y + r.h * 0.5 + size * 0.3);
    let mut x = r.right() - keys_w;
    for key in &keys[..shown] {
        for (n, &colour) in key.dots.iter().enumerate() {
            draw_circle(side.at(x + 2.0 * k * n as f32, 2.0 * k) + k, cy, k, colour);
        }
        let words_x = x + 2.0 * k * key.dots.len() as f32 + 6.0;
        draw_text(
            key.label,
            side.text(words_x, key.label, size),
            baseline,
            size,
            TEXT,
        );
        x += key_width(key, size);
    }
    keys_w
}

/// The forces drawn, from the line's start up to `right`; with none, how
/// to show them.
fn draw_forces(meanings: &[Meaning], r: &Rect, right: f32, size: f32) {
    let side = Side::of(r);
    let (cy, baseline) = (r.y + r.h * 0.5, r.y + r.h * 0.5 + size * 0.3);
    if meanings.is_empty() {
        let hint = fit(text("legend.hint"), size, right - r.x - MARGIN);
        draw_text(
            &hint,
            side.text(r.x + MARGIN, &hint, size),
            baseline,
            size,
            TEXT_DIM,
        );
        return;
    }
    let mut x = r.x + MARGIN;
    let swatch = swatch(size);
    for &m in meanings {
        let label = words::meaning(m);
        let label = label.shown();
        if x + swatch + 6.0 + width(label, size) > right {
            break;
        }
        let line_x = side.at(x, swatch);
        draw_line(line_x, cy, line_x + swatch, cy, 4.0, legend_color(m));
        draw_text(
            label,
            side.text(x + swatch + 6.0, label, size),
            baseline,
            size,
            TEXT,
        );
        x += meaning_width(m, size);
    }
}
