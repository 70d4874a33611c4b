//! The one table of controls: every key, what it does, its help text, its
//! footer hint and the scenes it applies to. Input handling, the footer, the
//! help panel, `--help` and the README's table all read [`CONTROLS`]; a test
//! fails when the README disagrees.

use crate::scenes::SCENES;
use crate::scenes::registry::scene_digit;
use crate::sim::runner::Runner;
use crate::text::{english, text};

/// Whether this build runs in a web page, where nothing quits the program
/// and nothing writes files: the controls for those are left out there.
pub const IN_BROWSER: bool = cfg!(target_arch = "wasm32");

/// Something the user can do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Left button down: grab (and select) the agent under the pointer, or
    /// grab the prop under it, or else show or hide the force overlay.
    Press,
    /// Left button up: drop what was grabbed.
    Release,
    /// Add a prop (an obstacle, a path node) at the pointer.
    AddProp,
    /// Remove the prop under the pointer.
    RemoveProp,
    /// Add an agent of the crowd at the pointer.
    AddAgent,
    /// Remove the agent under the pointer.
    RemoveAgent,
    /// Turn the scene's primary knob up (+1) or down (-1) one step.
    Knob(i32),
    /// Go to scene N (0-based).
    Scene(usize),
    NextScene,
    PrevScene,
    /// The scene's next variant.
    NextVariant,
    /// Start the scene again with its seed.
    Reset,
    TogglePause,
    /// One tick while paused (at a past tick: the one recorded after it).
    StepOnce,
    /// One tick back while paused.
    StepBack,
    /// Pause and go back (-1) or on (+1) one second.
    Seconds(i32),
    ToggleHelp,
    /// Switch between the grid and the all-pairs neighbour search.
    ToggleNeighbors,
    /// Add (+1) or remove (-1) one step of agents.
    Agents(i32),
    /// Save a picture of the window.
    Screenshot,
    /// Close what is open, topmost first (help, lesson card, panel,
    /// chart, the selection), or else quit.
    Escape,
    TogglePanel,
    /// The lesson card: the idea, the formula, the selected agent's numbers.
    ToggleCard,
    /// The camera follows the selected agent, or fits the stage again.
    Follow,
    ToggleTrails,
    /// The selected agent's forces tip to tail, their sum and the cap.
    ToggleTipToTail,
    ToggleChart,
    /// Split the stage between two variants.
    ToggleCompare,
    /// Slower (-1) or faster (+1) time.
    Rate(i32),
    /// Say the run's link ([`crate::link`]).
    Share,
    /// Save the running start as a preset (the window writes it).
    SavePreset,
    /// Open the list of presets in the panel.
    OpenPresets,
    /// Start or stop recording a clip (the window does it).
    ToggleRecord,
    /// Start the scene's guided tour, or leave it.
    Tour,
    /// The tour's next (+1) or previous (-1) step.
    TourStep(i32),
}

/// A key or button, whatever the window library calls it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    /// Left mouse button, pressed and released.
    Click,
    ClickUp,
    /// A typed character (so `+` works on any layout and on the keypad).
    Char(char),
    /// The digits 1 to 9, then 0: scene N (as many as there are scenes, up
    /// to ten).
    Digits,
    Left,
    Right,
    Tab,
    ShiftTab,
    A,
    X,
    N,
    Delete,
    P,
    L,
    Z,
    T,
    M,
    C,
    S,
    F,
    E,
    V,
    R,
    Space,
    H,
    G,
    U,
    LeftBracket,
    RightBracket,
    F9,
    F12,
    Escape,
    O,
    /// Ctrl held with S.
    CtrlS,
    W,
    Enter,
    Backspace,
}

/// Which scenes a control means something in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    All,
    /// Scenes that name a primary knob.
    PrimaryKnob,
    /// Scenes with more than one variant.
    Variants,
    /// Where the program can write files and quit (not in a web page).
    Desktop,
    /// Scenes with props (obstacles, a path's nodes) a person may move.
    Props,
    /// Scenes with a guided tour.
    Tour,
}

