//! Where clips go: the default folder, and a new name for each clip.

use std::ffi::{OsStr, OsString};
use std::fs;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use super::taken;

/// The folder clips go to by default: `steering-demos` in the videos
/// folder (`$XDG_VIDEOS_DIR`, or its line in `user-dirs.dirs`), else in the
/// pictures folder (the same for `XDG_PICTURES_DIR`), else
/// `$HOME/Videos/steering-demos`. `None` without an absolute `HOME`. The
/// folder may not exist yet: the caller creates it
/// ([`std::fs::create_dir_all`]) before
/// [`Recorder::start`](super::Recorder::start).
pub fn default_folder() -> Option<PathBuf> {
    let env = |key: &str| std::env::var_os(key);
    let home = env("HOME");
    let home_path = absolute(home.as_deref());
    let config = absolute(env("XDG_CONFIG_HOME").as_deref())
        .or_else(|| home_path.as_ref().map(|h| h.join(".config")));
    let dirs = config.and_then(|c| fs::read_to_string(c.join("user-dirs.dirs")).ok());
    let folder = |key: &str| -> Option<OsString> {
        let set = env(key).filter(|v| absolute(Some(v)).is_some());
        set.or_else(|| Some(user_dir(dirs.as_deref()?, key, home_path.as_deref()?)?.into()))
    };
    folder_from(
        folder("XDG_VIDEOS_DIR").as_deref(),
        folder("XDG_PICTURES_DIR").as_deref(),
        home.as_deref(),
    )
}

/// [`default_folder`] from the values of `XDG_VIDEOS_DIR`,
/// `XDG_PICTURES_DIR` and `HOME`. A relative or empty value counts as
/// unset, as the XDG base directory specification says.
fn folder_from(
    videos: Option<&OsStr>,
    pictures: Option<&OsStr>,
    home: Option<&OsStr>,
) -> Option<PathBuf> {
    let folder = absolute(videos)
        .or_else(|| absolute(pictures))
        .or_else(|| Some(absolute(home)?.join("Videos")))?;
    Some(folder.join("steering-demos"))
}

/// The value as a path if it is absolute (an empty one is not).
fn absolute(value: Option<&OsStr>) -> Option<PathBuf> {
    let path = Path::new(value?);
    path.is_absolute().then(|| path.to_path_buf())
}

/// The folder `key` names in the text of xdg-user-dirs' `user-dirs.dirs`
/// (lines like `XDG_VIDEOS_DIR="$HOME/Videos"`, the value absolute or
/// under `$HOME/`); `None` if it names none, or the home folder itself
/// (which is how that file disables one).
fn user_dir(text: &str, key: &str, home: &Path) -> Option<PathBuf> {
    let value = text
        .lines()
        .filter_map(|line| {
            line.trim()
                .strip_prefix(key)?
                .trim_start()
                .strip_prefix('=')
        })
        .next_back()?;
    let value = value.trim().strip_prefix('"')?.strip_suffix('"')?;
    let path = match value.strip_prefix("$HOME") {
        Some("") => return None,
        Some(rest) => home.join(rest.strip_prefix('/')?.trim_end_matches('/')),
        None => PathBuf::from(value),
    };
    (path.is_absolute() && path != home).then_some(path)
}

/// A new name for a clip in `folder`:
/// `steering-demos-SCENE-YYYYmmdd-HHMMSS-mmm.gif`, the time in UTC (the
/// standard library knows no time zones), `SCENE` made of `scene`'s letters
/// and digits (left out if `scene` has none). If a file has that name,
/// `-2`, `-3`, ... follow the time. Should a file take the name meanwhile,
/// [`Recorder::finish`](super::Recorder::finish) still refuses to replace
/// it.
pub fn new_clip_path(folder: &Path, scene: &str) -> PathBuf {
    free_name(folder, &clip_stem(scene, SystemTime::now()))
}

/// `steering-demos-SCENE-YYYYmmdd-HHMMSS-mmm`, now (UTC): a file name's
/// stem for what the window saves (a screenshot too).
pub fn stem_now(scene: &str) -> String {
    clip_stem(scene, SystemTime::now())
}

/// `STEM.gif` in `folder`, or `STEM-2.gif`, ... if that is taken.
fn free_name(folder: &Path, stem: &str) -> PathBuf {
    let name = |n: u32| match n {
        1 => folder.join(format!("{stem}.gif")),
        n => folder.join(format!("{stem}-{n}.gif")),
    };
    (1..=1000)
        .map(name)
        .find(|path| taken(path).is_ok())
        .unwrap_or_else(|| name(1001))
}

