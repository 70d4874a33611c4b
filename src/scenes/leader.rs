//! Leader following (series part 8; SPEC section 8).
//!
//! The leader (blue) arrives at the pointer; followers arrive at a point
//! behind it, keep apart with separation, and get out of its way when they
//! stand in front of it (within the sight radius of the point ahead of it,
//! or of the leader itself).
//!
//! Controls: move the mouse to lead; a click shows the follow point, the
//! leader's sight circle and each follower's forces.

use super::{Common, Input, Look, Metric, Scene, Setup, random_point, rng};
use crate::config::LeaderParams;
use crate::overlay::{Meaning, Overlay};
use crate::steer::Limits;
use crate::steer::group::{self, SeparationParams, follow_leader, separation};
use crate::steer::neighbors::{NeighborIndex, Neighbors};
use crate::steer::seek::arrive;
use glam::Vec2;

/// Index of the leader in the crowd; followers come after it.
const LEADER: usize = 0;

pub struct LeaderScene {
    common: Common,
    params: LeaderParams,
    follow: group::LeaderParams,
    separation: SeparationParams,
    neighbors: Neighbors,
    forces: Vec<Vec2>,
    scratch: Vec<u32>,
    behind_distance_sum: f64,
    evading_count: u64,
}

impl LeaderScene {
    pub fn new(stage: Vec2, params: &LeaderParams, setup: &Setup) -> Self {
        let mut rng = rng(setup.seed);
        let mut common = Common::new(stage, setup);
        common.push(stage * 0.5, Vec2::ZERO, params.mass, Look::Leader);
        for _ in 0..setup.agents {
            let at = random_point(&mut rng, Vec2::ZERO, stage);
            common.push(at, Vec2::ZERO, params.mass, Look::Plain);
        }
        Self {
            common,
            follow: group::LeaderParams {
                behind_dist: params.behind_dist,
                sight_radius: params.sight_radius,
                arrive_radius: params.arrive_radius,
                evade_scale: params.evade_scale,
            },
            separation: SeparationParams {
                radius: params.separation_radius,
                max_separation: params.max_separation,
            },
            params: params.clone(),
            neighbors: Neighbors::new(setup.neighbors, params.separation_radius),
            forces: Vec::new(),
            scratch: Vec::new(),
            behind_distance_sum: 0.0,
            evading_count: 0,
        }
    }
}

impl Scene for LeaderScene {
    fn common(&self) -> &Common {
        &self.common
    }

    fn common_mut(&mut self) -> &mut Common {
        &mut self.common
    }

    fn step(&mut self, input: &Input) {
        let p = &self.params;
        let c = &mut self.common;
        c.overlay.clear();
        self.neighbors.rebuild(&c.crowd.position);
        let positions = &c.crowd.position;
        let (leader_pos, leader_vel) = (positions[LEADER], c.crowd.velocity[LEADER]);
        let s = c.setup.vector_scale;
        self.forces.clear();
        self.forces.push(arrive(
            leader_pos,
            leader_vel,
            input.pointer,
            p.leader_max_speed,
            p.leader_slowing_radius,
        ));
        if c.recording {
            c.overlay
                .vector(Meaning::Velocity, leader_pos, leader_vel, s);
        }
        for i in 1..c.crowd.len() {
            let (pos, vel) = (positions[i], c.crowd.velocity[i]);
            self.neighbors
                .within(positions, pos, self.separation.radius, &mut self.scratch);
            let others = self
                .scratch
                .iter()
                .map(|&j| j as usize)
                .filter(|&j| j != i && j != LEADER);
            let push = separation(pos, others.map(|j| positions[j]), &self.separation);
            let f = follow_leader(
                pos,
                vel,
                leader_pos,
                leader_vel,
                p.max_speed,
                push,
                &self.follow,
            );
            self.behind_distance_sum += f64::from(pos.distance(f.behind));
            self.evading_count += u64::from(f.evading);
            // Agent 0 is the leader, so agent i is the i-th follower.
            if c.records(i - 1) {
                c.overlay.vector(Meaning::Velocity, pos, vel, s);
                c.overlay
                    .vector(Meaning::Steering, pos + vel * s, f.force, s);
                c.overlay.vector(Meaning::Separation, pos, push, s);
                if i == 1 {
                    c.overlay.point(Meaning::FollowPoint, f.behind);
                    c.overlay
                        .circle(Meaning::Sight, f.ahead, self.follow.sight_radius);
                    c.overlay
                        .circle(Meaning::Sight, leader_pos, self.follow.sight_radius);
                }
            }
            self.forces.push(f.force);
        }
        let limits = |i| Limits {
            max_speed: if i == LEADER {
                p.leader_max_speed
            } else {
                p.max_speed
            },
            max_force: p.max_force,
        };
        c.integrate_all(&self.forces, limits);
    }

    fn scenery(&self, input: &Input, out: &mut Overlay) {
        out.point(Meaning::Target, input.pointer);
    }

    fn metrics(&self) -> Vec<(&'static str, Metric)> {
        let followers = self.common.crowd.len() as u64 - 1;
        let samples = (self.common.tick * followers).max(1) as f64;
        vec![
            (
                "mean_behind_distance",
                Metric::Float(self.behind_distance_sum / samples),
            ),
            (
                "evading_share",
                Metric::Float(self.evading_count as f64 / samples),
            ),
        ]
    }
}

#[cfg(test)]
mod tests {
    use crate::scenes::Input;
    use crate::scenes::testing::scene_with;
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
        let leader = crowd.position[0];
        let ahead_of_leader = crowd.position[1..]
            .iter()
            .filter(|p| p.x > leader.x + 60.0)
            .count();
        assert_eq!(
            ahead_of_leader, 0,
            "no follower stands in front of the leader"
        );
        assert_eq!(run.steps(0).nan, 0);
    }
}
