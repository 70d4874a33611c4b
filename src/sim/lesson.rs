//! What a scene is: a [`Lesson`] declares its name, parameters, variants and
//! how it steers; the runner owns the crowd, the clock, the figures and the
//! overlay, and hands a scene only what each phase of a tick needs.

use super::crowd::{Crowd, Look, Metric, Sampling};
use super::entry::WrongScene;
pub use super::figures::Figures;
use super::knobs::{Field, Knob, Tunable};
use super::mind::Card;
use super::pointer::PointerMode;
use super::sample::OverlaySample;
use super::starts::Starts;
use crate::overlay::Overlay;
use crate::steer::neighbors::{NeighborMode, Neighbors};
use crate::steer::{Limits, Steering};
use glam::Vec2;

/// What the outside world tells a scene each tick.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Input {
    /// The mouse (or scripted pointer), in world coordinates.
    pub pointer: Vec2,
}

/// The steps of a lesson, as a typed enum (made by [`variants!`](crate::variants)).
pub trait Variant: Copy + Eq + std::fmt::Debug + Send + Sync + 'static {
    /// Every variant, in the order V cycles through them.
    const ALL: &'static [Self];
    /// Their kebab-case names, as written in demos.toml, in the same order.
    const NAMES: &'static [&'static str];
    /// One sentence each: the lesson it teaches, in the same order.
    const LESSONS: &'static [&'static str];
}

/// Declares a lesson's variants: `Name = "kebab-name": "The lesson.",`.
#[macro_export]
macro_rules! variants {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( $(#[doc = $doc:literal])* $v:ident = $s:literal : $lesson:literal, )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
        pub enum $name { $( $(#[doc = $doc])* $v, )* }

        impl $crate::sim::lesson::Variant for $name {
            const ALL: &'static [Self] = &[ $( Self::$v, )* ];
            const NAMES: &'static [&'static str] = &[ $( $s, )* ];
            const LESSONS: &'static [&'static str] = &[ $( $lesson, )* ];
        }
    };
}

/// How to start a scene: seed, crowd, variant, neighbour search, parameters.
#[derive(Debug, Clone)]
pub struct Setup {
    pub seed: u64,
    pub agents: usize,
    /// Index into the scene's variants (checked when it was chosen by name).
    pub variant: usize,
    pub neighbors: NeighborMode,
    pub params: Box<dyn super::knobs::Params>,
    /// Agents a person placed, added or removed ([`Starts`]).
    pub starts: Starts,
}

/// What a scene is called and starts with, besides its parameters.
#[derive(Debug, Clone, Copy)]
pub struct Defaults {
    /// Short name: `--scene NAME`, the demos.toml table.
    pub name: &'static str,
    /// The lesson's title, as the HUD and the README show it.
    pub title: &'static str,
    pub seed: u64,
    /// The agent count: default, range, and the step of `[` and `]`.
    pub agents: Knob,
    /// Index of the variant shown first.
    pub variant: usize,
    /// Ticks per second in the window, when the lesson has its own pace
    /// (the original queue demo ran at 30); otherwise the app's `tick_hz`.
    pub tick_hz: Option<f32>,
    /// What the headless pointer does.
    pub pointer: PointerMode,
    /// The variant the split view (C) shows beside the first, if not the next one.
    pub compare: Option<usize>,
}

/// The spawning phase: a scene places its agents.
pub struct Spawn<'a> {
    pub stage: Vec2,
    pub(crate) crowd: &'a mut Crowd,
    pub(crate) looks: &'a mut Vec<Look>,
    /// Where a person put agents, by spawn number: these replace the
    /// scene's own positions.
    pub(crate) starts: &'a Starts,
}

impl Spawn<'_> {
    /// Adds an agent, drawn with `look`, at `position` (or where a person
    /// put it: [`Setup::starts`]).
    pub fn agent(&mut self, position: Vec2, velocity: Vec2, mass: f32, look: Look) {
        let number = u32::try_from(self.crowd.len()).unwrap_or(u32::MAX);
        let position = self.starts.get(number).unwrap_or(position);
        self.crowd.push(position, velocity, mass);
        self.looks.push(look);
    }

    /// The agents placed so far.
    pub fn crowd(&self) -> &Crowd {
        self.crowd
    }
}

