//! What a running scene is: the [`Scene`] trait (how it steers, its
//! headline figure, how it takes a turned knob, its lesson card, and what
//! only some scenes say), and the phases of a tick it is handed. Its
//! static description is data, a [`SceneDecl`](super::decl::SceneDecl);
//! the runner owns the crowd, the clock, the figures and the overlay, and
//! hands a scene only what each phase of a tick needs.

use super::crowd::{Crowd, Look, Metric, Sampling};
pub use super::figures::Figures;
use super::knobs::Params;
use super::mind::Card;
use super::reading::Reading;
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

/// The variants of a scene, as a typed enum (made by [`variants!`](crate::variants)).
pub trait Variant: Copy + Eq + std::fmt::Debug + Send + Sync + 'static {
    /// Every variant, in the order V cycles through them.
    const ALL: &'static [Self];
    /// Their kebab-case names, as written in demos.toml, in the same order.
    const NAMES: &'static [&'static str];
    /// One sentence each: the lesson it teaches, in the same order.
    const LESSONS: &'static [&'static str];
}

/// Declares a scene's variants: `Name = "kebab-name": "The lesson.",`.
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

        impl $crate::sim::scene::Variant for $name {
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

    /// Room for `agents` more agents: a scene about to add a crowd says so.
    pub fn reserve(&mut self, agents: usize) {
        self.crowd.reserve(agents);
        self.looks.reserve_exact(agents);
    }

    /// The agents placed so far.
    pub fn crowd(&self) -> &Crowd {
        self.crowd
    }
}

/// The deciding phase: read the crowd as it stands, write one steering and
/// one set of limits per agent, record the overlay.
pub struct Decide<'a> {
    pub crowd: &'a Crowd,
    pub stage: Vec2,
    /// Ticks run so far.
    pub tick: u64,
    pub steering: &'a mut [Steering],
    pub limits: &'a mut [Limits],
    pub looks: &'a mut [Look],
    /// Cleared before every tick; fill it through [`Decide::record`] (an
    /// agent's shapes) and [`Decide::record_scene`] (scene-wide ones).
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

impl<'a> Decide<'a> {
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
    /// is recorded ([`Decide::records`]).
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

/// A running scene: one file under `src/scenes/`, declared by a
/// [`SceneDecl`](super::decl::SceneDecl) and started by its
/// [`Build`](super::decl::Build).
///
/// Four items are required: how its agents steer ([`Scene::steer`]), its
/// headline figure ([`Scene::headline`]), how it takes a turned knob
/// ([`Scene::retune`]) and its lesson card ([`Scene::card`]). The rest
/// have defaults a scene overrides when it has something to say: after the
/// move ([`Scene::settle`]), figures for the headless report, a readout,
/// scenery, drawing hints, the neighbourhood view, a sort order.
pub trait Scene: Send + CloneScene {
    /// Decides every agent's steering for this tick.
    fn steer(&mut self, ctx: &mut Decide, input: &Input);
    /// The lesson's headline figure for the tick just run, as one or two
    /// named series (the same names every tick), for a live chart. Finite.
    fn headline(&self, crowd: &Crowd) -> Figures;
    /// Takes changed live knobs; another scene's parameters are refused
    /// (read them with [`SceneDecl::typed`](super::decl::SceneDecl::typed)).
    fn retune(&mut self, params: &dyn Params) -> Result<(), WrongScene>;
    /// The lesson card of the running variant: the idea, and the formula
    /// the selected agent's numbers are plugged into.
    fn card(&self) -> Card;
    /// The card of the rule agents drawn with `look` follow, where it is
    /// not the lesson's (a leader, the wandering pair, the chased target):
    /// a learner who selects one reads what moves it. `None`: the lesson's.
    fn role_card(&self, _look: Look) -> Option<Card> {
        None
    }

    /// After the move: figures and respawns.
    fn settle(&mut self, _ctx: &mut Settle) {}
    /// Scene-specific figures, by name, each with how it is found.
    fn metrics(&self, _crowd: &Crowd, _tick: u64) -> Vec<(&'static str, Metric, Sampling)> {
        Vec::new()
    }
    /// What agent `i` is thinking, as of the tick just run: label and
    /// value lines for a readout (empty: nothing to say).
    fn inspect(&self, _i: usize, _crowd: &Crowd) -> Vec<(&'static str, Reading)> {
        Vec::new()
    }
    /// Always-drawn geometry: walls, the path, the target.
    fn scenery(&self, _input: &Input, _out: &mut Overlay) {}
    /// Drawing hint: the radius of an agent as drawn, in px.
    fn agent_radius(&self) -> f32 {
        AGENT_RADIUS
    }
    /// Drawing hint: the opacity of a [`Look::Faded`] agent.
    fn fade_alpha(&self) -> f32 {
        1.0
    }
    /// Drawing hint: the headings agents are drawn with, one per agent,
    /// when they are not their velocities (a smoothed heading); never read
    /// by the rules.
    fn headings(&self) -> Option<&[Vec2]> {
        None
    }
    /// Where agent `i`'s rule looked for neighbours in the tick just
    /// decided (crowd scenes), for the overlay of the selected agent.
    fn neighborhood(&self, _i: usize, _crowd: &Crowd) -> Option<Neighborhood<'_>> {
        None
    }
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

/// A copy of a running scene as it stands (a snapshot for rewinding):
/// every [`Scene`] that is `Clone` has it.
pub trait CloneScene {
    fn clone_box(&self) -> Box<dyn Scene>;
}

impl<S: Scene + Clone + 'static> CloneScene for S {
    fn clone_box(&self) -> Box<dyn Scene> {
        Box::new(self.clone())
    }
}

impl Clone for Box<dyn Scene> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// Parameters or a variant that belong to another scene than the one
/// they were given to: an error of the program, never of its input (a
/// scene's parameters are made by its own declaration), refused rather
/// than replaced by defaults.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WrongScene {
    pub scene: &'static str,
    pub what: &'static str,
}

impl std::fmt::Display for WrongScene {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "scene `{}` was given another scene's {}",
            self.scene, self.what
        )
    }
}

/// Where an agent's rule looked for neighbours in the tick just decided
/// ([`Scene::neighborhood`]): the circle it counted them in, the box its
/// query scanned, and the index it asked.
pub struct Neighborhood<'a> {
    pub center: Vec2,
    pub radius: f32,
    /// The box the query scanned (the circle's, unless the rule looks
    /// from more than one point).
    pub scan: (Vec2, Vec2),
    pub index: &'a Neighbors,
}

impl<'a> Neighborhood<'a> {
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
