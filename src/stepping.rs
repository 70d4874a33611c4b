//! The simulation's share of a frame, run while the frame just drawn goes
//! to the screen: the app (and its crowds) moves to a worker thread for the
//! fixed steps, and comes back once the frame is shown. Nothing reads the
//! app meanwhile (the frame loop only waits for the screen), so drawing
//! never waits for the simulation, nor the simulation for the drawing, and
//! with software OpenGL the two share the cores instead of taking turns.
//!
//! A web page has no threads, and a machine may refuse one: then the steps
//! run in line, as before.

use glam::Vec2;
use std::any::Any;
use std::sync::mpsc::{Receiver, Sender, channel};
use steering_demos::app::App;
use steering_demos::stopwatch::Stopwatch;

/// What the worker is asked: the app, the seconds to advance, the pointer.
type Job = (App, f64, Vec2);
/// What it answers: the app and the milliseconds the steps took, or the
/// panic the steps ended in.
type Done = Result<(App, f64), Box<dyn Any + Send>>;

/// Advances `app` by `seconds` at `pointer` (see [`App::advance`]) and
/// says how many milliseconds that took.
fn advance((mut app, seconds, pointer): Job) -> (App, f64) {
    let watch = Stopwatch::start();
    app.advance(seconds, pointer);
    (app, watch.millis())
}

/// The worker that runs the steps, kept for the window's life.
pub struct Stepper {
    worker: Option<(Sender<Job>, Receiver<Done>)>,
}

/// Steps under way; [`Stepping::finish`] gives the app back.
pub enum Stepping<'a> {
    Away(&'a Receiver<Done>),
    /// Stepped in line (boxed: an app is large beside a reference).
    Done(Box<(App, f64)>),
}

impl Stepper {
    /// Starts the worker (none in a web page, or if the system refuses one).
    pub fn new() -> Self {
        if cfg!(target_arch = "wasm32") {
            return Self { worker: None };
        }
        let (jobs, inbox) = channel::<Job>();
        let (outbox, done) = channel::<Done>();
        let work = move || {
            for job in inbox {
                let result =
                    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| advance(job)));
                if outbox.send(result).is_err() {
                    break;
                }
            }
        };
        let spawned = std::thread::Builder::new().name("steps".into()).spawn(work);
        Self {
            worker: spawned.ok().map(|_| (jobs, done)),
        }
    }

    /// Starts advancing `app` by `seconds` at `pointer`.
    pub fn start(&self, app: App, seconds: f64, pointer: Vec2) -> Stepping<'_> {
        match &self.worker {
            Some((jobs, done)) => match jobs.send((app, seconds, pointer)) {
                Ok(()) => Stepping::Away(done),
                // The worker is gone (it only stops with the window): in line.
                Err(returned) => Stepping::Done(Box::new(advance(returned.0))),
            },
            None => Stepping::Done(Box::new(advance((app, seconds, pointer)))),
        }
    }
}

impl Stepping<'_> {
    /// Waits for the steps: the app, and the milliseconds they took. A
    /// panic in the steps goes on here, as if they had run here.
    pub fn finish(self) -> (App, f64) {
        match self {
            Stepping::Done(stepped) => *stepped,
            Stepping::Away(done) => match done.recv() {
                Ok(Ok(stepped)) => stepped,
                Ok(Err(panic)) => std::panic::resume_unwind(panic),
                Err(_) => panic!("the stepping thread ended without giving the app back"),
            },
        }
    }
}
