//! A value of the selected agent's readout ([`Scene::inspect`]): words
//! the scene says (`{d} px off the road`) with the numbers that go in
//! their blanks. A translation says the words under the scene's key for
//! them ([`crate::words::reading`]); the numbers stay, written with the
//! language's decimal point ([`crate::words::read`]). A bare number or
//! point is the words `{v}`.
//!
//! [`Scene::inspect`]: crate::sim::scene::Scene::inspect

use std::fmt::Display;

#[derive(Debug, Clone, PartialEq)]
pub struct Reading {
    /// The words in English, with `{name}` blanks.
    pub text: &'static str,
    /// What goes in each blank, as it is written (`12.5`).
    pub args: Vec<(&'static str, String)>,
}

/// The readout's words `text`; its blanks are filled by [`Reading::with`].
pub fn reads(text: &'static str) -> Reading {
    Reading {
        text,
        args: Vec::new(),
    }
}

/// A number or a point, shown as it is.
pub fn value(v: impl Display) -> Reading {
    reads("{v}").with("v", v)
}

/// "yes" or "no".
pub fn yes_no(b: bool) -> Reading {
    reads(if b { "yes" } else { "no" })
}

impl Reading {
    /// Puts `value` in the blank `{name}`.
    pub fn with(mut self, name: &'static str, value: impl Display) -> Self {
        self.args.push((name, value.to_string()));
        self
    }

    /// Whether it has words to translate (not only blanks and signs).
    pub fn has_words(&self) -> bool {
        let mut rest = self.text;
        while let Some(open) = rest.find('{') {
            if rest[..open].chars().any(char::is_alphabetic) {
                return true;
            }
            rest = rest[open..].split_once('}').map_or("", |(_, r)| r);
        }
        rest.chars().any(char::is_alphabetic)
    }

    /// The blanks' values, as a message's are put in.
    pub fn dyn_args(&self) -> Vec<(&str, &dyn Display)> {
        (self.args.iter())
            .map(|(n, v)| (*n, v as &dyn Display))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reading_fills_its_blanks_and_knows_whether_it_has_words() {
        let r = reads("{d} px off the road").with("d", "2.5");
        assert_eq!(r.args, [("d", "2.5".to_string())]);
        assert!(r.has_words());
        assert!(!value("(12, 40)").has_words());
        assert!(!reads("{a} / {b}").has_words());
        assert!(yes_no(true).has_words());
    }
}
