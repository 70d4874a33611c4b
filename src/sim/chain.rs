//! The forces on one agent added tip to tail: how they become one move.
//!
//! Each force the agent felt (its [`Mind`]'s, read from the overlay the
//! scene recorded) starts where the one before it ended, from the agent's
//! position; the chain's end is their sum. The movement manager caps the
//! sum at `max_force`, a circle around the position: what is left inside
//! it is the steering the agent takes. Data only; the window draws it.

use super::mind::Mind;
use crate::steer::{finite_or_zero, truncate};
use glam::Vec2;

/// How many times the reach the `max_force` circle may be drawn.
pub const CAP_ROOM: f32 = 2.5;

/// One force of the chain, drawn from the end of the one before.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Link {
    /// Its label, as the readout names it.
    pub name: &'static str,
    pub from: Vec2,
    pub to: Vec2,
}

/// The forces tip to tail, in world coordinates, all at one scale.
#[derive(Debug, Clone, PartialEq)]
pub struct Chain {
    /// The agent's position: where the chain, the sum and the cap start.
    pub at: Vec2,
    pub links: Vec<Link>,
    /// Where the sum of the forces ends: the last link's end.
    pub sum: Vec2,
    /// Where the sum capped at `max_force` ends: the steering taken.
    pub capped: Vec2,
    /// The `max_force` circle's radius, around `at`.
    pub radius: f32,
    /// World length per unit of force.
    pub scale: f32,
}

