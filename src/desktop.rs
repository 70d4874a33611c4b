//! The menu entry: `--install-desktop` writes a freedesktop entry and the
//! icons under `$XDG_DATA_HOME` (default `~/.local/share`) and says what it
//! wrote; `--uninstall-desktop` removes exactly those files (and the folders
//! it leaves empty). On Windows the same two flags write and remove a
//! Start-menu shortcut (`src/desktop/shortcut.rs`) under `%APPDATA%`.

use std::path::{Path, PathBuf};

mod shortcut;

/// The app id: the entry's name, the icon's name, the window's class.
pub const APP_ID: &str = "steering-demos";

const ICONS: [(u32, &[u8]); 5] = [
    (16, include_bytes!("../assets/icons/steering-demos-16.png")),
    (32, include_bytes!("../assets/icons/steering-demos-32.png")),
    (64, include_bytes!("../assets/icons/steering-demos-64.png")),
    (
        128,
        include_bytes!("../assets/icons/steering-demos-128.png"),
    ),
    (
        256,
        include_bytes!("../assets/icons/steering-demos-256.png"),
    ),
];
const SVG: &[u8] = include_bytes!("../assets/icons/steering-demos.svg");

/// Where the desktop looks for entries and icons: `$XDG_DATA_HOME`, or
/// `~/.local/share` (empty and relative values ignored, as the spec says).
/// A path a manifest line cannot hold (not UTF-8, or with a newline or
/// another control character) is refused.
pub fn data_home() -> Result<PathBuf, String> {
    let home = crate::folders::data().ok_or_else(|| {
        "the system names no data folder (XDG_DATA_HOME, HOME): nowhere to install".to_string()
    })?;
    match home.to_str() {
        Some(text) if !text.chars().any(char::is_control) => Ok(home),
        _ => Err(format!(
            "the data folder {} is not plain text (not UTF-8, or a control character in it): \
             set XDG_DATA_HOME to another",
            crate::quote::quoted_path(&home)
        )),
    }
}

/// Every path an install may write under `home`: its files and the
/// manifest. An uninstall removes no other, whatever the manifest says.
fn own_paths(home: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = (files(Path::new(APP_ID)).into_iter())
        .map(|(relative, _)| home.join(relative))
        .collect();
    out.push(home.join(under(MANIFEST)));
    out
}

/// The record of what an install wrote, under the data home: one line
/// per file written and per folder created, which is all an uninstall
/// removes.
const MANIFEST: &str = "steering-demos/installed";

/// A relative path written with `/`, in the system's own separators (a
/// path Windows shows reads `...\Start Menu\Programs\...`).
fn under(relative: &str) -> PathBuf {
    relative.split('/').collect()
}

/// Where Windows' Start menu looks for a person's shortcuts, under the
/// data home (`%APPDATA%`).
const START_MENU: &str = "Microsoft/Windows/Start Menu/Programs/Steering Demos.lnk";

/// The files an install writes, relative to the data home, with their
/// bytes: on Windows the Start menu's shortcut, elsewhere the
/// freedesktop entry and its icons.
fn files(exec: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    if cfg!(windows) {
        return vec![(under(START_MENU), shortcut::lnk(exec, "Steering Demos"))];
    }
    let mut out = vec![(
        under(&format!("applications/{APP_ID}.desktop")),
        entry(exec).into_bytes(),
    )];
    for (size, png) in ICONS {
        out.push((
            under(&format!("icons/hicolor/{size}x{size}/apps/{APP_ID}.png")),
            png.to_vec(),
        ));
    }
    out.push((
        under(&format!("icons/hicolor/scalable/apps/{APP_ID}.svg")),
        SVG.to_vec(),
    ));
    out
}

/// The desktop entry for the binary at `exec`.
pub fn entry(exec: &Path) -> String {
    format!(
        "[Desktop Entry]\n\
         Type=Application\n\
         Version=1.4\n\
         Name=Steering Demos\n\
         GenericName=Steering behaviors lab\n\
         Comment=See, question and learn Craig Reynolds' steering behaviors, one lesson per scene\n\
         Exec={}\n\
         Icon={APP_ID}\n\
         Terminal=false\n\
         Categories=Education;Science;ComputerScience;\n\
         Keywords=steering;boids;flocking;AI;games;simulation;\n\
         StartupWMClass={APP_ID}\n",
        exec_value(&exec.to_string_lossy())
    )
}

/// A program's path as the desktop entry spec wants it in `Exec`: quoted,
/// with `"`, `` ` ``, `$` and `\` escaped by a backslash (the quoting
/// rule), `%` doubled (a field code), then the string rules applied to
/// the whole (a backslash doubled again, a newline as `\n`).
pub fn exec_value(path: &str) -> String {
    let mut quoted = String::from("\"");
    for c in path.chars() {
        match c {
            '"' | '`' | '$' | '\\' => {
                quoted.push('\\');
                quoted.push(c);
            }
            '%' => quoted.push_str("%%"),
            c => quoted.push(c),
        }
    }
    quoted.push('"');
    let mut out = String::new();
    for c in quoted.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c => out.push(c),
        }
    }
    out
}

