//! What the person sees of the stage: the camera over it, and which parts
//! of the overlay are drawn, and the footer's hints.

use super::{App, on_off};
use crate::camera::Camera;
use crate::controls::{CONTROLS, Hint};
use crate::overlay::Meaning;
use crate::sim::knobs::number;
use crate::text::{fill, text};

impl App {
    /// The footer's hints for the running scene, from the controls table.
    pub fn hints(&self) -> Vec<String> {
        CONTROLS
            .iter()
            .filter(|c| c.scope.applies(&self.runner))
            .filter_map(|c| match c.hint {
                Hint::None => None,
                Hint::Text(key) => Some(text(key).to_string()),
                Hint::PrimaryKnob => self.primary().map(|(knob, value)| {
                    // A knob the variant does not read says so.
                    let key = if self.decl().uses(self.setup().variant, knob.name) {
                        "footer.knob"
                    } else {
                        "footer.knob-unused"
                    };
                    let args: [(&str, &dyn std::fmt::Display); 3] = [
                        ("knob", &knob.name),
                        ("value", &number(value)),
                        ("variant", &self.variant()),
                    ];
                    fill(key, &args)
                }),
                Hint::Agents => Some(fill("footer.agents", &[("agents", &self.setup().agents)])),
                Hint::Neighbors => {
                    let search = self.setup().neighbors.name();
                    Some(fill("footer.neighbors", &[("search", &search)]))
                }
                Hint::Rate => Some(fill("footer.rate", &[("rate", &number(self.rate))])),
            })
            .collect()
    }

    /// The footer's line: the hints, in the table's order, as many whole
    /// ones as `fits` allows, dropped from the end but for the help's,
    /// which always stays (it says where the rest are).
    pub fn footer(&self, fits: impl Fn(&str) -> bool) -> String {
        footer_line(self.hints(), fits)
    }

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

/// The hints joined, whole ones dropped from the end (the help's kept)
/// until `fits` says the line fits.
fn footer_line(mut hints: Vec<String>, fits: impl Fn(&str) -> bool) -> String {
    const GAP: &str = "   ";
    let help = |h: &String| h == text("footer.help");
    loop {
        let line = hints.join(GAP);
        if fits(&line) {
            return line;
        }
        match hints.iter().rposition(|h| !help(h)) {
            Some(k) => {
                hints.remove(k);
            }
            None => return line,
        }
    }
}
