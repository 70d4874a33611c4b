//! Arabic letters in the form their neighbours give them.
//!
//! An Arabic letter has up to four shapes: alone, joined to the letter
//! before it (final), to the one after (initial), or to both (medial);
//! lam followed by alef is one ligature. A shaper picks them from a font's
//! layout tables, but neither egui 0.31 nor macroquad's text shapes, and
//! both draw one character at a time. So the shapes are picked here, as
//! characters: Unicode's Arabic Presentation Forms-B (U+FE70 to U+FEFF)
//! encode each letter's four shapes, and a font with them (Noto Sans
//! Arabic) draws them joined. This is enough for the modern Arabic of
//! the tables (no marks that stack, no Persian or Urdu letters); a letter
//! without presentation forms is drawn as it is.

/// How a letter joins: on both sides (dual), only to the letter before
/// it (right, as alef), or not at all.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Joining {
    Dual,
    Right,
    /// Tatweel, the joining stroke: joins on both sides, has no forms.
    Causing,
    /// Vowel marks: skipped when finding a letter's neighbours.
    Transparent,
    None,
}

/// A letter's isolated form, and whether it has initial and medial ones
/// (dual-joining letters do; right-joining ones have two forms).
fn forms(c: char) -> Option<(u32, Joining)> {
    use Joining::{Dual, Right};
    let (first, joining) = match c {
        '\u{0621}' => (0xFE80, Joining::None),
        '\u{0622}' => (0xFE81, Right),
        '\u{0623}' => (0xFE83, Right),
        '\u{0624}' => (0xFE85, Right),
        '\u{0625}' => (0xFE87, Right),
        '\u{0626}' => (0xFE89, Dual),
        '\u{0627}' => (0xFE8D, Right),
        '\u{0628}' => (0xFE8F, Dual),
        '\u{0629}' => (0xFE93, Right),
        '\u{062A}'..='\u{062E}' => (0xFE95 + 4 * (c as u32 - 0x062A), Dual),
        '\u{062F}'..='\u{0632}' => (0xFEA9 + 2 * (c as u32 - 0x062F), Right),
        '\u{0633}'..='\u{063A}' => (0xFEB1 + 4 * (c as u32 - 0x0633), Dual),
        '\u{0641}'..='\u{0647}' => (0xFED1 + 4 * (c as u32 - 0x0641), Dual),
        '\u{0648}' => (0xFEED, Right),
        // Alef maksura joins on both sides, but Forms-B has only its
        // isolated and final forms: it is written last in a word anyway.
        '\u{0649}' => (0xFEEF, Right),
        '\u{064A}' => (0xFEF1, Dual),
        _ => return None,
    };
    Some((first, joining))
}

fn joining(c: char) -> Joining {
    match c {
        '\u{0640}' => Joining::Causing,
        '\u{064B}'..='\u{065F}' | '\u{0670}' => Joining::Transparent,
        c => forms(c).map_or(Joining::None, |(_, j)| j),
    }
}

/// The lam-alef ligature's isolated form for an alef after lam.
fn lam_alef(alef: char) -> Option<u32> {
    match alef {
        '\u{0622}' => Some(0xFEF5),
        '\u{0623}' => Some(0xFEF7),
        '\u{0625}' => Some(0xFEF9),
        '\u{0627}' => Some(0xFEFB),
        _ => None,
    }
}

const LAM: char = '\u{0644}';

/// Whether `text` has a letter [`shape`] changes or a right-to-left
/// character [`super::bidi`] reorders (Hebrew and Arabic's blocks).
pub fn needs_shaping(text: &str) -> bool {
    text.chars().any(|c| {
        ('\u{0590}'..='\u{08FF}').contains(&c)
            || ('\u{FB1D}'..='\u{FEFC}').contains(&c)
            || c == '\u{200F}'
    })
}

/// `text` (in logical order, as typed) with each Arabic letter replaced
/// by its contextual form, and lam-alef by its ligature.
pub fn shape(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    // The nearest letter before and after `i`, vowel marks skipped.
    let neighbour = |mut i: usize, step: isize| loop {
        i = i.checked_add_signed(step)?;
        let c = *chars.get(i)?;
        if joining(c) != Joining::Transparent {
            return Some(c);
        }
    };
    let joins_after =
        |c: Option<char>| matches!(c.map(joining), Some(Joining::Dual | Joining::Causing));
    let joins_before = |c: Option<char>| {
        matches!(
            c.map(joining),
            Some(Joining::Dual | Joining::Right | Joining::Causing)
        )
    };
    let mut out = String::with_capacity(text.len() * 2);
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let Some((isolated, kind)) = forms(c) else {
            out.push(c);
            i += 1;
            continue;
        };
        let before = joins_after(neighbour(i, -1));
        // Lam then alef: one ligature, joined before as lam would be.
        let ligature = chars.get(i + 1).copied().and_then(lam_alef);
        if let Some(ligature) = ligature.filter(|_| c == LAM) {
            out.extend(char::from_u32(ligature + u32::from(before)));
            i += 2;
            continue;
        }
        let after = kind == Joining::Dual && joins_before(neighbour(i, 1));
        let before = before && kind != Joining::None;
        let form = match (before, after) {
            (false, false) => 0,
            (true, false) => 1,
            (false, true) => 2,
            (true, true) => 3,
        };
        out.extend(char::from_u32(isolated + form));
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(text: &str) -> Vec<u32> {
        shape(text).chars().map(|c| c as u32).collect()
    }

    #[test]
    fn a_letter_takes_the_form_its_neighbours_give_it() {
        // بيت (house): beh initial, yeh medial, teh final.
        assert_eq!(codes("بيت"), [0xFE91, 0xFEF4, 0xFE96]);
        // ب alone; two words: each joins within itself only.
        assert_eq!(codes("ب"), [0xFE8F]);
        assert_eq!(codes("بب بب"), [0xFE91, 0xFE90, 0x20, 0xFE91, 0xFE90]);
        // دار (house): dal and alef join nothing after them, so each of
        // the three letters stands alone.
        assert_eq!(codes("دار"), [0xFEA9, 0xFE8D, 0xFEAD]);
        // سرعة (speed): seen initial, reh final, ain initial, teh marbuta final.
        assert_eq!(codes("سرعة"), [0xFEB3, 0xFEAE, 0xFECB, 0xFE94]);
    }

    #[test]
    fn lam_alef_is_one_ligature_and_marks_are_passed_over() {
        // لا alone, and after a joining letter (كلا: kaf initial, lam-alef final).
        assert_eq!(codes("لا"), [0xFEFB]);
        assert_eq!(codes("كلا"), [0xFEDB, 0xFEFC]);
        assert_eq!(codes("الأمام"), [0xFE8D, 0xFEF7, 0xFEE3, 0xFE8E, 0xFEE1]);
        // A vowel mark between two letters does not break their join.
        assert_eq!(codes("بَت"), [0xFE91, 0x064E, 0xFE96]);
        // Latin, digits and punctuation pass as they are.
        assert_eq!(shape("v = 1.5"), "v = 1.5");
        assert!(!needs_shaping("max_speed 1,5 ñ 中文"));
        assert!(needs_shaping("السرعة"));
    }
}
