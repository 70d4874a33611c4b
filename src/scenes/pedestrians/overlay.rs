//! What the pedestrians draw of their recorded walkers.

use super::{PedestriansScene, Rule, Variant};
use crate::overlay::Meaning;
use crate::sim::scene::Decide;
use crate::steer::avoid::Obstacle;
use crate::steer::truncate;
use glam::Vec2;

/// An avoiding push is drawn this long, in px: an obstacle's, at 600,
/// is far too strong to draw to scale.
const PUSH_LENGTH: f32 = 40.0;

impl PedestriansScene {
    /// The recorded walkers' prediction on the path, the threat they
    /// avoid, and the forces they felt (each one added is recorded once, as
    /// a force or as the avoidance arrow, so they sum to the steering).
    pub(super) fn record(&self, ctx: &mut Decide) {
        let s = ctx.vector_scale;
        let crowd = ctx.crowd;
        for i in ctx.recorded(self.decided.len()) {
            let Some(d) = self.decided[i] else { continue };
            let (pos, vel) = (crowd.positions()[i], crowd.velocities()[i]);
            let Some(o) = ctx.record(i) else { continue };
            let pr = d.projection;
            o.vector(Meaning::Velocity, pos, vel, s);
            // Capped as the move takes it: an obstacle's push of 600
            // would be drawn off the stage.
            let steering = truncate(d.walk + d.force, self.params.max_force);
            o.vector(Meaning::Steering, pos + vel * s, steering, s);
            o.line(Meaning::Future, pos, pr.predicted);
            o.point(Meaning::Future, pr.predicted);
            // The prediction's foot on the road and the point ahead along
            // it, as patrol draws them; seeking it, the desired velocity
            // to scale as every other vector.
            o.line(Meaning::Future, pr.predicted, pr.normal);
            o.point(Meaning::Ahead, pr.target);
            if d.rule == Rule::Path && pr.force != Vec2::ZERO {
                o.vector(Meaning::Desired, pos, pr.force + vel, s);
            }
            o.value("predicted", pr.predicted);
            o.value("normal", pr.normal);
            o.value("target", pr.target);
            o.force("walk", d.walk);
            if d.rule == Rule::Path {
                o.force("path", d.force);
            } else {
                o.value("path", pr.force * self.params.path_weight);
            }
            if self.variant == Variant::Full {
                // The card names both pushes; the one not taken is zero.
                let taken = |yes: bool| if yes { d.force } else { Vec2::ZERO };
                let obstacle = matches!(d.rule, Rule::Obstacle(_));
                let neighbor = matches!(d.rule, Rule::Neighbor(_));
                o.value("obstacle", taken(obstacle));
                o.value("neighbor", taken(neighbor));
            }
            match d.rule {
                Rule::Path => {}
                Rule::Sidestep => o.force("sidestep", d.force),
                Rule::Obstacle(k) => {
                    o.direction(Meaning::Avoidance, pos, d.force, PUSH_LENGTH);
                    if let Obstacle::Circle { center, radius } = self.obstacles[k] {
                        o.circle(Meaning::Threat, center, radius + 3.0);
                    }
                }
                Rule::Neighbor(t) => {
                    o.direction(Meaning::Avoidance, pos, d.force, PUSH_LENGTH);
                    o.line(Meaning::Future, pos, t.ours);
                    o.point(Meaning::Future, t.ours);
                    o.circle(Meaning::Threat, t.theirs, self.params.agent_radius);
                    o.value("time", t.time);
                    o.value("ours", t.ours);
                    o.value("theirs", t.theirs);
                }
            }
        }
    }
}
