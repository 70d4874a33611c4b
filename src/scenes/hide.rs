//! Hide (Buckland, *Programming Game AI by Example*, ch. 3): hiders use the
//! obstacles to break the hunter's line of sight.
//!
//! The hunter (red) pursues the nearest hider it can see; when it sees
//! none, it searches where the pointer is. Each hider looks, behind
//! every obstacle, for the spot on the far side as the hunter sees it, and
//! arrives at the nearest one; as the hunter moves, the spots swing round
//! their obstacles and the hiders slip round with them. The `evade`
//! variant is the contrast: plain evasion, no cover, so the hunter sees
//! and chases them most of the time (out of its reach, beyond Buckland's
//! panic distance, they wander). Hiders avoid the obstacles, keep apart
//! and stay on the stage in both.
//!
//! The headless figure `hidden_share` is the share of hider-ticks, after
//! the first 120, in which an obstacle stands on the line between the
//! hunter and the hider.
//!
//! Controls: move the mouse to send the hunter searching; press on an
//! obstacle and drag it; A adds an obstacle at the pointer, X removes the
//! one under it; V switches hide and evade (C: side by side); a click
//! shows each hider's spot, its force and the hunter's lines of sight.

use crate::sim::reading::{Reading, reads, value, yes_no};
use super::{
    check_round_obstacles, clear_point, penetration, point, random_point, rng,
    round_obstacles, };
use crate::overlay::{Meaning, Overlay};
use crate::sim::crowd::{Crowd, Look, Metric, Sampling};
use crate::sim::knobs::{Invalid, Knob, Params};
use crate::sim::decl::{Build, SceneDecl};
use crate::sim::scene::{Decide, Figures, Input, Scene, Settle, Setup, Spawn, WrongScene};
use crate::sim::mind::{Card, Code};
use crate::steer::Limits;
use crate::steer::avoid::{AvoidParams, Obstacle, Probes, avoid};
use crate::steer::flock::{SeparationParams, separation};
use crate::steer::hide::{HideParams, blocks_sight, hide};
use crate::steer::pursuit::{Prediction, evade, predict};
use crate::steer::seek::{arrive, seek, stay_within};
use crate::steer::wander::{SERIES, next_angle, wander};
use glam::Vec2;

crate::params! {
    /// `[hide.params]`: hiders and a hunter among round obstacles.
    pub struct HideSceneParams {
        /// Hiders' top speed (the series' later demos: 3).
        max_speed: f32 = 3.0, 0.5..=20.0, step 0.5, "px/tick", Live;
        /// Cap on the steering force (the series' later demos: 1.1).
        max_force: f32 = 1.1, 0.1..=10.0, step 0.1, "", Live;
        /// Mass of every agent: the force is divided by it.
        mass: f32 = 1.0, 0.2..=10.0, step 0.1, "", Restart;
        /// The hunter's top speed: slower than the hiders, so that they can get behind cover.
        hunter_max_speed: f32 = 2.0, 0.5..=20.0, step 0.5, "px/tick", Live;
        /// How far beyond an obstacle's rim its hiding spot lies (Buckland: 30).
        distance_from_boundary: f32 = 30.0, 0.0..=200.0, step 5.0, "px", Live;
        /// Evaders flee only a hunter closer than this (Buckland's evade: ThreatRange 100).
        panic_distance: f32 = 100.0, 10.0..=1000.0, step 10.0, "px", Live;
        /// Hiders slow down inside this distance of their spot.
        slowing_radius: f32 = 100.0, 10.0..=400.0, step 10.0, "px", Live;
        /// How far ahead an agent at full speed looks for an obstacle (the queue demo's MAX_SEE_AHEAD: 50).
        max_see_ahead: f32 = 50.0, 0.0..=200.0, step 5.0, "px", Live;
        /// Push away from the obstacle ahead (the queue demo's AVOID_FORCE: 600; capped at max_force).
        max_avoid_force: f32 = 600.0, 0.0..=2000.0, step 50.0, "", Live;
        /// An agent's own radius, as drawn and as it avoids.
        agent_radius: f32 = 8.0, 1.0..=20.0, step 1.0, "px", Live;
        /// Air kept between agent and obstacle.
        clearance: f32 = 4.0, 0.0..=30.0, step 1.0, "px", Live;
        /// Hiders closer than this push apart, so that they do not share one spot.
        separation_radius: f32 = 24.0, 1.0..=100.0, step 1.0, "px", Live;
        /// Strength of that push (the queue demo's MAX_SEPARATION: 2).
        max_separation: f32 = 2.0, 0.0..=10.0, step 0.1, "", Live;
        /// Radius of an obstacle added with A.
        new_obstacle_radius: f32 = 40.0, 10.0..=150.0, step 5.0, "px", Live, Setup;
    }
    check check_hide;
    props discs(obstacles, new_obstacle_radius);
    fixed {
        /// The obstacles, as [x, y, radius] in world px: centres on the stage, radii up to its larger side.
        obstacles: Vec<[f32; 3]> = vec![
            [220.0, 180.0, 35.0],
            [580.0, 170.0, 35.0],
            [400.0, 320.0, 35.0],
            [230.0, 460.0, 35.0],
            [590.0, 450.0, 35.0],
        ];
    }
}

