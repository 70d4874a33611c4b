//! Leader following (the series' part 8).
//!
//! The leader (blue) arrives at the pointer; followers arrive at a point
//! behind it, keep apart with separation, and get out of its way when they
//! stand in front of it (within the sight radius of the point ahead of it,
//! or of the leader itself).
//!
//! Controls: move the mouse to lead; a click shows the follow point and the
//! leader's sight circles (with the leader's shapes) and each follower's
//! forces.

use crate::sim::reading::{Reading, reads, yes_no};
use super::px;
use super::{in_runs, random_point, rng};
use crate::overlay::{Meaning, Overlay};
use crate::sim::MAX_AGENTS;
use crate::sim::crowd::{Crowd, Look, Metric, Sampling};
use crate::sim::knobs::{Knob, Params};
use crate::sim::mind::{Card, Code};
use crate::sim::decl::{Build, SceneDecl};
use crate::sim::scene::{Decide, Figures, Input, Neighborhood, Scene, Setup, Spawn, WrongScene};
use crate::steer::par;
use crate::steer::Limits;
use crate::steer::flock::{Apart, separation_from};
use crate::steer::leader::{FollowParams, Leader, follow_leader};
use crate::steer::neighbors::{NeighborIndex, Neighbors, Runs};
use crate::steer::seek::arrive;
use crate::steer::sum::{ExactSum, ExactTotal};
use glam::Vec2;

crate::params! {
    /// `[leader.params]`.
    pub struct LeaderParams {
        /// Followers' top speed (original: 3).
        max_speed: f32 = 3.0, 0.5..=20.0, step 0.5, "px/tick", Live;
        /// Cap on the steering force (original: 1.1).
        max_force: f32 = 1.1, 0.1..=10.0, step 0.1, "", Live;
        /// Mass of every agent: the force is divided by it.
        mass: f32 = 1.0, 0.2..=10.0, step 0.1, "", Restart;
        /// The leader arrives at the pointer, a little slower than its followers.
        leader_max_speed: f32 = 2.5, 0.5..=20.0, step 0.5, "px/tick", Live;
        /// The leader's arrival slowing radius.
        leader_slowing_radius: f32 = 200.0, 10.0..=500.0, step 10.0, "px", Live;
        /// Followers gather this far behind the leader (original LEADER_BEHIND_DIST: 100).
        behind_dist: f32 = 100.0, 0.0..=300.0, step 10.0, "px", Live;
        /// Followers this close to the leader or the point ahead of it step aside (original: 60).
        sight_radius: f32 = 60.0, 0.0..=200.0, step 5.0, "px", Live;
        /// Slowing radius of the arrival behind the leader (original: 50).
        arrive_radius: f32 = 50.0, 5.0..=300.0, step 5.0, "px", Live;
        /// Weight of the evade force while in the leader's way (original: 1.8).
        evade_scale: f32 = 1.8, 0.0..=5.0, step 0.1, "", Live;
        /// Followers closer than this push apart (original SEPARATION_RADIUS: 30).
        separation_radius: f32 = 30.0, 1.0..=100.0, step 1.0, "px", Live;
        /// Strength of separation (original MAX_SEPARATION: 2).
        max_separation: f32 = 2.0, 0.0..=20.0, step 0.5, "", Live;
    }
}

crate::variants! {
    /// One lesson.
    pub enum Variant {
        Follow = "follow": "Leader following: arrive behind the leader, keep apart, and get out of its way.",
    }
}

/// Id of the leader; followers come after it. (Its index changes: the
/// runner keeps the crowd in cell order.)
const LEADER: usize = 0;

/// Up to this many followers share the original 800x600 stage; beyond, it
/// grows to keep their density (and each agent's neighbours) as they were.
const FULL_STAGE: usize = 2_000;

/// One follower's decision.
#[derive(Debug, Clone, Copy, Default)]
struct Decision {
    force: Vec2,
    push: Vec2,
    evading: bool,
}

