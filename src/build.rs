//! Build script: gathers the shipped presets, so a scene's presets are
//! found by name (`assets/presets/<scene>-*.toml`), never listed by hand.
//! It writes `$OUT_DIR/presets.rs`, one `(name, text)` row a file, sorted
//! by name, which `config::preset::SHIPPED` includes; and
//! `$OUT_DIR/demos.toml`, the shipped settings without their comment
//! lines (each left blank, so a line number still points at its line),
//! which `config::EMBEDDED` is: the doc lines are the declarations' own,
//! and the page downloads every byte it carries (6 KB gzipped).

use std::path::Path;

fn main() {
    let folder = Path::new("assets/presets");
    // A folder: cargo re-runs this when any file in it is added, removed
    // or changed.
    println!("cargo:rerun-if-changed={}", folder.display());
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .expect("assets/presets is in the crate")
        .filter_map(|e| {
            let path = e.ok()?.path();
            let toml = path.extension().is_some_and(|e| e == "toml");
            toml.then(|| path.file_stem()?.to_str().map(str::to_owned))?
        })
        .collect();
    names.sort();
    let root = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let rows: String = names
        .iter()
        .map(|name| {
            let path = Path::new(&root).join(folder).join(format!("{name}.toml"));
            format!(
                "    ({name:?}, include_str!({:?})),\n",
                path.display().to_string()
            )
        })
        .collect();
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    std::fs::write(Path::new(&out).join("presets.rs"), format!("&[\n{rows}]\n"))
        .expect("OUT_DIR is writable");

    println!("cargo:rerun-if-changed=demos.toml");
    let shipped = std::fs::read_to_string("demos.toml").expect("demos.toml is in the crate");
    let bare: String = shipped
        .lines()
        .map(|line| {
            let comment = line.trim_start().starts_with('#');
            if comment {
                "\n".to_string()
            } else {
                format!("{line}\n")
            }
        })
        .collect();
    std::fs::write(Path::new(&out).join("demos.toml"), bare).expect("OUT_DIR is writable");
}
