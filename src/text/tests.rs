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
        if path.contains("src/text") {
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
