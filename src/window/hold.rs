//! The stage's place is the layout's (the whole width while the side
//! column is closed, beside it when open), except while a mouse button is
//! held: a click that selects an agent opens the readout and so narrows
//! the stage, and the stage moves when the button is let go, never under
//! the press or a drag.

use steering_demos::layout::Rect;

/// Where the stage was drawn last.
#[derive(Default)]
pub struct Hold {
    shown: Option<Rect>,
}

impl Hold {
    /// Where to draw the stage this frame: `wanted`, or where it was
    /// while a button is `held`.
    pub fn stage(&mut self, wanted: Rect, held: bool) -> Rect {
        let shown = match self.shown {
            Some(was) if held => was,
            _ => wanted,
        };
        self.shown = Some(shown);
        shown
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WIDE: Rect = Rect::new(0.0, 80.0, 1280.0, 690.0);
    const BESIDE: Rect = Rect::new(0.0, 80.0, 900.0, 690.0);

    #[test]
    fn a_held_button_keeps_the_stage_until_it_is_let_go() {
        let mut hold = Hold::default();
        assert_eq!(
            hold.stage(WIDE, true),
            WIDE,
            "the first frame: the layout's"
        );
        for _ in 0..10 {
            assert_eq!(hold.stage(BESIDE, true), WIDE);
        }
        assert_eq!(hold.stage(BESIDE, false), BESIDE, "let go: it moves");
        assert_eq!(hold.stage(WIDE, false), WIDE);
    }
}
