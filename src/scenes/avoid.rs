//! Collision avoidance: agents seek the pointer through a
//! field of round obstacles.
//!
//! Each agent looks ahead along its velocity, as far as its speed allows;
//! when a look-ahead point falls inside an obstacle (widened by the agent's
//! own radius), the nearest such obstacle is the threat and the agent is
//! pushed away from its centre. The variants are the steps of the lesson:
//! no avoidance (agents cut straight through), one look-ahead point (agents
//! clip obstacles they meet at an angle), and the final form with the half
//! look-ahead and the position itself.
//!
//! Controls: move the mouse to lead; press on an obstacle and drag it; A
//! adds an obstacle at the pointer, X removes the one under it; V cycles the
//! variants; a click on the stage shows ahead, ahead2, the threat and the
//! avoidance force.

use crate::sim::reading::{Reading, reads, value};
use super::{
    check_round_obstacles, clear_point, penetration, point, rng, round_obstacles,
};
use crate::overlay::{Meaning, Overlay};
use crate::sim::crowd::{Crowd, Look, Metric, Sampling};
use crate::sim::knobs::{Invalid, Knob, Params};
use crate::sim::decl::{Build, SceneDecl};
use crate::sim::scene::{Decide, Figures, Input, Neighborhood, Scene, Settle, Setup, Spawn, WrongScene};
use crate::sim::mind::{Card, Code};
use crate::steer::Limits;
use crate::steer::avoid::{AvoidParams, Obstacle, Probes, avoid};
use crate::steer::flock::{SeparationParams, separation};
use crate::steer::neighbors::{Near, NeighborIndex, Neighbors};
use crate::steer::seek::seek;
use glam::Vec2;

crate::params! {
    /// `[avoid.params]`: agents seeking the pointer through round obstacles.
    pub struct AvoidSceneParams {
        /// Top speed (original, later demos: 3).
        max_speed: f32 = 3.0, 0.5..=20.0, step 0.5, "px/tick", Live;
        /// Cap on the steering force (original, later demos: 1.1).
        max_force: f32 = 1.1, 0.1..=10.0, step 0.1, "", Live;
        /// Mass: the force is divided by it, so a heavier agent turns wider.
        mass: f32 = 1.0, 0.2..=10.0, step 0.1, "", Restart;
        /// How far ahead an agent at full speed looks (original MAX_SEE_AHEAD, queue demo: 50).
        max_see_ahead: f32 = 50.0, 0.0..=200.0, step 5.0, "px", Live;
        /// Push away from the threat's centre (original AVOID_FORCE: 600; the sum is capped at max_force).
        max_avoid_force: f32 = 600.0, 0.0..=2000.0, step 50.0, "", Live;
        /// The agent's own radius: penetration is measured with its disc.
        agent_radius: f32 = 8.0, 0.0..=20.0, step 1.0, "px", Live;
        /// Air kept between agent and obstacle: look-ahead points within agent_radius + clearance hit.
        clearance: f32 = 4.0, 0.0..=30.0, step 1.0, "px", Live;
        /// Agents closer than this push apart, so that they do not all stack on the pointer.
        separation_radius: f32 = 24.0, 1.0..=100.0, step 1.0, "px", Live;
        /// Strength of that push (0: agents pile up on the pointer, as seek alone does).
        max_separation: f32 = 2.0, 0.0..=10.0, step 0.1, "", Live;
        /// Radius of an obstacle added with A.
        new_obstacle_radius: f32 = 40.0, 10.0..=150.0, step 5.0, "px", Live, Setup;
    }
    check check_avoid;
    props discs(obstacles, new_obstacle_radius);
    fixed {
        /// The obstacles, as [x, y, radius] in world px: centres on the stage, radii up to its larger side.
        obstacles: Vec<[f32; 3]> = vec![
            [210.0, 160.0, 40.0],
            [420.0, 120.0, 32.0],
            [620.0, 190.0, 50.0],
            [150.0, 390.0, 55.0],
            [340.0, 300.0, 45.0],
            [530.0, 340.0, 36.0],
            [690.0, 430.0, 45.0],
            [290.0, 490.0, 36.0],
            [470.0, 500.0, 40.0],
        ];
    }
}

