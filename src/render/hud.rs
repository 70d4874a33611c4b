//! The HUD band, the legend line, the footer and the help box, each in the
//! place the layout gives it.

use super::palette::{ACCENT, PANEL, TEXT, TEXT_DIM, agent_color, meaning_color};
use super::text::{draw_text, text_width};
use macroquad::shapes::{draw_circle, draw_line, draw_rectangle, draw_rectangle_lines};
use steering_demos::app::App;
use steering_demos::controls;
use steering_demos::layout::{Layout, Rect};
use steering_demos::overlay::Meaning;
use steering_demos::sim::crowd::Look;

const TITLE_SIZE: f32 = 20.0;
const BODY_SIZE: f32 = 16.0;
const MARGIN: f32 = 12.0;

/// Title and body font sizes at the layout's text scale.
fn text_sizes(layout: &Layout) -> (f32, f32) {
    let k = layout.text_scale;
    ((TITLE_SIZE * k).round(), (BODY_SIZE * k).round())
}

fn width(text: &str, size: f32) -> f32 {
    text_width(text, size)
}

/// Cuts `text` to fit `room` pixels, at a word's end, ending it with "...".
fn fit(text: &str, size: f32, room: f32) -> String {
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
    let scene = app.scene();
    let (line1, line2) = (r.y + (MARGIN + 14.0) * k, r.y + (MARGIN + 38.0) * k);
    let agents = scene.crowd().len();
    let shown = agents.min(scene.overlay_max_agents());
    let forces = match (app.show_forces, shown < agents) {
        (false, _) => "forces off".to_string(),
        (true, false) => "forces on".to_string(),
        (true, true) => format!("forces: {} of {}", grouped(shown), grouped(agents)),
    };
    // The status drops its least useful parts when the window is narrow.
    let mut parts = vec![
        format!("agents {}", grouped(agents)),
        format!("tick {}", scene.tick()),
        match app.tick_ms.mean() {
            Some(ms) => format!("sim {ms:.2} ms/tick"),
            None => "sim -- ms/tick".to_string(),
        },
        match frame_seconds.filter(|&s| s > 0.0) {
            Some(s) => format!("{:.0} fps", 1.0 / s),
            None => "-- fps".to_string(),
        },
        format!("{}x", steering_demos::sim::knobs::number(app.rate)),
        forces,
    ];
    if app.paused {
        parts.push("PAUSED".into());
    }
    let mut status = parts.join("  |  ");
    for drop in ["tick", "sim", "agents"] {
        if width(&status, body_size) <= r.w * 0.5 {
            break;
        }
        parts.retain(|p| !p.starts_with(drop));
        status = parts.join("  |  ");
    }
    let status = fit(&status, body_size, r.w * 0.5);
    let status_w = width(&status, body_size);
    draw_text(
        &status,
        r.right() - MARGIN - status_w,
        line1,
        body_size,
        TEXT_DIM,
    );

    let head = format!(
        "{}/{}  {}  |  ",
        app.index() + 1,
        app.config.scenes.len(),
        app.entry().title
    );
    let room = r.w - status_w - 3.0 * MARGIN;
    let head = fit(&head, title_size, room * 0.8);
    draw_text(&head, r.x + MARGIN, line1, title_size, TEXT);
    let variant = match app.compared_variant() {
        Some(right) => format!("{} | {right}", app.variant()),
        None => app.variant().to_string(),
    };
    let variant = fit(&variant, title_size, room - width(&head, title_size));
    draw_text(
        &variant,
        r.x + MARGIN + width(&head, title_size),
        line1,
        title_size,
        ACCENT,
    );

    let lesson = fit(app.lesson(), body_size, r.w - 2.0 * MARGIN);
    draw_text(&lesson, r.x + MARGIN, line2, body_size, TEXT);
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
        r.x + MARGIN,
        r.y + r.h * 0.5 + body_size * 0.3,
        body_size,
        ACCENT,
    );
}

