//! One colour per meaning, so a colour reads the same in every scene.
//! Velocity green, brake red and the ahead point orange follow the original
//! queue demo; the rest are chosen to stay apart on the paper-white stage,
//! for normal sight and for colour-blind eyes (a test below holds every
//! legend to it, with simulated protanopia, deuteranopia and tritanopia).

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
/// The painted crowd's hues for a few headings (right, down, up), for
/// its key in the legend.
pub fn headings() -> [Color; 3] {
    [glam::Vec2::X, glam::Vec2::Y, -glam::Vec2::Y].map(|heading| {
        let [r, g, b] = steering_demos::density::ink(heading);
        Color::new(r, g, b, 1.0)
    })
}

/// The ring around the selected agent.
pub const SELECTED: Color = rgb(0xff006e);
/// The line around a stage pane.
pub const FRAME: Color = rgb(0x5c6370);
/// Behind a message that must be seen.
pub const WARNING: Color = rgb(0x9b2226);
/// Behind a plain note (where a screenshot went).
pub const NOTE: Color = rgb(0x2d6a4f);
/// The recording mark.
pub const RECORDING: Color = rgb(0xe63946);
/// Trails, before fading.
pub const TRAIL: Color = rgb(0x3d5a80);
/// Tip to tail: a force no legend colour names (a scene's own, as
/// `walk`), the sum, the steering the cap leaves (black: the one move,
/// apart from every force), and the `max_force` circle.
pub const TIP_FORCE: Color = rgb(0x6c757d);
pub const TIP_SUM: Color = rgb(0x4a4e57);
pub const TIP_CAPPED: Color = rgb(0x000000);
pub const TIP_CIRCLE: Color = rgba(0x000000, 0.45);

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
        Meaning::Avoidance => rgb(0x56b4e9),
        Meaning::WallPush => rgb(0x6b4e16),
        Meaning::Separation => rgb(0x5e548e),
        Meaning::Ahead => rgb(0xf77f00),
        Meaning::WanderCircle => rgb(0x457b9d),
        // Amber: apart from the wander force's magenta at a glance.
        Meaning::WanderDisplacement => rgb(0xd98e04),
        Meaning::WanderForce => rgb(0xc2185b),
        Meaning::QueueRadius => rgba(0x6c757d, 0.55),
        Meaning::Future => rgb(0x9d4edd),
        Meaning::SlowingRadius => rgb(0x9aa3b0),
        Meaning::FollowPoint => rgb(0x111111),
        Meaning::Sight => rgba(0xd62828, 0.6),
        Meaning::Threat => rgb(0xd62828),
        Meaning::Alignment => rgb(0x1f77b4),
        Meaning::Cohesion => rgb(0xe69f00),
        Meaning::Neighborhood => rgba(0x554455, 0.7),
        Meaning::HalfPlane => rgb(0x9b2226),
        Meaning::Scanned => rgba(0xe9c46a, 0.9),
        Meaning::Counted => rgb(0x6600ff),
    }
}

/// An agent's colour; `fade_alpha` is the opacity of a faded one.
pub fn agent_color(look: Look, fade_alpha: f32) -> Color {
    match look {
        Look::Plain => rgb(0x3d5a80),
        // Orange against the plain blue: a pair colour-blind eyes tell
        // apart. Translucent: the original queue demo drew an agent
        // avoiding a wall so.
        Look::Faded => rgba(0xd55e00, fade_alpha),
        Look::Target => rgb(0x1d70b8),
        Look::Pursuer => rgb(0xc0392b),
        Look::ConstantPursuer => rgb(0x3a3a3a),
        Look::Evader => rgb(0xe09f3e),
        // Teal: apart from the followers' blue at a glance.
        Look::Leader => rgb(0x0f766e),
    }
}

/// `color` as it shows on the stage: its alpha laid over the paper. A
/// legend sits on the dark band, so it paints this (opaque) colour to
/// match what the stage shows of a translucent look or force.
pub fn on_stage(color: Color) -> Color {
    let over = |x: f32, paper: f32| x * color.a + paper * (1.0 - color.a);
    Color::new(
        over(color.r, STAGE.r),
        over(color.g, STAGE.g),
        over(color.b, STAGE.b),
        1.0,
    )
}

/// The legend's dot for agents of `look`: the colour the stage draws
/// them with, as it shows there.
pub fn role_color(look: Look, fade_alpha: f32) -> Color {
    on_stage(agent_color(look, fade_alpha))
}

