//! The runner: owns a scene's crowd, clock, figures and overlay, and steps
//! it one fixed tick at a time: the scene steers, the runner moves every
//! agent through the one movement manager, the scene settles.

use super::cells::{self, CellOrder};
use super::crowd::{Crowd, Look, Metric, Sampling, Stats};
use super::knobs::Params;
use super::lesson::{Figures, Input, Scene, Settle, Setup, Spawn, Steer};
use super::series::Series;
use crate::overlay::Overlay;
use crate::scenes::registry::Entry;
use crate::steer::avoid::Obstacle;
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

/// A running scene and everything it shares with the rest of the program.
pub struct Runner {
    entry: &'static Entry,
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
}

impl Runner {
    /// Starts `entry` on a `stage`-sized world (a scene may grow it).
    pub fn new(
        entry: &'static Entry,
        stage: Vec2,
        setup: &Setup,
        settings: OverlaySettings,
    ) -> Self {
        let (mut crowd, mut looks) = (Crowd::default(), Vec::new());
        let mut spawn = Spawn {
            stage,
            crowd: &mut crowd,
            looks: &mut looks,
        };
        let scene = (entry.build)(setup, &mut spawn);
        let stage = spawn.stage;
        let n = crowd.len();
        let history = window_per_series(&scene.headline(&crowd));
        Self {
            entry,
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
        }
    }

