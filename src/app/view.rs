//! What the person sees of the stage: the camera over it, and which parts
//! of the overlay are drawn.

use super::{App, on_off};
use crate::camera::Camera;
use crate::overlay::Meaning;

impl App {
    /// Whether a press at the pointer would take something: an agent to
    /// select, an obstacle to drag (else it is a click on the stage).
    pub fn grabs_at_pointer(&self) -> bool {
        self.agent_under_pointer().is_some()
            || (self.runner.props()).is_some_and(|p| p.under(self.pointer).is_some())
    }

    /// Keeps the camera on the stage of the running scene (a new scene
    /// starts it afresh) and, while it follows, on the selected agent as
    /// drawn this frame.
    pub fn aim_camera(&mut self) {
        let stage = self.runner.stage();
        if self.camera.stage != stage {
            self.camera = Camera::fit(stage);
        }
        match self.runner.selected_index() {
            Some(i) => {
                let at = Self::drawn_at(&self.runner, i, self.between_ticks());
                self.camera.track(at);
            }
            None => self.camera.follow = false,
        }
    }

    /// Shows or hides the overlay's shapes of one meaning (a flock rule's
    /// arrows, say), in every scene. Returns the event line.
    pub fn toggle_meaning(&mut self, meaning: Meaning) -> String {
        let shown = match self.hidden.iter().position(|&m| m == meaning) {
            Some(k) => {
                self.hidden.remove(k);
                true
            }
            None => {
                self.hidden.push(meaning);
                false
            }
        };
        format!("overlay {} {}", meaning.label(), on_off(shown))
    }

    /// Whether the overlay draws shapes of `meaning`.
    pub fn shows(&self, meaning: Meaning) -> bool {
        !self.hidden.contains(&meaning)
    }
}
