//! A scene kind, type-erased: what the runner, the config, the command
//! line and the window know of a lesson without naming it. The list of
//! scenes itself lives with the scenes; this is the shape of its rows.

use super::knobs::{Knob, Params};
use super::lesson::{Defaults, Lesson, Scene, Setup, Spawn, Variant};

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
    pub defaults: Defaults,
    pub(crate) build: fn(&Setup, &mut Spawn) -> Box<dyn Scene>,
    default_params: fn() -> Box<dyn Params>,
    parse: fn(toml::de::ValueDeserializer<'_>) -> Result<Box<dyn Params>, toml::de::Error>,
    fixed: fn() -> Vec<(String, String)>,
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
            name: L::NAME,
            title: L::TITLE,
            variants: L::Variant::NAMES,
            lessons: L::Variant::LESSONS,
            knobs: <L::Params as super::knobs::Tunable>::KNOBS,
            defaults: L::DEFAULTS,
            build: build::<L>,
            default_params: default_params::<L>,
            parse: parse::<L>,
            fixed: fixed::<L>,
        }
    }

    /// The parameters the scene declares as defaults (the tutorial's constants).
    pub fn default_params(&self) -> Box<dyn Params> {
        (self.default_params)()
    }

    /// The parameters that are not knobs (a path's nodes, obstacles), at
    /// their defaults, as TOML keys and values.
    pub fn fixed_params(&self) -> Vec<(String, String)> {
        (self.fixed)()
    }

    /// Reads the scene's `params` table.
    pub fn parse_params(
        &self,
        table: toml::de::ValueDeserializer<'_>,
    ) -> Result<Box<dyn Params>, toml::de::Error> {
        (self.parse)(table)
    }

    /// Index of the variant called `name`, or an error listing the valid ones.
    pub fn variant(&self, name: &str) -> Result<usize, String> {
        self.variants
            .iter()
            .position(|v| *v == name)
            .ok_or_else(|| {
                format!(
                    "unknown variant `{name}` for scene `{}`; valid variants: {}",
                    self.name,
                    self.variants.join(", ")
                )
            })
    }

    /// The knob `+` and `-` turn.
    pub fn primary(&self) -> Option<&'static Knob> {
        let name = self.defaults.primary?;
        self.knobs.iter().find(|k| k.name == name)
    }
}

/// The entry called `name` in `entries`, or an error listing the valid names.
pub fn find<'a>(entries: &'a [Entry], name: &str) -> Result<&'a Entry, String> {
    entries.iter().find(|e| e.name == name).ok_or_else(|| {
        let names: Vec<&str> = entries.iter().map(|e| e.name).collect();
        format!("unknown scene `{name}`; valid scenes: {}", names.join(", "))
    })
}

fn build<L: Lesson>(setup: &Setup, spawn: &mut Spawn) -> Box<dyn Scene> {
    let fallback;
    let params = match setup.params.as_any().downcast_ref::<L::Params>() {
        Some(p) => p,
        None => {
            fallback = L::Params::default();
            &fallback
        }
    };
    let all = L::Variant::ALL;
    let variant = all[setup.variant.min(all.len() - 1)];
    Box::new(L::new(params, variant, setup, spawn))
}

fn fixed<L: Lesson>() -> Vec<(String, String)> {
    let Ok(toml::Value::Table(table)) = toml::Value::try_from(L::Params::default()) else {
        return Vec::new();
    };
    let knobs = <L::Params as super::knobs::Tunable>::KNOBS;
    table
        .into_iter()
        .filter(|(key, _)| !knobs.iter().any(|k| k.name == key))
        .map(|(key, value)| (key, value.to_string()))
        .collect()
}

fn default_params<L: Lesson>() -> Box<dyn Params> {
    Box::new(L::Params::default())
}

fn parse<L: Lesson>(
    table: toml::de::ValueDeserializer<'_>,
) -> Result<Box<dyn Params>, toml::de::Error> {
    use serde::Deserialize as _;
    Ok(Box::new(L::Params::deserialize(table)?))
}