/// One line under the HUD: the colour of each force drawn (or how to show
/// them) on the left, and on the right who is who: each role's colour
/// and name (`roles`, from the scene; `fade_alpha` for a faded look).
pub fn draw_legend(meanings: &[Meaning], roles: &[(Look, &str)], fade_alpha: f32, layout: &Layout) {
    let r = layout.legend;
    draw_rectangle(r.x, r.y, r.w, r.h, super::palette::BACKGROUND);
    let (_, size) = text_sizes(layout);
    let baseline = r.y + r.h * 0.5 + size * 0.3;
    let cy = r.y + r.h * 0.5;
    let swatch = 22.0 * layout.text_scale;
    // The roles, right-aligned: as many whole ones as fit in half the line.
    let role_w = |label: &str| swatch * 0.6 + 6.0 + width(label, size) + MARGIN;
    let mut shown = roles.len();
    while shown > 0 && roles[..shown].iter().map(|(_, l)| role_w(l)).sum::<f32>() > r.w * 0.5 {
        shown -= 1;
    }
    let roles_w: f32 = roles[..shown].iter().map(|(_, l)| role_w(l)).sum();
    let mut x = r.right() - roles_w;
    for &(look, label) in &roles[..shown] {
        let k = swatch * 0.3;
        draw_circle(x + k, cy, k, agent_color(look, fade_alpha));
        draw_text(label, x + 2.0 * k + 6.0, baseline, size, TEXT);
        x += role_w(label);
    }
    let right = r.right() - roles_w - MARGIN;
    if meanings.is_empty() {
        let hint = "click the stage to show the forces; click an agent to follow its mind";
        draw_text(
            fit(hint, size, right - r.x - MARGIN),
            r.x + MARGIN,
            baseline,
            size,
            TEXT_DIM,
        );
        return;
    }
    let mut x = r.x + MARGIN;
    for &m in meanings {
        let label_w = width(m.label(), size);
        if x + swatch + 6.0 + label_w > right {
            break;
        }
        draw_line(x, cy, x + swatch, cy, 4.0, meaning_color(m));
        draw_text(m.label(), x + swatch + 6.0, baseline, size, TEXT);
        x += swatch + 6.0 + label_w + 2.0 * MARGIN;
    }
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
    draw_rectangle(r.x, r.y, r.w, r.h, fill);
    let (_, body_size) = text_sizes(layout);
    let size = body_size * 0.9;
    let text = fit(notice, size, r.w - 2.0 * MARGIN);
    draw_text(
        &text,
        r.x + MARGIN,
        r.y + r.h * 0.5 + size * 0.3,
        size,
        TEXT,
    );
}

/// Every control, in the help box, and the settings file in use.
pub fn draw_help(layout: &Layout, settings: &str) {
    let Some(r) = layout.help else { return };
    let (title_size, body_size) = text_sizes(layout);
    let controls: Vec<_> = controls::available().collect();
    let row = (r.h - 2.0 * MARGIN) / (controls.len() as f32 + 2.5);
    let body_size = body_size.min(row * 0.85).max(6.0);
    fill(&r);
    draw_rectangle_lines(r.x, r.y, r.w, r.h, 2.0, ACCENT);
    draw_text(
        "Controls",
        r.x + MARGIN * 2.0,
        r.y + MARGIN + row * 0.8,
        title_size.min(row),
        ACCENT,
    );
    let key_w = controls
        .iter()
        .map(|c| width(&c.label(), body_size))
        .fold(0.0, f32::max);
    let text_x = r.x + MARGIN * 4.0 + key_w;
    for (i, control) in controls.iter().enumerate() {
        let ty = r.y + MARGIN + row * (i as f32 + 1.8);
        draw_text(control.label(), r.x + MARGIN * 2.0, ty, body_size, ACCENT);
        let help = fit(control.help, body_size, r.right() - MARGIN - text_x);
        draw_text(&help, text_x, ty, body_size, TEXT);
    }
    let settings = fit(
        &format!("settings: {settings}"),
        body_size,
        r.w - 4.0 * MARGIN,
    );
    let ty = r.y + MARGIN + row * (controls.len() as f32 + 2.0);
    draw_text(&settings, r.x + MARGIN * 2.0, ty, body_size, TEXT_DIM);
}
