//! The window's input: the keys and clicks of a frame, through the
//! controls table, and the camera's (the wheel zooms at the pointer; a
//! press on the empty stage waits to see whether it is a click, the
//! forces as always, or a drag, the view moving with the pointer).

use crate::render::View;
use macroquad::input::{
    KeyCode, MouseButton, get_char_pressed, is_key_down, is_key_pressed, is_key_released,
    is_mouse_button_pressed, is_mouse_button_released,
};
use steering_demos::app::{Action, App};
use steering_demos::controls::{self, Key};

/// How far the pointer moves, in px, before a press is a drag.
const DRAG_START: f32 = 4.0;
/// One notch of the wheel zooms by this much.
const ZOOM_STEP: f32 = 1.15;

/// A press of the left button on the empty stage, until it turns out a
/// click or a drag.
#[derive(Default)]
pub struct CameraInput {
    press: Option<Press>,
}

struct Press {
    from: glam::Vec2,
    last: glam::Vec2,
    /// Moved far enough to be a drag, not a click.
    dragging: bool,
}

impl CameraInput {
    /// Takes this frame's wheel and the press and release among
    /// `actions` that are the camera's; a click on the empty stage goes
    /// back into `actions` when the button comes up without a drag.
    /// `mouse` is in screen px, `view` the pane under it.
    pub fn take(
        &mut self,
        app: &mut App,
        actions: &mut Vec<Action>,
        (mouse, wheel): (glam::Vec2, f32),
        (on_stage, view): (bool, View),
    ) {
        if wheel != 0.0 && on_stage {
            app.camera
                .zoom_at(ZOOM_STEP.powf(wheel.signum()), view.to_world(mouse));
        }
        if actions.contains(&Action::Press) && on_stage && !app.grabs_at_pointer() {
            actions.retain(|a| *a != Action::Press);
            self.press = Some(Press {
                from: mouse,
                last: mouse,
                dragging: false,
            });
        }
        let Some(p) = self.press.as_mut() else {
            return;
        };
        p.dragging |= p.from.distance(mouse) > DRAG_START;
        if p.dragging {
            app.camera.pan(mouse - p.last, view.scale);
        }
        p.last = mouse;
        if actions.contains(&Action::Release) {
            if !p.dragging {
                actions.insert(0, Action::Press);
            }
            self.press = None;
        }
    }
}

/// The actions of the keys and clicks of this frame.
pub fn read_input() -> Vec<Action> {
    // Typed characters, so + works on any keyboard layout (and the keypad).
    let mut typed = Vec::new();
    while let Some(c) = get_char_pressed() {
        typed.push(c);
    }
    let shift = is_key_down(KeyCode::LeftShift) || is_key_down(KeyCode::RightShift);
    // Ctrl counts when held, or pressed or let go this frame: a quick
    // Ctrl+S (both down and up within one frame, in a slow window) is
    // still Ctrl+S, not S.
    let ctrl = [KeyCode::LeftControl, KeyCode::RightControl]
        .into_iter()
        .any(|k| is_key_down(k) || is_key_pressed(k) || is_key_released(k));
    let pressed = |key: Key| match key {
        Key::Click => is_mouse_button_pressed(MouseButton::Left),
        Key::ClickUp => is_mouse_button_released(MouseButton::Left),
        Key::Char(c) => typed.contains(&c),
        Key::Digits => false,
        Key::Tab => !shift && is_key_pressed(KeyCode::Tab),
        Key::ShiftTab => shift && is_key_pressed(KeyCode::Tab),
        Key::Left => is_key_pressed(KeyCode::Left),
        Key::Right => is_key_pressed(KeyCode::Right),
        Key::A => is_key_pressed(KeyCode::A),
        Key::X => is_key_pressed(KeyCode::X),
        Key::N => is_key_pressed(KeyCode::N),
        Key::Delete => is_key_pressed(KeyCode::Delete),
        Key::P => is_key_pressed(KeyCode::P),
        Key::L => is_key_pressed(KeyCode::L),
        Key::Z => is_key_pressed(KeyCode::Z),
        Key::T => is_key_pressed(KeyCode::T),
        Key::M => is_key_pressed(KeyCode::M),
        Key::C => is_key_pressed(KeyCode::C),
        Key::S => !ctrl && is_key_pressed(KeyCode::S),
        Key::CtrlS => ctrl && is_key_pressed(KeyCode::S),
        Key::O => is_key_pressed(KeyCode::O),
        Key::F => is_key_pressed(KeyCode::F),
        Key::E => is_key_pressed(KeyCode::E),
        Key::V => is_key_pressed(KeyCode::V),
        Key::R => is_key_pressed(KeyCode::R),
        Key::Space => is_key_pressed(KeyCode::Space),
        Key::H => is_key_pressed(KeyCode::H),
        Key::G => is_key_pressed(KeyCode::G),
        Key::U => is_key_pressed(KeyCode::U),
        Key::LeftBracket => is_key_pressed(KeyCode::LeftBracket),
        Key::RightBracket => is_key_pressed(KeyCode::RightBracket),
        Key::F9 => is_key_pressed(KeyCode::F9),
        Key::F12 => is_key_pressed(KeyCode::F12),
        Key::Escape => is_key_pressed(KeyCode::Escape),
        Key::W => is_key_pressed(KeyCode::W),
        Key::Enter => is_key_pressed(KeyCode::Enter) || is_key_pressed(KeyCode::KpEnter),
        Key::Backspace => is_key_pressed(KeyCode::Backspace),
    };
    const DIGITS: [KeyCode; 10] = [
        KeyCode::Key0,
        KeyCode::Key1,
        KeyCode::Key2,
        KeyCode::Key3,
        KeyCode::Key4,
        KeyCode::Key5,
        KeyCode::Key6,
        KeyCode::Key7,
        KeyCode::Key8,
        KeyCode::Key9,
    ];
    controls::actions(pressed, |d| is_key_pressed(DIGITS[usize::from(d)]))
}