fn check_hide(p: &HideSceneParams, stage: Vec2) -> Result<(), Invalid> {
    check_round_obstacles(&p.obstacles, stage)
}

crate::variants! {
    /// Cover, or none.
    pub enum Variant {
        Hide = "hide": "Hide: arrive at the spot behind the nearest obstacle, as the hunter sees it; the obstacle breaks its line of sight.",
        Evade = "evade": "Evade: flee the hunter's predicted position, no cover: the hunter sees the hiders most of the time.",
    }
}

/// The hunter's place in the crowd: the first agent.
const HUNTER: usize = 0;

/// Ticks before the hidden share is counted: time to find cover.
const SETTLING_TICKS: u64 = 120;

/// What one hider decided, for the overlay and the readout.
#[derive(Debug, Clone, Copy, Default)]
struct Hider {
    /// The spot it went for (none: it evaded).
    spot: Option<Vec2>,
    /// The obstacle the spot is behind.
    cover: Option<usize>,
    /// Its lesson's force: hide, or evade / wander.
    force: Vec2,
    /// The others: away from obstacles, from the other hiders, back inside.
    avoidance: Vec2,
    separation: Vec2,
    stay_inside: Vec2,
    /// An obstacle stood between it and the hunter after the last tick.
    hidden: bool,
    /// Its wander angle, while an evader out of danger wanders.
    wander_angle: f32,
}

#[derive(Clone)]
pub struct HideScene {
    params: HideSceneParams,
    variant: Variant,
    stage: Vec2,
    obstacles: Vec<Obstacle>,
    hiders: Vec<Hider>,
    /// Hider-ticks counted, and those hidden, after the settling ticks.
    counted: u64,
    hidden: u64,
    /// Hiders hidden after the last tick.
    hidden_now: u64,
    /// The nearest hider the hunter saw after the last tick.
    prey: Option<usize>,
    /// Draws the wanderers' turns.
    rng: rand_pcg::Pcg32,
}

impl HideScene {
    fn limits(&self, i: usize) -> Limits {
        let p = &self.params;
        Limits {
            max_speed: if i == HUNTER {
                p.hunter_max_speed
            } else {
                p.max_speed
            },
            max_force: p.max_force,
        }
    }

    fn avoid_params(&self) -> AvoidParams {
        AvoidParams {
            max_see_ahead: self.params.max_see_ahead,
            max_avoid_force: self.params.max_avoid_force,
            margin: self.params.agent_radius + self.params.clearance,
            probes: Probes::Full,
        }
    }

