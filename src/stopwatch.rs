//! Elapsed time that works in a web page too: `std::time::Instant::now()`
//! panics on `wasm32-unknown-unknown`, so there the page's clock
//! (`performance.now()`-based, through miniquad) stands in.

/// Started at construction; reads the time since in seconds or milliseconds.
#[derive(Debug, Clone, Copy)]
pub struct Stopwatch {
    started: f64,
}

impl Stopwatch {
    pub fn start() -> Self {
        Self { started: now() }
    }

    pub fn seconds(&self) -> f64 {
        (now() - self.started).max(0.0)
    }

    pub fn millis(&self) -> f64 {
        self.seconds() * 1e3
    }

    /// Rests until `seconds` have passed since the start: a frame that
    /// came early waits for its time instead of drawing the next at once.
    /// Natively the thread sleeps; the page's frames are paced by the
    /// browser already, so there it returns.
    pub fn rest_until(&self, seconds: f64) {
        let left = seconds - self.seconds();
        if cfg!(not(target_arch = "wasm32")) && left > 0.0 {
            std::thread::sleep(std::time::Duration::from_secs_f64(left));
        }
    }
}

/// Seconds since a fixed moment: the first call, natively.
#[cfg(not(target_arch = "wasm32"))]
fn now() -> f64 {
    static EPOCH: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    EPOCH
        .get_or_init(std::time::Instant::now)
        .elapsed()
        .as_secs_f64()
}

/// Seconds since a fixed moment: the page's clock.
#[cfg(target_arch = "wasm32")]
fn now() -> f64 {
    macroquad::miniquad::date::now()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_goes_forward() {
        let watch = Stopwatch::start();
        let first = watch.seconds();
        std::thread::sleep(std::time::Duration::from_millis(2));
        assert!(first >= 0.0 && watch.seconds() >= first + 0.001);
        assert!((watch.millis() / 1e3 - watch.seconds()).abs() < 0.1);
    }

    #[test]
    fn resting_waits_out_the_time_left() {
        let watch = Stopwatch::start();
        watch.rest_until(0.005);
        assert!(watch.seconds() >= 0.005);
    }
}
