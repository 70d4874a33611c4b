//! What a screenshot run says about its frames' times.

/// Milliseconds per frame: the whole frame, the drawing, the simulation.
#[derive(Default)]
pub struct Timings {
    frame: Vec<f64>,
    draw: Vec<f64>,
    sim: Vec<f64>,
}

impl Timings {
    pub fn push(&mut self, frame: f64, draw: f64, sim: f64) {
        self.frame.push(frame);
        self.draw.push(draw);
        self.sim.push(sim);
    }

    /// One line with the frames rendered and the medians of those timed
    /// (each frame but the last, which ends in the screenshot), for
    /// measuring without a GPU.
    pub fn summary(&self, frames: u64) -> String {
        fn median(v: &[f64]) -> f64 {
            let mut v = v.to_vec();
            v.sort_by(f64::total_cmp);
            v.get(v.len() / 2).copied().unwrap_or(0.0)
        }
        format!(
            "frames {frames}: median frame {:.2} ms, draw {:.2} ms, sim {:.2} ms per frame",
            median(&self.frame),
            median(&self.draw),
            median(&self.sim)
        )
    }
}
