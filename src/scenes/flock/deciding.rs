//! A boid's three forces from what it saw of the flock: one boid at a time
//! ([`decide`], the rules as they read), and four at a time
//! ([`decide_four`]: the same operations lane by lane, so the same bits;
//! four boids' chains of square roots and divisions side by side, where
//! one boid's chain alone leaves the processor waiting on each result).

use super::seeing::Seen;
use super::{FlockParams, Forces, Variant};
use crate::sim::crowd::Agent;
#[cfg(not(target_arch = "wasm32"))]
use {crate::steer::lanes::Lanes, glam::Vec4};
#[cfg(any(test, target_arch = "wasm32"))]
use {
    crate::steer::{
        flock::{alignment, cohesion},
        truncate,
    },
    glam::Vec2,
};

/// A boid's three forces, from what it saw of the flock as it stood at the
/// start of the tick. The web build's, and the reference the desktop's
/// [`decide_four`] is tested against.
#[cfg(any(test, target_arch = "wasm32"))]
pub(super) fn decide(agent: Agent, seen: &Seen, p: &FlockParams, variant: Variant) -> Forces {
    let (pos, vel) = (agent.position, agent.velocity);
    let near = seen.near;
    // Separation as in the doorway (SPEC 7, weighted by closeness), in the
    // units of the other two: a desired change of velocity.
    let push = seen.pushes.value() * p.max_speed;
    // Each rule is capped at max_force before it is weighted (as in
    // Reynolds' boids and The Nature of Code), so the weights, not the
    // distances, decide which rule wins: 1.5 separation beats 1.0 cohesion.
    let rule = |force: Vec2, weight: f32| truncate(force, p.max_force) * weight;
    Forces {
        neighbours: near.count,
        separation: rule(push, p.separation_weight),
        alignment: match variant {
            Variant::Separation => Vec2::ZERO,
            _ => rule(alignment(vel, &near, p.max_speed), p.alignment_weight),
        },
        cohesion: match variant {
            Variant::Flock => rule(cohesion(pos, vel, &near, p.max_speed), p.cohesion_weight),
            _ => Vec2::ZERO,
        },
    }
}

/// [`decide`] for up to four boids (`agents[l]` saw `seen[l]`); lanes
/// beyond them are left at their defaults. On the desktop four at a time
/// ([`in_lanes`]); on the web one at a time: its crowds are small, and its
/// download counts.
pub(super) fn decide_four(
    agents: &[Agent],
    seen: &[Seen; 4],
    p: &FlockParams,
    variant: Variant,
) -> [Forces; 4] {
    #[cfg(not(target_arch = "wasm32"))]
    return in_lanes(agents, seen, p, variant);
    #[cfg(target_arch = "wasm32")]
    {
        let mut forces = [Forces::default(); 4];
        for ((f, &agent), seen) in forces.iter_mut().zip(agents).zip(seen) {
            *f = decide(agent, seen, p, variant);
        }
        forces
    }
}

