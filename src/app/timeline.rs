//! Rewinding: the last minute of a run, kept as snapshots and replayed.
//!
//! The simulation is deterministic, so a past tick is a snapshot (a clone
//! of the runners) plus the ticks after it replayed with the pointer each
//! had and the edits made before it (an agent dragged, a knob or a prop
//! changed live). Snapshots are taken every [`Timeline::every`] ticks,
//! chosen so that the minute's snapshots stay within [`BUDGET_BYTES`];
//! going to tick t restores the latest snapshot at or before t and
//! replays at most `every` ticks. A crowd too large for a minute keeps
//! less (ten seconds at 50,000 agents), and one too large for two
//! snapshots (some 100,000 agents) keeps none: rewinding is off. Going back N ticks and on N ticks gives the state
//! before, bit for bit; resuming from a past tick drops what came after,
//! like an editor's undo.

use crate::sim::knobs::Params;
use crate::sim::runner::Runner;
use crate::sim::scene::Input;
use glam::Vec2;
use std::collections::VecDeque;

/// Memory the snapshots of a minute aim at, in bytes.
pub const BUDGET_BYTES: usize = 128 << 20;
/// Bounds on the ticks between snapshots: often enough that a step back
/// replays little in small scenes, rarely enough in large ones.
const EVERY: (u64, u64) = (30, 600);

/// A change made to the runners between ticks, replayed at its tick.
#[derive(Debug, Clone)]
pub enum Edit {
    /// Agent `id` put at a place (dragged).
    Place(usize, Vec2),
    /// Live parameters: a knob turned, a prop moved.
    Retune(Box<dyn Params>),
}

/// The runners as they stood at the start of a tick: the scene, and the
/// split view's other pane.
#[derive(Clone)]
pub struct Panes {
    pub left: Runner,
    pub right: Option<Runner>,
}

impl Panes {
    /// A snapshot of the runners as they stand.
    pub fn of(left: &Runner, right: Option<&Runner>) -> Self {
        Self {
            left: left.clone(),
            right: right.cloned(),
        }
    }

    fn tick(&self) -> u64 {
        self.left.tick()
    }

    fn step(&mut self, input: &Input) {
        self.left.step(input);
        if let Some(right) = &mut self.right {
            right.step(input);
        }
    }

    fn apply(&mut self, edit: &Edit) {
        for runner in std::iter::once(&mut self.left).chain(self.right.as_mut()) {
            match edit {
                Edit::Place(id, at) => runner.place(*id, *at),
                // The panes hold the scene's own parameters: a refusal is
                // a bug of the program, and the pane keeps its own.
                Edit::Retune(params) => {
                    let _ = runner.retune(params.as_ref());
                }
            }
        }
    }
}

/// The last minute of a run.
#[derive(Clone)]
pub struct Timeline {
    /// Snapshots, oldest first, each at the start of its tick (before the
    /// edits made at that tick).
    snapshots: VecDeque<Panes>,
    /// The pointer of each tick from the oldest snapshot's on.
    inputs: VecDeque<Input>,
    /// Edits, by the tick they were made at, in order.
    edits: VecDeque<(u64, Edit)>,
    /// Ticks between snapshots.
    every: u64,
    /// Ticks kept: a minute, or less for a large crowd.
    span: u64,
    /// No snapshots at all (a crowd too large): the live tick is all there is.
    off: Option<u64>,
}

impl Timeline {
    /// A timeline starting from the runners as they stand, keeping `span`
    /// ticks, or as many as [`BUDGET_BYTES`] of snapshots hold.
    pub fn new((left, right): (&Runner, Option<&Runner>), span: u64) -> Self {
        let bytes = estimate(left, right).max(1);
        let fit = (BUDGET_BYTES / bytes) as u64;
        let off = (fit < 2).then_some(left.tick());
        let every = span.div_ceil(fit.max(2) - 1).clamp(EVERY.0, EVERY.1);
        Self {
            snapshots: match off {
                Some(_) => VecDeque::new(),
                None => VecDeque::from([Panes::of(left, right)]),
            },
            inputs: VecDeque::new(),
            edits: VecDeque::new(),
            every,
            span: span.min(every * (fit.max(2) - 1)).max(every),
            off,
        }
    }

    /// Rewinding is off: the crowd is too large for two snapshots.
    pub fn is_off(&self) -> bool {
        self.off.is_some()
    }

    /// Ticks between snapshots.
    pub fn every(&self) -> u64 {
        self.every
    }

    /// The first tick one can go back to.
    pub fn first(&self) -> u64 {
        match self.off {
            Some(live) => live,
            None => self.snapshots.front().map_or(0, Panes::tick),
        }
    }

    /// The last tick run (the live edge).
    pub fn last(&self) -> u64 {
        self.first() + self.inputs.len() as u64
    }

