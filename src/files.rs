//! What the window writes: screenshots (F12, `--screenshot`), presets
//! (Ctrl+S) and clips (`--record`, F9). Each file is named anew, never
//! over another, and a failure is said, not a panic. A web page writes
//! no files: there these say so, and it carries no GIF encoder.

use std::path::PathBuf;
use steering_demos::app::{Action, App};

/// The file chores of `action`, if it has any: the event line and what
/// the window shows, or what went wrong.
pub fn act(action: Action, app: &App) -> Option<Result<(String, String), String>> {
    match action {
        Action::Screenshot => Some(screenshot(app).map(|path| {
            let path = path.display();
            (format!("screenshot {path}"), format!("saved {path}"))
        })),
        Action::SavePreset => Some(save_preset(app).map(|path| {
            let path = path.display();
            (
                format!("preset saved {path}"),
                format!("saved preset {path}"),
            )
        })),
        _ => None,
    }
}

/// F12: the window as a PNG in the pictures folder.
fn screenshot(app: &App) -> Result<PathBuf, String> {
    let folder = pictures_folder()
        .ok_or("no folder for pictures: neither XDG_PICTURES_DIR nor HOME is set")?;
    std::fs::create_dir_all(&folder)
        .map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
    let path = folder.join(format!(
        "steering-demos-{}-{}.png",
        app.entry().name,
        timestamp()
    ));
    save_screenshot(&path)?;
    Ok(path)
}

/// Ctrl+S: the running start as a new preset in the user's folder.
fn save_preset(app: &App) -> Result<PathBuf, String> {
    if steering_demos::controls::IN_BROWSER {
        return Err("a web page saves no presets: U copies the run's link".into());
    }
    let folder = steering_demos::config::preset::user_folder()
        .ok_or("no folder for presets: neither XDG_CONFIG_HOME nor HOME is set")?;
    steering_demos::config::preset::save(&folder, app.entry(), app.setup())
}

/// Where F12 saves: `$XDG_PICTURES_DIR/steering-demos`, or
/// `~/Pictures/steering-demos` (never the working directory, which for a
/// menu launch is the home folder).
pub fn pictures_folder() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_PICTURES_DIR")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join("Pictures")))?;
    Some(base.join("steering-demos"))
}

/// The time now as `20261123-095501` (UTC), for file names.
pub fn timestamp() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (days, rest) = ((secs / 86_400) as i64, secs % 86_400);
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}{month:02}{day:02}-{:02}{:02}{:02}",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

/// Frames a second of a clip.
pub const CLIP_FPS: u32 = 30;

#[cfg_attr(target_arch = "wasm32", path = "files/web.rs")]
mod native;
pub use native::{Recording, save_screenshot};
