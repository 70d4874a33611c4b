use super::*;
use crate::steer::neighbors::NeighborMode;

mod time;

pub(crate) fn app_on(scene: &str) -> App {
    let config = Config::embedded();
    let index = config
        .scenes
        .iter()
        .position(|s| s.name() == scene)
        .unwrap();
    let setup = config.scenes[index].setup();
    App::new(config, index, setup)
}

#[test]
fn the_footer_drops_whole_hints_and_keeps_the_help() {
    let app = App::new(Config::embedded(), 0, Config::embedded().scenes[0].setup());
    let all = app.footer(|_| true);
    assert!(all.contains("H: help") && all.contains("P: knobs"), "{all}");
    for room in [10, 30, 60, 90] {
        let line = app.footer(|l| l.chars().count() <= room);
        assert!(line.contains("H: help"), "{room}: {line}");
        assert!(line.chars().count() <= room.max(7), "{room}: {line}");
        // Only whole hints: each piece is one of the full line's.
        for piece in line.split("   ") {
            assert!(all.split("   ").any(|h| h == piece), "{room}: {piece:?}");
        }
    }
}

#[test]
fn readout_numbers_have_no_negative_zero() {
    assert_eq!(fixed(-0.001, 2), "0.00");
    assert_eq!(fixed(-0.0, 1), "0.0");
    assert_eq!(fixed(-0.006, 2), "-0.01");
    assert_eq!(fixed(1.23456, 3), "1.235");
}

#[test]
fn esc_closes_what_is_open_topmost_first_and_quits_last() {
    let mut app = App::new(Config::embedded(), 0, Config::embedded().scenes[0].setup());
    for action in [
        Action::ToggleChart,
        Action::TogglePanel,
        Action::ToggleCard,
        Action::ToggleHelp,
        Action::ToggleCompare,
    ] {
        app.apply(action);
    }
    app.select(Some(0));
    let closed: Vec<String> = (0..6).filter_map(|_| app.apply(Action::Escape)).collect();
    assert_eq!(closed.len(), 6, "{closed:?}");
    assert_eq!(
        closed[..5],
        [
            "help off",
            "lesson card off",
            "panel off",
            "chart off",
            "deselect"
        ],
        "help, then the card, the panel, the chart, the selection"
    );
    assert!(
        closed[5].starts_with("compare off"),
        "then the split: {closed:?}"
    );
    assert!(!app.quit, "nothing quits while something was open");
    assert_eq!(app.apply(Action::Escape).as_deref(), Some("quit"));
    assert!(app.quit);
}

#[test]
fn plus_and_minus_change_the_path_radius_within_its_range() {
    let mut app = app_on("patrol");
    let events: Vec<_> = [1, 1, 1, -1]
        .iter()
        .filter_map(|&s| app.apply(Action::Knob(s)))
        .collect();
    assert_eq!(
        events,
        [
            "knob path_radius 25",
            "knob path_radius 30",
            "knob path_radius 35",
            "knob path_radius 30"
        ]
    );
    let radius = |app: &App| app.setup().params.get("path_radius");
    for _ in 0..100 {
        app.apply(Action::Knob(1));
    }
    assert_eq!(radius(&app), Some(120.0));
    assert_eq!(app.apply(Action::Knob(1)), None, "no event at the limit");
    // The radius survives a variant change and a reset.
    app.apply(Action::NextVariant);
    app.apply(Action::Reset);
    assert_eq!(radius(&app), Some(120.0));
    assert!(app.hints().contains(&"+/-: path_radius 120".to_string()));
}

#[test]
fn plus_and_minus_turn_each_scene_s_primary_knob() {
    let mut app = app_on("doorway");
    assert_eq!(
        app.apply(Action::Knob(1)).as_deref(),
        Some("knob max_separation 5.5")
    );
    let ticks_before = app.scene().tick();
    app.advance(app.tick_seconds(), Vec2::ZERO);
    assert_eq!(
        app.scene().tick(),
        ticks_before + 1,
        "a live knob keeps the run going"
    );
    for scene in 0..app.config.scenes.len() {
        app.apply(Action::Scene(scene));
        let (knob, before) = app.primary().expect("every scene has a primary knob");
        let event = app
            .apply(Action::Knob(1))
            .or_else(|| app.apply(Action::Knob(-1)));
        let after = app.setup().params.get(knob.name).unwrap();
        assert_ne!(before, after, "{}", knob.name);
        assert_eq!(event, Some(format!("knob {} {}", knob.name, number(after))));
    }
}

