//! Knobs: every numeric parameter of a scene, declared once.
//!
//! A scene declares its parameter struct with [`params!`](crate::params):
//! each field's default (the tutorial's constant), range, step, unit, doc
//! line and whether a change applies live or restarts the scene. demos.toml,
//! `--set`, the + and - keys and the panel all read that one declaration, so
//! a range lives in one place.

use super::props::Props;
use glam::Vec2;
use std::any::Any;
use std::fmt::Debug;
use std::marker::PhantomData;

/// When a changed knob takes effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Apply {
    /// The running scene picks the new value up on its next tick.
    Live,
    /// The scene starts again (same seed) with the new value: it shapes the
    /// start (agent count, masses, geometry).
    Restart,
}

/// One tunable number: what it is, where it may go, how it moves.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Knob {
    pub name: &'static str,
    /// One line for a learner: what it does (and the original value).
    pub doc: &'static str,
    pub default: f64,
    pub min: f64,
    pub max: f64,
    /// What one press of + or - (or one slider notch) adds.
    pub step: f64,
    pub unit: &'static str,
    /// Whole numbers only.
    pub integer: bool,
    pub apply: Apply,
    /// Where the panel lists it.
    pub group: Group,
}

/// The panel lists a scene's knobs in two groups.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Group {
    /// The lesson's own: the behaviour's constants, shown first.
    Lesson,
    /// The scene's set-up: stage, spawn, overlay, figures (folded).
    Setup,
}

impl Knob {
    /// A scene's agent count: 1 to `max`, moved `step` at a time by `[` and `]`.
    pub const fn agents(doc: &'static str, default: usize, max: usize, step: usize) -> Self {
        Self {
            name: "agents",
            doc,
            default: default as f64,
            min: 1.0,
            max: max as f64,
            step: step as f64,
            unit: "",
            integer: true,
            apply: Apply::Restart,
            group: Group::Setup,
        }
    }

    /// `value` if it is allowed, else why not (the range and the unit).
    pub fn check(&self, value: f64) -> Result<f64, String> {
        if !value.is_finite() || value < self.min || value > self.max {
            return Err(format!(
                "must be between {} (got {})",
                self.range_text(),
                number(value)
            ));
        }
        if self.integer && value.fract() != 0.0 {
            return Err(format!("must be a whole number (got {})", number(value)));
        }
        Ok(value)
    }

    /// "0.5 and 20 px/tick": the range as a message says it.
    pub fn range_text(&self) -> String {
        let unit = if self.unit.is_empty() {
            String::new()
        } else {
            format!(" {}", self.unit)
        };
        format!("{} and {}{unit}", number(self.min), number(self.max))
    }

    /// `value` moved by `steps` steps, within the range.
    pub fn stepped(&self, value: f64, steps: i32) -> f64 {
        tidy((value + f64::from(steps) * self.step).clamp(self.min, self.max))
    }
}

/// Rounds away the float noise of repeated steps (0.30000000000000004).
fn tidy(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

/// A number as a person writes it: `30`, `0.5`, `1000000`; one too large
/// or too small for that in a few digits in scientific notation (`1e300`,
/// `1e-320`), not as hundreds of digits.
pub fn number(x: f64) -> String {
    if x.is_finite() && x != 0.0 && !(1e-6..1e15).contains(&x.abs()) {
        format!("{x:e}")
    } else if x.is_finite() && x.fract() == 0.0 {
        format!("{}", x as i64)
    } else {
        format!("{}", tidy(x))
    }
}

/// A field type a knob can drive.
pub trait KnobValue: Copy {
    const INTEGER: bool;
    fn to_f64(self) -> f64;
    fn from_f64(value: f64) -> Self;
}

impl KnobValue for f32 {
    const INTEGER: bool = false;
    /// The decimal a person wrote (1.1, not 1.100000023841858).
    fn to_f64(self) -> f64 {
        self.to_string().parse().unwrap_or(f64::from(self))
    }
    fn from_f64(value: f64) -> Self {
        value as f32
    }
}

impl KnobValue for u32 {
    const INTEGER: bool = true;
    fn to_f64(self) -> f64 {
        f64::from(self)
    }
    fn from_f64(value: f64) -> Self {
        value.round() as u32
    }
}

impl KnobValue for usize {
    const INTEGER: bool = true;
    fn to_f64(self) -> f64 {
        self as f64
    }
    fn from_f64(value: f64) -> Self {
        value.round() as usize
    }
}

/// A value refused by a check: the key to blame (relative to the table
/// checked, e.g. `params.door_width`) and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Invalid {
    pub key: String,
    pub message: String,
}

