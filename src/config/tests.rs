use super::*;
use crate::sim::knobs::number;

fn parse(text: &str) -> Result<Config, ConfigError> {
    Config::parse("test.toml", text)
}

/// The shipped file with one line replaced.
fn shipped_with(from: &str, to: &str) -> String {
    assert!(EMBEDDED.contains(from), "demos.toml has no `{from}`");
    EMBEDDED.replacen(from, to, 1)
}

fn line_of(text: &str, needle: &str) -> usize {
    text.lines()
        .position(|l| l.contains(needle))
        .expect("needle")
        + 1
}

#[test]
fn shipped_demos_toml_states_the_declared_defaults() {
    let config = parse(EMBEDDED).expect("shipped demos.toml is valid");
    assert_eq!(config.app, AppConfig::default());
    let names: Vec<&str> = config.scenes.iter().map(|s| s.name()).collect();
    assert_eq!(names, registry::names());
    for scene in &config.scenes {
        let e = scene.decl;
        // demos.toml documents the defaults the scene declares: they agree.
        assert!(
            *scene.params == *e.default_params(),
            "{}: demos.toml differs from the declared defaults",
            e.name
        );
        assert_eq!(scene.seed, e.seed, "{}", e.name);
        assert_eq!(scene.agents as f64, e.agents.default, "{}", e.name);
        assert_eq!(scene.variant, e.default_variant, "{}", e.name);
        assert_eq!(scene.pointer, e.pointer, "{}", e.name);
        for knob in e.knobs {
            assert!(
                EMBEDDED.contains(&format!("\n{} = ", knob.name)),
                "demos.toml does not list {}.{}",
                e.name,
                knob.name
            );
        }
    }
    // The original queue demo's constants, and its stage.
    let doorway = config.scene("doorway").unwrap();
    let d = &doorway.params;
    for (knob, value) in [
        ("max_force", 5.4),
        ("max_speed", 6.0),
        ("max_see_ahead", 50.0),
        ("max_queue_ahead", 30.0),
        ("max_queue_radius", 30.0),
        ("separation_radius", 30.0),
        ("stage_width", 600.0),
        ("stage_height", 480.0),
    ] {
        assert_eq!(d.get(knob), Some(value), "{knob}");
    }
    assert_eq!(doorway.tick_hz, 30.0, "the original's pace");
    // The two deliberate changes (see demos.toml): both forces at the cap.
    assert_eq!(d.get("max_avoid_force"), d.get("max_force"));
    assert_eq!(d.get("max_separation"), d.get("max_force"));
}

#[test]
fn an_empty_file_is_every_default() {
    let config = parse("").unwrap();
    assert_eq!(config.scenes.len(), crate::scenes::SCENES.len());
    assert_eq!(config.app, AppConfig::default());
}

#[test]
fn invalid_toml_names_file_line_and_column() {
    let text = shipped_with("tick_hz = 60 ", "tick_hz = = 60 ");
    let e = parse(&text).unwrap_err();
    let line = line_of(&text, "tick_hz = = 60");
    assert_eq!(e.place.map(|p| p.0), Some(line), "{e}");
    assert!(
        e.to_string().starts_with(&format!("test.toml:{line}:")),
        "{e}"
    );
}

#[test]
fn wrong_type_names_the_key_and_line() {
    let text = shipped_with("slowing_radius = 200.0\n", "slowing_radius = \"wide\" ");
    let e = parse(&text).unwrap_err();
    assert_eq!(
        e.place.map(|p| p.0),
        Some(line_of(&text, "\"wide\"")),
        "{e}"
    );
    assert_eq!(e.key.as_deref(), Some("seek.params.slowing_radius"), "{e}");
    assert!(e.message.contains("invalid type"), "{e}");
}

#[test]
fn unknown_key_lists_the_valid_ones() {
    let text = shipped_with(
        "circle_radius = 8.0\n",
        "circle_radius = 8.0\ncircle_radios = 8.0\n",
    );
    let e = parse(&text).unwrap_err();
    let shown = e.to_string();
    assert!(shown.contains("circle_radios"), "{shown}");
    assert!(
        shown.contains("circle_radius") && shown.contains("angle_change"),
        "{shown}"
    );
    assert_eq!(
        e.place.map(|p| p.0),
        Some(line_of(&text, "circle_radios")),
        "{shown}"
    );
}

