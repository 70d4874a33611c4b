//! Pursuit and evade.
//!
//! A target (blue) seeks the pointer; pursuers seek where it will be T ticks
//! ahead, evaders (yellow) flee that point. With a constant T a pursuer
//! close to the target aims far ahead of it and chases a ghost; the dynamic
//! T = distance / max speed shrinks the look-ahead as it closes in. C shows
//! the two side by side from the same seed (the split view): red pursuers
//! with dynamic T, dark grey ones with the constant T. A caught target (a
//! pursuer within the capture distance) comes back elsewhere, away from
//! the pursuers, so the chase goes on.
//!
//! Controls: move the mouse to lead the target; V switches dynamic /
//! constant T; C compares them; a click shows the predicted positions and
//! the forces.

use crate::sim::reading::{Reading, reads, value};
use super::{off_stage, point, random_point, rng};
use crate::overlay::{Meaning, Overlay};
use crate::sim::crowd::{Crowd, Look, Metric, Sampling};
use crate::sim::knobs::{Knob, Params};
use crate::sim::mind::{Card, Code};
use crate::sim::decl::{Build, SceneDecl};
use crate::sim::scene::{Decide, Figures, Input, Scene, Settle, Setup, Spawn, WrongScene};
use crate::steer::Limits;
use crate::steer::pursuit::{Prediction, evade, predict, pursuit};
use crate::steer::seek::seek;
use glam::Vec2;
use rand_pcg::Pcg32;

crate::params! {
    /// `[pursuit.params]`: a target seeking the pointer, pursuers and evaders.
    pub struct PursuitParams {
        /// Top speed of pursuers and evaders (original: 3).
        max_speed: f32 = 3.0, 0.5..=20.0, step 0.5, "px/tick", Live;
        /// Cap on their steering force (original: 1.1).
        max_force: f32 = 1.1, 0.1..=10.0, step 0.1, "", Live;
        /// Mass of every agent: the force is divided by it.
        mass: f32 = 1.0, 0.2..=10.0, step 0.1, "", Restart;
        /// The target's top speed: slower than its pursuers, so it can be caught.
        target_max_speed: f32 = 2.0, 0.5..=20.0, step 0.5, "px/tick", Live;
        /// Cap on the target's steering force.
        target_max_force: f32 = 1.1, 0.1..=10.0, step 0.1, "", Live;
        /// The look-ahead of a constant-T pursuer (the tutorial's first demo: 30).
        constant_t: f32 = 30.0, 0.0..=200.0, step 5.0, "ticks", Live;
        /// Agents fleeing the target's predicted position.
        evaders: usize = 1, 0..=20, step 1, "", Restart, Setup;
        /// Metrics: a pursuer this close has caught the target.
        capture_distance: f32 = 20.0, 1.0..=100.0, step 1.0, "px", Live, Setup;
    }
}

crate::variants! {
    /// Constant T against dynamic T.
    pub enum Variant {
        DynamicT = "dynamic-t": "Pursuit with dynamic T: look ahead distance / max speed ticks; near the target, aim at it.",
        ConstantT = "constant-t": "Pursuit with a constant T: always the same ticks ahead, so a close pursuer chases a ghost.",
    }
}

/// Index of the target in the crowd; pursuers follow it, then evaders.
const TARGET: usize = 0;

/// Where a chaser aimed in the last tick.
#[derive(Debug, Clone, Copy, Default)]
struct Aim {
    /// Its look-ahead T, in ticks.
    ticks: f32,
    /// The target's predicted position.
    future: Vec2,
}

#[derive(Clone)]
pub struct PursuitScene {
    params: PursuitParams,
    /// The running variant, for its card.
    variant: Variant,
    /// Whether each agent looks ahead a constant T (the target's entry is unused).
    constant: Vec<bool>,
    /// Each agent's aim in the last tick (the target's entry is unused).
    aims: Vec<Aim>,
    rng: Pcg32,
    pursuers: usize,
    /// First capture by a dynamic-T pursuer, and by a constant-T one.
    capture: [Option<u64>; 2],
    /// Captures so far: each one sends the target elsewhere.
    captures: u64,
}

/// A respawned target comes back at least this far from every pursuer,
/// in px, where the stage has such a spot.
const RESPAWN_CLEARANCE: f32 = 200.0;