/// The deciding phase: read the crowd as it stands, write one steering and
/// one set of limits per agent, record the overlay.
pub struct Steer<'a> {
    pub crowd: &'a Crowd,
    pub stage: Vec2,
    /// Ticks run so far.
    pub tick: u64,
    pub steering: &'a mut [Steering],
    pub limits: &'a mut [Limits],
    pub looks: &'a mut [Look],
    /// Cleared before every tick; fill it through [`Steer::record`] (an
    /// agent's shapes) and [`Steer::record_scene`] (scene-wide ones).
    pub overlay: &'a mut Overlay,
    /// The overlay is on: a sample of `overlay_max_agents` agents is recorded.
    pub recording: bool,
    /// The index of the agent a person picked: recorded every tick,
    /// overlay on or off.
    pub selected: Option<usize>,
    /// Overlay: px drawn per px/tick of a vector.
    pub vector_scale: f32,
    pub(crate) overlay_max_agents: usize,
}

impl<'a> Steer<'a> {
    /// Whether the overlay records agent `i`: one of its sample of
    /// `overlay_max_agents` ([`OverlaySample`]) while recording, or the
    /// selected agent.
    pub fn records(&self, i: usize) -> bool {
        let id = self.crowd.id(i);
        (self.recording && self.sample().contains(id)) || self.selected == Some(i)
    }

    fn sample(&self) -> OverlaySample {
        OverlaySample::new(self.crowd.len(), self.overlay_max_agents)
    }

    /// The overlay, its next shapes tagged as agent `i`'s, when agent `i`
    /// is recorded ([`Steer::records`]).
    pub fn record(&mut self, i: usize) -> Option<&mut Overlay> {
        if !self.records(i) {
            return None;
        }
        self.overlay.set_agent(u32::try_from(self.crowd.id(i)).ok());
        Some(&mut *self.overlay)
    }

    /// The overlay, its next shapes tagged as no agent's, while recording.
    pub fn record_scene(&mut self) -> Option<&mut Overlay> {
        if !self.recording {
            return None;
        }
        self.overlay.set_agent(None);
        Some(&mut *self.overlay)
    }

    /// The agents recorded among the first `len`, without visiting the
    /// others (for scenes of many agents): the sample while recording,
    /// then the selected agent if it is not in it.
    pub fn recorded(&self, len: usize) -> impl Iterator<Item = usize> + use<'a> {
        let sample = self.sample();
        let sampled = self
            .recording
            .then_some(sample)
            .into_iter()
            .flat_map(OverlaySample::iter);
        let crowd = self.crowd;
        let sampled = sampled.filter_map(move |id| crowd.index_of(id));
        let selected = self
            .selected
            .filter(|&s| !(self.recording && sample.contains(crowd.id(s))));
        sampled.chain(selected).filter(move |&i| i < len)
    }

    /// Sets agent `i`'s steering force and limits.
    pub fn set(&mut self, i: usize, force: Vec2, limits: Limits) {
        self.steering[i] = Steering::force(force);
        self.limits[i] = limits;
    }
}

/// The phase after the move: bookkeeping, and respawns through [`Settle::teleport`].
pub struct Settle<'a> {
    pub(crate) crowd: &'a mut Crowd,
    pub stage: Vec2,
    /// Ticks run, this one included.
    pub tick: u64,
}

impl Settle<'_> {
    pub fn crowd(&self) -> &Crowd {
        self.crowd
    }

    /// Respawns agent `i` at `to` (its velocity kept).
    pub fn teleport(&mut self, i: usize, to: Vec2) {
        self.crowd.teleport(i, to);
    }
}

impl Defaults {
    /// Lesson `name` (`--scene NAME`) with its `title`, and its start:
    /// `seed`, the agent-count knob, the first variant; the app's tick
    /// rate, the scripted pointer.
    pub const fn new(
        name: &'static str,
        title: &'static str,
        seed: u64,
        agents: Knob,
        variant: usize,
    ) -> Self {
        Self {
            name,
            title,
            seed,
            agents,
            variant,
            tick_hz: None,
            pointer: PointerMode::Lissajous,
            compare: None,
        }
    }

