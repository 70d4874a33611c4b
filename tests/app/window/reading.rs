//! The window's pictures read: as pixels (the PPM `import` writes, kept
//! as a PNG), and its words with OCR (tesseract), as a learner reads
//! them: a strip or a block of a photograph, cropped and upscaled.

use super::support::Session;
use image::RgbaImage;
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
    let mut texts = ocr_all(s, &[(img, strip)], psm, lang);
    texts.pop().unwrap_or_default()
}

/// [`ocr`] of several parts of window pictures in one tesseract run, a
/// text each: loading a language's model costs more than reading a line
/// (a third of a second for French, half for Chinese).
pub(crate) fn ocr_all(s: &Session, strips: &[(&str, Rect)], psm: &str, lang: &str) -> Vec<String> {
    let mut list = String::new();
    for (k, (img, strip)) in strips.iter().enumerate() {
        let src = s.shots.join(format!("{img}.png"));
        let out = s.shots.join(format!("{img}-{psm}-{k}-strip.png"));
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
        list += &format!("{}\n", out.display());
    }
    // A list of images is read as the pages of one document.
    let listed = s.shots.join(format!("ocr-{psm}-{lang}.txt"));
    std::fs::write(&listed, list).expect("the shots folder is writable");
    let text = Command::new("tesseract")
        .args([listed.to_str().unwrap(), "-", "--psm", psm, "-l", lang])
        // One thread: its OpenMP threads spin waiting for each other, which
        // on a busy machine made each strip take seconds instead of a blink.
        .env("OMP_THREAD_LIMIT", "1")
        .output()
        .expect("tesseract runs");
    let text = String::from_utf8_lossy(&text.stdout);
    // Every page but the last is ended by a form feed.
    let pages: Vec<String> = text.split('\u{c}').map(str::to_string).collect();
    assert!(
        pages.len() >= strips.len(),
        "tesseract read {} of {} strips: {text:?}",
        pages.len(),
        strips.len()
    );
    pages[..strips.len()].to_vec()
}

/// A binary PPM (P6, 8 bits a channel) as RGBA; `None` if it is not one.
pub(crate) fn from_ppm(bytes: &[u8]) -> Option<RgbaImage> {
    // The header: P6, width, height and the largest value, each after
    // white space (ImageMagick writes no comments).
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while bytes.get(at)?.is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while !bytes.get(at)?.is_ascii_whitespace() {
            at += 1;
        }
        fields.push(std::str::from_utf8(&bytes[start..at]).ok()?);
    }
    let [magic, w, h, max] = fields[..] else {
        return None;
    };
    let (w, h): (u32, u32) = (w.parse().ok()?, h.parse().ok()?);
    if magic != "P6" || max != "255" {
        return None;
    }
    let rgb = bytes.get(at + 1..at + 1 + (w * h * 3) as usize)?;
    let rgba = rgb.chunks_exact(3).flat_map(|p| [p[0], p[1], p[2], 255]);
    RgbaImage::from_raw(w, h, rgba.collect())
}

/// Writes `img` as a PNG at zlib's fastest level, unfiltered.
pub(crate) fn save_fast(img: &RgbaImage, path: &std::path::Path) {
    use image::ImageEncoder as _;
    use image::codecs::png::{CompressionType, FilterType, PngEncoder};
    let file = std::fs::File::create(path).expect("the shots folder is writable");
    let encoder = PngEncoder::new_with_quality(
        std::io::BufWriter::new(file),
        CompressionType::Fast,
        FilterType::NoFilter,
    );
    let (w, h) = img.dimensions();
    (encoder.write_image(img.as_raw(), w, h, image::ColorType::Rgba8)).expect("a PNG is written");
}
