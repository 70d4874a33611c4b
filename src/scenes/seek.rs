//! Seek, flee and arrival.
//!
//! One agent (or a few) and the pointer. Seek overshoots the target and
//! swings back through it; flee runs straight away; arrival slows inside the slowing
//! radius and stops on the target without jitter.
//!
//! Controls: move the mouse to move the target; V cycles seek / flee / arrive.

use crate::sim::reading::{Reading, yes_no};
use super::px;
use super::{off_stage, random_point, rng};
use crate::overlay::{Meaning, Overlay};
use crate::sim::crowd::{Crowd, Look, Metric, Sampling};
use crate::sim::knobs::{Knob, Params};
use crate::sim::mind::{Card, Code};
use crate::sim::decl::{Build, SceneDecl};
use crate::sim::scene::{Decide, Figures, Input, Scene, Settle, Setup, Spawn, WrongScene};
use crate::sim::pointer::PointerMode;
use crate::steer::Limits;
use crate::steer::seek::{arrive, flee, seek};
use glam::Vec2;

crate::params! {
    /// `[seek.params]`: one agent and the pointer.
    pub struct SeekParams {
        /// Top speed (original, later demos: 3).
        max_speed: f32 = 3.0, 0.5..=20.0, step 0.5, "px/tick", Live;
        /// Cap on the steering force (original, later demos: 1.1).
        max_force: f32 = 1.1, 0.1..=10.0, step 0.1, "", Live;
        /// Mass: the force is divided by it, so a heavier agent turns wider.
        mass: f32 = 1.0, 0.2..=10.0, step 0.1, "", Restart;
        /// Arrival slows down inside this distance of the target (original: 200).
        slowing_radius: f32 = 200.0, 10.0..=500.0, step 10.0, "px", Live;
        /// Metrics: within this of the target counts as settled.
        settle_distance: f32 = 1.0, 0.1..=20.0, step 0.1, "px", Live, Setup;
    }
}

