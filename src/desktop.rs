//! The menu entry: `--install-desktop` writes a freedesktop entry and the
//! icons under `$XDG_DATA_HOME` (default `~/.local/share`) and says what it
//! wrote; `--uninstall-desktop` removes exactly those files (and the folders
//! it leaves empty).

use std::path::{Path, PathBuf};

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

/// Where the desktop looks for entries and icons.
pub fn data_home() -> Result<PathBuf, String> {
    std::env::var_os("XDG_DATA_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))
        .ok_or_else(|| "neither XDG_DATA_HOME nor HOME is set: nowhere to install".into())
}

/// The files an install writes, relative to the data home, with their bytes.
fn files(exec: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = vec![(
        PathBuf::from(format!("applications/{APP_ID}.desktop")),
        entry(exec).into_bytes(),
    )];
    for (size, png) in ICONS {
        out.push((
            PathBuf::from(format!("icons/hicolor/{size}x{size}/apps/{APP_ID}.png")),
            png.to_vec(),
        ));
    }
    out.push((
        PathBuf::from(format!("icons/hicolor/scalable/apps/{APP_ID}.svg")),
        SVG.to_vec(),
    ));
    out
}

/// The desktop entry for the binary at `exec`.
pub fn entry(exec: &Path) -> String {
    // Exec's reserved characters are quoted, spaces included.
    let exec = exec
        .display()
        .to_string()
        .replace('\\', "\\\\")
        .replace('"', "\\\"");
    format!(
        "[Desktop Entry]\n\
         Type=Application\n\
         Version=1.4\n\
         Name=Steering Demos\n\
         GenericName=Steering behaviors lab\n\
         Comment=See, question and learn Craig Reynolds' steering behaviors, one lesson per scene\n\
         Exec=\"{exec}\"\n\
         Icon={APP_ID}\n\
         Terminal=false\n\
         Categories=Education;Science;ComputerScience;\n\
         Keywords=steering;boids;flocking;AI;games;simulation;\n\
         StartupWMClass={APP_ID}\n"
    )
}

/// Writes the entry and icons; the lines to print.
pub fn install() -> Result<Vec<String>, String> {
    let home = data_home()?;
    let exec = std::env::current_exe()
        .and_then(|p| p.canonicalize())
        .map_err(|e| format!("cannot find this program's own path: {e}"))?;
    let mut lines = Vec::new();
    for (relative, bytes) in files(&exec) {
        let path = home.join(relative);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
        std::fs::write(&path, bytes)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        lines.push(format!("wrote {}", path.display()));
    }
    Ok(lines)
}

/// Removes what [`install`] wrote, and the folders that leaves empty.
pub fn uninstall() -> Result<Vec<String>, String> {
    let home = data_home()?;
    let mut lines = Vec::new();
    for (relative, _) in files(Path::new("")) {
        let path = home.join(&relative);
        match std::fs::remove_file(&path) {
            Ok(()) => lines.push(format!("removed {}", path.display())),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(format!("cannot remove {}: {e}", path.display())),
        }
        // The folders the install may have made, once empty: up to the
        // home folder (or the data home's parent when it lies elsewhere).
        let user = std::env::var_os("HOME").map(PathBuf::from);
        let stop = match &user {
            Some(h) if home.starts_with(h) => h.clone(),
            _ => home.parent().unwrap_or(&home).to_path_buf(),
        };
        let mut dir = path.parent();
        while let Some(d) = dir {
            if d == stop || !d.starts_with(&stop) || std::fs::remove_dir(d).is_err() {
                break;
            }
            dir = d.parent();
        }
    }
    if lines.is_empty() {
        lines.push(format!("nothing to remove under {}", home.display()));
    }
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_entry_names_the_app_its_class_and_categories() {
        let e = entry(Path::new("/opt/my apps/steering-demos"));
        assert!(e.starts_with("[Desktop Entry]\n"));
        assert!(e.contains("Exec=\"/opt/my apps/steering-demos\"\n"), "{e}");
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
