//! The one list of scenes, in the order the app shows them: [`SCENES`](super::SCENES).
//! Scene switching, the number keys, the panel's picker, the help, the
//! command line, demos.toml and the headless runner all read it.
//!
//! Adding a scene is one new file under `src/scenes/` and one row, the
//! module's name, at the end of the `registry!` list in `scenes/mod.rs`
//! (the row also declares the file's module); the crate docs' recipe
//! says the rest.

pub use crate::sim::decl::SceneDecl;

/// The scene called `name`, or an error listing the valid names.
pub fn find(name: &str) -> Result<&'static SceneDecl, String> {
    crate::sim::decl::find(super::SCENES, name)
}

/// The scene a person typed: its name in any case, or its number in
/// this order, counted from 1 (the number keys').
pub fn pick(typed: &str) -> Result<&'static SceneDecl, String> {
    crate::sim::decl::pick(super::SCENES, typed)
}

/// The digit key of scene `index` (0-based): 1 to 9, then 0 for the
/// tenth; none past it (the panel's picker reaches every scene).
pub fn scene_digit(index: usize) -> Option<u8> {
    (index < 10).then(|| ((index + 1) % 10) as u8)
}

/// The scene names, in order.
pub fn names() -> Vec<&'static str> {
    super::SCENES.iter().map(|e| e.name).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenes::SCENES;

    #[test]
    fn names_variants_lessons_and_primary_knobs_are_consistent() {
        let mut seen = std::collections::HashSet::new();
        for e in SCENES {
            assert!(seen.insert(e.name), "duplicate scene {}", e.name);
            // A declaration sets these over `SceneDecl::of`'s blanks.
            assert!(!e.name.is_empty() && !e.title.is_empty(), "{e:?}");
            assert!(!e.agents.doc.is_empty() && e.agents.max > 1.0, "{}", e.name);
            if let Some(primary) = e.primary {
                assert!(e.knobs.contains(primary), "{}: a knob of its own", e.name);
            }
            assert!(!e.variants.is_empty(), "{}", e.name);
            assert_eq!(e.variants.len(), e.lessons.len(), "{}", e.name);
            assert!(e.default_variant < e.variants.len(), "{}", e.name);
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
                // The panel's sliders snap to min + n * step: a default or
                // a maximum off that grid would move when the panel opens.
                for (what, value) in [("default", k.default), ("max", k.max)] {
                    let steps = (value - k.min) / k.step;
                    assert!(
                        (steps - steps.round()).abs() < 1e-6,
                        "{}.{}: its {what} {value} is off the grid {} + n * {}",
                        e.name,
                        k.name,
                        k.min,
                        k.step
                    );
                }
            }
        }
        assert!(
            find("nope")
                .unwrap_err()
                .contains("valid scenes: seek, wander")
        );
    }
}