/// `forces` chained from `at`, scaled so that the farthest point of the
/// chain or the `max_force` circle lies `reach` from `at`: a push of 600
/// and a cap of 5 fit the same picture. The circle may lie beyond
/// `reach`, up to [`CAP_ROOM`] times it, so that forces well within the
/// cap stay large enough to read (and forces next to nothing stay next
/// to nothing). Forces that are not finite count
/// as zero, and zero forces are left out; with none, or a cap of zero,
/// everything lies at `at` (never NaN).
pub fn tip_to_tail(at: Vec2, forces: &[(&'static str, Vec2)], max_force: f32, reach: f32) -> Chain {
    let forces: Vec<(&'static str, Vec2)> = (forces.iter())
        .map(|&(name, f)| (name, finite_or_zero(f)))
        .filter(|&(_, f)| f != Vec2::ZERO)
        .collect();
    let max_force = if max_force.is_finite() {
        max_force.max(0.0)
    } else {
        0.0
    };
    // The running sums, in force units: the chain's joints.
    let mut joints = Vec::with_capacity(forces.len() + 1);
    let mut sum = Vec2::ZERO;
    joints.push(sum);
    for &(_, f) in &forces {
        sum += f;
        joints.push(sum);
    }
    let far = (joints.iter()).fold(0.0_f32, |far, j| far.max(j.length()));
    // With no force at all, the circle alone: at the reach.
    let extent = if far > 0.0 {
        far.max(max_force / CAP_ROOM)
    } else {
        max_force
    };
    let scale = if extent > 0.0 && extent.is_finite() && reach.is_finite() {
        reach.max(0.0) / extent
    } else {
        0.0
    };
    let to_world = |v: Vec2| at + v * scale;
    let links = (forces.iter().zip(joints.windows(2)))
        .map(|(&(name, _), pair)| Link {
            name,
            from: to_world(pair[0]),
            to: to_world(pair[1]),
        })
        .collect();
    Chain {
        at,
        links,
        sum: to_world(sum),
        capped: to_world(truncate(sum, max_force)),
        radius: max_force * scale,
        scale,
    }
}

impl Chain {
    /// The chain of `mind`'s forces from `at` (where the agent is drawn):
    /// the parts its scene lists, or, where it lists none, the summed
    /// steering as the one link.
    pub fn of(mind: &Mind, at: Vec2, reach: f32) -> Self {
        let parts: Vec<_> = (mind.forces.iter())
            .filter(|(name, _)| *name != "steering")
            .copied()
            .collect();
        let forces = if parts.is_empty() {
            vec![("steering", mind.steering.force)]
        } else {
            parts
        };
        tip_to_tail(at, &forces, mind.limits.max_force, reach)
    }

    /// Whether the cap cut the sum short.
    pub fn capped_short(&self) -> bool {
        self.capped.distance(self.sum) > 1e-4 * self.radius.max(1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const AT: Vec2 = Vec2::new(100.0, 50.0);

    fn forces() -> [(&'static str, Vec2); 3] {
        [
            ("seek", Vec2::new(3.0, 0.0)),
            ("separation", Vec2::new(0.0, 4.0)),
            ("walls", Vec2::new(-1.0, 0.0)),
        ]
    }

    #[test]
    fn the_links_join_tip_to_tail_and_end_at_the_sum() {
        let chain = tip_to_tail(AT, &forces(), 2.0, 60.0);
        assert_eq!(chain.links.len(), 3);
        assert_eq!(chain.links[0].from, AT, "the first starts at the agent");
        for pair in chain.links.windows(2) {
            assert_eq!(pair[1].from, pair[0].to, "each starts at the last's tip");
        }
        assert_eq!(chain.links[2].to, chain.sum, "the chain ends at the sum");
        let sum: Vec2 = forces().iter().map(|&(_, f)| f).sum();
        assert!((chain.sum - AT).abs_diff_eq(sum * chain.scale, 1e-4));
        for (link, (name, f)) in chain.links.iter().zip(forces()) {
            assert_eq!(link.name, name);
            assert!((link.to - link.from).abs_diff_eq(f * chain.scale, 1e-4));
        }
    }

    #[test]
    fn the_steering_taken_is_the_sum_clipped_to_max_force() {
        // The sum (2, 4) is longer than the cap of 2: cut to it, same way.
        let chain = tip_to_tail(AT, &forces(), 2.0, 60.0);
        let taken = (chain.capped - AT) / chain.scale;
        assert!((taken.length() - 2.0).abs() < 1e-4, "{taken}");
        assert!(
            taken
                .normalize()
                .abs_diff_eq(Vec2::new(2.0, 4.0).normalize(), 1e-5)
        );
        assert!((chain.radius - 2.0 * chain.scale).abs() < 1e-4);
        assert!(chain.capped_short());
        // Within the cap, nothing is cut.
        let calm = tip_to_tail(AT, &forces(), 10.0, 60.0);
        assert_eq!(calm.capped, calm.sum);
        assert!(!calm.capped_short());
    }

    #[test]
    fn the_farthest_point_lies_at_reach() {
        // The joints are (3, 0), (3, 4) and (2, 4): (3, 4) is the farthest.
        let chain = tip_to_tail(AT, &forces(), 2.0, 60.0);
        assert!((chain.scale - 60.0 / 5.0).abs() < 1e-5);
        // A cap larger than the chain, within CAP_ROOM times it, is drawn
        // beyond the reach, the chain to the same scale.
        let wide = tip_to_tail(AT, &forces(), 10.0, 60.0);
        assert!((wide.scale - 60.0 / 5.0).abs() < 1e-5);
        assert!((wide.radius - 120.0).abs() < 1e-3);
        // A cap of 100 on a chain 5 long: the circle at CAP_ROOM times
        // the reach, the chain as much smaller.
        let far = tip_to_tail(AT, &forces(), 100.0, 60.0);
        assert!((far.radius - 60.0 * CAP_ROOM).abs() < 1e-3);
        assert!((far.scale - 60.0 * CAP_ROOM / 100.0).abs() < 1e-5);
    }

    #[test]
    fn no_force_or_no_cap_gives_no_nan() {
        let finite = |c: &Chain| {
            c.sum.is_finite() && c.capped.is_finite() && c.radius.is_finite() && c.scale.is_finite()
        };
        let none = tip_to_tail(AT, &[], 2.0, 60.0);
        assert!(none.links.is_empty() && finite(&none));
        assert!(
            (none.radius - 60.0).abs() < 1e-4,
            "the circle alone, at the reach"
        );
        assert_eq!((none.sum, none.capped), (AT, AT));
        let zero = tip_to_tail(AT, &[("seek", Vec2::ZERO)], 0.0, 60.0);
        assert!(zero.links.is_empty() && finite(&zero));
        assert_eq!((zero.sum, zero.capped, zero.radius), (AT, AT, 0.0));
        let broken = [("seek", Vec2::NAN), ("walls", Vec2::new(1.0, 0.0))];
        let chain = tip_to_tail(AT, &broken, f32::NAN, 60.0);
        assert!(finite(&chain) && chain.links.len() == 1, "{chain:?}");
    }
}