fn check_avoid(p: &AvoidSceneParams, stage: Vec2) -> Result<(), Invalid> {
    check_round_obstacles(&p.obstacles, stage)
}

crate::variants! {
    /// The steps of the lesson.
    pub enum Variant {
        None = "none": "No avoidance: agents seek the pointer and cut straight through the obstacles.",
        Ahead = "ahead": "One look-ahead point: obstacles met head-on are avoided, those met at an angle are clipped.",
        Ahead2 = "ahead2": "ahead, half-ahead and the position: every obstacle on the way is seen in time.",
    }
}

/// What the overlay shows of one agent's look-ahead.
#[derive(Debug, Clone, Copy, Default)]
struct Looked {
    seek: Vec2,
    separation: Vec2,
    ahead: Vec2,
    ahead2: Vec2,
    threat: Option<usize>,
    force: Vec2,
}

#[derive(Clone)]
pub struct AvoidScene {
    params: AvoidSceneParams,
    neighbors: Neighbors,
    scratch: Vec<Near>,
    variant: Variant,
    obstacles: Vec<Obstacle>,
    looked: Vec<Looked>,
    /// Agent-ticks spent inside an obstacle.
    penetration_ticks: u64,
    max_penetration: f32,
    /// Agents inside an obstacle after the last tick.
    inside: u64,
}

impl AvoidScene {
    fn avoid_params(&self) -> AvoidParams {
        AvoidParams {
            max_see_ahead: self.params.max_see_ahead,
            max_avoid_force: self.params.max_avoid_force,
            margin: self.params.agent_radius + self.params.clearance,
            probes: match self.variant {
                Variant::Ahead => Probes::Ahead,
                Variant::None | Variant::Ahead2 => Probes::Full,
            },
        }
    }

    /// How deep the agent's disc at `p` reaches into an obstacle, in px (0: clear).
    fn penetration(&self, p: Vec2) -> f32 {
        penetration(&self.obstacles, p, self.params.agent_radius)
    }
}

mod tour;

/// The avoid scene, as data: who it is and how it starts.
pub const SCENE: SceneDecl = SceneDecl {
    name: "avoid",
    title: "Collision avoidance",
    seed: 7,
    agents: Knob::agents("Agents seeking the pointer.", 12, 500, 1),
    default_variant: 2,
    primary: Some(AvoidSceneParams::max_see_ahead.knob()),
    roles: &[
        (Look::Plain, "agent"),
        (Look::Faded, "avoiding an obstacle"),
    ],
    unused: &[
        ("none", &["max_see_ahead", "max_avoid_force", "clearance"]),
    ],
    series: &[
        ("agents inside obstacles", "agents"),
    ],
    tour: tour::STEPS,
    ..SceneDecl::of::<AvoidScene>()
};

impl Build for AvoidScene {
    type Params = AvoidSceneParams;
    type Variant = Variant;

    fn new(params: &AvoidSceneParams, variant: Variant, setup: &Setup, spawn: &mut Spawn) -> Self {
        let scene = Self {
            params: params.clone(),
            neighbors: Neighbors::new(setup.neighbors, params.separation_radius),
            scratch: Vec::new(),
            variant,
            obstacles: round_obstacles(&params.obstacles),
            looked: vec![Looked::default(); setup.agents],
            penetration_ticks: 0,
            max_penetration: 0.0,
            inside: 0,
        };
        let mut rng = rng(setup.seed);
        for _ in 0..setup.agents {
            let at = clear_point(&mut rng, spawn.stage, &scene.obstacles, params.agent_radius);
            spawn.agent(at, Vec2::ZERO, params.mass, Look::Plain);
        }
        scene
    }
}

