//! What the doorway's agents see around them: the others near each
//! agent, and whether someone stands at the point it looks ahead to. The
//! agents decide in groups ([`GROUP`], consecutive in the grid's memory
//! order, so standing together), and a group shares one scan of the cells
//! around it.

use super::decide::Rules;
use crate::sim::crowd::{Agent, GROUP};
use crate::steer::neighbors::{Near, NeighborIndex};
use crate::steer::queue::within_queue_radius;
use crate::steer::lanes::{Lanes, Vector};
use glam::{BVec4, UVec4, Vec2, Vec4};

/// What a group of agents ([`GROUP`], decided together) saw around them,
/// lane by lane: kept between ticks, so that a tick allocates nothing.
#[derive(Debug, Clone, Default)]
pub(super) struct Seen {
    /// Lane `l`'s neighbors are the first `listed[l]` of `near[l]` (the
    /// list runs longer: room for a whole run of cells).
    near: [Vec<Near>; GROUP],
    listed: [usize; GROUP],
    /// Someone other than agent `l` is within the queue radius of its
    /// ahead point.
    someone_ahead: [bool; GROUP],
}

impl Seen {
    /// Lane `l`'s neighbours, in no set order.
    pub(super) fn near(&self, l: usize) -> &[Near] {
        &self.near[l][..self.listed[l]]
    }

    /// Whether someone other than agent `l` is within the queue radius
    /// of its ahead point.
    pub(super) fn someone_ahead(&self, l: usize) -> bool {
        self.someone_ahead[l]
    }
}

/// What a group of agents sees around them and their ahead points, for
/// the variants that need both, into `seen`: for each agent, the others
/// within the near radius, in no set order (whatever reads the list adds
/// up or counts, exactly), and whether anyone else is within the queue
/// radius of its ahead point. Two queries an agent (one per circle) would
/// visit a third more cells and candidates; a scan an agent, four times
/// the visits of a run of cells.
pub(super) fn look_around(
    agents: &[Agent],
    aheads: &[Vec2; GROUP],
    rules: &Rules,
    neighbors: &impl NeighborIndex,
    positions: &[Vec2],
    seen: &mut Seen,
) {
    (seen.listed, seen.someone_ahead) = ([0; GROUP], [false; GROUP]);
    // Consecutive agents in memory order stand together, except where
    // the order moves on from the end of one run of cells to the start
    // of the next (the foot of a column to the head of the next one): a
    // box around both would take in both runs whole. The group splits
    // there, where two agents stand more than SPLIT cells apart.
    const SPLIT: f32 = 8.0;
    let apart = SPLIT * rules.near_radius.max(rules.queue.max_queue_radius);
    let mut start = 0;
    for end in 1..=agents.len() {
        let last = end == agents.len();
        if last
            || (agents[end].position - agents[end - 1].position)
                .abs()
                .max_element()
                > apart
        {
            let part = Part {
                agents,
                lanes: start..end,
                aheads,
            };
            look_together(part, rules, neighbors, positions, seen);
            start = end;
        }
    }
}

/// Some of a group's agents, next to each other in it, and their ahead
/// points.
struct Part<'a> {
    agents: &'a [Agent],
    lanes: std::ops::Range<usize>,
    aheads: &'a [Vec2; GROUP],
}

