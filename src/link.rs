//! A run as a link: the scene, variant, seed, agent count, every knob
//! that differs from its built-in default and the edits (`props`: moved
//! obstacles or path nodes, as `x,y,r;...` or `x,y;...`; `starts`: agents
//! placed by hand, as `number,x,y;...`; `tour`: the step of the guided
//! tour shown, from 1; `lang`: the language of the words), as a URL fragment
//! (`#scene=flock&variant=separation&seed=5&agents=200&separation_weight=2`).
//!
//! The page reads it from its address and the desktop app from `--open`;
//! both start from it the same run, tick for tick (the simulation is seeded
//! and deterministic, and knobs are compared with the built-in defaults, so
//! a link does not depend on anyone's demos.toml). `--share` and the U key
//! print one.

use crate::quote::quoted;
use crate::sim::decl::SceneDecl;
use crate::sim::props::{NODE_PICK, Prop, PropKind};
use crate::sim::scene::Setup;
use crate::sim::starts::MAX_COORDINATE;
use glam::Vec2;

/// The longest link taken, in bytes: a scene has some twenty knobs, so a
/// link is well under a kilobyte.
pub const MAX_LENGTH: usize = 4096;

/// What a link asks for, before it is checked against the scenes and
/// their knobs (as `--scene`, `--variant`, `--seed`, `--agents` and
/// `--set` are).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Link {
    pub scene: String,
    pub variant: Option<String>,
    pub seed: Option<u64>,
    pub agents: Option<u64>,
    /// Knobs as `KEY=VALUE`, as `--set` takes them.
    pub knobs: Vec<String>,
    /// The scene's props, each item its numbers (`props=x,y,r;x,y,r`).
    pub props: Option<Vec<Vec<f64>>>,
    /// Agents placed by hand (`starts=number,x,y;...`).
    pub starts: Option<Vec<Vec<f64>>>,
    /// The step of the scene's guided tour shown, from 1 (`tour=2`).
    pub tour: Option<u64>,
    /// The language of the window's words (`lang=fr`).
    pub lang: Option<String>,
}

/// The fragment of a run of scene `decl` with `setup`: always its scene,
/// variant, seed and agent count; then each knob whose value is not the
/// scene's built-in default, in the order the scene declares them.
pub fn fragment(decl: &SceneDecl, setup: &Setup) -> String {
    let mut out = format!(
        "#scene={}&variant={}&seed={}&agents={}",
        decl.name, decl.variants[setup.variant], setup.seed, setup.agents
    );
    let defaults = decl.default_params();
    for knob in decl.knobs {
        let (Some(value), default) = (setup.params.get(knob.name), defaults.get(knob.name)) else {
            continue;
        };
        if Some(value) != default {
            // Knobs are f32: its shortest decimal reads back to the same bits.
            out.push_str(&format!("&{}={}", knob.name, value as f32));
        }
    }
    let props = setup.params.props();
    if let Some(props) = props.filter(|p| Some(p) != defaults.props().as_ref()) {
        let items = props.items.iter().map(|p| match props.kind {
            PropKind::Obstacles { .. } => format!("{},{},{}", p.at.x, p.at.y, p.radius),
            PropKind::Path { .. } | PropKind::Corners => format!("{},{}", p.at.x, p.at.y),
        });
        out.push_str(&format!("&props={}", items.collect::<Vec<_>>().join(";")));
    }
    if !setup.starts.is_empty() {
        let items = (setup.starts.iter()).map(|(n, at)| format!("{n},{},{}", at.x, at.y));
        out.push_str(&format!("&starts={}", items.collect::<Vec<_>>().join(";")));
    }
    out
}

