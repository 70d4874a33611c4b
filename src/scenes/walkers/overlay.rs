//! What a walkers' scene draws of its recorded agents, and the selected
//! one's readout.

use super::{Rule, Rules, Walkers};
use crate::overlay::Meaning;
use crate::sim::crowd::Crowd;
use crate::sim::reading::{Reading, reads, value};
use crate::sim::scene::Decide;
use glam::Vec2;

impl Walkers {
    /// The recorded walkers' wish and, by rule, the predicted closest
    /// approach or (the selected one's) ORCA half-planes.
    pub(crate) fn record(&self, ctx: &mut Decide, goals: &[Vec2], rules: &Rules) {
        let s = ctx.vector_scale;
        let crowd = ctx.crowd;
        let selected = ctx.selected;
        for (i, d) in self.kept.iter().map(|&(i, d)| (i, d)) {
            let (pos, vel) = (crowd.positions()[i], crowd.velocities()[i]);
            let Some(o) = ctx.record(i) else { continue };
            o.vector(Meaning::Velocity, pos, vel, s);
            o.value("goal", goals[i]);
            o.force(d.force.0, d.force.1);
            match rules.rule {
                Rule::Separation => o.vector(Meaning::Separation, pos, d.separation, s),
                Rule::Predictive | Rule::Hard => {
                    if let Some(t) = d.threat {
                        o.line(Meaning::Future, pos, t.ours);
                        o.point(Meaning::Future, t.ours);
                        o.circle(Meaning::Threat, t.theirs, rules.radius);
                        o.value("time", t.time);
                        o.value("ours", t.ours);
                        o.value("theirs", t.theirs);
                    }
                }
                Rule::Orca => {
                    o.vector(Meaning::Desired, pos, d.preferred, s);
                    o.value("preferred", d.preferred);
                    o.value("chosen", d.chosen);
                    if selected == Some(i) {
                        // Each half-plane's border, in velocity space drawn
                        // around the agent at the overlay's scale.
                        for line in &self.lines {
                            let along = line.direction * (1.5 * rules.max_speed);
                            let at = pos + line.point * s;
                            o.line(Meaning::HalfPlane, at - along * s, at + along * s);
                        }
                    }
                }
            }
        }
    }

    /// Walker `i`'s readout: its speed over the preferred one and, by
    /// rule, its threat or its half-planes.
    pub(crate) fn inspect(
        &self,
        i: usize,
        crowd: &Crowd,
        rules: &Rules,
    ) -> Vec<(&'static str, Reading)> {
        let d = &self.decided(i);
        let speed = crowd.velocities()[i].length() / rules.max_speed;
        let mut lines = vec![("speed / preferred", value(format_args!("{speed:.2}")))];
        match rules.rule {
            Rule::Predictive | Rule::Hard => lines.push((
                "threat",
                d.threat.map_or(reads("none"), |t| {
                    reads("in {t} ticks").with("t", format_args!("{:.0}", t.time))
                }),
            )),
            Rule::Orca => lines.push(("half-planes", value(self.lines.len()))),
            Rule::Separation => {}
        }
        lines
    }
}
