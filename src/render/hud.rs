//! The HUD band, the force legend and the help panel.

use super::palette::{ACCENT, PANEL, TEXT, TEXT_DIM, meaning_color};
use super::{FOOTER_HEIGHT, HUD_HEIGHT, View};
use macroquad::math::Vec2;
use macroquad::shapes::{draw_line, draw_rectangle, draw_rectangle_lines};
use macroquad::text::{draw_text, measure_text};
use steering_demos::app::App;
use steering_demos::controls::CONTROLS;
use steering_demos::overlay::Meaning;

const TITLE_SIZE: f32 = 24.0;
const BODY_SIZE: f32 = 20.0;
const MARGIN: f32 = 12.0;
/// Below this window width the text shrinks, down to `MIN_TEXT_SCALE`.
const FULL_TEXT_WIDTH: f32 = 1280.0;
const MIN_TEXT_SCALE: f32 = 0.7;

/// Title and body font sizes for a window `screen_width` wide.
fn text_sizes(screen_width: f32) -> (f32, f32) {
    let k = (screen_width / FULL_TEXT_WIDTH).clamp(MIN_TEXT_SCALE, 1.0);
    ((TITLE_SIZE * k).round(), (BODY_SIZE * k).round())
}

fn width(text: &str, size: f32) -> f32 {
    measure_text(text, None, size as u16, 1.0).width
}

/// Cuts `text` to fit `room` pixels, ending it with "...".
fn fit(text: &str, size: f32, room: f32) -> String {
    if width(text, size) <= room {
        return text.to_string();
    }
    let mut cut: String = text.to_string();
    while !cut.is_empty() && width(&format!("{cut}..."), size) > room {
        cut.pop();
    }
    format!("{}...", cut.trim_end())
}

/// Two lines on a band above the stage: what is running and how it runs,
/// then the lesson of the variant shown.
pub fn draw_hud(app: &App, fps: i32, screen: Vec2) {
    draw_rectangle(0.0, 0.0, screen.x, HUD_HEIGHT, PANEL);
    let (title_size, body_size) = text_sizes(screen.x);
    let scene = app.scene();
    let (line1, line2) = (MARGIN + 14.0, MARGIN + 38.0);

    // The status drops its least useful parts when the window is narrow.
    let mut parts = vec![
        format!("agents {}", scene.crowd().len()),
        format!("tick {}", scene.tick()),
        format!("sim {:.2} ms/tick", app.tick_ms),
        format!("{fps} fps"),
        format!("forces {}", if app.show_forces { "on" } else { "off" }),
    ];
    if app.paused {
        parts.push("PAUSED".into());
    }
    let mut status = parts.join("  |  ");
    for drop in ["tick", "sim"] {
        if width(&status, body_size) <= screen.x * 0.5 {
            break;
        }
        parts.retain(|p| !p.starts_with(drop));
        status = parts.join("  |  ");
    }
    let status_w = width(&status, body_size);
    draw_text(
        &status,
        screen.x - MARGIN - status_w,
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
    let room = screen.x - status_w - 3.0 * MARGIN;
    let head = fit(&head, title_size, room * 0.8);
    draw_text(&head, MARGIN, line1, title_size, TEXT);
    let variant = fit(app.variant(), title_size, room - width(&head, title_size));
    draw_text(
        &variant,
        MARGIN + width(&head, title_size),
        line1,
        title_size,
        ACCENT,
    );

    let lesson = fit(app.lesson(), body_size, screen.x - 2.0 * MARGIN);
    draw_text(&lesson, MARGIN, line2, body_size, TEXT);
}

/// The keys that matter in this scene, on a band below the stage.
pub fn draw_footer(app: &App, screen: Vec2) {
    let (_, body_size) = text_sizes(screen.x);
    let top = screen.y - FOOTER_HEIGHT;
    draw_rectangle(0.0, top, screen.x, FOOTER_HEIGHT, PANEL);
    let hints = app.hints();
    let text = fit(&hints.join("   "), body_size, screen.x - 2.0 * MARGIN);
    draw_text(
        &text,
        MARGIN,
        top + FOOTER_HEIGHT * 0.5 + 6.0,
        body_size,
        ACCENT,
    );
}

/// A key to the overlay colours, in the stage's top-right corner (where
/// the walls are in the doorway, and nothing else in any scene).
pub fn draw_legend(meanings: &[Meaning], view: &View, screen: Vec2) {
    if meanings.is_empty() {
        return;
    }
    let (_, body_size) = text_sizes(screen.x);
    let row = body_size + 2.0;
    let swatch = 26.0;
    let label_w = meanings
        .iter()
        .map(|m| width(m.label(), body_size))
        .fold(0.0, f32::max);
    let w = MARGIN * 3.0 + swatch + label_w;
    let h = MARGIN * 1.5 + row * meanings.len() as f32;
    let x = view.area.x + view.area.w - w - MARGIN;
    let y = view.area.y + MARGIN;
    draw_rectangle(x, y, w, h, PANEL);
    for (i, &m) in meanings.iter().enumerate() {
        let cy = y + MARGIN + row * i as f32 + row * 0.5 - 4.0;
        draw_line(
            x + MARGIN,
            cy,
            x + MARGIN + swatch,
            cy,
            4.0,
            meaning_color(m),
        );
        draw_text(
            m.label(),
            x + 2.0 * MARGIN + swatch,
            cy + 6.0,
            body_size,
            TEXT,
        );
    }
}

/// Every control, centred over the stage.
pub fn draw_help(screen: Vec2) {
    let (title_size, body_size) = text_sizes(screen.x);
    let row = body_size + 6.0;
    let key_w = CONTROLS
        .iter()
        .map(|c| width(&c.label(), body_size))
        .fold(0.0, f32::max);
    let text_w = CONTROLS
        .iter()
        .map(|c| width(c.help, body_size))
        .fold(0.0, f32::max);
    let w = key_w + text_w + MARGIN * 7.0;
    let h = row * (CONTROLS.len() as f32 + 1.5) + MARGIN * 2.0;
    let x = ((screen.x - w) * 0.5).max(0.0);
    let y = (HUD_HEIGHT + (screen.y - HUD_HEIGHT - h) * 0.5).max(HUD_HEIGHT);
    draw_rectangle(x, y, w, h, PANEL);
    draw_rectangle_lines(x, y, w, h, 2.0, ACCENT);
    draw_text(
        "Controls",
        x + MARGIN * 2.0,
        y + MARGIN + row * 0.8,
        title_size,
        ACCENT,
    );
    for (i, control) in CONTROLS.iter().enumerate() {
        let ty = y + MARGIN + row * (i as f32 + 1.8);
        draw_text(control.label(), x + MARGIN * 2.0, ty, body_size, ACCENT);
        draw_text(control.help, x + MARGIN * 5.0 + key_w, ty, body_size, TEXT);
    }
}
