use super::*;
use std::path::Path;

/// Every `.rs` file under `dir`, with its text.
fn sources(dir: &Path, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).expect("a readable source");
            out.push((path.display().to_string(), text));
        }
    }
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The code outside a file's own tests (they sit at its end).
fn without_tests(text: &str) -> &str {
    text.split("#[cfg(test)]").next().unwrap_or("")
}

/// The string literals of `code` (plain ones; an escaped quote ends none).
fn literals(code: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(open) = rest.find('"') {
        let after = &rest[open + 1..];
        let mut end = 0;
        let bytes = after.as_bytes();
        while end < bytes.len() && bytes[end] != b'"' {
            end += if bytes[end] == b'\\' { 2 } else { 1 };
        }
        let end = end.min(after.len());
        out.push(&after[..end]);
        rest = after.get(end + 1..).unwrap_or("");
    }
    out
}

#[test]
fn every_english_message_has_words() {
    let english = Catalogue::parse(ENGLISH).expect("the English table reads");
    let keys: Vec<&str> = english.keys().collect();
    assert!(keys.len() > 40, "{} keys", keys.len());
    for key in keys {
        let text = english.get(key).unwrap();
        assert!(!text.trim().is_empty(), "{key} says nothing");
        let shape = key.split('.').count() == 2
            && key
                .chars()
                .all(|c| c.is_ascii_lowercase() || c == '.' || c == '-');
        assert!(shape, "{key}: a key is section.name in lowercase");
    }
}

/// A key in the code is in the table, and a key in the table is used
/// (by the sources, or by the page's template through `{{key}}`).
#[test]
fn the_table_and_the_code_name_the_same_keys() {
    let english = english();
    let sections: Vec<&str> = english
        .keys()
        .map(|k| k.split('.').next().unwrap())
        .collect();
    let mut files = Vec::new();
    sources(&root().join("src"), &mut files);
    let page = std::fs::read_to_string(root().join("xtask/src/index.html")).expect("the page");
    let mut used = Vec::new();
    for (path, text) in &files {
        if path.contains("src/text/") {
            continue;
        }
        for literal in literals(text) {
            let keyish = literal.split_once('.').is_some_and(|(section, name)| {
                sections.contains(&section)
                    && !name.is_empty()
                    && name.chars().all(|c| c.is_ascii_lowercase() || c == '-')
            });
            if keyish {
                assert!(
                    english.get(literal).is_some(),
                    "{path}: {literal} is not in en.txt"
                );
                used.push(literal.to_string());
            }
        }
    }
    for key in english.keys() {
        let on_page = page.contains(&format!("{{{{{key}}}}}"));
        assert!(
            on_page || used.iter().any(|u| u == key),
            "{key} is in en.txt but nothing uses it"
        );
    }
}

#[test]
fn a_missing_message_falls_back_to_english() {
    let other = Catalogue::parse("hud.paused = EN PAUSE\n").unwrap();
    assert_eq!(text_in(Some(&other), "hud.paused"), "EN PAUSE");
    assert_eq!(text_in(Some(&other), "hud.forces-on"), "forces on");
    assert_eq!(text_in(None, "hud.paused"), "PAUSED");
    assert!(Catalogue::parse("a.b = x\na.b = y\n").is_err());
    assert!(Catalogue::parse("no equals sign\n").is_err());
}

#[test]
fn numbers_go_in_by_name() {
    let filled = fill("hud.forces-some", &[("agents", &"1,000"), ("shown", &200)]);
    assert_eq!(filled, "forces: 200 of 1,000");
    // A name not given stays as written, so a missing one shows.
    assert_eq!(fill("hud.agents", &[]), "agents {count}");
    assert_eq!(text("hud.separator"), "  |  ");
}

/// The drawing code and the window, each file with its text.
fn drawing_code() -> Vec<(String, String)> {
    let mut files = Vec::new();
    sources(&root().join("src/render"), &mut files);
    sources(&root().join("src/window"), &mut files);
    let window = root().join("src/window.rs");
    let window_text = std::fs::read_to_string(&window).unwrap();
    files.push((window.display().to_string(), window_text));
    files
}

/// A scene's words reach the screen through their keys (`crate::words`),
/// never read straight from its declaration where they are drawn.
#[test]
fn scene_words_are_drawn_through_their_keys() {
    const DECLARED: [&str; 9] = [
        "decl.title",
        "decl().title",
        "scene.title",
        ".lessons[",
        ".roles",
        "knob.doc",
        "m.label()",
        "meaning.label()",
        "label(card.idea",
    ];
    let mut found = Vec::new();
    for (path, text) in drawing_code() {
        for (n, line) in without_tests(&text).lines().enumerate() {
            if let Some(d) = DECLARED.iter().find(|d| line.contains(*d)) {
                found.push(format!("{path}:{}: {d}", n + 1));
            }
        }
    }
    assert!(
        found.is_empty(),
        "drawn without a key:\n{}",
        found.join("\n")
    );
}

