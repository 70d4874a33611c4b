//! The runner: owns a scene's crowd, clock, figures and overlay, and steps
//! it one fixed tick at a time: the scene steers, the runner moves every
//! agent through the one movement manager, the scene settles.

use super::cells::{self, CellOrder};
use super::crowd::{Crowd, Look, Metric, Sampling, Stats};
use super::knobs::Params;
use super::mind::{Card, Mind};
use super::props::Props;
use super::reading::{Reading, reads};
use super::scene::{Decide, Figures, Input, Scene, Settle, Setup, Spawn};
use super::series::Series;
use crate::overlay::{Meaning, Overlay};
use crate::sim::decl::SceneDecl;
use crate::sim::scene::WrongScene;
use crate::steer::neighbors::{Near, NeighborIndex};
use crate::steer::{Limits, Steering};
use glam::Vec2;

/// Overlay settings shared by every scene.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OverlaySettings {
    /// px drawn per px/tick of a vector.
    pub vector_scale: f32,
    /// Forces are recorded for this many agents only, spread over the crowd.
    pub max_agents: usize,
}

/// Ticks of headline figures kept for the chart: a minute at 60 ticks a
/// second (two at the doorway's 30).
pub const HISTORY_TICKS: usize = 3600;

/// The limits of an agent no scene has set: it stands.
const STANDING: Limits = Limits {
    max_speed: 0.0,
    max_force: 0.0,
};

/// The readout line the runner adds, in every scene, for the selected
/// agent: how many neighbours its search counted, of how many compared
/// (its words are keyed once for all scenes: [`crate::words::shared`]).
pub const COUNTED: &str = "neighbours counted";
/// [`COUNTED`]'s value with brute-force search.
pub const COUNTED_ALL: &str = "{counted} of {compared} (all, brute force)";
/// [`COUNTED`]'s value with the grid.
pub const COUNTED_CELLS: &str = "{counted} of {compared} ({n} cells)";

/// A running scene and everything it shares with the rest of the program.
/// A clone is a snapshot: stepped with the same pointer, it goes on tick
/// for tick as the original does.
#[derive(Clone)]
pub struct Runner {
    decl: &'static SceneDecl,
    setup: Setup,
    scene: Box<dyn Scene>,
    stage: Vec2,
    crowd: Crowd,
    /// Where the agents stood before the last tick (for drawing between ticks).
    previous: Vec<Vec2>,
    looks: Vec<Look>,
    tick: u64,
    stats: Stats,
    overlay: Overlay,
    recording: bool,
    /// The id of the agent a person picked.
    selected: Option<usize>,
    settings: OverlaySettings,
    /// Keeps the crowd in cell order, for scenes that ask ([`cells`])
    /// (`None` in a test: in spawn order).
    cell_order: Option<CellOrder>,
    /// The headline figures of the last [`HISTORY_TICKS`] ticks.
    history: Vec<(&'static str, Series)>,
    steering: Vec<Steering>,
    limits: Vec<Limits>,
    /// What moved the selected agent in the last tick.
    mind: Option<Mind>,
    /// Where the selected agent's rule looked for neighbours, last tick.
    looked: Option<Looked>,
    /// Scratch for drawing it: the cells scanned, the agents found.
    cells: Vec<(Vec2, Vec2)>,
    near: Vec<Near>,
}

/// What the selected agent's neighbour query did in the last tick.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Looked {
    /// Grid cells scanned (0: brute force, which scans no cells).
    pub cells: usize,
    /// Agents the query compared with (distances taken).
    pub compared: usize,
    /// Neighbours it counted, within the radius, itself left out.
    pub counted: usize,
}

