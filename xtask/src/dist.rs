//! `cargo xtask dist [windows] [linux] [web] [macos BINARY]`: what a person
//! downloads, in `target/dist/`, each named with the version and the
//! target, and `SHA256SUMS` listing every file there with its SHA-256.
//! With no names, the three this Linux machine can build: windows, linux,
//! web.
//!
//! - windows: a zip of the `.exe` (icon embedded), the README and the
//!   fonts' licence.
//! - linux: a tar.gz of the binary, the desktop entry, the icons, the
//!   README and the licence; and the `.deb`, laid out from the package's
//!   `[package.metadata.deb]` (one list for both) and built by `dpkg-deb`.
//! - web: a zip of the page (`cargo xtask web`), to serve from anywhere.
//! - macos: an `.app` bundle (Info.plist, the icon as `.icns`, the binary
//!   in `Contents/MacOS`), zipped, around a binary built on a Mac
//!   (`cargo build --release` there): nothing here can build or run one.

use crate::{Workspace, run, run_output};
use std::path::{Path, PathBuf};
use std::process::Command;

#[path = "dist_formats.rs"]
mod formats;

const NAME: &str = "steering-demos";
/// The licence shipped beside the app: the Open Font License of the
/// fonts it carries (the crate itself declares none yet).
const LICENCE: &str = "assets/fonts/OFL.txt";
const ICON_SIZES: [u32; 5] = [16, 32, 64, 128, 256];

pub fn dist(args: &[&str]) -> Result<(), String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let ws = Workspace::read(&cargo)?;
    let out = ws.target.join("dist");
    std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let version = version(&ws)?;
    let wanted: Vec<&str> = if args.is_empty() {
        vec!["windows", "linux", "web"]
    } else {
        args.to_vec()
    };
    let mut rest = wanted.iter();
    while let Some(&what) = rest.next() {
        match what {
            "windows" => windows(&cargo, &ws, &out, &version)?,
            "linux" => linux(&cargo, &ws, &out, &version)?,
            "web" => web(&ws, &out, &version)?,
            "macos" => {
                let binary = rest.next().ok_or(
                    "macos needs the path of a binary built on a Mac: \
                     cargo xtask dist macos PATH/TO/steering-demos",
                )?;
                macos(&ws, &out, &version, Path::new(binary))?
            }
            other => return Err(format!("no artifact {other:?}: windows, linux, web, macos")),
        }
    }
    sums(&out)
}

/// The package's version, as `cargo metadata` says.
fn version(ws: &Workspace) -> Result<String, String> {
    let manifest =
        std::fs::read_to_string(ws.root.join("Cargo.toml")).map_err(|e| e.to_string())?;
    (manifest.lines())
        .find_map(|l| l.strip_prefix("version = \"")?.strip_suffix('"'))
        .map(String::from)
        .ok_or_else(|| "Cargo.toml names no version".into())
}

fn windows(cargo: &str, ws: &Workspace, out: &Path, version: &str) -> Result<(), String> {
    let exe = crate::windows::build(cargo, &ws.root, &ws.target)?;
    let target = crate::windows::TARGET;
    let zip = out.join(format!("{NAME}-{version}-{target}.zip"));
    let folder = format!("{NAME}-{version}");
    let files = [
        (format!("{folder}/{NAME}.exe"), exe),
        (format!("{folder}/README.md"), ws.root.join("README.md")),
        (format!("{folder}/LICENCE-fonts.txt"), ws.root.join(LICENCE)),
    ];
    formats::zip(&zip, &files)?;
    println!("wrote {}", zip.display());
    Ok(())
}

/// The `.deb`'s files as `[package.metadata.deb]` lists them: (source,
/// path in the package).
fn deb_assets(ws: &Workspace) -> Result<Vec<(PathBuf, String)>, String> {
    let manifest =
        std::fs::read_to_string(ws.root.join("Cargo.toml")).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    for line in manifest
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("[\""))
    {
        let parts: Vec<&str> = line.split('"').collect();
        let (Some(from), Some(to)) = (parts.get(1), parts.get(3)) else {
            continue;
        };
        let file = Path::new(from)
            .file_name()
            .map(|f| f.to_string_lossy().into_owned());
        let to = match (to.ends_with('/'), file) {
            (true, Some(file)) => format!("{to}{file}"),
            _ => to.to_string(),
        };
        out.push((ws.root.join(from), to));
    }
    if out.is_empty() {
        return Err("Cargo.toml's [package.metadata.deb] lists no assets".into());
    }
    Ok(out)
}

