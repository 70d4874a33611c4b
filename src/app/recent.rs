//! A figure averaged over the last second of wall time, for the HUD: a
//! reading of one tick or one frame jumps about too much to read.

use std::collections::VecDeque;

/// How far back [`Recent`] averages, in seconds.
pub const WINDOW_SECONDS: f64 = 1.0;

/// Samples of a figure with the time each was taken; the mean of those
/// of the last [`WINDOW_SECONDS`].
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Recent {
    samples: VecDeque<(f64, f64)>,
}

impl Recent {
    /// Adds `value`, taken at `at` seconds (times only go forward), and
    /// forgets the samples older than the window before it.
    pub fn push(&mut self, at: f64, value: f64) {
        if !value.is_finite() {
            return;
        }
        while self
            .samples
            .front()
            .is_some_and(|&(t, _)| t < at - WINDOW_SECONDS)
        {
            self.samples.pop_front();
        }
        self.samples.push_back((at, value));
    }

    /// The mean of the samples of the last second; `None` before the first.
    pub fn mean(&self) -> Option<f64> {
        let n = self.samples.len();
        (n > 0).then(|| self.samples.iter().map(|&(_, v)| v).sum::<f64>() / n as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn averages_the_last_second_only() {
        let mut r = Recent::default();
        assert_eq!(r.mean(), None);
        r.push(0.0, 10.0);
        r.push(0.5, 20.0);
        assert_eq!(r.mean(), Some(15.0));
        // At 1.4 s the sample of 0.0 s is over a second old: forgotten.
        r.push(1.4, 30.0);
        assert_eq!(r.mean(), Some(25.0));
        r.push(1.45, f64::NAN);
        assert_eq!(r.mean(), Some(25.0), "a non-finite reading is skipped");
    }
}
