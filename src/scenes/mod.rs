//! The scenes: one file per lesson, listed once in [`registry`].
//!
//! A scene implements [`Lesson`](crate::sim::lesson::Lesson): it declares its
//! parameters (`params!`), its variants (`variants!`) and its metrics, places
//! its agents, and each tick sets one steering force per agent; the runner
//! moves them. While recording, it fills the overlay with the forces it
//! used; recording never changes the simulation.

pub mod avoid;
pub mod doorway;
pub mod flock;
pub mod leader;
pub mod patrol;
pub mod pursuit;
pub mod registry;
pub mod seek;
pub mod wander;

use glam::Vec2;

/// A seeded, portable generator: the same seed gives the same scene everywhere.
pub fn rng(seed: u64) -> rand_pcg::Pcg32 {
    use rand::SeedableRng;
    rand_pcg::Pcg32::seed_from_u64(seed)
}

/// A uniform point inside the rectangle `min..max`.
pub fn random_point(rng: &mut rand_pcg::Pcg32, min: Vec2, max: Vec2) -> Vec2 {
    use rand::RngExt;
    Vec2::new(
        rng.random_range(min.x..=max.x),
        rng.random_range(min.y..=max.y),
    )
}

/// A unit vector in a uniformly random direction.
pub fn random_heading(rng: &mut rand_pcg::Pcg32) -> Vec2 {
    use rand::RngExt;
    Vec2::from_angle(rng.random_range(0.0..std::f32::consts::TAU))
}

/// True when `p` is off the `stage` rectangle.
pub fn off_stage(p: Vec2, stage: Vec2) -> bool {
    p.x < 0.0 || p.y < 0.0 || p.x > stage.x || p.y > stage.y
}

/// "yes" or "no", for an agent's readout.
pub fn yes_no(b: bool) -> String {
    if b { "yes" } else { "no" }.to_owned()
}

/// A point, to the pixel, for an agent's readout.
pub fn point(p: Vec2) -> String {
    format!("({:.0}, {:.0})", p.x, p.y)
}