/// What an install did so far: to report, or to take back.
#[derive(Default)]
struct Done {
    /// Files written, each with what it held before (to put back).
    written: Vec<(PathBuf, Option<Vec<u8>>)>,
    /// Folders created, outermost first.
    created: Vec<PathBuf>,
    /// Each file written (the manifest aside) and a sum of its bytes, so
    /// that an uninstall keeps a file a person changed since.
    sums: Vec<(PathBuf, u64)>,
}

/// FNV-1a over `bytes`: enough to tell a file changed (not a guard
/// against anyone forging one).
fn sum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// What a manifest records.
#[derive(Default)]
struct Manifest {
    files: Vec<PathBuf>,
    dirs: Vec<PathBuf>,
    sums: Vec<(PathBuf, u64)>,
}

impl Done {
    /// Takes everything back: files as they were, new folders gone.
    fn roll_back(&self) -> Vec<String> {
        let mut lines = Vec::new();
        for (path, before) in self.written.iter().rev() {
            let undone = match before {
                Some(bytes) => replace(path, bytes),
                None => std::fs::remove_file(path),
            };
            if let Err(e) = undone {
                lines.push(format!("could not take back {}: {e}", path.display()));
            }
        }
        for dir in self.created.iter().rev() {
            let _ = std::fs::remove_dir(dir);
        }
        lines
    }
}

/// Writes `bytes` to `path` whole or not at all: into a new file beside
/// it, then renamed over it. A symlink at `path` is replaced, never
/// followed.
fn replace(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write as _;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let part = path.with_file_name(format!(".{name}.{}.part", std::process::id()));
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&part)
        .and_then(|mut f| f.write_all(bytes).and_then(|()| f.sync_all()))
        .and_then(|()| std::fs::rename(&part, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&part);
    }
    written
}

/// Creates `dir` and the folders above it that are missing, recording
/// each one made.
fn make_dirs(dir: &Path, done: &mut Done) -> std::io::Result<()> {
    let missing: Vec<&Path> = dir
        .ancestors()
        .take_while(|d| std::fs::symlink_metadata(d).is_err())
        .collect();
    for d in missing.into_iter().rev() {
        std::fs::create_dir(d)?;
        done.created.push(d.to_path_buf());
    }
    Ok(())
}

/// Writes the entry, the icons and the manifest; the lines to print. On
/// a failure, everything written is taken back and the error says so.
pub fn install() -> Result<Vec<String>, String> {
    let home = data_home()?;
    let exec = std::env::current_exe()
        .and_then(|p| p.canonicalize())
        .map_err(|e| format!("cannot find this program's own path: {e}"))?;
    let manifest = home.join(under(MANIFEST));
    let mut done = Done::default();
    // Files an earlier install wrote may be replaced; any other file in
    // the way is a person's, and stops the install. Folders an earlier
    // install made stay on record.
    let earlier = read_manifest(&manifest).unwrap_or_default();
    let (recorded, mut created) = (earlier.files, earlier.dirs);
    let mut lines = Vec::new();
    let mut wanted = files(&exec);
    let record = |done: &Done, created: &[PathBuf]| {
        let mut text = String::new();
        for (path, _) in &done.written {
            text.push_str(&format!("file {}\n", path.display()));
        }
        for dir in created {
            text.push_str(&format!("dir {}\n", dir.display()));
        }
        for (path, sum) in &done.sums {
            text.push_str(&format!("sum {sum:016x} {}\n", path.display()));
        }
        text.into_bytes()
    };
    wanted.push((under(MANIFEST), Vec::new()));
    for (relative, bytes) in wanted {
        let path = home.join(&relative);
        let step = (|| {
            make_dirs(path.parent().unwrap_or(&home), &mut done)?;
            let there = std::fs::symlink_metadata(&path);
            if there.is_ok() && path != manifest && !recorded.contains(&path) {
                return Err(std::io::Error::other(
                    "a file is there that --install-desktop did not write; move it away first",
                ));
            }
            let before = match there {
                Ok(m) if m.is_file() => Some(std::fs::read(&path)?),
                _ => None,
            };
            let bytes = if *relative == under(MANIFEST) {
                let new: Vec<PathBuf> = (done.created.iter())
                    .filter(|d| !created.contains(d))
                    .cloned()
                    .collect();
                created.extend(new);
                record(&done, &created)
            } else {
                bytes
            };
            replace(&path, &bytes)?;
            if path != manifest {
                done.sums.push((path.clone(), sum(&bytes)));
            }
            done.written.push((path.clone(), before));
            Ok::<_, std::io::Error>(())
        })();
        if let Err(e) = step {
            let mut message = format!(
                "cannot write {}: {e}; nothing was installed",
                path.display()
            );
            for problem in done.roll_back() {
                message.push_str(&format!("; {problem}"));
            }
            return Err(message);
        }
        lines.push(format!("wrote {}", path.display()));
    }
    Ok(lines)
}