#[test]
fn scenes_and_variants_cycle() {
    let mut app = app_on("seek");
    assert_eq!(
        app.apply(Action::NextScene).as_deref(),
        Some("scene wander")
    );
    assert_eq!(app.apply(Action::PrevScene).as_deref(), Some("scene seek"));
    let last = crate::scenes::registry::names().pop().unwrap();
    assert_eq!(app.apply(Action::PrevScene), Some(format!("scene {last}")));
    assert_eq!(
        app.apply(Action::Scene(4)).as_deref(),
        Some("scene doorway")
    );
    assert_eq!(app.apply(Action::Scene(4)), None);
    assert_eq!(app.apply(Action::Scene(40)), None);
    let variants: Vec<_> = (0..6)
        .filter_map(|_| app.apply(Action::NextVariant))
        .collect();
    assert_eq!(
        variants,
        [
            "variant v5",
            "variant v0",
            "variant v1",
            "variant v2",
            "variant v3",
            "variant v4"
        ]
    );
    assert_eq!(app.lesson().english, app.decl().lessons[4]);
}

#[test]
fn the_overlay_switch_never_changes_the_simulation() {
    let mut a = app_on("doorway");
    let mut b = app_on("doorway");
    b.apply(Action::Press);
    for i in 0..300 {
        if i % 7 == 0 {
            b.apply(Action::Press);
        }
        a.advance(1.0 / 60.0, Vec2::new(100.0, 100.0));
        b.advance(1.0 / 60.0, Vec2::new(100.0, 100.0));
    }
    assert_eq!(a.scene().tick(), b.scene().tick());
    assert_eq!(a.scene().crowd().checksum(), b.scene().crowd().checksum());
    assert!(!b.scene().overlay().shapes.is_empty());
}

#[test]
fn reset_restarts_with_the_seed() {
    let mut app = app_on("wander");
    let start = app.scene().crowd().checksum();
    for _ in 0..30 {
        app.advance(1.0 / 60.0, Vec2::ZERO);
    }
    assert_ne!(app.scene().crowd().checksum(), start);
    assert_eq!(app.apply(Action::Reset).as_deref(), Some("reset"));
    assert_eq!(app.scene().crowd().checksum(), start);
    assert_eq!(app.scene().tick(), 0);
}

#[test]
fn agents_and_neighbor_search_in_the_doorway() {
    let mut app = app_on("doorway");
    assert_eq!(app.apply(Action::Agents(1)).as_deref(), Some("agents 1060"));
    assert_eq!(app.scene().crowd().len(), 1060);
    assert_eq!(app.apply(Action::Agents(-1)).as_deref(), Some("agents 60"));
    assert_eq!(app.apply(Action::Agents(-1)).as_deref(), Some("agents 1"));
    // The grid's cost a tick is kept to set beside brute force's.
    for _ in 0..10 {
        app.advance(1.0 / 30.0, Vec2::ZERO);
    }
    assert_eq!(app.other_search, None);
    assert_eq!(
        app.apply(Action::ToggleNeighbors).as_deref(),
        Some("neighbors brute")
    );
    let (mode, ms) = app.other_search.expect("the grid's time");
    assert_eq!(mode, NeighborMode::Grid);
    assert!(ms.is_finite() && ms >= 0.0);
    assert_eq!(app.tick_ms.mean(), None, "brute force is timed afresh");
    app.apply(Action::Reset);
    assert_eq!(app.other_search, None, "a restart forgets it");
    let mut seek = app_on("seek");
    assert_eq!(
        seek.apply(Action::Agents(1)).as_deref(),
        Some("agents 2"),
        "every scene's crowd grows by its own step"
    );
    assert_eq!(seek.scene().crowd().len(), 2);
    assert_eq!(seek.apply(Action::ToggleHelp).as_deref(), Some("help on"));
}

