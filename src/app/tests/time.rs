//! The app's clock: ticks come due with the frames' seconds, at most so
//! many a frame, at the scene's own pace and the chosen rate.

use super::app_on;
use crate::app::Action;
use glam::Vec2;

#[test]
fn a_live_frame_runs_the_ticks_its_budget_affords() {
    let mut app = app_on("seek");
    // Ticks timed at 30 ms: a 50 ms budget affords one a frame, and the
    // time it cannot run is dropped, as a stalled frame's is.
    for at in 0..5 {
        app.tick_ms.push(f64::from(at), 30.0);
    }
    assert_eq!(app.advance_within(1.0, Vec2::ZERO, 50.0), 1);
    // A budget beyond max_ticks_per_frame's ticks runs that many.
    assert_eq!(app.advance_within(1.0, Vec2::ZERO, 1e9), 4);
    // However slow the ticks, one a frame comes due and runs.
    assert_eq!(app.advance_within(1.0 / 60.0, Vec2::ZERO, 0.0), 1);
}

#[test]
fn pause_step_and_the_accumulator() {
    let mut app = app_on("seek");
    assert_eq!(app.advance(1.0 / 60.0, Vec2::ZERO), 1);
    assert_eq!(app.advance(0.5 / 60.0, Vec2::ZERO), 0);
    assert_eq!(app.advance(0.5 / 60.0, Vec2::ZERO), 1);
    // A stalled second runs at most max_ticks_per_frame, then drops the rest.
    assert_eq!(app.advance(1.0, Vec2::ZERO), 4);
    assert_eq!(app.advance(1.0 / 60.0, Vec2::ZERO), 1);
    assert_eq!(app.apply(Action::StepOnce), None, "step only while paused");
    assert_eq!(app.apply(Action::TogglePause).as_deref(), Some("paused"));
    assert_eq!(app.advance(1.0, Vec2::ZERO), 0);
    let tick = app.scene().tick();
    assert_eq!(
        app.apply(Action::StepOnce),
        Some(format!("step {}", tick + 1))
    );
    assert_eq!(app.apply(Action::TogglePause).as_deref(), Some("resumed"));
    // A NaN pointer from outside is neutralised.
    app.advance(1.0 / 60.0, Vec2::NAN);
    assert!(app.pointer.is_finite());
}

#[test]
fn the_doorway_keeps_the_original_pace_of_30_ticks_per_second() {
    let mut app = app_on("doorway");
    let ticks: u32 = (0..60).map(|_| app.advance(1.0 / 60.0, Vec2::ZERO)).sum();
    assert_eq!(ticks, 30, "one second of frames");
    app.apply(Action::Scene(0));
    let ticks: u32 = (0..60).map(|_| app.advance(1.0 / 60.0, Vec2::ZERO)).sum();
    assert_eq!(ticks, 60, "the other scenes at the app's 60");
}

#[test]
fn time_runs_at_the_chosen_rate() {
    let mut app = app_on("seek");
    app.apply(Action::Rate(-1));
    let ticks: u32 = (0..60).map(|_| app.advance(1.0 / 60.0, Vec2::ZERO)).sum();
    assert_eq!(ticks, 30, "half speed: 30 ticks in a second");
    let alpha = app.between_ticks();
    assert!((0.0..=1.0).contains(&alpha));
    for _ in 0..3 {
        app.apply(Action::Rate(1));
    }
    assert_eq!(app.rate, 4.0);
    let ticks: u32 = (0..60).map(|_| app.advance(1.0 / 60.0, Vec2::ZERO)).sum();
    assert_eq!(ticks, 240, "4x: 240 ticks in a second");
}