    /// One fixed tick.
    pub fn step(&mut self, input: &Input) {
        self.overlay.clear();
        // Not on the web: its crowds are small, and its download tight.
        if let (Some(cell), Some(order)) = (self.scene.cell_order(), &mut self.cell_order)
            && self.tick.is_multiple_of(cells::EVERY)
            && cfg!(not(target_arch = "wasm32"))
        {
            order.sort(cell, &mut self.crowd, &mut self.looks);
            self.steering.fill(Steering::default());
            self.limits.fill(STANDING);
        }
        let selected = self.selected_index();
        let mut steer = Steer {
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

    /// Gives the scene changed live knobs.
    pub fn retune(&mut self, params: &dyn Params) {
        self.setup.params = params.clone_box();
        self.scene.retune(params);
    }

    pub fn entry(&self) -> &'static Entry {
        self.entry
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
    pub fn inspect(&self, id: usize) -> Vec<(&'static str, String)> {
        match self.crowd.index_of(id) {
            Some(i) => self.scene.inspect(i, &self.crowd),
            None => Vec::new(),
        }
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
    /// The obstacles a person may edit, in scenes that have them.
    pub fn obstacles(&self) -> Option<&[Obstacle]> {
        self.scene.obstacles()
    }
    /// The same, to edit.
    pub fn obstacles_mut(&mut self) -> Option<&mut Vec<Obstacle>> {
        self.scene.obstacles_mut()
    }
    /// Radius of an obstacle added at the pointer.
    pub fn new_obstacle_radius(&self) -> f32 {
        self.scene.new_obstacle_radius()
    }
}

/// An empty history for each named figure.
fn window_per_series(values: &[(&'static str, f64)]) -> Vec<(&'static str, Series)> {
    values
        .iter()
        .map(|&(name, _)| (name, Series::window(HISTORY_TICKS)))
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::config::Config;
    use crate::overlay::{Geom, Meaning};
    use crate::scenes::registry::SCENES;
    use crate::sim::sample::OverlaySample;
    use crate::sim::testing::scene_with;

    #[test]
    fn the_selected_agent_is_recorded_with_the_overlay_off_and_beyond_the_sample() {
        let mut run = scene_with("doorway", "v4", Some(1000));
        assert!(run.scene.overlay_max_agents() < 900);
        run.scene.select(Some(900));
        run.steps(5);
        assert_eq!(
            run.scene.selected(),
            Some(900),
            "the selection survives ticks"
        );
        let shapes = &run.scene.overlay().shapes;
        assert!(
            !shapes.is_empty(),
            "the overlay is off, agent 900 is recorded"
        );
        assert!(shapes.iter().all(|s| s.agent == Some(900)));
        assert!(shapes.iter().any(|s| s.meaning == Meaning::Velocity));

        run.scene.set_recording(true);
        run.steps(1);
        let overlay = run.scene.overlay();
        let max = run.scene.overlay_max_agents();
        let sample = OverlaySample::new(1000, max);
        assert!(overlay.of_agent(900).count() > 0);
        let recorded = (0..1000).filter(|&i| overlay.of_agent(i).count() > 0);
        let expected = (0..1000).filter(|&i| i == 900 || sample.contains(i));
        assert!(recorded.eq(expected), "the sample and the selected agent");
        let last = sample.iter().last().unwrap();
        assert!(last > 990, "spread to the end: {last}");
        assert!(overlay.of_agent(last).count() > 0);
        assert_eq!(overlay.of_agent(1).count(), 0, "not every one");

        run.scene.select(Some(5000));
        assert_eq!(run.scene.selected(), None, "out of range clears it");
    }

    #[test]
    fn a_crowd_kept_in_cell_order_runs_as_one_kept_in_spawn_order() {
        for (scene, variant) in [("flock", "flock"), ("leader", "follow")] {
            let mut sorted = scene_with(scene, variant, Some(3000));
            let mut spawned = scene_with(scene, variant, Some(3000));
            spawned.scene.cell_order = None;
            // An agent from the middle of the numbering.
            let picked = 1234;
            sorted.scene.select(Some(picked));
            spawned.scene.select(Some(picked));
            let (a, b) = (sorted.steps(400), spawned.steps(400));
            let ids = |run: &crate::sim::testing::Run| {
                let crowd = run.scene.crowd();
                (0..crowd.len()).filter(|&i| crowd.id(i) != i).count()
            };
            let moved = ids(&sorted);
            assert!(moved > 1000, "{scene}: sorted, {moved} agents moved");
            assert_eq!(ids(&spawned), 0, "{scene}: in spawn order");
            // Bit for bit the same run, figure for figure.
            assert_eq!(a.checksum, b.checksum, "{scene}");
            assert_eq!(format!("{:?}", a.metrics), format!("{:?}", b.metrics));
            assert_eq!(sorted.scene.headline(), spawned.scene.headline());
            // The agent picked is followed by id, wherever it is kept.
            let (i, j) = (
                sorted.scene.selected_index(),
                spawned.scene.selected_index(),
            );
            let (i, j) = (i.expect("still there"), j.expect("still there"));
            assert_ne!(i, j, "{scene}: kept elsewhere");
            let crowds = (sorted.scene.crowd(), spawned.scene.crowd());
            assert_eq!(crowds.0.positions()[i], crowds.1.positions()[j]);
            assert_eq!(sorted.scene.inspect(picked), spawned.scene.inspect(picked));
            let shapes = |run: &crate::sim::testing::Run| {
                let shapes = &run.scene.overlay().shapes;
                assert!(shapes.iter().all(|s| s.agent == Some(picked as u32)));
                format!("{shapes:?}")
            };
            assert_eq!(shapes(&sorted), shapes(&spawned), "{scene}: its forces");
        }
    }

    #[test]
    fn every_scene_explains_its_agents_and_charts_finite_headlines() {
        let config = Config::embedded();
        for entry in &SCENES {
            assert!(config.scene(entry.name).is_some(), "{}", entry.name);
            for variant in entry.variants {
                let mut run = scene_with(entry.name, variant, None);
                run.steps(100);
                let at = format!("{} {variant}", entry.name);
                assert!(!run.scene.inspect(0).is_empty(), "{at}: inspect(0)");
                let headline = run.scene.headline();
                assert!((1..=2).contains(&headline.len()), "{at}: {headline:?}");
                assert!(headline.iter().all(|(_, v)| v.is_finite()), "{at}");
                let history = run.scene.history();
                assert_eq!(history.len(), headline.len(), "{at}");
                for ((name, series), (named, value)) in history.iter().zip(&headline) {
                    assert_eq!(name, named, "{at}");
                    assert_eq!(series.len(), 100, "{at}: one sample a tick");
                    assert_eq!(series.latest(), Some(*value as f32), "{at}");
                }
                let recent = run.scene.recent_headline(30);
                assert!(recent.iter().all(|(_, values)| values.len() == 30), "{at}");
            }
        }
    }

    #[test]
    fn recording_and_selection_never_change_the_simulation() {
        for entry in &SCENES {
            let mut plain = scene_with(entry.name, entry.variants[0], None);
            let mut watched = scene_with(entry.name, entry.variants[0], None);
            watched.scene.set_recording(true);
            watched.scene.select(Some(watched.scene.crowd().len() - 1));
            plain.steps(100);
            watched.steps(100);
            assert_eq!(
                plain.scene.crowd().checksum(),
                watched.scene.crowd().checksum(),
                "{}",
                entry.name
            );
        }
    }

    #[test]
    fn recorded_arrows_carry_the_raw_vector_lengths() {
        // Seek draws its velocity to scale, the doorway as a unit direction.
        for (scene, variant) in [("seek", "seek"), ("doorway", "v4")] {
            let mut run = scene_with(scene, variant, None);
            run.steps(50);
            run.scene.select(Some(0));
            let speed = run.scene.crowd().velocities()[0].length();
            assert!(speed > 0.0, "{scene}");
            run.steps(1);
            let velocity = run
                .scene
                .overlay()
                .of_agent(0)
                .find(|s| s.meaning == Meaning::Velocity)
                .expect("the selected agent's velocity");
            assert!(matches!(velocity.geom, Geom::Arrow { .. }));
            assert_eq!(velocity.magnitude, speed, "{scene}");
            let mut others = (run.scene.overlay().shapes.iter())
                .filter(|s| !matches!(s.geom, Geom::Arrow { .. }));
            assert!(others.all(|s| s.magnitude == 0.0), "{scene}");
        }
    }
}
