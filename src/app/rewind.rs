//! Going back and forth in the last minute ([`super::timeline`]): the
//! panes are put back as they stood at a tick, the selection and the
//! overlay as the person has them now.

use super::App;
use super::timeline::Timeline;

impl App {
    /// The panes as they stood at `tick` (within the minute kept); the
    /// event line says where the run is now.
    pub fn seek(&mut self, tick: u64) -> Option<String> {
        let now = self.runner.tick();
        let panes = (&self.runner, self.compare.as_ref().map(|p| &p.runner));
        let at = self.timeline.seek(panes, tick)?;
        if at.left.tick() == now {
            return None;
        }
        let selected = self.runner.selected();
        self.runner = at.left;
        if let (Some(pane), Some(right)) = (&mut self.compare, at.right) {
            pane.runner = right;
            pane.runner.select(selected);
        }
        self.runner.select(selected);
        self.runner.set_recording(true);
        self.accumulator = 0.0;
        Some(format!("tick {}", self.runner.tick()))
    }

    /// The ticks one can go back and forth between: the first kept, the
    /// last run.
    pub fn timeline_span(&self) -> (u64, u64) {
        (self.timeline.first(), self.timeline.last())
    }

    /// The memory the rewind's snapshots take, in bytes, and the ticks
    /// between them.
    pub fn timeline_cost(&self) -> (usize, u64) {
        (self.timeline.bytes(), self.timeline.every())
    }

    /// How many ticks the rewind keeps (0: off, the crowd is too large).
    pub fn timeline_length(&self) -> u64 {
        self.timeline.span()
    }

    /// A new minute, from the panes as they stand (a restart, the split
    /// view opened or closed).
    pub(super) fn restart_timeline(&mut self) {
        let span = 60 * self.scene_config().tick_hz.round() as u64;
        let panes = (&self.runner, self.compare.as_ref().map(|p| &p.runner));
        self.timeline = Timeline::new(panes, span);
    }

    /// Records an edit made now, for replays.
    pub(super) fn edited(&mut self, edit: super::timeline::Edit) {
        self.timeline.edit(self.runner.tick(), edit);
    }
}
