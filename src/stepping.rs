//! The simulation's share of a frame, run while the frame just drawn goes
//! to the screen: the app (and its crowds) moves to a thread of its own for
//! the fixed steps, and comes back once the frame is shown. Nothing reads
//! the app meanwhile (the frame loop only waits for the screen), so drawing
//! never waits for the simulation, nor the simulation for the drawing, and
//! with software OpenGL the two share the cores instead of taking turns.
//!
//! A web page has no threads: there the steps run in line, as before.

use steering_demos::app::App;
use steering_demos::stopwatch::Stopwatch;

/// Fixed steps under way; [`Stepping::finish`] gives the app back.
pub struct Stepping {
    #[cfg(not(target_arch = "wasm32"))]
    job: std::thread::JoinHandle<(App, f64)>,
    #[cfg(target_arch = "wasm32")]
    done: (App, f64),
}

/// Advances `app` by `seconds` at `pointer` (see [`App::advance`]) and
/// says how many milliseconds that took.
fn advance(mut app: App, seconds: f64, pointer: glam::Vec2) -> (App, f64) {
    let watch = Stopwatch::start();
    app.advance(seconds, pointer);
    (app, watch.millis())
}

impl Stepping {
    /// Starts advancing `app`.
    pub fn start(app: App, seconds: f64, pointer: glam::Vec2) -> Self {
        #[cfg(not(target_arch = "wasm32"))]
        return Self {
            job: std::thread::spawn(move || advance(app, seconds, pointer)),
        };
        #[cfg(target_arch = "wasm32")]
        return Self {
            done: advance(app, seconds, pointer),
        };
    }

    /// Waits for the steps: the app, and the milliseconds they took. A
    /// panic in the steps goes on in the caller, as if they ran there.
    pub fn finish(self) -> (App, f64) {
        #[cfg(not(target_arch = "wasm32"))]
        return self
            .job
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        #[cfg(target_arch = "wasm32")]
        return self.done;
    }
}
