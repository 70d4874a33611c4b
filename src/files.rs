//! What the window writes: screenshots (F12, `--screenshot`), presets
//! (Ctrl+S) and clips (`--record`, F9). Each file is named anew, never
//! over another, and a failure is said, not a panic. A web page writes
//! no files: there these say so, and it carries no GIF encoder.

use std::path::PathBuf;
use steering_demos::app::{Action, App};
use steering_demos::text::fill as say;

/// The file chores of `action`, if it has any: the event line and what
/// the window shows, or what went wrong.
pub fn act(action: Action, app: &App) -> Option<Result<(String, String), String>> {
    match action {
        Action::Screenshot => Some(screenshot(app).map(|path| {
            let path = path.display();
            let shown = say("notice.saved-screenshot", &[("path", &path)]);
            (format!("screenshot {path}"), shown)
        })),
        Action::SavePreset => Some(save_preset(app).map(|path| {
            let path = path.display();
            let shown = say("notice.saved-preset", &[("path", &path)]);
            (format!("preset saved {path}"), shown)
        })),
        _ => None,
    }
}

/// F12: the window as a PNG in the pictures folder.
fn screenshot(app: &App) -> Result<PathBuf, String> {
    let folder = pictures_folder()
        .ok_or("no folder for pictures: the system names no pictures or home folder")?;
    std::fs::create_dir_all(&folder)
        .map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
    save_new_screenshot(&folder, app.decl().name)
}

/// Ctrl+S: the running start as a new preset in the user's folder.
fn save_preset(app: &App) -> Result<PathBuf, String> {
    if steering_demos::controls::IN_BROWSER {
        return Err("a web page saves no presets: U copies the run's link".into());
    }
    let folder = steering_demos::config::preset::user_folder()
        .ok_or("no folder for presets: the system names no settings folder")?;
    steering_demos::config::preset::save(&folder, app.decl(), &app.kept_setup())
}

/// Where F12 saves: `$XDG_PICTURES_DIR/steering-demos`, or
/// `~/Pictures/steering-demos` (never the working directory, which for a
/// menu launch is the home folder).
pub fn pictures_folder() -> Option<PathBuf> {
    let base = steering_demos::folders::pictures()?;
    Some(base.join("steering-demos"))
}

/// Frames a second of a clip.
pub const CLIP_FPS: u32 = 30;

#[cfg_attr(target_arch = "wasm32", path = "files/web.rs")]
mod native;
pub use native::{Recording, save_new_screenshot, save_screenshot};
