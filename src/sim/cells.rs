//! A crowd kept in cell order as it moves: agents near each other stay
//! near each other in memory, so the neighbour grid's rebuild, the pair
//! walks and the decisions read the crowd in long runs instead of at
//! scattered places (a crowd numbered row by row at spawn is scattered
//! again within a few hundred ticks of flocking).
//!
//! Every [`EVERY`] ticks the runner (on the desktop) sorts the agents by
//! the row-major cell, of the scene's size
//! ([`super::scene::Scene::cell_order`]), they stand in: only their
//! indices change, never their ids. Scenes whose
//! sums over neighbours are exact (`steer::sum`) come out bit for bit the
//! same in any order, and the checksum follows ids, so it does not change
//! (tests/app/headless.rs runs both ways and compares whole reports).

use super::crowd::{Crowd, Look, Spare, permute};
use crate::steer::par;
use glam::Vec2;

/// Ticks between sorts: agents move at most a few px a tick, so in eight
/// ticks few leave their cell, and a sort of an almost sorted crowd costs
/// a small share of the ticks it serves.
pub const EVERY: u64 = 8;

/// Bits of a key for the agent's index: a crowd is at most
/// [`super::MAX_AGENTS`] + 1 (a leader) agents, under 2^20.
const INDEX_BITS: u32 = 20;
/// Bits of a key for a cell's column and for its row.
const CELL_BITS: u32 = 22;

/// The order and room to keep a crowd in cell order between sorts.
#[derive(Debug, Default)]
pub(crate) struct CellOrder {
    keys: Vec<u64>,
    order: Vec<u32>,
    spare: Spare,
    looks: Vec<Look>,
}

/// Only room: every sort works it out afresh from the crowd, so a copy (a
/// runner's snapshot) starts empty rather than carrying megabytes of scratch.
impl Clone for CellOrder {
    fn clone(&self) -> Self {
        Self::default()
    }
}

impl CellOrder {
    /// Puts the crowd, and each agent's look with it, in cell order: by
    /// the row, then the column, of the `cell`-sized cell the agent stands
    /// in, agents in one cell in the order they had. Deterministic: the keys are
    /// unique (the index is their last part), so any sort gives the same.
    pub fn sort(&mut self, cell: f32, crowd: &mut Crowd, looks: &mut Vec<Look>) {
        assert!(crowd.len() < 1 << INDEX_BITS, "too many agents to sort");
        let positions = crowd.positions();
        self.keys.resize(positions.len(), 0);
        par::for_each_mut(&mut self.keys, |i, key| {
            *key = cell_key(positions[i], cell, i)
        });
        par::sort_unstable(&mut self.keys);
        self.order.resize(self.keys.len(), 0);
        let keys = &self.keys;
        par::for_each_mut(&mut self.order, |k, i| {
            *i = (keys[k] & ((1 << INDEX_BITS) - 1)) as u32;
        });
        crowd.reorder(&self.order, &mut self.spare);
        permute(looks, &self.order, &mut self.looks);
    }
}

/// The sort key of the agent at index `i`, at `p`: its cell's row, then
/// column (cells of `cell` px from the origin; beyond the stage clamped,
/// NaN as 0), then `i`.
fn cell_key(p: Vec2, cell: f32, i: usize) -> u64 {
    let most = ((1u64 << CELL_BITS) - 1) as f32;
    // `as` saturates, and maps NaN to 0.
    let row = (p.y / cell).floor().clamp(0.0, most) as u64;
    let col = (p.x / cell).floor().clamp(0.0, most) as u64;
    (row << (CELL_BITS + INDEX_BITS)) | (col << INDEX_BITS) | i as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorting_puts_agents_in_cell_order_and_keeps_their_ids() {
        let mut crowd = Crowd::default();
        let mut looks = Vec::new();
        // Ten agents, numbered against the cells' order.
        let points = [
            (95.0, 95.0),
            (5.0, 95.0),
            (55.0, 5.0),
            (5.0, 5.0),
            (15.0, 5.0),
            (f32::NAN, 5.0),
            (-30.0, 55.0),
            (55.0, 55.0),
            (1e30, 1e30),
            (6.0, 6.0),
        ];
        for (k, &(x, y)) in points.iter().enumerate() {
            let look = if k == 7 { Look::Leader } else { Look::Plain };
            crowd.push(Vec2::new(x, y), Vec2::new(k as f32, 0.0), 1.0 + k as f32);
            looks.push(look);
        }
        let before = crowd.checksum();
        // In spawn order, ids are indices.
        assert!((0..10).all(|i| crowd.id(i) == i && crowd.index_of(i) == Some(i)));
        assert!(crowd.by_id().eq(0..10));
        assert_eq!(crowd.index_of(10), None);
        let mut order = CellOrder::default();
        order.sort(10.0, &mut crowd, &mut looks);
        assert_eq!(crowd.index_of(10), None);
        assert!(crowd.by_id().map(|i| crowd.id(i)).eq(0..10));
        // Row 0, column 0: (5,5), the NaN (as column 0) and (6,6), in their
        // old order; then (15,5) and (55,5); row 5: the one left of the
        // stage (clamped to column 0), (55,55); row 9; the one far away.
        let ids: Vec<usize> = (0..crowd.len()).map(|i| crowd.id(i)).collect();
        assert_eq!(ids, [3, 5, 9, 4, 2, 6, 7, 1, 0, 8]);
        for (i, &id) in ids.iter().enumerate() {
            assert_eq!(crowd.index_of(id), Some(i));
            // Everything about an agent moved with it.
            assert_eq!(crowd.velocities()[i].x, id as f32);
            assert_eq!(crowd.masses()[i], 1.0 + id as f32);
            assert_eq!(looks[i] == Look::Leader, id == 7);
        }
        assert_eq!(crowd.checksum(), before, "the checksum follows ids");
        // Sorting a sorted crowd changes nothing (bits compared: a NaN).
        let sorted = crowd.clone();
        order.sort(10.0, &mut crowd, &mut looks);
        assert!((0..crowd.len()).all(|i| crowd.id(i) == sorted.id(i)));
        assert_eq!(crowd.checksum(), sorted.checksum());
    }
}
