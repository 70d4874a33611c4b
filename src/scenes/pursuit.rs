//! Pursuit and evade (SPEC section 4).
//!
//! A target (blue) seeks the pointer; pursuers (red) seek where it will be
//! T ticks ahead, evaders (yellow) flee that point. With a constant T a
//! pursuer close to the target aims far ahead of it and chases a ghost; the
//! dynamic T = distance / max speed shrinks the look-ahead as it closes in.
//!
//! Controls: move the mouse to lead the target; V switches dynamic / constant
//! T; a click shows the predicted positions and the forces.

use super::{Crowd, Input, Look, Metric, Scene, Setup, Stats, off_stage, random_point, rng};
use crate::config::PursuitParams;
use crate::overlay::{Meaning, Overlay};
use crate::steer::pursuit::{Prediction, evade, predict, pursuit};
use crate::steer::seek::seek;
use crate::steer::{Limits, Steering, integrate};
use glam::Vec2;
use rand_pcg::Pcg32;

/// Index of the target in the crowd; pursuers follow it, then evaders.
const TARGET: usize = 0;

pub struct PursuitScene {
    stage: Vec2,
    params: PursuitParams,
    prediction: Prediction,
    rng: Pcg32,
    crowd: Crowd,
    looks: Vec<Look>,
    pursuers: usize,
    tick: u64,
    capture_tick: Option<u64>,
    stats: Stats,
    recording: bool,
    overlay: Overlay,
    setup: Setup,
}

impl PursuitScene {
    pub fn new(stage: Vec2, params: &PursuitParams, setup: &Setup) -> Self {
        let prediction = if setup.variant == "constant-t" {
            Prediction::Constant(params.constant_t)
        } else {
            Prediction::Dynamic
        };
        let mut rng = rng(setup.seed);
        let mut crowd = Crowd::default();
        let mut looks = Vec::new();
        crowd.push(stage * 0.5, Vec2::ZERO, params.mass);
        looks.push(Look::Target);
        for i in 0..setup.agents + params.evaders {
            crowd.push(
                random_point(&mut rng, Vec2::ZERO, stage),
                Vec2::ZERO,
                params.mass,
            );
            looks.push(if i < setup.agents {
                Look::Pursuer
            } else {
                Look::Evader
            });
        }
        Self {
            stage,
            params: params.clone(),
            prediction,
            rng,
            crowd,
            looks,
            pursuers: setup.agents,
            tick: 0,
            capture_tick: None,
            stats: Stats::default(),
            recording: false,
            overlay: Overlay::default(),
            setup: setup.clone(),
        }
    }
}

impl Scene for PursuitScene {
    fn step(&mut self, input: &Input) {
        self.overlay.clear();
        let p = &self.params;
        let chaser = Limits {
            max_speed: p.max_speed,
            max_force: p.max_force,
        };
        let (target_pos, target_vel) = (self.crowd.position[TARGET], self.crowd.velocity[TARGET]);
        let mut forces = Vec::with_capacity(self.crowd.len());
        forces.push(seek(
            target_pos,
            target_vel,
            input.pointer,
            p.target_max_speed,
        ));
        for i in 1..self.crowd.len() {
            let (pos, vel) = (self.crowd.position[i], self.crowd.velocity[i]);
            let future = predict(pos, target_pos, target_vel, p.max_speed, self.prediction);
            let is_pursuer = i <= self.pursuers;
            let force = if is_pursuer {
                pursuit(pos, vel, future, p.max_speed)
            } else {
                evade(pos, vel, future, p.max_speed)
            };
            if self.recording && i < self.setup.overlay_max_agents {
                let s = self.setup.vector_scale;
                self.overlay.vector(Meaning::Velocity, pos, vel, s);
                self.overlay
                    .vector(Meaning::Steering, pos + vel * s, force, s);
                self.overlay.line(Meaning::Future, pos, future);
                self.overlay.point(Meaning::Future, future);
            }
            forces.push(force);
        }
        if self.recording {
            let s = self.setup.vector_scale;
            self.overlay
                .vector(Meaning::Velocity, target_pos, target_vel, s);
        }

        let mut max_force: f32 = 0.0;
        let target_limits = Limits {
            max_speed: p.target_max_speed,
            max_force: p.target_max_force,
        };
        for (i, force) in forces.into_iter().enumerate() {
            let limits = if i == TARGET { target_limits } else { chaser };
            let c = &mut self.crowd;
            let applied = integrate(
                &mut c.position[i],
                &mut c.velocity[i],
                c.mass[i],
                limits,
                Steering::force(force),
            );
            max_force = max_force.max(applied.length());
            if i > self.pursuers && off_stage(c.position[i], self.stage) {
                // An evader that escaped the stage comes back somewhere else.
                c.position[i] = random_point(&mut self.rng, Vec2::ZERO, self.stage);
            }
        }
        self.tick += 1;
        let target_now = self.crowd.position[TARGET];
        let caught = self.crowd.position[1..=self.pursuers]
            .iter()
            .any(|q| q.distance(target_now) <= self.params.capture_distance);
        if caught && self.capture_tick.is_none() {
            self.capture_tick = Some(self.tick);
        }
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
        vec![("capture_tick", self.capture_tick.into())]
    }

    fn stage(&self) -> Vec2 {
        self.stage
    }
}

#[cfg(test)]
mod tests {
    use crate::scenes::Input;
    use crate::scenes::testing::scene_with;
    use glam::Vec2;

    /// Ticks until capture of a target running in a straight line to the right.
    fn capture_on_a_straight_line(variant: &str) -> Option<u64> {
        let mut run = scene_with("pursuit", variant, Some(1));
        let far_right = Input {
            pointer: Vec2::new(1.0e5, 300.0),
        };
        for _ in 0..3000 {
            run.scene.step(&far_right);
        }
        run.steps(0).int("capture_tick")
    }

    #[test]
    fn dynamic_t_captures_sooner_than_constant_t() {
        let dynamic = capture_on_a_straight_line("dynamic-t").expect("dynamic T captures");
        let constant = capture_on_a_straight_line("constant-t");
        assert!(
            constant.is_none_or(|c| dynamic < c),
            "dynamic {dynamic} vs constant {constant:?}"
        );
    }

    #[test]
    fn pursuit_runs_finite_with_the_scripted_pointer() {
        let m = scene_with("pursuit", "dynamic-t", None).steps(2000);
        assert_eq!(m.nan, 0);
        assert!(m.max_force_seen <= 1.1 + 1e-4);
    }
}