impl Invalid {
    pub fn new(key: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            key: key.into(),
            message: message.into(),
        }
    }
}

/// A parameter struct whose numeric fields are knobs (made by `params!`).
pub trait Tunable: Debug + Clone + PartialEq + Default + Send + Sync + 'static {
    const KNOBS: &'static [Knob];
    /// The parameters that are not knobs (a path's nodes), with their doc lines.
    const FIXED: &'static [(&'static str, &'static str)] = &[];
    /// The value of knob `index` of [`Tunable::KNOBS`].
    fn get_at(&self, index: usize) -> f64;
    /// Writes knob `index` (already checked against its range).
    fn put_at(&mut self, index: usize, value: f64);
    /// Reads fixed field `name` (one of [`Tunable::FIXED`]) from `value`.
    fn read_fixed(&mut self, name: &str, value: &Spanned<DeValue<'_>>) -> Result<(), ReadError>;
    /// Fixed field `name` as a TOML value.
    fn fixed_value(&self, name: &str) -> Option<toml::Value>;
    /// Checks that need more than one field or the stage (the ranges are
    /// checked already). Keys are relative to the scene's table.
    fn check_together(&self, _stage: Vec2) -> Result<(), Invalid> {
        Ok(())
    }
    /// The props a person may drag, add and remove (obstacles, a path's
    /// nodes), as these parameters hold them; `None`: the scene has none.
    fn props(&self) -> Option<Props> {
        None
    }
    /// Writes edited props back; false when there are none to write.
    fn set_props(&mut self, _props: &Props) -> bool {
        false
    }
}

/// A knob of parameter struct `P`, named by its field: `params!` makes
/// one for each, as an associated constant of the field's own name
/// (`PatrolParams::path_radius`), so code picks a knob by a typed field,
/// never by a name in a string.
pub struct Field<P> {
    index: usize,
    of: PhantomData<fn() -> P>,
}

impl<P> Clone for Field<P> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<P> Copy for Field<P> {}

impl<P: Tunable> Field<P> {
    /// The field whose knob is called `name` in `P::KNOBS`: for `params!`,
    /// at compile time (a name it lacks does not compile).
    #[doc(hidden)]
    pub const fn named(knobs: &[Knob], name: &str) -> Self {
        let mut index = 0;
        while index < knobs.len() {
            if str_eq(knobs[index].name, name) {
                return Self {
                    index,
                    of: PhantomData,
                };
            }
            index += 1;
        }
        panic!("no knob of that name");
    }

    /// Its place in `P::KNOBS`.
    pub const fn index(self) -> usize {
        self.index
    }

    /// Its declaration: range, step, unit, doc.
    pub const fn knob(self) -> &'static Knob {
        &P::KNOBS[self.index]
    }

    pub fn get(self, params: &P) -> f64 {
        params.get_at(self.index)
    }

    /// Sets it after checking its range.
    pub fn set(self, params: &mut P, value: f64) -> Result<(), Invalid> {
        let knob = self.knob();
        let value = knob.check(value).map_err(|m| Invalid::new(knob.name, m))?;
        params.put_at(self.index, value);
        Ok(())
    }
}

