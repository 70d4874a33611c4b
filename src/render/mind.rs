//! The selected agent's mind, in two windows: the readout (where it is,
//! how it moves, every force it feels, before and after the cap) and the
//! lesson card (the idea, the formula, and the agent's numbers plugged
//! into it, tick by tick). Both read [`Mind`]; the same layout in every
//! scene.

use super::lab::pane;
use super::words::{line, plain, rtl, words as styled};
use egui_macroquad::egui::{self, RichText};
use steering_demos::app::{App, fixed};
use steering_demos::layout::Rect;
use steering_demos::sim::decl::SceneDecl;
use steering_demos::sim::mind::{Card, MOVE, Mind};
use steering_demos::text::{fill as say, text};
use steering_demos::words::{self, Word};

/// The selected agent's mind: where it is, how it moves, every force on
/// it and their sum before and after the cap, and its state in the lesson.
pub fn readout(ctx: &egui::Context, app: &App, r: Rect) {
    let scene = app.scene();
    let (Some(id), Some(i)) = (scene.selected(), scene.selected_index()) else {
        return;
    };
    let crowd = scene.crowd();
    let (p, v) = (crowd.positions()[i], crowd.velocities()[i]);
    pane(ctx, "readout", r, |ui| {
        let agent = say("readout.agent", &[("id", &id)]);
        if rtl() {
            // One line to order: read from the right, the agent first.
            styled(ui, &format!("{agent}  {}", text("readout.deselect")), |t| {
                RichText::new(t).strong()
            });
        } else {
            ui.horizontal(|ui| {
                ui.label(RichText::new(agent).strong());
                ui.label(text("readout.deselect"));
            });
        }
        scroll(ui, |ui| {
            egui::Grid::new("mind")
                .num_columns(2)
                .spacing([16.0, 2.0])
                .show(ui, |ui| {
                    // Read from the right, the value stands left of its label.
                    let rtl = rtl();
                    let mut row = |label: &str, value: String| {
                        // Wrapped at the column's edge: a value in a longer
                        // language ("évite un marcheur dans 27 ticks") runs past it.
                        let value = steering_demos::text::numbers(&value);
                        if rtl {
                            line(ui, &value);
                            line(ui, label);
                        } else {
                            ui.label(label);
                            ui.add(egui::Label::new(value).wrap());
                        }
                        ui.end_row();
                    };
                    let (px, py) = (fixed(p.x, 1), fixed(p.y, 1));
                    row(
                        text("readout.position"),
                        say("readout.position-value", &[("x", &px), ("y", &py)]),
                    );
                    let (vx, vy) = (fixed(v.x, 2), fixed(v.y, 2));
                    row(
                        text("readout.velocity"),
                        say("readout.velocity-value", &[("x", &vx), ("y", &vy)]),
                    );
                    let Some(mind) = scene.mind() else {
                        return;
                    };
                    let speed = fixed(v.length(), 2);
                    let most = fixed(mind.limits.max_speed, 2);
                    row(
                        text("readout.speed"),
                        say("readout.speed-value", &[("speed", &speed), ("most", &most)]),
                    );
                    row(text("readout.mass"), fixed(mind.mass, 1));
                    forces(&mut row, mind, app.decl());
                    for (label, value) in scene.inspect(id) {
                        row(
                            words::readout(app.decl(), label).shown(),
                            words::read(app.decl(), &value),
                        );
                    }
                });
        });
    });
}

/// The lines the readout of the selected agent has (0: nobody selected),
/// for the layout to give it just that room.
pub fn readout_lines(app: &App) -> u16 {
    let scene = app.scene();
    let Some(id) = scene.selected() else {
        return 0;
    };
    // Position, velocity; with a mind, speed, mass, the forces' heading,
    // the sum and the cap, and the velocity factor where it is not 1.
    let mind = scene.mind().map_or(0, |m| {
        let parts = m.forces.iter().filter(|(name, _)| *name != "steering");
        5 + parts.count() + usize::from(m.steering.velocity_scale != 1.0)
    });
    u16::try_from(2 + mind + scene.inspect(id).len()).unwrap_or(u16::MAX)
}

