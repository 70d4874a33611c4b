//! Path following with a radius, and patrol.
//!
//! Agents seek the current node of a polyline path and move on to the next
//! one once within the path radius of it. The radius is the road's width:
//! the larger it is, the more the agents cut the corners. Patrol turns back
//! at either end; loop joins the last node to the first; once stops on the
//! last node with arrival. Projection (Reynolds, *The Nature of Code*) is
//! the other way to follow a road: predict, project onto the path, and
//! steer back only when the prediction leaves the road; the split view (C)
//! shows it beside patrol. The headless figure `max_off_road` is the
//! farthest any agent strayed outside the road after first reaching it.
//!
//! Controls: + and - widen and narrow the path radius live; V cycles patrol /
//! loop / once / projection; a click shows velocity, steering and the node
//! being sought (in projection: the predicted point, its nearest point on
//! the path and the target ahead of it).

use crate::sim::reading::{Reading, reads, value};
use crate::overlay::{Meaning, Overlay};
use crate::sim::crowd::{Crowd, Look, Metric, Sampling};
use crate::sim::knobs::{Invalid, Knob, Params};
use crate::sim::decl::{Build, SceneDecl};
use crate::sim::scene::{Decide, Figures, Input, Scene, Settle, Setup, Spawn, WrongScene};
use crate::sim::mind::{Card, Code};
use crate::steer::Limits;
use crate::steer::path::{
    PathFollower, PathMode, distance_to_polyline, follow_by_projection, follow_path,
};
use glam::Vec2;

crate::params! {
    /// `[patrol.params]`: agents on a polyline path.
    pub struct PatrolParams {
        /// Top speed (original: 3).
        max_speed: f32 = 3.0, 0.5..=20.0, step 0.5, "px/tick", Live;
        /// Cap on the steering force (original: 1.1).
        max_force: f32 = 1.1, 0.1..=10.0, step 0.1, "", Live;
        /// Mass: the force is divided by it, so a heavier agent turns wider.
        mass: f32 = 1.0, 0.2..=10.0, step 0.1, "", Restart;
        /// A node counts as reached this close: the road's width (the tutorial starts at 10).
        path_radius: f32 = 20.0, 5.0..=120.0, step 5.0, "px", Live;
        /// Arrival on the last node of a "once" walk starts this far from it.
        slowing_radius: f32 = 100.0, 10.0..=400.0, step 10.0, "px", Live;
        /// Projection: how far ahead the agent predicts where it will be (The Nature of Code: 25).
        look_ahead: f32 = 25.0, 0.0..=200.0, step 5.0, "px", Live;
        /// Projection: how far along the path, from the nearest point, it aims (The Nature of Code: 10).
        ahead: f32 = 10.0, 0.0..=100.0, step 1.0, "px", Live;
    }
    check check_nodes;
    props points(Path { closed: false }, nodes);
    fixed {
        /// The path's nodes, [x, y] in world px, on the stage (at least 2).
        nodes: Vec<[f32; 2]> = vec![
            [100.0, 500.0],
            [220.0, 150.0],
            [400.0, 420.0],
            [580.0, 130.0],
            [700.0, 480.0],
        ];
    }
}

fn check_nodes(p: &PatrolParams, stage: Vec2) -> Result<(), Invalid> {
    super::check_nodes(&p.nodes, 2, stage)
}

crate::variants! {
    /// Three ways to walk a path.
    pub enum Variant {
        Patrol = "patrol": "Patrol: seek each node in turn and walk back at the ends; a wider radius cuts corners.",
        Loop = "loop": "Loop: after the last node head for the first again.",
        Once = "once": "Once: walk the path and arrive on the last node, without circling it.",
        Projection = "projection": "Projection: predict, project onto the path, steer back only when the prediction leaves the road.",
    }
}

