//! Every scene and every variant, visited as a person does (number keys,
//! Tab, V) and photographed.

use super::support::{PAPER, SCREEN, count, launch};
use steering_demos::config::Config;

/// Each variant the window says it started is the one it runs: paused,
/// U gives the run's link (made from what the app runs, not from the
/// event line), which names that scene and variant; were V to change
/// only the label, the link would name the old variant. Every stage is
/// drawn. (The run is not compared with a headless one: a frame that
/// runs several ticks gives them one scripted pointer, so on a loaded
/// machine the window's run and the headless one part.)
#[test]
fn every_variant_of_the_first_scenes_runs_what_it_says_and_is_drawn() {
    visit_variants(0..HALF);
}

/// The same, for the second half of the scenes.
#[test]
fn every_variant_of_the_last_scenes_runs_what_it_says_and_is_drawn() {
    visit_variants(HALF..Config::embedded().scenes.len());
}

/// The scenes are visited in two halves, each in a window of its own,
/// so that the two run side by side.
pub(crate) const HALF: usize = 8;

fn visit_variants(scenes: std::ops::Range<usize>) {
    let config = Config::embedded();
    let first = config.scenes[scenes.start].name();
    let Some((_reaper, s)) = launch(&["--scene", first], &format!("scene {first}"), SCREEN) else {
        return;
    };
    s.expect_node_lines(first);
    s.wait_drawn();
    for i in scenes.clone() {
        let scene = &config.scenes[i];
        let name = scene.name();
        if i > scenes.start {
            // Digits reach the first ten; Tab the next one on.
            let key = if i < 10 {
                ((i + 1) % 10).to_string()
            } else {
                "Tab".into()
            };
            s.key(&key);
            s.expect(&format!("scene {name}"));
            s.expect_node_lines(name);
        }
        let variants = scene.decl.variants;
        for k in 0..variants.len() {
            let variant = variants[(scene.variant + k) % variants.len()];
            if k > 0 {
                s.key("v");
                s.expect(&format!("variant {variant}"));
            }
            let img = s.photo(&format!("{name}-{variant}"));
            let paper = count(&img, PAPER, 6);
            assert!(
                paper > 200_000,
                "{name} {variant}: the stage is drawn ({paper} px)"
            );
            s.key("space");
            s.expect("paused");
            s.key("u");
            let line = s.expect_prefix("link #");
            let (link, rest) =
                (line["link ".len()..].split_once(" tick ")).expect("link, tick, checksum");
            let named = format!("#scene={name}&variant={variant}&");
            assert!(link.starts_with(&named), "{name} {variant}: {link}");
            assert!(rest.contains(" checksum "), "{line}");
            s.key("space");
            s.expect("resumed");
        }
    }
}
