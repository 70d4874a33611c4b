//! The menu entry, as a user installs it: with HOME an empty folder,
//! `--install-desktop` writes an entry that desktop-file-validate accepts,
//! icons up to 256x256 and an Exec that runs; `--uninstall-desktop` leaves
//! the folder as it was.

use std::path::{Path, PathBuf};
use std::process::Command;

fn tree(root: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().map_while(Result::ok) {
            let p = entry.path();
            if p.is_dir() {
                stack.push(p.clone());
            }
            out.push(p);
        }
    }
    out.sort();
    out
}

fn run(home: &Path, flag: &str) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_steering-demos"))
        .arg(flag)
        .env("HOME", home)
        .env_remove("XDG_DATA_HOME")
        .output()
        .expect("the binary runs")
}

fn app(home: &Path, flag: &str) -> String {
    let out = run(home, flag);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn install_and_uninstall_the_menu_entry() {
    let home = std::env::temp_dir().join(format!("steering-demos-home-{}", std::process::id()));
    std::fs::create_dir_all(&home).unwrap();
    let before = tree(&home);
    let said = app(&home, "--install-desktop");
    let entry = home.join(".local/share/applications/steering-demos.desktop");
    assert!(
        said.contains(&format!("wrote {}", entry.display())),
        "{said}"
    );
    let icon = home.join(".local/share/icons/hicolor/256x256/apps/steering-demos.png");
    let size = image::image_dimensions(&icon).expect("a 256 px icon");
    assert_eq!(size, (256, 256));
    assert!(
        home.join(".local/share/icons/hicolor/scalable/apps/steering-demos.svg")
            .is_file()
    );

    let text = std::fs::read_to_string(&entry).unwrap();
    for key in [
        "Name=",
        "GenericName=",
        "Comment=",
        "StartupWMClass=steering-demos",
    ] {
        assert!(text.contains(key), "{key} in {text}");
    }
    assert!(text.contains("Categories=Education;Science;ComputerScience;"));
    // The Exec line runs this very binary.
    let exec = text
        .lines()
        .find_map(|l| l.strip_prefix("Exec="))
        .unwrap()
        .trim_matches('"');
    assert!(Path::new(exec).is_absolute(), "{exec}");
    let version = Command::new(exec).arg("--version").output().unwrap();
    assert!(version.status.success());

    let validator = Command::new("desktop-file-validate").arg(&entry).output();
    match validator {
        Ok(out) => assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stdout)
        ),
        Err(_) => {
            crate::skip::VALIDATOR.met();
        }
    }

    let said = app(&home, "--uninstall-desktop");
    assert!(said.contains("removed"), "{said}");
    assert_eq!(tree(&home), before, "the folder is as it was");
    std::fs::remove_dir_all(&home).ok();
}

fn fresh(name: &str) -> PathBuf {
    let home = std::env::temp_dir().join(format!("sd-desktop-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).unwrap();
    home
}

/// Uninstall removes what install wrote and nothing else: folders that
/// were there before, a file put beside the icons, a file the install did
/// not write, whatever its manifest is made to say; install never writes
/// over (or through) a file or symlink of a person's.
#[test]
fn install_and_uninstall_touch_exactly_their_own_files() {
    let home = fresh("own");
    let apps = home.join(".local/share/applications");
    std::fs::create_dir_all(&apps).unwrap();
    std::fs::write(apps.join("other.desktop"), "[Desktop Entry]\n").unwrap();
    // A symlink where the entry goes, pointing at a file of the user's:
    // the install stops, and writes nothing.
    let precious = home.join("precious.txt");
    std::fs::write(&precious, "mine").unwrap();
    let entry = apps.join("steering-demos.desktop");
    std::os::unix::fs::symlink(&precious, &entry).unwrap();
    let before = tree(&home);
    let out = run(&home, "--install-desktop");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(&entry.display().to_string()) && stderr.contains("move it away"),
        "{stderr}"
    );
    assert_eq!(tree(&home), before, "nothing written");
    assert_eq!(std::fs::read_to_string(&precious).unwrap(), "mine");
    assert!(std::fs::symlink_metadata(&entry).unwrap().is_symlink());
    // A person's own entry under that name is kept as well.
    std::fs::remove_file(&entry).unwrap();
    std::fs::write(&entry, "[Desktop Entry]\nName=Mine\n").unwrap();
    assert_eq!(run(&home, "--install-desktop").status.code(), Some(2));
    assert_eq!(
        std::fs::read_to_string(&entry).unwrap(),
        "[Desktop Entry]\nName=Mine\n"
    );
    std::fs::remove_file(&entry).unwrap();

    app(&home, "--install-desktop");
    assert!(std::fs::symlink_metadata(&entry).unwrap().is_file());
    // A second install replaces its own files.
    app(&home, "--install-desktop");
    let mine = home.join(".local/share/icons/hicolor/256x256/apps/my-own.png");
    std::fs::write(&mine, "icon").unwrap();
    // A manifest edited by hand to name a person's file: it is kept.
    let manifest = home.join(".local/share/steering-demos/installed");
    let mut text = std::fs::read_to_string(&manifest).unwrap();
    text.push_str(&format!(
        "file {}\ndir {}\n",
        precious.display(),
        home.display()
    ));
    std::fs::write(&manifest, text).unwrap();
    let out = run(&home, "--uninstall-desktop");
    let said = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains(&format!("removed {}", entry.display())),
        "{said}"
    );
    assert!(
        stderr.contains("not a file --install-desktop writes"),
        "{stderr}"
    );
    assert!(precious.is_file() && home.is_dir(), "a person's file stays");
    assert!(apps.is_dir(), "applications/ was there before: kept");
    assert!(apps.join("other.desktop").is_file());
    assert!(mine.is_file(), "a file the install did not write stays");
    assert!(!entry.exists());
    // Nothing recorded any more: a second uninstall removes nothing.
    let again = app(&home, "--uninstall-desktop");
    assert!(again.starts_with("nothing to remove"), "{again}");
    assert!(apps.join("other.desktop").is_file());
    let _ = std::fs::remove_dir_all(&home);
}