impl Scene for AvoidScene {
    fn card(&self) -> Card {
        let variant = self.variant;
        const LOOK: [&str; 2] = [
            "dynamic_length = length(velocity) / max_speed",
            "ahead = position + normalize(velocity) * max_see_ahead * dynamic_length",
        ];
        const PUSH: [&str; 2] = [
            "avoidance = normalize(ahead - threat_center) * max_avoid_force",
            "steering = seek + separation + avoidance",
        ];
        match variant {
            Variant::None => Card {
                idea: "The agents seek the pointer and keep apart from each other. \
                    They cannot see the obstacles, so they walk straight through them.",
                formula: &[
                    "seek = seek(target)  // the pointer",
                    "steering = seek + separation",
                ],
                code: &[Code("steer::seek::seek", "src/steer/seek.rs")],
            },
            Variant::Ahead => Card {
                idea: "A point ahead of the agent, as far as it will be in a moment, looks for \
                    obstacles. When it is inside one, a force pushes away from the centre. \
                    Met at an angle, an obstacle can slip past the point and be clipped.",
                formula: &[
                    LOOK[0],
                    LOOK[1],
                    "// threat: the nearest obstacle ahead is inside",
                    PUSH[0],
                    PUSH[1],
                ],
                code: &[Code("steer::avoid::avoid", "src/steer/avoid.rs")],
            },
            Variant::Ahead2 => Card {
                idea: "Three points look for obstacles: ahead, half as far, and the agent itself. \
                    The nearest obstacle any of them is inside is the threat, and the agent \
                    is pushed away from its centre in time.",
                formula: &[
                    LOOK[0],
                    LOOK[1],
                    "ahead2 = position + normalize(velocity) * max_see_ahead * dynamic_length * 0.5",
                    "// threat: the nearest obstacle ahead, ahead2 or position is inside",
                    PUSH[0],
                    PUSH[1],
                ],
                code: &[Code("steer::avoid::avoid", "src/steer/avoid.rs")],
            },
        }
    }

    fn steer(&mut self, ctx: &mut Decide, input: &Input) {
        let p = &self.params;
        let limits = Limits {
            max_speed: p.max_speed,
            max_force: p.max_force,
        };
        let rules = self.avoid_params();
        let sep = SeparationParams {
            radius: p.separation_radius,
            max_separation: p.max_separation,
        };
        let positions = ctx.crowd.positions();
        self.neighbors.rebuild(positions);
        for i in 0..ctx.crowd.len() {
            let (pos, vel) = (positions[i], ctx.crowd.velocities()[i]);
            self.neighbors
                .within(positions, pos, sep.radius, &mut self.scratch);
            self.scratch.retain(|n| n.index as usize != i);
            crate::steer::tie::untie(i, pos, &mut self.scratch);
            let push = separation(pos, self.scratch.iter().map(|n| n.position), &sep);
            let toward = seek(pos, vel, input.pointer, p.max_speed);
            let mut force = toward + push;
            let a = avoid(pos, vel, p.max_speed, &self.obstacles, &rules);
            let avoiding = self.variant != Variant::None && a.threat.is_some();
            if avoiding {
                force += a.force;
            }
            ctx.looks[i] = if avoiding { Look::Faded } else { Look::Plain };
            self.looked[i] = Looked {
                seek: toward,
                separation: push,
                ahead: a.ahead,
                ahead2: a.ahead2,
                threat: a.threat.filter(|_| avoiding),
                force: if avoiding { a.force } else { Vec2::ZERO },
            };
            ctx.set(i, force, limits);
        }
        self.record(ctx, input.pointer);
    }

    fn settle(&mut self, ctx: &mut Settle) {
        self.inside = 0;
        for &p in ctx.crowd().positions() {
            let depth = self.penetration(p);
            if depth > 0.0 {
                self.inside += 1;
                self.max_penetration = self.max_penetration.max(depth);
            }
        }
        self.penetration_ticks += self.inside;
    }

    fn headline(&self, _crowd: &Crowd) -> Figures {
        [("agents inside obstacles", self.inside as f64)].into()
    }