#[test]
fn the_lab_switches_log_their_events() {
    let mut app = app_on("doorway");
    assert_eq!(app.apply(Action::TogglePanel).as_deref(), Some("panel on"));
    assert_eq!(
        app.apply(Action::ToggleTrails).as_deref(),
        Some("trails on")
    );
    assert_eq!(app.apply(Action::ToggleChart).as_deref(), Some("chart on"));
    let tip = Action::ToggleTipToTail;
    assert_eq!(app.apply(tip).as_deref(), Some("tip-to-tail on"));
    assert!(app.tip_to_tail);
    assert_eq!(app.apply(tip).as_deref(), Some("tip-to-tail off"));
    assert_eq!(app.apply(Action::Rate(-1)).as_deref(), Some("rate 0.5"));
    assert_eq!(app.apply(Action::Rate(-1)).as_deref(), Some("rate 0.25"));
    assert_eq!(app.apply(Action::Rate(-1)), None, "0.25x is the slowest");
    for _ in 0..10 {
        app.apply(Action::Rate(1));
    }
    assert_eq!(app.rate, 8.0, "8x is the fastest");
    assert!(app.hints().contains(&"S/F: 8x".to_string()));
}

#[test]
fn a_click_on_an_agent_selects_it_and_esc_deselects() {
    let mut app = app_on("wander");
    app.advance(1.0 / 60.0, Vec2::ZERO);
    let at = app.scene().crowd().positions()[3];
    app.point_at(at);
    assert_eq!(app.apply(Action::Press).as_deref(), Some("select 3"));
    assert!(!app.show_forces, "selecting is not toggling the forces");
    assert_eq!(app.scene().selected(), Some(3));
    // Its forces are recorded even with the overlay off.
    app.show_forces = false;
    app.advance(1.0 / 60.0, at);
    assert!(
        app.scene()
            .overlay()
            .shapes
            .iter()
            .any(|s| s.agent == Some(3))
    );
    assert!(!app.scene().inspect(3).is_empty());
    assert_eq!(app.apply(Action::Escape).as_deref(), Some("deselect"));
    assert!(!app.quit, "Esc deselects first");
    // A click on it again deselects too.
    let at = app.scene().crowd().positions()[3];
    app.point_at(at);
    app.apply(Action::Press);
    app.point_at(at);
    assert_eq!(app.apply(Action::Press).as_deref(), Some("deselect"));
    assert_eq!(app.apply(Action::Escape).as_deref(), Some("quit"));
    assert!(app.quit);
}

#[test]
fn the_split_view_runs_two_variants_in_lockstep_from_one_seed() {
    let mut app = app_on("doorway");
    assert_eq!(
        app.apply(Action::ToggleCompare).as_deref(),
        Some("compare v4 v0")
    );
    for _ in 0..90 {
        app.advance(1.0 / 30.0, Vec2::ZERO);
    }
    let right = app.compared().expect("a right pane");
    assert_eq!(right.runner.tick(), app.scene().tick(), "lockstep");
    assert_ne!(
        right.runner.crowd().checksum(),
        app.scene().crowd().checksum()
    );
    // The right pane is exactly the other variant run alone.
    let mut alone = app_on("doorway");
    alone.apply(Action::NextVariant);
    alone.apply(Action::NextVariant);
    assert_eq!(alone.variant(), "v0");
    for _ in 0..90 {
        alone.advance(1.0 / 30.0, Vec2::ZERO);
    }
    assert_eq!(
        alone.scene().crowd().checksum(),
        right.runner.crowd().checksum()
    );
    assert_eq!(
        app.apply(Action::NextVariant).as_deref(),
        Some("compare v4 v1")
    );
    assert_eq!(app.variant(), "v4", "V changes the right pane");
    assert_eq!(
        app.apply(Action::ToggleCompare).as_deref(),
        Some("compare off")
    );
    assert!(app.compared().is_none());
}

#[test]
fn the_scene_as_toml_reads_back() {
    let mut app = app_on("patrol");
    app.apply(Action::Knob(1));
    let toml = app.scene_toml();
    assert!(toml.starts_with("[patrol]\nseed = 4\n"), "{toml}");
    assert!(toml.contains("path_radius = 25.0\n"), "{toml}");
    let config = crate::config::Config::parse("pasted", &toml).expect("the table parses");
    let patrol = config.scene("patrol").unwrap();
    assert_eq!(patrol.params.get("path_radius"), Some(25.0));
}

