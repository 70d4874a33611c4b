//! The lab's windows, drawn with egui in the places the layout gives them:
//! the parameter panel and the timeline (the selected agent's readout
//! and the lesson card are in [`super::mind`], the chart in
//! [`super::chart`]).
//! They read the app and return what the user asked for; `main` applies it.

use super::words::{drawn, plain, words as styled};
use egui_macroquad::egui::{self, Color32, RichText};
use steering_demos::app::App;
use steering_demos::config::preset::Listed;
use steering_demos::layout::{Layout, Rect};
use steering_demos::overlay::Meaning;
use steering_demos::sim::decl::SceneDecl;
use steering_demos::sim::knobs::{Apply, Group, Knob, number};
use steering_demos::text::language::{self, Language};
use steering_demos::text::{fill as say, text};
use steering_demos::words;

/// What the user did in the panel.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PanelEvent {
    /// Set a knob to a value.
    Set(&'static Knob, f64),
    /// Every knob back to its default.
    ResetAll,
    /// The scene's table was copied as TOML.
    Copied,
    /// Go to scene N (0-based), picked from the list of every scene.
    Scene(usize),
    /// Show or hide the overlay's shapes of one meaning.
    Toggle(Meaning),
    /// Start from the k-th preset listed.
    Preset(usize),
    /// A control's action, asked for with a button or a box (the tour's
    /// next, tip to tail).
    Act(steering_demos::app::Action),
    /// Show the window's words in this language.
    Language(&'static Language),
}

/// Frame and placement shared by the lab's windows.
pub(super) fn pane(ctx: &egui::Context, id: &str, r: Rect, add: impl FnOnce(&mut egui::Ui)) {
    let ppp = ctx.pixels_per_point();
    let at = egui::pos2(r.x / ppp, r.y / ppp);
    let size = egui::vec2(r.w / ppp, r.h / ppp);
    egui::Area::new(egui::Id::new(id))
        .fixed_pos(at)
        .constrain(false)
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            // No fill: the window's background shows through, and a
            // pane-sized fill costs software GL more than all the rest.
            egui::Frame::new()
                .stroke(egui::Stroke::new(1.0, Color32::from_gray(90)))
                .inner_margin(8.0)
                .show(ui, |ui| {
                    ui.set_width(size.x - 18.0);
                    ui.set_height(size.y - 18.0);
                    ui.set_max_height(size.y - 18.0);
                    add(ui);
                });
        });
}

/// The knobs of the running scene: a slider each (its unit, range and doc
/// line on hover), a reset each and for all, and the scene as TOML.
pub fn panel(ctx: &egui::Context, app: &App, r: Rect, presets: &[Listed]) -> Vec<PanelEvent> {
    let mut events = Vec::new();
    let decl = app.decl();
    pane(ctx, "panel", r, |ui| {
        // The scene picker: every scene, past the number keys' ten too.
        let mut picked = app.index();
        // Every scene in view at once, as tall as the window allows.
        let tall = ui.ctx().screen_rect().height();
        egui::ComboBox::from_id_salt("scene")
            .height(tall)
            .selected_text(drawn(&picker_line(picked, decl)))
            .show_ui(ui, |ui| {
                for (n, scene) in steering_demos::scenes::SCENES.iter().enumerate() {
                    ui.selectable_value(&mut picked, n, drawn(&picker_line(n, scene)));
                }
            });
        if picked != app.index() {
            events.push(PanelEvent::Scene(picked));
        }
        language_picker(ui, &mut events);
        // The rest scrolls, so that in a short window nothing spills
        // out of the pane.
        egui::ScrollArea::vertical().show(ui, |ui| {
            if app.presets {
                preset_list(ui, app, presets, &mut events);
            }
            ui.horizontal(|ui| {
                let heading = say("panel.knobs", &[("scene", &decl.name)]);
                ui.label(RichText::new(drawn(&heading)).strong());
                if ui.button(drawn(text("panel.reset-all"))).clicked() {
                    events.push(PanelEvent::ResetAll);
                }
                if ui.button(drawn(text("panel.copy-toml"))).clicked() {
                    ui.ctx().copy_text(app.scene_toml());
                    events.push(PanelEvent::Copied);
                }
            });
            styled(ui, text("panel.knobs-note"), |t| RichText::new(t).small());
            ui.separator();
            ui.spacing_mut().slider_width = (ui.available_width() * 0.3).max(40.0);
            // The overlay's parts, each switched on and off (a flock's rules).
            let on_stage = app.scene().overlay().meanings();
            let meanings: Vec<Meaning> = (Meaning::FORCES.into_iter())
                .filter(|m| on_stage.contains(m) || !app.shows(*m))
                .collect();
            ui.horizontal_wrapped(|ui| {
                plain(ui, text("panel.draw"));
                let mut tip = app.tip_to_tail;
                if ui
                    .checkbox(&mut tip, drawn(text("panel.tip-to-tail")))
                    .changed()
                {
                    events.push(PanelEvent::Act(
                        steering_demos::app::Action::ToggleTipToTail,
                    ));
                }
                for meaning in meanings {
                    let mut on = app.shows(meaning);
                    if ui
                        .checkbox(&mut on, drawn(words::meaning(meaning).shown()))
                        .changed()
                    {
                        events.push(PanelEvent::Toggle(meaning));
                    }
                }
            });
            ui.separator();
            let of = |group: Group| decl.knobs.iter().filter(move |k| k.group == group);
            knob_grid(ui, app, "lesson knobs", of(Group::Lesson), &mut events);
            if of(Group::Setup).next().is_some() {
                egui::CollapsingHeader::new(drawn(text("panel.set-up")))
                    .default_open(false)
                    .show(ui, |ui| {
                        knob_grid(ui, app, "set-up knobs", of(Group::Setup), &mut events);
                    });
            }
        });
    });
    events
}

