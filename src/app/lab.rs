//! The lab's controls: the selected agent, the split view, the rate of
//! time.

use super::{App, on_off};
use crate::sim::knobs::number;
use crate::sim::runner::Runner;
use crate::sim::scene::Input;
use glam::Vec2;

/// The rates of time S and F step through, slowest first.
pub const RATES: [f64; 6] = [0.25, 0.5, 1.0, 2.0, 4.0, 8.0];

/// The split view's right pane.
pub struct Pane {
    pub runner: Runner,
    /// Index of its variant.
    pub variant: usize,
}

impl App {
    /// The right pane of the split view, when it is open.
    pub fn compared(&self) -> Option<&Pane> {
        self.compare.as_ref()
    }

    /// The name of the right pane's variant.
    pub fn compared_variant(&self) -> Option<&'static str> {
        Some(self.decl().variants[self.compare.as_ref()?.variant])
    }

    /// Selects the agent with id `agent` (or nobody) in both panes; the
    /// event line.
    pub fn select(&mut self, agent: Option<usize>) -> Option<String> {
        let before = self.runner.selected();
        // Its numbers at once, paused or not (a person pauses to click).
        let now = Input {
            pointer: self.pointer,
        };
        self.runner.select(agent);
        self.runner.think(&now);
        if let Some(pane) = &mut self.compare {
            pane.runner.select(agent);
            pane.runner.think(&now);
        }
        match (before, self.runner.selected()) {
            (a, b) if a == b => None,
            (_, Some(i)) => Some(format!("select {i}")),
            (Some(_), None) => Some("deselect".into()),
            (None, None) => None,
        }
    }

    /// The id of the agent drawn under the pointer (the nearest within its
    /// radius and a half; of those as near, the one drawn last, on top).
    pub(super) fn agent_under_pointer(&self) -> Option<usize> {
        let reach = self.runner.agent_radius() * 1.5;
        let (mut best, mut best_d) = (None, reach * reach);
        for (i, p) in self.runner.crowd().positions().iter().enumerate() {
            let d = p.distance_squared(self.pointer);
            if d <= best_d {
                (best, best_d) = (Some(i), d);
            }
        }
        best.map(|i| self.runner.crowd().id(i))
    }

    /// C: split the stage between the variant shown and the next one (or
    /// close the split).
    pub(super) fn toggle_compare(&mut self) -> Option<String> {
        if self.compare.take().is_some() {
            self.restart_timeline();
            return Some(format!("compare {}", on_off(false)));
        }
        let count = self.decl().variants.len();
        if count < 2 {
            return None;
        }
        let left = self.setup().variant;
        let right = self
            .decl()
            .compare
            .filter(|&v| v != left)
            .unwrap_or((left + 1) % count);
        self.compare = Some(Pane {
            runner: Self::start(&self.config, self.index, self.setup()),
            variant: right,
        });
        // Both panes start again together, from the same seed.
        self.rebuild();
        Some(self.compare_event())
    }

    /// V in the split view: the right pane's next variant.
    pub(super) fn next_compared_variant(&mut self) -> Option<String> {
        let count = self.decl().variants.len();
        let pane = self.compare.as_mut()?;
        pane.variant = (pane.variant + 1) % count;
        self.rebuild();
        Some(self.compare_event())
    }

    fn compare_event(&self) -> String {
        format!(
            "compare {} {}",
            self.variant(),
            self.compared_variant().unwrap_or("")
        )
    }

    /// S and F: slower and faster, by one of [`RATES`].
    pub(super) fn change_rate(&mut self, steps: i32) -> Option<String> {
        let at = RATES
            .iter()
            .position(|&r| r >= self.rate)
            .unwrap_or(RATES.len() - 1) as i32;
        let next = RATES[(at + steps).clamp(0, RATES.len() as i32 - 1) as usize];
        if next == self.rate {
            return None;
        }
        self.rate = next;
        Some(format!("rate {}", number(next)))
    }

    /// How far the simulation is between its last tick and the next, 0 to
    /// 1, for drawing agents in between.
    pub fn between_ticks(&self) -> f32 {
        if self.paused {
            return 1.0;
        }
        ((self.accumulator / self.tick_seconds()) as f32).clamp(0.0, 1.0)
    }

    /// Where agent `i` is drawn: between its last two positions.
    pub fn drawn_at(runner: &Runner, i: usize, alpha: f32) -> Vec2 {
        let now = runner.crowd().positions()[i];
        match runner.previous_positions().get(i) {
            // A respawn jumps: no sliding across the stage.
            Some(&before) if before.distance_squared(now) < 400.0 * 400.0 => {
                before.lerp(now, alpha)
            }
            _ => now,
        }
    }
}

impl App {
    /// The running scene's table, ready to paste into demos.toml (the
    /// lists that are not knobs, path nodes and obstacles, stay as they are
    /// in the file).
    pub fn scene_toml(&self) -> String {
        let (decl, setup) = (self.decl(), self.setup());
        let mut out = format!(
            "[{name}]\nseed = {}\nagents = {}\nvariant = \"{}\"\n[{name}.params]\n",
            setup.seed,
            setup.agents,
            self.variant(),
            name = decl.name
        );
        for knob in decl.knobs {
            if let Some(value) = setup.params.get(knob.name) {
                let written = if knob.integer || value.fract() != 0.0 {
                    number(value)
                } else {
                    format!("{}.0", number(value))
                };
                out.push_str(&format!("{} = {written}\n", knob.name));
            }
        }
        out
    }
}
