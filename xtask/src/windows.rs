//! `cargo xtask windows`: the Windows build, cross-compiled here and
//! checked under Wine, as CI does (`.ci/run`).
//!
//! It builds `steering-demos.exe` for `x86_64-pc-windows-gnu` (mingw-w64),
//! then, in a throw-away Wine prefix under `target/wine/`:
//! - asks `--version` and `--list` through a pipe (a window program that
//!   still answers in a terminal);
//! - opens the window under Xvfb and saves a screenshot, which must not be
//!   blank;
//! - installs the Start-menu shortcut, has Wine's own shell read it back
//!   (its target, folder and icon), and uninstalls it, leaving nothing.
//!
//! Wine 8 lacks `ProcessPrng` (bcryptprimitives.dll), which Rust's standard
//! library asks for; a small DLL built from `prng_shim.c` beside the
//! `.exe` answers it, for these checks only (Windows 10 and later have it).

use std::path::{Path, PathBuf};
use std::process::Command;

pub const TARGET: &str = "x86_64-pc-windows-gnu";
const WINE: &str = "/usr/lib/wine/wine64";
const WINESERVER: &str = "/usr/lib/wine/wineserver";
const MINGW_GCC: &str = "x86_64-w64-mingw32-gcc";

/// Builds the `.exe` (release) and returns its path.
pub fn build(cargo: &str, root: &Path, target_dir: &Path) -> Result<PathBuf, String> {
    crate::run(Command::new(cargo).current_dir(root).args([
        "build",
        "--release",
        "--locked",
        "--target",
        TARGET,
    ]))
    .map_err(|e| format!("{e} (needs `rustup target add {TARGET}` and gcc-mingw-w64-x86-64)"))?;
    Ok(target_dir.join(TARGET).join("release/steering-demos.exe"))
}

/// Every check above; the first that fails says what it saw.
pub fn check() -> Result<(), String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let ws = crate::Workspace::read(&cargo)?;
    let exe = build(&cargo, &ws.root, &ws.target)?;
    let wine = Wine::new(&ws.target.join("wine"), &exe)?;
    wine.answers_in_a_pipe()?;
    wine.window_and_picture()?;
    wine.shortcut_installed_and_removed()?;
    println!("windows: every check passed under Wine ({})", exe.display());
    Ok(())
}

/// A throw-away Wine prefix with the `.exe` (and the shim) in a folder.
pub struct Wine {
    folder: PathBuf,
    prefix: PathBuf,
    exe: PathBuf,
}

impl Wine {
    pub fn new(folder: &Path, built: &Path) -> Result<Self, String> {
        if !Path::new(WINE).exists() {
            return Err(format!(
                "no {WINE}: install Debian's wine64 (apt-get install wine64)"
            ));
        }
        let _ = std::fs::remove_dir_all(folder);
        let bin = folder.join("bin");
        std::fs::create_dir_all(&bin).map_err(|e| format!("{}: {e}", bin.display()))?;
        let exe = bin.join("steering-demos.exe");
        std::fs::copy(built, &exe).map_err(|e| format!("{}: {e}", exe.display()))?;
        let shim = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/prng_shim.c");
        crate::run(
            Command::new(MINGW_GCC)
                .args(["-shared", "-O2", "-o"])
                .arg(bin.join("bcryptprimitives.dll"))
                .arg(&shim)
                .arg("-ladvapi32"),
        )?;
        let wine = Self {
            prefix: folder.join("prefix"),
            folder: folder.to_path_buf(),
            exe,
        };
        crate::run(&mut wine.command("wineboot", &["-i"]))?;
        Ok(wine)
    }

    /// `program args` under this prefix, quiet, touching nothing outside
    /// `target/wine` (no menus of Wine's own, no Mono or Gecko prompts).
    fn command(&self, program: &str, args: &[&str]) -> Command {
        let mut command = Command::new(WINE);
        command.arg(program).args(args);
        self.prefixed(command)
    }

    /// `command` set to run in this prefix (its environment and folder).
    fn prefixed(&self, mut command: Command) -> Command {
        command
            .env("WINEPREFIX", &self.prefix)
            .env("WINEDEBUG", "-all")
            .env(
                "WINEDLLOVERRIDES",
                "winemenubuilder.exe=d;mscoree=d;mshtml=d",
            )
            .env("HOME", self.folder.join("home"))
            .env("XDG_DATA_HOME", self.folder.join("home/share"))
            .env_remove("XDG_CONFIG_HOME")
            .current_dir(self.exe.parent().unwrap_or(&self.folder));
        command
    }

    fn app(&self, args: &[&str]) -> Command {
        self.command(&self.exe.to_string_lossy(), args)
    }

    fn answers_in_a_pipe(&self) -> Result<(), String> {
        let version = text(crate::run_output(&mut self.app(&["--version"]))?);
        if !version.contains(TARGET) {
            return Err(format!(
                "--version says {version:?}, not the target {TARGET}"
            ));
        }
        let list = text(crate::run_output(&mut self.app(&["--list"]))?);
        if !list.contains("seek") || !list.contains("pedestrians") {
            return Err(format!("--list printed no scenes: {list:?}"));
        }
        println!("windows: {}", version.trim());
        Ok(())
    }

    /// Each headless run's checksum under Wine, two at a time.
    pub fn checksums(&self, rows: &[(Vec<String>, String)]) -> Result<Vec<String>, String> {
        crate::pin::in_parallel(rows, |(flags, _)| {
            let args: Vec<&str> = flags.iter().map(String::as_str).collect();
            self.checksum(&args)
        })
    }

