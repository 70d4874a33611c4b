//! A scene's headline: a few named figures a tick, kept inline.

/// A few named figures, kept inline: the runner records a scene's headline
/// every tick, and a tick allocates nothing.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Figures {
    items: [(&'static str, f64); Figures::MAX],
    len: usize,
}

impl Figures {
    /// The most figures a headline has.
    pub const MAX: usize = 4;

    /// Adds a figure; past [`Figures::MAX`] it is dropped (a debug build
    /// stops there: a scene declares a fixed, small set).
    pub fn push(&mut self, name: &'static str, value: f64) {
        debug_assert!(self.len < Self::MAX, "more than {} figures", Self::MAX);
        if self.len < Self::MAX {
            self.items[self.len] = (name, value);
            self.len += 1;
        }
    }
}

impl Default for Figures {
    fn default() -> Self {
        Self {
            items: [("", 0.0); Figures::MAX],
            len: 0,
        }
    }
}

impl std::ops::Deref for Figures {
    type Target = [(&'static str, f64)];
    fn deref(&self) -> &Self::Target {
        &self.items[..self.len]
    }
}

impl<'a> IntoIterator for &'a Figures {
    type Item = &'a (&'static str, f64);
    type IntoIter = std::slice::Iter<'a, (&'static str, f64)>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl FromIterator<(&'static str, f64)> for Figures {
    fn from_iter<I: IntoIterator<Item = (&'static str, f64)>>(iter: I) -> Self {
        let mut figures = Figures::default();
        for (name, value) in iter {
            figures.push(name, value);
        }
        figures
    }
}

impl<const N: usize> From<[(&'static str, f64); N]> for Figures {
    fn from(figures: [(&'static str, f64); N]) -> Self {
        figures.into_iter().collect()
    }
}
