//! The window's words read back with OCR (tesseract), as a learner
//! reads them: a strip or a block of a photograph, cropped and upscaled.

use super::support::Session;
use std::process::Command;
use steering_demos::layout::Rect;

/// Reads a strip of a window picture back with OCR (tesseract, upscaled
/// 3x as a person leans in): the words a learner has to read.
pub(crate) fn read_back(s: &Session, img: &str, strip: Rect) -> String {
    ocr(s, img, strip, "7", "eng").trim().to_string()
}

/// [`read_back`] for a block of lines, joined by spaces.
pub(crate) fn read_back_block(s: &Session, img: &str, block: Rect) -> String {
    ocr(s, img, block, "6", "eng").replace('\n', " ")
}

/// Tesseract's text of a part of a window picture, in page mode `psm`,
/// read as language `lang` (tesseract's code: eng, fra, nor, spa).
pub(crate) fn ocr(s: &Session, img: &str, strip: Rect, psm: &str, lang: &str) -> String {
    let src = s.shots.join(format!("{img}.png"));
    let out = s.shots.join(format!("{img}-{psm}-strip.png"));
    let crop = format!(
        "{}x{}+{}+{}",
        strip.w.round(),
        strip.h.round(),
        strip.x.round(),
        strip.y.round()
    );
    s.tool(
        "convert",
        &[
            src.to_str().unwrap(),
            "-crop",
            &crop,
            "-resize",
            "300%",
            "-quality",
            "10",
            out.to_str().unwrap(),
        ],
    );
    let text = Command::new("tesseract")
        .args([out.to_str().unwrap(), "-", "--psm", psm, "-l", lang])
        // One thread: its OpenMP threads spin waiting for each other, which
        // on a busy machine made each strip take seconds instead of a blink.
        .env("OMP_THREAD_LIMIT", "1")
        .output()
        .expect("tesseract runs");
    String::from_utf8_lossy(&text.stdout).into_owned()
}