impl PursuitScene {
    /// Whether agent `i` is a pursuer (the evaders come after them).
    fn pursues(&self, i: usize) -> bool {
        i != TARGET && i <= self.pursuers
    }

    /// Where a caught target comes back: a random spot of the stage at
    /// least [`RESPAWN_CLEARANCE`] from every pursuer, or, failing that
    /// after a few tries, the one of them farthest from the nearest.
    fn respawn_point(&mut self, crowd: &Crowd, stage: Vec2) -> Vec2 {
        let pursuers = &crowd.positions()[1..=self.pursuers];
        let clearance = |at: Vec2| {
            pursuers
                .iter()
                .map(|p| p.distance(at))
                .fold(f32::INFINITY, f32::min)
        };
        let mut best = (f32::NEG_INFINITY, stage * 0.5);
        for _ in 0..32 {
            let at = random_point(&mut self.rng, Vec2::ZERO, stage);
            let clear = clearance(at);
            if clear >= RESPAWN_CLEARANCE {
                return at;
            }
            if clear > best.0 {
                best = (clear, at);
            }
        }
        best.1
    }
}

mod tour;

/// The pursuit scene, as data: who it is and how it starts.
pub const SCENE: SceneDecl = SceneDecl {
    name: "pursuit",
    title: "Pursuit and evade",
    seed: 3,
    agents: Knob::agents(
        "Pursuers (the target and the evaders come on top).",
        4,
        100,
        1,
    ),
    compare: Some(1),
    primary: Some(PursuitParams::constant_t.knob()),
    roles: &[
        (Look::Target, "target"),
        (Look::Pursuer, "pursuer, dynamic T"),
        (Look::ConstantPursuer, "pursuer, constant T"),
        (Look::Evader, "evader"),
    ],
    crowd: &[Look::Pursuer],
    unused: &[
        ("dynamic-t", &["constant_t"]),
    ],
    series: &[
        ("distance to target (dynamic T)", "px"),
        ("distance to target (constant T)", "px"),
    ],
    tour: tour::STEPS,
    ..SceneDecl::of::<PursuitScene>()
};

impl Build for PursuitScene {
    type Params = PursuitParams;
    type Variant = Variant;

    fn new(params: &PursuitParams, variant: Variant, setup: &Setup, spawn: &mut Spawn) -> Self {
        // Pursuers look ahead a constant T in that variant; evaders always look dynamically.
        let constant_t = |_: usize| variant == Variant::ConstantT;
        let mut rng = rng(setup.seed);
        let stage = spawn.stage;
        spawn.agent(stage * 0.5, Vec2::ZERO, params.mass, Look::Target);
        let mut constant = vec![false];
        for i in 0..setup.agents + params.evaders {
            let pursuer = i < setup.agents;
            let is_constant = pursuer && constant_t(i);
            let look = match (pursuer, is_constant) {
                (false, _) => Look::Evader,
                (true, true) => Look::ConstantPursuer,
                (true, false) => Look::Pursuer,
            };
            let at = random_point(&mut rng, Vec2::ZERO, stage);
            spawn.agent(at, Vec2::ZERO, params.mass, look);
            constant.push(is_constant);
        }
        Self {
            variant,
            params: params.clone(),
            aims: vec![Aim::default(); constant.len()],
            constant,
            rng,
            pursuers: setup.agents,
            capture: [None; 2],
            captures: 0,
        }
    }
}

impl Scene for PursuitScene {
    fn card(&self) -> Card {
        let variant = self.variant;
        match variant {
            Variant::DynamicT => Card {
                idea: "Pursuit seeks where the target will be, T ticks ahead, not where it is. \
                    With a dynamic T the look-ahead shrinks as the pursuer closes in, so near \
                    the target it aims at the target itself. Evade flees the same point.",
                formula: &[
                    "T = distance(target_position, position) / max_speed",
                    "future = target_position + target_velocity * T",
                    "steering = seek(future)  // an evader: flee(future)",
                    "// the target itself seeks the pointer",
                ],
                code: &[
                    Code("steer::pursuit::pursuit", "src/steer/pursuit.rs"),
                    Code("steer::pursuit::predict", "src/steer/pursuit.rs"),
                ],
            },
            Variant::ConstantT => Card {
                idea: "Pursuit seeks where the target will be, T ticks ahead. With a constant T \
                    a close pursuer still aims far ahead of the target: it chases a ghost \
                    instead of catching up. Evaders keep a dynamic T.",
                formula: &[
                    "T = constant_t  // an evader: distance / max_speed",
                    "future = target_position + target_velocity * T",
                    "steering = seek(future)  // an evader: flee(future)",
                    "// the target itself seeks the pointer",
                ],
                code: &[
                    Code("steer::pursuit::pursuit", "src/steer/pursuit.rs"),
                    Code("steer::pursuit::predict", "src/steer/pursuit.rs"),
                ],
            },
        }
    }

