//! A scene's static description, as data: what the runner, the config,
//! the command line and the window know of a scene without naming it. The
//! list of scenes itself lives with the scenes; this is the shape of its
//! rows, and [`Build`], the typed start it erases.

use super::crowd::Look;
use super::knobs::{Knob, Params, Tunable};
use super::pointer::PointerMode;
use super::scene::{Scene, Setup, Spawn, Variant, WrongScene};
use super::tour::Step;

/// A scene's declaration: who it is, how it starts, its variants, knobs
/// and roles. Each scene file has one, `pub const SCENE: SceneDecl`,
/// written as a struct whose remaining fields come from
/// [`SceneDecl::of`]; the registry lists them.
pub struct SceneDecl {
    /// Short name: `--scene NAME`, the demos.toml table.
    pub name: &'static str,
    /// The lesson's title, as the HUD and the README show it.
    pub title: &'static str,
    pub seed: u64,
    /// The agent count: default, range, and the step of `[` and `]`.
    pub agents: Knob,
    /// Variant names, in the order V cycles through them.
    pub variants: &'static [&'static str],
    /// The lesson of each variant, in the same order.
    pub lessons: &'static [&'static str],
    /// Index of the variant shown first.
    pub default_variant: usize,
    /// Ticks per second in the window, when the lesson has its own pace
    /// (the original queue demo ran at 30); otherwise the app's `tick_hz`.
    pub tick_hz: Option<f32>,
    /// What the headless pointer does.
    pub pointer: PointerMode,
    /// The variant the split view (C) shows beside the first, if not the next one.
    pub compare: Option<usize>,
    /// Who is who, for the role legend: each look its agents are drawn
    /// with and what they are in this lesson (none where all are alike).
    pub roles: &'static [(Look, &'static str)],
    /// The looks of the agents the agent count counts (who `[` and `]`, and
    /// adding and removing agents, add and remove): the crowd, not its
    /// leader, target or hunter.
    pub crowd: &'static [Look],
    /// The headline's figures as the scene gives them, each with its unit
    /// (`px`, `px/tick`, `pairs`; empty for a ratio): the chart plots
    /// figures of one unit together, on an axis that names it.
    pub series: &'static [(&'static str, &'static str)],
    /// The scene's knobs, from its parameters' declaration.
    pub knobs: &'static [Knob],
    /// The parameters that are not knobs, with their doc lines.
    pub fixed_docs: &'static [(&'static str, &'static str)],
    /// The knob + and - turn, if any (`Some(MyParams::field.knob())`).
    pub primary: Option<&'static Knob>,
    /// Knobs a variant's rule never reads, by variant name (the doorway's
    /// v0 has no separation): the panel and the footer say so rather
    /// than offer them as if they did something (a test checks each).
    pub unused: &'static [(&'static str, &'static [&'static str])],
    /// The parameters the scene declares as defaults (the tutorial's
    /// constants); see [`SceneDecl::default_params`].
    pub params: fn() -> Box<dyn Params>,
    /// Places the agents and starts the scene ([`Build::new`], erased).
    pub build: fn(&Setup, &mut Spawn) -> Started,

    /// The guided tour: three to six steps, each a sentence or two and
    /// the state it shows ([`super::tour`]).
    pub tour: &'static [Step],
}

/// How a scene of type `Self` starts: its parameters and variants, typed.
/// [`SceneDecl::of`] erases it into the declaration's two functions.
pub trait Build: Scene + Clone + 'static {
    type Params: Tunable;
    type Variant: Variant;
    /// Places the agents and sets up the scene's own state.
    fn new(params: &Self::Params, variant: Self::Variant, setup: &Setup, spawn: &mut Spawn)
    -> Self;
}

impl std::fmt::Debug for SceneDecl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SceneDecl")
            .field("name", &self.name)
            .finish()
    }
}

impl SceneDecl {
    /// The fields of scene `S`'s declaration that follow from its type
    /// (variants, knobs, how it starts), and the usual rest: the first
    /// variant, the app's tick rate, the scripted pointer, no roles, the
    /// plain agents counted. A declaration sets its name, title, seed and
    /// agent count over these (`..SceneDecl::of::<MyScene>()`).
    pub const fn of<S: Build>() -> Self {
        Self {
            name: "",
            title: "",
            seed: 0,
            agents: Knob::agents("", 1, 1, 1),
            variants: S::Variant::NAMES,
            lessons: S::Variant::LESSONS,
            default_variant: 0,
            tick_hz: None,
            pointer: PointerMode::Lissajous,
            compare: None,
            roles: &[],
            crowd: &[Look::Plain],
            series: &[],
            knobs: S::Params::KNOBS,
            fixed_docs: S::Params::FIXED,
            primary: None,
            unused: &[],
            params: default_params::<S>,
            build: build::<S>,

            tour: &[],
        }
    }

    /// Whether variant `variant` (an index) reads the knob called `knob`.
    pub fn uses(&self, variant: usize, knob: &str) -> bool {
        let name = self.variants.get(variant).copied().unwrap_or_default();
        !(self.unused.iter()).any(|(v, knobs)| *v == name && knobs.contains(&knob))
    }

    /// The parameters the scene declares as defaults (the tutorial's constants).
    pub fn default_params(&self) -> Box<dyn Params> {
        (self.params)()
    }

    /// Index of the variant called `name`, or an error listing the valid ones.
    pub fn variant(&self, name: &str) -> Result<usize, String> {
        (self.variants.iter().position(|v| *v == name)).ok_or_else(|| self.no_variant(name))
    }

