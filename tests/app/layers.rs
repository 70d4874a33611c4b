//! The crate's layers only look down (see the crate docs): each module
//! names, in `crate::` paths, only the modules below it, and the platform's
//! differences (`target_arch = "wasm32"`) stay at its edges. This reads the
//! sources, so it fails on the line that breaks a rule.

use std::path::{Path, PathBuf};

/// A layer, and the top-level modules its code may name (besides itself).
/// `overlay` (shapes as data) and `stopwatch` (the clock) import nothing.
/// Scenario tests above `steer` may use `testing`, the test-only helpers
/// that run a shipped scene.
const LAYERS: &[(&str, &[&str])] = &[
    ("steer", &[]),
    ("overlay", &[]),
    ("stopwatch", &[]),
    ("quote", &[]),
    // A new file's messages quote the path a person gave.
    ("newfile", &["quote"]),
    ("camera", &[]),
    (
        "sim",
        &["steer", "overlay", "stopwatch", "quote", "testing"],
    ),
    ("scenes", &["sim", "steer", "overlay", "testing"]),
    (
        "config",
        &["scenes", "sim", "steer", "quote", "newfile", "testing"],
    ),
];

/// Every module of the crate that a `crate::` path can name.
const MODULES: &[&str] = &[
    "app",
    "camera",
    "cli",
    "clip",
    "config",
    "controls",
    "desktop",
    "docs",
    "layout",
    "link",
    "newfile",
    "overlay",
    "quote",
    "scenes",
    "sim",
    "steer",
    "stopwatch",
    "testing",
];

/// The platform edges, where `target_arch = "wasm32"` may appear.
const EDGES: &[&str] = &[
    "src/main.rs",
    "src/window.rs",
    "src/files.rs",
    "src/stepping.rs",
    "src/stopwatch.rs",
    "src/controls.rs",
    "src/desktop.rs",
    // Declares `clip` (the GIF recorder) for the desktop only.
    "src/lib.rs",
];
const MAX_PLATFORM_SITES: usize = 12;

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a line: without a `//` comment (a doc comment may name
/// another layer in a link; that is not an import).
fn code(line: &str) -> &str {
    line.split("//").next().unwrap_or("")
}

fn all_sources() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    sources(&root.join("src"), &mut files);
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("a readable source");
            let rel = p.strip_prefix(root).unwrap().to_string_lossy().into_owned();
            (rel, text)
        })
        .collect()
}

#[test]
fn every_layer_names_only_the_layers_below_it() {
    let mut broken = Vec::new();
    for (path, text) in all_sources() {
        let Some((layer, allowed)) = LAYERS.iter().find(|(layer, _)| {
            path == format!("src/{layer}.rs") || path.starts_with(&format!("src/{layer}/"))
        }) else {
            continue;
        };
        for (n, line) in text.lines().enumerate() {
            let line = code(line);
            for module in MODULES {
                let named = format!("crate::{module}");
                let hit = line.match_indices(&named).any(|(at, _)| {
                    let after = line[at + named.len()..].chars().next();
                    let before = line[..at].chars().last();
                    !after.is_some_and(|c| c.is_alphanumeric() || c == '_') && before != Some('$')
                });
                if hit && module != layer && !allowed.contains(module) {
                    broken.push(format!("{path}:{}: {layer} names {module}", n + 1));
                }
            }
        }
    }
    assert!(broken.is_empty(), "upward imports:\n{}", broken.join("\n"));
}
#[test]
fn the_platform_shows_only_at_the_edges() {
    let mut sites = Vec::new();
    for (path, text) in all_sources() {
        for (n, line) in text.lines().enumerate() {
            if code(line).contains("target_arch = \"wasm32\"") {
                sites.push((path.clone(), n + 1));
            }
        }
    }
    let inside: Vec<String> = sites
        .iter()
        .filter(|(path, _)| !EDGES.contains(&path.as_str()))
        .map(|(path, line)| format!("{path}:{line}"))
        .collect();
    assert!(
        inside.is_empty(),
        "the platform named outside its edges:\n{}",
        inside.join("\n")
    );
    assert!(
        sites.len() <= MAX_PLATFORM_SITES,
        "{} `target_arch = \"wasm32\"` sites, at most {MAX_PLATFORM_SITES}",
        sites.len()
    );
}

/// The simulation takes its sines and cosines from libm (`steer::unit`),
/// never from the platform: the page's and glibc's differ in the last bit,
/// and a link must run the same in both. Test code may use anything.
#[test]
fn the_simulation_uses_no_platform_trigonometry() {
    const PLATFORM: [&str; 9] = [
        ".sin()",
        ".cos()",
        ".sin_cos()",
        ".tan()",
        ".atan2(",
        ".acos()",
        ".asin()",
        "from_angle(",
        "to_angle(",
    ];
    let mut found = Vec::new();
    for (path, text) in all_sources() {
        let simulation = ["src/steer", "src/sim", "src/scenes"]
            .iter()
            .any(|d| path.starts_with(d));
        if !simulation || path.ends_with("tests.rs") {
            continue;
        }
        // A file's own tests sit at its end, in `mod tests`.
        let body = text.split("#[cfg(test)]\nmod tests").next().unwrap_or("");
        for (n, line) in body.lines().enumerate() {
            if PLATFORM.iter().any(|call| code(line).contains(call)) {
                found.push(format!("{path}:{}: {}", n + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "platform trigonometry in the simulation:\n{}",
        found.join("\n")
    );
}