    fn role_card(&self, look: Look) -> Option<Card> {
        match look {
            Look::Target => Some(Card {
                idea: "The target seeks the pointer, faster than its pursuers; caught, it comes \
                    back away from them. It never looks at who chases it.",
                formula: &["steering = seek(pointer)"],
                code: &[Code("steer::seek::seek", "src/steer/seek.rs")],
            }),
            Look::Evader => Some(Card {
                idea: "An evader predicts where the target will be, as a pursuer does, with a \
                    dynamic T. Then it flees that point instead of seeking it.",
                formula: &[
                    "T = distance(target_position, position) / max_speed",
                    "future = target_position + target_velocity * T",
                    "steering = flee(future)",
                ],
                code: &[
                    Code("steer::pursuit::evade", "src/steer/pursuit.rs"),
                    Code("steer::pursuit::predict", "src/steer/pursuit.rs"),
                ],
            }),
            _ => None,
        }
    }

    fn steer(&mut self, ctx: &mut Decide, input: &Input) {
        let p = &self.params;
        let crowd = ctx.crowd;
        let (target_pos, target_vel) = (crowd.positions()[TARGET], crowd.velocities()[TARGET]);
        let s = ctx.vector_scale;
        let target_limits = Limits {
            max_speed: p.target_max_speed,
            max_force: p.target_max_force,
        };
        let force = seek(target_pos, target_vel, input.pointer, p.target_max_speed);
        ctx.set(TARGET, force, target_limits);
        if let Some(o) = ctx.record(TARGET) {
            o.vector(Meaning::Velocity, target_pos, target_vel, s);
            o.value("pointer", input.pointer);
        }
        let chaser = Limits {
            max_speed: p.max_speed,
            max_force: p.max_force,
        };
        for i in 1..crowd.len() {
            let (pos, vel) = (crowd.positions()[i], crowd.velocities()[i]);
            let prediction = if self.constant[i] {
                Prediction::Constant(p.constant_t)
            } else {
                Prediction::Dynamic
            };
            let future = predict(pos, target_pos, target_vel, p.max_speed, prediction);
            let force = if self.pursues(i) {
                pursuit(pos, vel, future, p.max_speed)
            } else {
                evade(pos, vel, future, p.max_speed)
            };
            self.aims[i] = Aim {
                ticks: prediction.ticks(pos.distance(target_pos), p.max_speed),
                future,
            };
            if let Some(o) = ctx.record(i) {
                o.value("target_position", target_pos);
                o.value("target_velocity", target_vel);
                o.value("T", self.aims[i].ticks);
                o.value("future", future);
                o.vector(Meaning::Velocity, pos, vel, s);
                o.vector(Meaning::Steering, pos + vel * s, force, s);
                o.line(Meaning::Future, pos, future);
                o.point(Meaning::Future, future);
            }
            ctx.set(i, force, chaser);
        }
    }

    fn settle(&mut self, ctx: &mut Settle) {
        for i in self.pursuers + 1..ctx.crowd().len() {
            if off_stage(ctx.crowd().positions()[i], ctx.stage) {
                // An evader that escaped the stage comes back somewhere else.
                let at = random_point(&mut self.rng, Vec2::ZERO, ctx.stage);
                ctx.teleport(i, at);
            }
        }
        let target_now = ctx.crowd().positions()[TARGET];
        let mut caught = false;
        for i in 1..=self.pursuers {
            let group = usize::from(self.constant[i]);
            let near =
                ctx.crowd().positions()[i].distance(target_now) <= self.params.capture_distance;
            if near && self.capture[group].is_none() {
                self.capture[group] = Some(ctx.tick);
            }
            caught |= near;
        }
        if caught {
            // The chase goes on: the target comes back away from them all.
            self.captures += 1;
            let at = self.respawn_point(ctx.crowd(), ctx.stage);
            ctx.teleport(TARGET, at);
        }
    }

