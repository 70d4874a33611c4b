//! A scene's `params` table read through its knob table: each key found by
//! name among the knobs, then among the fixed fields, and refused if it is
//! neither. One reader serves every scene: serde's derive wrote one for
//! each parameter struct, a tenth of the unit tests' build (benches/README.md).

use super::{Invalid, Knob};
use crate::sim::arrays::FixedLen;
use serde::Deserialize;
use std::ops::Range;
use toml::Spanned;
use toml::de::{DeString, DeValue, ValueDeserializer};

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

/// Where one key of a `params` table goes.
pub(super) enum Field {
    /// Knob `index` of the struct's table, and its number.
    Knob(usize, f64),
    /// The fixed field of that name.
    Fixed(&'static str),
}

/// `key` with its `value` as a knob of `knobs` (its number read and, if
/// a whole number, in range) or a field of `fixed`; a key that is
/// neither, or a value of the wrong type, is refused at its place.
pub(super) fn field(
    key: &Spanned<DeString<'_>>,
    value: &Spanned<DeValue<'_>>,
    knobs: &[Knob],
    fixed: &[(&'static str, &'static str)],
) -> Result<Field, ReadError> {
    let name: &str = key.get_ref();
    if let Some(index) = knobs.iter().position(|k| k.name == name) {
        return Ok(Field::Knob(index, number(&knobs[index], value)?));
    }
    if let Some(&(field, _)) = fixed.iter().find(|(f, _)| *f == name) {
        return Ok(Field::Fixed(field));
    }
    let names = (knobs.iter().map(|k| k.name)).chain(fixed.iter().map(|f| f.0));
    let message = format!("unknown field `{name}`, {}", one_of(names));
    let span = Some(key.span());
    Err(ReadError::At { message, span })
}

/// A fixed field's array, read with exactly its count of items
/// ([`arrays`](crate::sim::arrays)); a complaint about the items comes
/// without a place, so it is given the value's.
pub fn array<T: FixedLen>(value: &Spanned<DeValue<'_>>) -> Result<T, ReadError> {
    crate::sim::arrays::deserialize(ValueDeserializer::from(value.clone())).map_err(|e| {
        ReadError::At {
            message: e.message().to_string(),
            span: e.span().or(Some(value.span())),
        }
    })
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