    fn inspect(&self, i: usize, _crowd: &Crowd) -> Vec<(&'static str, Reading)> {
        let l = &self.looked[i];
        let threat = (l.threat).map_or(reads("none"), |t| reads("obstacle {k}").with("k", t));
        vec![
            ("threat", threat),
            ("ahead", value(point(l.ahead))),
            ("ahead2", value(point(l.ahead2))),
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

    fn metrics(&self, _crowd: &Crowd, _tick: u64) -> Vec<(&'static str, Metric, Sampling)> {
        vec![
            (
                "penetration_ticks",
                Metric::Int(self.penetration_ticks),
                Sampling::EveryTick,
            ),
            (
                "max_penetration",
                Metric::Float(self.max_penetration.into()),
                Sampling::EveryTick,
            ),
            (
                "obstacles",
                Metric::Int(self.obstacles.len() as u64),
                Sampling::Setup,
            ),
        ]
    }

    fn neighborhood(&self, i: usize, crowd: &Crowd) -> Option<Neighborhood<'_>> {
        let at = crowd.positions()[i];
        Some(Neighborhood::around(
            at,
            self.params.separation_radius,
            &self.neighbors,
        ))
    }

    fn retune(&mut self, params: &dyn Params) -> Result<(), WrongScene> {
        let params: &AvoidSceneParams = SCENE.typed(params)?;
        if params.obstacles != self.params.obstacles {
            self.obstacles = round_obstacles(&params.obstacles);
        }
        self.params = params.clone();
        Ok(())
    }

    fn agent_radius(&self) -> f32 {
        self.params.agent_radius.max(4.0)
    }

    fn fade_alpha(&self) -> f32 {
        0.55
    }
}

impl AvoidScene {
    /// The look-ahead of the recorded agents: ahead and ahead2 on the line
    /// of sight, the threat ringed, the push away from it.
    fn record(&self, ctx: &mut Decide, target: Vec2) {
        let s = ctx.vector_scale;
        let crowd = ctx.crowd;
        for i in ctx.recorded(self.looked.len()) {
            let (l, pos, vel) = (&self.looked[i], crowd.positions()[i], crowd.velocities()[i]);
            let Some(o) = ctx.record(i) else { continue };
            o.vector(Meaning::Velocity, pos, vel, s);
            o.vector(Meaning::Separation, pos, l.separation, s);
            o.force("seek", l.seek);
            o.value("target", target);
            if self.variant == Variant::None {
                continue;
            }
            let max_speed = self.params.max_speed;
            o.value(
                "dynamic_length",
                vel.length() / max_speed.max(f32::MIN_POSITIVE),
            );
            o.value("ahead", l.ahead);
            o.value("ahead2", l.ahead2);
            o.value("avoidance", l.force);
            o.line(Meaning::Ahead, pos, l.ahead);
            o.point(Meaning::Ahead, l.ahead);
            if self.variant == Variant::Ahead2 {
                o.point(Meaning::Ahead, l.ahead2);
            }
            if let Some(Obstacle::Circle { center, radius }) = l.threat.map(|t| self.obstacles[t]) {
                o.circle(Meaning::Threat, center, radius + 3.0);
                o.value("threat_center", center);
                o.direction(Meaning::Avoidance, pos, l.force, AVOIDANCE_LENGTH);
            }
        }
    }
}

/// The avoidance push is drawn this long, in px: at 600 it is far too
/// strong to draw to scale.
const AVOIDANCE_LENGTH: f32 = 40.0;

#[cfg(test)]
mod tests {
    use crate::testing::scene_with;

    #[test]
    fn each_step_of_the_lesson_penetrates_less() {
        let none = scene_with("avoid", "none", None).steps(3600);
        let ahead = scene_with("avoid", "ahead", None).steps(3600);
        let full = scene_with("avoid", "ahead2", None).steps(3600);
        for m in [&none, &ahead, &full] {
            assert_eq!(m.nan, 0);
        }
        let ticks = |m: &crate::sim::report::Report| m.int("penetration_ticks").unwrap();
        assert!(ticks(&none) > 0, "without avoidance agents cut through");
        assert!(
            ticks(&full) <= ticks(&ahead),
            "ahead2 {} against ahead {}",
            ticks(&full),
            ticks(&ahead)
        );
        let depth = full.float("max_penetration");
        assert!(depth <= 2.0, "ahead2 reaches {depth} px into an obstacle");
        assert!(
            none.float("max_penetration") > 10.0,
            "without avoidance agents go deep: {}",
            none.float("max_penetration")
        );
    }

    /// Two agents started on one point part ([`crate::testing`]).
    #[test]
    fn two_agents_on_one_point_part() {
        crate::testing::coincident_agents_part("avoid");
    }
}
