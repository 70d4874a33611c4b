use super::*;
use crate::config::Config;
use glam::Vec2;

fn app() -> AppConfig {
    Config::embedded().app
}

const GRIDLOCK: &str = r#"description = "v0: the crowd jams in the doorway"
scene = "doorway"
variant = "v0"
seed = 3
agents = 120
starts = [[0, 100.0, 200.0]]

[params]
max_separation = 0.5
"#;

#[test]
fn a_preset_is_a_scene_table_with_a_description() {
    let p = parse("gridlock.toml", "gridlock", GRIDLOCK, &app()).unwrap();
    assert_eq!(p.description, "v0: the crowd jams in the doorway");
    assert_eq!(p.scene.decl.name, "doorway");
    let setup = p.scene.setup();
    assert_eq!((setup.seed, setup.agents, setup.variant), (3, 120, 0));
    assert_eq!(setup.params.get("max_separation"), Some(0.5));
    assert_eq!(setup.starts.get(0), Some(Vec2::new(100.0, 200.0)));
}

#[test]
fn a_broken_preset_is_refused_with_its_place_key_and_range() {
    let broken = |text: &str| parse("p.toml", "p", text, &app()).unwrap_err().to_string();
    let e = broken(&GRIDLOCK.replace("max_separation = 0.5", "max_separation = -1.0"));
    assert!(e.starts_with("p.toml:9:"), "{e}");
    assert!(
        e.contains("max_separation") && e.contains("between 0 and 20"),
        "{e}"
    );
    let e = broken(&GRIDLOCK.replace("max_separation", "max_sepration"));
    assert!(
        e.starts_with("p.toml:9:") && e.contains("max_sepration"),
        "{e}"
    );
    let e = broken(&GRIDLOCK.replace("\"doorway\"", "\"door\""));
    assert!(
        e.starts_with("p.toml:2:") && e.contains("valid scenes"),
        "{e}"
    );
    let e = broken(&GRIDLOCK.replace("variant = \"v0\"", "variant = \"v9\""));
    assert!(e.starts_with("p.toml:3:") && e.contains("v9"), "{e}");
    let e = broken(&GRIDLOCK.replace("description", "descripton"));
    assert!(e.contains("descripton") || e.contains("description"), "{e}");
    let e = broken("scene = \"doorway\"\n");
    assert!(
        e.starts_with("p.toml:1:1") && e.contains("description"),
        "{e}"
    );
    let e = broken(&GRIDLOCK.replace("[[0, 100.0, 200.0]]", "[[0, 100.0]]"));
    assert!(
        e.starts_with("p.toml:6:") && e.contains("[agent, x, y]"),
        "{e}"
    );
    let e = broken(&GRIDLOCK.replace("[[0, 100.0, 200.0]]", "[[0, 1e20, 200.0]]"));
    assert!(e.contains("starts") && e.contains("1000000"), "{e}");
    let e = broken("description = \"x\"\nscene = \"doorway\"\nseed = [\n");
    assert!(e.starts_with("p.toml:"), "{e}");
}

#[test]
fn every_shipped_preset_reads_and_runs() {
    let config = Config::embedded();
    let mut per_scene = std::collections::HashMap::new();
    for (name, text) in SHIPPED {
        let p = parse(name, name, text, &config.app).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            !p.description.is_empty() && p.description.len() <= 100,
            "{name}"
        );
        assert!(
            name.starts_with(p.scene.decl.name),
            "{name} names its scene first"
        );
        *per_scene.entry(p.scene.decl.name).or_insert(0) += 1;
        let (mut runner, pointer) = config.start(&p.scene, &p.scene.setup()).unwrap();
        for _ in 0..60 {
            let pointer = pointer.at(runner.tick());
            runner.step(&crate::sim::scene::Input { pointer });
        }
        assert!(
            runner.crowd().positions().iter().all(|p| p.is_finite()),
            "{name}"
        );
    }
    if !SHIPPED.is_empty() {
        for decl in crate::scenes::SCENES {
            let n = per_scene.get(decl.name).copied().unwrap_or(0);
            assert!(n >= 2, "scene {} has {n} presets", decl.name);
        }
    }
}

