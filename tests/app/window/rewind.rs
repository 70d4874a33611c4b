//! Going back and forth in time while paused, in the window.

use super::editing_support::{TRACK, near, numbers, stage_differs, stage_rect};
use super::reading::read_back;
use super::support::{SCREEN, drain, launch};
use std::time::Duration;
use steering_demos::layout::Rect;

/// Paused, ten ticks back and ten on give the very same picture (the
/// simulation replays exactly), and so do a second back and a second on;
/// a second back the crowd was elsewhere. The timeline shows while
/// paused, with the tick; Space resumes from the past, dropping the rest.
#[test]
fn rewinding_and_replaying_gives_back_the_same_picture() {
    let Some((_reaper, s)) = launch(&["--scene", "doorway"], "scene doorway", SCREEN) else {
        return;
    };
    s.wait_drawn();
    let running = s.shot("rewind-running");
    // The doorway runs at 30 ticks a second: a second back is 30 ticks.
    std::thread::sleep(Duration::from_millis(2500));
    s.key("space");
    s.expect("paused");
    let a = s.shot("rewind-a");
    let r = stage_rect();
    let foot = ((r.x + r.w / 2.0) as i32, (r.y + r.h) as i32 - 20);
    let (bar_running, bar_paused) = (
        near(&running, foot, 20, TRACK, 2),
        near(&a, foot, 20, TRACK, 2),
    );
    assert!(
        bar_running < 20 && bar_paused > 300,
        "the timeline shows while paused: {bar_running} -> {bar_paused} px of its track"
    );

    s.key("comma");
    let first = s.expect_prefix("tick ");
    let now = numbers(&first, 1)[0] as u64 + 1;
    assert!(
        now > 31,
        "{now} ticks in 2.5 s: too few to go a second back"
    );
    for k in 2..=10 {
        s.key("comma");
        s.expect(&format!("tick {}", now - k));
    }
    let back = s.shot("rewind-back-10");
    for k in (0..10).rev() {
        s.key("period");
        s.expect(&format!("step {}", now - k));
    }
    let b = s.shot("rewind-b");
    let (ten_back, changed) = (stage_differs(&a, &back), stage_differs(&a, &b));
    assert!(ten_back > 0, "10 ticks back the crowd stood elsewhere");
    assert_eq!(
        changed, 0,
        "10 back and 10 on: {changed} stage pixels differ"
    );

    s.key("less");
    s.expect(&format!("tick {}", now - 30));
    let c = s.shot("rewind-second-back");
    s.key("greater");
    s.expect(&format!("tick {now}"));
    let d = s.shot("rewind-second-on");
    let (earlier, again) = (stage_differs(&a, &c), stage_differs(&a, &d));
    assert!(earlier > 500, "a second back: only {earlier} px differ");
    assert_eq!(
        again, 0,
        "a second back and on: {again} stage pixels differ"
    );

    // The timeline's label says where the run is.
    if crate::skip::OCR.met() {
        let label = Rect::new(r.x, r.y + r.h - 36.0, 160.0, 32.0);
        let text = read_back(&s, "rewind-second-on", label);
        assert!(text.contains(&format!("tick {now}")), "{text:?}");
    }

    // Space resumes from a second back, and what came after is gone:
    // paused again at once, > finds no later tick to go to, and , steps
    // back from where the run got to since.
    s.key("less");
    s.expect(&format!("tick {}", now - 30));
    s.key("space");
    s.expect("resumed");
    s.key("space");
    s.expect("paused");
    // A frame apart: keys seen in one frame are taken in the app's
    // order, not the order they came in.
    s.key("greater");
    s.frames_later(2);
    s.key("comma");
    let line = s.expect_prefix("tick ");
    let tick = numbers(&line, 1)[0] as u64;
    let from = now - 30;
    assert!(
        tick < now - 10,
        "resumed from tick {from}, then > and ,: {line:?}"
    );

    // A click on the timeline's track seeks there: a quarter of the way
    // along is about a quarter of the ticks kept.
    let track = (r.x + 100.0 + (r.w - 110.0) * 0.25, r.y + r.h - 18.0);
    s.point((track.0 as i32, track.1 as i32));
    let w = s.window.clone();
    s.tool("xdotool", &["mousedown", "--window", &w, "1"]);
    s.frames_later(3);
    s.tool("xdotool", &["mouseup", "--window", &w, "1"]);
    let line = s.expect_prefix("tick ");
    let clicked = numbers(&line, 1)[0] as u64;
    assert!(
        clicked > 0 && clicked < tick / 2,
        "a click a quarter along the timeline, paused at {tick}: {line:?}"
    );
}

/// Pressing > while the run goes on pauses it (the timeline shows), and
/// says so, as every action that takes effect does.
#[test]
fn going_a_second_on_while_running_says_it_paused() {
    let Some((_reaper, s)) = launch(&["--scene", "doorway"], "scene doorway", SCREEN) else {
        return;
    };
    s.wait_drawn();
    s.key("greater");
    let lines = drain(&s, 10);
    let paused = s.shot("rewind-greater-running");
    let r = stage_rect();
    let foot = ((r.x + r.w / 2.0) as i32, (r.y + r.h) as i32 - 20);
    let bar = near(&paused, foot, 20, TRACK, 2);
    assert!(
        bar > 300,
        "> pauses: the timeline shows ({bar} px of its track)"
    );
    let said = lines.len() == 1 && (lines[0] == "paused" || lines[0].starts_with("tick "));
    assert!(said, "> paused the run and said {lines:?}");
    s.key("space");
    s.expect("resumed");
    // The doorway's walls are fixed: A says so rather than nothing.
    s.key("a");
    let notice = s.expect_prefix("notice ");
    assert!(notice.contains("none to edit"), "{notice}");
}