const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// A scene's parameters, whatever the scene: what the config, the command
/// line and the app hold. Implemented for every [`Tunable`].
pub trait Params: Debug + Send + Sync {
    fn knobs(&self) -> &'static [Knob];
    fn get(&self, name: &str) -> Option<f64>;
    /// Sets knob `name` after checking its range; the error names the knob
    /// and lists the valid ones, or gives the range.
    fn set(&mut self, name: &str, value: f64) -> Result<(), Invalid>;
    /// Range of every knob, then the checks between fields.
    fn check(&self, stage: Vec2) -> Result<(), Invalid>;
    fn clone_box(&self) -> Box<dyn Params>;
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
    fn same(&self, other: &dyn Params) -> bool;
    /// Reads a scene's `params` table as parameters of the same scene as
    /// these (a key it lacks takes the scene's default, not this value).
    fn parse(&self, table: &DeTable<'_>) -> Result<Box<dyn Params>, ReadError>;
    /// The parameters that are not knobs (a path's nodes, obstacles), as
    /// TOML keys and values.
    fn fixed_values(&self) -> Vec<(String, String)>;
    /// The props a person may edit ([`Tunable::props`]).
    fn props(&self) -> Option<Props>;
    /// Writes edited props back; false when there are none to write.
    fn set_props(&mut self, props: &Props) -> bool;
}

impl<T: Tunable> Params for T {
    fn knobs(&self) -> &'static [Knob] {
        T::KNOBS
    }

    fn get(&self, name: &str) -> Option<f64> {
        let index = T::KNOBS.iter().position(|k| k.name == name)?;
        Some(self.get_at(index))
    }

    fn set(&mut self, name: &str, value: f64) -> Result<(), Invalid> {
        let knob = find(T::KNOBS, name)?;
        let value = knob.check(value).map_err(|m| Invalid::new(name, m))?;
        let index = T::KNOBS.iter().position(|k| k.name == name).unwrap_or(0);
        self.put_at(index, value);
        Ok(())
    }

    fn check(&self, stage: Vec2) -> Result<(), Invalid> {
        for (index, knob) in T::KNOBS.iter().enumerate() {
            knob.check(self.get_at(index))
                .map_err(|m| Invalid::new(format!("params.{}", knob.name), m))?;
        }
        self.check_together(stage)
    }

    fn clone_box(&self) -> Box<dyn Params> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }

    fn same(&self, other: &dyn Params) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }

    fn parse(&self, table: &DeTable<'_>) -> Result<Box<dyn Params>, ReadError> {
        let mut params = T::default();
        for (key, value) in table.iter() {
            match read::field(key, value, T::KNOBS, T::FIXED)? {
                read::Field::Knob(index, number) => params.put_at(index, number),
                read::Field::Fixed(name) => params.read_fixed(name, value)?,
            }
        }
        Ok(Box::new(params))
    }

    fn fixed_values(&self) -> Vec<(String, String)> {
        let mut values: Vec<(String, String)> = (T::FIXED.iter())
            .filter_map(|&(name, _)| Some((name.to_string(), self.fixed_value(name)?.to_string())))
            .collect();
        // In the order of their names, as a TOML table lists them.
        values.sort();
        values
    }

    fn props(&self) -> Option<Props> {
        Tunable::props(self)
    }

    fn set_props(&mut self, props: &Props) -> bool {
        Tunable::set_props(self, props)
    }
}

impl Clone for Box<dyn Params> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

impl PartialEq for dyn Params {
    fn eq(&self, other: &Self) -> bool {
        self.same(other)
    }
}

/// Knob `name` of `knobs`, or an error listing the valid names.
pub fn find<'a>(knobs: &'a [Knob], name: &str) -> Result<&'a Knob, Invalid> {
    knobs.iter().find(|k| k.name == name).ok_or_else(|| {
        let valid: Vec<&str> = knobs.iter().map(|k| k.name).collect();
        Invalid::new(
            name,
            format!(
                "unknown knob {}; valid knobs: {}",
                crate::quote::quoted(name),
                valid.join(", ")
            ),
        )
    })
}

mod declare;
mod read;

pub use read::ReadError;
#[doc(hidden)]
pub use read::array;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

#[cfg(test)]
mod tests;
