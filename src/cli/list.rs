//! `--list`: every scene with its variants and knobs, a line a knob (its
//! value, range, step, when it applies and its doc line).

use crate::config::Config;
use crate::sim::knobs::{Knob, number};

/// Every scene with its variants and knobs: `--list`.
pub fn list(config: &Config) -> String {
    let mut out = String::new();
    for (i, scene) in config.scenes.iter().enumerate() {
        let e = scene.decl;
        out.push_str(&format!(
            "{}. {}  {}  ({} ticks/s)\n",
            i + 1,
            e.name,
            e.title,
            number(scene.tick_hz.into())
        ));
        let variants: Vec<String> = e
            .variants
            .iter()
            .enumerate()
            .map(|(k, v)| {
                if k == scene.variant {
                    format!("{v} (default)")
                } else {
                    v.to_string()
                }
            })
            .collect();
        out.push_str(&format!("   variants: {}\n", variants.join(", ")));
        let agents = e.agents;
        out.push_str(&knob_line(&agents, scene.agents as f64));
        for knob in e.knobs {
            let value = scene.params.get(knob.name).unwrap_or(knob.default);
            out.push_str(&knob_line(knob, value));
        }
        out.push('\n');
    }
    out
}

fn knob_line(knob: &Knob, value: f64) -> String {
    let value = format!("{} {}", number(value), knob.unit);
    let range = format!(
        "{} to {}, step {}",
        number(knob.min),
        number(knob.max),
        number(knob.step)
    );
    let apply = match knob.apply {
        crate::sim::knobs::Apply::Live => "live",
        crate::sim::knobs::Apply::Restart => "restart",
    };
    format!(
        "   {:<22} {:<14} {:<26} {:<8} {}\n",
        knob.name,
        value.trim_end(),
        range,
        apply,
        knob.doc
    )
}