#[derive(Clone)]
pub struct PatrolScene {
    params: PatrolParams,
    /// The running variant, for its card.
    variant: Variant,
    nodes: Vec<Vec2>,
    mode: PathMode,
    followers: Vec<PathFollower>,
    max_deviation: f32,
    /// The farthest any agent stood from the path after the last tick.
    last_deviation: f32,
    nodes_reached: u64,
    reversals: u64,
    /// Whether some agent turned back at the first node, and at the last.
    turned_at: [bool; 2],
    /// Projection instead of seeking nodes (on the closed path).
    projecting: bool,
    /// Each agent has been on the road (within the radius of the path).
    on_road: Vec<bool>,
    /// The farthest any agent has been outside the road since it first
    /// reached it, in px.
    max_off_road: f32,
    visited: Vec<bool>,
}

impl PatrolScene {
    /// Every agent follows the closed path by projection.
    fn steer_by_projection(&mut self, ctx: &mut Decide) {
        let p = &self.params;
        let limits = Limits {
            max_speed: p.max_speed,
            max_force: p.max_force,
        };
        let path = (self.nodes.as_slice(), true);
        for i in 0..ctx.crowd.len() {
            let (pos, vel) = (ctx.crowd.positions()[i], ctx.crowd.velocities()[i]);
            let look = (p.look_ahead, p.ahead);
            let it = follow_by_projection(pos, vel, path, p.path_radius, look, p.max_speed);
            let s = ctx.vector_scale;
            if let Some(o) = ctx.record(i) {
                o.vector(Meaning::Velocity, pos, vel, s);
                o.vector(Meaning::Steering, pos + vel * s, it.force, s);
                o.line(Meaning::Future, pos, it.predicted);
                o.point(Meaning::Future, it.predicted);
                // The prediction's foot on the road, and the point `ahead`
                // along it that an agent off the road seeks: its desired
                // velocity, drawn to scale as every other vector.
                o.line(Meaning::Future, it.predicted, it.normal);
                o.point(Meaning::Ahead, it.target);
                if it.off_road {
                    o.vector(Meaning::Desired, pos, it.force + vel, s);
                }
                o.value("predicted", it.predicted);
                o.value("normal", it.normal);
                o.value("target", it.target);
                o.value("off_road", it.predicted.distance(it.normal) - p.path_radius);
            }
            ctx.set(i, it.force, limits);
        }
    }
}

mod tour;

/// The patrol scene, as data: who it is and how it starts.
pub const SCENE: SceneDecl = SceneDecl {
    name: "patrol",
    title: "Path following and patrol",
    seed: 4,
    agents: Knob::agents("Agents on the path.", 3, 50, 1),
    compare: Some(3),
    primary: Some(PatrolParams::path_radius.knob()),
    series: &[
        ("deviation from path (px)", "px"),
    ],
    tour: tour::STEPS,
    ..SceneDecl::of::<PatrolScene>()
};

impl Build for PatrolScene {
    type Params = PatrolParams;
    type Variant = Variant;

    fn new(params: &PatrolParams, variant: Variant, setup: &Setup, spawn: &mut Spawn) -> Self {
        let mode = match variant {
            Variant::Patrol => PathMode::Patrol,
            Variant::Loop => PathMode::Loop,
            Variant::Once => PathMode::Once,
            Variant::Projection => PathMode::Loop,
        };
        let projecting = variant == Variant::Projection;
        let nodes: Vec<Vec2> = params.nodes.iter().map(|&n| Vec2::from(n)).collect();
        let mut followers = Vec::new();
        // Spread the agents along the path; a once-walk starts all of them at the first node.
        for i in 0..setup.agents {
            let start = if mode == PathMode::Once {
                0
            } else {
                i * nodes.len() / setup.agents.max(1)
            };
            // Projection has no node to seek: it starts moving along the path.
            let next = nodes[(start + 1) % nodes.len()];
            let along = (next - nodes[start]).normalize_or_zero() * params.max_speed;
            let velocity = if projecting { along } else { Vec2::ZERO };
            spawn.agent(nodes[start], velocity, params.mass, Look::Plain);
            followers.push(PathFollower::new(start, true));
        }
        Self {
            variant,
            params: params.clone(),
            visited: vec![false; nodes.len()],
            nodes,
            mode,
            followers,
            max_deviation: 0.0,
            last_deviation: 0.0,
            nodes_reached: 0,
            reversals: 0,
            turned_at: [false; 2],
            projecting,
            on_road: vec![false; setup.agents],
            max_off_road: 0.0,
        }
    }
}

