//! Elapsed time that works in a web page too: `std::time::Instant::now()`
//! panics on `wasm32-unknown-unknown`, so there the page's clock
//! (`performance.now()`-based, through miniquad) stands in.

/// Started at construction; reads the time since in seconds or milliseconds.
#[derive(Debug, Clone, Copy)]
pub struct Stopwatch {
    #[cfg(not(target_arch = "wasm32"))]
    started: std::time::Instant,
    #[cfg(target_arch = "wasm32")]
    started: f64,
}

impl Stopwatch {
    pub fn start() -> Self {
        Self {
            #[cfg(not(target_arch = "wasm32"))]
            started: std::time::Instant::now(),
            #[cfg(target_arch = "wasm32")]
            started: macroquad::miniquad::date::now(),
        }
    }

    pub fn seconds(&self) -> f64 {
        #[cfg(not(target_arch = "wasm32"))]
        return self.started.elapsed().as_secs_f64();
        #[cfg(target_arch = "wasm32")]
        return (macroquad::miniquad::date::now() - self.started).max(0.0);
    }

    pub fn millis(&self) -> f64 {
        self.seconds() * 1e3
    }
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
}