/// `steering-demos-SCENE-YYYYmmdd-HHMMSS-mmm` at `time` (UTC).
fn clip_stem(scene: &str, time: SystemTime) -> String {
    let since = time.duration_since(UNIX_EPOCH).unwrap_or_default();
    let secs = since.as_secs();
    let (year, month, day) = civil(secs / 86_400);
    let (h, m, s) = (secs / 3600 % 24, secs / 60 % 60, secs % 60);
    let mut name = String::from("steering-demos-");
    for word in scene.split(|c: char| !c.is_ascii_alphanumeric()) {
        if !word.is_empty() && name.len() < 60 {
            name.push_str(&word.to_ascii_lowercase());
            name.push('-');
        }
    }
    let millis = since.subsec_millis();
    format!("{name}{year:04}{month:02}{day:02}-{h:02}{m:02}{s:02}-{millis:03}")
}

/// The date (year, month, day) `days` days after 1970-01-01, in the
/// proleptic Gregorian calendar (Howard Hinnant's `civil_from_days`).
fn civil(days: u64) -> (u64, u64, u64) {
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + u64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn the_default_folder_ignores_relative_and_empty_values() {
        let os = |s: &'static str| Some(OsStr::new(s));
        let folder = |v, p, h| folder_from(v, p, h).map(|f| f.to_string_lossy().into_owned());
        let ours = |s: &str| Some(format!("{s}/steering-demos"));
        assert_eq!(folder(os("/v"), os("/p"), os("/h")), ours("/v"));
        assert_eq!(folder(os("Videos"), os("/p"), os("/h")), ours("/p"));
        assert_eq!(folder(os(""), os(""), os("/h")), ours("/h/Videos"));
        assert_eq!(folder(None, os("pics"), os("/h")), ours("/h/Videos"));
        assert_eq!(folder(None, None, os("home")), None);
        assert_eq!(folder(None, None, os("")), None);
        assert_eq!(folder(None, None, None), None);
    }

    #[test]
    fn user_dirs_dirs_names_folders_under_home_or_absolute() {
        let home = Path::new("/home/ada");
        let text = "# written by xdg-user-dirs-update\nXDG_DESKTOP_DIR=\"$HOME/Desktop\"\n\
        XDG_VIDEOS_DIR=\"$HOME/Vidéos\"\nXDG_PICTURES_DIR=\"/data/pics/\"\nXDG_MUSIC_DIR=\"$HOME/\"\n\
        XDG_TEMPLATES_DIR=\"Templates\"\n";
        let dir = |key| user_dir(text, key, home);
        assert_eq!(
            dir("XDG_VIDEOS_DIR"),
            Some(PathBuf::from("/home/ada/Vidéos"))
        );
        assert_eq!(dir("XDG_PICTURES_DIR"), Some(PathBuf::from("/data/pics/")));
        assert_eq!(dir("XDG_MUSIC_DIR"), None, "the home folder: disabled");
        assert_eq!(dir("XDG_TEMPLATES_DIR"), None, "relative");
        assert_eq!(dir("XDG_VIDEOS"), None);
        assert_eq!(dir("XDG_DOWNLOAD_DIR"), None);
    }

    #[test]
    fn clip_names_carry_the_scene_and_the_time_and_never_repeat() {
        let at = UNIX_EPOCH + Duration::from_millis(1_710_498_302_045);
        assert_eq!(
            clip_stem("Path following", at),
            "steering-demos-path-following-20240315-102502-045"
        );
        assert_eq!(
            clip_stem("", UNIX_EPOCH),
            "steering-demos-19700101-000000-000"
        );
        assert_eq!(civil(11_016), (2000, 2, 29));
        assert_eq!(civil(19_782), (2024, 2, 29));
        assert_eq!(civil(20_454), (2026, 1, 1));

        let folder =
            std::env::temp_dir().join(format!("steering-demos-names-{}", std::process::id()));
        let _ = fs::remove_dir_all(&folder);
        fs::create_dir_all(&folder).unwrap();
        let first = free_name(&folder, "clip");
        assert_eq!(first, folder.join("clip.gif"));
        fs::write(&first, "").unwrap();
        fs::write(folder.join("clip-2.gif"), "").unwrap();
        assert_eq!(free_name(&folder, "clip"), folder.join("clip-3.gif"));
        let fresh = new_clip_path(&folder, "flock");
        let name = fresh.file_name().unwrap().to_string_lossy().into_owned();
        assert!(
            name.starts_with("steering-demos-flock-2") && name.ends_with(".gif"),
            "{name}"
        );
        assert_eq!(
            name.len(),
            "steering-demos-flock-20260101-000000-000.gif".len()
        );
        let _ = fs::remove_dir_all(&folder);
    }
}
