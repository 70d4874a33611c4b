//! A guided tour of a lesson, as data: a few steps, each a sentence or
//! two and the state it shows (a variant, some knobs, an agent selected,
//! the overlay on or off, the split view, a tick to pause at). A scene
//! declares its steps in its [`SceneDecl`]; the words get their keys
//! from [`crate::words`] (`<scene>.tour.<n>`), the window walks them
//! (next, back, leave) and a step's start is a function of the
//! declaration alone ([`Step::setup`]), so every step is reached the
//! same way headless, in the window and on the page, whatever a
//! demos.toml says.
//!
//! In a step's words, a name in curly quotes (“slowing radius”) is
//! one the screen shows at that step: a knob's label, a role of the
//! legend, a force of the overlay, a variant, a series of the chart. A
//! test holds every step to it, so the words never name what is not
//! there.

use super::decl::SceneDecl;
use super::scene::Setup;
use crate::steer::neighbors::NeighborMode;

/// One step of a tour.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Step {
    /// What the learner reads: one or two sentences (English; shown
    /// under the key `<scene>.tour.<n>`).
    pub says: &'static str,
    /// The variant shown (its name).
    pub variant: &'static str,
    /// Knobs set from their declared defaults, by name.
    pub knobs: &'static [(&'static str, f64)],
    /// The agent selected (an id), its mind read out.
    pub select: Option<usize>,
    /// The force overlay on.
    pub forces: bool,
    /// The split view, with this variant on the right.
    pub compare: Option<&'static str>,
    /// Run to this tick and pause there; none: run on from the start.
    pub pause_at: Option<u64>,
    /// The knob the step asks the learner to turn (its label is in the
    /// words, in curly quotes; the step box shows its value).
    pub turn: Option<&'static str>,
}

impl Step {
    /// A step that shows `variant` as declared, running, and says `says`;
    /// a declaration sets the rest over it (`..Step::of("v0", "...")`).
    pub const fn of(variant: &'static str, says: &'static str) -> Self {
        Self {
            says,
            variant,
            knobs: &[],
            select: None,
            forces: false,
            compare: None,
            pause_at: None,
            turn: None,
        }
    }

    /// The start this step shows in scene `decl`: its declared seed,
    /// agents and parameters, in the step's variant with the step's knobs
    /// (searched with `neighbors`, the person's choice). An error names
    /// the variant or knob the declaration gets wrong.
    pub fn setup(&self, decl: &SceneDecl, neighbors: NeighborMode) -> Result<Setup, String> {
        let mut params = decl.default_params();
        for &(name, value) in self.knobs {
            params
                .set(name, value)
                .map_err(|e| format!("{} tour: {}", decl.name, e.message))?;
        }
        Ok(Setup {
            seed: decl.seed,
            agents: decl.agents.default as usize,
            variant: decl.variant(self.variant)?,
            neighbors,
            params,
            starts: Default::default(),
        })
    }

    /// The right pane's variant (an index), when the step splits the stage.
    pub fn compared(&self, decl: &SceneDecl) -> Result<Option<usize>, String> {
        self.compare.map(|name| decl.variant(name)).transpose()
    }
}

/// The names a step's words put in curly quotes, in order.
pub fn quoted(says: &str) -> Vec<&str> {
    says.split('“')
        .skip(1)
        .filter_map(|part| part.split_once('”').map(|(name, _)| name))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_names_are_read_in_order() {
        let says = "Turn “slowing radius” up: the “brake” starts sooner.";
        assert_eq!(quoted(says), ["slowing radius", "brake"]);
        assert!(quoted("no names here").is_empty());
        assert!(quoted("an “unclosed one").is_empty());
    }
}
