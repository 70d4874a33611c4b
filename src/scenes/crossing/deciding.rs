//! The crossing's two ways of deciding among the neighbors found:
//! predictive avoidance (`predictive`, `hard`) and ORCA (`orca`).

use super::{CrossingScene, Decided};
use crate::steer::orca;
use crate::steer::unaligned::{Mover, avoid_meeting, sidestep_touching, soonest_threat};
use glam::Vec2;

impl CrossingScene {
    /// Predictive avoidance among the neighbors found (`self.scratch`):
    /// sidestep a touching one, else turn from the soonest threat, else seek.
    pub(super) fn predict(
        &mut self,
        me: Mover,
        velocities: &[Vec2],
        toward: Vec2,
        decided: &mut Decided,
    ) -> (&'static str, Vec2) {
        let p = &self.params;
        let r = p.agent_radius;
        self.movers.clear();
        self.movers.extend(self.scratch.iter().map(|n| Mover {
            position: n.position,
            velocity: velocities[n.index as usize],
        }));
        let close = sidestep_touching(me, &self.movers, 2.0 * r);
        if close != Vec2::ZERO {
            ("sidestep", close)
        } else if let Some(t) = soonest_threat(me, &self.movers, p.lead_time, 2.0 * r + p.clearance)
        {
            decided.threat = Some(t);
            let away = avoid_meeting(me, self.movers[t.index], &t);
            ("avoidance", away * p.avoid_weight)
        } else {
            ("seek", toward)
        }
    }

    /// ORCA among the neighbors found (`self.scratch`): the force to the
    /// velocity it chooses; the selected agent's half-planes are kept to draw.
    pub(super) fn orca_force(
        &mut self,
        me: orca::Body,
        velocities: &[Vec2],
        selected: bool,
        decided: &mut Decided,
    ) -> (&'static str, Vec2) {
        let p = &self.params;
        self.bodies.clear();
        self.bodies.extend(self.scratch.iter().map(|n| orca::Body {
            position: n.position,
            velocity: velocities[n.index as usize],
            radius: me.radius,
        }));
        let chosen = orca::new_velocity(
            me,
            self.bodies.iter().copied(),
            decided.preferred,
            p.max_speed,
            p.time_horizon,
            1.0,
            &mut self.orca,
        );
        decided.chosen = chosen;
        if selected {
            self.lines.clear();
            self.lines.extend_from_slice(&self.orca.lines);
        }
        ("to the chosen velocity", (chosen - me.velocity) * p.mass)
    }
}