/// Drawing code draws words from the table: no literal with letters
/// goes to a drawing or egui call, and render/ formats no words.
#[test]
fn no_words_in_the_drawing_code() {
    const CALLS: [&str; 10] = [
        "draw_text(",
        ".label(",
        ".button(",
        "RichText::new(",
        "on_hover_text(",
        "x_axis_label(",
        "CollapsingHeader::new(",
        "selected_text(",
        "checkbox(",
        "format!(",
    ];
    let files = drawing_code();
    let mut found = Vec::new();
    for (path, text) in &files {
        let code = without_tests(text);
        for call in CALLS {
            // Event lines (a stable interface) are formatted in the window.
            if call == "format!(" && !path.contains("render") {
                continue;
            }
            for (at, _) in code.match_indices(call) {
                let after = code[at + call.len()..].trim_start();
                let Some(literal) = after.strip_prefix('"').and_then(|a| a.split('"').next())
                else {
                    continue;
                };
                let mut words = literal.to_string();
                while let (Some(a), Some(b)) = (words.find('{'), words.find('}')) {
                    if b < a {
                        break;
                    }
                    words.replace_range(a..=b, "");
                }
                if words.chars().any(|c| c.is_alphabetic()) {
                    found.push(format!("{path}: {call}\"{literal}\""));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "words outside the table:\n{}",
        found.join("\n")
    );
}

/// The `{names}` a message fills in, sorted.
fn blanks(text: &str) -> Vec<&str> {
    let mut names: Vec<&str> = text
        .split('{')
        .skip(1)
        .filter_map(|rest| rest.split_once('}').map(|(name, _)| name))
        .collect();
    names.sort_unstable();
    names
}

/// Every translation says all English says, under the same keys (the
/// app's and the scenes'), nothing else, each message with English's
/// blanks and line breaks: a key it lacked would show English, a blank
/// it renamed would show `{name}`.
#[test]
fn every_translation_has_englishs_keys_blanks_and_lines() {
    let scenes = Catalogue::parse(include_str!("scenes.en.txt")).expect("scenes.en.txt reads");
    let english: Vec<(&str, &str)> = (english().keys().map(|k| (k, english().get(k).unwrap())))
        .chain(scenes.keys().map(|k| (k, scenes.get(k).unwrap())))
        .collect();
    for lang in language::all().iter().skip(1) {
        let Some(source) = lang.source() else {
            continue;
        };
        let file = format!("src/text/{}.txt", lang.code);
        let table = Catalogue::parse(source).unwrap_or_else(|e| panic!("{file}: {e}"));
        let missing: Vec<&str> = (english.iter())
            .filter(|(k, _)| table.get(k).is_none())
            .map(|(k, _)| *k)
            .collect();
        assert!(missing.is_empty(), "{file} lacks {missing:?}");
        for key in table.keys() {
            let ours = table.get(key).unwrap();
            let Some((_, theirs)) = english.iter().find(|(k, _)| *k == key) else {
                panic!("{file}: {key} is not an English key");
            };
            assert_eq!(blanks(ours), blanks(theirs), "{file}: {key}: {ours:?}");
            let lines = |t: &str| t.lines().count();
            assert_eq!(lines(ours), lines(theirs), "{file}: {key}: {ours:?}");
            assert!(!ours.trim().is_empty(), "{file}: {key} says nothing");
        }
    }
}

/// A language with a decimal comma gets one in the numbers filled in,
/// and only there: dots in words and paths stay.
#[test]
fn numbers_are_filled_in_with_the_languages_decimal_point() {
    assert_eq!(decimal("1.50", ","), "1,50");
    assert_eq!(decimal("(254.6, -81.4)", ","), "(254,6, -81,4)");
    assert_eq!(decimal("shot.png v1.", ","), "shot.png v1.");
    assert_eq!(decimal(".5 and 3.", ","), ".5 and 3.");
    assert_eq!(decimal("2.25", "."), "2.25");
    let comma = Catalogue::parse("number.decimal = ,\n").unwrap();
    let comma: &'static Catalogue = Box::leak(Box::new(comma));
    show(Some(comma));
    let filled = fill("hud.sim", &[("ms", &format!("{:.2}", 0.5))]);
    show(None);
    assert_eq!(filled, "sim 0,50 ms");
}

/// A kept message is said in the language shown when it is shown, not
/// in the one it was composed under (a page's notice before its table came).
#[test]
fn a_kept_message_is_said_in_the_language_shown() {
    let said = Said::new("hud.sim", &[("ms", &"0.50")]);
    assert_eq!(said.to_string(), "sim 0.50 ms");
    let table = Catalogue::parse("number.decimal = ,\nhud.sim = simulation {ms} ms\n").unwrap();
    let table: &'static Catalogue = Box::leak(Box::new(table));
    show(Some(table));
    let later = said.to_string();
    show(None);
    assert_eq!(later, "simulation 0,50 ms");
}

/// Every character a drawn language's words use has a glyph in the fonts
/// that draw it: the window's text in Hack, then each script's font this
/// build carries (Chinese: Noto Sans SC, cut by `cargo xtask fonts`);
/// egui's panels in Ubuntu Light, then the same. The page carries no other
/// font (its emoji fonts are emptied at build time, `cargo xtask web`), so
/// a character only those had would show as a box there.
#[test]
fn every_character_of_a_drawn_language_has_a_glyph() {
    let settings = fontdue::FontSettings::default();
    let load = |bytes: &'static [u8]| fontdue::Font::from_bytes(bytes, settings).expect("a font");
    let scripts: Vec<fontdue::Font> = language::all()
        .iter()
        .filter_map(|l| l.font())
        .map(load)
        .collect();
    let surfaces = [
        ("the window", load(epaint_default_fonts::HACK_REGULAR)),
        ("the panels", load(epaint_default_fonts::UBUNTU_LIGHT)),
    ];
    let scenes = Catalogue::parse(include_str!("scenes.en.txt")).expect("scenes.en.txt reads");
    for lang in language::all() {
        let table = Catalogue::parse(lang.source().unwrap_or(ENGLISH)).expect("a table that reads");
        let words = (table.keys().filter_map(|k| table.get(k)))
            .chain(scenes.keys().filter_map(|k| scenes.get(k)));
        // As drawn: Arabic letters in their joined forms, no marks.
        let lines = words.flat_map(str::lines);
        let drawn: String = lines.map(|l| super::bidi::visual(l).text).collect();
        let mut lacking = std::collections::BTreeSet::new();
        for c in drawn.chars().filter(|c| !c.is_control()) {
            for (surface, first) in &surfaces {
                let mut fonts = std::iter::once(first).chain(&scripts);
                if !fonts.any(|f| f.lookup_glyph_index(c) != 0) {
                    lacking.insert(format!("{c:?} (U+{:04X}) on {surface}", u32::from(c)));
                }
            }
        }
        assert!(
            lacking.is_empty(),
            "{}: no glyph for {lacking:?} (cargo xtask fonts)",
            lang.code
        );
    }
}

/// The Arabic card as the panes draw it: cut into lines in reading order,
/// each line joined (no bare Arabic letter left, lam-alef as one) and
/// ordered from the right: its first word stands at its right end, its
/// last at its left, each word's letters reversed, the bracketed words'
/// brackets turned.
#[test]
fn the_arabic_card_is_joined_and_reads_from_the_right() {
    use super::bidi::{visual, wrap};
    use super::shape::shape;
    let arabic = language::by_code("ar").and_then(|l| l.catalogue());
    let card = arabic
        .and_then(|t| t.get("seek.card.seek.idea"))
        .expect("the seek card in Arabic");
    // Some 40 characters a line, as a narrow card has.
    let lines = wrap(card, |line| line.chars().count() <= 40);
    assert!(lines.len() >= 3, "{lines:?}");
    let drawn_backwards = |word: &str| shape(word).chars().rev().collect::<String>();
    for line in &lines {
        let drawn = visual(line);
        assert!(drawn.rtl, "{line}");
        let bare = drawn
            .text
            .chars()
            .find(|c| ('\u{0621}'..='\u{064A}').contains(c));
        assert_eq!(bare, None, "a letter not joined in {:?}", drawn.text);
        let words: Vec<&str> = line.split(' ').collect();
        let (first, last) = (words[0], words[words.len() - 1]);
        // Words of letters only (a bracket or a stop at a word's edge
        // goes to its other side).
        let letters = |w: &str| w.chars().all(|c| ('\u{0621}'..='\u{064A}').contains(&c));
        if letters(first) {
            assert!(
                drawn.text.ends_with(&drawn_backwards(first)),
                "{line} -> {}",
                drawn.text
            );
        }
        if letters(last) {
            assert!(
                drawn.text.starts_with(&drawn_backwards(last)),
                "{line} -> {}",
                drawn.text
            );
        }
    }
    // "(هذه سرعته المرغوبة)": the bracket that opens it is drawn as `)`
    // at the right of its first word.
    let opened = lines
        .iter()
        .find(|l| l.contains("(هذه"))
        .expect("the bracketed words");
    let drawn = visual(opened).text;
    assert!(
        drawn.contains(&format!("{})", drawn_backwards("هذه"))),
        "{drawn}"
    );
    // Lam then alef is drawn as one ligature: the doorway's lesson line
    // ("... لا يتداخل فيه أحد").
    let queue = arabic
        .and_then(|t| t.get("doorway.variant.v4"))
        .expect("the doorway's v4");
    let drawn = visual(queue).text;
    assert!(drawn.contains(['\u{FEFB}', '\u{FEFC}']), "{drawn}");
}
