//! Where a configuration went wrong: `file:line:col`, and the dotted key.

use crate::sim::knobs::Invalid;
use std::fmt;
use std::ops::Range;
use toml::de::{DeTable, DeValue};

/// Why a configuration was refused.
#[derive(Debug, Clone, PartialEq)]
pub struct ConfigError {
    /// The file (or "embedded demos.toml").
    pub file: String,
    /// 1-based line and column, when the place is known.
    pub place: Option<(usize, usize)>,
    /// The dotted key, when one is to blame.
    pub key: Option<String>,
    pub message: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some((line, col)) = self.place {
            write!(f, ":{line}:{col}")?;
        }
        write!(f, ": ")?;
        if let Some(key) = &self.key {
            write!(f, "key `{key}`: ")?;
        }
        write!(f, "{}", self.message)
    }
}

impl std::error::Error for ConfigError {}

/// Turns byte offsets into `file:line:col` and spans into dotted keys.
pub(super) struct Locator<'a> {
    pub(super) file: &'a str,
    pub(super) text: &'a str,
}

impl Locator<'_> {
    fn line_col(&self, offset: usize) -> (usize, usize) {
        let before = &self.text[..offset.min(self.text.len())];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, col)
    }

    /// A parse or type error from toml, with the key found from its span.
    pub(super) fn toml_error(&self, e: toml::de::Error, doc: Option<&DeTable<'_>>) -> ConfigError {
        self.spanned(e.message(), e.span(), doc)
    }

    /// `message` about the text at `span`, with the key found from it.
    pub(super) fn spanned(
        &self,
        message: &str,
        span: Option<Range<usize>>,
        doc: Option<&DeTable<'_>>,
    ) -> ConfigError {
        let message = plain(message.trim());
        let key = match (doc, &span) {
            (Some(doc), Some(span)) => key_at(doc, span),
            // A key given twice: the parse stops at the second, whose
            // text is the key.
            (None, Some(span)) if message == "duplicate key" => {
                let text = self.text.get(span.clone()).unwrap_or_default();
                Some(text.trim_matches(['[', ']', ' ']).to_string()).filter(|k| !k.is_empty())
            }
            _ => None,
        };
        // toml gives no place for a table header nested too deep: the
        // line with the most levels is the one.
        let place = span.map(|s| self.line_col(s.start)).or_else(|| {
            let depth = |line: &str| line.matches(['.', '[', '{']).count();
            let deepest = self.text.lines().enumerate().max_by_key(|(_, l)| depth(l));
            deepest
                .filter(|_| message.contains("recursion"))
                .map(|(n, _)| (n + 1, 1))
        });
        ConfigError {
            file: self.file.to_string(),
            place,
            key: key.map(|k| crate::quote::line(&k)),
            message,
        }
    }

    /// An out-of-range value at `table` + the invalid key.
    pub(super) fn invalid(&self, doc: &DeTable<'_>, table: &[&str], e: Invalid) -> ConfigError {
        let mut path: Vec<String> = table.iter().map(|s| s.to_string()).collect();
        path.extend(e.key.split('.').map(str::to_string));
        let span = span_of(doc, &path);
        // The value as the file has it, not as a float prints it.
        let typed = value_span(doc, &path).and_then(|v| self.text.get(v));
        let message = match typed {
            // A number as the file has it; an array's message says which item.
            // A number, or a flat array of them (`stage = [1e308, 1e308]`
            // as typed, not as f32 holds it); an array of arrays' message
            // says which item, in its own words.
            Some(typed) if !typed.contains(['\n', '{']) && typed.matches('[').count() <= 1 => {
                crate::quote::as_typed(&e.message, typed)
            }
            _ => e.message,
        };
        ConfigError {
            file: self.file.to_string(),
            place: span.map(|s| self.line_col(s.start)),
            key: Some(dotted(&path)),
            message,
        }
    }
}

