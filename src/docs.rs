//! The files written from the declarations, never by hand: `demos.toml`
//! (every scene's table, from its registry row and its `params!`) and the
//! README's scene and controls tables. `cargo xtask docs` writes them; a
//! test fails when a checked-in copy differs, so a new scene, knob or key
//! cannot be forgotten in any of them.

use crate::config::app;
use crate::scenes::SCENES;
use crate::sim::decl::SceneDecl;
use crate::sim::knobs::{Apply, Knob, number};
use crate::sim::pointer::PointerMode;
use std::fmt::Write as _;

/// The head of demos.toml: what the file is and the units it speaks.
const HEAD: &str = "\
# Steering Demos: every setting of the app and of each scene.
#
# Generated from the declarations in src/ by `cargo xtask docs`: each
# scene's table comes from its file under src/scenes/ (defaults, ranges,
# steps, units, doc lines), so edit those, not this. Copy this file to
# $XDG_CONFIG_HOME/steering-demos/demos.toml (default ~/.config) to change
# it; every key may be left out, and a value outside its range is refused
# with the file, line, key and range.
#
# Units. The simulation steps at a fixed tick and, like the original Flash
# demos, has no time delta: distances are in px (world units of the stage),
# speeds in px per tick, forces in px per tick per tick times mass (a force is
# truncated to max_force, then divided by mass), angles in radians.
# Constants marked \"original\" are those of the tutorial series' demos.
";

const RULE: &str =
    "# ---------------------------------------------------------------------------\n";

/// demos.toml as the declarations make it.
pub fn demos_toml() -> String {
    let mut out = format!("{HEAD}\n{}", app::TABLE);
    for (n, decl) in SCENES.iter().enumerate() {
        out.push('\n');
        out.push_str(RULE);
        scene_table(&mut out, n + 1, decl);
    }
    out
}

fn scene_table(out: &mut String, number_: usize, e: &SceneDecl) {
    let d = e;
    let name = e.name;
    let _ = writeln!(out, "# {number_}. {}", e.title);
    for (variant, lesson) in e.variants.iter().zip(e.lessons) {
        let _ = writeln!(out, "#   {variant}: {lesson}");
    }
    let _ = writeln!(out, "[{name}]");
    let _ = writeln!(out, "seed = {}", d.seed);
    let _ = writeln!(out, "# {}", knob_note(&d.agents));
    let _ = writeln!(out, "agents = {}", number(d.agents.default));
    let _ = writeln!(out, "# One of: {}.", e.variants.join(", "));
    let _ = writeln!(out, "variant = \"{}\"", e.variants[d.default_variant]);
    if let Some(hz) = d.tick_hz {
        let _ = writeln!(out, "# The lesson's own pace, in ticks per second.");
        let _ = writeln!(out, "tick_hz = {}", number(f64::from(hz)));
    }
    let _ = writeln!(
        out,
        "# Without a window: \"lissajous\" sweeps the stage, \"still\" rests."
    );
    let pointer = match d.pointer {
        PointerMode::Lissajous => "lissajous",
        PointerMode::Still => "still",
    };
    let _ = writeln!(out, "pointer = \"{pointer}\"");
    let _ = writeln!(out, "[{name}.params]");
    for knob in e.knobs {
        let _ = writeln!(out, "# {}", knob_note(knob));
        let _ = writeln!(out, "{} = {}", knob.name, toml_number(knob, knob.default));
    }
    for (key, value) in e.default_params().fixed_values() {
        if let Some((_, doc)) = e.fixed_docs.iter().find(|(k, _)| *k == key) {
            let _ = writeln!(out, "# {doc}");
        }
        let _ = writeln!(out, "{key} = {value}");
    }
}

/// "Top speed (original: 3). 0.5 to 20 px/tick, step 0.5; live."
fn knob_note(k: &Knob) -> String {
    let unit = if k.unit.is_empty() {
        String::new()
    } else {
        format!(" {}", k.unit)
    };
    let apply = match k.apply {
        Apply::Live => "live",
        Apply::Restart => "restarts the scene",
    };
    format!(
        "{} {} to {}{unit}, step {}; {apply}.",
        k.doc,
        number(k.min),
        number(k.max),
        number(k.step)
    )
}

