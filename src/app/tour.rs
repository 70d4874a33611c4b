//! The guided tour in the window (W, `--tour`, a link's `tour=N`): the
//! step shown, next, back and leave. A step's start comes from the
//! scene's declaration ([`Step::setup`]); the app puts it on the stage:
//! the split, the overlay, the selection, and the ticks up to its pause,
//! run at the scripted pointer so that a step looks the same every time.

use super::{App, Pane};
use crate::sim::pointer::ScriptedPointer;
use crate::sim::tour::Step;

impl App {
    /// The step shown (0-based) and the tour's length, while touring.
    pub fn tour(&self) -> Option<(usize, usize)> {
        Some((self.tour?, self.decl().tour.len()))
    }

    /// The step shown, while touring.
    pub fn tour_step(&self) -> Option<&'static Step> {
        self.decl().tour.get(self.tour?)
    }

    /// W: the tour from its first step, or out of it.
    pub(super) fn toggle_tour(&mut self) -> Option<String> {
        if self.tour.take().is_some() {
            return Some("tour off".into());
        }
        self.show_step(0)
    }

    /// Enter and Backspace: `by` steps on or back, within the tour.
    pub(super) fn step_tour(&mut self, by: i32) -> Option<String> {
        let to = self.tour? as i64 + i64::from(by);
        let to = usize::try_from(to).ok()?;
        self.show_step(to)
    }

    /// Shows step `n` (0-based) of the running scene's tour: its start,
    /// split, overlay and selection, paused at its tick or running.
    /// Returns the event line (`tour seek 2/3`); none past the ends.
    pub fn show_step(&mut self, n: usize) -> Option<String> {
        let decl = self.decl();
        let step = decl.tour.get(n)?;
        // The declarations are tested step by step: a wrong one is a bug
        // of the program, said, not papered over.
        let setup =
            (step.setup(decl, self.setup().neighbors)).unwrap_or_else(|e| unreachable!("{e}"));
        let compared = step.compared(decl).unwrap_or_else(|e| unreachable!("{e}"));
        self.memory[self.index] = setup;
        self.compare = compared.map(|variant| Pane {
            runner: self.start_runner(variant),
            variant,
        });
        self.runner.select(None);
        self.rebuild();
        self.show_forces = step.forces;
        self.select(step.select);
        self.paused = false;
        if let Some(tick) = step.pause_at {
            self.run_to(tick);
            self.paused = true;
        }
        self.tour = Some(n);
        Some(format!("tour {} {}/{}", decl.name, n + 1, decl.tour.len()))
    }

    /// Runs on to `tick` at the scripted pointer (the split's pane too).
    fn run_to(&mut self, tick: u64) {
        let script = ScriptedPointer::new(
            &self.config.app.pointer,
            self.scene_config().pointer,
            self.runner.stage(),
        );
        while self.runner.tick() < tick {
            self.pointer = script.at(self.runner.tick());
            self.tick();
        }
    }
}

#[cfg(test)]
mod tests;