impl Scene for PatrolScene {
    fn card(&self) -> Card {
        let variant = self.variant;
        const IDEA: &str = "The path is a list of nodes. The agent seeks the current node; \
            once within the path radius of it, it seeks the next. A wider radius lets it \
            turn sooner, so it cuts the corners and moves more smoothly.";
        Card {
            idea: IDEA,
            formula: match variant {
                Variant::Patrol => &[
                    "target = node(current)",
                    "distance = length(target - position)  // within path_radius: the next node",
                    "steering = seek(target)  // at either end it turns back",
                ],
                Variant::Loop => &[
                    "target = node(current)",
                    "distance = length(target - position)  // within path_radius: the next node",
                    "steering = seek(target)  // after the last node, the first",
                ],
                Variant::Once => &[
                    "target = node(current)",
                    "distance = length(target - position)  // within path_radius: the next node",
                    "steering = seek(target)  // the last node: arrive(target)",
                ],
                Variant::Projection => {
                    return Card {
                        idea: "The path is a road of width path_radius. The agent predicts where \
                            it will be, finds the nearest point of the path to that prediction \
                            and, only when the prediction leaves the road, seeks a point a little \
                            further along the path. On the road it just keeps going.",
                        formula: &[
                            "predicted = position + normalize(velocity) * look_ahead",
                            "normal = nearest_point_of_path(predicted)",
                            "target = point_along_path(normal, ahead)  // round a corner too",
                            "off_road = distance(predicted, normal) - path_radius",
                            "steering = seek(target)  // only while off_road > 0",
                        ],
                        code: &[Code("steer::path::follow_by_projection", "src/steer/path.rs")],
                    };
                }
            },
            code: &[Code("steer::path::follow_path", "src/steer/path.rs")],
        }
    }

    fn steer(&mut self, ctx: &mut Decide, _input: &Input) {
        let p = &self.params;
        let limits = Limits {
            max_speed: p.max_speed,
            max_force: p.max_force,
        };
        if self.projecting {
            self.steer_by_projection(ctx);
            return;
        }
        for (i, follower) in self.followers.iter_mut().enumerate() {
            let (pos, vel) = (ctx.crowd.positions()[i], ctx.crowd.velocities()[i]);
            let sought = follower.current;
            let event = follower.advance(&self.nodes, pos, p.path_radius, self.mode);
            if event.reached {
                self.nodes_reached += 1;
                self.visited[sought] = true;
            }
            if event.reversed {
                self.reversals += 1;
                // Turned back at the last node if now walking toward the first.
                self.turned_at[usize::from(!follower.forward)] = true;
            }
            let force = follow_path(
                pos,
                vel,
                &self.nodes,
                follower,
                self.mode,
                p.max_speed,
                p.slowing_radius,
            );
            let s = ctx.vector_scale;
            if let Some(o) = ctx.record(i) {
                o.vector(Meaning::Velocity, pos, vel, s);
                o.vector(Meaning::Steering, pos + vel * s, force, s);
                if let Some(target) = follower.target(&self.nodes) {
                    // Seek and arrival steer by `desired - velocity`: the
                    // desired velocity, to scale as every other vector.
                    o.vector(Meaning::Desired, pos, force + vel, s);
                    o.value(
                        "current",
                        u32::try_from(follower.current).unwrap_or(u32::MAX),
                    );
                    o.value("target", target);
                    o.value("distance", pos.distance(target));
                }
            }
            ctx.set(i, force, limits);
        }
    }

