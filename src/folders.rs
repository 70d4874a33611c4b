//! Where the system keeps a person's things: settings, desktop data,
//! pictures and videos. The `dirs` crate knows each system's own (Windows'
//! known folders: roaming app data, Pictures, Videos; macOS's
//! `~/Library/Application Support`, `~/Pictures`, `~/Movies`; on Linux the
//! XDG base directories and `user-dirs.dirs`). On every system an absolute
//! `XDG_*` variable comes first, as it does on Linux; an empty or relative
//! one is ignored, as the XDG spec says (it would resolve against the
//! working directory, which for a menu launch is anywhere). Never the
//! working directory.

use std::path::PathBuf;

/// Whether the system keeps its folders as XDG says (Linux and the other
/// Unix desktops); Windows and macOS name their own.
const XDG: bool = !cfg!(any(windows, target_os = "macos"));

/// Settings: `$XDG_CONFIG_HOME`, `~/.config`, `%APPDATA%` or
/// `~/Library/Application Support` (this app's files go in a folder of
/// their own under it).
pub fn config() -> Option<PathBuf> {
    set("XDG_CONFIG_HOME").or_else(|| match XDG {
        true => Some(home()?.join(".config")),
        false => absolute(dirs::config_dir()),
    })
}

/// Desktop data (the menu entry and its icons on Linux; the Start menu's
/// shortcut, under `Microsoft\Windows\Start Menu`, on Windows):
/// `$XDG_DATA_HOME`, `~/.local/share` or `%APPDATA%`.
pub fn data() -> Option<PathBuf> {
    set("XDG_DATA_HOME").or_else(|| match XDG {
        true => Some(home()?.join(".local/share")),
        false => absolute(dirs::data_dir()),
    })
}

/// Pictures: `$XDG_PICTURES_DIR`, the system's pictures folder, else
/// `Pictures` in the home folder.
pub fn pictures() -> Option<PathBuf> {
    named("XDG_PICTURES_DIR", dirs::picture_dir).or_else(|| Some(home()?.join("Pictures")))
}

/// Videos: `$XDG_VIDEOS_DIR` or the system's videos folder, else the
/// pictures folder as [`pictures`] finds it when one is set, else
/// `Videos` in the home folder.
pub fn videos() -> Option<PathBuf> {
    (named("XDG_VIDEOS_DIR", dirs::video_dir))
        .or_else(|| named("XDG_PICTURES_DIR", dirs::picture_dir))
        .or_else(|| Some(home()?.join("Videos")))
}

/// A user folder: its absolute `XDG_*` variable, else the one the system
/// names.
fn named(var: &str, system: fn() -> Option<PathBuf>) -> Option<PathBuf> {
    set(var).or_else(|| own(system()))
}

/// The home folder: `$HOME` where it is set, and then only if absolute
/// (an empty or relative one names none, as on Linux until now); else the
/// system's (Windows' profile folder).
fn home() -> Option<PathBuf> {
    match std::env::var_os("HOME") {
        Some(home) => absolute(Some(PathBuf::from(home))),
        None => absolute(dirs::home_dir()),
    }
}

/// The variable's value if it is an absolute path.
fn set(var: &str) -> Option<PathBuf> {
    absolute(std::env::var_os(var).map(PathBuf::from))
}

/// A user folder the system names, unless it is the home folder itself
/// (how `user-dirs.dirs` turns one off) or not absolute.
fn own(folder: Option<PathBuf>) -> Option<PathBuf> {
    absolute(folder).filter(|f| Some(f) != home().as_ref())
}

fn absolute(path: Option<PathBuf>) -> Option<PathBuf> {
    path.filter(|p| p.is_absolute())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_and_empty_values_are_ignored() {
        assert_eq!(absolute(Some(PathBuf::from(""))), None);
        assert_eq!(absolute(Some(PathBuf::from("pics"))), None);
        let root = std::env::temp_dir();
        assert_eq!(absolute(Some(root.clone())), Some(root));
        // The home folder itself is no user folder (a disabled one).
        assert_eq!(own(home()), None);
    }
}
