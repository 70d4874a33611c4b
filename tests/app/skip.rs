//! Some tests need more than Rust: an X server and its tools, OCR, the
//! desktop-file validator, Chromium and the built page. Without them such
//! a test passes without running, so it says so twice: a line on the
//! terminal when it skips, and a note at the end of the run from
//! `zz_what_did_not_run` (in main.rs), which names everything missing and
//! how to get it. Under CI (`CI=true`) a skip is a failure.

use std::io::Write as _;
use std::process::Command;

/// What a group of tests needs, and how a person gets it.
pub(crate) struct Need {
    pub(crate) what: &'static str,
    pub(crate) tools: &'static [&'static str],
    pub(crate) how: &'static str,
}

/// The window tests: a private X server, keys and clicks, photographs.
pub(crate) const WINDOW: Need = Need {
    what: "window tests",
    tools: &["Xvfb", "xdotool", "import", "xprop"],
    how: "apt-get install xvfb xauth xdotool x11-utils imagemagick",
};

/// The window tests that only start an X server (the app runs alone).
pub(crate) const XVFB: Need = Need {
    tools: &["Xvfb"],
    ..WINDOW
};

/// Reading the window's words back.
pub(crate) const OCR: Need = Need {
    what: "window OCR checks",
    tools: &["tesseract"],
    how: "apt-get install tesseract-ocr",
};

/// Validating the menu entry `--install-desktop` writes.
pub(crate) const VALIDATOR: Need = Need {
    what: "desktop entry validation",
    tools: &["desktop-file-validate"],
    how: "apt-get install desktop-file-utils",
};

/// Every need but the page's (see `crate::web::missing`).
pub(crate) const NEEDS: [&Need; 3] = [&WINDOW, &OCR, &VALIDATOR];

pub(crate) fn ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}

pub(crate) fn have(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

impl Need {
    pub(crate) fn missing(&self) -> Vec<String> {
        (self.tools.iter())
            .filter(|t| !have(t))
            .map(|t| t.to_string())
            .collect()
    }

    /// Whether the test can run: `false`, and it says it was skipped,
    /// when something is missing; under CI that is a failure.
    pub(crate) fn met(&self) -> bool {
        can_run(self.what, &self.missing(), self.how)
    }
}

/// Tesseract's data for the languages the window's translations are
/// read back in.
pub(crate) const OCR_LANGUAGES: [&str; 5] = ["fra", "nor", "spa", "chi_sim", "ara"];

/// The OCR languages of `wanted` tesseract lacks (all, without tesseract).
pub(crate) fn ocr_lacks(wanted: &[&str]) -> Vec<String> {
    let listed = Command::new("tesseract").arg("--list-langs").output();
    let listed = listed.map(|o| String::from_utf8_lossy(&o.stdout).into_owned());
    let listed = listed.unwrap_or_default();
    (wanted.iter())
        .filter(|lang| !listed.lines().any(|l| l.trim() == **lang))
        .map(|lang| format!("tesseract's {lang}"))
        .collect()
}

/// Whether tesseract reads `wanted`; else says so, as [`can_run`] does.
pub(crate) fn ocr_reads(wanted: &[&str]) -> bool {
    can_run(
        "OCR of the translations",
        &ocr_lacks(wanted),
        OCR_LANGUAGES_HOW,
    )
}

pub(crate) const OCR_LANGUAGES_HOW: &str = "apt-get install tesseract-ocr-fra tesseract-ocr-nor tesseract-ocr-spa tesseract-ocr-chi-sim tesseract-ocr-ara";

/// `true` when nothing is `missing`; else says what is skipped and why,
/// and fails under CI.
pub(crate) fn can_run(what: &str, missing: &[String], how: &str) -> bool {
    if missing.is_empty() {
        return true;
    }
    assert!(
        !ci(),
        "{what} cannot run under CI: missing {missing:?} ({how})"
    );
    // Straight to the terminal: libtest captures only the print macros.
    let _ = writeln!(
        std::io::stderr(),
        "{what} skipped: missing {missing:?} ({how})"
    );
    false
}
