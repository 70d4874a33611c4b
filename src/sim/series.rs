//! A figure recorded every tick, kept in bounded memory however long the
//! run: when full, neighbouring samples are averaged in pairs and each
//! sample then stands for twice as many ticks.

/// Samples of one figure over the whole run.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    samples: Vec<f32>,
    /// Ticks each sample stands for.
    stride: u64,
    /// The sample being filled.
    pending: (f64, u64),
    capacity: usize,
}

impl Series {
    /// A series of at most `capacity` samples (at least 2).
    pub fn new(capacity: usize) -> Self {
        Self {
            samples: Vec::with_capacity(capacity.max(2)),
            stride: 1,
            pending: (0.0, 0),
            capacity: capacity.max(2),
        }
    }

    /// Adds one tick's value.
    pub fn push(&mut self, value: f32) {
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

    /// The mean over the last `share` (0 to 1) of the run; `None` when empty.
    pub fn tail_mean(&self, share: f64) -> Option<f64> {
        if self.samples.is_empty() {
            return None;
        }
        let n = self.samples.len();
        let take = ((n as f64 * share.clamp(0.0, 1.0)).ceil() as usize).clamp(1, n);
        let tail = &self.samples[n - take..];
        Some(tail.iter().map(|&x| f64::from(x)).sum::<f64>() / take as f64)
    }

    /// The samples, oldest first, and the ticks each stands for.
    pub fn samples(&self) -> (&[f32], u64) {
        (&self.samples, self.stride)
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
}
