//! The page's translations, beside it: the `.wasm` speaks English only (its
//! size budget), and fetches a language's table and its script's font
//! when the language is chosen (src/window/fetch.rs). Each is its own file
//! under `target/web/lang/`, at most [`BUDGET_GZIP_BYTES`] gzipped.

use std::path::Path;

/// The most a language's file may weigh, gzipped.
pub const BUDGET_GZIP_BYTES: u64 = 150_000;

/// Writes `lang/CODE.txt` for each translation in `src/text/` and
/// `lang/CODE.font` for each script font in `assets/fonts/`, one line each.
pub fn write(root: &Path, out: &Path) -> Result<(), String> {
    let dir = out.join("lang");
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let mut files = Vec::new();
    for code in ["nb", "zh", "fr", "ar", "es"] {
        files.push((
            root.join(format!("src/text/{code}.txt")),
            format!("{code}.txt"),
        ));
    }
    for cut in &crate::fonts::CUTS {
        files.push((root.join(cut.out), format!("{}.font", cut.code)));
    }
    for (from, name) in files {
        let to = dir.join(&name);
        crate::copy(&from, &to)?;
        let gzipped = crate::gzip_size(&to)?;
        println!("target/web/lang/{name}: {} gzipped", crate::mb(gzipped));
        if gzipped > BUDGET_GZIP_BYTES {
            return Err(format!(
                "lang/{name} is {} gzipped, over its {} budget",
                crate::mb(gzipped),
                crate::mb(BUDGET_GZIP_BYTES)
            ));
        }
    }
    Ok(())
}
