use super::*;
use crate::config::Config;
use crate::sim::scene::Input;
use crate::text::Catalogue;
use std::path::Path;

/// How long each variant runs while its said words are gathered.
const TICKS: u64 = 240;
/// The agents whose readout is read, at most (the first ones).
const READ: usize = 64;

/// The words a running variant says: its card's idea, its chart's
/// series, its readout's labels and its forces, gathered while it runs
/// with a few agents selected in turn.
fn said(config: &Config, scene: &crate::config::SceneConfig, v: usize) -> Vec<Word> {
    let decl = scene.decl;
    let mut setup = scene.setup();
    setup.variant = v;
    let (mut runner, pointer) = config.start(scene, &setup).expect("its own setup");
    let notes = |card: &crate::sim::mind::Card| {
        (card.formula.iter())
            .filter_map(|&line| formula_line(decl, line).1)
            .collect::<Vec<_>>()
    };
    let mut out = vec![card(decl, v, runner.card().idea)];
    out.extend(notes(&runner.card()));
    // The cards of roles with a rule of their own (a leader's).
    for &(look, _) in decl.roles {
        let Some(i) = runner.looks().iter().position(|&l| l == look) else {
            continue;
        };
        if let (card, Some(look)) = runner.card_of(Some(runner.crowd().id(i))) {
            out.push(role_card(decl, look, card.idea));
            out.extend(notes(&card));
        }
    }
    for tick in 0..TICKS {
        if tick % (TICKS / 3) == 0 {
            let n = runner.crowd().len();
            let pick = [0, n - 1, n / 2][(tick / (TICKS / 3)) as usize % 3];
            runner.select(Some(runner.crowd().id(pick)));
        }
        runner.step(&Input {
            pointer: pointer.at(tick),
        });
        out.extend(runner.headline().iter().map(|&(n, _)| series(decl, n)));
        if let Some(mind) = runner.mind() {
            out.extend(mind.forces.iter().map(|&(n, _)| force(decl, n)));
        }
        if tick % 30 == 0 {
            let crowd = runner.crowd();
            let ids: Vec<usize> = (0..crowd.len().min(READ)).map(|i| crowd.id(i)).collect();
            for id in ids.into_iter().chain(runner.selected()) {
                for (label, value) in runner.inspect(id) {
                    out.push(readout(decl, label));
                    out.extend(reading(decl, &value));
                }
            }
        }
    }
    out
}

/// Every word of every shipped scene, in the catalogue's order: a
/// scene's declared words, then what it says running; then the shared.
fn every_word() -> Vec<Word> {
    let config = Config::embedded();
    let mut out = Vec::new();
    for scene in &config.scenes {
        out.extend(declared(scene.decl));
        for v in 0..scene.decl.variants.len() {
            out.extend(said(&config, scene, v));
        }
        out.extend(written_readings(scene.decl));
    }
    out.extend(shared());
    let presets = crate::config::preset::all(None, &config.app);
    for p in presets.into_iter().flatten() {
        out.push(preset(&p.name, &p.description));
    }
    out
}

fn generated() -> String {
    catalogue(every_word()).unwrap_or_else(|e| panic!("a word is wrong: {e}"))
}

/// The checked-in catalogue lists every word under its key; with
/// `STEERING_DEMOS_BLESS=1` (`cargo xtask docs`) it is written.
#[test]
fn the_catalogue_lists_every_scene_word() {
    let made = generated();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/text/scenes.en.txt");
    if std::env::var_os("STEERING_DEMOS_BLESS").is_some() {
        std::fs::write(&path, &made).expect("the catalogue is writable");
        return;
    }
    let have = std::fs::read_to_string(&path).expect("the catalogue is readable");
    assert!(
        have == made,
        "src/text/scenes.en.txt differs from the declarations: run `cargo xtask docs`"
    );
    // It reads as a table, and no key is the app's too.
    let leaked: &'static str = Box::leak(made.into_boxed_str());
    let table = Catalogue::parse(leaked).expect("the catalogue reads");
    for key in table.keys() {
        assert!(
            crate::text::english().get(key).is_none(),
            "{key}: the app's too"
        );
    }
}

#[test]
fn a_key_names_one_word_and_a_word_says_something() {
    let w = |key: &str, english: &'static str| Word::new(key.into(), english);
    assert!(catalogue([w("a.b", "one"), w("a.b", "one")]).is_ok());
    assert!(catalogue([w("a.b", "one"), w("a.b", "two")]).is_err());
    assert!(catalogue([w("a.b", " ")]).is_err());
    assert!(catalogue([w("a.B", "one")]).is_err());
    assert!(catalogue([w("a..b", "one")]).is_err());
    assert_eq!(slug("speed / preferred"), "speed_preferred");
    assert_eq!(snake("ConstantPursuer"), "constant_pursuer");
}

/// With a language where every word is "X", every word a scene shows
/// says "X": its title, lessons, knobs, roles, card and what it says
/// running all go through their keys. English comes back after.
#[test]
fn every_scene_word_is_shown_through_its_key() {
    let words = every_word();
    let keys: std::collections::BTreeSet<&str> = words.iter().map(|w| w.key.as_str()).collect();
    let table: String = keys.iter().map(|k| format!("{k} = X\n")).collect();
    let leaked: &'static str = Box::leak(table.into_boxed_str());
    let x = Box::leak(Box::new(
        Catalogue::parse(leaked).expect("the X table reads"),
    ));
    let decl = &crate::scenes::SCENES[0];
    let english = title(decl).to_string();
    crate::text::show(Some(x));
    for w in &words {
        assert_eq!(w.shown(), "X", "{}", w.key);
    }
    assert_eq!(title(decl).to_string(), "X");
    assert_eq!(lesson(decl, 0).to_string(), "X");
    let first = &decl.knobs[0];
    assert_eq!(
        (knob(decl, first).shown(), knob_doc(decl, first).shown()),
        ("X", "X")
    );
    crate::text::show(None);
    assert_eq!(title(decl).to_string(), english);
    assert_eq!(english, decl.title);
}

/// The readout values a scene's code writes (`reads("...")`, in its file
/// or its folder), whether the catalogue's run meets them or not: a state
/// too rare to be met (a patroller arrived) would otherwise show in
/// English.
fn written_readings(decl: &'static crate::sim::decl::SceneDecl) -> Vec<Word> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let name = decl.name;
    let mut files = vec![root.join(format!("src/scenes/{name}.rs"))];
    if let Ok(dir) = std::fs::read_dir(root.join(format!("src/scenes/{name}"))) {
        let mut more: Vec<_> = dir.map(|e| e.expect("a folder entry").path()).collect();
        more.sort();
        files.extend(more);
    }
    let mut out = Vec::new();
    for file in files
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "rs"))
    {
        let code = std::fs::read_to_string(file).expect("a readable source");
        let code = code.split("#[cfg(test)]").next().unwrap_or("");
        for piece in code.split("reads(\"").skip(1) {
            let text = piece.split('"').next().unwrap_or("");
            let text: &'static str = Box::leak(text.to_string().into_boxed_str());
            out.extend(reading(decl, &crate::sim::reading::reads(text)));
        }
    }
    out
}
