//! The guided tour as a person walks it: `--tour` starts in it, Enter
//! and Backspace step it, a click on the step box's "next >" steps it,
//! Esc leaves it and W starts it again; each step shown prints its line
//! (`tour seek 2/4`).

use super::support::{SCREEN, launch};
use steering_demos::layout::{Layout, Open};

#[test]
fn the_tour_is_walked_with_keys_and_clicks_and_esc_leaves_it() {
    let steps = (steering_demos::scenes::registry::find("seek").unwrap().tour).len();
    let step = |n: usize| format!("tour seek {n}/{steps}");
    let args = ["--scene", "seek", "--tour"];
    let Some((_reaper, s)) = launch(&args, "scene seek", SCREEN) else {
        return;
    };
    s.expect(&step(1));
    s.key("Return");
    s.expect(&step(2));
    s.key("BackSpace");
    s.expect(&step(1));
    // Back from the first step does nothing: the next line is the click's.
    s.key("BackSpace");
    s.frames_later(2);
    // "next >", the second button of the row under the box's heading
    // (measured at this size: 89 px in, 37 px down).
    let screen = glam::Vec2::new(SCREEN.0 as f32, SCREEN.1 as f32);
    let open = Open {
        tour: true,
        ..Open::default()
    };
    let r = Layout::of(screen, open).tour.expect("room for the tour");
    let (x, y) = ((r.x + 89.0).to_string(), (r.y + 37.0).to_string());
    let w = &s.window;
    s.tool("xdotool", &["mousemove", "--window", w, &x, &y]);
    s.frames_later(2);
    s.tool("xdotool", &["click", "--window", w, "1"]);
    s.expect(&step(2));
    s.key("Escape");
    s.expect("tour off");
    s.key("w");
    s.expect(&step(1));
    s.key("Escape");
    s.expect("tour off");
}