/// A follower's last decision, for its readout.
#[derive(Debug, Clone, Copy, Default)]
struct Followed {
    /// Its distance to the follow point.
    distance: f32,
    /// It stood in the leader's way.
    evading: bool,
}

#[derive(Clone)]
pub struct LeaderScene {
    params: LeaderParams,
    neighbors: Neighbors,
    /// Each follower's separation sum this tick, in memory order.
    pushes: Vec<ExactSum>,
    /// This tick's decisions, by agent index (the leader's unused).
    decisions: Vec<Decision>,
    /// Each agent's last decision, by index (the leader's unused).
    followed: Vec<Followed>,
    /// The follow point behind the leader and the point ahead of it, last tick.
    points: Option<(Vec2, Vec2)>,
    /// The followers' distances to the follow point: last tick's sum, and
    /// the sum over every tick.
    behind_distance: f64,
    behind_distance_sum: f64,
    evading_count: u64,
}

/// The leader arrives at the pointer, at its own top speed.
fn steer_leader(p: &LeaderParams, ctx: &mut Decide, leader: usize, pointer: Vec2) {
    let crowd = ctx.crowd;
    let (pos, vel) = (crowd.positions()[leader], crowd.velocities()[leader]);
    let force = arrive(
        pos,
        vel,
        pointer,
        p.leader_max_speed,
        p.leader_slowing_radius,
    );
    let limits = Limits {
        max_speed: p.leader_max_speed,
        max_force: p.max_force,
    };
    if let Some(o) = ctx.record(leader) {
        o.value("pointer", pointer);
    }
    ctx.set(leader, force, limits);
}

impl LeaderScene {
    /// Where the followers aim (behind the leader) and the sight circles
    /// they evade, on the leader's overlay.
    fn draw_follow_points(&self, o: &mut Overlay, leader: Vec2, sight: f32) {
        if let Some((behind, ahead)) = self.points {
            o.point(Meaning::FollowPoint, behind);
            o.circle(Meaning::Sight, ahead, sight);
            o.circle(Meaning::Sight, leader, sight);
        }
    }

    fn follow(&self) -> FollowParams {
        let p = &self.params;
        FollowParams {
            behind_dist: p.behind_dist,
            sight_radius: p.sight_radius,
            arrive_radius: p.arrive_radius,
            evade_scale: p.evade_scale,
        }
    }
}

mod tour;

/// The leader scene, as data: who it is and how it starts.
pub const SCENE: SceneDecl = SceneDecl {
    name: "leader",
    title: "Leader following",
    seed: 6,
    agents: Knob::agents(
        "Followers (the leader comes on top); past 2,000 the stage grows to keep their density.",
        20,
        MAX_AGENTS,
        10,
    ),
    primary: Some(LeaderParams::behind_dist.knob()),
    roles: &[
        (Look::Leader, "leader"),
        (Look::Plain, "follower"),
    ],
    series: &[
        ("distance behind the leader (px)", "px"),
    ],
    tour: tour::STEPS,
    ..SceneDecl::of::<LeaderScene>()
};

impl Build for LeaderScene {
    type Params = LeaderParams;
    type Variant = Variant;

    fn new(params: &LeaderParams, _variant: Variant, setup: &Setup, spawn: &mut Spawn) -> Self {
        let mut rng = rng(setup.seed);
        spawn.stage *= (setup.agents as f32 / FULL_STAGE as f32).sqrt().max(1.0);
        let stage = spawn.stage;
        spawn.reserve(setup.agents + 1);
        spawn.agent(stage * 0.5, Vec2::ZERO, params.mass, Look::Leader);
        let points: Vec<Vec2> = (0..setup.agents)
            .map(|_| random_point(&mut rng, Vec2::ZERO, stage))
            .collect();
        for k in in_runs(&points, params.separation_radius, Runs::Rows) {
            spawn.agent(points[k], Vec2::ZERO, params.mass, Look::Plain);
        }
        Self {
            params: params.clone(),
            neighbors: Neighbors::new(setup.neighbors, params.separation_radius),
            pushes: Vec::new(),
            decisions: vec![Decision::default(); setup.agents + 1],
            followed: vec![Followed::default(); setup.agents + 1],
            points: None,
            behind_distance: 0.0,
            behind_distance_sum: 0.0,
            evading_count: 0,
        }
    }
}

