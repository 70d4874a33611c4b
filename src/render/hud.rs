//! The HUD band, the footer and the help box, each in the place the
//! layout gives it (the legend line is `legend`).

use super::palette::{ACCENT, PANEL, TEXT, TEXT_DIM};
use super::text::{draw_text, text_width};
use macroquad::shapes::{draw_circle, draw_rectangle, draw_rectangle_lines};
use steering_demos::app::App;
use steering_demos::controls;
use steering_demos::layout::{Layout, Rect};
use steering_demos::text::{bidi, language};
use steering_demos::text::{fill as say, text};
use steering_demos::words;

const TITLE_SIZE: f32 = 20.0;
pub(super) const BODY_SIZE: f32 = 16.0;
pub(super) const MARGIN: f32 = 12.0;

/// Title and body font sizes at the layout's text scale.
pub(super) fn text_sizes(layout: &Layout) -> (f32, f32) {
    let k = layout.text_scale;
    ((TITLE_SIZE * k).round(), (BODY_SIZE * k).round())
}

pub(super) fn width(text: &str, size: f32) -> f32 {
    text_width(text, size)
}

/// Cuts `text` to fit `room` pixels, at a word's end, ending it with "...".
pub(super) fn fit(text: &str, size: f32, room: f32) -> String {
    if width(text, size) <= room {
        return text.to_string();
    }
    let mut words: Vec<&str> = text.split(' ').collect();
    while !words.is_empty() {
        let cut = format!("{}...", words.join(" ").trim_end_matches([',', ';', ':']));
        if width(&cut, size) <= room {
            return cut;
        }
        words.pop();
    }
    String::new()
}

/// `text` at `size`, or smaller, down to 80% of it (never under
/// [`LEAST_SIZE`]), when that is what it takes to fit `room`: a lesson
/// line in French or Spanish runs a quarter longer than in English.
/// Only what is still too long is cut ([`fit`]).
fn shrink_to_fit(text: &str, size: f32, room: f32) -> (String, f32) {
    let wide = width(text, size);
    if wide <= room {
        return (text.to_string(), size);
    }
    let least = (size * 0.8).max(LEAST_SIZE).min(size);
    let smaller = (size * room / wide).floor().max(least);
    (fit(text, smaller, room), smaller)
}

/// The smallest text the window draws, in px.
const LEAST_SIZE: f32 = 11.0;

/// A band's layout, mirrored when the language shown reads from the
/// right (Arabic): the title and lesson line start at the right, the
/// legend's roles go left, the help's keys stand right of their words.
/// Code lays a band out left to right and asks here where things go.
pub(super) struct Side {
    left: f32,
    right: f32,
    rtl: bool,
}

impl Side {
    pub(super) fn of(r: &Rect) -> Self {
        Self {
            left: r.x,
            right: r.right(),
            rtl: language::shown().rtl(),
        }
    }

    /// Where a thing `w` wide that a left-to-right layout puts at `x` starts.
    pub(super) fn at(&self, x: f32, w: f32) -> f32 {
        if self.rtl {
            self.left + self.right - x - w
        } else {
            x
        }
    }

    /// [`Side::at`] for text drawn from `x`.
    pub(super) fn text(&self, x: f32, text: &str, size: f32) -> f32 {
        self.at(x, width(text, size))
    }
}

fn fill(r: &Rect) {
    draw_rectangle(r.x, r.y, r.w, r.h, PANEL);
}

/// A number with thousands separators: 60,000.
fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The sim time a tick ("sim 0.05 ms"); once G has switched the
/// neighbour search, beside the other search's ("sim brute 0.41, grid
/// 0.05 ms"): what the grid saves.
fn sim_cost(app: &App) -> String {
    let ms = mean_ms(app);
    match app.other_search {
        Some((other, was)) => say(
            "hud.sim-beside",
            &[
                ("search", &app.setup().neighbors.name()),
                ("ms", &ms),
                ("other", &other.name()),
                ("other_ms", &format!("{was:.2}")),
            ],
        ),
        None => say("hud.sim", &[("ms", &ms)]),
    }
}

/// The mean sim time a tick, in ms ("--" before the first).
fn mean_ms(app: &App) -> String {
    (app.tick_ms.mean()).map_or("--".to_string(), |ms| format!("{ms:.2}"))
}

/// A part of the status line, by what it says (a narrow window drops
/// some).
#[derive(PartialEq)]
enum Part {
    Agents,
    Tick,
    Sim,
    Other,
}

