//! Trails: the last few seconds of each followed agent's path, fading.
//! In crowds only the selected agent and a sample are followed.

use super::View;
use super::palette::TRAIL;
use macroquad::color::Color;
use macroquad::shapes::draw_line;
use std::collections::VecDeque;
use steering_demos::sim::runner::Runner;

/// Agents followed besides the selected one.
const SAMPLE: usize = 48;
/// Points kept per trail (one per tick: 3 s at 60 ticks per second).
const LENGTH: usize = 180;

/// The recent paths, one per followed agent.
#[derive(Default)]
pub struct Trails {
    /// Agent id and its points, oldest first.
    paths: Vec<(usize, VecDeque<glam::Vec2>)>,
    /// The tick last recorded, to add one point per tick.
    tick: Option<u64>,
}

impl Trails {
    /// Adds the positions of the last tick (nothing when no tick ran);
    /// starts again when the scene or its crowd changed.
    pub fn record(&mut self, scene: &Runner) {
        let n = scene.crowd().len();
        let tick = scene.tick();
        if self.tick.is_some_and(|t| tick < t) || self.paths.iter().any(|&(id, _)| id >= n) {
            self.paths.clear();
        }
        if self.tick == Some(tick) {
            return;
        }
        self.tick = Some(tick);
        let stride = n.div_ceil(SAMPLE).max(1);
        // Ids: an agent keeps its trail wherever the crowd keeps it.
        let mut wanted: Vec<usize> = (0..n).step_by(stride).collect();
        if let Some(s) = scene.selected().filter(|s| !wanted.contains(s)) {
            wanted.push(s);
        }
        self.paths.retain(|(id, _)| wanted.contains(id));
        for id in wanted {
            let Some(i) = scene.crowd().index_of(id) else {
                continue;
            };
            let at = scene.crowd().positions()[i];
            let path = match self.paths.iter_mut().find(|(other, _)| *other == id) {
                Some((_, path)) => path,
                None => {
                    self.paths.push((id, VecDeque::with_capacity(LENGTH)));
                    &mut self.paths.last_mut().expect("just pushed").1
                }
            };
            // A respawn jumps: start the trail again there.
            if path.back().is_some_and(|p| p.distance(at) > 100.0) {
                path.clear();
            }
            if path.len() == LENGTH {
                path.pop_front();
            }
            path.push_back(at);
        }
    }

    /// Draws the trails, older parts fainter.
    pub fn draw(&self, view: &View) {
        for (_, path) in &self.paths {
            let n = path.len().max(1) as f32;
            for (k, pair) in path.iter().zip(path.iter().skip(1)).enumerate() {
                let (a, b) = (view.to_screen(*pair.0), view.to_screen(*pair.1));
                let color = Color {
                    a: 0.1 + 0.6 * k as f32 / n,
                    ..TRAIL
                };
                draw_line(a.x, a.y, b.x, b.y, 2.0, color);
            }
        }
    }
}