    /// Ticks kept at most.
    pub fn span(&self) -> u64 {
        if self.is_off() { 0 } else { self.span }
    }

    /// The snapshots' memory, in bytes (an estimate from the arrays they
    /// hold, see [`snapshot_bytes`]).
    pub fn bytes(&self) -> usize {
        self.snapshots.iter().map(snapshot_bytes).sum()
    }

    /// A tick just ran from `before` (its tick, before it ran) with
    /// `input`, and left the panes as `left` and `right`. Keeps a
    /// snapshot every [`Timeline::every`] ticks and forgets what is over a
    /// minute old.
    pub fn record(&mut self, before: u64, input: Input, (left, right): (&Runner, Option<&Runner>)) {
        if let Some(live) = &mut self.off {
            *live = left.tick();
            return;
        }
        if before != self.last() {
            // Not the live edge: the future after `before` is gone.
            self.truncate(before);
        }
        self.inputs.push_back(input);
        if left.tick().is_multiple_of(self.every) {
            self.snapshots.push_back(Panes::of(left, right));
        }
        while self.snapshots.len() > 1 && self.last() - self.snapshots[1].tick() >= self.span {
            let gone = self.snapshots.pop_front().map_or(0, |p| p.tick());
            let kept = self.first();
            self.inputs.drain(..(kept - gone) as usize);
            while self.edits.front().is_some_and(|(t, _)| *t < kept) {
                self.edits.pop_front();
            }
        }
    }

    /// An edit made at tick `now` (the panes already show it).
    pub fn edit(&mut self, now: u64, edit: Edit) {
        if self.is_off() {
            return;
        }
        self.truncate(now);
        self.edits.push_back((now, edit));
    }

    /// Drops everything after tick `now`: its inputs, edits made later,
    /// later snapshots.
    pub fn truncate(&mut self, now: u64) {
        if self.is_off() {
            return;
        }
        let now = now.clamp(self.first(), self.last());
        self.inputs.truncate((now - self.first()) as usize);
        while self.snapshots.back().is_some_and(|p| p.tick() > now) {
            self.snapshots.pop_back();
        }
        while self.edits.back().is_some_and(|(t, _)| *t > now) {
            self.edits.pop_back();
        }
    }

    /// The panes at tick `tick` (clamped to the minute kept), edits made
    /// at it included; from the panes as they stand (`now`) when they lie
    /// between `tick` and the snapshot before it. `None`: that is where
    /// they stand (or rewinding is off).
    pub fn seek(&self, (left, right): (&Runner, Option<&Runner>), tick: u64) -> Option<Panes> {
        let tick = tick.clamp(self.first(), self.last());
        if self.is_off() || tick == left.tick() {
            return None;
        }
        let from = self.snapshots.iter().rev().find(|p| p.tick() <= tick);
        let now = left.tick();
        let mut panes = match from {
            Some(snap) if now <= tick && now >= snap.tick() => Panes::of(left, right),
            Some(snap) => {
                let mut panes = snap.clone();
                self.apply_edits(&mut panes);
                panes
            }
            None => Panes::of(left, right),
        };
        while panes.tick() < tick {
            let k = (panes.tick() - self.first()) as usize;
            panes.step(&self.inputs[k]);
            self.apply_edits(&mut panes);
        }
        Some(panes)
    }

    /// Applies the edits made at the panes' tick.
    fn apply_edits(&self, panes: &mut Panes) {
        let now = panes.tick();
        for (_, edit) in self.edits.iter().filter(|(t, _)| *t == now) {
            panes.apply(edit);
        }
    }
}

/// About how many bytes a snapshot holds, at most: the crowd's and the
/// scene's arrays, estimated from the crowd ([`BYTES_PER_AGENT`]), plus
/// the headline history and a little for the rest (tests/allocations.rs
/// holds it to what a copy allocates).
pub fn snapshot_bytes(panes: &Panes) -> usize {
    estimate(&panes.left, panes.right.as_ref())
}

/// [`snapshot_bytes`] of the runners as they stand, without copying them.
fn estimate(left: &Runner, right: Option<&Runner>) -> usize {
    let one = |r: &Runner| {
        let history = r.history().len() * crate::sim::runner::HISTORY_TICKS * 4;
        r.crowd().len() * BYTES_PER_AGENT + history + (16 << 10)
    };
    one(left) + right.map_or(0, one)
}

/// What a snapshot holds per agent, at most, over every scene: the
/// manager's 1,216 bytes (its agents each keep four forces, their shares
/// and a heading smoother); most scenes keep 150 to 600. Measured by
/// `a_snapshot_costs_no_more_than_the_timeline_counts` in tests/allocations.rs.
pub const BYTES_PER_AGENT: usize = 1280;

#[cfg(test)]
mod tests;