#[test]
fn an_overlay_part_switched_off_stays_off_until_switched_on() {
    let mut app = App::new(Config::embedded(), 0, Config::embedded().scenes[0].setup());
    assert!(app.shows(Meaning::Cohesion));
    assert_eq!(
        app.toggle_meaning(Meaning::Cohesion),
        "overlay cohesion off"
    );
    assert!(!app.shows(Meaning::Cohesion) && app.shows(Meaning::Alignment));
    app.apply(Action::NextScene);
    assert!(!app.shows(Meaning::Cohesion), "across scenes");
    assert_eq!(app.toggle_meaning(Meaning::Cohesion), "overlay cohesion on");
    assert!(app.shows(Meaning::Cohesion));
}

#[test]
fn z_follows_the_selected_agent_and_again_shows_the_whole_stage() {
    let mut app = App::new(Config::embedded(), 0, Config::embedded().scenes[0].setup());
    assert_eq!(
        app.apply(Action::Follow).as_deref(),
        Some("camera fits the stage")
    );
    assert!(app.camera.fits(), "nothing selected: nothing to follow");
    app.select(Some(0));
    assert_eq!(app.apply(Action::Follow).as_deref(), Some("camera follows"));
    assert!(app.camera.follow && app.camera.zoom > 1.0);
    for _ in 0..30 {
        app.tick();
    }
    app.aim_camera();
    let at = App::drawn_at(app.scene(), 0, app.between_ticks());
    assert_eq!(
        app.camera.center, at,
        "the camera keeps the agent in the middle"
    );
    app.select(None);
    app.aim_camera();
    assert!(!app.camera.follow, "no agent, no following");
    assert_eq!(
        app.apply(Action::Follow).as_deref(),
        Some("camera fits the stage")
    );
    assert!(app.camera.fits());
}

/// Paused, a click on an agent shows its numbers at once (pausing first is
/// how people click a moving agent), and looking changes nothing to come.
#[test]
fn an_agent_selected_while_paused_shows_its_mind_and_changes_nothing() {
    let run = |select: bool| {
        let mut app = app_on("leader");
        let pointer = Vec2::new(600.0, 200.0);
        for _ in 0..30 {
            app.advance(app.tick_seconds(), pointer);
        }
        app.paused = true;
        if select {
            assert_eq!(app.select(Some(3)), Some("select 3".to_string()));
            let mind = app.runner.mind().expect("a mind while paused");
            assert_eq!(mind.tick, app.runner.tick(), "the decision now");
            let card = app.runner.card_of(Some(3)).0;
            let steering = card
                .formula
                .iter()
                .find(|l| l.starts_with("steering"))
                .unwrap();
            assert!(mind.plug(steering).contains('('), "numbers in {steering}");
            app.select(None);
        }
        app.paused = false;
        for _ in 0..30 {
            app.advance(app.tick_seconds(), pointer);
        }
        app.runner.crowd().checksum()
    };
    assert_eq!(run(true), run(false));
}

/// O then O leaves the window as it was: the panel O opened for the
/// presets closes with them; a panel open before stays open.
#[test]
fn o_then_o_leaves_the_panel_as_it_was() {
    let mut app = app_on("seek");
    for panel_before in [false, true] {
        app.panel = panel_before;
        app.apply(Action::OpenPresets);
        assert!(app.panel && app.presets);
        app.apply(Action::OpenPresets);
        assert!(!app.presets);
        assert_eq!(app.panel, panel_before, "panel open before: {panel_before}");
    }
}

/// The footer's +/- knob says when the variant shown does not read it
/// (the doorway's v0 has no separation), and only then.
#[test]
fn the_footer_says_when_its_knob_is_unused_by_the_variant() {
    let mut app = app_on("doorway");
    let all = app.footer(|_| true);
    assert!(
        all.contains("max_separation") && !all.contains("unused"),
        "{all}"
    );
    let mut setup = app.setup().clone();
    setup.variant = app.decl().variant("v0").unwrap();
    app.start_from(app.index(), setup);
    let v0 = app.footer(|_| true);
    assert!(v0.contains("max_separation 5.4 (unused in v0)"), "{v0}");
}