impl Runner {
    /// Starts scene `decl` on a `stage`-sized world (a scene may grow it); the
    /// setup's parameters and variant must be the scene's own.
    pub fn new(
        decl: &'static SceneDecl,
        stage: Vec2,
        setup: &Setup,
        settings: OverlaySettings,
    ) -> Result<Self, WrongScene> {
        let (mut crowd, mut looks) = (Crowd::default(), Vec::new());
        let mut spawn = Spawn {
            stage,
            crowd: &mut crowd,
            looks: &mut looks,
            starts: &setup.starts,
        };
        let scene = decl.start(setup, &mut spawn)?;
        let stage = spawn.stage;
        let n = crowd.len();
        let history = window_per_series(&scene.headline(&crowd));
        Ok(Self {
            decl,
            setup: setup.clone(),
            scene,
            stage,
            previous: crowd.positions().to_vec(),
            crowd,
            looks,
            tick: 0,
            stats: Stats::default(),
            overlay: Overlay::default(),
            recording: false,
            selected: None,
            settings,
            cell_order: Some(CellOrder::default()),
            history,
            steering: vec![Steering::default(); n],
            limits: vec![STANDING; n],
            mind: None,
            looked: None,
            cells: Vec::new(),
            near: Vec::new(),
        })
    }

    /// Keeps the crowd in spawn order from now on, whatever the scene
    /// asks: for tests that hold a sorted run to an unsorted one.
    #[cfg(test)]
    pub(crate) fn keep_spawn_order(&mut self) {
        self.cell_order = None;
    }

    /// One fixed tick.
    pub fn step(&mut self, input: &Input) {
        // Every few ticks the crowd is put back in cell order (if the
        // scene asks), so that neighbours stay near each other in memory.
        if let (Some(cell), Some(order)) = (self.scene.cell_order(), &mut self.cell_order)
            && self.tick.is_multiple_of(cells::EVERY)
        {
            order.sort(cell, &mut self.crowd, &mut self.looks);
            self.steering.fill(Steering::default());
            self.limits.fill(STANDING);
        }
        self.decide(input);
        self.previous.clear();
        self.previous.extend_from_slice(self.crowd.positions());
        let max_force = self.crowd.integrate(&self.steering, &self.limits);
        self.tick += 1;
        let mut settle = Settle {
            crowd: &mut self.crowd,
            stage: self.stage,
            tick: self.tick,
        };
        self.scene.settle(&mut settle);
        self.stats.observe(&self.crowd, max_force);
        self.record_headline();
    }

    /// Works out what the selected agent decides now, from where everyone
    /// stands, without moving anyone or changing what the next tick does:
    /// a selection made while paused shows its numbers at once.
    pub fn think(&mut self, input: &Input) {
        if self.selected_index().is_none() {
            return;
        }
        // The decision runs on copies: a scene's own state (a wander
        // angle, its random numbers) moves on only when a tick runs.
        let copy = self.scene.clone_box();
        let scene = std::mem::replace(&mut self.scene, copy);
        let kept = (
            self.steering.clone(),
            self.limits.clone(),
            self.looks.clone(),
        );
        self.decide(input);
        self.scene = scene;
        (self.steering, self.limits, self.looks) = kept;
    }

    /// The first half of a tick: every agent's steering, the overlay,
    /// and the selected agent's mind and neighbourhood.
    fn decide(&mut self, input: &Input) {
        self.overlay.clear();
        let selected = self.selected_index();
        let mut steer = Decide {
            crowd: &self.crowd,
            stage: self.stage,
            tick: self.tick,
            steering: &mut self.steering,
            limits: &mut self.limits,
            looks: &mut self.looks,
            overlay: &mut self.overlay,
            recording: self.recording,
            selected,
            vector_scale: self.settings.vector_scale,
            overlay_max_agents: self.settings.max_agents,
        };
        self.scene.steer(&mut steer, input);
        self.looked = selected.and_then(|i| self.record_neighborhood(i));
        self.mind = selected.map(|i| self.mind_of(i));
    }

    /// Adds this tick's headline figures to the history (a series of
    /// another name starts a new history).
    fn record_headline(&mut self) {
        let values = self.scene.headline(&self.crowd);
        let same = values.len() == self.history.len()
            && values.iter().zip(&self.history).all(|(v, h)| v.0 == h.0);
        if !same {
            self.history = window_per_series(&values);
        }
        for ((_, series), &(_, value)) in self.history.iter_mut().zip(&values) {
            series.push(value as f32);
        }
    }

