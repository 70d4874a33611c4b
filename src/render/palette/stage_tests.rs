//! The legend paints each entry the colour its shapes show on the stage:
//! every look an agent takes and every force recorded, in every variant
//! of every scene, blended over the paper as the window blends it.

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
                let (legend, drawn) = (painted(legend_color(m)), drawn_on_paper(meaning_color(m)));
                if !close(legend, drawn) {
                    wrong.push(format!("{name}: {m:?} legend {legend:?}, stage {drawn:?}"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