/// The languages the window speaks, each by its own name (none to pick
/// where the build carries English only: the page).
fn language_picker(ui: &mut egui::Ui, events: &mut Vec<PanelEvent>) {
    if language::drawn().nth(1).is_none() {
        return;
    }
    let shown = language::shown();
    let mut picked = shown.code;
    ui.horizontal(|ui| {
        ui.label(drawn(text("panel.language")));
        egui::ComboBox::from_id_salt("language")
            .selected_text(drawn(shown.name))
            .show_ui(ui, |ui| {
                for l in language::drawn() {
                    ui.selectable_value(&mut picked, l.code, drawn(l.name));
                }
            });
    });
    if let Some(l) = language::drawn().find(|l| l.code == picked && l.code != shown.code) {
        events.push(PanelEvent::Language(l));
    }
}

/// A scene in the picker: its key's number and its title.
fn picker_line(index: usize, decl: &SceneDecl) -> String {
    say(
        "panel.picker",
        &[("number", &(index + 1)), ("title", &words::title(decl))],
    )
}

/// While paused, the last minute as a bar along the stage's foot: drag it
/// to go back and forth. Returns the tick asked for.
pub fn timeline(ctx: &egui::Context, app: &App, stage: Rect) -> Option<u64> {
    let (first, last) = app.timeline_span();
    let now = app.scene().tick();
    let ppp = ctx.pixels_per_point();
    let height = 30.0 * ppp;
    let r = Rect::new(stage.x, stage.y + stage.h - height, stage.w, height);
    let mut picked = None;
    // A filled strip of its own (the lab's panes have no fill): the
    // stage under it is light, and its words must read.
    egui::Area::new(egui::Id::new("timeline"))
        .fixed_pos(egui::pos2(r.x / ppp, r.y / ppp))
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(Color32::from_rgb(0x1c, 0x1f, 0x24))
                .inner_margin(egui::Margin::symmetric(8, 4))
                .show(ui, |ui| {
                    ui.set_width(r.w / ppp - 16.0);
                    ui.horizontal(|ui| {
                        let seconds = |t: u64| t as f64 * app.tick_seconds();
                        let label = match app.timeline_length() {
                            0 => say("timeline.off", &[("tick", &now)]),
                            _ => say(
                                "timeline.tick",
                                &[("tick", &now), ("seconds", &format!("{:.1}", seconds(now)))],
                            ),
                        };
                        styled(ui, &label, |t| {
                            RichText::new(t).color(Color32::from_gray(235))
                        });
                        ui.spacing_mut().slider_width = (ui.available_width() - 12.0).max(40.0);
                        let mut tick = now;
                        let slider = egui::Slider::new(&mut tick, first..=last.max(first + 1))
                            .show_value(false)
                            .trailing_fill(true);
                        let response = ui
                            .add(slider)
                            .on_hover_ui(|ui| plain(ui, text("timeline.hint")));
                        // A click that comes and goes within one frame (a
                        // quick tap) moves no slider: it seeks where it fell.
                        let tapped = response.clicked().then(|| response.interact_pointer_pos());
                        if let Some(Some(at)) = tapped.filter(|_| !response.changed()) {
                            let r = response.rect;
                            let k = ((at.x - r.left()) / r.width().max(1.0)).clamp(0.0, 1.0);
                            let span = last.max(first + 1) - first;
                            tick = first + (f64::from(k) * span as f64).round() as u64;
                        }
                        if (response.changed() || tapped.is_some()) && tick != now {
                            picked = Some(tick);
                        }
                    });
                });
        });
    picked
}

