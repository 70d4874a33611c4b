//! Path following with a radius, and patrol (SPEC section 5).
//!
//! Agents seek the current node of a polyline path and move on to the next
//! one once within the path radius of it. The radius is the road's width:
//! the larger it is, the more the agents cut the corners. Patrol turns back
//! at either end; loop joins the last node to the first; once stops on the
//! last node with arrival.
//!
//! Controls: + and - widen and narrow the path radius live; V cycles patrol /
//! loop / once; a click shows velocity, steering and the node being sought.

use super::{Adjustable, Crowd, Input, Look, Metric, Scene, Setup, Stats};
use crate::config::PatrolParams;
use crate::overlay::{Meaning, Overlay};
use crate::steer::path::{PathFollower, PathMode, distance_to_polyline, follow_path};
use crate::steer::{Limits, Steering, integrate};
use glam::Vec2;

pub struct PatrolScene {
    stage: Vec2,
    params: PatrolParams,
    nodes: Vec<Vec2>,
    mode: PathMode,
    radius: f32,
    crowd: Crowd,
    looks: Vec<Look>,
    followers: Vec<PathFollower>,
    tick: u64,
    stats: Stats,
    max_deviation: f32,
    nodes_reached: u64,
    reversals: u64,
    /// Whether some agent turned back at the first node, and at the last.
    turned_at: [bool; 2],
    visited: Vec<bool>,
    recording: bool,
    overlay: Overlay,
    setup: Setup,
}

impl PatrolScene {
    pub fn new(stage: Vec2, params: &PatrolParams, setup: &Setup) -> Self {
        let mode = match setup.variant.as_str() {
            "loop" => PathMode::Loop,
            "once" => PathMode::Once,
            _ => PathMode::Patrol,
        };
        let nodes: Vec<Vec2> = params.nodes.iter().map(|&n| Vec2::from(n)).collect();
        let mut crowd = Crowd::default();
        let mut followers = Vec::new();
        // Spread the agents along the path; a once-walk starts all of them at the first node.
        for i in 0..setup.agents {
            let start = if mode == PathMode::Once {
                0
            } else {
                i * nodes.len() / setup.agents.max(1)
            };
            crowd.push(nodes[start], Vec2::ZERO, params.mass);
            followers.push(PathFollower::new(start, true));
        }
        Self {
            stage,
            params: params.clone(),
            visited: vec![false; nodes.len()],
            nodes,
            mode,
            radius: params.path_radius,
            looks: vec![Look::Plain; crowd.len()],
            crowd,
            followers,
            tick: 0,
            stats: Stats::default(),
            max_deviation: 0.0,
            nodes_reached: 0,
            reversals: 0,
            turned_at: [false; 2],
            recording: false,
            overlay: Overlay::default(),
            setup: setup.clone(),
        }
    }
}

impl Scene for PatrolScene {
    fn step(&mut self, _input: &Input) {
        self.overlay.clear();
        let p = &self.params;
        let limits = Limits {
            max_speed: p.max_speed,
            max_force: p.max_force,
        };
        let closed = self.mode == PathMode::Loop;
        let mut max_force: f32 = 0.0;
        for i in 0..self.crowd.len() {
            let pos = self.crowd.position[i];
            let follower = &mut self.followers[i];
            let sought = follower.current;
            let event = follower.advance(&self.nodes, pos, self.radius, self.mode);
            if event.reached {
                self.nodes_reached += 1;
                self.visited[sought] = true;
            }
            if event.reversed {
                self.reversals += 1;
                // Turned back at the last node if now walking toward the first.
                self.turned_at[usize::from(!follower.forward)] = true;
            }
            let vel = self.crowd.velocity[i];
            let force = follow_path(
                pos,
                vel,
                &self.nodes,
                follower,
                self.mode,
                p.max_speed,
                p.slowing_radius,
            );
            if self.recording && i < self.setup.overlay_max_agents {
                let s = self.setup.vector_scale;
                self.overlay.vector(Meaning::Velocity, pos, vel, s);
                self.overlay
                    .vector(Meaning::Steering, pos + vel * s, force, s);
                if let Some(target) = follower.target(&self.nodes) {
                    self.overlay.line(Meaning::Desired, pos, target);
                }
            }
            let c = &mut self.crowd;
            let applied = integrate(
                &mut c.position[i],
                &mut c.velocity[i],
                c.mass[i],
                limits,
                Steering::force(force),
            );
            max_force = max_force.max(applied.length());
            let deviation = distance_to_polyline(c.position[i], &self.nodes, closed);
            self.max_deviation = self.max_deviation.max(deviation);
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
            out.circle(Meaning::PathRadius, node, self.radius);
            out.point(Meaning::PathNode, node);
        }
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
        vec![
            ("max_deviation", Metric::Float(self.max_deviation.into())),
            ("nodes_reached", Metric::Int(self.nodes_reached)),
            (
                "nodes_visited",
                Metric::Int(self.visited.iter().filter(|&&v| v).count() as u64),
            ),
            ("reversals", Metric::Int(self.reversals)),
            (
                "ends_turned",
                Metric::Int(self.turned_at.iter().filter(|&&t| t).count() as u64),
            ),
            ("path_radius", Metric::Float(self.radius.into())),
        ]
    }