/// The legend's swatch for shapes of `meaning`: their colour on the stage.
pub fn legend_color(meaning: Meaning) -> Color {
    on_stage(meaning_color(meaning))
}

/// Colour-blind eyes: in every variant of every scene, the colours its
/// legend line names together (the forces its overlay records, with an
/// agent selected; its agents' roles), as the legend paints them, stay
/// apart for normal sight and for the three kinds of
/// dichromacy, simulated as Machado, Oliveira and Fernandes (2009) do at
/// full severity.
#[cfg(test)]
mod colour_blind {
    use super::*;
    use steering_demos::config::Config;
    use steering_demos::sim::scene::Input;

    /// Least CIE76 distance between two colours a person must tell apart
    /// as thin lines on the stage (about the step between two adjacent
    /// named colours).
    const APART: f32 = 12.0;

    const DICHROMACIES: [(&str, [[f32; 3]; 3]); 3] = [
        (
            "protanopia",
            [
                [0.152_286, 1.052_583, -0.204_868],
                [0.114_503, 0.786_281, 0.099_216],
                [-0.003_882, -0.048_116, 1.051_998],
            ],
        ),
        (
            "deuteranopia",
            [
                [0.367_322, 0.860_646, -0.227_968],
                [0.280_085, 0.672_501, 0.047_413],
                [-0.011_820, 0.042_940, 0.968_881],
            ],
        ),
        (
            "tritanopia",
            [
                [1.255_528, -0.076_749, -0.178_779],
                [-0.078_411, 0.930_809, 0.147_602],
                [0.004_733, 0.691_367, 0.303_900],
            ],
        ),
    ];

    fn linear(c: f32) -> f32 {
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    }

    /// A colour as seen on the stage (its alpha over the paper), in
    /// linear RGB.
    fn on_stage(c: Color) -> [f32; 3] {
        let over = |x: f32, s: f32| x * c.a + s * (1.0 - c.a);
        [
            linear(over(c.r, STAGE.r)),
            linear(over(c.g, STAGE.g)),
            linear(over(c.b, STAGE.b)),
        ]
    }

    fn lab([r, g, b]: [f32; 3]) -> [f32; 3] {
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.950_47;
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.088_83;
        let f = |t: f32| {
            if t > 0.008_856 {
                t.cbrt()
            } else {
                7.787 * t + 16.0 / 116.0
            }
        };
        let (fx, fy, fz) = (f(x), f(y), f(z));
        [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
    }

    fn seen(m: [[f32; 3]; 3], c: [f32; 3]) -> [f32; 3] {
        let row = |k: usize| (m[k][0] * c[0] + m[k][1] * c[1] + m[k][2] * c[2]).clamp(0.0, 1.0);
        [row(0), row(1), row(2)]
    }

    fn distance(a: [f32; 3], b: [f32; 3]) -> f32 {
        let (p, q) = (lab(a), lab(b));
        ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2) + (p[2] - q[2]).powi(2)).sqrt()
    }

    /// Names and colours shown together.
    type Legend = Vec<(String, Color)>;

    /// What the legend line names together, in each variant of each
    /// scene: the forces its overlay records over a few seconds (agent 0
    /// selected), and
    /// apart from them (agents are filled shapes, forces lines) its roles.
    fn legends() -> Vec<(String, [Legend; 2])> {
        let config = Config::embedded();
        let mut out = Vec::new();
        for scene in &config.scenes {
            for v in 0..scene.decl.variants.len() {
                let mut setup = scene.setup();
                setup.variant = v;
                let (mut runner, pointer) = config.start(scene, &setup).expect("its own setup");
                runner.set_recording(true);
                // A selected agent adds where it looked for neighbours.
                runner.select(Some(0));
                let mut forces: Legend = Vec::new();
                for tick in 0..240 {
                    runner.step(&Input {
                        pointer: pointer.at(tick),
                    });
                    for m in runner.overlay().meanings() {
                        if !forces.iter().any(|(n, _)| n == m.label()) {
                            forces.push((m.label().to_string(), legend_color(m)));
                        }
                    }
                }
                let fade = runner.fade_alpha();
                let roles = (scene.decl.roles.iter())
                    .map(|&(look, role)| (role.to_string(), role_color(look, fade)))
                    .collect();
                let name = format!("{}/{}", scene.decl.name, scene.decl.variants[v]);
                out.push((name, [forces, roles]));
            }
        }
        out
    }

    #[test]
    fn every_scene_keeps_its_colours_apart_for_colour_blind_eyes() {
        let mut clashes = Vec::new();
        for (scene, legends) in legends() {
            for colours in &legends {
                for (i, (a, ca)) in colours.iter().enumerate() {
                    for (b, cb) in &colours[i + 1..] {
                        let (pa, pb) = (on_stage(*ca), on_stage(*cb));
                        let normal = distance(pa, pb);
                        if normal < APART {
                            clashes.push(format!("{scene}: {a} / {b}: {normal:.1} for anyone"));
                        }
                        for (kind, m) in DICHROMACIES {
                            let d = distance(seen(m, pa), seen(m, pb));
                            if d < APART {
                                clashes.push(format!("{scene}: {a} / {b}: {d:.1} in {kind}"));
                            }
                        }
                    }
                }
            }
        }
        assert!(clashes.is_empty(), "too close:\n{}", clashes.join("\n"));
    }
}