/// The presets (Ctrl+O): a button each, its description beside it; a
/// file that was refused, its error (file:line:col, key, what is wrong).
fn preset_list(ui: &mut egui::Ui, app: &App, presets: &[Listed], events: &mut Vec<PanelEvent>) {
    let title = if steering_demos::controls::IN_BROWSER {
        text("panel.presets-page")
    } else {
        text("panel.presets")
    };
    styled(ui, title, |t| RichText::new(t).strong());
    egui::Grid::new("presets")
        .num_columns(2)
        .striped(true)
        .show(ui, |ui| {
            // Refused files first (a person's own, to mend), then the
            // running scene's, then the rest in their order.
            let mut order: Vec<usize> = (0..presets.len()).collect();
            order.sort_by_key(|&k| match &presets[k] {
                Err(_) => 0,
                Ok(p) if p.scene.decl.name == app.decl().name => 1,
                Ok(_) => 2,
            });
            for k in order {
                match &presets[k] {
                    Ok(preset) => {
                        if ui.button(drawn(&preset.name)).clicked() {
                            events.push(PanelEvent::Preset(k));
                        }
                        // Its own column, so Arabic is cut into lines before it is ordered.
                        ui.vertical(|ui| plain(ui, &words::described(preset)));
                    }
                    Err(e) => {
                        ui.label(
                            RichText::new(drawn(text("panel.refused")))
                                .color(ui.visuals().error_fg_color),
                        );
                        ui.add(egui::Label::new(e.to_string()).wrap());
                    }
                }
                ui.end_row();
            }
        });
    ui.separator();
}

/// A knob's label, its doc line on hover; a knob this variant's rule
/// never reads is greyed and says so: turning it would change nothing here.
fn knob_label(ui: &mut egui::Ui, app: &App, knob: &Knob, name: String, hover: &str) {
    if app.decl().uses(app.setup().variant, knob.name) {
        ui.label(drawn(&name)).on_hover_ui(|ui| plain(ui, hover));
    } else {
        let why = say("panel.knob-unused", &[("variant", &app.variant())]);
        let label = say("panel.knob-unused-label", &[("knob", &name)]);
        (ui.label(RichText::new(drawn(&label)).weak())).on_hover_ui(|ui| plain(ui, &why));
    }
}

/// A grid of knobs: a readable label each (its demos.toml key, doc line,
/// range and any key that turns it on hover), a slider, a reset.
fn knob_grid(
    ui: &mut egui::Ui,
    app: &App,
    id: &str,
    knobs: impl Iterator<Item = &'static Knob>,
    events: &mut Vec<PanelEvent>,
) {
    let decl = app.decl();
    let params = &app.setup().params;
    egui::Grid::new(id)
        .num_columns(2)
        .striped(false)
        .show(ui, |ui| {
            for knob in knobs {
                let Some(mut value) = params.get(knob.name) else {
                    continue;
                };
                let label = words::knob(decl, knob);
                let name = match knob.apply {
                    Apply::Live => label.to_string(),
                    Apply::Restart => say("panel.knob-restart", &[("knob", &label)]),
                };
                let unit = words::unit(knob.unit);
                let key = if decl.primary == Some(knob) {
                    "panel.knob-hover-keys"
                } else {
                    "panel.knob-hover"
                };
                let (min, max) = (number(knob.min), number(knob.max));
                let (step, default) = (number(knob.step), number(knob.default));
                let args: [(&str, &dyn std::fmt::Display); 8] = [
                    ("doc", &words::knob_doc(decl, knob)),
                    ("min", &min),
                    ("max", &max),
                    ("unit", &unit),
                    ("step", &step),
                    ("default", &default),
                    ("scene", &decl.name),
                    ("name", &knob.name),
                ];
                let hover = say(key, &args);
                knob_label(ui, app, knob, name, &hover);
                ui.horizontal(|ui| {
                    let slider = knob_slider(&mut value, knob, unit.shown());
                    let response = ui.add(slider).on_hover_ui(|ui| plain(ui, &hover));
                    // A restart waits for the slider to be let go.
                    let settle = knob.apply == Apply::Live || !response.dragged();
                    let moved = params
                        .get(knob.name)
                        .is_some_and(|v| (v - value).abs() > 1e-9);
                    if moved && (response.changed() && settle || response.drag_stopped()) {
                        events.push(PanelEvent::Set(knob, value));
                    }
                    let changed = params.get(knob.name) != Some(knob.default);
                    if ui
                        .add_enabled(changed, egui::Button::new("↺").small().frame(false))
                        .on_hover_text(drawn(&say(
                            "panel.knob-default",
                            &[("value", &number(knob.default))],
                        )))
                        .clicked()
                    {
                        events.push(PanelEvent::Set(knob, knob.default));
                    }
                });
                ui.end_row();
            }
        });
}