/// The status line's parts: what runs, how fast, what is drawn.
fn status_parts(app: &App, frame_seconds: Option<f64>) -> Vec<(Part, String)> {
    let scene = app.scene();
    let agents = scene.crowd().len();
    let shown = agents.min(scene.overlay_max_agents());
    let forces = match (app.show_forces, shown < agents) {
        (false, _) => text("hud.forces-off").to_string(),
        (true, false) => text("hud.forces-on").to_string(),
        (true, true) => say(
            "hud.forces-some",
            &[("shown", &grouped(shown)), ("agents", &grouped(agents))],
        ),
    };
    let fps = match frame_seconds.filter(|&s| s > 0.0) {
        Some(s) => say("hud.fps", &[("fps", &format!("{:.0}", 1.0 / s))]),
        None => text("hud.fps-unknown").to_string(),
    };
    let rate = steering_demos::sim::knobs::number(app.rate);
    let mut parts = vec![
        (
            Part::Agents,
            say("hud.agents", &[("count", &grouped(agents))]),
        ),
        (Part::Tick, say("hud.tick", &[("tick", &scene.tick())])),
        (Part::Sim, sim_cost(app)),
        (Part::Other, fps),
        (Part::Other, say("hud.rate", &[("rate", &rate)])),
        (Part::Other, forces),
    ];
    if app.paused {
        parts.push((Part::Other, text("hud.paused").to_string()));
    }
    parts
}

/// Two lines on the band above the stage: what is running and how it runs,
/// then the lesson of the variant shown. `frame_seconds` is the mean frame
/// time over the last second (`None` before the first frame, and no rate
/// is shown while the clock stands still, as in a browser's virtual
/// time); the sim time is a mean too, so neither figure jumps about.
pub fn draw_hud(app: &App, frame_seconds: Option<f64>, layout: &Layout) {
    let r = layout.hud;
    fill(&r);
    let (title_size, body_size) = text_sizes(layout);
    let k = layout.text_scale;
    let (line1, line2) = (r.y + (MARGIN + 14.0) * k, r.y + (MARGIN + 38.0) * k);
    // The status drops its least useful parts when the window is narrow.
    let mut parts = status_parts(app, frame_seconds);
    let separator = text("hud.separator");
    let between = bidi::between(separator, language::shown().rtl());
    let join = |parts: &[(Part, String)]| {
        let words: Vec<&str> = parts.iter().map(|(_, words)| words.as_str()).collect();
        words.join(&between)
    };
    let mut status = join(&parts);
    // The sim time goes last: after G it is what the learner asked to
    // see (both searches' times), shortened to the current one first.
    let short_sim = say("hud.sim", &[("ms", &mean_ms(app))]);
    for drop in [Part::Tick, Part::Agents, Part::Sim, Part::Sim] {
        if width(&status, body_size) <= r.w * 0.5 {
            break;
        }
        match parts.iter_mut().find(|(part, _)| *part == drop) {
            Some((_, words)) if drop == Part::Sim && *words != short_sim => {
                words.clone_from(&short_sim);
            }
            _ => parts.retain(|(part, _)| *part != drop),
        }
        status = join(&parts);
    }
    let status = fit(&status, body_size, r.w * 0.5);
    let status_w = width(&status, body_size);
    let side = Side::of(&r);
    draw_text(
        &status,
        side.at(r.right() - MARGIN - status_w, status_w),
        line1,
        body_size,
        TEXT_DIM,
    );

    // The scene's place in the list is not shown: a new scene would
    // change every other scene's picture.
    // The title and the variant are drawn apart (in two colours), the
    // separator between them; a cut title keeps it.
    let room = r.w - status_w - 3.0 * MARGIN;
    let title_room = room * 0.8 - width(separator, title_size);
    let title = words::title(app.decl());
    let head = format!("{}{separator}", fit(title.shown(), title_size, title_room));
    let head_x = side.text(r.x + MARGIN, &head, title_size);
    draw_text(&head, head_x, line1, title_size, TEXT);
    let variant = match app.compared_variant() {
        Some(right) => say(
            "hud.variants-compared",
            &[("left", &app.variant()), ("right", &right)],
        ),
        None => app.variant().to_string(),
    };
    let variant = fit(&variant, title_size, room - width(&head, title_size));
    let variant_x = r.x + MARGIN + width(&head, title_size);
    draw_text(
        &variant,
        side.text(variant_x, &variant, title_size),
        line1,
        title_size,
        ACCENT,
    );

    let lesson = app.lesson();
    let (lesson, size) = shrink_to_fit(lesson.shown(), body_size, r.w - 2.0 * MARGIN);
    draw_text(
        &lesson,
        side.text(r.x + MARGIN, &lesson, size),
        line2,
        size,
        TEXT,
    );
}

/// The keys that matter in this scene, on the band below the stage.
pub fn draw_footer(app: &App, layout: &Layout) {
    let r = layout.footer;
    fill(&r);
    let (_, body_size) = text_sizes(layout);
    let room = r.w - 2.0 * MARGIN;
    let text = app.footer(|line| width(line, body_size) <= room);
    draw_text(
        &text,
        Side::of(&r).text(r.x + MARGIN, &text, body_size),
        r.y + r.h * 0.5 + body_size * 0.3,
        body_size,
        ACCENT,
    );
}

