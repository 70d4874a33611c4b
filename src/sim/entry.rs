//! A scene kind, type-erased: what the runner, the config, the command
//! line and the window know of a lesson without naming it. The list of
//! scenes itself lives with the scenes; this is the shape of its rows.

use super::crowd::Look;
use super::knobs::{Knob, Params};
use super::lesson::{Defaults, Lesson, Scene, Setup, Spawn, Variant};
use super::mind::Card;

/// A scene kind, type-erased: its name, title, variants, knobs and how to
/// build it.
pub struct Entry {
    pub name: &'static str,
    pub title: &'static str,
    /// Variant names, in the order V cycles through them.
    pub variants: &'static [&'static str],
    /// The lesson of each variant, in the same order.
    pub lessons: &'static [&'static str],
    pub knobs: &'static [Knob],
    /// The parameters that are not knobs, with their doc lines.
    pub fixed_docs: &'static [(&'static str, &'static str)],
    pub defaults: Defaults,
    /// Who is who: each look and what it is in this lesson.
    pub roles: &'static [(Look, &'static str)],
    /// The place in `knobs` of the knob + and - turn, if any.
    primary: Option<usize>,
    cards: fn(usize) -> Card,
    pub(crate) build: fn(&Setup, &mut Spawn) -> Started,
    default_params: fn() -> Box<dyn Params>,
    /// The looks of the agents the agent count counts ([`Lesson::CROWD`]).
    pub crowd: &'static [Look],
}

impl std::fmt::Debug for Entry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Entry").field("name", &self.name).finish()
    }
}

impl Entry {
    /// The row of lesson `L`.
    pub const fn of<L: Lesson>() -> Self {
        Self {
            name: L::DEFAULTS.name,
            title: L::DEFAULTS.title,
            variants: L::Variant::NAMES,
            lessons: L::Variant::LESSONS,
            knobs: <L::Params as super::knobs::Tunable>::KNOBS,
            fixed_docs: <L::Params as super::knobs::Tunable>::FIXED,
            defaults: L::DEFAULTS,
            roles: L::ROLES,
            primary: match L::PRIMARY {
                Some(field) => Some(field.index()),
                None => None,
            },
            cards: card::<L>,
            build: build::<L>,
            default_params: default_params::<L>,
            crowd: L::CROWD,
        }
    }

    /// The parameters the scene declares as defaults (the tutorial's constants).
    pub fn default_params(&self) -> Box<dyn Params> {
        (self.default_params)()
    }

    /// Index of the variant called `name`, or an error listing the valid ones.
    pub fn variant(&self, name: &str) -> Result<usize, String> {
        self.variants
            .iter()
            .position(|v| *v == name)
            .ok_or_else(|| {
                format!(
                    "unknown variant {} for scene `{}`; valid variants: {}",
                    crate::quote::quoted(name),
                    self.name,
                    self.variants.join(", ")
                )
            })
    }

    /// The lesson card of variant `variant` (the first's, past the last).
    pub fn card(&self, variant: usize) -> Card {
        (self.cards)(variant)
    }

    /// The knob `+` and `-` turn.
    pub fn primary(&self) -> Option<&'static Knob> {
        self.knobs.get(self.primary?)
    }
}

/// The entry called `name` in `entries`, or an error listing the valid names.
pub fn find<'a>(entries: &'a [Entry], name: &str) -> Result<&'a Entry, String> {
    entries.iter().find(|e| e.name == name).ok_or_else(|| {
        let names: Vec<&str> = entries.iter().map(|e| e.name).collect();
        format!(
            "unknown scene {}; valid scenes: {}",
            crate::quote::quoted(name),
            names.join(", ")
        )
    })
}

/// A scene started, or why not.
pub(crate) type Started = Result<Box<dyn Scene>, WrongScene>;

fn build<L: Lesson>(setup: &Setup, spawn: &mut Spawn) -> Started {
    let params = typed::<L>(setup.params.as_ref())?;
    let variant = *L::Variant::ALL.get(setup.variant).ok_or(WrongScene {
        scene: L::DEFAULTS.name,
        what: "variant",
    })?;
    Ok(Box::new(L::new(params, variant, setup, spawn)))
}

/// `params` as lesson `L`'s parameters, or the error that they are another
/// scene's.
pub(crate) fn typed<L: Lesson>(params: &dyn Params) -> Result<&L::Params, WrongScene> {
    params.as_any().downcast_ref().ok_or(WrongScene {
        scene: L::DEFAULTS.name,
        what: "parameters",
    })
}

/// Parameters or a variant that belong to another scene than the one
/// they were given to: an error of the program, never of its input (a
/// scene's parameters are made by its own entry), refused rather than
/// replaced by defaults.
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

fn card<L: Lesson>(variant: usize) -> Card {
    let all = L::Variant::ALL;
    L::card(all.get(variant).copied().unwrap_or(all[0]))
}

fn default_params<L: Lesson>() -> Box<dyn Params> {
    Box::new(L::Params::default())
}
