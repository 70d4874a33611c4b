//! Tip to tail: E draws the selected agent's forces chained from it, the
//! `max_force` circle and the steering the cap leaves, the last in black,
//! which no other shape on the stage is drawn in.

use super::support::{SCREEN, count, launch};

/// The steering taken, tip to tail (`TIP_CAPPED`).
const BLACK: [u8; 3] = [0, 0, 0];

#[test]
fn tip_to_tail_is_drawn_while_switched_on() {
    let args = ["--scene", "flock", "--select", "0"];
    let Some((_reaper, s)) = launch(&args, "scene flock", SCREEN) else {
        return;
    };
    s.wait_drawn();
    // A few ticks for the boid to feel its neighbors, then still, so
    // that the pictures differ only by what E draws.
    s.frames_later(30);
    s.key("space");
    s.expect("paused");
    let before = count(&s.shot("tip-to-tail-off"), BLACK, 6);
    s.key("e");
    s.expect("tip-to-tail on");
    let on = count(&s.shot("tip-to-tail-on"), BLACK, 6);
    // However short the boid's steering at the moment it is paused, the
    // line and its arrowhead take some tens of pixels (40 seen at least).
    assert!(
        on > before + 20,
        "the steering taken is drawn: {on} black pixels, {before} before"
    );
    s.key("e");
    s.expect("tip-to-tail off");
    let off = count(&s.shot("tip-to-tail-off-again"), BLACK, 6);
    assert!(
        off <= before + 5,
        "and gone again: {off} black pixels, {before} before"
    );
}
