//! Steering Demos: Craig Reynolds' steering behaviors, one scene per lesson.
//!
//! Architecture, from the bottom up:
//!
//! - [`steer`]: pure steering. Behaviors are functions returning a force;
//!   [`steer::integrate`] is the one movement manager that writes position and
//!   velocity; neighbour queries go through [`steer::neighbors::NeighborIndex`].
//! - [`overlay`]: what a scene wants drawn (lines, arrows, circles tagged with
//!   a meaning), as plain data.
//! - [`sim`]: the runner, which owns the crowd, the clock, the figures and
//!   the overlay; the [`sim::lesson::Lesson`] trait scenes implement; knobs
//!   (every parameter declared once); the scripted pointer; the headless report.
//! - [`scenes`]: one file per scene, and [`scenes::registry`], the one list.
//! - [`config`]: reads `demos.toml` and locates its errors.
//! - [`controls`]: the one table of keys.
//! - [`cli`]: the command line.
//! - [`stopwatch`]: elapsed time, native and in a web page.
//! - [`app`]: the window's state and controls as plain data (tested headless).
//! - `render` (binary only): macroquad drawing, the only code that touches
//!   the window.
//!
//! Everything but `render` is plain Rust on glam vectors and runs in tests.

pub mod app;
pub mod cli;
pub mod config;
pub mod controls;
pub mod desktop;
pub mod layout;
pub mod overlay;
pub mod scenes;
pub mod sim;
pub mod steer;
pub mod stopwatch;

#[cfg(test)]
pub(crate) mod testing;
