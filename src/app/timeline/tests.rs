//! Rewinding is exact: back and on again gives the same bits, a past tick
//! is the tick a fresh run reaches, edits are replayed where they were made.

use crate::app::tests::app_on;
use crate::app::{Action, App};
use glam::Vec2;

/// A pointer that wanders, so that a replay must use the recorded one.
fn pointer(t: u32) -> Vec2 {
    let t = t as f32 * 0.05;
    Vec2::new(400.0 + 300.0 * t.sin(), 300.0 + 200.0 * (1.3 * t).cos())
}

fn run(app: &mut App, frames: std::ops::Range<u32>) {
    for f in frames {
        app.advance(1.0 / 60.0, pointer(f));
    }
}

fn checksum(app: &App) -> u64 {
    app.scene().crowd().checksum()
}

#[test]
fn back_n_ticks_and_on_n_ticks_gives_the_same_bits() {
    for scene in ["seek", "doorway", "flock", "pursuit", "manager"] {
        let mut app = app_on(scene);
        run(&mut app, 0..400);
        let (tick, sum) = (app.scene().tick(), checksum(&app));
        app.apply(Action::TogglePause);
        let mut back = Vec::new();
        for _ in 0..70 {
            assert!(app.apply(Action::StepBack).is_some(), "{scene}");
            back.push(checksum(&app));
        }
        assert_eq!(app.scene().tick(), tick - 70, "{scene}");
        assert_ne!(checksum(&app), sum, "{scene}: the crowd was elsewhere");
        for k in (0..70).rev() {
            // On again: the same state, tick by tick.
            assert_eq!(checksum(&app), back[k], "{scene}");
            app.apply(Action::StepOnce);
        }
        assert_eq!((app.scene().tick(), checksum(&app)), (tick, sum), "{scene}");
    }
}

#[test]
fn a_past_tick_is_the_state_a_fresh_run_reached_there() {
    let mut app = app_on("doorway");
    run(&mut app, 0..600);
    let now = app.scene().tick();
    app.apply(Action::Seconds(-1));
    app.apply(Action::Seconds(-1));
    let at = app.scene().tick();
    assert_eq!(at, now - 60, "two seconds at the doorway's 30 ticks");
    // A second run, stopped at that tick.
    let mut fresh = app_on("doorway");
    let mut f = 0;
    while fresh.scene().tick() < at {
        fresh.advance(1.0 / 60.0, pointer(f));
        f += 1;
    }
    assert_eq!(fresh.scene().tick(), at);
    assert_eq!(checksum(&app), checksum(&fresh));
    // Shift+. goes on, through the recorded ticks.
    app.apply(Action::Seconds(1));
    app.apply(Action::Seconds(1));
    assert_eq!(app.scene().tick(), now);
    assert_eq!(
        app.apply(Action::Seconds(1)),
        None,
        "nothing recorded past the last tick"
    );
}

#[test]
fn edits_are_replayed_at_the_tick_they_were_made() {
    let mut app = app_on("pursuit");
    run(&mut app, 0..100);
    // Drag pursuer 1 across the stage while the run goes on.
    let crowd = app.scene().crowd();
    let from = crowd.positions()[crowd.index_of(1).unwrap()];
    app.point_at(from);
    app.apply(Action::Press);
    for k in 0..20 {
        let to = from + Vec2::new(10.0 * k as f32, 5.0);
        app.advance(1.0 / 60.0, to);
    }
    app.apply(Action::Release);
    // And turn a knob live.
    let knob = app
        .decl()
        .knobs
        .iter()
        .find(|k| k.name == "max_speed")
        .unwrap();
    app.set_knob(knob, knob.default * 1.5);
    run(&mut app, 120..200);
    let (tick, sum) = (app.scene().tick(), checksum(&app));
    app.apply(Action::TogglePause);
    app.seek(tick - 150);
    assert_ne!(checksum(&app), sum);
    app.seek(tick);
    assert_eq!(checksum(&app), sum, "the drag and the knob replayed");
}

#[test]
fn resuming_from_the_past_drops_what_came_after() {
    let mut app = app_on("flock");
    run(&mut app, 0..300);
    let last = app.timeline_span().1;
    app.apply(Action::TogglePause);
    app.seek(last - 100);
    assert_eq!(app.timeline_span().1, last, "paused, the future is kept");
    app.apply(Action::TogglePause);
    run(&mut app, 300..310);
    assert_eq!(app.timeline_span().1, last - 90);
    assert_eq!(app.scene().tick(), last - 90);
}

#[test]
fn a_minute_is_kept_and_no_more() {
    let mut app = app_on("seek");
    run(&mut app, 0..4500);
    let (first, last) = app.timeline_span();
    let (bytes, every) = app.timeline_cost();
    assert_eq!(last, 4500);
    assert!(
        last - first >= 3600 && last - first < 3600 + every,
        "{first}..{last}"
    );
    assert!(bytes < super::BUDGET_BYTES, "{bytes}");
    app.apply(Action::TogglePause);
    app.seek(0);
    assert_eq!(app.scene().tick(), first, "back to the first tick kept");
}

/// The flock with `agents` boids.
fn flock_of(agents: usize) -> App {
    let config = crate::config::Config::embedded();
    let index = (config.scenes.iter())
        .position(|s| s.name() == "flock")
        .unwrap();
    let setup = crate::sim::scene::Setup {
        agents,
        ..config.scenes[index].setup()
    };
    App::new(config, index, setup)
}

#[test]
fn a_crowd_too_large_keeps_less_or_nothing() {
    // 50,000 boids: two snapshots fit the budget, ten seconds apart.
    let mut app = flock_of(50_000);
    let kept = app.timeline_length();
    assert!(kept > 0 && kept < 3600, "{kept} ticks");
    run(&mut app, 0..40);
    app.apply(Action::TogglePause);
    assert!(app.apply(Action::StepBack).is_some());
    // 150,000: none fits; rewinding is off, and says nothing it cannot do.
    let mut app = flock_of(150_000);
    assert_eq!(app.timeline_length(), 0);
    run(&mut app, 0..3);
    assert_eq!(app.apply(Action::Seconds(-1)).as_deref(), Some("paused"));
    assert_eq!(app.apply(Action::StepBack), None);
    let tick = app.scene().tick();
    assert_eq!(
        app.apply(Action::StepOnce),
        Some(format!("step {}", tick + 1))
    );
}