    fn scenery(&self, input: &Input, out: &mut Overlay) {
        out.point(Meaning::Target, input.pointer);
    }

    fn metrics(&self, _crowd: &Crowd, _tick: u64) -> Vec<(&'static str, Metric, Sampling)> {
        let [dynamic, constant] = self.capture;
        let first = dynamic.into_iter().chain(constant).min();
        vec![
            ("capture_tick", first.into(), Sampling::EveryTick),
            ("captures", Metric::Int(self.captures), Sampling::EveryTick),
            (
                "capture_tick_dynamic_t",
                dynamic.into(),
                Sampling::EveryTick,
            ),
            (
                "capture_tick_constant_t",
                constant.into(),
                Sampling::EveryTick,
            ),
        ]
    }

    /// Mean distance to the target of each group of pursuers present.
    fn headline(&self, crowd: &Crowd) -> Figures {
        let target = crowd.positions()[TARGET];
        let mut sums = [(0.0, 0u32); 2];
        for i in 1..=self.pursuers {
            let group = &mut sums[usize::from(self.constant[i])];
            group.0 += f64::from(crowd.positions()[i].distance(target));
            group.1 += 1;
        }
        let names = [
            "distance to target (dynamic T)",
            "distance to target (constant T)",
        ];
        names
            .into_iter()
            .zip(sums)
            .filter(|(_, (_, n))| *n > 0)
            .map(|(name, (sum, n))| (name, sum / f64::from(n)))
            .collect()
    }

    fn inspect(&self, i: usize, _crowd: &Crowd) -> Vec<(&'static str, Reading)> {
        let role = match (i, self.pursues(i), self.constant[i]) {
            (TARGET, ..) => return vec![("role", reads("target"))],
            (_, false, _) => reads("evader"),
            (_, true, true) => reads("constant-T pursuer"),
            (_, true, false) => reads("dynamic-T pursuer"),
        };
        let aim = self.aims[i];
        vec![
            ("role", role),
            ("T", super::ticks(aim.ticks)),
            ("predicted point", value(point(aim.future))),
        ]
    }

    fn retune(&mut self, params: &dyn Params) -> Result<(), WrongScene> {
        let params: &PursuitParams = SCENE.typed(params)?;
        self.params = params.clone();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::sim::crowd::Look;
    use crate::sim::scene::Input;
    use crate::testing::scene_with;
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

    /// With the pointer still, pursuers used to pile onto the target and
    /// stay there; a caught target now comes back elsewhere and the chase
    /// goes on, dynamic T catching it far more often than constant T.
    #[test]
    fn a_caught_target_comes_back_and_the_chase_goes_on() {
        let captures = |variant: &str| {
            let mut run = scene_with("pursuit", variant, None);
            let still = Input {
                pointer: Vec2::new(400.0, 300.0),
            };
            for _ in 0..3600 {
                run.scene.step(&still);
            }
            let report = run.steps(0);
            assert_eq!(report.nan, 0, "{variant}");
            report.int("captures").expect("a count")
        };
        let (dynamic, constant) = (captures("dynamic-t"), captures("constant-t"));
        assert!(dynamic >= 10, "dynamic T caught it {dynamic} times");
        assert!(dynamic > 2 * constant, "dynamic {dynamic}, constant {constant}");
    }

    #[test]
    fn each_variant_has_its_own_pursuers() {
        for (variant, look) in [
            ("dynamic-t", Look::Pursuer),
            ("constant-t", Look::ConstantPursuer),
        ] {
            let mut run = scene_with("pursuit", variant, Some(4));
            let looks = run.scene.looks();
            assert_eq!(looks.iter().filter(|&&x| x == look).count(), 4, "{variant}");
            let m = run.steps(3000);
            assert_eq!(m.nan, 0);
        }
        assert!(
            scene_with("pursuit", "dynamic-t", None)
                .steps(3000)
                .int("capture_tick")
                .is_some()
        );
    }

    #[test]
    fn pursuit_runs_finite_with_the_scripted_pointer() {
        let m = scene_with("pursuit", "dynamic-t", None).steps(2000);
        assert_eq!(m.nan, 0);
        assert!(m.max_force_seen <= 1.1 + 1e-4);
    }
}
