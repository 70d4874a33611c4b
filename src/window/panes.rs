//! The stage's panes: one, or two side by side when comparing variants.

use crate::render::{self, View};
use steering_demos::app::App;
use steering_demos::layout::{Rect, caption};
use steering_demos::sim::runner::Runner;

/// The stage's views, each with the part of the window it is fitted in:
/// one, or two side by side in the split view.
pub fn views(app: &App, area: Rect) -> Vec<(View, Rect)> {
    let stage = app.scene().stage();
    let camera = &app.camera;
    if app.compared().is_none() {
        return vec![(View::framed(stage, area, camera), area)];
    }
    let half = area.w * 0.5;
    [0.0, half]
        .iter()
        .map(|&dx| {
            let part = Rect::new(area.x + dx, area.y, half, area.h);
            let inner = Rect::new(part.x + 2.0, part.y, part.w - 4.0, part.h);
            (View::framed(stage, inner, camera), part)
        })
        .collect()
}

/// The view under the mouse (the first pane when it is over none).
pub fn under(panes: &[(View, Rect)], mouse: glam::Vec2) -> View {
    panes
        .iter()
        .find(|(_, part)| part.contains(mouse))
        .unwrap_or(&panes[0])
        .0
}

/// A pane's name and its figure, above its stage where there is room,
/// always inside its pane: smaller, then without the figure's name, when
/// the pane is narrow.
pub fn label(view: &View, part: Rect, variant: &str, runner: &Runner, scale: f32) {
    let (full, short) = match runner.headline().first() {
        Some(&(name, value)) => {
            let value = steering_demos::sim::knobs::number((value * 100.0).round() / 100.0);
            let figure = steering_demos::words::series(runner.decl(), name);
            let args: [(&str, &dyn std::fmt::Display); 3] = [
                ("variant", &variant),
                ("figure", &figure),
                ("value", &value),
            ];
            let short: [(&str, &dyn std::fmt::Display); 2] =
                [("variant", &variant), ("value", &value)];
            (
                steering_demos::text::fill("pane.figure", &args),
                steering_demos::text::fill("pane.figure-short", &short),
            )
        }
        None => (variant.to_string(), variant.to_string()),
    };
    let text_of = |s: bool| if s { &short } else { &full };
    let a = view.area;
    let stage = Rect::new(a.x, a.y, a.w, a.h);
    let c = caption(part, stage, scale, |s, size| {
        render::text::text_width(text_of(s), size)
    });
    let f = c.frame;
    macroquad::shapes::draw_rectangle(f.x, f.y, f.w, f.h, render::palette::PANEL);
    let text = text_of(c.short);
    render::text::draw_text(
        text,
        f.x + 6.0,
        f.y + 6.0 + c.size * 0.8,
        c.size,
        render::palette::ACCENT,
    );
}
