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

use super::{Adjustable, Common, Input, Look, Metric, Scene, Setup};
use crate::config::PatrolParams;
use crate::overlay::{Meaning, Overlay};
use crate::steer::Limits;
use crate::steer::path::{PathFollower, PathMode, distance_to_polyline, follow_path};
use glam::Vec2;

pub struct PatrolScene {
    common: Common,
    params: PatrolParams,
    nodes: Vec<Vec2>,
    mode: PathMode,
    radius: f32,
    followers: Vec<PathFollower>,
    forces: Vec<Vec2>,
    max_deviation: f32,
    nodes_reached: u64,
    reversals: u64,
    /// Whether some agent turned back at the first node, and at the last.
    turned_at: [bool; 2],
    visited: Vec<bool>,
}

impl PatrolScene {
    pub fn new(stage: Vec2, params: &PatrolParams, setup: &Setup) -> Self {
        let mode = match setup.variant.as_str() {
            "loop" => PathMode::Loop,
            "once" => PathMode::Once,
            _ => PathMode::Patrol,
        };
        let nodes: Vec<Vec2> = params.nodes.iter().map(|&n| Vec2::from(n)).collect();
        let mut common = Common::new(stage, setup);
        let mut followers = Vec::new();
        // Spread the agents along the path; a once-walk starts all of them at the first node.
        for i in 0..setup.agents {
            let start = if mode == PathMode::Once {
                0
            } else {
                i * nodes.len() / setup.agents.max(1)
            };
            common.push(nodes[start], Vec2::ZERO, params.mass, Look::Plain);
            followers.push(PathFollower::new(start, true));
        }
        Self {
            common,
            params: params.clone(),
            visited: vec![false; nodes.len()],
            nodes,
            mode,
            radius: params.path_radius,
            followers,
            forces: Vec::new(),
            max_deviation: 0.0,
            nodes_reached: 0,
            reversals: 0,
            turned_at: [false; 2],
        }
    }
}

impl Scene for PatrolScene {
    fn common(&self) -> &Common {
        &self.common
    }

    fn common_mut(&mut self) -> &mut Common {
        &mut self.common
    }

    fn step(&mut self, _input: &Input) {
        let p = &self.params;
        let c = &mut self.common;
        c.overlay.clear();
        self.forces.clear();
        for (i, follower) in self.followers.iter_mut().enumerate() {
            let (pos, vel) = (c.crowd.position[i], c.crowd.velocity[i]);
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
            let force = follow_path(
                pos,
                vel,
                &self.nodes,
                follower,
                self.mode,
                p.max_speed,
                p.slowing_radius,
            );
            if c.records(i) {
                let s = c.setup.vector_scale;
                c.overlay.vector(Meaning::Velocity, pos, vel, s);
                c.overlay.vector(Meaning::Steering, pos + vel * s, force, s);
                if let Some(target) = follower.target(&self.nodes) {
                    c.overlay.line(Meaning::Desired, pos, target);
                }
            }
            self.forces.push(force);
        }
        let limits = Limits {
            max_speed: p.max_speed,
            max_force: p.max_force,
        };
        c.integrate_all(&self.forces, |_| limits);
        let closed = self.mode == PathMode::Loop;
        for &at in &c.crowd.position {
            let deviation = distance_to_polyline(at, &self.nodes, closed);
            self.max_deviation = self.max_deviation.max(deviation);
        }
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

    fn metrics(&self) -> Vec<(&'static str, Metric)> {
        let count = |flags: &[bool]| flags.iter().filter(|&&v| v).count() as u64;
        vec![
            ("max_deviation", Metric::Float(self.max_deviation.into())),
            ("nodes_reached", Metric::Int(self.nodes_reached)),
            ("nodes_visited", Metric::Int(count(&self.visited))),
            ("reversals", Metric::Int(self.reversals)),
            ("ends_turned", Metric::Int(count(&self.turned_at))),
            ("path_radius", Metric::Float(self.radius.into())),
        ]
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
