//! The integration tests, one binary: the crate is linked once, not once a
//! file (tests/allocations.rs stays apart, as it counts allocations with
//! its own global allocator). Each module is one subject; the window and
//! page tests need tools beyond Rust (see skip.rs), and the last test here
//! says which of them did not run.

mod checksums;
mod desktop;
mod headless;
mod knobs;
mod layers;
mod presets;
mod scale;
mod skip;
mod trust;
mod typed;
mod web;
mod window;

use std::io::Write as _;

/// Named to sort last, so that libtest starts it last and cargo, running
/// this binary after tests/allocations.rs, prints it near the end of the
/// run: every test that passed without running is named, with how to get
/// what it needs. Under CI (`CI=true`) anything missing is a failure.
#[test]
fn zz_what_did_not_run() {
    let mut notes: Vec<String> = (skip::NEEDS.iter())
        .map(|need| (need, need.missing()))
        .filter(|(_, missing)| !missing.is_empty())
        .map(|(need, missing)| format!("{}: missing {missing:?} ({})", need.what, need.how))
        .collect();
    let languages = skip::ocr_lacks(&skip::OCR_LANGUAGES);
    if skip::OCR.missing().is_empty() && !languages.is_empty() {
        let how = skip::OCR_LANGUAGES_HOW;
        notes.push(format!(
            "OCR of the translations: missing {languages:?} ({how})"
        ));
    }
    let page = web::missing();
    if !page.is_empty() {
        notes.push(format!("page test: missing {}", page.join(", ")));
    }
    if notes.is_empty() {
        return;
    }
    let _ = writeln!(
        std::io::stderr(),
        "\nNOT RUN (these tests passed without running):\n  {}\n",
        notes.join("\n  ")
    );
    assert!(!skip::ci(), "under CI every test runs: {notes:?}");
}