    /// The lesson's own pace, in ticks per second.
    pub const fn tick_hz(self, hz: f32) -> Self {
        Self {
            tick_hz: Some(hz),
            ..self
        }
    }

    /// What the headless pointer does.
    pub const fn pointer(self, pointer: PointerMode) -> Self {
        Self { pointer, ..self }
    }

    /// The variant the split view shows beside the first.
    pub const fn compare(self, variant: usize) -> Self {
        Self {
            compare: Some(variant),
            ..self
        }
    }
}

/// A lesson: one file under `src/scenes/` and one row in the registry.
///
/// Eight items are required: who it is and how it starts
/// ([`Lesson::DEFAULTS`]), its parameters and variants (made by `params!`
/// and `variants!`), how it places its agents ([`Lesson::new`]), its
/// lesson card ([`Lesson::card`]), how they
/// steer ([`Lesson::steer`]), its headline figure ([`Lesson::headline`])
/// and how it takes a turned knob ([`Lesson::retune`]). The rest have
/// defaults a scene overrides when it has something to say: figures for
/// the headless report, a readout, scenery, obstacles a person may edit,
/// a size, a sort order.
pub trait Lesson: Send + Sized + Clone + 'static {
    /// Its name, title and start.
    const DEFAULTS: Defaults;
    /// The knob + and - turn, if any: a field of the parameters.
    const PRIMARY: Option<Field<Self::Params>> = None;
    /// Who is who, for the role legend: each look its agents are drawn
    /// with and what they are in this lesson (none where all are alike).
    const ROLES: &'static [(Look, &'static str)] = &[];
    type Params: Tunable + Default + serde::de::DeserializeOwned + serde::Serialize;
    type Variant: Variant;

    /// Places the agents and sets up the scene's own state.
    fn new(params: &Self::Params, variant: Self::Variant, setup: &Setup, spawn: &mut Spawn)
    -> Self;
    /// The lesson card of `variant`: the idea, and the formula the
    /// selected agent's numbers are plugged into.
    fn card(variant: Self::Variant) -> Card;
    /// Decides every agent's steering for this tick.
    fn steer(&mut self, ctx: &mut Steer, input: &Input);
    /// After the move: figures and respawns.
    fn settle(&mut self, _ctx: &mut Settle) {}
    /// Scene-specific figures, by name, each with how it is found.
    fn metrics(&self, _crowd: &Crowd, _tick: u64) -> Vec<(&'static str, Metric, Sampling)> {
        Vec::new()
    }
    /// The lesson's headline figure for the tick just run, as one or two
    /// named series (the same names every tick), for a live chart. Finite.
    fn headline(&self, crowd: &Crowd) -> Figures;
    /// What agent `i` is thinking, as of the tick just run: label and
    /// value lines for a readout (empty: nothing to say).
    fn inspect(&self, _i: usize, _crowd: &Crowd) -> Vec<(&'static str, String)> {
        Vec::new()
    }
    /// Always-drawn geometry: walls, the path, the target.
    fn scenery(&self, _input: &Input, _out: &mut Overlay) {}
    /// Takes changed live knobs.
    fn retune(&mut self, params: &Self::Params);
    /// Radius of an agent as drawn, in px.
    fn agent_radius(&self) -> f32 {
        AGENT_RADIUS
    }
    /// Opacity of a [`Look::Faded`] agent.
    fn fade_alpha(&self) -> f32 {
        1.0
    }
    /// The headings agents are drawn with, one per agent, when they are
    /// not their velocities (a smoothed heading); never read by the rules.
    fn headings(&self) -> Option<&[Vec2]> {
        None
    }
    /// Where agent `i`'s rule looked for neighbours in the tick just
    /// decided (crowd scenes), for the overlay of the selected agent.
    fn neighbourhood(&self, _i: usize, _crowd: &Crowd) -> Option<Neighbourhood<'_>> {
        None
    }
    /// The looks of the agents the agent count counts (who `[` and `]`, and
    /// adding and removing agents, add and remove): the crowd, not its
    /// leader, target or hunter.
    const CROWD: &'static [Look] = &[Look::Plain];
    /// The cell size, in px, by which the runner keeps the crowd in cell
    /// order ([`super::cells`]: row by row, so the scene's grid goes by
    /// rows too), or `None` to keep the spawn's order. A
    /// scene that asks for it must come out the same in any order: exact
    /// sums over neighbours, figures summed exactly, nothing kept by index
    /// from one tick to the next, every agent's steering and limits set
    /// every tick (a sort clears them).
    fn cell_order(&self) -> Option<f32> {
        None
    }
}