    /// Whether an obstacle stands on the line from `a` to `b`.
    fn out_of_sight(&self, a: Vec2, b: Vec2) -> bool {
        self.obstacles.iter().any(|o| match *o {
            Obstacle::Circle { center, radius } => blocks_sight(a, b, center, radius),
            Obstacle::Rect { .. } => false,
        })
    }
}

mod tour;

/// The hide scene, as data: who it is and how it starts.
pub const SCENE: SceneDecl = SceneDecl {
    name: "hide",
    title: "Hide",
    seed: 10,
    agents: Knob::agents("Hiders (the hunter comes on top).", 6, 200, 1),
    primary: Some(HideSceneParams::distance_from_boundary.knob()),
    roles: &[(Look::Pursuer, "hunter"), (Look::Evader, "hider")],
    crowd: &[Look::Evader],
    unused: &[
        ("hide", &["panic_distance"]),
    ],
    series: &[
        ("hiders out of sight", "agents"),
    ],
    tour: tour::STEPS,
    ..SceneDecl::of::<HideScene>()
};

impl Build for HideScene {
    type Params = HideSceneParams;
    type Variant = Variant;

    fn new(params: &HideSceneParams, variant: Variant, setup: &Setup, spawn: &mut Spawn) -> Self {
        let obstacles = round_obstacles(&params.obstacles);
        let mut rng = rng(setup.seed);
        let stage = spawn.stage;
        let reach = params.agent_radius;
        let hunter = clear_point(&mut rng, stage, &obstacles, reach);
        spawn.agent(hunter, Vec2::ZERO, params.mass, Look::Pursuer);
        for _ in 0..setup.agents {
            let at = clear_point(&mut rng, stage, &obstacles, reach);
            let heading = random_point(&mut rng, -Vec2::ONE, Vec2::ONE);
            spawn.agent(at, heading, params.mass, Look::Evader);
        }
        Self {
            params: params.clone(),
            variant,
            stage,
            obstacles,
            hiders: vec![Hider::default(); setup.agents + 1],
            counted: 0,
            hidden: 0,
            hidden_now: 0,
            prey: None,
            rng,
        }
    }
}

impl Scene for HideScene {
    fn card(&self) -> Card {
        let variant = self.variant;
        const REST: &str = "steering = hide + avoidance + separation + stay_inside";
        match variant {
            Variant::Hide => Card {
                idea: "For each obstacle, the hiding spot lies on the far side from the hunter. \
                    The hider arrives at the nearest spot, so the obstacle stands between them \
                    and breaks the hunter's line of sight. With no obstacle, it evades.",
                formula: &[
                    "hiding_spot = center + normalize(center - hunter) * (radius + distance_from_boundary)",
                    "// center, radius: the obstacle with the nearest hiding_spot",
                    "hide = arrive(hiding_spot)",
                    REST,
                ],
                code: &[
                    Code("steer::hide::hide", "src/steer/hide.rs"),
                    Code("steer::hide::hiding_spot", "src/steer/hide.rs"),
                ],
            },
            Variant::Evade => Card {
                idea: "Without cover, a hider can only run: it evades the hunter's predicted \
                    position when the hunter is near, and wanders otherwise. The hunter sees \
                    it most of the time.",
                formula: &[
                    "escape = evade(hunter)  // beyond panic_distance: wander",
                    "steering = escape + avoidance + separation + stay_inside",
                ],
                code: &[Code("steer::pursuit::evade", "src/steer/pursuit.rs")],
            },
        }
    }

    fn role_card(&self, look: Look) -> Option<Card> {
        (look == Look::Pursuer).then_some(Card {
            idea: "The hunter pursues the nearest hider it can see: it seeks where that hider \
                will be. When an obstacle hides them all, it arrives at the pointer instead.",
            formula: &[
                "steering = seek(aim) + avoidance  // none in sight: arrive(aim)",
                "// aim: the hider's predicted position, or the pointer",
            ],
            code: &[
                Code("steer::seek::seek", "src/steer/seek.rs"),
                Code("steer::avoid::avoid", "src/steer/avoid.rs"),
            ],
        })
    }

