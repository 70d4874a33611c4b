//! Text cut into lines where a reader of its language expects a line to
//! end: after a space, and in Chinese between any two characters, except
//! before the punctuation a Chinese line never starts with (`，。：；！？）`
//! and their kin) and after the brackets it never ends with (`（「《`).
//!
//! egui 0.31 breaks Chinese between ideographs too, but it knows only the
//! ASCII and Japanese forms of that punctuation: it would start a line
//! with a full-width colon or comma. So the lab's panes and the window's
//! own text cut Chinese here, as they cut Arabic, and hand each line over
//! whole.

/// `text` cut into lines in reading order, each as long as `fits` allows:
/// a line ends where one may (see the module's docs) and without the
/// spaces it ended at; a piece too long for a line has a line of its own.
pub fn cut(text: &str, fits: impl Fn(&str) -> bool) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for piece in pieces(text) {
        let longer = format!("{line}{piece}");
        if line.trim_end().is_empty() || fits(longer.trim_end()) {
            line = longer;
        } else {
            lines.push(line.trim_end().to_string());
            line = piece.to_string();
        }
    }
    lines.push(line.trim_end().to_string());
    lines
}

/// Whether `text` has a character that breaks without spaces (Chinese),
/// and so must be cut here rather than by egui.
pub fn breaks_without_spaces(text: &str) -> bool {
    text.chars().any(is_ideograph)
}

/// `text` as the pieces no line may split: each ends where a line may end
/// (with the spaces after it).
fn pieces(text: &str) -> Vec<&str> {
    let mut pieces = Vec::new();
    let mut start = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((_, c)) = chars.next() {
        if let Some(&(next_at, next)) = chars.peek()
            && may_end_between(c, next)
        {
            pieces.push(&text[start..next_at]);
            start = next_at;
        }
    }
    if start < text.len() {
        pieces.push(&text[start..]);
    }
    pieces
}

/// Whether a line may end between `before` and `after`.
fn may_end_between(before: char, after: char) -> bool {
    if after == ' ' {
        return false;
    }
    if before == ' ' {
        return true;
    }
    let chinese = is_ideograph(before) || is_ideograph(after) || is_wide(before);
    chinese && !never_starts_a_line(after) && !never_ends_a_line(before)
}

/// A Chinese (or Japanese) ideograph or kana.
fn is_ideograph(c: char) -> bool {
    matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}' | '\u{3040}'..='\u{30FF}')
}

/// Full-width punctuation, after which a Chinese line may end.
fn is_wide(c: char) -> bool {
    matches!(c, '\u{3000}'..='\u{303F}' | '\u{FF00}'..='\u{FFEF}')
}

/// Punctuation a line never starts with: closing marks, and those that
/// end a clause, in their full-width and ASCII forms.
fn never_starts_a_line(c: char) -> bool {
    "，。、：；！？）》」』】〕〉…·,.:;!?)]}%".contains(c)
}

/// Brackets a line never ends with: the opening ones.
fn never_ends_a_line(c: char) -> bool {
    "（《「『【〔〈([{".contains(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lines of at most `n` characters.
    fn at_most(n: usize) -> impl Fn(&str) -> bool {
        move |line: &str| line.chars().count() <= n
    }

    #[test]
    fn latin_is_cut_at_its_spaces_and_keeps_every_word() {
        let lines = cut("the seeker slows down inside the radius", at_most(16));
        assert_eq!(lines, ["the seeker slows", "down inside the", "radius"]);
        assert_eq!(
            cut("unbreakable_identifier here", at_most(4))[0],
            "unbreakable_identifier"
        );
    }

    #[test]
    fn chinese_is_cut_between_characters_but_never_before_its_punctuation() {
        // "speed: the agent's speed, in pixels" with a full-width colon
        // and comma: wherever the width falls, no line starts with either.
        let text = "速度：智能体的速度，以像素计（每秒）。";
        for n in 2..text.chars().count() {
            let lines = cut(text, at_most(n));
            assert_eq!(lines.concat(), text, "nothing lost at {n}");
            for line in &lines[1..] {
                let first = line.chars().next().unwrap();
                assert!(!never_starts_a_line(first), "{line:?} at {n}");
            }
            for line in &lines[..lines.len() - 1] {
                let last = line.chars().last().unwrap();
                assert!(!never_ends_a_line(last), "{line:?} ends open at {n}");
            }
        }
        assert_eq!(cut(text, at_most(3))[..2], ["速度：", "智能体"]);
    }

    #[test]
    fn a_formula_inside_chinese_stays_whole() {
        let lines = cut("期望速度 = max_speed × 方向", at_most(12));
        assert!(lines.iter().any(|l| l.contains("max_speed")), "{lines:?}");
        assert!(breaks_without_spaces("期望"));
        assert!(!breaks_without_spaces("désirée ¿qué?"));
    }
}