/// The legend paints each entry the colour its shapes show on the stage:
/// every look an agent takes and every force recorded, in every variant
/// of every scene, blended over the paper as the window blends it.
#[cfg(test)]
mod stage_tests {
    use super::*;
    use steering_demos::config::Config;
    use steering_demos::sim::scene::Input;

    /// An 8-bit channel, as the framebuffer keeps it.
    fn byte(x: f32) -> i32 {
        (x.clamp(0.0, 1.0) * 255.0).round() as i32
    }

    /// What the window's pixel becomes when `color` is drawn on the paper
    /// (source alpha over destination, per channel, in 8 bits).
    fn drawn_on_paper(color: Color) -> [i32; 3] {
        let paper = [STAGE.r, STAGE.g, STAGE.b].map(byte);
        let src = [color.r, color.g, color.b].map(byte);
        let a = color.a;
        [0, 1, 2].map(|k| (src[k] as f32 * a + paper[k] as f32 * (1.0 - a)).round() as i32)
    }

    /// A legend colour in 8 bits; it must be opaque, as it sits on the band.
    fn painted(color: Color) -> [i32; 3] {
        assert_eq!(color.a, 1.0, "a legend swatch is opaque: {color:?}");
        [color.r, color.g, color.b].map(byte)
    }

    fn close(a: [i32; 3], b: [i32; 3]) -> bool {
        a.iter().zip(&b).all(|(x, y)| (x - y).abs() <= 1)
    }

    #[test]
    fn every_legend_entry_is_the_colour_the_stage_shows() {
        let config = Config::embedded();
        let mut wrong = Vec::new();
        for scene in &config.scenes {
            let decl = scene.decl;
            for v in 0..decl.variants.len() {
                let mut setup = scene.setup();
                setup.variant = v;
                let (mut runner, pointer) = config.start(scene, &setup).expect("its own setup");
                runner.set_recording(true);
                runner.select(Some(0));
                let (mut looks, mut meanings) = (Vec::new(), Vec::new());
                for tick in 0..240 {
                    runner.step(&Input {
                        pointer: pointer.at(tick),
                    });
                    for &look in runner.looks() {
                        if !looks.contains(&look) {
                            looks.push(look);
                        }
                    }
                    for m in runner.overlay().meanings() {
                        if !meanings.contains(&m) {
                            meanings.push(m);
                        }
                    }
                }
                let name = format!("{}/{}", decl.name, decl.variants[v]);
                let fade = runner.fade_alpha();
                for look in looks {
                    let drawn = drawn_on_paper(agent_color(look, fade));
                    if !decl.roles.iter().any(|&(l, _)| l == look) && !decl.roles.is_empty() {
                        wrong.push(format!("{name}: {look:?} agents have no legend entry"));
                    }
                    let legend = painted(role_color(look, fade));
                    if !close(legend, drawn) {
                        wrong.push(format!(
                            "{name}: {look:?} legend {legend:?}, stage {drawn:?}"
                        ));
                    }
                }
                for m in meanings {
                    let (legend, drawn) =
                        (painted(legend_color(m)), drawn_on_paper(meaning_color(m)));
                    if !close(legend, drawn) {
                        wrong.push(format!("{name}: {m:?} legend {legend:?}, stage {drawn:?}"));
                    }
                }
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }
}