    fn steer(&mut self, ctx: &mut Decide, input: &Input) {
        let p = &self.params;
        let (positions, velocities) = (ctx.crowd.positions(), ctx.crowd.velocities());
        let hunter = (positions[HUNTER], velocities[HUNTER]);
        let rules = self.avoid_params();
        let hide_params = HideParams {
            distance_from_boundary: p.distance_from_boundary,
            slowing_radius: p.slowing_radius,
        };
        let sep = SeparationParams {
            radius: p.separation_radius,
            max_separation: p.max_separation,
        };
        let margin = Vec2::splat(p.agent_radius);
        for i in 0..ctx.crowd.len() {
            let (pos, vel) = (positions[i], velocities[i]);
            let limits = self.limits(i);
            let avoidance = avoid(pos, vel, limits.max_speed, &self.obstacles, &rules).force;
            if i == HUNTER {
                let (to, aim) = match self.prey {
                    Some(prey) => {
                        let (at, moving) = (positions[prey], velocities[prey]);
                        let future =
                            predict(pos, at, moving, limits.max_speed, Prediction::Dynamic);
                        (seek(pos, vel, future, limits.max_speed), future)
                    }
                    None => {
                        let to = input.pointer;
                        (arrive(pos, vel, to, limits.max_speed, p.slowing_radius), to)
                    }
                };
                if let Some(o) = ctx.record(i) {
                    o.value("aim", aim);
                    // The two forces it adds, for the readout and tip to tail.
                    o.force("seek", to);
                    o.force("avoidance", avoidance);
                }
                ctx.set(i, to + avoidance, limits);
                continue;
            }
            let (force, spot, cover) = match self.variant {
                Variant::Hide => {
                    let h = hide(pos, vel, hunter, &self.obstacles, p.max_speed, &hide_params);
                    (h.force, h.spot, h.obstacle)
                }
                Variant::Evade if pos.distance(hunter.0) < p.panic_distance => {
                    let future = predict(pos, hunter.0, hunter.1, p.max_speed, Prediction::Dynamic);
                    (evade(pos, vel, future, p.max_speed), None, None)
                }
                // Out of danger: wander, as Buckland's evaders graze.
                Variant::Evade => {
                    use rand::RngExt;
                    let hider = &mut self.hiders[i];
                    let u = self.rng.random_range(0.0..1.0);
                    hider.wander_angle = next_angle(hider.wander_angle, u, &SERIES);
                    (wander(vel, hider.wander_angle, &SERIES).force, None, None)
                }
            };
            let others = positions
                .iter()
                .enumerate()
                .skip(1)
                .filter(|&(j, _)| j != i);
            let push = separation(pos, others.map(|(_, &q)| q), &sep);
            let inside = stay_within(pos, vel, margin, self.stage - margin, p.max_speed);
            let hider = &mut self.hiders[i];
            (hider.spot, hider.cover, hider.force) = (spot, cover, force);
            (hider.avoidance, hider.separation, hider.stay_inside) = (avoidance, push, inside);
            ctx.set(i, force + avoidance + push + inside, limits);
        }
        self.record(ctx);
    }

    fn settle(&mut self, ctx: &mut Settle) {
        let positions = ctx.crowd().positions();
        let hunter = positions[HUNTER];
        self.hidden_now = 0;
        self.prey = None;
        let mut nearest = f32::INFINITY;
        for (i, &at) in positions.iter().enumerate().skip(1) {
            let hidden = self.out_of_sight(hunter, at);
            self.hiders[i].hidden = hidden;
            self.hidden_now += u64::from(hidden);
            let distance = at.distance_squared(hunter);
            if !hidden && distance < nearest {
                (self.prey, nearest) = (Some(i), distance);
            }
        }
        if ctx.tick > SETTLING_TICKS {
            self.counted += positions.len() as u64 - 1;
            self.hidden += self.hidden_now;
        }
    }