/// [`decide`] for up to four boids, lane by lane the same operations in
/// the same order: the same bits. Lanes beyond the boids work on zeros and
/// are left at their defaults.
#[cfg(not(target_arch = "wasm32"))]
fn in_lanes(agents: &[Agent], seen: &[Seen; 4], p: &FlockParams, variant: Variant) -> [Forces; 4] {
    let lanes = agents.len().min(4);
    let mut position = Lanes::ZERO;
    let mut velocity = Lanes::ZERO;
    let mut push = Lanes::ZERO;
    let mut heading_sum = Lanes::ZERO;
    let mut offset_sum = Lanes::ZERO;
    let mut count = [0.0; 4];
    for l in 0..lanes {
        let near = &seen[l].near;
        position.set(l, agents[l].position);
        velocity.set(l, agents[l].velocity);
        push.set(l, seen[l].pushes.value());
        heading_sum.set(l, near.velocity_sum.value());
        offset_sum.set(l, near.offset_sum.value());
        count[l] = near.count as f32;
    }
    let count = Vec4::from_array(count);
    let seen_any = count.cmpgt(Vec4::ZERO);
    let rule = |force: Lanes, weight: f32| force.truncate(p.max_force).scale(weight);
    let separation = rule(push.scale(p.max_speed), p.separation_weight);
    let alignment = match variant {
        Variant::Separation => Lanes::ZERO,
        _ => {
            // steer::flock::alignment: no neighbours, or headings that
            // cancel out, give zero.
            let heading = heading_sum.normalize_or_zero();
            let turned = heading.x.cmpne(Vec4::ZERO) | heading.y.cmpne(Vec4::ZERO);
            let force = heading.scale(p.max_speed).minus(velocity);
            rule(force.or_zero(seen_any & turned), p.alignment_weight)
        }
    };
    let cohesion = match variant {
        Variant::Flock => {
            // steer::flock::cohesion: seek the neighbours' mean position.
            let centre = position.plus(offset_sum.divided(count));
            let desired = centre.minus(position).normalize_or_zero();
            let force = desired.scale(p.max_speed).minus(velocity);
            rule(force.or_zero(seen_any), p.cohesion_weight)
        }
        _ => Lanes::ZERO,
    };
    let mut forces = [Forces::default(); 4];
    for (l, f) in forces.iter_mut().enumerate().take(lanes) {
        *f = Forces {
            neighbours: seen[l].near.count,
            separation: separation.get(l),
            alignment: alignment.get(l),
            cohesion: cohesion.get(l),
        };
    }
    forces
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::steer::sum::ExactSum;
    use proptest::prelude::*;

    fn v() -> impl Strategy<Value = Vec2> {
        let c = prop_oneof![
            -50.0f32..50.0,
            -1e-3f32..1e-3,
            Just(0.0),
            Just(-0.0),
            -1e6f32..1e6
        ];
        (c.clone(), c).prop_map(|(x, y)| Vec2::new(x, y))
    }

    fn boid() -> impl Strategy<Value = (Agent, Seen)> {
        (v(), v(), v(), v(), v(), 0u32..40).prop_map(|(pos, vel, push, heading, offset, n)| {
            let mut seen = Seen::default();
            seen.pushes.merge(ExactSum::of(push));
            seen.near.count = n;
            seen.near.velocity_sum.merge(ExactSum::of(heading));
            seen.near.offset_sum.merge(ExactSum::of(offset));
            let agent = Agent {
                index: 0,
                position: pos,
                velocity: vel,
            };
            (agent, seen)
        })
    }

    proptest! {
        /// Four at a time gives, bit for bit, what one at a time gives:
        /// every variant, one to four boids, none or many neighbours,
        /// headings that cancel, huge and tiny sums.
        #[test]
        fn four_at_a_time_as_one_at_a_time(
            boids in prop::collection::vec(boid(), 1..=4),
            variant in prop_oneof![Just(Variant::Separation), Just(Variant::Alignment), Just(Variant::Flock)],
            max_force in prop_oneof![0.01f32..2.0, Just(0.1)],
        ) {
            let p = FlockParams { max_force, ..FlockParams::default() };
            let agents: Vec<Agent> = boids.iter().map(|b| b.0).collect();
            let mut seen = [Seen::default(); 4];
            for (s, b) in seen.iter_mut().zip(&boids) {
                *s = b.1;
            }
            let four = decide_four(&agents, &seen, &p, variant);
            let bits = |v: Vec2| v.to_array().map(f32::to_bits);
            for (l, (agent, seen)) in boids.iter().enumerate() {
                let one = decide(*agent, seen, &p, variant);
                prop_assert_eq!(bits(four[l].separation), bits(one.separation));
                prop_assert_eq!(bits(four[l].alignment), bits(one.alignment));
                prop_assert_eq!(bits(four[l].cohesion), bits(one.cohesion));
                prop_assert_eq!(four[l].neighbours, one.neighbours);
            }
        }
    }
}
