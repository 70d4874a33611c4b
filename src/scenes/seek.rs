//! Seek, flee and arrival (SPEC section 2).
//!
//! One agent (or a few) and the pointer. Seek overshoots the target and
//! orbits it; flee runs straight away; arrival slows inside the slowing
//! radius and stops on the target without jitter.
//!
//! Controls: move the mouse to move the target; V cycles seek / flee / arrive.

use super::{Crowd, Input, Look, Metric, Scene, Setup, Stats, off_stage, random_point, rng};
use crate::config::SeekParams;
use crate::overlay::{Meaning, Overlay};
use crate::steer::seek::{arrive, flee, seek};
use crate::steer::{Limits, Steering, integrate};
use glam::Vec2;

/// The three steps of the lesson.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    Seek,
    Flee,
    Arrive,
}

/// Per-agent bookkeeping for the metrics.
#[derive(Debug, Clone, Copy)]
struct Approach {
    /// Where the agent was when the target last moved.
    from: Vec2,
    /// Largest distance past the target along the approach direction.
    overshoot: f32,
    /// First tick of the current run within the settle distance.
    settled_since: Option<u64>,
}

pub struct SeekScene {
    stage: Vec2,
    params: SeekParams,
    variant: Variant,
    crowd: Crowd,
    looks: Vec<Look>,
    approach: Vec<Approach>,
    last_target: Option<Vec2>,
    tick: u64,
    stats: Stats,
    recording: bool,
    overlay: Overlay,
    setup: Setup,
}

impl SeekScene {
    pub fn new(stage: Vec2, params: &SeekParams, setup: &Setup) -> Self {
        let variant = match setup.variant.as_str() {
            "seek" => Variant::Seek,
            "flee" => Variant::Flee,
            _ => Variant::Arrive,
        };
        let mut rng = rng(setup.seed);
        let mut crowd = Crowd::default();
        for i in 0..setup.agents {
            // The first agent starts in the middle; any others anywhere.
            let at = if i == 0 {
                stage * 0.5
            } else {
                random_point(&mut rng, Vec2::ZERO, stage)
            };
            crowd.push(at, Vec2::ZERO, params.mass);
        }
        let approach = crowd
            .position
            .iter()
            .map(|&from| Approach {
                from,
                overshoot: 0.0,
                settled_since: None,
            })
            .collect();
        Self {
            stage,
            params: params.clone(),
            variant,
            looks: vec![Look::Plain; crowd.len()],
            crowd,
            approach,
            last_target: None,
            tick: 0,
            stats: Stats::default(),
            recording: false,
            overlay: Overlay::default(),
            setup: setup.clone(),
        }
    }

    fn limits(&self) -> Limits {
        Limits {
            max_speed: self.params.max_speed,
            max_force: self.params.max_force,
        }
    }
}

impl Scene for SeekScene {
    fn step(&mut self, input: &Input) {
        let target = input.pointer;
        let p = &self.params;
        let moved = self.last_target != Some(target);
        self.last_target = Some(target);
        self.overlay.clear();
        let mut max_force: f32 = 0.0;
        for i in 0..self.crowd.len() {
            let (pos, vel) = (self.crowd.position[i], self.crowd.velocity[i]);
            let force = match self.variant {
                Variant::Seek => seek(pos, vel, target, p.max_speed),
                Variant::Flee => flee(pos, vel, target, p.max_speed),
                Variant::Arrive => arrive(pos, vel, target, p.max_speed, p.slowing_radius),
            };
            if self.recording && i < self.setup.overlay_max_agents {
                let s = self.setup.vector_scale;
                self.overlay.vector(Meaning::Velocity, pos, vel, s);
                self.overlay.vector(Meaning::Desired, pos, force + vel, s);
                self.overlay
                    .vector(Meaning::Steering, pos + vel * s, force, s);
            }
            let limits = self.limits();
            let c = &mut self.crowd;
            let applied = integrate(
                &mut c.position[i],
                &mut c.velocity[i],
                c.mass[i],
                limits,
                Steering::force(force),
            );
            max_force = max_force.max(applied.length());
            if self.variant == Variant::Flee && off_stage(c.position[i], self.stage) {
                // Fled off the stage: start again from the middle.
                c.position[i] = self.stage * 0.5;
            }

            let a = &mut self.approach[i];
            let now = c.position[i];
            if moved {
                a.from = pos;
            }
            let direction = (target - a.from).normalize_or_zero();
            a.overshoot = a.overshoot.max((now - target).dot(direction));
            if now.distance(target) <= p.settle_distance {
                a.settled_since.get_or_insert(self.tick + 1);
            } else {
                a.settled_since = None;
            }
        }
        if self.recording && self.variant == Variant::Arrive {
            self.overlay
                .circle(Meaning::SlowingRadius, target, p.slowing_radius);
        }
        self.tick += 1;
        self.stats.observe(&self.crowd, max_force);
    }

    fn tick(&self) -> u64 {
        self.tick
    }

    fn crowd(&self) -> &Crowd {
        &self.crowd
    }

    fn looks(&self) -> &[Look] {
        &self.looks
    }

    fn scenery(&self, input: &Input, out: &mut Overlay) {
        out.point(Meaning::Target, input.pointer);
    }

    fn set_recording(&mut self, on: bool) {
        self.recording = on;
    }

    fn overlay(&self) -> &Overlay {
        &self.overlay
    }

    fn stats(&self) -> &Stats {
        &self.stats
    }

    fn metrics(&self) -> Vec<(&'static str, Metric)> {
        let target = self.last_target.unwrap_or(self.stage * 0.5);
        let final_distance = self
            .crowd
            .position
            .iter()
            .map(|p| p.distance(target))
            .fold(0.0, f32::max);
        let overshoot = self
            .approach
            .iter()
            .map(|a| a.overshoot)
            .fold(0.0, f32::max);
        let settle = self
            .approach
            .iter()
            .map(|a| a.settled_since)
            .try_fold(0, |latest, s| s.map(|s| latest.max(s)));
        vec![
            ("final_distance", Metric::Float(final_distance.into())),
            ("overshoot", Metric::Float(overshoot.max(0.0).into())),
            ("settle_tick", settle.into()),
        ]
    }

    fn stage(&self) -> Vec2 {
        self.stage
    }
}

#[cfg(test)]
mod tests {
    use crate::scenes::testing::scene_with;

    #[test]
    fn arrival_settles_within_a_pixel_without_overshoot() {
        let m = scene_with("seek", "arrive", None).steps(1500);
        assert!(
            m.float("final_distance") <= 1.0,
            "final distance {}",
            m.float("final_distance")
        );
        assert!(
            m.float("overshoot") <= 2.0,
            "overshoot {}",
            m.float("overshoot")
        );
        assert!(m.int("settle_tick").is_some(), "never settled");
        assert_eq!(m.nan, 0);
    }

    #[test]
    fn seek_overshoots_where_arrival_does_not() {
        let m = scene_with("seek", "seek", None).steps(1500);
        assert!(
            m.float("overshoot") > 2.0,
            "seek should fly past the target: {}",
            m.float("overshoot")
        );
        assert!(
            m.int("settle_tick").is_none(),
            "seek never settles, it orbits"
        );
    }

    #[test]
    fn flee_moves_away() {
        let mut run = scene_with("seek", "flee", None);
        let start = run.scene.crowd().position[0];
        let m = run.steps(30);
        let now = run.scene.crowd().position[0];
        assert!(now.distance(m.pointer) > start.distance(m.pointer) + 30.0);
    }
}
