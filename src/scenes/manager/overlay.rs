//! What the manager draws of its recorded agents: their feelers, and the
//! share of the force each behaviour got.

use super::{ManagerScene, ORDER, Variant};
use crate::overlay::Meaning;
use crate::sim::scene::Decide;
use glam::Vec2;

impl ManagerScene {
    /// The recorded agents' feelers and what each behaviour got of their
    /// steering (the card's numbers are the weighted forces before).
    pub(super) fn record(&self, ctx: &mut Decide) {
        let s = ctx.vector_scale;
        let crowd = ctx.crowd;
        let meanings = [
            Meaning::WallPush,
            Meaning::Avoidance,
            Meaning::Separation,
            Meaning::WanderForce,
        ];
        for i in ctx.recorded(self.felt.len()) {
            let (f, pos, vel) = (&self.felt[i], crowd.positions()[i], crowd.velocities()[i]);
            let Some(o) = ctx.record(i) else { continue };
            o.vector(Meaning::Velocity, pos, vel, s);
            for tip in f.tips {
                o.line(Meaning::Ahead, pos, tip);
            }
            o.value("ahead", f.tips[0]);
            for (k, &name) in ORDER.iter().enumerate() {
                o.value(name, f.terms[k]);
                o.direction(meanings[k], pos, f.shares[k], SHARE_LENGTH);
            }
            if self.variant == Variant::Dither {
                let chosen = f.shares.iter().copied().find(|&v| v != Vec2::ZERO);
                o.value("chosen", chosen.map_or(Vec2::ZERO, |v| v * f.chance));
                o.value("chance", f.chance);
            }
        }
    }
}

/// Each behaviour's share is drawn this long, in px, whatever its size:
/// the walls' can be a hundred times the wander's.
const SHARE_LENGTH: f32 = 30.0;

