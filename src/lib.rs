//! Steering Demos: Craig Reynolds' steering behaviors, one scene per lesson.
//!
//! Architecture, from the bottom up:
//!
//! - [`steer`]: pure steering. Behaviors are functions returning a force;
//!   [`steer::integrate`] is the one movement manager that writes position and
//!   velocity; neighbour queries go through [`steer::neighbors::NeighborIndex`].
//! - [`overlay`]: what a scene wants drawn (lines, arrows, circles tagged with
//!   a meaning), as plain data.
//! - [`scenes`]: one file per scene. A scene owns its agents, seeded RNG and
//!   parameters, steps at a fixed tick and records its overlay.
//! - [`config`]: `demos.toml`, its types, loading and error messages.
//! - [`headless`]: runs a scene without a window and reports metrics as JSON.
//! - [`app`]: the window's state and controls as plain data (tested headless).
//! - `render` (binary only): macroquad drawing, the only code that touches
//!   the window.
//!
//! Everything but `render` is plain Rust on glam vectors and runs in tests.

pub mod app;
pub mod cli;
pub mod config;
pub mod headless;
pub mod overlay;
pub mod scenes;
pub mod steer;