/// An entry a person rewrote after the install is theirs: uninstall
/// keeps it, says so, and removes the rest.
#[test]
fn uninstall_keeps_a_file_changed_since_the_install() {
    let home = fresh("changed");
    app(&home, "--install-desktop");
    let entry = home.join(".local/share/applications/steering-demos.desktop");
    std::fs::write(&entry, "[Desktop Entry]\nName=Mine\n").unwrap();
    let out = run(&home, "--uninstall-desktop");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("changed since it was installed"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_to_string(&entry).unwrap(),
        "[Desktop Entry]\nName=Mine\n"
    );
    let icon = home.join(".local/share/icons/hicolor/256x256/apps/steering-demos.png");
    assert!(!icon.exists(), "the untouched icons go");
    let _ = std::fs::remove_dir_all(&home);
}

/// A data folder whose path a manifest line cannot hold (a newline, a
/// byte that is not UTF-8) is refused before anything is written.
#[test]
fn a_data_folder_with_a_newline_or_not_utf8_is_refused() {
    use std::os::unix::ffi::OsStrExt;
    let home = fresh("odd");
    let victim = home.join("q");
    std::fs::write(&victim, "mine").unwrap();
    let newline = home.join("q\n/x");
    let not_utf8 = home.join(std::ffi::OsStr::from_bytes(b"\xff"));
    for data in [newline.as_os_str(), not_utf8.as_os_str()] {
        for flag in ["--install-desktop", "--uninstall-desktop"] {
            let out = Command::new(env!("CARGO_BIN_EXE_steering-demos"))
                .arg(flag)
                .env("HOME", &home)
                .env("XDG_DATA_HOME", data)
                .output()
                .expect("the binary runs");
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{flag}: {stderr}");
            assert!(stderr.contains("not plain text"), "{stderr}");
        }
    }
    assert_eq!(tree(&home), vec![victim.clone()], "nothing written");
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "mine");
    let _ = std::fs::remove_dir_all(&home);
}

/// A failed install takes back what it wrote and says so; a failed
/// uninstall goes on and says what it removed and what it could not.
#[test]
fn failures_are_rolled_back_and_reported() {
    let home = fresh("fail");
    let share = home.join(".local/share");
    // The icons' folder is a file: the install fails after the entry.
    std::fs::create_dir_all(&share).unwrap();
    std::fs::write(share.join("icons"), "not a folder").unwrap();
    let out = run(&home, "--install-desktop");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("nothing was installed"), "{stderr}");
    assert!(
        !share.join("applications/steering-demos.desktop").exists(),
        "rolled back"
    );
    assert!(!share.join("applications").exists(), "its new folder too");
    std::fs::remove_file(share.join("icons")).unwrap();
    app(&home, "--install-desktop");
    // An icon the user replaced by a folder cannot be removed: the rest is.
    let icon = share.join("icons/hicolor/64x64/apps/steering-demos.png");
    std::fs::remove_file(&icon).unwrap();
    std::fs::create_dir(&icon).unwrap();
    let out = run(&home, "--uninstall-desktop");
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("64x64") && stderr.contains("kept"),
        "{stderr}"
    );
    assert!(
        stdout.contains("256x256") && stdout.contains("removed"),
        "{stdout}"
    );
    let _ = std::fs::remove_dir_all(&home);
}

/// Install paths a shell would trip on: the entry stays valid.
#[test]
fn hostile_install_paths_give_a_valid_entry() {
    let dir = fresh("paths");
    if !crate::skip::VALIDATOR.met() {
        return;
    }
    for (k, path) in [
        "/opt/my apps/steering-demos",
        "/opt/$HOME/steering-demos",
        "/opt/`id`/steering-demos",
        "/opt/a\\b/steering-demos",
        "/opt/\"quoted\"/steering-demos",
        "/opt/100%/steering-demos",
        "/opt/new\nline/steering-demos",
    ]
    .iter()
    .enumerate()
    {
        let entry = steering_demos::desktop::entry(Path::new(path));
        let file = dir.join(format!("case{k}.desktop"));
        std::fs::write(&file, &entry).unwrap();
        let out = Command::new("desktop-file-validate")
            .arg(&file)
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && !said.contains("error"),
            "{path:?}: {said}\n{entry}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// With HOME relative or empty and no XDG_DATA_HOME, nothing is written
/// against the working directory.
#[test]
fn a_relative_home_installs_nowhere() {
    let cwd = fresh("cwd");
    for home in ["", "relative/home"] {
        let out = Command::new(env!("CARGO_BIN_EXE_steering-demos"))
            .arg("--install-desktop")
            .env("HOME", home)
            .env("XDG_DATA_HOME", "also/relative")
            .current_dir(&cwd)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains("nowhere to install"), "{stderr}");
    }
    assert_eq!(std::fs::read_dir(&cwd).unwrap().count(), 0);
    let _ = std::fs::remove_dir_all(&cwd);
}