/// Every force, then the sum, the cap and what is left after it. A
/// force of 1 on an agent of mass 1 changes its velocity by 1 px/tick in
/// a tick: forces are in mass x px/tick².
fn forces(row: &mut impl FnMut(&str, String), mind: &Mind, decl: &SceneDecl) {
    row(text("readout.forces"), text("readout.forces-unit").into());
    let parts = mind.forces.iter().filter(|(name, _)| *name != "steering");
    for (name, force) in parts {
        row(
            &say("readout.force", &[("name", &words::force(decl, name))]),
            fixed(force.length(), 3),
        );
    }
    let summed = fixed(mind.steering.force.length(), 3);
    row(text("readout.summed"), summed);
    let key = if mind.capped() {
        "readout.after-cap-value-capped"
    } else {
        "readout.after-cap-value"
    };
    let (applied, most) = (
        fixed(mind.applied.length(), 3),
        fixed(mind.limits.max_force, 3),
    );
    let after = say(key, &[("force", &applied), ("most", &most)]);
    row(text("readout.after-cap"), after);
    if mind.steering.velocity_scale != 1.0 {
        let scale = fixed(mind.steering.velocity_scale, 2);
        row(text("readout.velocity-scaled"), scale);
    }
}

/// What is below a pane's heading, scrolled within the pane's height:
/// a wheel notch moves it some lines, and long lines wrap clear of the
/// scroll bar.
pub(super) fn scroll(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui)) {
    let height = ui.available_height();
    // A solid bar where there is more to read (egui's floating one is
    // invisible until hovered, and a learner would not know).
    ui.style_mut().spacing.scroll = egui::style::ScrollStyle::solid();
    egui::ScrollArea::vertical()
        .max_height(height)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            ui.set_max_width(ui.available_width() - 14.0);
            add(ui);
        });
}

/// The colour of the agent's numbers under each line of the formula.
const NUMBERS: egui::Color32 = egui::Color32::from_rgb(240, 200, 90);

/// The lesson card of the running variant: the idea, the formula as the
/// tutorial writes it, and, with an agent selected, its numbers in it.
pub fn card(ctx: &egui::Context, app: &App, r: Rect) {
    let scene = app.scene();
    let decl = app.decl();
    // A selected agent with a rule of its own (a leader) shows that rule.
    let (card, role) = scene.card_of(scene.selected());
    pane(ctx, "card", r, |ui| {
        let variant = app.variant().to_string();
        let (idea, variant) = match role {
            Some(look) => (
                words::role_card(decl, look, card.idea),
                words::role(decl, look).map_or(variant, |name| name.to_string()),
            ),
            None => (words::card(decl, app.setup().variant, card.idea), variant),
        };
        let heading = say(
            "card.heading",
            &[("title", &words::title(decl)), ("variant", &variant)],
        );
        styled(ui, &heading, |t| RichText::new(t).strong());
        // A rule under the heading: the card scrolls below it, not under it.
        ui.separator();
        scroll(ui, |ui| {
            plain(ui, idea.shown());
            ui.add_space(4.0);
            // The formula, a line each; with an agent selected, each line
            // again under it with the agent's numbers in (comments once).
            let selected = scene.selected().zip(scene.mind());
            let mind = selected.map(|(_, mind)| mind);
            if let Some((id, mind)) = selected {
                let heading = say("card.numbers", &[("id", &id), ("tick", &mind.tick)]);
                styled(ui, &heading, |t| RichText::new(t).strong());
            }
            let moved = mind.map(Mind::plug_move);
            let behaviour = (card.formula.iter()).map(|&line| {
                let (code, note) = words::formula_line(decl, line);
                let numbers = mind.filter(|_| !code.is_empty());
                (code, note, numbers.map(|m| m.plug(line)))
            });
            let movement = (MOVE.iter().enumerate())
                .map(|(k, &line)| (line, None, moved.as_ref().map(|m| m[k].clone())));
            for (code, note, numbers) in behaviour.chain(movement) {
                formula_line(ui, code, note.as_ref().map(Word::shown));
                if let Some(numbers) = numbers {
                    styled(ui, &numbers, |t| {
                        RichText::new(t).monospace().color(NUMBERS)
                    });
                }
            }
            code(ui, &card);
            if mind.is_none() {
                ui.add_space(4.0);
                plain(ui, text("card.select"));
            }
        });
    });
}

/// A line of the formula: its code as written, and its comment in the
/// language shown after `//`; read from the right, the comment is a line
/// of its own under the code, which stays left to right.
fn formula_line(ui: &mut egui::Ui, code: &str, note: Option<&str>) {
    let mono = |t: String| RichText::new(t).monospace();
    let line = match note {
        None => code.to_string(),
        Some(note) if code.is_empty() => format!("// {note}"),
        Some(note) if rtl() => {
            styled(ui, code, mono);
            format!("// {note}")
        }
        Some(note) => format!("{code}  // {note}"),
    };
    styled(ui, &line, mono);
}

/// Where the rule is computed, under its formula, so a learner can read
/// the source.
fn code(ui: &mut egui::Ui, card: &Card) {
    ui.add_space(4.0);
    for code in card.code {
        let (function, file) = (code.function(), code.file());
        let line = say("card.code", &[("function", &function), ("file", &file)]);
        styled(ui, &line, |t| RichText::new(t).monospace().weak());
    }
}