/// A toml or serde message in a person's words: types as they are in a
/// settings file, not as Rust names them.
fn plain(message: &str) -> String {
    [
        ("invalid type: map", "invalid type: a table"),
        ("invalid type: sequence", "invalid type: an array"),
        ("expected a sequence", "expected an array"),
        ("expected struct RawScene", "expected a table"),
        ("expected struct PointerScript", "expected a table"),
        ("expected struct AppConfig", "expected a table"),
        ("recursion limit", "nested too deep (the recursion limit)"),
        ("expected u64", "expected a whole number"),
        ("expected u32", "expected a whole number"),
        ("expected usize", "expected a whole number"),
        ("expected i64", "expected a whole number"),
        ("expected f32", "expected a number"),
        ("expected f64", "expected a number"),
    ]
    .iter()
    .fold(message.to_string(), |m, (rust, said)| m.replace(rust, said))
}

/// `["scene", "2", "params", "max_speed"]` -> `scene[2].params.max_speed`.
pub(super) fn dotted(path: &[String]) -> String {
    let mut out = String::new();
    for part in path {
        if part.chars().all(|c| c.is_ascii_digit()) {
            out.push_str(&format!("[{part}]"));
        } else {
            if !out.is_empty() {
                out.push('.');
            }
            out.push_str(part);
        }
    }
    out
}

/// The span of the key at `path` (of the value, for array items), or of the
/// deepest part of the path that exists.
fn span_of(doc: &DeTable<'_>, path: &[String]) -> Option<Range<usize>> {
    let mut best = None;
    let mut table = Some(doc);
    let mut items: Option<&[toml::Spanned<DeValue<'_>>]> = None;
    for part in path {
        let found = match (table, items) {
            (Some(t), _) => t
                .iter()
                .find(|(k, _)| k.get_ref() == part)
                .map(|(k, v)| (k.span(), v)),
            (None, Some(a)) => part
                .parse::<usize>()
                .ok()
                .and_then(|i| a.get(i))
                .map(|v| (v.span(), v)),
            (None, None) => None,
        };
        let Some((span, value)) = found else { break };
        best = Some(span);
        (table, items) = match value.get_ref() {
            DeValue::Table(t) => (Some(t), None),
            DeValue::Array(a) => (None, Some(a.as_ref())),
            _ => (None, None),
        };
    }
    best
}

/// The span of the value at `path`, when the whole path exists.
fn value_span(doc: &DeTable<'_>, path: &[String]) -> Option<Range<usize>> {
    let (last, parents) = path.split_last()?;
    let mut table = doc;
    for part in parents {
        match table.iter().find(|(k, _)| k.get_ref() == part)?.1.get_ref() {
            DeValue::Table(t) => table = t,
            _ => return None,
        }
    }
    let (_, value) = table.iter().find(|(k, _)| k.get_ref() == last)?;
    Some(value.span())
}

/// The dotted key of the value (or key) at `span`: a depth-first search
/// over every leaf, as the spans of `[[array]]` tables do not nest.
fn key_at(doc: &DeTable<'_>, span: &Range<usize>) -> Option<String> {
    let mut path = Vec::new();
    let found = doc
        .iter()
        .any(|(k, v)| visit(k.get_ref(), Some(k.span()), v, span.start, &mut path));
    found.then(|| dotted(&path))
}

fn visit(
    name: &str,
    key_span: Option<Range<usize>>,
    child: &toml::Spanned<DeValue<'_>>,
    at: usize,
    path: &mut Vec<String>,
) -> bool {
    let hit = |r: Range<usize>| r.start <= at && at < r.end.max(r.start + 1);
    path.push(name.to_string());
    let found = match child.get_ref() {
        // A key inside, or else the table itself (an inline table where
        // a number belongs).
        DeValue::Table(t) => {
            t.iter()
                .any(|(k, v)| visit(k.get_ref(), Some(k.span()), v, at, path))
                || hit(child.span())
        }
        // An item, or else the array itself (a wrong count of items).
        DeValue::Array(a) => {
            a.iter()
                .enumerate()
                .any(|(i, v)| visit(&i.to_string(), None, v, at, path))
                || hit(child.span())
        }
        _ => hit(child.span()),
    };
    if found || key_span.is_some_and(hit) {
        return true;
    }
    path.pop();
    false
}
