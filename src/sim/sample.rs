//! Which agents the overlay records in a crowd: a sample spread over it.

/// The agents the overlay records of a crowd of `len`: at most `max`,
/// spread evenly over the ids (agent `k * len / m` for the `k`-th of `m`)
/// rather than the first `max`: the crowd scenes number their agents row
/// by row at spawn, so the first would all stand along one edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OverlaySample {
    len: usize,
    m: usize,
}

impl OverlaySample {
    pub fn new(len: usize, max: usize) -> Self {
        Self {
            len,
            m: max.min(len),
        }
    }

    /// The `k`-th agent of the sample.
    fn nth(self, k: usize) -> usize {
        (k as u64 * self.len as u64 / self.m as u64) as usize
    }

    /// Whether agent `i` is in the sample: the first `k` whose agent is at
    /// least `i` must be `i` itself (the agents grow by at least one a step).
    pub fn contains(self, i: usize) -> bool {
        if i >= self.len {
            return false;
        }
        let k = (i as u64 * self.m as u64).div_ceil(self.len as u64) as usize;
        k < self.m && self.nth(k) == i
    }

    /// The sample, in ascending order.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        (0..self.m).map(move |k| self.nth(k))
    }
}

#[cfg(test)]
mod tests {
    use super::OverlaySample;

    #[test]
    fn the_overlay_sample_spreads_over_the_crowd_and_knows_its_members() {
        for (len, max) in [
            (0, 400),
            (10, 400),
            (1000, 400),
            (1001, 400),
            (999_999, 400),
            (7, 3),
        ] {
            let sample = OverlaySample::new(len, max);
            let members: Vec<usize> = sample.iter().collect();
            assert_eq!(members.len(), len.min(max), "{len} {max}");
            assert!(members.windows(2).all(|w| w[0] < w[1]), "{len} {max}");
            if len > max {
                // Evenly: the last stands in the last stretch of the numbering.
                assert!(*members.last().unwrap() >= len - len / max - 1);
            }
            for i in 0..len.min(5000) {
                assert_eq!(
                    sample.contains(i),
                    members.binary_search(&i).is_ok(),
                    "{len} {max} {i}"
                );
            }
            assert!(!sample.contains(len));
        }
    }
}
