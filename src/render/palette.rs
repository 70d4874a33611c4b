//! One colour per meaning, so a colour reads the same in every scene.
//! Velocity green, brake red and the ahead point orange follow the original
//! queue demo; the rest are chosen to stay apart on the paper-white stage.

use macroquad::color::Color;
use steering_demos::overlay::Meaning;
use steering_demos::sim::crowd::Look;

const fn rgb(hex: u32) -> Color {
    rgba(hex, 1.0)
}

const fn rgba(hex: u32, a: f32) -> Color {
    Color::new(
        ((hex >> 16) & 0xff) as f32 / 255.0,
        ((hex >> 8) & 0xff) as f32 / 255.0,
        (hex & 0xff) as f32 / 255.0,
        a,
    )
}

/// Around the stage.
pub const BACKGROUND: Color = rgb(0x2b2f36);
/// The stage itself.
pub const STAGE: Color = rgb(0xf4f1ea);
/// HUD band and panels.
pub const PANEL: Color = rgb(0x1c1f24);
pub const TEXT: Color = rgb(0xf1f1f1);
pub const TEXT_DIM: Color = rgb(0xb5bcc7);
pub const ACCENT: Color = rgb(0xffc857);
/// The ring around the selected agent.
pub const SELECTED: Color = rgb(0xff006e);
/// The line around a stage pane.
pub const FRAME: Color = rgb(0x5c6370);
/// Behind a message that must be seen.
pub const WARNING: Color = rgb(0x9b2226);
/// Behind a plain note (where a screenshot went).
pub const NOTE: Color = rgb(0x2d6a4f);
/// Trails, before fading.
pub const TRAIL: Color = rgb(0x3d5a80);

pub fn meaning_color(meaning: Meaning) -> Color {
    match meaning {
        Meaning::Wall => rgb(0x4a4e57),
        Meaning::Obstacle => rgb(0x8d99ae),
        Meaning::Path => rgb(0x8a8f99),
        Meaning::PathRadius => rgba(0x3a7ca5, 0.75),
        Meaning::PathNode => rgb(0x22252b),
        Meaning::Target => rgb(0xe63946),
        Meaning::Velocity => rgb(0x2a9d3a),
        Meaning::Desired => rgb(0x1f77b4),
        Meaning::Steering => rgb(0xc2185b),
        Meaning::Brake => rgb(0xd62828),
        Meaning::Avoidance => rgb(0xb8860b),
        Meaning::Separation => rgb(0x5e548e),
        Meaning::Ahead => rgb(0xf77f00),
        Meaning::WanderCircle => rgb(0x457b9d),
        Meaning::WanderDisplacement => rgb(0xef476f),
        Meaning::WanderForce => rgb(0xc2185b),
        Meaning::QueueRadius => rgba(0x6c757d, 0.55),
        Meaning::Future => rgb(0x9d4edd),
        Meaning::SlowingRadius => rgb(0x2a9d8f),
        Meaning::FollowPoint => rgb(0x55a630),
        Meaning::Sight => rgba(0xd62828, 0.6),
        Meaning::Threat => rgb(0xd62828),
        Meaning::Alignment => rgb(0x1f77b4),
        Meaning::Cohesion => rgb(0xe07a00),
        Meaning::Neighborhood => rgba(0x6c757d, 0.7),
    }
}

/// An agent's colour; `fade_alpha` is the opacity of a faded one.
pub fn agent_color(look: Look, fade_alpha: f32) -> Color {
    match look {
        Look::Plain => rgb(0x3d5a80),
        Look::Faded => rgba(0x3d5a80, fade_alpha),
        Look::Target => rgb(0x1d70b8),
        Look::Pursuer => rgb(0xc0392b),
        Look::ConstantPursuer => rgb(0x8e44ad),
        Look::Evader => rgb(0xe09f3e),
        // Teal: apart from the followers' blue at a glance.
        Look::Leader => rgb(0x0f766e),
    }
}