    /// The same, the name in any case (`--variant V2`).
    pub fn variant_any_case(&self, name: &str) -> Result<usize, String> {
        any_case(self.variants, name).ok_or_else(|| self.no_variant(name))
    }

    fn no_variant(&self, name: &str) -> String {
        format!(
            "unknown variant {} for scene `{}`{}; valid variants: {}",
            crate::quote::quoted(name),
            self.name,
            did_you_mean(self.variants, name),
            self.variants.join(", ")
        )
    }

    /// The chart's plots for the series `names`: grouped by their
    /// declared unit (an undeclared one by none), each unit once, in the
    /// order it first appears. A series shares a plot only with series of
    /// its unit, so a speed never sits on a distance's axis.
    pub fn plots<'n>(
        &self,
        names: impl IntoIterator<Item = &'n str>,
    ) -> Vec<(&'static str, Vec<&'n str>)> {
        let mut plots: Vec<(&'static str, Vec<&'n str>)> = Vec::new();
        for name in names {
            let unit = self.unit_of(name).unwrap_or("");
            match plots.iter_mut().find(|(u, _)| *u == unit) {
                Some((_, names)) if names.contains(&name) => {}
                Some((_, names)) => names.push(name),
                None => plots.push((unit, vec![name])),
            }
        }
        plots
    }

    /// The unit of the series `name`, as declared.
    pub fn unit_of(&self, name: &str) -> Option<&'static str> {
        let (_, unit) = self.series.iter().find(|(n, _)| *n == name)?;
        Some(unit)
    }

    /// Places the agents of `setup` and starts the scene; parameters or a
    /// variant of another scene are refused.
    pub fn start(&self, setup: &Setup, spawn: &mut Spawn) -> Started {
        (self.build)(setup, spawn).map_err(|e| WrongScene {
            scene: self.name,
            ..e
        })
    }

    /// `params` as this scene's parameters `P`, or the error that they are
    /// another scene's (for [`Scene::retune`]).
    pub fn typed<'p, P: Tunable>(&self, params: &'p dyn Params) -> Result<&'p P, WrongScene> {
        params.as_any().downcast_ref().ok_or(WrongScene {
            scene: self.name,
            what: "parameters",
        })
    }
}

/// The scene called `name` in `scenes`, or an error listing the valid names.
pub fn find<'a>(scenes: &'a [SceneDecl], name: &str) -> Result<&'a SceneDecl, String> {
    scenes
        .iter()
        .find(|e| e.name == name)
        .ok_or_else(|| no_scene(scenes, name))
}

/// The scene a person typed: its name in any case, or its number in
/// `scenes`' order counted from 1 (`--scene 8`, `--scene FLOCK`).
pub fn pick<'a>(scenes: &'a [SceneDecl], typed: &str) -> Result<&'a SceneDecl, String> {
    let names: Vec<&str> = scenes.iter().map(|e| e.name).collect();
    let by_number = (typed.parse::<usize>().ok())
        .filter(|n| (1..=scenes.len()).contains(n))
        .map(|n| n - 1);
    (by_number.or_else(|| any_case(&names, typed)))
        .map(|k| &scenes[k])
        .ok_or_else(|| no_scene(scenes, typed))
}

fn no_scene(scenes: &[SceneDecl], name: &str) -> String {
    let names: Vec<&str> = scenes.iter().map(|e| e.name).collect();
    format!(
        "unknown scene {}{}; valid scenes: {}",
        crate::quote::quoted(name),
        did_you_mean(&names, name),
        names.join(", ")
    )
}

/// Where `typed` is among `names`: as written, else in any case.
fn any_case(names: &[&str], typed: &str) -> Option<usize> {
    (names.iter().position(|n| *n == typed))
        .or_else(|| names.iter().position(|n| n.eq_ignore_ascii_case(typed)))
}

/// " (did you mean `flock`?)" when one of `names` is nearer `typed` than
/// every other, within two letters added or dropped (in any case); else
/// nothing: a guess among equals (`v9` is as near each of `v0` to `v5`)
/// is no help.
fn did_you_mean(names: &[&str], typed: &str) -> String {
    let typed = typed.to_lowercase();
    let mut by_distance: Vec<(usize, &str)> = (names.iter())
        .map(|n| (edits(&n.to_lowercase(), &typed), *n))
        .collect();
    by_distance.sort();
    match by_distance[..] {
        [(d, name), (next, _), ..] if d <= 2 && d < next => format!(" (did you mean `{name}`?)"),
        [(d, name)] if d <= 2 => format!(" (did you mean `{name}`?)"),
        _ => String::new(),
    }
}

/// The letters to add to `a` and drop from it to make `b` (an edit
/// distance without substitution, which counts as one of each): a letter
/// left out (`flok`) is nearer its word (`flock`) than one replaced
/// (`flow`).
pub fn edits(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitute = diagonal + 2 * usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substitute.min(row[j] + 1).min(diagonal + 1);
        }
    }
    row[b.len()]
}

/// A scene started, or why not.
pub type Started = Result<Box<dyn Scene>, WrongScene>;

/// The scene's name is filled in by [`SceneDecl::start`].
fn build<S: Build>(setup: &Setup, spawn: &mut Spawn) -> Started {
    let wrong = |what| WrongScene { scene: "", what };
    let params = setup.params.as_any().downcast_ref::<S::Params>();
    let params = params.ok_or(wrong("parameters"))?;
    let variant = *S::Variant::ALL.get(setup.variant).ok_or(wrong("variant"))?;
    Ok(Box::new(S::new(params, variant, setup, spawn)))
}

fn default_params<S: Build>() -> Box<dyn Params> {
    Box::new(S::Params::default())
}
