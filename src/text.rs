//! The app's own words, each under a stable key, in one table per
//! language: the HUD, the footer, the help, the lab's headings, the
//! notices, the page's loading text. A scene's words are its own.
//!
//! The English table, [`ENGLISH`] (`src/text/en.txt`), declares every
//! key: `key = text` lines, where a message that carries numbers names
//! them (`agents {count}`) and [`fill`] puts them in, so no sentence is
//! glued from fragments where it is drawn. A translation is another
//! table with the same keys; a key it lacks falls back to English. The
//! terminal's messages, `--help`, the report's JSON and the event lines
//! are interfaces, not words shown, and stay out of it.
//!
//! A scene's words (its title, lesson lines, card, knobs...) are declared
//! once, in English, where the scene declares them; `crate::words` gives
//! each a stable key, and [`word`] shows it: the language shown's text
//! under that key, else the English the declaration gives. Their keys and
//! English are listed in `src/text/scenes.en.txt` (generated), so a
//! translation is one table holding both kinds of keys.

use std::borrow::Cow;
use std::cell::Cell;
use std::collections::HashMap;
use std::fmt::Display;
use std::sync::OnceLock;

/// The English table, the one that declares every key.
pub const ENGLISH: &str = include_str!("text/en.txt");

/// A language's messages by key.
pub struct Catalogue(HashMap<&'static str, String>);

impl Catalogue {
    /// Reads a table: `key = text` lines (the text to the line's end;
    /// in double quotes when it begins or ends with spaces; `\n` starts
    /// a new line in it), blank lines and `#` comments between. A line of
    /// another shape, or a key said twice, is refused with its line number.
    pub fn parse(source: &'static str) -> Result<Self, String> {
        let mut messages = HashMap::new();
        for (n, line) in source.lines().enumerate() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let Some((key, text)) = line.split_once(" = ") else {
                return Err(format!("line {}: not `key = text`", n + 1));
            };
            let text = (text.strip_prefix('"').and_then(|t| t.strip_suffix('"'))).unwrap_or(text);
            if messages
                .insert(key.trim(), text.replace("\\n", "\n"))
                .is_some()
            {
                return Err(format!("line {}: {key} again", n + 1));
            }
        }
        Ok(Catalogue(messages))
    }

    /// The message under `key`, if the table has it.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).map(String::as_str)
    }

    /// Every key of the table.
    pub fn keys(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.0.keys().copied()
    }
}

/// The English table, read once.
pub fn english() -> &'static Catalogue {
    static TABLE: OnceLock<Catalogue> = OnceLock::new();
    TABLE.get_or_init(|| Catalogue::parse(ENGLISH).expect("src/text/en.txt reads"))
}

thread_local! {
    /// The language shown, set by [`show`]: none (English) until a
    /// translation is chosen. Per thread, as words are drawn on one
    /// thread only, and tests can each show their own.
    static SHOWN: Cell<Option<&'static Catalogue>> = const { Cell::new(None) };
}

/// Shows `language` (looked in first, English behind it) on this thread;
/// `None`: English only.
pub fn show(language: Option<&'static Catalogue>) {
    SHOWN.with(|s| s.set(language));
}

/// The table of the language shown, if it is not English.
fn shown() -> Option<&'static Catalogue> {
    SHOWN.with(Cell::get)
}

/// A word declared elsewhere in English (a scene's), under `key`: the
/// language shown's text for the key, else `english`.
pub fn word<'a>(key: &str, english: &'a str) -> &'a str {
    shown().and_then(|c| c.get(key)).unwrap_or(english)
}

/// The message under `key`, in the language shown, else in English
/// (a key in neither shows as itself; a test keeps every key declared).
pub fn text(key: &'static str) -> &'static str {
    text_in(shown(), key)
}

/// The message under `key` in `language`, else in English.
fn text_in<'a>(language: Option<&'a Catalogue>, key: &'static str) -> &'a str {
    (language.and_then(|c| c.get(key)))
        .or_else(|| english().get(key))
        .unwrap_or(key)
}

/// `value` with each decimal point (a dot between two digits) written as
/// the language writes one: `1.50` is `1,50` in French.
fn decimal<'a>(value: &'a str, point: &str) -> Cow<'a, str> {
    if point == "." || !value.contains('.') {
        return Cow::Borrowed(value);
    }
    let chars: Vec<char> = value.chars().collect();
    let digit = |i: Option<&char>| i.is_some_and(char::is_ascii_digit);
    let mut out = String::with_capacity(value.len());
    for (i, &c) in chars.iter().enumerate() {
        let between = i > 0 && digit(chars.get(i - 1)) && digit(chars.get(i + 1));
        match c {
            '.' if between => out.push_str(point),
            _ => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// `value` (a number, or words around numbers) with its decimal points
/// as the language shown writes them: what [`fill`] does to what it puts
/// in, for a value shown on its own.
pub fn numbers(value: &str) -> String {
    decimal(value, text("number.decimal")).into_owned()
}

/// The message under `key` with its named numbers put in: each
/// `{name}` becomes the value given for it, its decimal points as the
/// language writes them (`number.decimal`).
pub fn fill(key: &'static str, args: &[(&str, &dyn Display)]) -> String {
    put_in(text(key), args)
}

/// A message kept to be said later: its key and its values, put into
/// the language shown each time it is shown (a notice composed before a
/// language's table arrived reads in that language once it has).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Said {
    key: &'static str,
    args: Vec<(&'static str, String)>,
}

impl Said {
    /// The message under `key` with these values.
    pub fn new(key: &'static str, args: &[(&'static str, &dyn Display)]) -> Self {
        let args = args.iter().map(|(n, v)| (*n, v.to_string())).collect();
        Self { key, args }
    }
}

impl Display for Said {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let args: Vec<(&str, &dyn Display)> = (self.args.iter())
            .map(|(n, v)| (*n, v as &dyn Display))
            .collect();
        f.write_str(&fill(self.key, &args))
    }
}

/// `words` with its named numbers put in, as [`fill`] does for a message.
pub fn put_in(words: &str, args: &[(&str, &dyn Display)]) -> String {
    let mut out = String::new();
    let mut rest = words;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let close = after.find('}');
        let arg = close.and_then(|c| args.iter().find(|(name, _)| *name == &after[..c]));
        match (close, arg) {
            (Some(c), Some((_, value))) => {
                let value = value.to_string();
                let value = decimal(&value, text("number.decimal"));
                // In a sentence read from the right, a value (a number,
                // a name, a path) is ordered on its own, as Fluent does:
                // isolated (U+2068 ... U+2069), its neutral characters
                // do not join the sentence's runs.
                if language::shown().rtl() {
                    out.extend(['\u{2068}']);
                    out.push_str(&value);
                    out.extend(['\u{2069}']);
                } else {
                    out.push_str(&value);
                }
                rest = &after[c + 1..];
            }
            _ => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

pub mod bidi;
pub mod language;
pub mod lines;
pub mod shape;

#[cfg(test)]
mod tests;
