use super::*;

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
fn shipped_demos_toml_parses_with_every_scene_kind() {
    let config = parse(EMBEDDED).expect("shipped demos.toml is valid");
    let kinds: Vec<&str> = config.scenes.iter().map(|s| s.params.kind()).collect();
    assert_eq!(kinds, SceneParams::KINDS);
    assert_eq!(config.app.tick_hz, 60.0);
    assert_eq!(config.app.stage, [800.0, 600.0]);
    let Some(SceneParams::Doorway(d)) = config.scene("doorway").map(|s| &s.params) else {
        panic!("no doorway scene");
    };
    // The original queue demo's constants (SPEC section 10).
    assert_eq!((d.max_force, d.max_speed), (5.4, 6.0));
    assert_eq!((d.max_see_ahead, d.max_avoid_force), (50.0, 600.0));
    assert_eq!((d.max_queue_ahead, d.max_queue_radius), (30.0, 30.0));
    assert_eq!((d.max_separation, d.separation_radius), (2.0, 30.0));
    assert_eq!(config.scene("doorway").unwrap().agents, 60);
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
    let text = shipped_with("slowing_radius = 200.0 ", "slowing_radius = \"wide\" ");
    let e = parse(&text).unwrap_err();
    assert_eq!(
        e.place.map(|p| p.0),
        Some(line_of(&text, "\"wide\"")),
        "{e}"
    );
    assert_eq!(
        e.key.as_deref(),
        Some("scene[0].params.slowing_radius"),
        "{e}"
    );
    assert!(e.message.contains("invalid type"), "{e}");
}

#[test]
fn unknown_key_lists_the_valid_ones() {
    let text = shipped_with(
        "circle_radius = 8.0 ",
        "circle_radius = 8.0\ncircle_radios = 8.0 ",
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
fn unknown_scene_kind_lists_the_kinds() {
    let text = shipped_with("kind = \"wander\"", "kind = \"dance\"");
    let e = parse(&text).unwrap_err();
    let shown = e.to_string();
    assert!(shown.contains("unknown scene kind `dance`"), "{shown}");
    assert!(
        shown.contains("seek, wander, pursuit, patrol, doorway, leader"),
        "{shown}"
    );
    assert_eq!(
        e.place.map(|p| p.0),
        Some(line_of(&text, "\"dance\"")),
        "{shown}"
    );
}

#[test]
fn out_of_range_values_name_the_key_and_range() {
    let cases = [
        (
            "circle_radius = 8.0 ",
            "circle_radius = -8.0 ",
            "scene[1].params.circle_radius",
            "0 or more",
        ),
        (
            "mass = 1.0\nslowing_radius",
            "mass = 0.0\nslowing_radius",
            "scene[0].params.mass",
            "greater than 0",
        ),
        (
            "tick_hz = 60 ",
            "tick_hz = 0 ",
            "app.tick_hz",
            "between 1 and 1000",
        ),
        (
            "agents = 60 ",
            "agents = 900000 ",
            "scene[4].agents",
            "between 1 and 200000",
        ),
        (
            "path_radius = 20.0 ",
            "path_radius = 500.0 ",
            "scene[3].params.path_radius",
            "between 5 and 120",
        ),
    ];
    for (from, to, key, range) in cases {
        let text = shipped_with(from, to);
        let e = parse(&text).unwrap_err();
        assert_eq!(e.key.as_deref(), Some(key), "{e}");
        assert!(e.message.contains(range), "{e}");
        let bad_line = line_of(&text, to.lines().next().unwrap().trim());
        assert_eq!(e.place.map(|p| p.0), Some(bad_line), "{e}");
    }
}

#[test]
fn doorway_pieces_must_fit_on_the_stage() {
    let cases = [
        (
            "wall_thickness = 80.0 ",
            "wall_thickness = 800.0 ",
            "no room left below the wall",
        ),
        (
            "door_width = 130.0 ",
            "door_width = 1300.0 ",
            "must fit in the stage width 800",
        ),
        (
            "target = [0.5, -100.0]",
            "target = [0.01, -100.0]",
            "must fit in the stage width 800",
        ),
        ("exit_y = -5.0 ", "exit_y = 50.0 ", "must be above the wall"),
    ];
    for (from, to, message) in cases {
        let e = parse(&shipped_with(from, to)).unwrap_err();
        assert!(e.to_string().contains(message), "{to}: {e}");
        assert!(
            e.key
                .as_deref()
                .is_some_and(|k| k.starts_with("scene[4].params.")),
            "{e}"
        );
    }
}

#[test]
fn unknown_variant_and_missing_lesson() {
    let e = parse(&shipped_with("variant = \"v4\"", "variant = \"v9\"")).unwrap_err();
    assert!(
        e.to_string()
            .contains("unknown variant `v9`; valid variants: v0, v1, v2, v3, v4"),
        "{e}"
    );
    let e = parse(&shipped_with("flee = \"Flee:", "fled = \"Flee:")).unwrap_err();
    assert!(e.to_string().contains("lesson"), "{e}");
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
    assert_eq!(e.key.as_deref(), Some("scene[0].params.mass"), "{e}");
}
