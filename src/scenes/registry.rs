//! The one list of scenes, in the order the app shows them. Scene switching,
//! the number keys, the HUD's "3/6", the help, the command line, demos.toml
//! and the headless runner all read it. Adding a scene is one file plus one
//! row here.

use super::{avoid, doorway, flock, leader, patrol, pursuit, seek, wander};
use crate::sim::knobs::{Knob, Params};
use crate::sim::lesson::{Defaults, Lesson, Scene, Setup, Spawn, Variant};

/// Every scene, in order.
pub static SCENES: [Entry; 8] = [
    Entry::of::<seek::SeekScene>(),
    Entry::of::<wander::WanderScene>(),
    Entry::of::<pursuit::PursuitScene>(),
    Entry::of::<patrol::PatrolScene>(),
    Entry::of::<doorway::DoorwayScene>(),
    Entry::of::<leader::LeaderScene>(),
    Entry::of::<avoid::AvoidScene>(),
    Entry::of::<flock::FlockScene>(),
];

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
            knobs: <L::Params as crate::sim::knobs::Tunable>::KNOBS,
            defaults: L::DEFAULTS,
            build: build::<L>,
            default_params: default_params::<L>,
            parse: parse::<L>,
        }
    }

    /// The parameters the scene declares as defaults (the tutorial's constants).
    pub fn default_params(&self) -> Box<dyn Params> {
        (self.default_params)()
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

/// The scene called `name`, or an error listing the valid names.
pub fn find(name: &str) -> Result<&'static Entry, String> {
    SCENES.iter().find(|e| e.name == name).ok_or_else(|| {
        format!(
            "unknown scene `{name}`; valid scenes: {}",
            names().join(", ")
        )
    })
}

/// The scene names, in order.
pub fn names() -> Vec<&'static str> {
    SCENES.iter().map(|e| e.name).collect()
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

fn default_params<L: Lesson>() -> Box<dyn Params> {
    Box::new(L::Params::default())
}

fn parse<L: Lesson>(
    table: toml::de::ValueDeserializer<'_>,
) -> Result<Box<dyn Params>, toml::de::Error> {
    use serde::Deserialize as _;
    Ok(Box::new(L::Params::deserialize(table)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_variants_lessons_and_primary_knobs_are_consistent() {
        let mut seen = std::collections::HashSet::new();
        for e in &SCENES {
            assert!(seen.insert(e.name), "duplicate scene {}", e.name);
            assert!(!e.variants.is_empty(), "{}", e.name);
            assert_eq!(e.variants.len(), e.lessons.len(), "{}", e.name);
            assert!(e.defaults.variant < e.variants.len(), "{}", e.name);
            if let Some(name) = e.defaults.primary {
                assert!(e.primary().is_some(), "{}: no knob {name}", e.name);
            }
            let p = e.default_params();
            for k in e.knobs {
                assert_eq!(p.get(k.name), Some(k.default), "{}.{}", e.name, k.name);
                assert!(
                    k.min <= k.default && k.default <= k.max,
                    "{}.{}",
                    e.name,
                    k.name
                );
                assert!(k.step > 0.0, "{}.{}", e.name, k.name);
                // The panel's sliders snap to the step: the default must be on it.
                let steps = k.default / k.step;
                assert!(
                    (steps - steps.round()).abs() < 1e-6,
                    "{}.{} off its step",
                    e.name,
                    k.name
                );
            }
        }
        assert!(
            find("nope")
                .unwrap_err()
                .contains("valid scenes: seek, wander")
        );
    }
}
