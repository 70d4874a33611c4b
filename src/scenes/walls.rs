//! Walls: containment with feelers (Buckland, *Programming Game AI by
//! Example*, ch. 3). Agents wander in a U-shaped room, whose two inner
//! corners are concave: the hard case for any rule that looks only
//! straight ahead.
//!
//! With `feelers`, three whiskers reach out ahead of each agent; where one
//! crosses a wall, its overshoot pushes the agent back along the wall's
//! normal, weighted ten to one against the wander (Buckland's weights).
//! The `none` variant is the contrast: the walls are not seen, agents
//! wander through them (and come back to the middle once far outside).
//!
//! The headless figure `max_wall_penetration` is the farthest any agent's
//! centre went outside the room, in px.
//!
//! Controls: V switches feelers and none (C: side by side); a click shows
//! each agent's feelers and the walls' push.

use crate::sim::reading::{Reading, value};
use super::px;
use super::{random_heading, random_point, rng};
use crate::overlay::{Meaning, Overlay};
use crate::sim::crowd::{Crowd, Look, Metric, Sampling};
use crate::sim::knobs::{Invalid, Knob, Params};
use crate::sim::decl::{Build, SceneDecl};
use crate::sim::scene::{Decide, Figures, Input, Scene, Settle, Setup, Spawn, WrongScene};
use crate::sim::mind::{Card, Code};
use crate::sim::props::MIN_CORNERS;
use crate::steer::Limits;
use crate::steer::walls::{Wall, feelers, outside_by, room, wall_avoidance};
use crate::steer::wander::{SERIES, next_angle, wander};
use glam::Vec2;
use rand::RngExt;

crate::params! {
    /// `[walls.params]`: wanderers in a room with concave corners.
    pub struct WallsParams {
        /// Top speed (the series' later demos: 3).
        max_speed: f32 = 3.0, 0.5..=20.0, step 0.5, "px/tick", Live;
        /// Cap on the steering force (the series' later demos: 1.1).
        max_force: f32 = 1.1, 0.1..=10.0, step 0.1, "", Live;
        /// Mass: the force is divided by it.
        mass: f32 = 1.0, 0.2..=10.0, step 0.1, "", Restart;
        /// Length of the feeler straight ahead; the side ones are half as long (Buckland: 40).
        feeler_length: f32 = 40.0, 5.0..=200.0, step 5.0, "px", Live;
        /// Weight of the walls' push against the wander's 1 (Buckland: 10).
        wall_weight: f32 = 10.0, 0.0..=50.0, step 0.5, "", Live;
        /// Without feelers, an agent this far outside comes back to the middle.
        lost_distance: f32 = 80.0, 20.0..=500.0, step 10.0, "px", Live, Setup;
    }
    check check_corners;
    props points(Corners, corners);
    fixed {
        /// The room's corners, [x, y] in world px, on the stage (at least 3); its walls join them in order.
        corners: Vec<[f32; 2]> = ROOM.iter().map(|c| c.to_array()).collect();
    }
}

fn check_corners(p: &WallsParams, stage: Vec2) -> Result<(), Invalid> {
    if p.corners.len() < MIN_CORNERS {
        let got = p.corners.len();
        let m = format!("needs at least {MIN_CORNERS} corners (got {got})");
        return Err(Invalid::new("params.corners", m));
    }
    if let Some((i, [x, y])) = (p.corners.iter().enumerate())
        .find(|(_, c)| !super::on_stage(Vec2::from(**c), stage))
    {
        let m = format!(
            "corner {i} must lie on the stage: x from 0 to {}, y from 0 to {} (got {x:?}, {y:?})",
            stage.x, stage.y
        );
        return Err(Invalid::new("params.corners", m));
    }
    Ok(())
}

crate::variants! {
    /// Walls unseen, then felt.
    pub enum Variant {
        None = "none": "No wall avoidance: the wanderers walk straight through the walls.",
        Feelers = "feelers": "Three feelers: where one crosses a wall, its overshoot pushes back along the wall's normal.",
    }
}

/// The room: a U, its two inner corners concave, on the 800x600 stage.
const ROOM: [Vec2; 8] = [
    Vec2::new(60.0, 60.0),
    Vec2::new(740.0, 60.0),
    Vec2::new(740.0, 540.0),
    Vec2::new(520.0, 540.0),
    Vec2::new(520.0, 260.0),
    Vec2::new(280.0, 260.0),
    Vec2::new(280.0, 540.0),
    Vec2::new(60.0, 540.0),
];

