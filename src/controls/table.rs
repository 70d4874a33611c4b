//! The table of controls itself: one row a control, in the order the
//! help, the footer and the README show them.

use super::{Action, Control, Hint, IN_BROWSER, Key, Scope};

/// Every control, in the order the help lists them.
pub const CONTROLS: &[Control] = &[
    Control {
        label: "Left click",
        bindings: &[(Key::Click, Action::Press), (Key::ClickUp, Action::Release)],
        help: "help.click",
        scope: Scope::All,
        hint: Hint::Text("footer.click"),
    },
    Control {
        label: "A / X",
        bindings: &[(Key::A, Action::AddProp), (Key::X, Action::RemoveProp)],
        help: "help.edit-props",
        scope: Scope::Props,
        hint: Hint::Text("footer.edit"),
    },
    Control {
        label: "N / Delete",
        bindings: &[
            (Key::N, Action::AddAgent),
            (Key::Delete, Action::RemoveAgent),
        ],
        help: "help.edit-agents",
        scope: Scope::All,
        hint: Hint::None,
    },
    Control {
        label: "+ / -",
        bindings: &[
            (Key::Char('+'), Action::Knob(1)),
            (Key::Char('='), Action::Knob(1)),
            (Key::Char('-'), Action::Knob(-1)),
        ],
        help: "help.knob",
        scope: Scope::PrimaryKnob,
        hint: Hint::PrimaryKnob,
    },
    Control {
        label: "L",
        bindings: &[(Key::L, Action::ToggleCard)],
        help: "help.card",
        scope: Scope::All,
        hint: Hint::Text("footer.card"),
    },
    Control {
        label: "W",
        bindings: &[(Key::W, Action::Tour)],
        help: "help.tour",
        scope: Scope::Tour,
        hint: Hint::Text("footer.tour"),
    },
    Control {
        label: "Enter / Backspace",
        bindings: &[
            (Key::Enter, Action::TourStep(1)),
            (Key::Backspace, Action::TourStep(-1)),
        ],
        help: "help.tour-step",
        scope: Scope::Tour,
        hint: Hint::None,
    },
    Control {
        label: "Wheel, drag",
        bindings: &[],
        help: "help.camera",
        scope: Scope::All,
        hint: Hint::None,
    },
    Control {
        label: "Z",
        bindings: &[(Key::Z, Action::Follow)],
        help: "help.follow",
        scope: Scope::All,
        hint: Hint::Text("footer.follow"),
    },
    Control {
        label: "P",
        bindings: &[(Key::P, Action::TogglePanel)],
        help: "help.panel",
        scope: Scope::All,
        hint: Hint::Text("footer.panel"),
    },
    Control {
        label: "M",
        bindings: &[(Key::M, Action::ToggleChart)],
        help: "help.chart",
        scope: Scope::All,
        hint: Hint::Text("footer.chart"),
    },
    Control {
        label: "C",
        bindings: &[(Key::C, Action::ToggleCompare)],
        help: "help.compare",
        scope: Scope::Variants,
        hint: Hint::Text("footer.compare"),
    },
    Control {
        label: "T",
        bindings: &[(Key::T, Action::ToggleTrails)],
        help: "help.trails",
        scope: Scope::All,
        hint: Hint::Text("footer.trails"),
    },
    Control {
        label: "E",
        bindings: &[(Key::E, Action::ToggleTipToTail)],
        help: "help.tip-to-tail",
        scope: Scope::All,
        hint: Hint::None,
    },
    Control {
        label: "S / F",
        bindings: &[(Key::S, Action::Rate(-1)), (Key::F, Action::Rate(1))],
        help: "help.rate",
        scope: Scope::All,
        hint: Hint::Rate,
    },
    Control {
        label: "1-N",
        bindings: &[(Key::Digits, Action::Scene(0))],
        help: "help.scene-number",
        scope: Scope::All,
        hint: Hint::None,
    },
    Control {
        label: "Left / Right, Tab",
        bindings: &[
            (Key::Left, Action::PrevScene),
            (Key::Right, Action::NextScene),
            (Key::Tab, Action::NextScene),
            (Key::ShiftTab, Action::PrevScene),
        ],
        help: "help.scene-next",
        scope: Scope::All,
        hint: Hint::Text("footer.scene"),
    },
    Control {
        label: "V",
        bindings: &[(Key::V, Action::NextVariant)],
        help: "help.variant",
        scope: Scope::Variants,
        hint: Hint::Text("footer.variant"),
    },
    Control {
        label: "R",
        bindings: &[(Key::R, Action::Reset)],
        help: "help.reset",
        scope: Scope::All,
        hint: Hint::Text("footer.reset"),
    },
    Control {
        label: "Space",
        bindings: &[(Key::Space, Action::TogglePause)],
        help: "help.pause",
        scope: Scope::All,
        hint: Hint::Text("footer.pause"),
    },
    Control {
        label: ". / ,",
        bindings: &[
            (Key::Char('.'), Action::StepOnce),
            (Key::Char(','), Action::StepBack),
        ],
        help: "help.step",
        scope: Scope::All,
        hint: Hint::None,
    },
    Control {
        label: "> / <",
        bindings: &[
            (Key::Char('>'), Action::Seconds(1)),
            (Key::Char('<'), Action::Seconds(-1)),
        ],
        help: "help.seconds",
        scope: Scope::All,
        hint: Hint::None,
    },
    Control {
        label: "[ / ]",
        bindings: &[
            (Key::LeftBracket, Action::Agents(-1)),
            (Key::RightBracket, Action::Agents(1)),
        ],
        help: "help.agents",
        scope: Scope::All,
        hint: Hint::Agents,
    },
    Control {
        label: "G",
        bindings: &[(Key::G, Action::ToggleNeighbors)],
        help: "help.neighbors",
        scope: Scope::All,
        hint: Hint::Neighbors,
    },
    Control {
        label: "U",
        bindings: &[(Key::U, Action::Share)],
        help: "help.link",
        scope: Scope::All,
        hint: Hint::None,
    },
    Control {
        label: "O",
        bindings: &[(Key::O, Action::OpenPresets)],
        help: "help.presets",
        scope: Scope::All,
        hint: Hint::None,
    },
    Control {
        label: "Ctrl+S",
        bindings: &[(Key::CtrlS, Action::SavePreset)],
        help: "help.save-preset",
        scope: Scope::Desktop,
        hint: Hint::None,
    },
    Control {
        label: "F9",
        bindings: &[(Key::F9, Action::ToggleRecord)],
        help: "help.record",
        scope: Scope::Desktop,
        hint: Hint::None,
    },
    Control {
        label: "F12",
        bindings: &[(Key::F12, Action::Screenshot)],
        help: "help.screenshot",
        scope: Scope::Desktop,
        hint: Hint::None,
    },
    Control {
        label: "H",
        bindings: &[(Key::H, Action::ToggleHelp)],
        help: "help.help",
        scope: Scope::All,
        hint: Hint::Text("footer.help"),
    },
    Control {
        label: "Esc",
        bindings: &[(Key::Escape, Action::Escape)],
        help: if IN_BROWSER {
            "help.escape-page"
        } else {
            "help.escape"
        },
        scope: Scope::All,
        hint: Hint::None,
    },
];
