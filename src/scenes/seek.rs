//! Seek, flee and arrival (SPEC section 2).
//!
//! One agent (or a few) and the pointer. Seek overshoots the target and
//! orbits it; flee runs straight away; arrival slows inside the slowing
//! radius and stops on the target without jitter.
//!
//! Controls: move the mouse to move the target; V cycles seek / flee / arrive.

use super::{Common, Input, Look, Metric, Scene, Setup, off_stage, random_point, rng};
use crate::config::SeekParams;
use crate::overlay::{Meaning, Overlay};
use crate::steer::Limits;
use crate::steer::seek::{arrive, flee, seek};
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
    common: Common,
    params: SeekParams,
    variant: Variant,
    approach: Vec<Approach>,
    last_target: Option<Vec2>,
    forces: Vec<Vec2>,
}

impl SeekScene {
    pub fn new(stage: Vec2, params: &SeekParams, setup: &Setup) -> Self {
        let variant = match setup.variant.as_str() {
            "seek" => Variant::Seek,
            "flee" => Variant::Flee,
            _ => Variant::Arrive,
        };
        let mut rng = rng(setup.seed);
        let mut common = Common::new(stage, setup);
        for i in 0..setup.agents {
            // The first agent starts in the middle; any others anywhere.
            let at = if i == 0 {
                stage * 0.5
            } else {
                random_point(&mut rng, Vec2::ZERO, stage)
            };
            common.push(at, Vec2::ZERO, params.mass, Look::Plain);
        }
        let approach = common
            .crowd
            .position
            .iter()
            .map(|&from| Approach {
                from,
                overshoot: 0.0,
                settled_since: None,
            })
            .collect();
        Self {
            common,
            params: params.clone(),
            variant,
            approach,
            last_target: None,
            forces: Vec::new(),
        }
    }
}

impl Scene for SeekScene {
    fn common(&self) -> &Common {
        &self.common
    }

    fn common_mut(&mut self) -> &mut Common {
        &mut self.common
    }

    fn step(&mut self, input: &Input) {
        let target = input.pointer;
        let p = &self.params;
        let c = &mut self.common;
        c.overlay.clear();
        self.forces.clear();
        let moved = self.last_target != Some(target);
        self.last_target = Some(target);
        for i in 0..c.crowd.len() {
            let (pos, vel) = (c.crowd.position[i], c.crowd.velocity[i]);
            if moved {
                self.approach[i].from = pos;
            }
            let force = match self.variant {
                Variant::Seek => seek(pos, vel, target, p.max_speed),
                Variant::Flee => flee(pos, vel, target, p.max_speed),
                Variant::Arrive => arrive(pos, vel, target, p.max_speed, p.slowing_radius),
            };
            if c.records(i) {
                let s = c.setup.vector_scale;
                c.overlay.vector(Meaning::Velocity, pos, vel, s);
                c.overlay.vector(Meaning::Desired, pos, force + vel, s);
                c.overlay.vector(Meaning::Steering, pos + vel * s, force, s);
            }
            self.forces.push(force);
        }
        if c.recording && self.variant == Variant::Arrive {
            c.overlay
                .circle(Meaning::SlowingRadius, target, p.slowing_radius);
        }
        let limits = Limits {
            max_speed: p.max_speed,
            max_force: p.max_force,
        };
        c.integrate_all(&self.forces, |_| limits);

        for (i, a) in self.approach.iter_mut().enumerate() {
            if self.variant == Variant::Flee && off_stage(c.crowd.position[i], c.stage) {
                // Fled off the stage: start again from the middle.
                c.crowd.position[i] = c.stage * 0.5;
            }
            let now = c.crowd.position[i];
            let direction = (target - a.from).normalize_or_zero();
            a.overshoot = a.overshoot.max((now - target).dot(direction));
            if now.distance(target) <= p.settle_distance {
                a.settled_since.get_or_insert(c.tick);
            } else {
                a.settled_since = None;
            }
        }
    }

    fn scenery(&self, input: &Input, out: &mut Overlay) {
        out.point(Meaning::Target, input.pointer);
    }

    fn metrics(&self) -> Vec<(&'static str, Metric)> {
        let target = self.last_target.unwrap_or(self.common.stage * 0.5);
        let positions = &self.common.crowd.position;
        let final_distance = positions
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