/// Puts a link's edits into `setup` (its scene's): the props, checked as
/// the scene checks its parameters, and the starts.
pub fn apply_edits(link: &Link, decl: &SceneDecl, setup: &mut Setup) -> Result<(), String> {
    if let Some(items) = &link.props {
        let Some(mut props) = setup.params.props() else {
            return Err(format!("scene `{}` has no props to edit", decl.name));
        };
        let width = match props.kind {
            PropKind::Obstacles { .. } => 3,
            PropKind::Path { .. } | PropKind::Corners => 2,
        };
        let mut edited = Vec::with_capacity(items.len());
        for (k, item) in items.iter().enumerate() {
            let what = format!("props item {}", k + 1);
            if item.len() != width {
                return Err(format!(
                    "{what} has {}; each {} is {}",
                    crate::sim::arrays::numbers(item.len()),
                    props.noun(),
                    ["x,y", "x,y,radius"][width - 2]
                ));
            }
            let at = Vec2::new(item[0] as f32, item[1] as f32);
            if !at.is_finite() || at.abs().max_element() > MAX_COORDINATE {
                return Err(format!(
                    "{what}: x and y must lie within ±{MAX_COORDINATE} px"
                ));
            }
            let radius = if width == 3 {
                item[2] as f32
            } else {
                NODE_PICK
            };
            edited.push(Prop { at, radius });
        }
        props.items = edited;
        setup.params.set_props(&props);
    }
    if let Some(items) = &link.starts {
        setup.starts = crate::config::parse_starts(items)?;
    }
    Ok(())
}

/// Reads a fragment (with or without its `#`). Errors name the part of
/// the link at fault; user text in them is quoted with its control
/// characters escaped and cut to a readable length.
pub fn parse(text: &str) -> Result<Link, String> {
    if text.len() > MAX_LENGTH {
        return Err(format!(
            "the link is {} bytes long; at most {MAX_LENGTH} are read",
            text.len()
        ));
    }
    let body = text.trim().strip_prefix('#').unwrap_or(text.trim());
    let mut link = Link::default();
    let mut scene = None;
    let mut seen: Vec<&str> = Vec::new();
    for part in body.split('&').filter(|p| !p.is_empty()) {
        let Some((key, value)) = part.split_once('=') else {
            return Err(format!("{} is not KEY=VALUE", quoted(part)));
        };
        let plain = |s: &str, more: &str| {
            !s.is_empty()
                && s.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "_-.+".contains(c) || more.contains(c))
        };
        if !plain(key, "") || !plain(value, ",;") {
            return Err(format!(
                "{}: keys and values are names and numbers (letters, digits, _ - . + , ;)",
                quoted(part)
            ));
        }
        if seen.contains(&key) {
            return Err(format!("`{key}` is given twice"));
        }
        seen.push(key);
        let number = |what: &str| {
            value.parse::<u64>().map_err(|_| {
                format!(
                    "{what}={}: a whole number from 0 to {} is expected",
                    quoted(value),
                    u64::MAX
                )
            })
        };
        match key {
            "scene" => scene = Some(value.to_string()),
            "variant" => link.variant = Some(value.to_string()),
            "seed" => link.seed = Some(number("seed")?),
            "agents" => link.agents = Some(number("agents")?),
            "props" => link.props = Some(lists(key, value)?),
            "starts" => link.starts = Some(lists(key, value)?),
            "tour" => link.tour = Some(number("tour")?),
            "lang" => link.lang = Some(value.to_string()),
            _ => link.knobs.push(format!("{key}={value}")),
        }
    }
    link.scene = scene.ok_or("the link names no scene (#scene=NAME&...)")?;
    Ok(link)
}

/// The largest number a list in a link may hold: beyond every coordinate
/// and agent number, within what an f64 holds exactly.
const MAX_LISTED: f64 = 1e9;

