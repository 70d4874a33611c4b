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
    Crowd, Input, Look, Metric, Scene, Setup, Stats, off_stage, random_heading, random_point, rng,
};
use crate::config::WanderParams;
use crate::overlay::{Meaning, Overlay};
use crate::steer::seek::seek;
use crate::steer::wander::{self, RandomTarget, next_angle};
use crate::steer::{Limits, Steering, integrate, turn_angle};
use glam::Vec2;
use rand::RngExt;
use rand_pcg::Pcg32;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    Circle,
    RandomTarget,
}

pub struct WanderScene {
    stage: Vec2,
    params: WanderParams,
    circle: wander::WanderParams,
    variant: Variant,
    rng: Pcg32,
    crowd: Crowd,
    looks: Vec<Look>,
    angles: Vec<f32>,
    targets: Vec<RandomTarget>,
    tick: u64,
    stats: Stats,
    turn_sum: f64,
    turn_count: u64,
    max_turn: f32,
    respawns: u64,
    recording: bool,
    overlay: Overlay,
    setup: Setup,
}

impl WanderScene {
    pub fn new(stage: Vec2, params: &WanderParams, setup: &Setup) -> Self {
        let variant = if setup.variant == "random-target" {
            Variant::RandomTarget
        } else {
            Variant::Circle
        };
        let mut rng = rng(setup.seed);
        let mut crowd = Crowd::default();
        let mut angles = Vec::with_capacity(setup.agents);
        let mut targets = Vec::with_capacity(setup.agents);
        for _ in 0..setup.agents {
            let at = random_point(&mut rng, stage * 0.2, stage * 0.8);
            crowd.push(at, random_heading(&mut rng) * params.max_speed, params.mass);
            angles.push(rng.random_range(0.0..std::f32::consts::TAU));
            targets.push(RandomTarget {
                point: random_point(&mut rng, Vec2::ZERO, stage),
                ticks_left: rng.random_range(1..=params.retarget_ticks),
            });
        }
        Self {
            stage,
            circle: wander::WanderParams {
                circle_distance: params.circle_distance,
                circle_radius: params.circle_radius,
                angle_change: params.angle_change,
            },
            params: params.clone(),
            variant,
            rng,
            looks: vec![Look::Plain; crowd.len()],
            crowd,
            angles,
            targets,
            tick: 0,
            stats: Stats::default(),
            turn_sum: 0.0,
            turn_count: 0,
            max_turn: 0.0,
            respawns: 0,
            recording: false,
            overlay: Overlay::default(),
            setup: setup.clone(),
        }
    }

    /// This tick's force for agent `i`, drawing from the scene's generator.
    fn force(&mut self, i: usize) -> Vec2 {
        let (pos, vel) = (self.crowd.position[i], self.crowd.velocity[i]);
        let record = self.recording && i < self.setup.overlay_max_agents;
        match self.variant {
            Variant::Circle => {
                let w = wander::wander(vel, self.angles[i], &self.circle);
                self.angles[i] = next_angle(self.angles[i], self.rng.random::<f32>(), &self.circle);
                if record {
                    let s = self.params.overlay_scale;
                    let centre = pos + w.circle_center * s;
                    self.overlay
                        .vector(Meaning::Velocity, pos, vel, self.setup.vector_scale);
                    self.overlay.circle(
                        Meaning::WanderCircle,
                        centre,
                        self.circle.circle_radius * s,
                    );
                    self.overlay
                        .vector(Meaning::WanderDisplacement, centre, w.displacement, s);
                    self.overlay.vector(Meaning::WanderForce, pos, w.force, s);
                }
                w.force
            }
            Variant::RandomTarget => {
                let t = &mut self.targets[i];
                t.ticks_left -= 1;
                if t.ticks_left == 0 {
                    t.point = random_point(&mut self.rng, Vec2::ZERO, self.stage);
                    t.ticks_left = self.params.retarget_ticks;
                }
                let force = seek(pos, vel, t.point, self.params.max_speed);
                if record {
                    self.overlay
                        .vector(Meaning::Velocity, pos, vel, self.setup.vector_scale);
                    self.overlay.line(Meaning::Desired, pos, t.point);
                    self.overlay.point(Meaning::Desired, t.point);
                }
                force
            }
        }
    }
}

impl Scene for WanderScene {
    fn step(&mut self, _input: &Input) {
        self.overlay.clear();
        let limits = Limits {
            max_speed: self.params.max_speed,
            max_force: self.params.max_force,
        };
        let mut max_force: f32 = 0.0;
        for i in 0..self.crowd.len() {
            let force = self.force(i);
            let c = &mut self.crowd;
            let before = c.velocity[i];
            let applied = integrate(
                &mut c.position[i],
                &mut c.velocity[i],
                c.mass[i],
                limits,
                Steering::force(force),
            );
            max_force = max_force.max(applied.length());
            let turn = turn_angle(before, c.velocity[i]);
            self.turn_sum += f64::from(turn);
            self.turn_count += 1;
            self.max_turn = self.max_turn.max(turn);
            if off_stage(c.position[i], self.stage) {
                c.position[i] = self.stage * 0.5;
                self.respawns += 1;
            }
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

    fn scenery(&self, _input: &Input, _out: &mut Overlay) {}

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

    fn stage(&self) -> Vec2 {
        self.stage
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