/// The files, folders and sums a manifest lists.
fn read_manifest(path: &Path) -> Option<Manifest> {
    let text = crate::config::read_limited(path, 1 << 16).ok()?;
    let mut out = Manifest::default();
    for line in text.lines() {
        if let Some(p) = line.strip_prefix("file ") {
            out.files.push(PathBuf::from(p));
        } else if let Some(p) = line.strip_prefix("dir ") {
            out.dirs.push(PathBuf::from(p));
        } else if let Some((hex, p)) = line.strip_prefix("sum ").and_then(|l| l.split_once(' '))
            && let Ok(sum) = u64::from_str_radix(hex, 16)
        {
            out.sums.push((PathBuf::from(p), sum));
        }
    }
    Some(out)
}

/// Removes exactly what [`install`] recorded: its files, then the folders
/// it made once they are empty. Goes on past a failure; the lines say
/// what was removed and the error what was not.
pub fn uninstall() -> (Vec<String>, Result<(), String>) {
    let home = match data_home() {
        Ok(home) => home,
        Err(e) => return (Vec::new(), Err(e)),
    };
    let manifest = home.join(under(MANIFEST));
    let Some(Manifest { files, dirs, sums }) = read_manifest(&manifest) else {
        let line = format!(
            "nothing to remove: no install recorded in {}",
            manifest.display()
        );
        return (vec![line], Ok(()));
    };
    let (mut lines, mut failed) = (Vec::new(), Vec::new());
    let own = own_paths(&home);
    for path in files.iter().filter(|p| **p != manifest).chain([&manifest]) {
        if !own.contains(path) {
            let path = crate::quote::quoted_path(path);
            failed.push(format!("kept {path}: not a file --install-desktop writes"));
            continue;
        }
        // A file a person changed since it was written is theirs now.
        let written = sums.iter().find(|(p, _)| p == path).map(|&(_, s)| s);
        if written.is_some_and(|s| std::fs::read(path).is_ok_and(|now| sum(&now) != s)) {
            failed.push(format!(
                "kept {}: changed since it was installed",
                path.display()
            ));
            continue;
        }
        match std::fs::symlink_metadata(path) {
            Ok(m) if m.is_file() => match std::fs::remove_file(path) {
                Ok(()) => lines.push(format!("removed {}", path.display())),
                Err(e) => failed.push(format!("cannot remove {}: {e}", path.display())),
            },
            Ok(_) => failed.push(format!(
                "kept {}: no longer the file installed",
                path.display()
            )),
            Err(_) => {}
        }
    }
    // Only folders on the way to the files (removed when empty).
    let on_the_way = |dir: &PathBuf| own.iter().any(|p| p.starts_with(dir) && p != dir);
    for dir in dirs.iter().rev().filter(|d| on_the_way(d)) {
        if std::fs::remove_dir(dir).is_ok() {
            lines.push(format!("removed {}", dir.display()));
        }
    }
    let result = if failed.is_empty() {
        Ok(())
    } else {
        Err(failed.join("; "))
    };
    (lines, result)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_entry_names_the_app_its_class_and_categories() {
        let e = entry(Path::new("/opt/my apps/steering-demos"));
        assert!(e.starts_with("[Desktop Entry]\n"));
        assert!(e.contains("Exec=\"/opt/my apps/steering-demos\"\n"), "{e}");
        // The spec's quoting, then its string escapes.
        assert_eq!(
            exec_value("/a $b`c\"d\\e%f"),
            r#""/a \\$b\\`c\\"d\\\\e%%f""#
        );
        assert_eq!(exec_value("/a\nb"), r#""/a\nb""#);
        assert!(e.contains("StartupWMClass=steering-demos\n"));
        assert!(e.contains("Categories=Education;Science;ComputerScience;\n"));
        let names: Vec<_> = files(Path::new("/x")).into_iter().map(|(p, _)| p).collect();
        assert!(names.contains(&PathBuf::from(
            "icons/hicolor/256x256/apps/steering-demos.png"
        )));
    }
}

#[cfg(test)]
mod shipped {
    use super::*;

    /// The .deb's entry (`cargo deb`) is the one `--install-desktop` writes,
    /// for the system-wide binary.
    #[test]
    fn the_packaged_entry_is_the_generated_one() {
        let shipped = include_str!("../assets/steering-demos.desktop");
        assert_eq!(shipped, entry(Path::new("/usr/bin/steering-demos")));
    }
}
