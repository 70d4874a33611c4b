//! A new name for each clip (its folder is the system's videos folder,
//! [`crate::folders`] in the binary's hands).

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use super::taken;

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
    use std::fs;
    use std::time::Duration;

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