/// A message that must be seen on the legend's line: a broken demos.toml
/// (`warning`), or where a screenshot went.
pub fn draw_notice(notice: &str, layout: &Layout, warning: bool) {
    let r = layout.legend;
    let fill = if warning {
        super::palette::WARNING
    } else {
        super::palette::NOTE
    };
    let (_, body_size) = text_sizes(layout);
    let size = body_size * 0.9;
    // Whole, on as many lines as it needs (a broken link's list of scenes
    // is long): the band grows down over the stage's top.
    let lines = wrap(notice, size, r.w - 2.0 * MARGIN);
    let row = size * 1.3;
    let h = r.h.max(row * lines.len() as f32 + (r.h - row));
    draw_rectangle(r.x, r.y, r.w, h, fill);
    for (k, line) in lines.iter().enumerate() {
        let y = r.y + r.h * 0.5 + size * 0.3 + row * k as f32;
        draw_text(
            line,
            Side::of(&r).text(r.x + MARGIN, line, size),
            y,
            size,
            TEXT,
        );
    }
}

/// A clip is being recorded: a red dot and its length, at the stage's
/// top right (drawn after the frame went to the clip).
pub fn draw_recording(layout: &Layout, frames: u32) {
    let r = layout.stage;
    let (_, size) = text_sizes(layout);
    let seconds = f64::from(frames) / 30.0;
    let text = say("hud.recording", &[("seconds", &format!("{seconds:.1}"))]);
    let w = text_width(&text, size) + size * 2.2;
    let (x, y) = (r.x + r.w - w - MARGIN, r.y + MARGIN);
    draw_rectangle(x, y, w, size * 1.6, PANEL);
    draw_circle(
        x + size * 0.8,
        y + size * 0.8,
        size * 0.4,
        super::palette::RECORDING,
    );
    draw_text(&text, x + size * 1.6, y + size * 1.15, size, TEXT);
}

/// Every control, in the help box, and the settings file in use.
pub fn draw_help(layout: &Layout, settings: &str) {
    let Some(r) = layout.help else { return };
    let (title_size, body_size) = text_sizes(layout);
    let controls: Vec<_> = controls::available().collect();
    let settings = say("help.settings", &[("file", &settings)]);
    // The largest text size at which every line, wrapped at its words,
    // fits the box (at 8 px the rest would be unreadable anyway).
    let mut size = body_size;
    let (key_w, lines) = loop {
        let key_w = controls
            .iter()
            .map(|c| width(&c.label(), size))
            .fold(0.0, f32::max);
        let room = r.w - MARGIN * 6.0 - key_w;
        let lines: Vec<Vec<String>> = controls
            .iter()
            .map(|c| wrap(c.help(), size, room))
            .collect();
        let count = lines.iter().map(Vec::len).sum::<usize>() as f32 + 3.5;
        if count * size * 1.3 <= r.h - 2.0 * MARGIN || size <= 8.0 {
            break (key_w, lines);
        }
        size -= 1.0;
    };
    let row = size * 1.3;
    fill(&r);
    draw_rectangle_lines(r.x, r.y, r.w, r.h, 2.0, ACCENT);
    let mut ty = r.y + MARGIN + row;
    let side = Side::of(&r);
    let (title, title_size) = (text("help.title"), title_size.min(row * 1.2));
    draw_text(
        title,
        side.text(r.x + MARGIN * 2.0, title, title_size),
        ty,
        title_size,
        ACCENT,
    );
    ty += row * 0.5;
    let text_x = r.x + MARGIN * 4.0 + key_w;
    for (control, wrapped) in controls.iter().zip(&lines) {
        ty += row;
        let label = control.label();
        draw_text(
            &label,
            side.text(r.x + MARGIN * 2.0, &label, size),
            ty,
            size,
            ACCENT,
        );
        for (k, line) in wrapped.iter().enumerate() {
            let x = side.text(text_x, line, size);
            draw_text(line, x, ty + row * k as f32, size, TEXT);
        }
        ty += row * wrapped.len().saturating_sub(1) as f32;
    }
    ty += row * 1.5;
    let settings = fit(&settings, size, r.w - 4.0 * MARGIN);
    draw_text(
        &settings,
        side.text(r.x + MARGIN * 2.0, &settings, size),
        ty,
        size,
        TEXT_DIM,
    );
}

/// `text` broken at its words into lines of at most `room` pixels (a
/// word longer than that has a line of its own).
fn wrap(text: &str, size: f32, room: f32) -> Vec<String> {
    bidi::wrap(text, |line| width(line, size) <= room)
}