    fn stage(&self) -> Vec2 {
        self.stage
    }

    fn path_radius(&self) -> Option<Adjustable> {
        Some(Adjustable {
            value: self.radius,
            min: self.params.path_radius_min,
            max: self.params.path_radius_max,
            step: self.params.path_radius_step,
        })
    }

    fn set_path_radius(&mut self, radius: f32) {
        if radius.is_finite() {
            self.radius = radius.clamp(self.params.path_radius_min, self.params.path_radius_max);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::scenes::testing::scene_with;

    /// How far an agent may stray beyond the radius: at full speed its
    /// tightest turn has radius v^2 / a (a = max_force / mass), and turning
    /// back at an end sweeps out that turn's diameter.
    fn margin() -> f64 {
        let (v, a) = (3.0, 1.1);
        2.0 * v * v / a
    }

    #[test]
    fn patrol_visits_every_node_turns_back_and_stays_on_the_road() {
        for radius in [5.0f32, 20.0, 60.0] {
            let mut run = scene_with("patrol", "patrol", None);
            run.scene.set_path_radius(radius);
            let m = run.steps(5000);
            assert_eq!(m.int("nodes_visited"), Some(5), "radius {radius}");
            assert!(
                m.int("reversals").unwrap() >= 2 * 3,
                "agents keep turning back"
            );
            assert_eq!(
                m.int("ends_turned"),
                Some(2),
                "agents turn back at both ends"
            );
            let limit = f64::from(radius) + margin();
            let dev = m.float("max_deviation");
            assert!(dev <= limit, "radius {radius}: strayed {dev} > {limit}");
            assert_eq!(m.nan, 0);
        }
    }

    #[test]
    fn a_wider_road_cuts_corners_more() {
        let deviation = |radius| {
            let mut run = scene_with("patrol", "loop", None);
            run.scene.set_path_radius(radius);
            run.steps(3000).float("max_deviation")
        };
        assert!(deviation(80.0) > deviation(10.0));
    }

    #[test]
    fn once_stops_on_the_last_node() {
        let mut run = scene_with("patrol", "once", None);
        run.steps(5000);
        let last = glam::Vec2::new(700.0, 480.0);
        for (p, v) in run
            .scene
            .crowd()
            .position
            .iter()
            .zip(&run.scene.crowd().velocity)
        {
            assert!(p.distance(last) < 25.0, "stopped at {p}");
            assert!(v.length() < 0.05, "still moving at {v}");
        }
        assert_eq!(run.steps(0).int("reversals"), Some(0));
    }

    #[test]
    fn path_radius_is_clamped_to_its_range() {
        let mut run = scene_with("patrol", "patrol", None);
        run.scene.set_path_radius(1.0e6);
        assert_eq!(run.scene.path_radius().unwrap().value, 120.0);
        run.scene.set_path_radius(f32::NAN);
        assert_eq!(run.scene.path_radius().unwrap().value, 120.0);
        run.scene.set_path_radius(-3.0);
        assert_eq!(run.scene.path_radius().unwrap().value, 5.0);
    }
}
