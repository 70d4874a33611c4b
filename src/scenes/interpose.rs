//! Interpose (Buckland, *Programming Game AI by Example*, ch. 3): an agent
//! keeps itself between two others that wander, as a bodyguard steps in
//! front of its charge.
//!
//! The pair (orange) wander the stage, slower than the interposer (red).
//! The interposer guesses how long it needs to reach the pair's midpoint,
//! where both will be by then, and arrives at the midpoint of those two
//! points. The `midpoint` variant is the contrast: it arrives at the
//! midpoint as it is now, and trails behind whenever the pair turns.
//!
//! The headless figure `between_share` is the share of interposer-ticks,
//! after the first 120, in which it is within `between_distance` (20 px)
//! of the segment joining the pair.
//!
//! Controls: V switches interpose and midpoint (C: side by side); a click
//! shows each interposer's predicted points, its target and its force.

use crate::sim::reading::{Reading, reads, value};
use super::px;
use super::{random_heading, random_point, rng};
use crate::overlay::{Meaning, Overlay};
use crate::sim::crowd::{Crowd, Look, Metric, Sampling};
use crate::sim::knobs::{Knob, Params};
use crate::sim::decl::{Build, SceneDecl};
use crate::sim::scene::{Decide, Figures, Input, Scene, Settle, Setup, Spawn, WrongScene};
use crate::sim::mind::{Card, Code};
use crate::steer::Limits;
use crate::steer::interpose::{Aim, interpose};
use crate::steer::path::distance_to_segment;
use crate::steer::seek::stay_within;
use crate::steer::wander::{SERIES, next_angle, wander};
use glam::Vec2;
use rand::RngExt;

crate::params! {
    /// `[interpose.params]`: an interposer between two wanderers.
    pub struct InterposeParams {
        /// The interposer's top speed (the series' later demos: 3).
        max_speed: f32 = 3.0, 0.5..=20.0, step 0.5, "px/tick", Live;
        /// Cap on the steering force (the series' later demos: 1.1).
        max_force: f32 = 1.1, 0.1..=10.0, step 0.1, "", Live;
        /// Mass of every agent: the force is divided by it.
        mass: f32 = 1.0, 0.2..=10.0, step 0.1, "", Restart;
        /// The pair's top speed: slower than the interposer, or it can never catch up.
        pair_max_speed: f32 = 2.0, 0.5..=20.0, step 0.5, "px/tick", Live;
        /// The interposer slows down inside this distance of its target.
        slowing_radius: f32 = 40.0, 1.0..=300.0, step 1.0, "px", Live;
        /// How far inside the stage's edges the pair turn back.
        margin: f32 = 80.0, 0.0..=300.0, step 10.0, "px", Live, Setup;
        /// Figures: within this of the pair's segment counts as between (the claim's 20 px).
        between_distance: f32 = 20.0, 1.0..=100.0, step 1.0, "px", Live, Setup;
    }
}

crate::variants! {
    /// Predicted midpoint, or the current one.
    pub enum Variant {
        Interpose = "interpose": "Interpose: arrive at the midpoint of where the two will be by the time it gets there.",
        Midpoint = "midpoint": "Naive: arrive at their midpoint as it is now, and trail behind when they turn.",
    }
}

/// The pair: the first two agents; interposers follow.
const PAIR: [usize; 2] = [0, 1];

/// Ticks before the share is counted: time to get between them.
const SETTLING_TICKS: u64 = 120;


#[derive(Clone)]
pub struct InterposeScene {
    params: InterposeParams,
    variant: Variant,
    stage: Vec2,
    /// The pair's wander angles.
    angles: [f32; 2],
    /// Each interposer's target and look-ahead in the last tick.
    aims: Vec<(Vec2, f32)>,
    /// Interposer-ticks counted, and those between the pair, after the
    /// settling ticks.
    counted: u64,
    between: u64,
    /// Mean distance of the interposers to the pair's segment, last tick.
    distance_now: f64,
    /// The pair as they stood in the last tick (for the drawn segment).
    pair: [Vec2; 2],
    rng: rand_pcg::Pcg32,
}

mod tour;

/// The interpose scene, as data: who it is and how it starts.
pub const SCENE: SceneDecl = SceneDecl {
    name: "interpose",
    title: "Interpose",
    seed: 1,
    agents: Knob::agents("Interposers between the same two agents.", 1, 20, 1),
    primary: Some(InterposeParams::pair_max_speed.knob()),
    roles: &[(Look::Evader, "the pair"), (Look::Pursuer, "interposer")],
    crowd: &[Look::Pursuer],
    series: &[
        ("distance to the pair's segment (px)", "px"),
    ],
    tour: tour::STEPS,
    ..SceneDecl::of::<InterposeScene>()
};

