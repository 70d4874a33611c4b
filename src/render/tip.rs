//! The selected agent's forces tip to tail ([`Chain`], computed in `sim`):
//! each force in its legend colour from the end of the one before, their
//! sum, the `max_force` circle around the agent, and the steering the cap
//! leaves, drawn thick. How the forces become one move.

use super::palette::{TIP_CAPPED, TIP_CIRCLE, TIP_FORCE, TIP_SUM, meaning_color};
use super::text::{draw_text, text_width};
use super::{HEAD, LINE, View, circle_outline, draw_arrow_wide};
use macroquad::math::Vec2;
use steering_demos::overlay::Meaning;
use steering_demos::sim::chain::Chain;
use steering_demos::sim::runner::Runner;
use steering_demos::text::text;

/// The farthest point of the picture lies this share of the stage's
/// shorter side from the agent, within these screen pixels.
const REACH_SHARE: f32 = 0.2;
const REACH_PX: (f32, f32) = (48.0, 180.0);
/// The labels' size, in screen pixels: the largest, and the stage's
/// height it is reached at (smaller in a small window).
const LABEL: f32 = 16.0;
const LABEL_AT_HEIGHT: f32 = 700.0;
const LABEL_MIN: f32 = 11.0;

/// Draws the chain of the selected agent (drawn at `at`, world), if one
/// is selected and has a mind.
pub(super) fn draw_tip_to_tail(scene: &Runner, view: &View, at: Vec2) {
    let Some(mind) = scene.mind() else {
        return;
    };
    let a = view.area;
    let px = (a.w.min(a.h) * REACH_SHARE).clamp(REACH_PX.0, REACH_PX.1);
    let chain = Chain::of(mind, at, px / view.scale);
    let size = (LABEL * a.h / LABEL_AT_HEIGHT)
        .clamp(LABEL_MIN, LABEL)
        .round();
    let screen = |p: Vec2| view.to_screen(p);
    let centre = screen(chain.at);
    let radius = chain.radius * view.scale;
    circle_outline(centre, radius, LINE * 0.75, TIP_CIRCLE);
    // Each label out of the others' way: the sum's beyond its tip, the
    // steering taken's beside its tip (on the sum's line), the circle's
    // across it from both.
    let (sum, capped) = (screen(chain.sum), screen(chain.capped));
    let way = (sum - centre).normalize_or(Vec2::NEG_Y);
    // The circle's label where the stage shows it: across from the sum,
    // else a quarter or half turn round.
    let round = [-way, way.perp(), -way.perp(), way];
    let words = text("tip.max-force");
    let inside = |d: &&Vec2| {
        let (x, y) = placed(size, words, centre + **d * radius, **d);
        let w = text_width(words, size);
        let corners = [Vec2::new(x, y - size), Vec2::new(x + w, y + size * 0.3)];
        corners.iter().all(|&c| view.area.contains(c))
    };
    if let Some(&d) = round.iter().find(inside) {
        label(size, words, centre + d * radius, d);
    }
    // The sum under the links: with one link, the link is the sum.
    if chain.capped_short() {
        draw_arrow_wide(centre, sum, TIP_SUM, LINE * 0.75);
        label(size, text("tip.sum"), sum, sum - centre);
    }
    for link in &chain.links {
        let color = Meaning::force_labelled(link.name).map_or(TIP_FORCE, meaning_color);
        draw_arrow_wide(screen(link.from), screen(link.to), color, LINE);
    }
    draw_arrow_wide(centre, capped, TIP_CAPPED, LINE * 2.0);
    label(
        size,
        text("tip.capped"),
        capped - way * HEAD * 0.5,
        way.perp(),
    );
}

/// `words` beside `tip`, out along `out` (clear of an arrow's head), in
/// the colour of the steering taken.
fn label(size: f32, words: &str, tip: Vec2, out: Vec2) {
    let (x, y) = placed(size, words, tip, out);
    draw_text(words, x, y, size, TIP_CAPPED);
}

/// Where [`label`] writes `words`: the left end of its baseline.
fn placed(size: f32, words: &str, tip: Vec2, out: Vec2) -> (f32, f32) {
    let dir = out.normalize_or(Vec2::X);
    let w = text_width(words, size);
    let at = tip + dir * (HEAD + 4.0);
    // Left of the point when it lies left of the agent, centred above or
    // below when nearly straight up or down.
    let x = if dir.x.abs() < 0.4 {
        at.x - w * 0.5
    } else if dir.x < 0.0 {
        at.x - w
    } else {
        at.x
    };
    let y = at.y + size * 0.35 + dir.y.max(0.0) * size * 0.5;
    (x, y)
}
