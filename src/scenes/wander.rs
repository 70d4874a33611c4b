//! Wander (SPEC section 3).
//!
//! Several agents wander; one that leaves the stage is respawned at the
//! centre. The circle variant moves a point on a circle ahead of each agent a
//! little each tick, so turns are smooth. The random-target variant is the
//! naive first attempt of the tutorial: seek a random point that jumps every
//! two seconds, and watch agents turn back abruptly ("I forgot my keys!").
//!
//! Controls: V switches circle / random-target; a click shows the circle,
//! its displacement and the wander force.

use super::{
    Common, Input, Look, Metric, Scene, Setup, off_stage, random_heading, random_point, rng,
};
use crate::config::WanderParams;
use crate::overlay::Meaning;
use crate::steer::seek::seek;
use crate::steer::wander::{self, RandomTarget, next_angle};
use crate::steer::{Limits, turn_angle};
use glam::Vec2;
use rand::RngExt;
use rand_pcg::Pcg32;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    Circle,
    RandomTarget,
}

pub struct WanderScene {
    common: Common,
    params: WanderParams,
    circle: wander::WanderParams,
    variant: Variant,
    rng: Pcg32,
    angles: Vec<f32>,
    targets: Vec<RandomTarget>,
    forces: Vec<Vec2>,
    /// Headings before the tick, to measure the turn.
    headings: Vec<Vec2>,
    turn_sum: f64,
    turn_count: u64,
    max_turn: f32,
    respawns: u64,
}

impl WanderScene {
    pub fn new(stage: Vec2, params: &WanderParams, setup: &Setup) -> Self {
        let variant = if setup.variant == "random-target" {
            Variant::RandomTarget
        } else {
            Variant::Circle
        };
        let mut rng = rng(setup.seed);
        let mut common = Common::new(stage, setup);
        let mut angles = Vec::with_capacity(setup.agents);
        let mut targets = Vec::with_capacity(setup.agents);
        for _ in 0..setup.agents {
            let at = random_point(&mut rng, stage * 0.2, stage * 0.8);
            common.push(
                at,
                random_heading(&mut rng) * params.max_speed,
                params.mass,
                Look::Plain,
            );
            angles.push(rng.random_range(0.0..std::f32::consts::TAU));
            targets.push(RandomTarget {
                point: random_point(&mut rng, Vec2::ZERO, stage),
                ticks_left: rng.random_range(1..=params.retarget_ticks),
            });
        }
        Self {
            common,
            circle: wander::WanderParams {
                circle_distance: params.circle_distance,
                circle_radius: params.circle_radius,
                angle_change: params.angle_change,
            },
            params: params.clone(),
            variant,
            rng,
            angles,
            targets,
            forces: Vec::new(),
            headings: Vec::new(),
            turn_sum: 0.0,
            turn_count: 0,
            max_turn: 0.0,
            respawns: 0,
        }
    }

    /// This tick's force for agent `i`, drawing from the scene's generator.
    fn force(&mut self, i: usize) -> Vec2 {
        let c = &mut self.common;
        let (pos, vel) = (c.crowd.position[i], c.crowd.velocity[i]);
        let record = c.records(i);
        match self.variant {
            Variant::Circle => {
                let w = wander::wander(vel, self.angles[i], &self.circle);
                self.angles[i] = next_angle(self.angles[i], self.rng.random::<f32>(), &self.circle);
                if record {
                    let s = self.params.overlay_scale;
                    let centre = pos + w.circle_center * s;
                    c.overlay
                        .vector(Meaning::Velocity, pos, vel, c.setup.vector_scale);
                    c.overlay
                        .circle(Meaning::WanderCircle, centre, self.circle.circle_radius * s);
                    c.overlay
                        .vector(Meaning::WanderDisplacement, centre, w.displacement, s);
                    c.overlay.vector(Meaning::WanderForce, pos, w.force, s);
                }
                w.force
            }
            Variant::RandomTarget => {
                let t = &mut self.targets[i];
                t.ticks_left -= 1;
                if t.ticks_left == 0 {
                    t.point = random_point(&mut self.rng, Vec2::ZERO, c.stage);
                    t.ticks_left = self.params.retarget_ticks;
                }
                let force = seek(pos, vel, t.point, self.params.max_speed);
                if record {
                    c.overlay
                        .vector(Meaning::Velocity, pos, vel, c.setup.vector_scale);
                    c.overlay.line(Meaning::Desired, pos, t.point);
                    c.overlay.point(Meaning::Desired, t.point);
                }
                force
            }
        }
    }
}

impl Scene for WanderScene {
    fn common(&self) -> &Common {
        &self.common
    }

    fn common_mut(&mut self) -> &mut Common {
        &mut self.common
    }

    fn step(&mut self, _input: &Input) {
        self.common.overlay.clear();
        let mut forces = std::mem::take(&mut self.forces);
        forces.clear();
        for i in 0..self.common.crowd.len() {
            forces.push(self.force(i));
        }
        let limits = Limits {
            max_speed: self.params.max_speed,
            max_force: self.params.max_force,
        };
        let c = &mut self.common;
        self.headings.clone_from(&c.crowd.velocity);
        c.integrate_all(&forces, |_| limits);
        self.forces = forces;
        for (i, &before) in self.headings.iter().enumerate() {
            let turn = turn_angle(before, c.crowd.velocity[i]);
            self.turn_sum += f64::from(turn);
            self.turn_count += 1;
            self.max_turn = self.max_turn.max(turn);
            if off_stage(c.crowd.position[i], c.stage) {
                c.crowd.position[i] = c.stage * 0.5;
                self.respawns += 1;
            }
        }
    }

    fn metrics(&self) -> Vec<(&'static str, Metric)> {
        let mean = if self.turn_count > 0 {
            self.turn_sum / self.turn_count as f64
        } else {
            0.0
        };
        vec![
            ("mean_turn", Metric::Float(mean)),
            ("max_turn", Metric::Float(self.max_turn.into())),
            ("respawns", Metric::Int(self.respawns)),
        ]
    }
}

#[cfg(test)]
mod tests {
    use crate::scenes::testing::scene_with;

    #[test]
    fn circle_wander_turns_smoothly_and_stays_finite() {
        let m = scene_with("wander", "circle", None).steps(3000);
        assert_eq!(m.nan, 0);
        assert!(m.max_speed_seen <= 3.0 + 1e-4);
        // A smooth wander never turns more than a quarter turn in one tick.
        assert!(
            m.float("max_turn") < std::f64::consts::FRAC_PI_4,
            "max turn {}",
            m.float("max_turn")
        );
        assert!(m.float("mean_turn") > 0.0, "wandering agents do turn");
    }

    #[test]
    fn random_target_turns_back_abruptly() {
        let circle = scene_with("wander", "circle", None).steps(3000);
        let naive = scene_with("wander", "random-target", None).steps(3000);
        // Seeking a point that jumps behind the agent turns it sharply.
        assert!(
            naive.float("max_turn") > circle.float("max_turn"),
            "naive {} vs circle {}",
            naive.float("max_turn"),
            circle.float("max_turn")
        );
    }

    #[test]
    fn agents_leaving_the_stage_come_back_at_the_centre() {
        let mut run = scene_with("wander", "circle", None);
        let m = run.steps(6000);
        assert!(
            m.int("respawns").unwrap_or(0) > 0,
            "in 100 s some agent leaves the stage"
        );
        let stage = run.scene.stage();
        assert!(
            run.scene
                .crowd()
                .position
                .iter()
                .all(|&p| !crate::scenes::off_stage(p, stage))
        );
    }
}
