//! The crate's layers only look down: each module names, in `crate::`
//! (or `steering_demos::`) paths, only the modules its row of the layer
//! table in `src/lib.rs` allows, and the platform's differences
//! (`target_arch = "wasm32"`) stay at its edges. This reads the sources
//! and the table, so it fails on the line that breaks a rule, and the
//! crate docs show the very rule it checks.

use std::path::{Path, PathBuf};

/// A row of the layer table: its modules, and the modules they may name
/// (besides themselves).
struct Row {
    modules: Vec<String>,
    allowed: Vec<String>,
}

/// The layer table of the crate docs (`src/lib.rs`), read row by row.
/// A cell of modules is backquoted names (rustdoc links or not, with a
/// note in brackets); "may import" is such names, "nothing of the crate",
/// or "the rows above".
fn layer_table() -> Vec<Row> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let lib = std::fs::read_to_string(root.join("src/lib.rs")).expect("src/lib.rs");
    let names = |cell: &str| -> Vec<String> {
        let cell = cell.split(" (").next().unwrap_or("");
        cell.split(',')
            .map(|name| name.trim().trim_matches(['[', ']', '`']).to_string())
            .filter(|name| !name.is_empty())
            .collect()
    };
    let mut rows: Vec<Row> = Vec::new();
    let lines = lib.lines().filter_map(|l| l.strip_prefix("//! | "));
    for line in lines.skip(1) {
        let cells: Vec<&str> = line.trim_end_matches(" |").split(" | ").collect();
        let [modules, _owns, may] = cells[..] else {
            panic!("a layer row has three cells: {line}");
        };
        let allowed = match may {
            "nothing of the crate" => Vec::new(),
            "the rows above" => rows.iter().flat_map(|r| r.modules.clone()).collect(),
            list => names(list),
        };
        rows.push(Row {
            modules: names(modules),
            allowed,
        });
    }
    rows
}

/// Every module in the table.
fn modules(rows: &[Row]) -> Vec<&str> {
    rows.iter()
        .flat_map(|r| r.modules.iter().map(String::as_str))
        .collect()
}

/// The module a source file belongs to: `src/NAME.rs` or `src/NAME/...`
/// (`None` for `src/lib.rs`, the root that declares them).
fn module_of(path: &str) -> Option<&str> {
    let rest = path.strip_prefix("src/")?;
    let name = rest.split('/').next()?.trim_end_matches(".rs");
    (name != "lib").then_some(name)
}

/// The platform edges, where `target_arch = "wasm32"` may appear.
const EDGES: &[&str] = &[
    "src/main.rs",
    // Where an event line goes: stdout, or the page's console.
    "src/window/options.rs",
    "src/files.rs",
    "src/stepping.rs",
    "src/stopwatch.rs",
    "src/controls.rs",
    "src/desktop.rs",
    // Declares `clip` (the GIF recorder) for the desktop only.
    "src/lib.rs",
    // Which translation tables a build carries (the page's none).
    "src/text/language.rs",
    // The page's own plugin: which language the browser prefers.
    "src/window/fetch.rs",
];
// 15: the page's language plugin (src/window/fetch.rs) added two.
const MAX_PLATFORM_SITES: usize = 15;

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

/// Whether `line` names `module` in a path of the crate (not a longer
/// name, nor a macro's `$crate`).
fn names(line: &str, module: &str) -> bool {
    ["crate::", "steering_demos::"].iter().any(|root| {
        let named = format!("{root}{module}");
        line.match_indices(&named).any(|(at, _)| {
            let after = line[at + named.len()..].chars().next();
            let before = line[..at].chars().last();
            !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
                && !before.is_some_and(|c| c == '$' || c.is_alphanumeric() || c == '_')
        })
    })
}

#[test]
fn every_layer_names_only_the_layers_below_it() {
    let rows = layer_table();
    let all = modules(&rows);
    let mut broken = Vec::new();
    for (path, text) in all_sources() {
        let Some(layer) = module_of(&path) else {
            continue;
        };
        let Some(row) = rows.iter().find(|r| r.modules.iter().any(|m| m == layer)) else {
            broken.push(format!(
                "{path}: module {layer} has no row in the layer table"
            ));
            continue;
        };
        for (n, line) in text.lines().enumerate() {
            let line = code(line);
            for &module in &all {
                let allowed = module == layer
                    || module == "testing"
                    || row.allowed.iter().any(|m| m == module);
                if !allowed && names(line, module) {
                    broken.push(format!("{path}:{}: {layer} names {module}", n + 1));
                }
            }
        }
    }
    assert!(broken.is_empty(), "upward imports:\n{}", broken.join("\n"));
}

/// The table names no module that is not there, and none twice.
#[test]
fn the_layer_table_names_every_module_once() {
    let rows = layer_table();
    let all = modules(&rows);
    assert!(all.len() >= 20, "the layer table has {} modules", all.len());
    let present: Vec<String> = all_sources()
        .iter()
        .filter_map(|(path, _)| module_of(path).map(str::to_string))
        .collect();
    for module in &all {
        assert!(
            present.iter().any(|p| p == module),
            "the layer table names {module}, which is not in src/"
        );
        let rows_naming = all.iter().filter(|m| m == &module).count();
        assert_eq!(rows_naming, 1, "{module} is in {rows_naming} rows");
    }
    for row in &rows {
        for allowed in &row.allowed {
            assert!(all.contains(&allowed.as_str()), "{allowed} has no row");
        }
    }
}

/// The rule reads what it should: a path to a module above is caught,
/// a longer name or a macro's `$crate` is not.
#[test]
fn an_upward_path_is_seen() {
    assert!(names("use crate::app::App;", "app"));
    assert!(names("steering_demos::sim::runner", "sim"));
    assert!(!names("use crate::apple;", "app"));
    assert!(!names("$crate::sim::knobs", "sim"));
    assert!(!names("my_crate::sim", "sim"));
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