impl Scope {
    pub fn applies(self, scene: &Runner) -> bool {
        let decl = scene.decl();
        match self {
            Scope::All => true,
            Scope::Desktop => !IN_BROWSER,
            Scope::PrimaryKnob => decl.primary.is_some(),
            Scope::Variants => decl.variants.len() > 1,
            Scope::Props => scene.props().is_some(),
            Scope::Tour => !decl.tour.is_empty(),
        }
    }
}

/// The footer's hint for a control: fixed text (its key in the app's
/// words), or one with the live value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hint {
    None,
    Text(&'static str),
    /// "+/-: path_radius 20".
    PrimaryKnob,
    /// "[ ]: agents 60".
    Agents,
    /// "G: neighbours grid".
    Neighbors,
    /// "S/F: 1x".
    Rate,
}

/// One row of the table.
#[derive(Debug, Clone, Copy)]
pub struct Control {
    /// How the keys are written for a person; `N` stands for the scene count.
    pub label: &'static str,
    pub bindings: &'static [(Key, Action)],
    /// The key of what it does, in the app's words ([`crate::text`]).
    pub help: &'static str,
    pub scope: Scope,
    pub hint: Hint,
}

impl Control {
    /// The label with the scene count filled in: "1-8", or "1-9, 0" from
    /// ten scenes on (the scene picker in the panel reaches the rest).
    pub fn label(&self) -> String {
        let keys = match SCENES.len() {
            0..=9 => format!("1-{}", SCENES.len()),
            _ => "1-9, 0".to_string(),
        };
        self.label.replace("1-N", &keys)
    }

    /// What it does, in the language shown (the help box).
    pub fn help(&self) -> &'static str {
        text(self.help)
    }

    /// What it does, in English: `--help` and the README are interfaces
    /// that stay as they are.
    pub fn help_in_english(&self) -> &'static str {
        english().get(self.help).unwrap_or(self.help)
    }
}

mod table;
pub use table::CONTROLS;

/// The controls a build offers: all of them on the desktop; in a web page,
/// not those that write files or quit.
pub fn offered(in_browser: bool) -> impl Iterator<Item = &'static Control> {
    CONTROLS
        .iter()
        .filter(move |c| !(in_browser && c.scope == Scope::Desktop))
}

/// The controls this build offers (see [`offered`]).
pub fn available() -> impl Iterator<Item = &'static Control> {
    offered(IN_BROWSER)
}

/// The actions of the keys that went down this frame, in table order.
/// `pressed` says whether a key went down, `digit` whether digit key 0-9
/// did; digits beyond the scene count do nothing.
pub fn actions(pressed: impl Fn(Key) -> bool, digit: impl Fn(u8) -> bool) -> Vec<Action> {
    let mut out = Vec::new();
    for control in available() {
        for &(key, action) in control.bindings {
            if key == Key::Digits {
                let scenes = (0..SCENES.len()).filter_map(|i| Some((i, scene_digit(i)?)));
                out.extend(
                    scenes
                        .filter(|&(_, d)| digit(d))
                        .map(|(i, _)| Action::Scene(i)),
                );
            } else if pressed(key) {
                out.push(action);
            }
        }
    }
    out
}

/// The controls as plain text, one per line, for `--help`.
pub fn help_text() -> String {
    let width = CONTROLS.iter().map(|c| c.label().len()).max().unwrap_or(0);
    let mut out = String::from("Controls in the window:\n");
    for c in CONTROLS {
        out.push_str(&format!(
            "  {:width$}  {}\n",
            c.label(),
            c.help_in_english()
        ));
    }
    out
}

/// The controls as the README's Markdown table.
pub fn markdown_table() -> String {
    let mut out = String::from("| key | action |\n|---|---|\n");
    for c in CONTROLS {
        out.push_str(&format!("| {} | {} |\n", c.label(), c.help_in_english()));
    }
    out
}

#[cfg(test)]
mod tests;