fn linux(cargo: &str, ws: &Workspace, out: &Path, version: &str) -> Result<(), String> {
    run(Command::new(cargo)
        .current_dir(&ws.root)
        .args(["build", "--release", "--locked"]))?;
    let host = host_target()?;
    let assets = deb_assets(ws)?;
    // The tar.gz: the same files, flat but for the icons.
    let stage = ws.target.join("dist-stage");
    let _ = std::fs::remove_dir_all(&stage);
    let folder = stage.join(format!("{NAME}-{version}"));
    for (from, to) in &assets {
        let to = to.strip_prefix("usr/share/").unwrap_or(to);
        let to = to.strip_prefix("usr/").unwrap_or(to);
        let to = to.strip_prefix("doc/steering-demos/").unwrap_or(to);
        copy(from, &folder.join(to))?;
    }
    copy(&ws.root.join(LICENCE), &folder.join("LICENCE-fonts.txt"))?;
    let tar = out.join(format!("{NAME}-{version}-{host}.tar.gz"));
    run(Command::new("tar")
        .args([
            "--sort=name",
            "--owner=0",
            "--group=0",
            "--numeric-owner",
            "-czf",
        ])
        .arg(&tar)
        .arg("-C")
        .arg(&stage)
        .arg(format!("{NAME}-{version}")))?;
    println!("wrote {}", tar.display());
    // The .deb: the listed files where they go, and its control file.
    let root = stage.join("deb");
    for (from, to) in &assets {
        copy(from, &root.join(to))?;
    }
    copy(
        &ws.root.join(LICENCE),
        &root.join("usr/share/doc/steering-demos/copyright"),
    )?;
    let arch = String::from_utf8_lossy(&run_output(
        Command::new("dpkg").arg("--print-architecture"),
    )?)
    .trim()
    .to_string();
    let control = formats::deb_control(
        &std::fs::read_to_string(ws.root.join("Cargo.toml")).map_err(|e| e.to_string())?,
        version,
        &arch,
    )?;
    let debian = root.join("DEBIAN");
    std::fs::create_dir_all(&debian).map_err(|e| e.to_string())?;
    std::fs::write(debian.join("control"), control).map_err(|e| e.to_string())?;
    let deb = out.join(format!("{NAME}_{version}_{arch}.deb"));
    run(Command::new("dpkg-deb")
        .args(["--root-owner-group", "--build"])
        .arg(&root)
        .arg(&deb))?;
    println!("wrote {}", deb.display());
    Ok(())
}

fn web(ws: &Workspace, out: &Path, version: &str) -> Result<(), String> {
    crate::web()?;
    let page = ws.target.join("web");
    let mut files = Vec::new();
    collect(&page, &page, &mut files)?;
    let folder = format!("{NAME}-{version}-web");
    let files: Vec<(String, PathBuf)> = (files.into_iter())
        .map(|(relative, path)| (format!("{folder}/{relative}"), path))
        .collect();
    let zip = out.join(format!("{folder}.zip"));
    formats::zip(&zip, &files)?;
    println!("wrote {}", zip.display());
    Ok(())
}

fn macos(ws: &Workspace, out: &Path, version: &str, binary: &Path) -> Result<(), String> {
    let bytes = std::fs::read(binary).map_err(|e| format!("{}: {e}", binary.display()))?;
    if !formats::is_mach_o(&bytes) {
        return Err(format!(
            "{} is not a macOS binary: build it on a Mac (cargo build --release)",
            binary.display()
        ));
    }
    let pngs: Vec<(u32, Vec<u8>)> = (ICON_SIZES.iter())
        .map(|&s| {
            let path = ws.root.join(format!("assets/icons/{NAME}-{s}.png"));
            std::fs::read(&path)
                .map(|b| (s, b))
                .map_err(|e| format!("{}: {e}", path.display()))
        })
        .collect::<Result<_, _>>()?;
    let stage = ws.target.join("dist-stage/macos");
    let _ = std::fs::remove_dir_all(&stage);
    let contents = stage.join("Steering Demos.app/Contents");
    let write = |path: PathBuf, bytes: &[u8]| -> Result<(), String> {
        std::fs::create_dir_all(path.parent().unwrap_or(&stage)).map_err(|e| e.to_string())?;
        std::fs::write(&path, bytes).map_err(|e| format!("{}: {e}", path.display()))
    };
    write(
        contents.join("Info.plist"),
        formats::info_plist(version).as_bytes(),
    )?;
    write(
        contents.join(format!("Resources/{NAME}.icns")),
        &formats::icns(&pngs),
    )?;
    write(contents.join(format!("MacOS/{NAME}")), &bytes)?;
    let mut files = Vec::new();
    collect(&stage, &stage, &mut files)?;
    let zip = out.join(format!("{NAME}-{version}-macos.zip"));
    formats::zip(&zip, &files)?;
    println!("wrote {}", zip.display());
    Ok(())
}

fn host_target() -> Result<String, String> {
    let out = run_output(Command::new("rustc").arg("-vV"))?;
    (String::from_utf8_lossy(&out).lines())
        .find_map(|l| l.strip_prefix("host: ").map(String::from))
        .ok_or_else(|| "rustc -vV names no host".into())
}

fn copy(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::create_dir_all(to.parent().unwrap_or(Path::new("."))).map_err(|e| e.to_string())?;
    std::fs::copy(from, to)
        .map(|_| ())
        .map_err(|e| format!("{} to {}: {e}", from.display(), to.display()))
}

/// Every file under `dir`, by its path relative to `root` (with `/`), sorted.
fn collect(root: &Path, dir: &Path, out: &mut Vec<(String, PathBuf)>) -> Result<(), String> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| Some(e.ok()?.path()))
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect(root, &path, out)?;
        } else {
            let relative = path.strip_prefix(root).map_err(|e| e.to_string())?;
            let parts: Vec<String> = (relative.components())
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            out.push((parts.join("/"), path));
        }
    }
    Ok(())
}

/// `SHA256SUMS`: every artifact in `out` with its SHA-256, as `sha256sum`
/// writes (and `sha256sum -c` checks) them.
fn sums(out: &Path) -> Result<(), String> {
    let mut names: Vec<String> = std::fs::read_dir(out)
        .map_err(|e| e.to_string())?
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n != "SHA256SUMS")
        .collect();
    names.sort();
    let listed = run_output(Command::new("sha256sum").current_dir(out).args(&names))?;
    std::fs::write(out.join("SHA256SUMS"), &listed).map_err(|e| e.to_string())?;
    print!("{}", String::from_utf8_lossy(&listed));
    println!("wrote {}", out.join("SHA256SUMS").display());
    Ok(())
}