/// Where an agent's rule looked for neighbours in the tick just decided
/// ([`Lesson::neighbourhood`]): the circle it counted them in, the box its
/// query scanned, and the index it asked.
pub struct Neighbourhood<'a> {
    pub center: Vec2,
    pub radius: f32,
    /// The box the query scanned (the circle's, unless the rule looks
    /// from more than one point).
    pub scan: (Vec2, Vec2),
    pub index: &'a Neighbors,
}

impl<'a> Neighbourhood<'a> {
    /// Neighbours within `radius` of `center`, found in `index`.
    pub fn around(center: Vec2, radius: f32, index: &'a Neighbors) -> Self {
        Self {
            center,
            radius,
            scan: (center - radius, center + radius),
            index,
        }
    }
}

/// Radius of an agent as drawn, for scenes where agents have no size of their own.
pub const AGENT_RADIUS: f32 = 8.0;

/// A running lesson, whatever its type: what the runner holds.
pub trait Scene: Send {
    /// A copy of the scene as it stands (a snapshot for rewinding).
    fn clone_box(&self) -> Box<dyn Scene>;
    fn steer(&mut self, ctx: &mut Steer, input: &Input);
    fn settle(&mut self, ctx: &mut Settle);
    fn metrics(&self, crowd: &Crowd, tick: u64) -> Vec<(&'static str, Metric, Sampling)>;
    fn headline(&self, crowd: &Crowd) -> Figures;
    fn inspect(&self, i: usize, crowd: &Crowd) -> Vec<(&'static str, String)>;
    fn scenery(&self, input: &Input, out: &mut Overlay);
    /// Takes changed live knobs; another scene's parameters are refused.
    fn retune(&mut self, params: &dyn super::knobs::Params) -> Result<(), WrongScene>;
    fn agent_radius(&self) -> f32;
    fn fade_alpha(&self) -> f32;
    fn headings(&self) -> Option<&[Vec2]>;
    fn neighbourhood(&self, i: usize, crowd: &Crowd) -> Option<Neighbourhood<'_>>;
    fn cell_order(&self) -> Option<f32>;
}

impl Clone for Box<dyn Scene> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

impl<L: Lesson> Scene for L {
    fn clone_box(&self) -> Box<dyn Scene> {
        Box::new(self.clone())
    }
    fn steer(&mut self, ctx: &mut Steer, input: &Input) {
        Lesson::steer(self, ctx, input);
    }
    fn settle(&mut self, ctx: &mut Settle) {
        Lesson::settle(self, ctx);
    }
    fn metrics(&self, crowd: &Crowd, tick: u64) -> Vec<(&'static str, Metric, Sampling)> {
        Lesson::metrics(self, crowd, tick)
    }
    fn headline(&self, crowd: &Crowd) -> Figures {
        Lesson::headline(self, crowd)
    }
    fn inspect(&self, i: usize, crowd: &Crowd) -> Vec<(&'static str, String)> {
        Lesson::inspect(self, i, crowd)
    }
    fn scenery(&self, input: &Input, out: &mut Overlay) {
        Lesson::scenery(self, input, out);
    }
    fn retune(&mut self, params: &dyn super::knobs::Params) -> Result<(), WrongScene> {
        Lesson::retune(self, super::entry::typed::<L>(params)?);
        Ok(())
    }
    fn agent_radius(&self) -> f32 {
        Lesson::agent_radius(self)
    }
    fn fade_alpha(&self) -> f32 {
        Lesson::fade_alpha(self)
    }
    fn headings(&self) -> Option<&[Vec2]> {
        Lesson::headings(self)
    }
    fn neighbourhood(&self, i: usize, crowd: &Crowd) -> Option<Neighbourhood<'_>> {
        Lesson::neighbourhood(self, i, crowd)
    }
    fn cell_order(&self) -> Option<f32> {
        Lesson::cell_order(self)
    }
}