    /// One headless run's checksum under Wine. A Windows program ends
    /// with an exit code, never a Unix signal: a run that died of one is
    /// Wine's own fault (Wine 8 died of SIGSEGV once in a CI run of these
    /// 156, on a row that then ran clean 23 times in a row), so that run
    /// is made once more, and said. A wrong checksum, or an error of the
    /// app's, is never run again.
    fn checksum(&self, args: &[&str]) -> Result<String, String> {
        use std::os::unix::process::ExitStatusExt;
        let mut command = self.app(args);
        let out = crate::output(&mut command)?;
        if let Some(signal) = out.status.signal() {
            let run = args.join(" ");
            println!("same-bits: Wine died of signal {signal} running {run}: once more");
            return crate::same_bits::checksum_of(&mut self.app(args), args);
        }
        crate::same_bits::checksum_in(&crate::checked(&command, out)?, args)
    }

    /// The window opens under Xvfb and its screenshot shows a scene.
    fn window_and_picture(&self) -> Result<(), String> {
        // The prefix's processes, started without a display, would keep
        // the window from one: stop them first.
        let mut stop = Command::new(WINESERVER);
        stop.arg("-k").env("WINEPREFIX", &self.prefix);
        let _ = stop.status();
        let _ = Command::new(WINESERVER)
            .arg("-w")
            .env("WINEPREFIX", &self.prefix)
            .status();
        let shot = self.folder.join("flock.png");
        let mut xvfb = Command::new("xvfb-run");
        xvfb.args(["-a", "-s", "-screen 0 1280x800x24", WINE]);
        let mut command = self.prefixed(xvfb);
        command
            .arg(&self.exe)
            .args(["--scene", "flock", "--frames", "30", "--screenshot"]);
        command.arg(&shot);
        crate::run_output(&mut command).map_err(|e| format!("{e} (needs xvfb)"))?;
        let colours = crate::pictures::colours(&shot)?;
        if colours < 16 {
            return Err(format!("{}: only {colours} colours: blank", shot.display()));
        }
        println!("windows: the window drew flock ({colours} colours)");
        Ok(())
    }

    /// `--install-desktop` writes the Start menu's shortcut, which Wine's
    /// shell reads back to the `.exe`, its folder and its icon; then
    /// `--uninstall-desktop` takes away exactly what it wrote.
    fn shortcut_installed_and_removed(&self) -> Result<(), String> {
        let roaming = self.roaming()?;
        let link = roaming.join("Microsoft/Windows/Start Menu/Programs/Steering Demos.lnk");
        let manifest = roaming.join("steering-demos/installed");
        crate::run_output(&mut self.app(&["--install-desktop"]))?;
        if !link.is_file() || !manifest.is_file() {
            return Err(format!("--install-desktop wrote no {}", link.display()));
        }
        // Wine's menu builder turns a shortcut into a Linux menu entry:
        // it must find the program, its folder and its icon in ours.
        let windows_link = "C:\\users\\steering\\AppData\\Roaming\\Microsoft\\Windows\\Start Menu\\Programs\\Steering Demos.lnk"
            .replace("steering", &user_of(&roaming));
        let mut read = self.command("winemenubuilder.exe", &["-w", &windows_link]);
        read.env("WINEDLLOVERRIDES", "mscoree=d;mshtml=d");
        crate::run_output(&mut read)?;
        let entry = self
            .folder
            .join("home/share/applications/wine/Programs/Steering Demos.desktop");
        let entry = std::fs::read_to_string(&entry)
            .map_err(|e| format!("Wine read no shortcut back ({}: {e})", entry.display()))?;
        let folder = self
            .exe
            .parent()
            .unwrap_or(&self.folder)
            .display()
            .to_string();
        let wanted = [
            "StartupWMClass=steering-demos.exe".to_string(),
            format!("Path={folder}"),
            "Icon=".to_string(),
        ];
        if let Some(missing) = wanted.iter().find(|w| !entry.contains(w.as_str())) {
            return Err(format!(
                "the shortcut as Wine reads it lacks {missing:?}:\n{entry}"
            ));
        }
        crate::run_output(&mut self.app(&["--uninstall-desktop"]))?;
        if link.exists() || manifest.exists() {
            return Err("--uninstall-desktop left the shortcut or its record".into());
        }
        println!("windows: the Start-menu shortcut installed, read back by Wine and removed");
        Ok(())
    }

    /// The prefix's roaming app data folder (`%APPDATA%`).
    fn roaming(&self) -> Result<PathBuf, String> {
        let users = self.prefix.join("drive_c/users");
        let entries = std::fs::read_dir(&users).map_err(|e| format!("{}: {e}", users.display()))?;
        (entries.filter_map(|e| Some(e.ok()?.path())))
            .map(|user| user.join("AppData/Roaming"))
            .find(|roaming| roaming.is_dir())
            .ok_or_else(|| format!("no user's AppData under {}", users.display()))
    }
}

/// The Windows user name in a prefix's `drive_c/users/NAME/AppData/Roaming`.
fn user_of(roaming: &Path) -> String {
    let user = roaming
        .parent()
        .and_then(Path::parent)
        .and_then(Path::file_name);
    user.map_or_else(String::new, |u| u.to_string_lossy().into_owned())
}

fn text(bytes: Vec<u8>) -> String {
    String::from_utf8_lossy(&bytes).into_owned()
}
