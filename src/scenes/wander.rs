//! Wander.
//!
//! Several agents wander; one that leaves the stage is respawned at the
//! centre. The circle variant moves a point on a circle ahead of each agent a
//! little each tick, so turns are smooth. The random-target variant is the
//! naive first attempt of the tutorial: seek a random point that jumps every
//! two seconds, and watch agents turn back abruptly ("I forgot my keys!").
//!
//! Controls: V switches circle / random-target; a click shows the circle,
//! its displacement and the wander force.

use crate::sim::reading::{Reading, reads, value};
use super::{off_stage, point, random_heading, random_point, rng};
use crate::overlay::Meaning;
use crate::sim::crowd::{Crowd, Look, Metric, Sampling};
use crate::sim::knobs::{Knob, Params};
use crate::sim::mind::{Card, Code};
use crate::sim::decl::{Build, SceneDecl};
use crate::sim::scene::{Decide, Figures, Input, Scene, Settle, Setup, Spawn, WrongScene};
use crate::steer::seek::seek;
use crate::steer::wander::{self, RandomTarget, next_angle};
use crate::steer::{Limits, turn_angle};
use glam::Vec2;
use rand::RngExt;
use rand_pcg::Pcg32;

crate::params! {
    /// `[wander.params]`.
    pub struct WanderParams {
        /// Top speed (original, later demos: 3).
        max_speed: f32 = 3.0, 0.5..=20.0, step 0.5, "px/tick", Live;
        /// Cap on the steering force (original, later demos: 1.1).
        max_force: f32 = 1.1, 0.1..=10.0, step 0.1, "", Live;
        /// Mass: the force is divided by it.
        mass: f32 = 1.0, 0.2..=10.0, step 0.1, "", Restart;
        /// How far ahead of the agent the circle sits (original CIRCLE_DISTANCE: 6).
        circle_distance: f32 = 6.0, 0.0..=100.0, step 1.0, "px", Live;
        /// The circle's radius: how hard a wander can turn (original CIRCLE_RADIUS: 8).
        circle_radius: f32 = 8.0, 0.0..=100.0, step 1.0, "px", Live;
        /// Most the point on the rim moves per tick (original ANGLE_CHANGE: 1).
        angle_change: f32 = 1.0, 0.0..=6.0, step 0.1, "rad", Live;
        /// Naive variant: a new random target this often (2 s at 60 Hz).
        retarget_ticks: u32 = 120, 10..=1200, step 10, "ticks", Live;
        /// Overlay: the circle is tiny, so it is drawn this many times its size.
        overlay_scale: f32 = 4.0, 1.0..=10.0, step 0.5, "x", Live, Setup;
    }
}

crate::variants! {
    /// The tutorial's naive wander, then the circle.
    pub enum Variant {
        Circle = "circle": "Wander: a point drifting on a circle ahead of the agent gives smooth, plausible turns.",
        RandomTarget = "random-target": "Naive wander: seeking a random point that jumps makes agents turn back abruptly.",
    }
}

#[derive(Clone)]
pub struct WanderScene {
    params: WanderParams,
    variant: Variant,
    rng: Pcg32,
    angles: Vec<f32>,
    targets: Vec<RandomTarget>,
    /// Headings before the tick, to measure the turn.
    headings: Vec<Vec2>,
    turn_sum: f64,
    turn_count: u64,
    /// Mean turn over the agents in the last tick, in radians.
    last_turn: f64,
    max_turn: f32,
    respawns: u64,
}

impl WanderScene {
    fn circle(&self) -> wander::WanderCircle {
        wander::WanderCircle {
            circle_distance: self.params.circle_distance,
            circle_radius: self.params.circle_radius,
            angle_change: self.params.angle_change,
        }
    }

    /// This tick's force for agent `i`, drawing from the scene's generator.
    fn force(&mut self, i: usize, ctx: &mut Decide) -> Vec2 {
        let (pos, vel) = (ctx.crowd.positions()[i], ctx.crowd.velocities()[i]);
        let s = self.params.overlay_scale;
        let vector_scale = ctx.vector_scale;
        match self.variant {
            Variant::Circle => {
                let circle = self.circle();
                let w = wander::wander(vel, self.angles[i], &circle);
                let angle = self.angles[i];
                self.angles[i] = next_angle(angle, self.rng.random::<f32>(), &circle);
                if let Some(o) = ctx.record(i) {
                    let centre = pos + w.circle_center * s;
                    o.value("circle_center", w.circle_center);
                    o.value("wander_angle", angle);
                    o.value("next_angle", self.angles[i]);
                    o.vector(Meaning::Velocity, pos, vel, vector_scale);
                    o.circle(Meaning::WanderCircle, centre, circle.circle_radius * s);
                    o.vector(Meaning::WanderDisplacement, centre, w.displacement, s);
                    o.vector(Meaning::WanderForce, pos, w.force, s);
                }
                w.force
            }
            Variant::RandomTarget => {
                let t = &mut self.targets[i];
                t.ticks_left = t.ticks_left.saturating_sub(1);
                if t.ticks_left == 0 {
                    t.point = random_point(&mut self.rng, Vec2::ZERO, ctx.stage);
                    t.ticks_left = self.params.retarget_ticks;
                }
                let force = seek(pos, vel, t.point, self.params.max_speed);
                let stage = ctx.stage;
                if let Some(o) = ctx.record(i) {
                    o.vector(Meaning::Velocity, pos, vel, vector_scale);
                    o.value("random_target", t.point);
                    o.value("stage", stage);
                    // Seek's desired velocity, to scale as every other
                    // vector, and the point it heads for.
                    o.vector(Meaning::Desired, pos, force + vel, vector_scale);
                    o.point(Meaning::Desired, t.point);
                }
                force
            }
        }
    }
}

