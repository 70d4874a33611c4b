//! A scene's `params` table read through its knob table: each key found by
//! name among the knobs, then among the fixed fields, and refused if it is
//! neither. One reader serves every scene: serde's derive wrote one for
//! each parameter struct, a tenth of the unit tests' build (benches/README.md).

use super::{Invalid, Knob};
use serde::Deserialize;
use std::ops::Range;
use toml::Spanned;
use toml::de::{DeTable, DeValue, ValueDeserializer};

/// Why a `params` table was refused.
#[derive(Debug, Clone, PartialEq)]
pub enum ReadError {
    /// A key that names no parameter, or a value of the wrong type: what
    /// is wrong, and where in the file (a byte range).
    At {
        message: String,
        span: Option<Range<usize>>,
    },
    /// A whole number out of its knob's range (a fractional knob's range
    /// is checked with the others, as the struct holds it).
    Invalid(Invalid),
}

impl From<toml::de::Error> for ReadError {
    fn from(e: toml::de::Error) -> Self {
        Self::At {
            message: e.message().to_string(),
            span: e.span(),
        }
    }
}

/// Where one key of the table goes.
pub(super) enum Found<'t, 'i> {
    /// Knob `index` of the struct's table, and its value.
    Knob(usize, f64),
    /// The fixed field of that name, and its value to read.
    Fixed(&'static str, &'t Spanned<DeValue<'i>>),
}

/// Each key of `table` as a knob of `knobs` (its number read and, if a
/// whole number, in range) or a field of `fixed`, given to `put` in the
/// file's order; the first key that is neither, or a value of the wrong
/// type, is refused at its place.
pub(super) fn read_table(
    table: &DeTable<'_>,
    knobs: &[Knob],
    fixed: &[(&'static str, &'static str)],
    put: &mut dyn FnMut(Found<'_, '_>) -> Result<(), ReadError>,
) -> Result<(), ReadError> {
    for (key, value) in table.iter() {
        let name: &str = key.get_ref();
        if let Some(index) = knobs.iter().position(|k| k.name == name) {
            put(Found::Knob(index, number(&knobs[index], value)?))?;
        } else if let Some(&(field, _)) = fixed.iter().find(|(f, _)| *f == name) {
            put(Found::Fixed(field, value))?;
        } else {
            let names = knobs
                .iter()
                .map(|k| k.name)
                .chain(fixed.iter().map(|f| f.0));
            let message = format!("unknown field `{name}`, {}", one_of(names));
            let span = Some(key.span());
            return Err(ReadError::At { message, span });
        }
    }
    Ok(())
}

/// `value` as `knob`'s number: a whole number for a whole knob, checked
/// against its range (a struct's integer field cannot hold -3 to be
/// checked later), any number for the others.
fn number(knob: &Knob, value: &Spanned<DeValue<'_>>) -> Result<f64, ReadError> {
    let read = ValueDeserializer::from(value.clone());
    if knob.integer {
        let whole = i64::deserialize(read)? as f64;
        knob.check(whole)
            .map_err(|m| ReadError::Invalid(Invalid::new(format!("params.{}", knob.name), m)))
    } else {
        Ok(f64::deserialize(read)?)
    }
}

/// "expected one of `a`, `b`": the valid keys, as serde words them.
fn one_of<'a>(names: impl Iterator<Item = &'a str>) -> String {
    let quoted: Vec<String> = names.map(|n| format!("`{n}`")).collect();
    match quoted.as_slice() {
        [] => "there are no fields".to_string(),
        [one] => format!("expected {one}"),
        [a, b] => format!("expected {a} or {b}"),
        all => format!("expected one of {}", all.join(", ")),
    }
}