/// Where agents start, and where a lost one comes back.
const MIDDLE: Vec2 = Vec2::new(400.0, 150.0);

#[derive(Clone)]
pub struct WallsScene {
    params: WallsParams,
    variant: Variant,
    /// The room's corners (the parameter's), and its walls.
    corners: Vec<Vec2>,
    walls: Vec<Wall>,
    angles: Vec<f32>,
    /// Each agent's feeler tips and the walls' push, last tick.
    felt: Vec<([Vec2; 3], Vec2)>,
    max_penetration: f32,
    /// The farthest outside any agent is after the last tick.
    penetration_now: f32,
    respawns: u64,
    rng: rand_pcg::Pcg32,
}

mod tour;

/// The walls scene, as data: who it is and how it starts.
pub const SCENE: SceneDecl = SceneDecl {
    name: "walls",
    title: "Walls: containment with feelers",
    seed: 1,
    agents: Knob::agents("Wanderers in the room.", 20, 200, 1),
    default_variant: 1,
    primary: Some(WallsParams::feeler_length.knob()),
    unused: &[
        ("none", &["feeler_length", "wall_weight"]),
    ],
    series: &[
        ("farthest outside the room (px)", "px"),
    ],
    tour: tour::STEPS,
    ..SceneDecl::of::<WallsScene>()
};

impl Build for WallsScene {
    type Params = WallsParams;
    type Variant = Variant;

    fn new(params: &WallsParams, variant: Variant, setup: &Setup, spawn: &mut Spawn) -> Self {
        let mut rng = rng(setup.seed);
        let corners: Vec<Vec2> = params.corners.iter().map(|&c| Vec2::from(c)).collect();
        let (low, high) = (Vec2::splat(60.0), Vec2::new(740.0, 540.0));
        let mut angles = Vec::with_capacity(setup.agents);
        for _ in 0..setup.agents {
            // Anywhere in the room, clear of its walls.
            let mut at = MIDDLE;
            for _ in 0..100 {
                let p = random_point(&mut rng, low + 30.0, high - 30.0);
                let clear = (corners.iter().zip(corners.iter().cycle().skip(1)))
                    .all(|(&a, &b)| crate::steer::path::distance_to_segment(p, a, b) > 30.0);
                if outside_by(p, &corners) == 0.0 && clear {
                    at = p;
                    break;
                }
            }
            let heading = random_heading(&mut rng) * params.max_speed;
            spawn.agent(at, heading, params.mass, Look::Plain);
            angles.push(rng.random_range(0.0..std::f32::consts::TAU));
        }
        Self {
            params: params.clone(),
            variant,
            walls: room(&corners),
            corners,
            angles,
            felt: vec![([Vec2::ZERO; 3], Vec2::ZERO); setup.agents],
            max_penetration: 0.0,
            penetration_now: 0.0,
            respawns: 0,
            rng,
        }
    }
}

impl Scene for WallsScene {
    fn card(&self) -> Card {
        let variant = self.variant;
        match variant {
            Variant::None => Card {
                idea: "The agents wander and nothing else. \
                    They do not see the walls, so they walk through them.",
                formula: &["steering = wander  // the walls are not seen"],
                code: &[Code("steer::wander::wander", "src/steer/wander.rs")],
            },
            Variant::Feelers => Card {
                idea: "Three feelers reach out ahead of the agent, like a cat's whiskers. \
                    Where one crosses a wall, the part beyond the wall pushes the agent back \
                    along the wall's normal, harder the deeper it reaches.",
                formula: &[
                    "ahead = position + normalize(velocity) * feeler_length",
                    "// two more at 45 degrees either side, half as long",
                    "avoidance = overshoots_along_normals(ahead)  // past a wall only",
                    "steering = wander + avoidance * wall_weight",
                ],
                code: &[
                    Code("steer::walls::wall_avoidance", "src/steer/walls.rs"),
                    Code("steer::walls::feelers", "src/steer/walls.rs"),
                ],
            },
        }
    }

