//! What the panel asks of the app, and what a small window cannot show.

use crate::render::lab::PanelEvent;
use steering_demos::app::{Action, App};
use steering_demos::config::preset::Listed;
use steering_demos::layout::MIN_FULL;
use steering_demos::text::language;

/// What a window below [`MIN_FULL`] cannot show, when `action` just
/// opened it: said, rather than nothing happening.
pub fn too_small(action: Action, app: &App, screen: glam::Vec2) -> Option<String> {
    let key = match action {
        Action::TogglePanel if app.panel => "notice.too-small-panel",
        Action::ToggleCard if app.card => "notice.too-small-card",
        Action::ToggleChart if app.chart => "notice.too-small-chart",
        _ => return None,
    };
    let fits = screen.x >= MIN_FULL.x && screen.y >= MIN_FULL.y;
    let size: [(&str, &dyn std::fmt::Display); 2] =
        [("width", &MIN_FULL.x), ("height", &MIN_FULL.y)];
    (!fits).then(|| steering_demos::text::fill(key, &size))
}

/// A and X in a scene with nothing a person may add or remove (the
/// doorway's walls are fixed): said, rather than nothing happening.
pub fn nothing_to_edit(action: Action, app: &App) -> Option<String> {
    let editing = matches!(action, Action::AddProp | Action::RemoveProp);
    (editing && app.scene().props().is_none())
        .then(|| steering_demos::text::text("notice.no-props").to_string())
}

/// Applies what the panel asked for; the event lines.
pub fn apply_panel(app: &mut App, event: PanelEvent, presets: &[Listed]) -> Vec<String> {
    match event {
        PanelEvent::Preset(k) => {
            let Some(Ok(preset)) = presets.get(k) else {
                return Vec::new();
            };
            let index =
                (app.config.scenes.iter()).position(|s| s.decl.name == preset.scene.decl.name);
            let started = index.and_then(|i| app.start_from(i, preset.scene.setup()));
            let mut said: Vec<String> = (started.map(|_| format!("preset {}", preset.name)))
                .into_iter()
                .collect();
            // Its language, as the panel's picker would show it.
            if let Some(l) = (preset.lang).filter(|l| l.shown_here() && *l != language::shown()) {
                language::show(l);
                said.push(format!("lang {}", l.code));
            }
            said
        }
        PanelEvent::Set(knob, value) => app.set_knob(knob, value).into_iter().collect(),
        PanelEvent::ResetAll => app
            .decl()
            .knobs
            .iter()
            .filter_map(|knob| app.set_knob(knob, knob.default))
            .collect(),
        PanelEvent::Copied => vec!["copied toml".into()],
        PanelEvent::Scene(n) => app.apply(Action::Scene(n)).into_iter().collect(),
        PanelEvent::Toggle(meaning) => vec![app.toggle_meaning(meaning)],
        PanelEvent::Act(action) => app.apply(action).into_iter().collect(),
        PanelEvent::Language(l) => {
            language::show(l);
            vec![format!("lang {}", l.code)]
        }
    }
}