impl Build for InterposeScene {
    type Params = InterposeParams;
    type Variant = Variant;

    fn new(params: &InterposeParams, variant: Variant, setup: &Setup, spawn: &mut Spawn) -> Self {
        let mut rng = rng(setup.seed);
        let stage = spawn.stage;
        let (low, high) = (stage * 0.25, stage * 0.75);
        for _ in PAIR {
            let at = random_point(&mut rng, low, high);
            let heading = random_heading(&mut rng) * params.pair_max_speed;
            spawn.agent(at, heading, params.mass, Look::Evader);
        }
        for _ in 0..setup.agents {
            let at = random_point(&mut rng, Vec2::ZERO, stage);
            spawn.agent(at, Vec2::ZERO, params.mass, Look::Pursuer);
        }
        let angles = [rng.random_range(0.0..std::f32::consts::TAU); 2];
        let pair = [spawn.crowd().positions()[0], spawn.crowd().positions()[1]];
        Self {
            params: params.clone(),
            variant,
            stage,
            angles,
            aims: vec![(Vec2::ZERO, 0.0); setup.agents + PAIR.len()],
            counted: 0,
            between: 0,
            distance_now: 0.0,
            pair,
            rng,
        }
    }
}

impl Scene for InterposeScene {
    fn card(&self) -> Card {
        let variant = self.variant;
        match variant {
            Variant::Interpose => Card {
                idea: "The interposer wants to stand between two moving agents. It guesses how \
                    long it needs to reach their midpoint, T, then where both will be by then, \
                    and arrives at the midpoint of those two points.",
                formula: &[
                    "midpoint = (a_position + b_position) * 0.5",
                    "T = distance(position, midpoint) / max_speed",
                    "target = (a_position + a_velocity * T + b_position + b_velocity * T) * 0.5",
                    "steering = arrive(target)  // slowing within slowing_radius",
                    "// the pair wander, slower than the interposer",
                ],
                code: &[Code("steer::interpose::interpose", "src/steer/interpose.rs")],
            },
            Variant::Midpoint => Card {
                idea: "The naive way: arrive at the pair's midpoint as it is now. \
                    By the time the interposer gets there the pair have moved on, \
                    so it trails behind whenever they turn.",
                formula: &[
                    "target = (a_position + b_position) * 0.5",
                    "steering = arrive(target)  // slowing within slowing_radius",
                    "// the pair wander, slower than the interposer",
                ],
                code: &[Code("steer::interpose::interpose", "src/steer/interpose.rs")],
            },
        }
    }

    fn role_card(&self, look: Look) -> Option<Card> {
        (look == Look::Evader).then_some(Card {
            idea: "Each of the pair wanders, slower than the interposer, and is pushed back \
                when it nears the edge of the stage. They do not know the interposer is there.",
            formula: &["steering = wander + stay_inside"],
            code: &[
                Code("steer::wander::wander", "src/steer/wander.rs"),
                Code("steer::seek::stay_within", "src/steer/seek.rs"),
            ],
        })
    }