/// The build gathers `*.toml` files: anything else there (`x.TOML`, a
/// backup, a note) would silently not ship.
#[test]
fn assets_presets_holds_presets_only() {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/presets");
    let mut files: Vec<String> = std::fs::read_dir(folder)
        .map(|d| {
            d.filter_map(|e| Some(e.ok()?.path().file_stem()?.to_string_lossy().into_owned()))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    let mut shipped: Vec<String> = SHIPPED.iter().map(|(n, _)| n.to_string()).collect();
    shipped.sort();
    assert_eq!(files, shipped);
}

#[test]
fn a_saved_preset_reads_back_as_the_same_start_and_never_overwrites() {
    let dir = std::env::temp_dir().join(format!("sd-presets-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let config = Config::embedded();
    let decl = crate::scenes::registry::find("patrol").unwrap();
    let mut setup = config.scene("patrol").unwrap().setup();
    setup.seed = 9;
    setup.params.set("path_radius", 35.0).unwrap();
    let mut props = setup.params.props().unwrap();
    props.items[0].at = Vec2::new(12.5, 40.25);
    setup.params.set_props(&props);
    setup.starts.put(1, Vec2::new(300.0, 301.5));
    let first = save(&dir, decl, &setup).unwrap();
    let second = save(&dir, decl, &setup).unwrap();
    assert_ne!(first, second, "a second save is a second file");
    let back = read(&first, &config.app).unwrap().scene.setup();
    assert_eq!(back.seed, 9);
    assert_eq!(back.params.get("path_radius"), Some(35.0));
    assert_eq!(back.params.props(), Some(props));
    assert_eq!(back.starts, setup.starts);
    let names: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(names.len(), 2, "no temporary file is left");
    // find: by name, or the list of names.
    let name = first.file_stem().unwrap().to_str().unwrap();
    assert_eq!(find(name, Some(&dir), &config.app).unwrap().name, name);
    let e = find("../etc/passwd", Some(&dir), &config.app).unwrap_err();
    let all = format!("lists all {}", SHIPPED.len() + 2);
    assert!(e.contains("no preset") && e.contains(&all), "{e}");
    let e = find("patrol-typo", Some(&dir), &config.app).unwrap_err();
    assert!(e.contains("like it: ") && e.contains(name), "{e}");
    // Too big, or not a regular file: refused with one line.
    let big = dir.join("big.toml");
    std::fs::write(&big, vec![b'#'; (MAX_BYTES + 1) as usize]).unwrap();
    let e = read(&big, &config.app).unwrap_err().to_string();
    assert!(e.contains("at most 1048576"), "{e}");
    let e = read(&dir, &config.app).unwrap_err().to_string();
    assert!(e.contains("not a regular file"), "{e}");
    std::fs::write(&big, b"description = \"\xff\"").unwrap();
    let e = read(&big, &config.app).unwrap_err().to_string();
    assert!(
        e.contains("line 1, column 16") && e.contains("UTF-8"),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_preset_may_say_its_language_and_a_wrong_one_is_refused_at_its_line() {
    let french = GRIDLOCK.replace("scene = \"doorway\"", "scene = \"doorway\"\nlang = \"fr\"");
    let p = parse("p.toml", "p", &french, &app()).unwrap();
    assert_eq!(p.lang.map(|l| l.code), Some("fr"));
    // A locale's spelling names its language too.
    let norwegian = french.replace("\"fr\"", "\"nb_NO\"");
    let p = parse("p.toml", "p", &norwegian, &app()).unwrap();
    assert_eq!(p.lang.map(|l| l.code), Some("nb"));
    assert!(
        parse("p.toml", "p", GRIDLOCK, &app())
            .unwrap()
            .lang
            .is_none()
    );
    let broken = |text: &str| parse("p.toml", "p", text, &app()).unwrap_err().to_string();
    let e = broken(&french.replace("\"fr\"", "\"de\""));
    assert!(e.starts_with("p.toml:3:"), "{e}");
    assert!(
        e.contains("lang") && e.contains("en, nb, zh, fr, ar, es"),
        "{e}"
    );
    let e = broken(&french.replace("\"fr\"", "3"));
    assert!(e.contains("lang") && e.contains("must be a string"), "{e}");
}