/// `a,b,c;d,e,f` as lists of numbers; an error names the item, and a
/// number out of any range is said as typed (not as an f64 prints it).
fn lists(key: &str, value: &str) -> Result<Vec<Vec<f64>>, String> {
    (value.split(';').enumerate())
        .map(|(k, item)| {
            let number = |text: &str| match text.parse::<f64>() {
                Ok(n) if n.abs() <= MAX_LISTED => Ok(n),
                Ok(n) if n.is_nan() => Err(format!(
                    "{key} item {}: {} is not a number",
                    k + 1,
                    quoted(text)
                )),
                Ok(_) => Err(format!(
                    "{key} item {}: {} is out of range (at most {MAX_LISTED} either way)",
                    k + 1,
                    quoted(text)
                )),
                Err(_) => Err(format!(
                    "{key} item {}: {} is not numbers",
                    k + 1,
                    quoted(item)
                )),
            };
            item.split(',').map(number).collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenes::registry::find;

    #[test]
    fn a_fragment_names_the_start_and_the_changed_knobs_only() {
        let decl = find("flock").unwrap();
        let mut setup = crate::config::Config::embedded()
            .scene("flock")
            .unwrap()
            .setup();
        setup.seed = 5;
        setup.params.set("separation_weight", 2.0).unwrap();
        setup.params.set("max_force", 0.07).unwrap();
        let text = fragment(decl, &setup);
        let flock = &decl.variants[setup.variant];
        assert_eq!(
            text,
            format!(
                "#scene=flock&variant={flock}&seed=5&agents={}&max_force=0.07&separation_weight=2",
                setup.agents
            )
        );
        let link = parse(&text).unwrap();
        assert_eq!(link.scene, "flock");
        assert_eq!(link.seed, Some(5));
        assert_eq!(link.knobs, ["max_force=0.07", "separation_weight=2"]);
    }

    #[test]
    fn edits_ride_in_the_link_and_come_back_exactly() {
        let decl = find("patrol").unwrap();
        let config = crate::config::Config::embedded();
        let mut setup = config.scene("patrol").unwrap().setup();
        let mut props = setup.params.props().unwrap();
        props.items[1].at = Vec2::new(123.25, 456.5);
        props.add(Vec2::new(0.1, 0.2));
        setup.params.set_props(&props);
        setup.starts.put(2, Vec2::new(7.5, 8.0));
        let text = fragment(decl, &setup);
        assert!(
            text.contains("&props=") && text.contains("&starts=2,7.5,8"),
            "{text}"
        );
        let link = parse(&text).unwrap();
        let mut opened = config.scene("patrol").unwrap().setup();
        apply_edits(&link, decl, &mut opened).unwrap();
        assert_eq!(opened.params.props(), Some(props));
        assert_eq!(opened.starts, setup.starts);
        assert_eq!(fragment(decl, &opened), text);
        // An unedited run says nothing of edits.
        let plain = fragment(decl, &config.scene("patrol").unwrap().setup());
        assert!(
            !plain.contains("props") && !plain.contains("starts"),
            "{plain}"
        );
        // Broken edits name the item.
        let e = parse("#scene=patrol&props=1,2;x,4").unwrap_err();
        assert!(e.contains("props item 2"), "{e}");
        let bad = parse("#scene=patrol&props=1,2,3").unwrap();
        let e = apply_edits(&bad, decl, &mut opened).unwrap_err();
        assert!(e.contains("props item 1 has 3 numbers"), "{e}");
        let far = parse("#scene=patrol&props=1,2;1e7,4").unwrap();
        let e = apply_edits(&far, decl, &mut opened).unwrap_err();
        assert!(e.contains("props item 2") && e.contains("1000000"), "{e}");
        let e = parse("#scene=patrol&props=1,2;1e20,4").unwrap_err();
        assert!(e.contains("props item 2: `1e20` is out of range"), "{e}");
        let mut seek = config.scene("seek").unwrap().setup();
        let e = apply_edits(&bad, find("seek").unwrap(), &mut seek).unwrap_err();
        assert!(e.contains("no props"), "{e}");
    }

    #[test]
    fn a_broken_link_is_refused_with_the_part_at_fault() {
        let e = parse("#variant=v4").unwrap_err();
        assert!(e.contains("names no scene"), "{e}");
        let e = parse("#scene=doorway&seed=-1").unwrap_err();
        assert!(e.contains("seed=`-1`"), "{e}");
        let e = parse("#scene=doorway&seed=1&seed=2").unwrap_err();
        assert!(e.contains("`seed` is given twice"), "{e}");
        let e = parse("#scene=doorway&oops").unwrap_err();
        assert!(e.contains("`oops` is not KEY=VALUE"), "{e}");
        // Control characters come back escaped, long text cut.
        let e = parse("#scene=do\u{1b}[2Jorway").unwrap_err();
        assert!(e.contains("\\u{1b}") && !e.contains('\u{1b}'), "{e}");
        let long = format!("#scene=doorway&{}", "x".repeat(500));
        let e = parse(&long).unwrap_err();
        assert!(e.len() < 200, "{e}");
        assert!(parse(&"#".repeat(MAX_LENGTH + 1)).is_err());
    }
}
