//! A figure recorded every tick, kept in bounded memory however long the
//! run, in one of two ways: [`Series::new`] keeps the whole run (when full,
//! neighbouring samples are averaged in pairs and each sample then stands
//! for twice as many ticks); [`Series::window`] keeps the last ticks
//! exactly, one sample each (for a live chart).

/// Samples of one figure over the whole run, or over its last ticks.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    /// Oldest first. A window keeps up to twice its capacity here and drops
    /// the older half at once, so its last ticks are always one slice.
    samples: Vec<f32>,
    /// Ticks each sample stands for.
    stride: u64,
    /// The sample being filled.
    pending: (f64, u64),
    capacity: usize,
    window: bool,
}

impl Series {
    /// A series of the whole run, in at most `capacity` samples (at least 2).
    pub fn new(capacity: usize) -> Self {
        Self {
            samples: Vec::with_capacity(capacity.max(2)),
            stride: 1,
            pending: (0.0, 0),
            capacity: capacity.max(2),
            window: false,
        }
    }

    /// A series of the last `capacity` ticks (at least 2), one sample a
    /// tick, exactly; its memory is taken once, here.
    pub fn window(capacity: usize) -> Self {
        let capacity = capacity.max(2);
        Self {
            samples: Vec::with_capacity(2 * capacity),
            window: true,
            ..Self::new(capacity)
        }
    }

    /// Adds one tick's value.
    pub fn push(&mut self, value: f32) {
        if self.window {
            if self.samples.len() == 2 * self.capacity {
                self.samples.drain(..self.capacity);
            }
            self.samples.push(value);
            return;
        }
        self.pending.0 += f64::from(value);
        self.pending.1 += 1;
        if self.pending.1 < self.stride {
            return;
        }
        if self.samples.len() == self.capacity {
            let halved: Vec<f32> = self
                .samples
                .chunks(2)
                .map(|pair| pair.iter().sum::<f32>() / pair.len() as f32)
                .collect();
            self.samples = halved;
            self.stride *= 2;
            return;
        }
        self.samples
            .push((self.pending.0 / self.pending.1 as f64) as f32);
        self.pending = (0.0, 0);
    }

    /// The mean over the last `share` (0 to 1) of what is kept; `None` when empty.
    pub fn tail_mean(&self, share: f64) -> Option<f64> {
        let kept = self.last(self.capacity);
        if kept.is_empty() {
            return None;
        }
        let n = kept.len();
        let take = ((n as f64 * share.clamp(0.0, 1.0)).ceil() as usize).clamp(1, n);
        let tail = &kept[n - take..];
        Some(tail.iter().map(|&x| f64::from(x)).sum::<f64>() / take as f64)
    }

    /// The samples kept, oldest first, and the ticks each stands for.
    pub fn samples(&self) -> (&[f32], u64) {
        (self.last(self.capacity), self.stride)
    }

    /// The most recent `n` samples (fewer if fewer are kept), oldest first:
    /// for a window, the values of the last `n` ticks.
    pub fn last(&self, n: usize) -> &[f32] {
        let kept = self.samples.len().min(self.capacity);
        let n = n.min(kept);
        &self.samples[self.samples.len() - n..]
    }

    /// The latest sample, if any.
    pub fn latest(&self) -> Option<f32> {
        self.samples.last().copied()
    }

    /// How many samples are kept (at most the capacity).
    pub fn len(&self) -> usize {
        self.samples.len().min(self.capacity)
    }

    pub fn is_empty(&self) -> bool {
        self.samples.is_empty()
    }

    /// The most samples kept: for a window, the ticks it covers.
    pub fn capacity(&self) -> usize {
        self.capacity
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_quarter_of_a_run() {
        let mut s = Series::new(1000);
        for tick in 0..400 {
            s.push(if tick < 300 { 0.0 } else { 1.0 });
        }
        assert_eq!(s.tail_mean(0.25), Some(1.0));
        assert_eq!(s.tail_mean(0.5), Some(0.5));
        assert_eq!(Series::new(10).tail_mean(0.25), None);
    }

    #[test]
    fn memory_stays_bounded_and_the_tail_stays_right() {
        let mut s = Series::new(64);
        for tick in 0..100_000u32 {
            s.push(if tick >= 75_000 { 1.0 } else { 0.0 });
        }
        let (samples, stride) = s.samples();
        assert!(samples.len() <= 64 && stride > 1);
        let tail = s.tail_mean(0.25).unwrap();
        assert!((tail - 1.0).abs() < 0.1, "{tail}");
    }

    #[test]
    fn a_window_keeps_the_last_ticks_exactly_without_reallocating() {
        let mut s = Series::window(3600);
        let memory = s.samples.capacity();
        for tick in 0..10_000u32 {
            s.push(tick as f32);
            assert_eq!(s.latest(), Some(tick as f32));
        }
        assert_eq!(
            s.samples.capacity(),
            memory,
            "no allocation after the first"
        );
        assert_eq!(s.len(), 3600);
        let last = s.last(3600);
        assert_eq!((last[0], last[3599]), (6400.0, 9999.0));
        assert_eq!(s.last(3), &[9997.0, 9998.0, 9999.0]);
        assert_eq!(s.samples(), (last, 1));
        assert_eq!(s.tail_mean(1.0), Some(8199.5));
        let mut short = Series::window(10);
        short.push(1.0);
        assert_eq!(short.last(5), &[1.0]);
    }
}