crate::variants! {
    /// The three steps of the lesson.
    pub enum Variant {
        Seek = "seek": "Seek: steer toward the target at full speed; it overshoots and swings back and forth.",
        Flee = "flee": "Flee: the same force reversed, straight away from the target.",
        Arrive = "arrive": "Arrival: slow down inside the slowing radius and stop on the target.",
    }
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

#[derive(Clone)]
pub struct SeekScene {
    params: SeekParams,
    variant: Variant,
    approach: Vec<Approach>,
    last_target: Option<Vec2>,
    stage: Vec2,
}

impl SeekScene {
    /// The target of the last tick (the stage's centre before the first).
    fn target(&self) -> Vec2 {
        self.last_target.unwrap_or(self.stage * 0.5)
    }
}

mod tour;

/// The seek scene, as data: who it is and how it starts.
pub const SCENE: SceneDecl = SceneDecl {
    name: "seek",
    title: "Seek, flee and arrival",
    seed: 1,
    agents: Knob::agents("Agents seeking the same target.", 1, 50, 1),
    default_variant: 2,
    pointer: PointerMode::Still,
    primary: Some(SeekParams::slowing_radius.knob()),
    unused: &[
        ("seek", &["slowing_radius"]),
        ("flee", &["slowing_radius"]),
    ],
    series: &[
        ("speed", "px/tick"),
        ("distance to target", "px"),
    ],
    tour: tour::STEPS,
    ..SceneDecl::of::<SeekScene>()
};

impl Build for SeekScene {
    type Params = SeekParams;
    type Variant = Variant;

    fn new(params: &SeekParams, variant: Variant, setup: &Setup, spawn: &mut Spawn) -> Self {
        let mut rng = rng(setup.seed);
        let stage = spawn.stage;
        for i in 0..setup.agents {
            // The first agent starts in the middle; any others anywhere.
            let at = if i == 0 {
                stage * 0.5
            } else {
                random_point(&mut rng, Vec2::ZERO, stage)
            };
            spawn.agent(at, Vec2::ZERO, params.mass, Look::Plain);
        }
        let approach = spawn
            .crowd()
            .positions()
            .iter()
            .map(|&from| Approach {
                from,
                overshoot: 0.0,
                settled_since: None,
            })
            .collect();
        Self {
            params: params.clone(),
            variant,
            approach,
            last_target: None,
            stage,
        }
    }
}

impl Scene for SeekScene {
    fn card(&self) -> Card {
        let variant = self.variant;
        const IDEA: &str = "The agent wants to move at full speed toward the target (its desired velocity); \
            the steering force is the difference between that wish and its velocity. \
            The force is capped, so it turns gradually.";
        match variant {
            Variant::Seek => Card {
                idea: IDEA,
                formula: &[
                    "desired = normalize(target - position) * max_speed",
                    "steering = desired - velocity",
                ],
                code: &[Code("steer::seek::seek", "src/steer/seek.rs")],
            },
            Variant::Flee => Card {
                idea: "Flee is seek reversed: the desired velocity points away from the target. \
                    The steering force turns the agent gradually until it runs straight away.",
                formula: &[
                    "desired = normalize(position - target) * max_speed",
                    "steering = desired - velocity",
                ],
                code: &[Code("steer::seek::flee", "src/steer/seek.rs")],
            },
            Variant::Arrive => Card {
                idea: "Arrival is seek that slows down. Inside the slowing radius the desired \
                    speed falls in proportion to the distance, so the agent stops on the target \
                    instead of swinging through it.",
                formula: &[
                    "distance = length(target - position)",
                    "speed = max_speed * min(distance / slowing_radius, 1)",
                    "desired = normalize(target - position) * speed",
                    "steering = desired - velocity",
                ],
                code: &[Code("steer::seek::arrive", "src/steer/seek.rs")],
            },
        }
    }

    fn steer(&mut self, ctx: &mut Decide, input: &Input) {
        let target = input.pointer;
        let p = &self.params;
        let moved = self.last_target != Some(target);
        self.last_target = Some(target);
        let limits = Limits {
            max_speed: p.max_speed,
            max_force: p.max_force,
        };
        for i in 0..ctx.crowd.len() {
            let (pos, vel) = (ctx.crowd.positions()[i], ctx.crowd.velocities()[i]);
            if moved {
                self.approach[i].from = pos;
            }
            let force = match self.variant {
                Variant::Seek => seek(pos, vel, target, p.max_speed),
                Variant::Flee => flee(pos, vel, target, p.max_speed),
                Variant::Arrive => arrive(pos, vel, target, p.max_speed, p.slowing_radius),
            };
            let s = ctx.vector_scale;
            if let Some(o) = ctx.record(i) {
                o.vector(Meaning::Velocity, pos, vel, s);
                o.vector(Meaning::Desired, pos, force + vel, s);
                o.vector(Meaning::Steering, pos + vel * s, force, s);
                o.value("target", target);
                if self.variant == Variant::Arrive {
                    let distance = pos.distance(target);
                    o.value("distance", distance);
                    o.value("speed", (force + vel).length());
                }
            }
            ctx.set(i, force, limits);
        }
        if self.variant == Variant::Arrive
            && let Some(o) = ctx.record_scene()
        {
            o.circle(Meaning::SlowingRadius, target, p.slowing_radius);
        }
    }

    fn settle(&mut self, ctx: &mut Settle) {
        let Some(target) = self.last_target else {
            return;
        };
        for (i, a) in self.approach.iter_mut().enumerate() {
            if self.variant == Variant::Flee && off_stage(ctx.crowd().positions()[i], ctx.stage) {
                // Fled off the stage: start again from the middle.
                ctx.teleport(i, ctx.stage * 0.5);
            }
            let now = ctx.crowd().positions()[i];
            let direction = (target - a.from).normalize_or_zero();
            a.overshoot = a.overshoot.max((now - target).dot(direction));
            if now.distance(target) <= self.params.settle_distance {
                a.settled_since.get_or_insert(ctx.tick);
            } else {
                a.settled_since = None;
            }
        }
    }

    fn scenery(&self, input: &Input, out: &mut Overlay) {
        out.point(Meaning::Target, input.pointer);
    }

    fn metrics(&self, crowd: &Crowd, _tick: u64) -> Vec<(&'static str, Metric, Sampling)> {
        let target = self.target();
        let final_distance = crowd
            .positions()
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
            (
                "final_distance",
                Metric::Float(final_distance.into()),
                Sampling::AtEnd,
            ),
            (
                "overshoot",
                Metric::Float(overshoot.max(0.0).into()),
                Sampling::EveryTick,
            ),
            ("settle_tick", settle.into(), Sampling::EveryTick),
        ]
    }

    /// Mean speed and mean distance to the target.
    fn headline(&self, crowd: &Crowd) -> Figures {
        let target = self.target();
        let n = crowd.len().max(1) as f64;
        let speed: f64 = crowd
            .velocities()
            .iter()
            .map(|v| f64::from(v.length()))
            .sum();
        let distance: f64 = crowd
            .positions()
            .iter()
            .map(|p| f64::from(p.distance(target)))
            .sum();
        [("speed", speed / n), ("distance to target", distance / n)].into()
    }

    fn inspect(&self, i: usize, crowd: &Crowd) -> Vec<(&'static str, Reading)> {
        let distance = crowd.positions()[i].distance(self.target());
        let mut lines = vec![("distance to target", px(distance))];
        if self.variant == Variant::Arrive {
            let inside = distance <= self.params.slowing_radius;
            lines.push(("inside slowing radius", yes_no(inside)));
        }
        lines
    }

    fn retune(&mut self, params: &dyn Params) -> Result<(), WrongScene> {
        let params: &SeekParams = SCENE.typed(params)?;
        self.params = params.clone();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::scene_with;

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
            "seek never settles, it swings through the target"
        );
    }

    #[test]
    fn flee_moves_away() {
        let mut run = scene_with("seek", "flee", None);
        let start = run.scene.crowd().positions()[0];
        let m = run.steps(30);
        let now = run.scene.crowd().positions()[0];
        assert!(now.distance(m.pointer) > start.distance(m.pointer) + 30.0);
    }
}
