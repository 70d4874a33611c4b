//! Leader following (series part 8; SPEC section 8).
//!
//! The leader (blue) arrives at the pointer; followers arrive at a point
//! behind it, keep apart with separation, and get out of its way when they
//! stand in front of it (within the sight radius of the point ahead of it,
//! or of the leader itself).
//!
//! Controls: move the mouse to lead; a click shows the follow point, the
//! leader's sight circle and each follower's forces.

use super::{Crowd, Input, Look, Metric, Scene, Setup, Stats, random_point, rng};
use crate::config::LeaderParams;
use crate::overlay::{Meaning, Overlay};
use crate::steer::group::{self, SeparationParams, follow_leader, separation};
use crate::steer::neighbors::{NeighborIndex, Neighbors};
use crate::steer::seek::arrive;
use crate::steer::{Limits, Steering, integrate};
use glam::Vec2;

/// Index of the leader in the crowd; followers come after it.
const LEADER: usize = 0;

pub struct LeaderScene {
    stage: Vec2,
    params: LeaderParams,
    follow: group::LeaderParams,
    separation: SeparationParams,
    crowd: Crowd,
    looks: Vec<Look>,
    neighbors: Neighbors,
    forces: Vec<Vec2>,
    scratch: Vec<u32>,
    tick: u64,
    stats: Stats,
    behind_distance_sum: f64,
    evading_count: u64,
    recording: bool,
    overlay: Overlay,
    setup: Setup,
}

impl LeaderScene {
    pub fn new(stage: Vec2, params: &LeaderParams, setup: &Setup) -> Self {
        let mut rng = rng(setup.seed);
        let mut crowd = Crowd::default();
        crowd.push(stage * 0.5, Vec2::ZERO, params.mass);
        let mut looks = vec![Look::Leader];
        for _ in 0..setup.agents {
            crowd.push(
                random_point(&mut rng, Vec2::ZERO, stage),
                Vec2::ZERO,
                params.mass,
            );
            looks.push(Look::Plain);
        }
        Self {
            stage,
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
            crowd,
            looks,
            neighbors: Neighbors::new(setup.neighbors, params.separation_radius),
            forces: Vec::new(),
            scratch: Vec::new(),
            tick: 0,
            stats: Stats::default(),
            behind_distance_sum: 0.0,
            evading_count: 0,
            recording: false,
            overlay: Overlay::default(),
            setup: setup.clone(),
        }
    }
}

impl Scene for LeaderScene {
    fn step(&mut self, input: &Input) {
        self.overlay.clear();
        self.neighbors.rebuild(&self.crowd.position);
        let p = &self.params;
        let positions = &self.crowd.position;
        let (leader_pos, leader_vel) = (positions[LEADER], self.crowd.velocity[LEADER]);
        self.forces.clear();
        self.forces.push(arrive(
            leader_pos,
            leader_vel,
            input.pointer,
            p.leader_max_speed,
            p.leader_slowing_radius,
        ));
        let s = self.setup.vector_scale;
        for i in 1..self.crowd.len() {
            let (pos, vel) = (positions[i], self.crowd.velocity[i]);
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
            if self.recording && i <= self.setup.overlay_max_agents {
                self.overlay.vector(Meaning::Velocity, pos, vel, s);
                self.overlay
                    .vector(Meaning::Steering, pos + vel * s, f.force, s);
                self.overlay.vector(Meaning::Separation, pos, push, s);
                if i == 1 {
                    self.overlay.point(Meaning::FollowPoint, f.behind);
                    self.overlay
                        .circle(Meaning::Sight, f.ahead, self.follow.sight_radius);
                    self.overlay
                        .circle(Meaning::Sight, leader_pos, self.follow.sight_radius);
                }
            }
            self.forces.push(f.force);
        }
        if self.recording {
            self.overlay
                .vector(Meaning::Velocity, leader_pos, leader_vel, s);
        }
        let mut max_force: f32 = 0.0;
        let c = &mut self.crowd;
        for (i, &force) in self.forces.iter().enumerate() {
            let max_speed = if i == LEADER {
                p.leader_max_speed
            } else {
                p.max_speed
            };
            let limits = Limits {
                max_speed,
                max_force: p.max_force,
            };
            let applied = integrate(
                &mut c.position[i],
                &mut c.velocity[i],
                c.mass[i],
                limits,
                Steering::force(force),
            );
            max_force = max_force.max(applied.length());
        }
        self.tick += 1;
        self.stats.observe(&self.crowd, max_force);
    }

    fn tick(&self) -> u64 {
        self.tick
    }

    fn crowd(&self) -> &Crowd {
        &self.crowd
    }

    fn looks(&self) -> &[Look] {
        &self.looks
    }

    fn scenery(&self, input: &Input, out: &mut Overlay) {
        out.point(Meaning::Target, input.pointer);
    }

    fn set_recording(&mut self, on: bool) {
        self.recording = on;
    }

    fn overlay(&self) -> &Overlay {
        &self.overlay
    }

    fn stats(&self) -> &Stats {
        &self.stats
    }

    fn metrics(&self) -> Vec<(&'static str, Metric)> {
        let samples = (self.tick * (self.crowd.len() as u64 - 1)).max(1) as f64;
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

    fn stage(&self) -> Vec2 {
        self.stage
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