impl Scene for LeaderScene {
    fn card(&self) -> Card {
        Card {
            idea: "Followers arrive at a point behind the leader and keep apart from each \
                other. One that stands in the leader's way, near the point ahead of it or \
                near the leader, evades the leader to clear the path.",
            formula: &[
                "behind = leader_position - normalize(leader_velocity) * behind_dist",
                "ahead = leader_position + normalize(leader_velocity) * behind_dist",
                "steering = arrive(behind) + separation  // slowing within arrive_radius",
                "// within sight_radius of ahead or the leader: + evade(leader) * evade_scale",
            ],
            code: &[Code("steer::leader::follow_leader", "src/steer/leader.rs")],
        }
    }

    fn role_card(&self, look: Look) -> Option<Card> {
        (look == Look::Leader).then_some(Card {
            idea: "The leader arrives at the pointer, at its own top speed. It follows no one: \
                the followers read its position and velocity to find their point behind it.",
            formula: &["steering = arrive(pointer)  // slowing within leader_slowing_radius"],
            code: &[Code("steer::seek::arrive", "src/steer/seek.rs")],
        })
    }

    fn steer(&mut self, ctx: &mut Decide, input: &Input) {
        let p = &self.params;
        let follow = self.follow();
        let crowd = ctx.crowd;
        let positions = crowd.positions();
        self.neighbors.rebuild(positions);
        let leader = crowd.index_of(LEADER).expect("the leader is spawned first");
        let (leader_pos, leader_vel) = (positions[leader], crowd.velocities()[leader]);
        let s = ctx.vector_scale;
        steer_leader(p, ctx, leader, input.pointer);
        let limits = Limits {
            max_speed: p.max_speed,
            max_force: p.max_force,
        };
        // Separation among the followers, each pair met once, by slot.
        let order = self.neighbors.memory_order();
        let slot_of = |i: usize| order.map_or(i, |order| order.slot(i));
        let apart = Apart {
            radius: p.separation_radius,
            aloof: Some(slot_of(leader)),
        };
        let pushes = &mut self.pushes;
        self.neighbors
            .sum_pairs(positions, p.separation_radius, &apart, pushes);
        // Each follower from its sum, in index order (which the runner keeps
        // close to the grid's).
        let velocities = crowd.velocities();
        let lead = Leader::new(leader_pos, leader_vel, &follow);
        par::for_each_mut(&mut self.decisions, |i, d| {
            if i == leader {
                return;
            }
            let (pos, vel) = (positions[i], velocities[i]);
            let push = separation_from(pushes[slot_of(i)].value(), p.max_separation);
            let f = follow_leader(pos, vel, &lead, p.max_speed, push, &follow);
            *d = Decision {
                force: f.force,
                push,
                evading: f.evading,
            };
        });
        let moving = positions.iter().zip(crowd.velocities()).enumerate();
        // Summed exactly, so in any order.
        let mut behind = ExactTotal::default();
        for (i, (&pos, &vel)) in moving.filter(|&(i, _)| i != leader) {
            let d = self.decisions[i];
            let distance = pos.distance(lead.behind);
            behind.add(distance);
            self.evading_count += u64::from(d.evading);
            self.followed[i] = Followed {
                distance,
                evading: d.evading,
            };
            if let Some(o) = ctx.record(i) {
                o.vector(Meaning::Velocity, pos, vel, s);
                o.vector(Meaning::Steering, pos + vel * s, d.force, s);
                o.vector(Meaning::Separation, pos, d.push, s);
                let own = if d.evading { "arrive + evade" } else { "arrive" };
                o.force(own, d.force - d.push);
                o.value("leader_position", lead.position);
                o.value("leader_velocity", lead.velocity);
                o.value("behind", lead.behind);
                o.value("ahead", lead.ahead);
            }
            ctx.set(i, d.force, limits);
        }
        if crowd.len() > 1 {
            self.points = Some((lead.behind, lead.ahead));
        }
        self.behind_distance = behind.value();
        self.behind_distance_sum += self.behind_distance;
        if let Some(o) = ctx.record(leader) {
            o.vector(Meaning::Velocity, leader_pos, leader_vel, s);
            self.draw_follow_points(o, leader_pos, follow.sight_radius);
        }
    }

