//! Project tasks, run as `cargo xtask <task>` (the alias is in
//! `.cargo/config.toml`):
//!
//! - `web`: builds the app for `wasm32-unknown-unknown` into `target/web/`:
//!   index.html, steering-demos.wasm (size-optimised, without egui's emoji
//!   fonts (fonts.rs), then `wasm-opt -Oz` when binaryen is installed) and
//!   the JavaScript loaders, taken from the macroquad (and quad-url) crates
//!   this build resolved. It fails when the .wasm is over its size budget.
//! - `screenshots`: makes the README's pictures from the current release
//!   build, one per scene and two of the lab, under Xvfb
//!   (`assets/screenshots/`).
//! - `docs`: writes the files made from the declarations in `src/`
//!   (demos.toml, the README's scene and controls tables,
//!   src/text/scenes.en.txt) through the tests that check them, run with
//!   `STEERING_DEMOS_BLESS=1`.
//! - `fonts`: cuts each script's font to the characters its table uses
//!   (fonts.rs), into `assets/fonts/`.
//! - `pin`: writes tests/pins.tsv, the checksums the tests pin every scene
//!   and variant to, from headless runs of the release build (pin.rs).
//! - `dist`: writes what people download into `target/dist/` (the
//!   Windows zip, the Linux tar.gz and `.deb`, the page's zip; a macOS
//!   `.app` around a binary built on a Mac) with `SHA256SUMS` (dist.rs).
//! - `windows`: cross-builds the `.exe` and checks it under Wine: a window
//!   and its picture, the Start-menu shortcut installed and removed
//!   (windows.rs).
//! - `same-bits`: every pinned run on Linux, on Windows under Wine and in
//!   the page, each checksum the pinned one (same_bits.rs).

mod dist;
mod fonts;
mod languages;
mod peers;
mod pictures;
mod pin;
mod same_bits;
mod windows;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

const TARGET: &str = "wasm32-unknown-unknown";
const PROFILE: &str = "web";
const WASM: &str = "steering-demos.wasm";
/// What a visitor downloads, at most: raw and gzipped. The budget leaves
/// room for more lessons (each some 10 KB) while keeping the page quick
/// to load; how it grew is in `benches/README.md`.
const BUDGET_BYTES: u64 = 3_150_000;
const BUDGET_GZIP_BYTES: u64 = 1_500_000;

const USAGE: &str = "usage: cargo xtask <task>

tasks:
  web    build the web page into target/web/ (index.html, the .wasm, the loaders)
  docs   write demos.toml, the README's scene and controls tables and the scenes' words from src/
  screenshots [NAME...]  make the README's pictures (or those named) from the release build (needs xvfb-run)
  pin    write tests/pins.tsv, every scene's pinned checksums, from the release build
  windows  cross-build the .exe and check it under Wine: a window and its picture, the Start-menu shortcut
  same-bits  every pinned run on Linux, on Windows under Wine and in the page: every checksum the pinned one
  dist [windows] [linux] [web] [macos BINARY]  write what people download into target/dist/, with SHA256SUMS
  peers [AGENTS:TICKS...]  RVO2's Circle here, in RVO2's C++ library (pyrvo) and in dodgy_2d, one thread: time per agent-step, arrivals, overlaps (needs g++, pip)
  fonts  cut each script's font (assets/fonts/) to the characters its table uses (needs python3-fonttools, fonts-noto-cjk)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["web"] => web(),
        ["docs"] => docs(),
        ["pin"] => pin::pin(),
        ["windows"] => windows::check(),
        ["same-bits"] => same_bits::check(),
        ["dist", ref what @ ..] => dist::dist(what),
        ["fonts"] => fonts::cut(),
        ["peers", ref sizes @ ..] => peers::peers(sizes),
        ["screenshots", ref only @ ..] => pictures::screenshots(only),
        [] | ["help"] | ["--help"] | ["-h"] => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        _ => {
            eprintln!("xtask: unknown task {:?}\n{USAGE}", args.join(" "));
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask {}: {message}", args.join(" "));
            ExitCode::FAILURE
        }
    }
}

/// Writes the generated files: the test that compares them, told to write.
fn docs() -> Result<(), String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    run(Command::new(&cargo)
        .args(["test", "--quiet", "--lib", "--", "docs::", "words::"])
        .env("STEERING_DEMOS_BLESS", "1"))?;
    println!("wrote demos.toml, the README's scene and controls tables and src/text/scenes.en.txt");
    Ok(())
}

/// What `cargo metadata` says about this workspace.
struct Workspace {
    root: PathBuf,
    target: PathBuf,
    /// The folder of each resolved package, by name.
    packages: Vec<(String, PathBuf)>,
}

