//! The simulation's share of a frame, run while the frame just drawn goes
//! to the screen: the app (and its crowds) moves to a worker thread for the
//! fixed steps, and comes back once the frame is shown. Nothing reads the
//! app meanwhile (the frame loop only waits for the screen), so drawing
//! never waits for the simulation, nor the simulation for the drawing, and
//! with software OpenGL the two share the cores instead of taking turns.
//!
//! A web page has no threads (its `spawn` says so), and a machine may
//! refuse one: then the steps run in line.

use glam::Vec2;
use steering_demos::app::App;
use steering_demos::stopwatch::Stopwatch;

/// What the worker is asked: the app, the seconds to advance, the pointer,
/// and the milliseconds the steps may take (a live window's budget; none:
/// every tick due, as a screenshot or a clip needs).
type Job = (App, f64, Vec2, Option<f64>);
/// What the steps give back: the app, and the milliseconds they took.
type Stepped = (App, f64);

/// Advances `app` by `seconds` at `pointer` (see [`App::advance`], and
/// [`App::advance_within`] with a budget) and says how many milliseconds
/// that took.
fn advance((mut app, seconds, pointer, budget_ms): Job) -> Stepped {
    let watch = Stopwatch::start();
    match budget_ms {
        Some(budget_ms) => app.advance_within(seconds, pointer, budget_ms),
        None => app.advance(seconds, pointer),
    };
    (app, watch.millis())
}

/// Steps under way: [`Stepper::finish`] gives the app back.
pub enum Stepping {
    /// With the worker.
    Away,
    /// Stepped in line (boxed: an app is large).
    Done(Box<Stepped>),
}

/// The worker that runs the steps, kept for the window's life.
pub struct Stepper {
    worker: Option<worker::Worker>,
}

impl Stepper {
    /// Starts the worker (none if the system refuses one, as a web page
    /// does: then in line).
    pub fn new() -> Self {
        Self {
            worker: worker::Worker::spawn(),
        }
    }

    /// Starts advancing `app` by `seconds` at `pointer`, within
    /// `budget_ms` if given.
    pub fn start(&self, app: App, seconds: f64, pointer: Vec2, budget_ms: Option<f64>) -> Stepping {
        let job = (app, seconds, pointer, budget_ms);
        match &self.worker {
            Some(worker) => match worker.jobs.send(job) {
                Ok(()) => Stepping::Away,
                // The worker is gone (it only stops with the window): in line.
                Err(returned) => Stepping::Done(Box::new(advance(returned.0))),
            },
            None => Stepping::Done(Box::new(advance(job))),
        }
    }

    /// Waits for the steps: the app, and the milliseconds they took. A
    /// panic in the steps goes on here, as if they had run here.
    pub fn finish(&self, stepping: Stepping) -> Stepped {
        match (stepping, &self.worker) {
            (Stepping::Done(stepped), _) => *stepped,
            (Stepping::Away, None) => unreachable!("steps away without a worker"),
            (Stepping::Away, Some(worker)) => match worker.done.recv() {
                Ok(Ok(stepped)) => stepped,
                Ok(Err(panic)) => std::panic::resume_unwind(panic),
                Err(_) => panic!("the stepping thread ended without giving the app back"),
            },
        }
    }
}

mod worker {
    use super::{Job, Stepped, advance};
    use std::sync::mpsc::{Receiver, Sender, channel};

    /// The steps' answer, or the panic they ended in.
    type Done = Result<Stepped, Box<dyn std::any::Any + Send>>;

    pub(super) struct Worker {
        pub(super) jobs: Sender<Job>,
        pub(super) done: Receiver<Done>,
    }

    impl Worker {
        /// A thread that steps each job it is sent, until the window closes.
        pub(super) fn spawn() -> Option<Self> {
            let (jobs, inbox) = channel::<Job>();
            let (outbox, done) = channel::<Done>();
            let work = move || {
                for job in inbox {
                    let stepped =
                        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| advance(job)));
                    if outbox.send(stepped).is_err() {
                        break;
                    }
                }
            };
            let thread = std::thread::Builder::new().name("steps".into()).spawn(work);
            thread.ok().map(|_| Self { jobs, done })
        }
    }
}