    /// Draws where agent `i`'s rule looked for neighbours, as the scene
    /// says ([`Scene::neighborhood`](super::scene::Scene::neighborhood)):
    /// its radius, the cells its query scanned, the neighbours it counted.
    fn record_neighborhood(&mut self, i: usize) -> Option<Looked> {
        let n = self.scene.neighborhood(i, &self.crowd)?;
        let positions = self.crowd.positions();
        let o = &mut self.overlay;
        o.set_agent(u32::try_from(self.crowd.id(i)).ok());
        n.index.cells_scanned(n.scan.0, n.scan.1, &mut self.cells);
        for &(min, max) in &self.cells {
            o.rect(Meaning::Scanned, min, max);
        }
        o.circle(Meaning::Neighborhood, n.center, n.radius);
        let mut compared = 0;
        n.index
            .candidates(positions, n.scan.0, n.scan.1, |_| compared += 1);
        n.index
            .within(positions, n.center, n.radius, &mut self.near);
        // In a fixed order, left to right: the index finds them in its own.
        let key = |n: &Near| (n.position.x, n.position.y);
        self.near.sort_unstable_by(|a, b| {
            let (a, b) = (key(a), key(b));
            a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1))
        });
        let ring = self.scene.agent_radius() + 3.0;
        let mut counted = 0;
        for near in self.near.iter().filter(|near| near.index as usize != i) {
            o.circle(Meaning::Counted, near.position, ring);
            counted += 1;
        }
        Some(Looked {
            cells: self.cells.len(),
            compared,
            counted,
        })
    }

    /// Where the selected agent's rule looked for neighbours in the last
    /// tick (crowd scenes).
    pub fn looked(&self) -> Option<Looked> {
        self.looked
    }

    /// Agent `i`'s mind as it decided this tick, before the move.
    fn mind_of(&self, i: usize) -> Mind {
        let crowd = &self.crowd;
        let params = self.setup.params.as_ref();
        let knobs = (params.knobs().iter()).filter_map(|k| Some((k.name, params.get(k.name)?)));
        Mind::new(
            self.tick,
            (
                crowd.positions()[i],
                crowd.velocities()[i],
                crowd.masses()[i],
            ),
            self.limits[i],
            self.steering[i],
            (&self.overlay, crowd.id(i)),
            knobs,
        )
    }

    /// What moved the selected agent in the last tick (none before a
    /// tick has run with it selected).
    pub fn mind(&self) -> Option<&Mind> {
        self.mind.as_ref()
    }

    /// Gives the scene changed live knobs: its own parameters, or an error.
    pub fn retune(&mut self, params: &dyn Params) -> Result<(), WrongScene> {
        self.scene.retune(params)?;
        self.setup.params = params.clone_box();
        Ok(())
    }

    pub fn decl(&self) -> &'static SceneDecl {
        self.decl
    }
    pub fn setup(&self) -> &Setup {
        &self.setup
    }
    pub fn crowd(&self) -> &Crowd {
        &self.crowd
    }
    /// Where each agent stood before the last tick (teleports included
    /// in the jump): draw between these and [`Crowd::positions`].
    pub fn previous_positions(&self) -> &[Vec2] {
        &self.previous
    }
    pub fn looks(&self) -> &[Look] {
        &self.looks
    }
    /// Ticks run since the start.
    pub fn tick(&self) -> u64 {
        self.tick
    }
    /// The world size, in px.
    pub fn stage(&self) -> Vec2 {
        self.stage
    }
    pub fn stats(&self) -> &Stats {
        &self.stats
    }
    /// The forces recorded during the last tick.
    pub fn overlay(&self) -> &Overlay {
        &self.overlay
    }
    /// Turns force recording on or off (off costs nothing).
    pub fn set_recording(&mut self, on: bool) {
        self.recording = on;
    }
    /// Agents whose forces the overlay records.
    pub fn overlay_max_agents(&self) -> usize {
        self.settings.max_agents
    }
    pub fn metrics(&self) -> Vec<(&'static str, Metric, Sampling)> {
        self.scene.metrics(&self.crowd, self.tick)
    }
    /// Picks an agent to follow, by id: its shapes are recorded every
    /// tick, the overlay on or off. An id beyond the crowd clears the
    /// selection.
    pub fn select(&mut self, id: Option<usize>) {
        self.selected = id.filter(|&id| id < self.crowd.len());
        self.mind = None;
    }
    /// The id of the agent picked.
    pub fn selected(&self) -> Option<usize> {
        self.selected
    }
    /// Where the agent picked is in the crowd now.
    pub fn selected_index(&self) -> Option<usize> {
        self.selected.and_then(|id| self.crowd.index_of(id))
    }
    /// What the agent with id `id` is thinking, as of the last tick: label
    /// and value lines (empty for an agent that is not there).
    pub fn inspect(&self, id: usize) -> Vec<(&'static str, Reading)> {
        let Some(i) = self.crowd.index_of(id) else {
            return Vec::new();
        };
        let mut lines = self.scene.inspect(i, &self.crowd);
        if let Some(l) = self.looked.filter(|_| self.selected == Some(id)) {
            let counted = match l.cells {
                0 => reads(COUNTED_ALL),
                n => reads(COUNTED_CELLS).with("n", n),
            };
            let counted = counted
                .with("counted", l.counted)
                .with("compared", l.compared);
            lines.push((COUNTED, counted));
        }
        lines
    }
    /// The lesson's headline figure(s) for the last tick.
    pub fn headline(&self) -> Figures {
        self.scene.headline(&self.crowd)
    }
    /// The headline figures of the last [`HISTORY_TICKS`] ticks, one
    /// window series each, named as [`Runner::headline`] names them
    /// (`series.last(n)`: the last n ticks, oldest first).
    pub fn history(&self) -> &[(&'static str, Series)] {
        &self.history
    }
    /// The headline figures of the last `n` ticks (fewer at the start;
    /// at most [`HISTORY_TICKS`]), oldest first, one list per series.
    pub fn recent_headline(&self, n: usize) -> Vec<(&'static str, Vec<f64>)> {
        self.history
            .iter()
            .map(|(name, series)| (*name, series.last(n).iter().map(|&v| v.into()).collect()))
            .collect()
    }
    /// Always-drawn geometry, into `out`.
    pub fn scenery(&self, input: &Input, out: &mut Overlay) {
        self.scene.scenery(input, out);
    }
    pub fn agent_radius(&self) -> f32 {
        self.scene.agent_radius()
    }
    pub fn fade_alpha(&self) -> f32 {
        self.scene.fade_alpha()
    }
    /// The headings agents are drawn with: their velocities, unless the
    /// scene smooths them.
    pub fn headings(&self) -> &[Vec2] {
        match self.scene.headings() {
            Some(h) if h.len() == self.crowd.len() => h,
            _ => self.crowd.velocities(),
        }
    }
    /// Puts agent `id` at `at` now, its velocity kept (a person drags it);
    /// drawn there at once, not slid there.
    pub fn place(&mut self, id: usize, at: Vec2) {
        if let Some(i) = self.crowd.index_of(id) {
            self.crowd.teleport(i, at);
            if let Some(p) = self.previous.get_mut(i) {
                *p = at;
            }
        }
    }

    /// The lesson card of the running variant.
    pub fn card(&self) -> Card {
        self.scene.card()
    }

    /// The card of the rule agent `id` follows: its role's where that is
    /// another than the lesson's (with the look it is drawn with), else
    /// the lesson's card.
    pub fn card_of(&self, id: Option<usize>) -> (Card, Option<Look>) {
        let look = (id.and_then(|id| self.crowd.index_of(id))).and_then(|i| self.looks.get(i));
        match look.and_then(|&look| Some((self.scene.role_card(look)?, look))) {
            Some((card, look)) => (card, Some(look)),
            None => (self.scene.card(), None),
        }
    }

    /// The props a person may edit (obstacles, path nodes), as the
    /// scene's parameters hold them.
    pub fn props(&self) -> Option<Props> {
        self.setup.params.props()
    }
}

/// An empty history for each named figure.
fn window_per_series(values: &[(&'static str, f64)]) -> Vec<(&'static str, Series)> {
    values
        .iter()
        .map(|&(name, _)| (name, Series::window(HISTORY_TICKS)))
        .collect()
}
