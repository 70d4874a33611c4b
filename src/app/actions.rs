//! The actions that take more than a line: each changes the app and
//! returns its event line, as [`App::apply`] does.

use super::{App, IN_BROWSER, Recent};
use crate::controls::Action;
use crate::steer::neighbors::NeighborMode;

impl App {
    /// One tick on, while paused.
    pub(super) fn step_once(&mut self) -> Option<String> {
        if !self.paused {
            return None;
        }
        self.tick();
        Some(format!("step {}", self.runner.tick()))
    }

    /// The run's link, with the tick and checksum it reached.
    pub(super) fn share_line(&self) -> Option<String> {
        let (tick, checksum) = (self.runner.tick(), self.runner.crowd().checksum());
        Some(format!(
            "link {} tick {tick} checksum {checksum:016x}",
            self.link()
        ))
    }

    /// Switches to scene `i`, as it was last set.
    pub(super) fn go_to(&mut self, i: usize) -> Option<String> {
        if i >= self.config.scenes.len() || i == self.index {
            return None;
        }
        self.index = i;
        self.tour = None;
        self.compare = None;
        self.runner.select(None);
        self.rebuild();
        Some(format!("scene {}", self.decl().name))
    }

    /// The next variant (of the compared pane, when comparing).
    pub(super) fn next_variant(&mut self) -> Option<String> {
        let count = self.decl().variants.len();
        if count < 2 {
            return None;
        }
        if self.compare.is_some() {
            return self.next_compared_variant();
        }
        let setup = &mut self.memory[self.index];
        setup.variant = (setup.variant + 1) % count;
        self.rebuild();
        Some(format!("variant {}", self.variant()))
    }

    /// Pauses, or resumes from the tick shown.
    pub(super) fn toggle_pause(&mut self) -> Option<String> {
        if self.paused {
            // Resuming from a past tick: what came after is gone.
            self.timeline.truncate(self.runner.tick());
        }
        self.paused = !self.paused;
        Some(if self.paused { "paused" } else { "resumed" }.into())
    }

    /// Goes `steps` seconds back or forward in the recorded run, paused.
    pub(super) fn skip_seconds(&mut self, steps: i32) -> Option<String> {
        let was_paused = std::mem::replace(&mut self.paused, true);
        let hz = self.scene_config().tick_hz.round() as i64;
        let to = (self.runner.tick() as i64 + i64::from(steps) * hz).max(0);
        // Nothing recorded to go to: pausing is what happened.
        self.seek(to as u64)
            .or_else(|| (!was_paused).then(|| "paused".into()))
    }

    /// Switches the neighbor search, keeping the old one's cost to compare.
    pub(super) fn toggle_neighbors(&mut self) -> Option<String> {
        let setup = &mut self.memory[self.index];
        let was = setup.neighbors;
        setup.neighbors = match was {
            NeighborMode::Grid => NeighborMode::Brute,
            NeighborMode::Brute => NeighborMode::Grid,
        };
        let name = setup.neighbors.name();
        let cost = self.tick_ms.mean();
        self.rebuild();
        self.other_search = cost.map(|ms| (was, ms));
        self.tick_ms = Recent::default();
        Some(format!("neighbors {name}"))
    }

    /// More or fewer agents, by the agents knob's step.
    pub(super) fn step_agents(&mut self, steps: i32) -> Option<String> {
        let knob = self.decl().agents;
        let setup = &mut self.memory[self.index];
        let agents = knob.stepped(setup.agents as f64, steps) as usize;
        if agents == setup.agents {
            return None;
        }
        setup.agents = agents;
        self.rebuild();
        Some(format!("agents {agents}"))
    }

    /// Closes what is open, topmost first; quits only when nothing is (a
    /// web page does not quit).
    pub(super) fn escape(&mut self) -> Option<String> {
        if self.help {
            self.apply(Action::ToggleHelp)
        } else if self.tour.is_some() {
            self.apply(Action::Tour)
        } else if self.card {
            self.apply(Action::ToggleCard)
        } else if self.panel {
            self.apply(Action::TogglePanel)
        } else if self.chart {
            self.apply(Action::ToggleChart)
        } else if self.runner.selected().is_some() {
            self.select(None)
        } else if self.compare.is_some() {
            self.apply(Action::ToggleCompare)
        } else if IN_BROWSER {
            None
        } else {
            self.quit = true;
            Some("quit".into())
        }
    }
}
