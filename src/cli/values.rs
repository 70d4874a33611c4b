//! The values of the command line's numeric flags, checked as clap
//! parses them: each error says what is valid, and clap quotes the text
//! typed with the flag's name.

use crate::sim::knobs::number;

/// A flag's whole number, or what is wrong with the text typed (clap
/// quotes it, as typed, with the flag's name).
pub(super) fn whole<T: TryFrom<u64> + Bounded>(text: &str) -> Result<T, String> {
    let wrong = || format!("must be a whole number from 0 to {}", T::MAX);
    let n: u64 = text.trim().parse().map_err(|_| wrong())?;
    T::try_from(n).map_err(|_| wrong())
}

/// The largest value of a flag's number type, for its message.
pub(super) trait Bounded {
    const MAX: u64;
}
impl Bounded for u32 {
    const MAX: u64 = u32::MAX as u64;
}
impl Bounded for u64 {
    const MAX: u64 = u64::MAX;
}

/// `--frames`: at least one, as the screenshot is of a frame drawn.
pub(super) fn frames(text: &str) -> Result<u64, String> {
    match whole::<u64>(text) {
        Ok(0) => Err(format!(
            "must be a whole number from 1 to {} (the screenshot is of a frame drawn)",
            u64::MAX
        )),
        n => n,
    }
}

/// `--threads`: 1 to 1024.
pub(super) fn threads(text: &str) -> Result<u16, String> {
    match text.trim().parse::<u64>() {
        Ok(n @ 1..=1024) => Ok(n as u16),
        _ => Err("must be a whole number from 1 to 1024".into()),
    }
}

/// `--seconds`: a number of seconds from 0.1 to 600.
pub(super) fn seconds(text: &str) -> Result<f64, String> {
    let s: f64 = text
        .parse()
        .map_err(|_| "not a number of seconds".to_string())?;
    if (0.1..=600.0).contains(&s) {
        Ok(s)
    } else {
        Err(format!("must be between 0.1 and 600 (got {})", number(s)))
    }
}