    fn settle(&mut self, ctx: &mut Settle) {
        let closed = self.mode == PathMode::Loop;
        self.last_deviation = 0.0;
        for (i, &at) in ctx.crowd().positions().iter().enumerate() {
            let deviation = distance_to_polyline(at, &self.nodes, closed);
            self.last_deviation = self.last_deviation.max(deviation);
            let off = deviation - self.params.path_radius;
            self.on_road[i] |= off <= 0.0;
            if self.on_road[i] {
                self.max_off_road = self.max_off_road.max(off);
            }
        }
        self.max_deviation = self.max_deviation.max(self.last_deviation);
    }

    fn headline(&self, _crowd: &Crowd) -> Figures {
        [("deviation from path (px)", self.last_deviation.into())].into()
    }

    fn inspect(&self, i: usize, crowd: &Crowd) -> Vec<(&'static str, Reading)> {
        if self.projecting {
            let at = crowd.positions()[i];
            let off = distance_to_polyline(at, &self.nodes, true) - self.params.path_radius;
            let road = if off <= 0.0 {
                reads("on the road")
            } else {
                reads("{d} px off the road").with("d", format_args!("{off:.1}"))
            };
            return vec![("where", road)];
        }
        let f = &self.followers[i];
        let direction = match (f.finished, f.forward) {
            (true, _) => reads("arrived"),
            (false, true) => reads("forward"),
            (false, false) => reads("back"),
        };
        vec![
            ("node sought", value(f.current)),
            ("direction", direction),
        ]
    }

    fn scenery(&self, _input: &Input, out: &mut Overlay) {
        for pair in self.nodes.windows(2) {
            out.line(Meaning::Path, pair[0], pair[1]);
        }
        if let (PathMode::Loop, Some(&first), Some(&last)) =
            (self.mode, self.nodes.first(), self.nodes.last())
        {
            out.line(Meaning::Path, last, first);
        }
        for &node in &self.nodes {
            out.circle(Meaning::PathRadius, node, self.params.path_radius);
            out.point(Meaning::PathNode, node);
        }
        if self.projecting {
            // The road's edges, path_radius either side of each segment.
            let n = self.nodes.len();
            for k in 0..n {
                let (a, b) = (self.nodes[k], self.nodes[(k + 1) % n]);
                let side = (b - a).normalize_or_zero().perp() * self.params.path_radius;
                out.line(Meaning::PathRadius, a + side, b + side);
                out.line(Meaning::PathRadius, a - side, b - side);
            }
        }
    }

    fn metrics(&self, _crowd: &Crowd, _tick: u64) -> Vec<(&'static str, Metric, Sampling)> {
        let count = |flags: &[bool]| flags.iter().filter(|&&v| v).count() as u64;
        vec![
            (
                "max_deviation",
                Metric::Float(self.max_deviation.into()),
                Sampling::EveryTick,
            ),
            (
                "max_off_road",
                Metric::Float(self.max_off_road.into()),
                Sampling::EveryTick,
            ),
            (
                "nodes_reached",
                Metric::Int(self.nodes_reached),
                Sampling::EveryTick,
            ),
            (
                "nodes_visited",
                Metric::Int(count(&self.visited)),
                Sampling::EveryTick,
            ),
            (
                "reversals",
                Metric::Int(self.reversals),
                Sampling::EveryTick,
            ),
            (
                "ends_turned",
                Metric::Int(count(&self.turned_at)),
                Sampling::EveryTick,
            ),
            (
                "path_radius",
                Metric::Float(self.params.path_radius.into()),
                Sampling::Setup,
            ),
        ]
    }

    fn retune(&mut self, params: &dyn Params) -> Result<(), WrongScene> {
        let params: &PatrolParams = SCENE.typed(params)?;
        if params.nodes != self.params.nodes {
            // Edited nodes: each follower keeps its node, or the last.
            self.nodes = params.nodes.iter().map(|&n| Vec2::from(n)).collect();
            let last = self.nodes.len().saturating_sub(1);
            for f in &mut self.followers {
                f.current = f.current.min(last);
            }
            self.visited.resize(self.nodes.len(), false);
        }
        self.params = params.clone();
        Ok(())
    }
}

#[cfg(test)]
mod tests;
