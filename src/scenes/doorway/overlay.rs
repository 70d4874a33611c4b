//! What the doorway draws of its agents' decisions: the overlay is data.

use super::DoorwayScene;
use crate::overlay::Meaning;
use crate::sim::scene::Decide;

impl DoorwayScene {
    /// Records, for the recorded agents, the forces decided this tick.
    pub(super) fn record_overlay(&self, ctx: &mut Decide) {
        let unit = self.params.unit_vector_length;
        let radius = self.rules.queue.max_queue_radius;
        let crowd = ctx.crowd;
        for i in ctx.recorded(crowd.len().min(self.decisions.len())) {
            let (d, pos, vel) = (
                &self.decisions[i],
                crowd.positions()[i],
                crowd.velocities()[i],
            );
            let walk = ctx.steering[i].force - d.brake - d.separation;
            let Some(o) = ctx.record(i) else { continue };
            o.direction(Meaning::Velocity, pos, vel, unit);
            o.direction(Meaning::Brake, pos, d.brake, unit);
            // Separation to scale: `unit` px at its cap (most pushes are
            // small, and a full-length arrow each would hide the brake).
            let per = unit / self.rules.separation.max_separation.max(f32::EPSILON);
            o.vector(Meaning::Separation, pos, d.separation, per);
            o.force("walk", walk);
            o.value("door", self.room.target);
            o.value("ahead", d.ahead);
            o.point(Meaning::Ahead, d.ahead);
            o.circle(Meaning::QueueRadius, pos, radius);
            o.circle(Meaning::QueueRadius, d.ahead, radius);
        }
    }
}
