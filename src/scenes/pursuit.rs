//! Pursuit and evade (SPEC section 4).
//!
//! A target (blue) seeks the pointer; pursuers seek where it will be T ticks
//! ahead, evaders (yellow) flee that point. With a constant T a pursuer
//! close to the target aims far ahead of it and chases a ghost; the dynamic
//! T = distance / max speed shrinks the look-ahead as it closes in. The
//! compare variant runs both side by side: red pursuers use dynamic T,
//! purple ones the constant T.
//!
//! Controls: move the mouse to lead the target; V cycles compare / dynamic /
//! constant T; a click shows the predicted positions and the forces.

use super::{Common, Input, Look, Metric, Scene, Setup, off_stage, random_point, rng};
use crate::config::PursuitParams;
use crate::overlay::{Meaning, Overlay};
use crate::steer::Limits;
use crate::steer::pursuit::{Prediction, evade, predict, pursuit};
use crate::steer::seek::seek;
use glam::Vec2;
use rand_pcg::Pcg32;

/// Index of the target in the crowd; pursuers follow it, then evaders.
const TARGET: usize = 0;

pub struct PursuitScene {
    common: Common,
    params: PursuitParams,
    /// Each agent's look-ahead (the target's entry is unused).
    predictions: Vec<Prediction>,
    forces: Vec<Vec2>,
    rng: Pcg32,
    pursuers: usize,
    /// First capture by a dynamic-T pursuer, and by a constant-T one.
    capture: [Option<u64>; 2],
}

impl PursuitScene {
    pub fn new(stage: Vec2, params: &PursuitParams, setup: &Setup) -> Self {
        let constant = Prediction::Constant(params.constant_t);
        // Pursuer k's look-ahead in each variant; evaders always look dynamically.
        let pursuer_prediction = |k: usize| match setup.variant.as_str() {
            "constant-t" => constant,
            "compare" if k % 2 == 1 => constant,
            _ => Prediction::Dynamic,
        };
        let mut rng = rng(setup.seed);
        let mut common = Common::new(stage, setup);
        common.push(stage * 0.5, Vec2::ZERO, params.mass, Look::Target);
        let mut predictions = vec![Prediction::Dynamic];
        for i in 0..setup.agents + params.evaders {
            let (look, prediction) = match i < setup.agents {
                true => match pursuer_prediction(i) {
                    Prediction::Dynamic => (Look::Pursuer, Prediction::Dynamic),
                    p => (Look::ConstantPursuer, p),
                },
                false => (Look::Evader, Prediction::Dynamic),
            };
            let at = random_point(&mut rng, Vec2::ZERO, stage);
            common.push(at, Vec2::ZERO, params.mass, look);
            predictions.push(prediction);
        }
        Self {
            common,
            params: params.clone(),
            predictions,
            forces: Vec::new(),
            rng,
            pursuers: setup.agents,
            capture: [None; 2],
        }
    }
}

impl Scene for PursuitScene {
    fn common(&self) -> &Common {
        &self.common
    }

    fn common_mut(&mut self) -> &mut Common {
        &mut self.common
    }

    fn step(&mut self, input: &Input) {
        let p = &self.params;
        let c = &mut self.common;
        c.overlay.clear();
        let (target_pos, target_vel) = (c.crowd.position[TARGET], c.crowd.velocity[TARGET]);
        let s = c.setup.vector_scale;
        self.forces.clear();
        self.forces.push(seek(
            target_pos,
            target_vel,
            input.pointer,
            p.target_max_speed,
        ));
        if c.recording {
            c.overlay
                .vector(Meaning::Velocity, target_pos, target_vel, s);
        }
        for i in 1..c.crowd.len() {
            let (pos, vel) = (c.crowd.position[i], c.crowd.velocity[i]);
            let future = predict(
                pos,
                target_pos,
                target_vel,
                p.max_speed,
                self.predictions[i],
            );
            let force = if i <= self.pursuers {
                pursuit(pos, vel, future, p.max_speed)
            } else {
                evade(pos, vel, future, p.max_speed)
            };
            // Agent 0 is the target, so agent i is the i-th chaser.
            if c.records(i - 1) {
                c.overlay.vector(Meaning::Velocity, pos, vel, s);
                c.overlay.vector(Meaning::Steering, pos + vel * s, force, s);
                c.overlay.line(Meaning::Future, pos, future);
                c.overlay.point(Meaning::Future, future);
            }
            self.forces.push(force);
        }

        let target = Limits {
            max_speed: p.target_max_speed,
            max_force: p.target_max_force,
        };
        let chaser = Limits {
            max_speed: p.max_speed,
            max_force: p.max_force,
        };
        c.integrate_all(&self.forces, |i| if i == TARGET { target } else { chaser });

        for i in self.pursuers + 1..c.crowd.len() {
            if off_stage(c.crowd.position[i], c.stage) {
                // An evader that escaped the stage comes back somewhere else.
                c.crowd.position[i] = random_point(&mut self.rng, Vec2::ZERO, c.stage);
            }
        }
        let target_now = c.crowd.position[TARGET];
        for i in 1..=self.pursuers {
            let group = usize::from(self.predictions[i] != Prediction::Dynamic);
            let near = c.crowd.position[i].distance(target_now) <= p.capture_distance;
            if near && self.capture[group].is_none() {
                self.capture[group] = Some(c.tick);
            }
        }
    }

    fn scenery(&self, input: &Input, out: &mut Overlay) {
        out.point(Meaning::Target, input.pointer);
    }

    fn metrics(&self) -> Vec<(&'static str, Metric)> {
        let [dynamic, constant] = self.capture;
        let first = dynamic.into_iter().chain(constant).min();
        vec![
            ("capture_tick", first.into()),
            ("capture_tick_dynamic_t", dynamic.into()),
            ("capture_tick_constant_t", constant.into()),
        ]
    }
}

#[cfg(test)]
mod tests {
    use crate::scenes::testing::scene_with;
    use crate::scenes::{Input, Look};
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
    fn compare_runs_both_side_by_side() {
        let mut run = scene_with("pursuit", "compare", Some(4));
        let looks = run.scene.looks();
        let count = |l| looks.iter().filter(|&&x| x == l).count();
        assert_eq!((count(Look::Pursuer), count(Look::ConstantPursuer)), (2, 2));
        let m = run.steps(3000);
        assert!(m.int("capture_tick_dynamic_t").is_some());
        assert!(m.int("capture_tick").is_some());
    }

    #[test]
    fn pursuit_runs_finite_with_the_scripted_pointer() {
        let m = scene_with("pursuit", "dynamic-t", None).steps(2000);
        assert_eq!(m.nan, 0);
        assert!(m.max_force_seen <= 1.1 + 1e-4);
    }
}
