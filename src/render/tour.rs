//! The guided tour's step, in its box at the top of the column: where
//! the tour is (2/5), back, next and leave as buttons (Backspace, Enter
//! and Esc do the same), what the step says, and the knob it asks to
//! turn with its value now.

use super::lab::{PanelEvent, pane};
use super::mind::scroll;
use super::words::{plain, words as styled};
use egui_macroquad::egui::{self, RichText};
use steering_demos::app::{Action, App};
use steering_demos::layout::Rect;
use steering_demos::sim::knobs::number;
use steering_demos::text::{fill as say, text};
use steering_demos::words;

/// The step shown, in `r`; the buttons pressed, as actions.
pub fn step_box(ctx: &egui::Context, app: &App, r: Rect) -> Vec<PanelEvent> {
    let mut events = Vec::new();
    let (Some((n, steps)), Some(step)) = (app.tour(), app.tour_step()) else {
        return events;
    };
    let decl = app.decl();
    pane(ctx, "tour", r, |ui| {
        let (title, shown, count) = (words::title(decl), n + 1, steps);
        let args: [(&str, &dyn std::fmt::Display); 3] =
            [("title", &title), ("step", &shown), ("steps", &count)];
        styled(ui, &say("tour.heading", &args), |t| {
            RichText::new(t).strong()
        });
        ui.horizontal(|ui| {
            let mut button = |enabled: bool, key: &'static str, action: Action| {
                let pressed = ui.add_enabled(enabled, egui::Button::new(text(key)));
                if pressed.clicked() {
                    events.push(PanelEvent::Act(action));
                }
            };
            button(n > 0, "tour.back", Action::TourStep(-1));
            button(n + 1 < steps, "tour.next", Action::TourStep(1));
            button(true, "tour.leave", Action::Tour);
        });
        // A rule under the buttons: the words scroll below it.
        ui.separator();
        scroll(ui, |ui| {
            plain(ui, words::tour(decl, n).shown());
            let knob = step
                .turn
                .and_then(|name| decl.knobs.iter().find(|k| k.name == name));
            if let Some(knob) = knob {
                let value = app.setup().params.get(knob.name).map(number);
                let primary = decl.primary.is_some_and(|p| p.name == knob.name);
                let key = if primary {
                    "tour.turn"
                } else {
                    "tour.turn-panel"
                };
                let (label, value, unit) = (
                    words::knob(decl, knob),
                    value.unwrap_or_default(),
                    words::unit(knob.unit),
                );
                let args: [(&str, &dyn std::fmt::Display); 3] =
                    [("knob", &label), ("value", &value), ("unit", &unit)];
                ui.add_space(4.0);
                styled(ui, &say(key, &args), |t| RichText::new(t).strong());
            }
            let tick = app.scene().tick();
            if app.paused && step.pause_at == Some(tick) {
                ui.add_space(4.0);
                styled(ui, &say("tour.paused", &[("tick", &tick)]), |t| {
                    RichText::new(t).small()
                });
            }
        });
    });
    events
}