    fn steer(&mut self, ctx: &mut Decide, _input: &Input) {
        let p = &self.params;
        let limits = Limits {
            max_speed: p.max_speed,
            max_force: p.max_force,
        };
        let crowd = ctx.crowd;
        for i in 0..crowd.len() {
            let (pos, vel) = (crowd.positions()[i], crowd.velocities()[i]);
            let w = wander(vel, self.angles[i], &SERIES).force;
            self.angles[i] = next_angle(self.angles[i], self.rng.random::<f32>(), &SERIES);
            let heading = vel.normalize_or_zero();
            let tips = feelers(pos, heading, p.feeler_length);
            let push = match self.variant {
                Variant::Feelers => wall_avoidance(pos, &tips, &self.walls),
                Variant::None => Vec2::ZERO,
            };
            self.felt[i] = (tips, push);
            let s = ctx.vector_scale;
            if let Some(o) = ctx.record(i) {
                o.vector(Meaning::Velocity, pos, vel, s);
                o.force("wander", w);
                if self.variant == Variant::Feelers {
                    for tip in tips {
                        o.line(Meaning::Ahead, pos, tip);
                    }
                    o.value("ahead", tips[0]);
                    o.direction(Meaning::Avoidance, pos, push * p.wall_weight, 30.0);
                    o.value("avoidance", push);
                }
            }
            ctx.set(i, w + push * p.wall_weight, limits);
        }
    }

    fn settle(&mut self, ctx: &mut Settle) {
        self.penetration_now = 0.0;
        for i in 0..ctx.crowd().len() {
            let out = outside_by(ctx.crowd().positions()[i], &self.corners);
            self.penetration_now = self.penetration_now.max(out);
            if out > self.params.lost_distance {
                ctx.teleport(i, MIDDLE);
                self.respawns += 1;
            }
        }
        self.max_penetration = self.max_penetration.max(self.penetration_now);
    }

    fn scenery(&self, _input: &Input, out: &mut Overlay) {
        for w in &self.walls {
            out.line(Meaning::Wall, w.from, w.to);
        }
        // The corners, where a person grabs the room to reshape it.
        for &corner in &self.corners {
            out.point(Meaning::PathNode, corner);
        }
    }

    fn metrics(&self, _crowd: &Crowd, _tick: u64) -> Vec<(&'static str, Metric, Sampling)> {
        vec![
            (
                "max_wall_penetration",
                Metric::Float(self.max_penetration.into()),
                Sampling::EveryTick,
            ),
            ("respawns", Metric::Int(self.respawns), Sampling::EveryTick),
        ]
    }

    fn headline(&self, _crowd: &Crowd) -> Figures {
        [("farthest outside the room (px)", self.penetration_now.into())].into()
    }

    fn inspect(&self, i: usize, crowd: &Crowd) -> Vec<(&'static str, Reading)> {
        let (_, push) = self.felt[i];
        let out = outside_by(crowd.positions()[i], &self.corners);
        vec![
            ("outside the room", px(out)),
            ("walls' push", value(format_args!("{:.2}", push.length()))),
        ]
    }

    fn retune(&mut self, params: &dyn Params) -> Result<(), WrongScene> {
        let params: &WallsParams = SCENE.typed(params)?;
        if params.corners != self.params.corners {
            self.corners = params.corners.iter().map(|&c| Vec2::from(c)).collect();
            self.walls = room(&self.corners);
        }
        self.params = params.clone();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::scene_with;

    /// Feelers keep every centre within 2 px of the room; without them
    /// agents go 20 px and more through the walls; on eight seeds.
    #[test]
    fn feelers_keep_the_wanderers_in_the_room() {
        for seed in 1..=8 {
            let mut run = scene_with("walls", "feelers", None);
            run.reseed(seed);
            let m = run.steps(1800);
            let felt = m.float("max_wall_penetration");
            let mut blind = scene_with("walls", "none", None);
            blind.reseed(seed);
            let blind = blind.steps(1800).float("max_wall_penetration");
            assert!(felt <= 2.0, "seed {seed}: {felt:.2} px through a wall");
            assert!(blind >= 20.0, "seed {seed}: without feelers only {blind:.2} px");
            assert_eq!(m.nan, 0);
        }
    }

    /// Two agents started on one point part ([`crate::testing`]).
    #[test]
    fn two_agents_on_one_point_part() {
        crate::testing::coincident_agents_part("walls");
    }
}
