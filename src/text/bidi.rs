//! Right-to-left lines put in the order they are drawn.
//!
//! egui 0.31 and macroquad draw a string's characters left to right, in
//! the order they are stored. An Arabic line is stored as it is read,
//! from the right, with numbers and formula symbols (read left to right)
//! inside it; [`visual`] gives the characters in the order they stand on
//! the screen, from the left, by the Unicode bidirectional algorithm
//! (the `unicode-bidi` crate), after [`super::shape::shape`] has given
//! each letter its joined form. A line with a right-to-left letter in it
//! reads from the right, whatever it starts with; a line without one (a
//! formula inside an Arabic card) from the left.
//!
//! Only a line is ordered: text that wraps is cut into lines first, in
//! reading order, and each line ordered alone.

use super::shape::{needs_shaping, shape};
use std::borrow::Cow;
use unicode_bidi::{Level, ParagraphBidiInfo};

/// A line as drawn: its characters from left to right, and whether it
/// reads from the right (and so is aligned to the right).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Visual<'a> {
    pub text: Cow<'a, str>,
    pub rtl: bool,
}

/// `line` (one line, in reading order) shaped and in drawing order; a
/// line with no right-to-left letter is returned as it is.
pub fn visual(line: &str) -> Visual<'_> {
    if !needs_shaping(line) {
        return Visual {
            text: Cow::Borrowed(line),
            rtl: false,
        };
    }
    let shaped = shape(line);
    // A line with a right-to-left letter reads from the right, even one
    // that starts with a name or a number (the algorithm's own rule, its
    // first strong letter, would read "arrive: ..." from the left).
    let info = ParagraphBidiInfo::new(&shaped, Some(Level::rtl()));
    let (levels, runs) = info.visual_runs(0..shaped.len());
    let mut text = String::with_capacity(shaped.len());
    for run in runs {
        let piece = shaped[run.clone()].chars().filter(|&c| !is_mark(c));
        if levels[run.start].is_rtl() {
            text.extend(piece.rev().map(mirrored));
        } else {
            text.extend(piece);
        }
    }
    Visual {
        text: Cow::Owned(text),
        rtl: info.paragraph_level.is_rtl(),
    }
}

/// `text` cut into lines in reading order where a line may end
/// ([`super::lines::cut`]: at its spaces, and between Chinese characters),
/// each as long as `fits` allows; each line is then ordered alone ([`visual`]). A line of a paragraph
/// that reads from the right reads from the right too, even one with no
/// right-to-left letter of its own (a formula's end): it starts with a
/// right-to-left mark (U+200F).
pub fn wrap(text: &str, fits: impl Fn(&str) -> bool) -> Vec<String> {
    let mut lines = super::lines::cut(text, fits);
    if needs_shaping(text) {
        for line in lines.iter_mut().filter(|l| !needs_shaping(l)) {
            line.insert(0, '\u{200F}');
        }
    }
    lines
}

/// `separator` between the parts of a line (the HUD's status): read from
/// the right (`rtl`), marked right to left on both sides (U+200F), so a
/// separator between two numbers does not join them into one
/// left-to-right run, and each part reads as a whole.
pub fn between(separator: &str, rtl: bool) -> String {
    if rtl {
        format!("\u{200F}{separator}\u{200F}")
    } else {
        separator.to_string()
    }
}

/// The directional marks (left-to-right, right-to-left, Arabic letter
/// mark), embeddings and isolates: they order, and are not drawn.
pub fn is_mark(c: char) -> bool {
    matches!(c, '\u{200E}' | '\u{200F}' | '\u{061C}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// A bracket in a right-to-left run faces the other way (`(` is drawn
/// as `)`), as Unicode's mirrored characters do.
fn mirrored(c: char) -> char {
    match c {
        '(' => ')',
        ')' => '(',
        '[' => ']',
        ']' => '[',
        '{' => '}',
        '}' => '{',
        '<' => '>',
        '>' => '<',
        '«' => '»',
        '»' => '«',
        c => c,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_arabic_line_is_drawn_from_the_right_with_its_numbers_left_to_right() {
        // "speed 120 px" in Arabic: the word السرعة (drawn last, at the
        // right), then the number, read left to right.
        let line = visual("السرعة 120 px");
        assert!(line.rtl);
        let speed: String = shape("السرعة").chars().rev().collect();
        assert_eq!(line.text, format!("px 120 {speed}"));
        // A decimal number keeps its digits' order, and a bracket turns.
        let line = visual("القوة (0,5)");
        let force: String = shape("القوة").chars().rev().collect();
        assert_eq!(line.text, format!("(0,5) {force}"));
        // Marked right to left, a separator keeps two runs apart (read
        // from the right: tick, 29, then 0.13, ms), and the marks are
        // not drawn. Unmarked, "29 | 0.13 ms" would be one run.
        let tick: String = shape("نبضة").chars().rev().collect();
        let line = visual("نبضة 29\u{200F} | \u{200F}0.13 ms");
        assert_eq!(line.text, format!("ms 0.13 | 29 {tick}"));
    }

    #[test]
    fn an_isolated_path_keeps_its_order() {
        // "save in ~/Pictures (XDG)": the path isolated left to right.
        let save: String = shape("احفظ في").chars().rev().collect();
        let line = visual("احفظ في \u{2066}~/Pictures/steering-demos\u{2069}");
        assert_eq!(line.text, format!("~/Pictures/steering-demos {save}"));
        // A sentence that starts with an isolated value reads from the
        // right all the same.
        let line = visual("\u{2068}arrive\u{2069}: السعي");
        assert!(line.rtl);
        // Not isolated, its leading neutrals would go to the far side.
        let loose = visual("احفظ في ~/Pictures");
        assert_ne!(loose.text, format!("~/Pictures {save}"));
    }

    #[test]
    fn a_line_without_arabic_reads_from_the_left_untouched() {
        let plain = visual("steering = desired - velocity");
        assert!(!plain.rtl);
        assert!(matches!(plain.text, Cow::Borrowed(_)));
        // With an Arabic word in it, a line reads from the right: first
        // "v = 3" (one left-to-right run, at the right), then the word.
        let line = visual("v = 3 بكسل");
        assert!(line.rtl);
        let pixel: String = shape("بكسل").chars().rev().collect();
        assert_eq!(line.text, format!("{pixel} v = 3"));
    }

    #[test]
    fn a_wrapped_arabic_paragraph_reads_from_the_right_on_every_line() {
        // "someone within max_queue_radius of position: velocity * ...",
        // cut so its last line is all formula: that line is still set
        // against the right edge, its symbols left to right.
        let text = "أحد ضمن max_queue_radius من position: velocity * hard_stop_factor";
        let lines = wrap(text, |l| l.chars().count() <= 40);
        assert_eq!(lines.len(), 2, "{lines:?}");
        let last = visual(&lines[1]);
        assert!(last.rtl, "{lines:?}");
        assert_eq!(last.text, "velocity * hard_stop_factor");
        // English wraps as it always did: no mark, left to right.
        let lines = wrap("steering = desired - velocity", |l| l.len() <= 12);
        assert!(lines.iter().all(|l| !visual(l).rtl && l.is_ascii()));
    }
}
