//! A boid's three forces from what it saw of the flock, decided four
//! boids at a time: the rules of [`crate::steer::flock`], written once
//! over [`Vector`], run on
//! [`Lanes`] (one boid's rules, side by side; the same bits).

use super::seeing::Seen;
use super::{FlockParams, Forces, Variant};
use crate::sim::crowd::Agent;
use crate::steer::flock::{alignment, cohesion};
use crate::steer::flock::separation_from;
use crate::steer::lanes::{Lanes, Vector};
use crate::steer::truncate;
use glam::{Vec2, Vec4};

/// The three weighted forces of a boid (or four), from its position,
/// velocity and what it saw: the sum of its separation pushes, of its
/// neighbours' velocities and of their offsets, and their count.
#[allow(clippy::too_many_arguments)]
fn rules<V: Vector>(
    position: V,
    velocity: V,
    pushes: V,
    velocity_sum: V,
    offset_sum: V,
    count: V::Real,
    p: &FlockParams,
    variant: Variant,
) -> [V; 3] {
    // Each rule is capped at max_force before it is weighted (as in
    // Reynolds' boids and The Nature of Code), so the weights, not the
    // distances, decide which rule wins: 1.5 separation beats 1.0 cohesion.
    let rule = |force: V, weight: f32| truncate(force, p.max_force) * weight;
    // Separation in the units of the other two: a desired change of
    // velocity, at most max_speed per neighbour at the edge of contact.
    let separation = rule(separation_from(pushes, p.max_speed), p.separation_weight);
    let alignment = match variant {
        Variant::Separation => V::ZERO,
        _ => rule(
            alignment(velocity, velocity_sum, count, p.max_speed),
            p.alignment_weight,
        ),
    };
    let cohesion = match variant {
        Variant::Flock => rule(
            cohesion(position, velocity, offset_sum, count, p.max_speed),
            p.cohesion_weight,
        ),
        _ => V::ZERO,
    };
    [separation, alignment, cohesion]
}

/// The forces of up to four boids (`agents[l]` saw `seen[l]`), side by
/// side; lanes beyond them work on zeros and are left at their defaults.
pub(super) fn decide_four(
    agents: &[Agent],
    seen: &[Seen; 4],
    p: &FlockParams,
    variant: Variant,
) -> [Forces; 4] {
    let boids = agents.len().min(4);
    let lanes = |f: &dyn Fn(usize) -> Vec2| Lanes::gather((0..boids).map(f), Vec2::ZERO);
    let mut count = [0.0; 4];
    for (l, c) in count.iter_mut().enumerate().take(boids) {
        *c = seen[l].near.count as f32;
    }
    let [separation, alignment, cohesion] = rules(
        lanes(&|l| agents[l].position),
        lanes(&|l| agents[l].velocity),
        lanes(&|l| seen[l].pushes.value()),
        lanes(&|l| seen[l].near.velocity_sum.value()),
        lanes(&|l| seen[l].near.offset_sum.value()),
        Vec4::from_array(count),
        p,
        variant,
    );
    let mut forces = [Forces::default(); 4];
    for (l, f) in forces.iter_mut().enumerate().take(boids) {
        *f = Forces {
            neighbors: seen[l].near.count,
            separation: separation.get(l),
            alignment: alignment.get(l),
            cohesion: cohesion.get(l),
        };
    }
    forces
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::steer::sum::ExactSum;
    use proptest::prelude::*;

    /// One boid's forces, by the same rules on one lane.
    fn decide(agent: Agent, seen: &Seen, p: &FlockParams, variant: Variant) -> Forces {
        let near = &seen.near;
        let [separation, alignment, cohesion] = rules(
            agent.position,
            agent.velocity,
            seen.pushes.value(),
            near.velocity_sum.value(),
            near.offset_sum.value(),
            near.count as f32,
            p,
            variant,
        );
        Forces {
            neighbors: near.count,
            separation,
            alignment,
            cohesion,
        }
    }

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
                prop_assert_eq!(four[l].neighbors, one.neighbors);
            }
        }
    }
}