    fn metrics(&self, crowd: &Crowd, _tick: u64) -> Vec<(&'static str, Metric, Sampling)> {
        let share = if self.counted == 0 {
            0.0
        } else {
            self.hidden as f64 / self.counted as f64
        };
        let inside = (crowd.positions().iter())
            .map(|&q| penetration(&self.obstacles, q, self.params.agent_radius))
            .fold(0.0, f32::max);
        vec![
            ("hidden_share", Metric::Float(share), Sampling::EveryTick),
            (
                "hidden_at_end",
                Metric::Int(self.hidden_now),
                Sampling::AtEnd,
            ),
            (
                "penetration_at_end",
                Metric::Float(inside.into()),
                Sampling::AtEnd,
            ),
        ]
    }

    fn headline(&self, _crowd: &Crowd) -> Figures {
        [("hiders out of sight", self.hidden_now as f64)].into()
    }

    fn inspect(&self, i: usize, _crowd: &Crowd) -> Vec<(&'static str, Reading)> {
        if i == HUNTER {
            let prey = (self.prey).map_or(reads("none in sight"), |k| reads("hider {k}").with("k", k));
            return vec![("role", reads("hunter")), ("chasing", prey)];
        }
        let Some(h) = self.hiders.get(i) else {
            return Vec::new();
        };
        let cover = (h.cover).map_or(reads("none"), |k| reads("obstacle {k}").with("k", k));
        vec![
            ("role", reads("hider")),
            ("out of sight", yes_no(h.hidden)),
            ("cover", cover),
            ("spot", h.spot.map_or(reads("none"), |p| value(point(p)))),
        ]
    }

    fn scenery(&self, input: &Input, out: &mut Overlay) {
        for o in &self.obstacles {
            if let Obstacle::Circle { center, radius } = *o {
                out.circle(Meaning::Obstacle, center, radius);
            }
        }
        out.point(Meaning::Target, input.pointer);
    }

    fn retune(&mut self, params: &dyn Params) -> Result<(), WrongScene> {
        let params: &HideSceneParams = SCENE.typed(params)?;
        if params.obstacles != self.params.obstacles {
            self.obstacles = round_obstacles(&params.obstacles);
        }
        self.params = params.clone();
        Ok(())
    }

    fn agent_radius(&self) -> f32 {
        self.params.agent_radius
    }
}

impl HideScene {
    /// The recorded hiders: their velocity, the force that takes them to
    /// cover, the spot, and the hunter's line of sight when it sees them.
    fn record(&self, ctx: &mut Decide) {
        let s = ctx.vector_scale;
        let crowd = ctx.crowd;
        let hunter = crowd.positions()[HUNTER];
        for i in ctx.recorded(crowd.len()) {
            let (pos, vel) = (crowd.positions()[i], crowd.velocities()[i]);
            let Some(o) = ctx.record(i) else { continue };
            o.vector(Meaning::Velocity, pos, vel, s);
            if i == HUNTER {
                continue;
            }
            let h = &self.hiders[i];
            let sum = h.force + h.avoidance + h.separation + h.stay_inside;
            o.vector(Meaning::Steering, pos, sum, s);
            o.vector(Meaning::Separation, pos, h.separation, s);
            let own = match self.variant {
                Variant::Hide => "hide",
                Variant::Evade => "escape",
            };
            o.force(own, h.force);
            o.force("avoidance", h.avoidance);
            o.force("stay_inside", h.stay_inside);
            o.value("hunter", hunter);
            if let Some(spot) = h.spot {
                // Hiding arrives at the spot: its desired velocity is
                // the hide force plus the velocity, to scale.
                o.vector(Meaning::Desired, pos, h.force + vel, s);
                o.point(Meaning::Desired, spot);
                o.value("hiding_spot", spot);
            }
            if let Some(Obstacle::Circle { center, radius }) = h.cover.map(|k| self.obstacles[k]) {
                o.value("center", center);
                o.value("radius", radius);
            }
            if !h.hidden {
                o.line(Meaning::Sight, hunter, pos);
            }
        }
    }
}

#[cfg(test)]
mod tests;