/// A knob's value as TOML writes it: `60` for a whole-number knob, `3.0`
/// for a float one.
fn toml_number(k: &Knob, value: f64) -> String {
    let n = number(value);
    if k.integer || n.contains(['.', 'e']) {
        n
    } else {
        format!("{n}.0")
    }
}

/// The README's scene table: number key, picture, title and name, the
/// variants (the default in bold) and the default variant's lesson.
pub fn scene_table_markdown() -> String {
    let mut out = String::from("| key | | scene |\n|---|---|---|\n");
    for (n, e) in SCENES.iter().enumerate() {
        let key = crate::scenes::registry::scene_digit(n)
            .map_or("Tab, picker".to_string(), |d| d.to_string());
        let variants: Vec<String> = e
            .variants
            .iter()
            .enumerate()
            .map(|(v, name)| match v == e.default_variant {
                true => format!("**`{name}`**"),
                false => format!("`{name}`"),
            })
            .collect();
        let _ = writeln!(
            out,
            "| {key} | <img src=\"{}\" width=\"220\" alt=\"{name}\"> | **{}** (`--scene {name}`). \
             Variants: {}. {} |",
            picture(e.name),
            e.title,
            variants.join(", "),
            e.lessons[e.default_variant],
            name = e.name,
        );
    }
    out
}

/// Where a scene's picture is kept, made by `cargo xtask screenshots`.
pub fn picture(scene: &str) -> String {
    format!("assets/screenshots/{scene}.png")
}

/// A generated part of the README: the line before it and the line
/// after it.
struct Section {
    begin: &'static str,
    end: &'static str,
}

const SCENE_TABLE: Section = Section {
    begin: "<!-- scenes: generated by `cargo xtask docs` from src/scenes/ -->",
    end: "<!-- end of scenes -->",
};

const CONTROLS_TABLE: Section = Section {
    begin: "<!-- controls: generated by `cargo xtask docs` from src/controls.rs -->",
    end: "<!-- end of controls -->",
};

/// `readme` with its generated parts made anew: the scene table
/// ([`scene_table_markdown`]) and the controls table; `None` when it
/// lacks a part's markers.
pub fn readme(readme: &str) -> Option<String> {
    let readme = replace(readme, &SCENE_TABLE, &scene_table_markdown())?;
    replace(&readme, &CONTROLS_TABLE, &crate::controls::markdown_table())
}

fn replace(text: &str, section: &Section, made: &str) -> Option<String> {
    let begin = text.find(section.begin)? + section.begin.len();
    let end = text[begin..].find(section.end)? + begin;
    Some(format!("{}\n{made}{}", &text[..begin], &text[end..]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use std::path::Path;

    /// Compares a checked-in file with what the declarations make; with
    /// `STEERING_DEMOS_BLESS=1` (what `cargo xtask docs` sets) writes it.
    fn up_to_date(file: &str, made: &str) {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
        if std::env::var_os("STEERING_DEMOS_BLESS").is_some() {
            std::fs::write(&path, made).expect("the file is writable");
            return;
        }
        let have = std::fs::read_to_string(&path).expect("the file is readable");
        assert!(
            have == made,
            "{file} differs from the declarations in src/: run `cargo xtask docs`"
        );
    }

    #[test]
    fn demos_toml_is_generated_from_the_declarations() {
        let made = demos_toml();
        // What is generated reads back as the declared defaults.
        let config = Config::parse("generated", &made).expect("it parses");
        assert_eq!(config.app, crate::config::AppConfig::default());
        for (scene, decl) in config.scenes.iter().zip(SCENES) {
            assert!(
                scene.params.same(decl.default_params().as_ref()),
                "{}",
                decl.name
            );
            assert_eq!(scene.variant, decl.default_variant, "{}", decl.name);
        }
        up_to_date("demos.toml", &made);
    }

    #[test]
    fn the_readme_tables_are_generated_from_the_registry_and_the_controls() {
        let readme = include_str!("../README.md");
        let made =
            super::readme(readme).expect("the README has the markers of its generated parts");
        for e in SCENES {
            assert!(
                made.contains(&format!("`--scene {}`", e.name)),
                "{}",
                e.name
            );
            let picture = Path::new(env!("CARGO_MANIFEST_DIR")).join(picture(e.name));
            assert!(picture.is_file(), "{}: no picture at {picture:?}", e.name);
        }
        up_to_date("README.md", &made);
    }
}
