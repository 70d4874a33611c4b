//! What the crossing draws of its recorded agents.

use super::{CrossingScene, Variant};
use crate::overlay::Meaning;
use crate::sim::scene::Decide;

impl CrossingScene {
    /// The recorded agents' wish and, by variant, the predicted closest
    /// approach or the ORCA half-planes.
    pub(super) fn record(&self, ctx: &mut Decide) {
        let s = ctx.vector_scale;
        let crowd = ctx.crowd;
        let selected = ctx.selected;
        for i in ctx.recorded(self.walkers.decided.len()) {
            let (d, pos, vel) = (&self.walkers.decided[i], crowd.positions()[i], crowd.velocities()[i]);
            let Some(o) = ctx.record(i) else { continue };
            o.vector(Meaning::Velocity, pos, vel, s);
            o.value("goal", self.goal(i));
            o.force(d.force.0, d.force.1);
            match self.variant {
                Variant::Separation => o.vector(Meaning::Separation, pos, d.separation, s),
                Variant::Predictive | Variant::Hard => {
                    if let Some(t) = d.threat {
                        o.line(Meaning::Future, pos, t.ours);
                        o.point(Meaning::Future, t.ours);
                        o.circle(Meaning::Threat, t.theirs, self.radius());
                        o.value("time", t.time);
                        o.value("ours", t.ours);
                        o.value("theirs", t.theirs);
                    }
                }
                Variant::Orca => {
                    o.vector(Meaning::Desired, pos, d.preferred, s);
                    o.value("preferred", d.preferred);
                    o.value("chosen", d.chosen);
                    if selected == Some(i) {
                        // Each half-plane's border, in velocity space drawn
                        // around the agent at the overlay's scale.
                        for line in &self.walkers.lines {
                            let along = line.direction * (1.5 * self.params.max_speed);
                            let at = pos + line.point * s;
                            o.line(Meaning::HalfPlane, at - along * s, at + along * s);
                        }
                    }
                }
            }
        }
    }
}