#[test]
fn unknown_scene_table_lists_the_scenes() {
    let text = shipped_with("\n[wander]\n", "\n[dance]\n");
    let e = parse(&text).unwrap_err();
    let shown = e.to_string();
    assert!(shown.contains("unknown table `dance`"), "{shown}");
    assert!(
        shown.contains("app, seek, wander, pursuit, patrol, doorway, leader, avoid, flock"),
        "{shown}"
    );
    assert_eq!(
        e.place.map(|p| p.0),
        Some(line_of(&text, "[dance]")),
        "{shown}"
    );
}

#[test]
fn every_knob_out_of_range_is_blamed_with_its_place_and_range() {
    for scene in crate::scenes::SCENES {
        for knob in scene.knobs {
            let above = knob.max + knob.step.max(1.0);
            let line = format!("\n{} = ", knob.name);
            let table = format!("[{}.params]", scene.name);
            // Replace the knob's line inside this scene's table only.
            let at = EMBEDDED.find(&table).unwrap();
            let offset = at + EMBEDDED[at..].find(&line).unwrap() + 1;
            let end = offset + EMBEDDED[offset..].find('\n').unwrap();
            let written = format!("{} = {}", knob.name, number(above));
            let text = format!("{}{written}{}", &EMBEDDED[..offset], &EMBEDDED[end..]);
            let e = parse(&text).unwrap_err();
            let key = format!("{}.params.{}", scene.name, knob.name);
            assert_eq!(e.key.as_deref(), Some(key.as_str()), "{e}");
            assert!(e.message.contains(&knob.range_text()), "{e}");
            let line_no = text[..offset].matches('\n').count() + 1;
            assert_eq!(e.place, Some((line_no, 1)), "{e}");
        }
    }
}

#[test]
fn app_and_scene_values_out_of_range_name_the_key_and_range() {
    let cases = [
        (
            "tick_hz = 60 ",
            "tick_hz = 0 ",
            "app.tick_hz",
            "between 1 and 1000",
        ),
        (
            "agents = 60\n",
            "agents = 2000000\n",
            "doorway.agents",
            "between 1 and 1000000",
        ),
    ];
    for (from, to, key, range) in cases {
        let text = shipped_with(from, to);
        let e = parse(&text).unwrap_err();
        assert_eq!(e.key.as_deref(), Some(key), "{e}");
        assert!(e.message.contains(range), "{e}");
        let bad_line = line_of(&text, to.trim());
        assert_eq!(e.place.map(|p| p.0), Some(bad_line), "{e}");
    }
}

#[test]
fn doorway_pieces_must_fit_on_the_stage() {
    let cases: [(&[(&str, &str)], &str); 2] = [
        (
            &[
                ("wall_thickness = 80.0\n", "wall_thickness = 300.0\n"),
                ("max_see_ahead = 50.0\n", "max_see_ahead = 200.0\n"),
                ("wall_top = 0.05\n", "wall_top = 0.5\n"),
            ],
            "no room left below the wall",
        ),
        (
            &[("target_x = 0.5\n", "target_x = 0.05\n")],
            "must fit in the stage width 600",
        ),
    ];
    for (edits, message) in cases {
        let text = edits.iter().fold(EMBEDDED.to_string(), |t, (from, to)| {
            t.replacen(from, to, 1)
        });
        let e = parse(&text).unwrap_err();
        assert!(e.to_string().contains(message), "{edits:?}: {e}");
        assert!(
            e.key
                .as_deref()
                .is_some_and(|k| k.starts_with("doorway.params.")),
            "{e}"
        );
    }
}

#[test]
fn unknown_variant_lists_the_valid_ones() {
    let e = parse(&shipped_with("variant = \"v4\"", "variant = \"v9\"")).unwrap_err();
    assert!(
        e.to_string().contains(
            "unknown variant `v9` for scene `doorway`; valid variants: v0, v1, v2, v3, v4"
        ),
        "{e}"
    );
    assert_eq!(e.key.as_deref(), Some("doorway.variant"));
}

#[test]
fn missing_file_is_reported() {
    let e = Config::load(Some(Path::new("/nonexistent/demos.toml"))).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("/nonexistent/demos.toml: cannot read the file"),
        "{e}"
    );
}

#[test]
fn wrong_type_in_the_first_of_two_bad_lines() {
    let text = EMBEDDED.replace("\nmass = 1.0", "\nmass = \"heavy\"");
    let e = parse(&text).unwrap_err();
    assert_eq!(e.key.as_deref(), Some("seek.params.mass"), "{e}");
}