impl Workspace {
    fn read(cargo: &str) -> Result<Self, String> {
        let out = run_output(Command::new(cargo).args([
            "metadata",
            "--format-version",
            "1",
            "--locked",
        ]))?;
        let meta: serde_json::Value = serde_json::from_slice(&out)
            .map_err(|e| format!("cannot read `cargo metadata`: {e}"))?;
        let path = |key: &str| {
            meta[key]
                .as_str()
                .map(PathBuf::from)
                .ok_or(format!("`cargo metadata` has no {key}"))
        };
        let packages = meta["packages"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|p| {
                let name = p["name"].as_str()?.to_string();
                let manifest = Path::new(p["manifest_path"].as_str()?);
                Some((name, manifest.parent()?.to_path_buf()))
            })
            .collect();
        Ok(Self {
            root: path("workspace_root")?,
            target: path("target_directory")?,
            packages,
        })
    }

    fn package(&self, name: &str) -> Option<&Path> {
        self.packages
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, dir)| dir.as_path())
    }
}

fn web() -> Result<(), String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    ensure_target()?;
    let ws = Workspace::read(&cargo)?;

    step(&format!(
        "cargo build --profile {PROFILE} --target {TARGET}"
    ));
    run(Command::new(&cargo).current_dir(&ws.root).args([
        "build",
        "--locked",
        "--package",
        "steering-demos",
        "--bin",
        "steering-demos",
        "--profile",
        PROFILE,
        "--target",
        TARGET,
    ]))?;
    let built = ws.target.join(TARGET).join(PROFILE).join(WASM);

    let out = ws.target.join("web");
    if out.exists() {
        std::fs::remove_dir_all(&out)
            .map_err(|e| format!("cannot clear {}: {e}", out.display()))?;
    }
    std::fs::create_dir_all(&out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let wasm = out.join(WASM);
    // Without the fonts the page does without, before wasm-opt, which then
    // leaves their zeros out.
    let optimised = optimise(&fonts::without_emoji(&built)?, &wasm)?;

    write_page(&ws, &out)?;
    check_budget(&wasm, optimised)?;
    println!(
        "serve it, for example: python3 -m http.server --bind 127.0.0.1 --directory {} 8000",
        out.display()
    );
    Ok(())
}

/// The page around the wasm: its loaders, index.html and favicon.
fn write_page(ws: &Workspace, out: &Path) -> Result<(), String> {
    // The loaders come from the crates this build resolved, so they always
    // match the Rust side's version.
    let macroquad = ws
        .package("macroquad")
        .ok_or("macroquad is not among the resolved packages")?;
    copy(
        &macroquad.join("js/mq_js_bundle.js"),
        &out.join("mq_js_bundle.js"),
    )?;
    let mut plugins = String::new();
    // quad-url hands strings over through sapp-jsutils' JS objects.
    if let Some(jsutils) = ws.package("sapp-jsutils") {
        copy(
            &jsutils.join("js/sapp_jsutils.js"),
            &out.join("sapp_jsutils.js"),
        )?;
        plugins.push_str("<script src=\"sapp_jsutils.js\"></script>");
    }
    // egui opens links through quad-url, and the page's address carries
    // the run's link through it: the page provides its functions.
    if let Some(quad_url) = ws.package("quad-url") {
        copy(&quad_url.join("js/quad-url.js"), &out.join("quad-url.js"))?;
        plugins.push_str("<script src=\"quad-url.js\"></script>");
    }
    let page = include_str!("index.html").replace("<!--PLUGINS-->", &plugins);
    let page = with_words(&page, include_str!("../../src/text/en.txt"))?;
    write(&out.join("index.html"), page.as_bytes())?;
    languages::write(&ws.root, out)?;
    copy(
        &ws.root.join("assets/icons/steering-demos-64.png"),
        &out.join("favicon.png"),
    )?;
    // The pinned runs, which the page runs itself at `#pins` (same_bits.rs).
    copy(&ws.root.join(pin::FILE), &out.join("pins.tsv"))?;
    Ok(())
}

/// The page's template with each `{{key}}` replaced by the key's words
/// in the app's table (`key = text` lines, as `src/text.rs` reads them).
/// The words go into HTML and JavaScript strings, so they may hold no
/// markup, quote or backslash; a key the table lacks is an error.
fn with_words(template: &str, table: &str) -> Result<String, String> {
    let mut page = String::new();
    let mut rest = template;
    while let Some(open) = rest.find("{{") {
        page.push_str(&rest[..open]);
        let after = &rest[open + 2..];
        let close = after.find("}}").ok_or("index.html: a {{ without }}")?;
        let key = &after[..close];
        let words = table
            .lines()
            .find_map(|line| line.strip_prefix(key)?.strip_prefix(" = "))
            .ok_or(format!("index.html: {key} is not in src/text/en.txt"))?;
        if words.contains(['<', '>', '&', '"', '\\']) {
            return Err(format!(
                "src/text/en.txt: {key} cannot go into the page as it is"
            ));
        }
        page.push_str(words);
        rest = &after[close + 2..];
    }
    page.push_str(rest);
    Ok(page)
}

