//! The runner and everything a scene shares with it: the crowd, the fixed
//! clock, the scripted pointer, the knobs and the headless report. Plain
//! Rust on glam vectors: no window here.

pub mod arrays;
pub mod cells;
pub mod chain;
pub mod crowd;
pub mod decl;
pub mod figures;
pub mod knobs;
pub mod mind;
pub mod pointer;
pub mod props;
pub mod reading;
pub mod report;
pub mod runner;
pub mod sample;
pub mod scene;
pub mod series;
pub mod starts;
pub mod tour;

/// The most agents a scene may ask for: a million, which the crowd scenes
/// run in: the doorway and leader following in under 200 MB, flocking in
/// about 270 MB (see `benches/README.md`).
pub const MAX_AGENTS: usize = 1_000_000;