    fn steer(&mut self, ctx: &mut Decide, _input: &Input) {
        let p = &self.params;
        let crowd = ctx.crowd;
        let (positions, velocities) = (crowd.positions(), crowd.velocities());
        let margin = Vec2::splat(p.margin.min(self.stage.min_element() * 0.45));
        let pair_limits = Limits {
            max_speed: p.pair_max_speed,
            max_force: p.max_force,
        };
        for (k, &i) in PAIR.iter().enumerate() {
            let (pos, vel) = (positions[i], velocities[i]);
            let w = wander(vel, self.angles[k], &SERIES).force;
            self.angles[k] = next_angle(self.angles[k], self.rng.random::<f32>(), &SERIES);
            let inside = stay_within(pos, vel, margin, self.stage - margin, p.pair_max_speed);
            if let Some(o) = ctx.record(i) {
                // The two forces it adds, for the readout and tip to tail.
                o.force("wander", w);
                o.force("stay_inside", inside);
            }
            ctx.set(i, w + inside, pair_limits);
        }
        let (a, b) = (
            (positions[PAIR[0]], velocities[PAIR[0]]),
            (positions[PAIR[1]], velocities[PAIR[1]]),
        );
        self.pair = [a.0, b.0];
        let aim = match self.variant {
            Variant::Interpose => Aim::Predicted,
            Variant::Midpoint => Aim::Current,
        };
        let limits = Limits {
            max_speed: p.max_speed,
            max_force: p.max_force,
        };
        for i in PAIR.len()..crowd.len() {
            let (pos, vel) = (positions[i], velocities[i]);
            let it = interpose(pos, vel, (a, b), p.max_speed, p.slowing_radius, aim);
            self.aims[i] = (it.target, it.ticks);
            let s = ctx.vector_scale;
            if let Some(o) = ctx.record(i) {
                o.vector(Meaning::Velocity, pos, vel, s);
                o.vector(Meaning::Steering, pos + vel * s, it.force, s);
                // Arrival's desired velocity, to scale, and its target.
                o.vector(Meaning::Desired, pos, it.force + vel, s);
                o.point(Meaning::Desired, it.target);
                if aim == Aim::Predicted {
                    for (at, moving) in [a, b] {
                        let future = at + moving * it.ticks;
                        o.line(Meaning::Future, at, future);
                        o.point(Meaning::Future, future);
                    }
                }
                for (name, value) in [("a_position", a.0), ("a_velocity", a.1)] {
                    o.value(name, value);
                }
                for (name, value) in [("b_position", b.0), ("b_velocity", b.1)] {
                    o.value(name, value);
                }
                o.value("midpoint", (a.0 + b.0) * 0.5);
                o.value("T", it.ticks);
                o.value("target", it.target);
            }
            ctx.set(i, it.force, limits);
        }
    }

    fn settle(&mut self, ctx: &mut Settle) {
        let positions = ctx.crowd().positions();
        let (a, b) = (positions[PAIR[0]], positions[PAIR[1]]);
        let guards = &positions[PAIR.len()..];
        let distances = guards.iter().map(|&q| distance_to_segment(q, a, b));
        let (mut sum, mut inside) = (0.0, 0);
        for d in distances {
            sum += f64::from(d);
            inside += u64::from(d <= self.params.between_distance);
        }
        self.distance_now = sum / guards.len().max(1) as f64;
        if ctx.tick > SETTLING_TICKS {
            self.counted += guards.len() as u64;
            self.between += inside;
        }
    }

    fn scenery(&self, _input: &Input, out: &mut Overlay) {
        // The segment the interposer keeps to.
        out.line(Meaning::Path, self.pair[0], self.pair[1]);
    }

    fn metrics(&self, _crowd: &Crowd, _tick: u64) -> Vec<(&'static str, Metric, Sampling)> {
        let share = if self.counted == 0 {
            0.0
        } else {
            self.between as f64 / self.counted as f64
        };
        vec![
            ("between_share", Metric::Float(share), Sampling::EveryTick),
            (
                "distance_to_segment",
                Metric::Float(self.distance_now),
                Sampling::AtEnd,
            ),
        ]
    }

    fn headline(&self, _crowd: &Crowd) -> Figures {
        [("distance to the pair's segment (px)", self.distance_now)].into()
    }

    fn inspect(&self, i: usize, crowd: &Crowd) -> Vec<(&'static str, Reading)> {
        if PAIR.contains(&i) {
            return vec![("role", reads("one of the pair: wanders"))];
        }
        let positions = crowd.positions();
        let d = distance_to_segment(positions[i], positions[PAIR[0]], positions[PAIR[1]]);
        let (target, ticks) = self.aims[i];
        vec![
            ("to the pair's segment", px(d)),
            ("looks ahead", super::ticks(ticks)),
            ("target", value(super::point(target))),
        ]
    }

    fn retune(&mut self, params: &dyn Params) -> Result<(), WrongScene> {
        let params: &InterposeParams = SCENE.typed(params)?;
        self.params = params.clone();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::scene_with;

    /// Between the pair at least 80% of the time, on eight seeds, and
    /// more often than the naive midpoint.
    #[test]
    fn the_interposer_stays_between_the_pair() {
        for seed in 1..=8 {
            let mut run = scene_with("interpose", "interpose", None);
            run.reseed(seed);
            let m = run.steps(1800);
            let share = m.float("between_share");
            let mut naive = scene_with("interpose", "midpoint", None);
            naive.reseed(seed);
            let naive = naive.steps(1800).float("between_share");
            assert!(share >= 0.8, "seed {seed}: between {share:.2}");
            assert!(share > naive, "seed {seed}: {share:.2} against the midpoint's {naive:.2}");
            assert_eq!(m.nan, 0);
        }
    }
}