/// A knob's slider over its range, in its steps, its number followed by
/// its unit and written as the language writes one (typed with a decimal
/// comma or point alike).
fn knob_slider<'a>(value: &'a mut f64, knob: &Knob, unit: &str) -> egui::Slider<'a> {
    let slider = egui::Slider::new(value, knob.min..=knob.max)
        .step_by(knob.step)
        .suffix(drawn(format!(" {unit}").trim_end()));
    let slider = if knob.integer {
        slider.integer()
    } else {
        slider
    };
    slider
        .custom_formatter(|v, decimals| {
            let v = egui::emath::format_with_decimals_in_range(v, decimals);
            steering_demos::text::numbers(&v)
        })
        .custom_parser(|typed| typed.trim().replace(',', ".").parse().ok())
}

/// Pixels a wheel's line scrolls the lab's panes. egui-macroquad hands
/// egui a wheel notch divided by 90 (Windows reports 120 a notch), but X11
/// reports 1: a notch moved the card under a pixel. There, a line is 90
/// times egui's 40 px, so a notch scrolls some 40 px as elsewhere
/// (elsewhere egui's own speed stands).
const LINE_SCROLL: Option<f32> = if cfg!(target_os = "linux") {
    Some(40.0 * 90.0)
} else {
    None
};

/// Each script's font this build has (Chinese, Arabic; the page's once
/// fetched), after egui's own in both families: a language's words, and
/// its name in the picker, draw whatever language is shown. Again only
/// when a font came: egui then lays its fonts out again.
fn script_fonts(ctx: &egui::Context) {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static SET: AtomicUsize = AtomicUsize::new(usize::MAX);
    let here = (steering_demos::text::language::all().iter())
        .filter(|l| l.font().is_some())
        .count();
    if SET.swap(here, Ordering::Relaxed) == here {
        return;
    }
    let mut fonts = egui::FontDefinitions::default();
    for lang in steering_demos::text::language::all() {
        let Some(bytes) = lang.font() else { continue };
        let data = egui::FontData::from_static(bytes);
        fonts
            .font_data
            .insert(lang.code.into(), std::sync::Arc::new(data));
        for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
            fonts
                .families
                .entry(family)
                .or_default()
                .push(lang.code.into());
        }
    }
    ctx.set_fonts(fonts);
}

/// The layout's text scale for egui too (and its wheel's speed); and no feathering, which doubles
/// the triangles (software GL pays per triangle).
pub fn scale(ctx: &egui::Context, layout: &Layout) {
    if let Some(speed) = LINE_SCROLL {
        ctx.options_mut(|o| o.line_scroll_speed = speed);
    }
    if (ctx.pixels_per_point() - layout.text_scale).abs() > 0.01 {
        ctx.set_pixels_per_point(layout.text_scale);
    }
    ctx.tessellation_options_mut(|o| o.feathering = false);
    script_fonts(ctx);
    // The panes are not filled (on software GL a fill is the dearest
    // thing egui draws): slider rails and boxes a shade lighter than
    // egui's, to stand out on the window's own background.
    let rail = Color32::from_gray(78);
    if ctx.style().visuals.widgets.inactive.bg_fill != rail {
        ctx.style_mut(|s| {
            s.visuals.widgets.inactive.bg_fill = rail;
            // Text a person reads from the back of a lecture room: a size
            // up from egui's, and brighter than its grey.
            s.visuals.override_text_color = Some(Color32::from_gray(230));
            for (style, size) in [
                (egui::TextStyle::Body, 14.0),
                (egui::TextStyle::Button, 14.0),
                (egui::TextStyle::Monospace, 13.0),
                (egui::TextStyle::Small, 11.0),
            ] {
                if let Some(font) = s.text_styles.get_mut(&style) {
                    font.size = size;
                }
            }
        });
    }
}