    fn scenery(&self, input: &Input, out: &mut Overlay) {
        out.point(Meaning::Target, input.pointer);
    }

    fn metrics(&self, crowd: &Crowd, tick: u64) -> Vec<(&'static str, Metric, Sampling)> {
        let followers = crowd.len() as u64 - 1;
        let samples = (tick * followers).max(1) as f64;
        vec![
            (
                "mean_behind_distance",
                Metric::Float(self.behind_distance_sum / samples),
                Sampling::EveryTick,
            ),
            (
                "evading_share",
                Metric::Float(self.evading_count as f64 / samples),
                Sampling::EveryTick,
            ),
        ]
    }

    /// Mean distance of the followers to the follow point, last tick.
    fn headline(&self, crowd: &Crowd) -> Figures {
        let mean = self.behind_distance / crowd.len().saturating_sub(1).max(1) as f64;
        [("distance behind the leader (px)", mean)].into()
    }

    fn inspect(&self, i: usize, crowd: &Crowd) -> Vec<(&'static str, Reading)> {
        if crowd.id(i) == LEADER {
            return vec![("role", reads("leader"))];
        }
        let f = self.followed[i];
        vec![
            ("role", reads("follower")),
            ("to the follow point", px(f.distance)),
            ("evading", yes_no(f.evading)),
        ]
    }

    fn neighborhood(&self, i: usize, crowd: &Crowd) -> Option<Neighborhood<'_>> {
        let at = crowd.positions()[i];
        Some(Neighborhood::around(at, self.params.separation_radius, &self.neighbors))
    }

    fn retune(&mut self, params: &dyn Params) -> Result<(), WrongScene> {
        let params: &LeaderParams = SCENE.typed(params)?;
        self.params = params.clone();
        Ok(())
    }

    /// The followers' separation cells.
    fn cell_order(&self) -> Option<f32> {
        Some(self.params.separation_radius)
    }
}

#[cfg(test)]
mod tests {
    use crate::sim::scene::Input;
    use crate::testing::scene_with;
    use glam::Vec2;

    #[test]
    fn followers_gather_behind_the_leader_out_of_its_way() {
        let mut run = scene_with("leader", "follow", None);
        // Lead to the right and wait: followers end behind (left of) the leader.
        let right = Input {
            pointer: Vec2::new(700.0, 300.0),
        };
        for _ in 0..1500 {
            run.scene.step(&right);
        }
        let crowd = run.scene.crowd();
        let leader = crowd.index_of(super::LEADER).expect("a leader");
        let at = crowd.positions()[leader];
        let ahead_of_leader = (crowd.positions().iter().enumerate())
            .filter(|&(i, p)| i != leader && p.x > at.x + 60.0)
            .count();
        assert_eq!(
            ahead_of_leader, 0,
            "no follower stands in front of the leader"
        );
        assert_eq!(run.steps(0).nan, 0);
    }

    /// Two agents started on one point part ([`crate::testing`]).
    #[test]
    fn two_agents_on_one_point_part() {
        crate::testing::coincident_agents_part("leader");
    }
}