/// Says the wasm's size and fails when it is over its budget.
fn check_budget(wasm: &Path, optimised: bool) -> Result<(), String> {
    let size = file_size(wasm)?;
    let gzipped = gzip_size(wasm)?;
    println!(
        "target/web: {WASM} {} ({} gzipped); budget {} ({} gzipped)",
        mb(size),
        mb(gzipped),
        mb(BUDGET_BYTES),
        mb(BUDGET_GZIP_BYTES)
    );
    if size > BUDGET_BYTES || gzipped > BUDGET_GZIP_BYTES {
        let hint = if optimised {
            ""
        } else {
            "; it was not post-optimised: install wasm-opt (Debian: apt-get install binaryen)"
        };
        return Err(format!(
            "{WASM} is over its budget: {} ({} gzipped), at most {} ({} gzipped){hint}",
            mb(size),
            mb(gzipped),
            mb(BUDGET_BYTES),
            mb(BUDGET_GZIP_BYTES)
        ));
    }
    Ok(())
}

/// Installs the wasm target through rustup when it is missing.
fn ensure_target() -> Result<(), String> {
    let Ok(installed) = run_output(Command::new("rustup").args(["target", "list", "--installed"]))
    else {
        // No rustup: the toolchain's own sysroot decides; cargo says if not.
        return Ok(());
    };
    if String::from_utf8_lossy(&installed)
        .lines()
        .any(|l| l.trim() == TARGET)
    {
        return Ok(());
    }
    step(&format!("rustup target add {TARGET}"));
    run(Command::new("rustup").args(["target", "add", TARGET]))
}

/// `wasm-opt -Oz` when binaryen is installed, else a plain copy.
/// Copies the .wasm from `from` to `to`, through `wasm-opt` when it is
/// installed; says whether it was.
fn optimise(from: &Path, to: &Path) -> Result<bool, String> {
    let have_wasm_opt = Command::new("wasm-opt")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !have_wasm_opt {
        println!(
            "wasm-opt not found (Debian: apt-get install binaryen): the .wasm is not post-optimised"
        );
        return copy(from, to).map(|()| false);
    }
    step("wasm-opt -Oz --converge");
    // The features rustc enables by default for this target.
    run(Command::new("wasm-opt")
        .args([
            "-Oz",
            // Until a round of passes finds nothing more to take out: a
            // few hundred bytes gzipped, a few seconds.
            "--converge",
            "--enable-bulk-memory",
            "--enable-mutable-globals",
            "--enable-nontrapping-float-to-int",
            "--enable-sign-ext",
            "--enable-reference-types",
            "--enable-multivalue",
        ])
        .arg(from)
        .arg("-o")
        .arg(to))
    .map(|()| true)
}

fn gzip_size(path: &Path) -> Result<u64, String> {
    let out = run_output(Command::new("gzip").args(["-9", "-c"]).arg(path))?;
    Ok(out.len() as u64)
}

fn mb(bytes: u64) -> String {
    format!("{:.2} MB", bytes as f64 / 1e6)
}

fn step(what: &str) {
    println!("== {what}");
}

fn file_size(path: &Path) -> Result<u64, String> {
    std::fs::metadata(path)
        .map(|m| m.len())
        .map_err(|e| format!("cannot read {}: {e}", path.display()))
}

fn copy(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::copy(from, to)
        .map(drop)
        .map_err(|e| format!("cannot copy {} to {}: {e}", from.display(), to.display()))
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

fn describe(command: &Command) -> String {
    let mut text = command.get_program().to_string_lossy().into_owned();
    for arg in command.get_args() {
        text.push(' ');
        text.push_str(&arg.to_string_lossy());
    }
    text
}

/// Runs a command with its output shown; fails on a non-zero exit.
fn run(command: &mut Command) -> Result<(), String> {
    let status = command
        .status()
        .map_err(|e| format!("cannot run `{}`: {e}", describe(command)))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{}` failed ({status})", describe(command)))
    }
}

/// Runs a command and returns its stdout; stderr is shown on failure.
fn run_output(command: &mut Command) -> Result<Vec<u8>, String> {
    let out = output(command)?;
    checked(command, out)
}

/// Runs a command to its end, whatever its status; an error only if it
/// cannot start.
fn output(command: &mut Command) -> Result<std::process::Output, String> {
    (command.output()).map_err(|e| format!("cannot run `{}`: {e}", describe(command)))
}

/// What `command` wrote, if `out` says it succeeded; else why not.
fn checked(command: &Command, out: std::process::Output) -> Result<Vec<u8>, String> {
    if out.status.success() {
        Ok(out.stdout)
    } else {
        Err(format!(
            "`{}` failed ({}): {}",
            describe(command),
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::with_words;

    /// Every word of the page is in the app's table, and goes in whole.
    #[test]
    fn the_page_takes_its_words_from_the_table() {
        let table = include_str!("../../src/text/en.txt");
        let page = with_words(include_str!("index.html"), table).expect("every key known");
        assert!(!page.contains("{{"), "a key left in the page");
        assert!(page.contains("<title>Steering Demos</title>"));
        assert!(page.contains("share: \"Loading {share}%\""));
        assert!(with_words("{{page.nothing}}", table).is_err());
    }
}