/// [`look_around`] for a part of a group that stands close together, in
/// one scan of the cells around them all: a run of cells is visited once
/// for all its agents, and each candidate tested against the four lanes
/// side by side. Fills the part's lanes of `seen`, and leaves the others
/// as they are.
fn look_together(
    part: Part,
    rules: &Rules,
    neighbors: &impl NeighborIndex,
    positions: &[Vec2],
    seen: &mut Seen,
) {
    let q = &rules.queue;
    let near_sq = Vec4::splat(rules.near_radius * rules.near_radius);
    let reach = Vec2::splat(rules.near_radius.max(q.max_queue_radius));
    // Lanes outside the part stand at infinity, where no one is near them.
    let (mut me, mut ahead) = (Lanes::splat(Vec2::INFINITY), Lanes::splat(Vec2::INFINITY));
    let mut ids = UVec4::MAX;
    let (mut min, mut max) = (Vec2::INFINITY, Vec2::NEG_INFINITY);
    for l in part.lanes {
        let a = &part.agents[l];
        let a_ahead = part.aheads[l];
        me.set(l, a.position);
        ahead.set(l, a_ahead);
        ids[l] = a.index as u32;
        min = min.min(a.position.min(a_ahead));
        max = max.max(a.position.max(a_ahead));
    }
    // Lanes outside the part keep what an earlier part found: their
    // points, at infinity, are near no one, and their lists are written
    // to only past the entries they count (see below).
    let [a0, a1, a2, a3] = seen.someone_ahead;
    let (mut someone_ahead, mut counts) = (BVec4::new(a0, a1, a2, a3), seen.listed);
    let near = &mut seen.near;
    neighbors.runs(positions, min - reach, max + reach, |run| {
        // Room at the end of every list for the whole run, so that each
        // candidate is written to every lane's list and kept by counting
        // it, or not: no branch per candidate, whose outcome no predictor
        // learns.
        for (list, &n) in near.iter_mut().zip(&counts) {
            if list.len() < n + run.ids.len() {
                list.resize(n + run.ids.len(), Near::default());
            }
        }
        let [l0, l1, l2, l3] = near;
        let (l0, l1, l2, l3) = (&mut l0[..], &mut l1[..], &mut l2[..], &mut l3[..]);
        let (me, ahead, ids) = (me, ahead, ids);
        let (mut found, mut n) = (someone_ahead, counts);
        for (&index, &position) in run.ids.iter().zip(run.positions) {
            // Each agent meets itself among the candidates: not a neighbour.
            let other = !UVec4::splat(index).cmpeq(ids);
            let position_in_lanes = Lanes::splat(position);
            found |= BVec4::from(within_queue_radius(ahead, position_in_lanes, q)) & other;
            let close = me.distance_squared(position_in_lanes).cmple(near_sq) & other;
            let at = Near { index, position };
            (l0[n[0]], l1[n[1]], l2[n[2]], l3[n[3]]) = (at, at, at, at);
            n[0] += usize::from(close.x);
            n[1] += usize::from(close.y);
            n[2] += usize::from(close.z);
            n[3] += usize::from(close.w);
        }
        (someone_ahead, counts) = (found, n);
    });
    seen.someone_ahead = std::array::from_fn(|l| someone_ahead.test(l));
    seen.listed = counts;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenes::doorway::{DoorwayParams, Variant};
    use crate::steer::queue::queue_ahead;
    use crate::steer::neighbors::{NeighborMode, Neighbors, Runs};
    use proptest::prelude::*;

    /// What one agent alone would find, comparing with every other agent:
    /// the others within the near radius, by index, and whether anyone
    /// else is within the queue radius of its ahead point.
    fn alone(agent: Agent, ahead: Vec2, rules: &Rules, positions: &[Vec2]) -> (Vec<u32>, bool) {
        let others = positions
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != agent.index);
        let near_sq = rules.near_radius * rules.near_radius;
        let queue_sq = rules.queue.max_queue_radius * rules.queue.max_queue_radius;
        let near = others
            .clone()
            .filter(|(_, p)| p.distance_squared(agent.position) <= near_sq);
        let ahead = others
            .clone()
            .any(|(_, p)| p.distance_squared(ahead) <= queue_sq);
        (near.map(|(j, _)| j as u32).collect(), ahead)
    }

    /// The indices of `near`, in order.
    fn indices(near: &[Near]) -> Vec<u32> {
        let mut indices: Vec<u32> = near.iter().map(|n| n.index).collect();
        indices.sort_unstable();
        indices
    }

    proptest! {
        /// A group's scans find, lane by lane, what each of its agents
        /// would find alone: in groups of one to four, taken in the
        /// index's memory order and in index order, wherever the agents
        /// stand (some on the very same spot, which only the index tells
        /// apart; some in a second crowd far off, so that groups split), in
        /// both layouts of the grid and by brute force, with lists left
        /// long by earlier groups.
        #[test]
        fn a_group_scan_finds_what_each_agent_finds_alone(
            spots in prop::collection::vec((0u8..40, 0u8..30, any::<bool>()), 1..160),
            heading in prop::collection::vec(-6.0f32..6.0, 2),
        ) {
            let rules = Rules::new(&DoorwayParams::default(), Variant::V4);
            // On a 5 px lattice, so that agents share spots and stand
            // exactly a radius apart; the far crowd 1,000 px lower.
            let positions: Vec<Vec2> = spots
                .iter()
                .map(|&(x, y, far)| {
                    let far_off = Vec2::Y * 1000.0 * f32::from(far);
                    Vec2::new(x as f32, y as f32) * 5.0 + far_off
                })
                .collect();
            let velocity = Vec2::new(heading[0], heading[1]);
            let q = &rules.queue;
            let searches = [
                Neighbors::with_runs(NeighborMode::Grid, rules.near_radius, Runs::Rows),
                Neighbors::with_runs(NeighborMode::Grid, rules.near_radius, Runs::Columns),
                Neighbors::new(NeighborMode::Brute, rules.near_radius),
            ];
            let mut seen = Seen::default();
            for mut neighbors in searches {
                neighbors.rebuild(&positions);
                let by_index: Vec<usize> = (0..positions.len()).collect();
                let in_memory: Vec<usize> = match neighbors.memory_order() {
                    Some(order) => order.agents.iter().map(|&i| i as usize).collect(),
                    None => by_index.clone(),
                };
                let groupings = [&in_memory, &by_index]
                    .into_iter()
                    .flat_map(|order| (1..=GROUP).map(move |size| order.chunks(size)));
                for groups in groupings {
                    for members in groups {
                        let agents: Vec<Agent> = members
                            .iter()
                            .map(|&index| Agent { index, position: positions[index], velocity })
                            .collect();
                        let aheads: [Vec2; GROUP] = std::array::from_fn(|l| {
                            let at = |a: &Agent| queue_ahead(a.position, velocity, q);
                            agents.get(l).map_or(Vec2::ZERO, at)
                        });
                        look_around(&agents, &aheads, &rules, &neighbors, &positions, &mut seen);
                        for (l, &agent) in agents.iter().enumerate() {
                            let expected = alone(agent, aheads[l], &rules, &positions);
                            let near = indices(seen.near(l));
                            prop_assert_eq!((near, seen.someone_ahead[l]), expected);
                        }
                    }
                }
            }
        }
    }
}
