//! The stage's panes: one, or two side by side when comparing variants.

use crate::render::{self, View};
use steering_demos::app::App;
use steering_demos::layout::Rect;
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

/// A pane's name and its figure, in its top-left corner.
pub fn label(view: &View, variant: &str, runner: &Runner, scale: f32) {
    let text = match runner.headline().first() {
        Some(&(name, value)) => {
            let value = steering_demos::sim::knobs::number((value * 100.0).round() / 100.0);
            let figure = steering_demos::words::series(runner.decl(), name);
            let args: [(&str, &dyn std::fmt::Display); 3] = [
                ("variant", &variant),
                ("figure", &figure),
                ("value", &value),
            ];
            steering_demos::text::fill("pane.figure", &args)
        }
        None => variant.to_string(),
    };
    let size = 22.0 * scale;
    let a = view.area;
    macroquad::shapes::draw_rectangle(
        a.x + 4.0,
        a.y + 4.0,
        render::text::text_width(&text, size) + 16.0,
        size + 10.0,
        render::palette::PANEL,
    );
    render::text::draw_text(
        &text,
        a.x + 12.0,
        a.y + 4.0 + size,
        size,
        render::palette::ACCENT,
    );
}
