use super::super::tests::app_on;
use super::*;
use crate::controls::Action;
use crate::scenes::SCENES;
use crate::sim::tour::quoted;
use crate::words;

/// Sentences in `says`: a stop, question or exclamation mark at the end
/// or before a space (a decimal point is none).
fn sentences(says: &str) -> usize {
    let ends = says.match_indices(['.', '!', '?']);
    ends.filter(|(at, _)| says[at + 1..].is_empty() || says[at + 1..].starts_with(' '))
        .count()
}

/// Runs the app on a little while a step runs live, so that its overlay
/// has something to show (a paused step already has).
fn settle(app: &mut App) {
    if !app.paused {
        for _ in 0..30 {
            app.advance(app.tick_seconds(), app.pointer);
        }
    }
}

/// The names a step's words put in curly quotes that the screen does not
/// show at that step: a knob's label, a role of the legend, a variant, a
/// series of the chart and the split's labels, or, with the overlay on or
/// an agent selected, a force the overlay records (in either pane).
fn not_on_screen(app: &App, says: &str) -> Vec<String> {
    let decl = app.decl();
    let mut shown: Vec<String> = (decl.knobs.iter())
        .map(|k| words::knob(decl, k).english.into_owned())
        .collect();
    shown.extend(
        words::roles(decl)
            .into_iter()
            .map(|(_, w)| w.english.into_owned()),
    );
    shown.extend(decl.variants.iter().map(|v| v.to_string()));
    shown.extend(decl.series.iter().map(|(s, _)| s.to_string()));
    if app.show_forces || app.scene().selected().is_some() {
        let panes = std::iter::once(app.scene()).chain(app.compared().map(|p| &p.runner));
        for runner in panes {
            let meanings = runner.overlay().meanings();
            shown.extend(meanings.into_iter().map(|m| m.label().to_string()));
        }
    }
    (quoted(says).into_iter())
        .filter(|name| !shown.iter().any(|s| s == name))
        .map(str::to_string)
        .collect()
}

#[test]
fn every_step_of_every_scene_reaches_its_state() {
    for decl in SCENES {
        let steps = decl.tour.len();
        assert!((3..=6).contains(&steps), "{}: {steps} steps", decl.name);
        let mut app = app_on(decl.name);
        let first = format!("tour {} 1/{steps}", decl.name);
        assert_eq!(app.apply(Action::Tour), Some(first.clone()));
        for (n, step) in decl.tour.iter().enumerate() {
            let at = format!("{} step {}", decl.name, n + 1);
            if n > 0 {
                let line = format!("tour {} {}/{steps}", decl.name, n + 1);
                assert_eq!(app.apply(Action::TourStep(1)), Some(line), "{at}");
            }
            assert_eq!(app.tour(), Some((n, steps)), "{at}");
            assert!(
                (1..=2).contains(&sentences(step.says)),
                "{at}: {}",
                step.says
            );
            assert_eq!(app.variant(), step.variant, "{at}");
            assert_eq!(app.compared_variant(), step.compare, "{at}");
            for &(knob, value) in step.knobs {
                let now = app.scene().setup().params.get(knob);
                assert_eq!(now, Some(value), "{at}: {knob}");
            }
            assert_eq!(app.show_forces, step.forces, "{at}");
            assert_eq!(app.paused, step.pause_at.is_some(), "{at}");
            let tick = app.scene().tick();
            assert_eq!(tick, step.pause_at.unwrap_or(0), "{at}");
            assert_eq!(app.scene().selected(), step.select, "{at}");
            if step.select.is_some() {
                assert!(app.scene().selected_index().is_some(), "{at}: selected");
                assert!(app.scene().mind().is_some(), "{at}: its mind is read");
            }
        }
        assert_eq!(
            app.apply(Action::TourStep(1)),
            None,
            "no step past the last"
        );
        for _ in 1..steps {
            assert!(app.apply(Action::TourStep(-1)).is_some());
        }
        assert_eq!(app.tour(), Some((0, steps)));
        assert_eq!(
            app.apply(Action::TourStep(-1)),
            None,
            "none before the first"
        );
        assert_eq!(app.apply(Action::Escape), Some("tour off".into()));
        assert_eq!(app.tour(), None);
        assert_eq!(app.apply(Action::TourStep(1)), None, "no tour, no step");
    }
}

#[test]
fn a_steps_words_name_what_is_on_screen() {
    let mut wrong = Vec::new();
    for decl in SCENES {
        let mut app = app_on(decl.name);
        for (n, step) in decl.tour.iter().enumerate() {
            let at = format!("{} step {}", decl.name, n + 1);
            app.show_step(n);
            settle(&mut app);
            let missing = not_on_screen(&app, step.says);
            if !missing.is_empty() {
                wrong.push(format!("{at} names {missing:?}: {}", step.says));
            }
            if let Some(name) = step.turn {
                let knob = decl.knobs.iter().find(|k| k.name == name);
                let knob = knob.unwrap_or_else(|| panic!("{at}: no knob {name}"));
                let label = format!("“{}”", words::knob(decl, knob).english);
                assert!(step.says.contains(&label), "{at}: says {label}");
                let variant = decl.variant(step.variant).unwrap();
                assert!(decl.uses(variant, name), "{at}: {name} is unused");
                // How to turn it: + and - turn the scene's primary knob,
                // the panel every other.
                let primary = decl.primary.is_some_and(|p| p.name == name);
                let how = if primary { "+ and -" } else { "(P: the knobs)" };
                if !step.says.contains(how) {
                    wrong.push(format!("{at}: says how to turn {name}: {how}"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // The check sees a name the screen lacks: seek has no brake, and
    // without the overlay no force is shown at all.
    let mut seek = app_on("seek");
    seek.show_step(0);
    let says = "the “brake” and the “desired velocity”";
    assert_eq!(not_on_screen(&seek, says), ["brake"]);
    seek.show_forces = false;
    seek.select(None);
    assert_eq!(not_on_screen(&seek, says), ["brake", "desired velocity"]);
    assert!(
        not_on_screen(&seek, "“slowing radius”").is_empty(),
        "a knob"
    );
}

#[test]
fn the_link_carries_the_step_and_leaving_the_scene_leaves_the_tour() {
    let mut app = app_on("seek");
    assert!(!app.link().contains("tour"));
    app.apply(Action::Tour);
    app.apply(Action::TourStep(1));
    // The link (and the page's address) carries the step shown.
    assert!(app.link().ends_with("&tour=2"), "{}", app.link());
    app.apply(Action::NextScene);
    assert!(!app.link().contains("tour"));
    assert_eq!(app.tour(), None);
    assert_eq!(app.apply(Action::TourStep(1)), None);
}