mod tour;

/// The wander scene, as data: who it is and how it starts.
pub const SCENE: SceneDecl = SceneDecl {
    name: "wander",
    title: "Wander",
    seed: 2,
    agents: Knob::agents("Wandering agents.", 8, 500, 1),
    primary: Some(WanderParams::angle_change.knob()),
    unused: &[
        ("circle", &["retarget_ticks"]),
        ("random-target", &["circle_distance", "circle_radius", "angle_change"]),
    ],
    series: &[
        ("turn per tick (rad)", "rad"),
    ],
    tour: tour::STEPS,
    ..SceneDecl::of::<WanderScene>()
};

impl Build for WanderScene {
    type Params = WanderParams;
    type Variant = Variant;

    fn new(params: &WanderParams, variant: Variant, setup: &Setup, spawn: &mut Spawn) -> Self {
        let mut rng = rng(setup.seed);
        let stage = spawn.stage;
        let mut angles = Vec::with_capacity(setup.agents);
        let mut targets = Vec::with_capacity(setup.agents);
        for _ in 0..setup.agents {
            let at = random_point(&mut rng, stage * 0.2, stage * 0.8);
            spawn.agent(
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
            params: params.clone(),
            variant,
            rng,
            angles,
            targets,
            headings: Vec::new(),
            turn_sum: 0.0,
            turn_count: 0,
            last_turn: 0.0,
            max_turn: 0.0,
            respawns: 0,
        }
    }
}

impl Scene for WanderScene {
    fn card(&self) -> Card {
        let variant = self.variant;
        match variant {
            Variant::Circle => Card {
                idea: "A circle sits a little ahead of the agent; a point on its rim drifts a \
                    small random step each tick. Steering toward that point turns the agent a \
                    little, never all at once: a smooth, plausible wander.",
                formula: &[
                    "circle_center = normalize(velocity) * circle_distance",
                    "displacement = (cos(wander_angle), sin(wander_angle)) * circle_radius",
                    "steering = circle_center + displacement",
                    "next_angle = wander_angle + random(0..1) * angle_change - angle_change * 0.5",
                ],
                code: &[
                    Code("steer::wander::wander", "src/steer/wander.rs"),
                    Code("steer::wander::next_angle", "src/steer/wander.rs"),
                ],
            },
            Variant::RandomTarget => Card {
                idea: "The naive wander: seek a random point that jumps every few seconds. \
                    Each jump can lie behind the agent, which then turns back abruptly.",
                formula: &[
                    "random_target = random_point(stage)  // a new one every retarget_ticks",
                    "desired = normalize(random_target - position) * max_speed",
                    "steering = desired - velocity",
                ],
                code: &[Code("steer::seek::seek", "src/steer/seek.rs")],
            },
        }
    }

    fn steer(&mut self, ctx: &mut Decide, _input: &Input) {
        let limits = Limits {
            max_speed: self.params.max_speed,
            max_force: self.params.max_force,
        };
        for i in 0..ctx.crowd.len() {
            let force = self.force(i, ctx);
            ctx.set(i, force, limits);
        }
        self.headings.clear();
        self.headings.extend_from_slice(ctx.crowd.velocities());
    }

    fn settle(&mut self, ctx: &mut Settle) {
        let mut tick_sum = 0.0;
        for (i, &before) in self.headings.iter().enumerate() {
            let turn = turn_angle(before, ctx.crowd().velocities()[i]);
            tick_sum += f64::from(turn);
            self.turn_sum += f64::from(turn);
            self.turn_count += 1;
            self.max_turn = self.max_turn.max(turn);
            if off_stage(ctx.crowd().positions()[i], ctx.stage) {
                ctx.teleport(i, ctx.stage * 0.5);
                self.respawns += 1;
            }
        }
        self.last_turn = tick_sum / self.headings.len().max(1) as f64;
    }

    fn headline(&self, _crowd: &Crowd) -> Figures {
        [("turn per tick (rad)", self.last_turn)].into()
    }

    fn inspect(&self, i: usize, _crowd: &Crowd) -> Vec<(&'static str, Reading)> {
        match self.variant {
            Variant::Circle => {
                let degrees = self.angles[i].to_degrees().rem_euclid(360.0);
                let angle = reads("{a} deg").with("a", format_args!("{degrees:.0}"));
                vec![("wander angle", angle)]
            }
            Variant::RandomTarget => {
                let t = &self.targets[i];
                vec![
                    ("random target", value(point(t.point))),
                    ("ticks to the next", value(t.ticks_left)),
                ]
            }
        }
    }

    fn metrics(&self, _crowd: &Crowd, _tick: u64) -> Vec<(&'static str, Metric, Sampling)> {
        let mean = if self.turn_count > 0 {
            self.turn_sum / self.turn_count as f64
        } else {
            0.0
        };
        vec![
            ("mean_turn", Metric::Float(mean), Sampling::EveryTick),
            (
                "max_turn",
                Metric::Float(self.max_turn.into()),
                Sampling::EveryTick,
            ),
            ("respawns", Metric::Int(self.respawns), Sampling::EveryTick),
        ]
    }

    fn retune(&mut self, params: &dyn Params) -> Result<(), WrongScene> {
        let params: &WanderParams = SCENE.typed(params)?;
        self.params = params.clone();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::scene_with;

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
                .positions()
                .iter()
                .all(|&p| !crate::scenes::off_stage(p, stage))
        );
    }
}
