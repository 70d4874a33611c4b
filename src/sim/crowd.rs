//! The agents, as contiguous arrays, and the figures every run keeps.
//!
//! Only the runner's integrate step (`Crowd::integrate`) and an explicit,
//! named `Crowd::teleport` (a respawn) change where an agent is. An agent
//! has an index, its place in the arrays, which a crowd kept in cell order
//! changes (`Crowd::reorder`), and an id, its number at spawn, which
//! never changes: what a person picks, and the order of the checksum.

use crate::steer::neighbors::MemoryOrder;
use crate::steer::{Limits, Steering, integrate};
use glam::Vec2;
use rayon::prelude::*;

use crate::steer::par::CHUNK;

/// An agent as a decision reads it: which one, where, how fast.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Agent {
    pub index: usize,
    pub position: Vec2,
    pub velocity: Vec2,
}

/// Agents a decision takes at once ([`decide_all_with`]): consecutive in
/// a neighbour index's memory order, they stand near each other and can
/// share one scan of the cells around them.
pub const GROUP: usize = 4;

/// Decides every agent of `crowd` in parallel chunks into `out`: `out[k]`
/// is the decision of agent `order.agents[k]`, or of agent `k` without an
/// order. A neighbour index's memory order (see
/// `Neighbors::memory_order`) keeps consecutive agents' queries in the same
/// cells, so in cache. Each chunk first gathers its agents' positions and
/// velocities in one tight loop, where the reads scattered across a large
/// crowd overlap instead of stalling the decisions one by one, has
/// scratch of its own (`scratch` keeps one per chunk between ticks, so a
/// neighbour list, say, is allocated once), and hands `decide` its agents
/// [`GROUP`] at a time (fewer at the end), with their places in `out`.
/// Returns where each agent's decision is in `out`, to put them back in
/// parallel, agent by agent.
pub fn decide_all_with<'o, T: Send + Clone + Default, S: Default + Send>(
    order: Option<MemoryOrder<'o>>,
    crowd: &Crowd,
    out: &mut Vec<T>,
    scratch: &mut Vec<S>,
    decide: impl Fn(&[Agent], &mut S, &mut [T]) + Sync + Send,
) -> impl Fn(usize) -> usize + Sync + Copy + 'o {
    decide_chunks(order, crowd, out, scratch, decide);
    move |i| order.map_or(i, |order| order.slot(i))
}

/// The work of [`decide_all_with`].
fn decide_chunks<T: Send + Clone + Default, S: Default + Send>(
    order: Option<MemoryOrder<'_>>,
    crowd: &Crowd,
    out: &mut Vec<T>,
    scratch: &mut Vec<S>,
    decide: impl Fn(&[Agent], &mut S, &mut [T]) + Sync + Send,
) {
    let agents = crowd.len();
    let agent = move |k: usize| order.map_or(k, |order| order.agents[k] as usize);
    out.resize(agents, T::default());
    scratch.resize_with(agents.div_ceil(CHUNK).max(1), S::default);
    out.par_chunks_mut(CHUNK)
        .zip(scratch.par_iter_mut())
        .enumerate()
        .for_each(|(c, (out, scratch))| {
            let mut gathered = [Agent::default(); CHUNK];
            let gathered = &mut gathered[..out.len()];
            for (k, a) in gathered.iter_mut().enumerate() {
                let index = agent(c * CHUNK + k);
                *a = Agent {
                    index,
                    position: crowd.position[index],
                    velocity: crowd.velocity[index],
                };
            }
            for (out, group) in out.chunks_mut(GROUP).zip(gathered.chunks(GROUP)) {
                decide(group, scratch, out);
            }
        });
}

/// The agents of a scene.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Crowd {
    position: Vec<Vec2>,
    velocity: Vec<Vec2>,
    mass: Vec<f32>,
    /// Each agent's id, by index, and each id's index: both empty while
    /// the crowd is in spawn order (ids are indices), so that a crowd never
    /// reordered pays nothing for them.
    id: Vec<u32>,
    index: Vec<u32>,
}

/// Room to reorder a crowd in ([`Crowd::reorder`]): kept between
/// reorderings, so that they allocate nothing.
#[derive(Debug, Default)]
pub(crate) struct Spare {
    vectors: Vec<Vec2>,
    numbers: Vec<f32>,
    ids: Vec<u32>,
}

impl Crowd {
    pub fn len(&self) -> usize {
        self.position.len()
    }

    pub fn is_empty(&self) -> bool {
        self.position.is_empty()
    }

    pub fn positions(&self) -> &[Vec2] {
        &self.position
    }

    pub fn velocities(&self) -> &[Vec2] {
        &self.velocity
    }

    pub fn masses(&self) -> &[f32] {
        &self.mass
    }

    /// The id (the number at spawn) of the agent at index `i`.
    pub fn id(&self, i: usize) -> usize {
        self.id.get(i).map_or(i, |&id| id as usize)
    }

    /// The agents' indices in the order of their ids.
    pub fn by_id(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.len()).map(|id| self.index.get(id).map_or(id, |&i| i as usize))
    }

    /// The index of the agent with id `id`, if there is one.
    pub fn index_of(&self, id: usize) -> Option<usize> {
        match self.index.get(id) {
            Some(&i) => Some(i as usize),
            None => (self.index.is_empty() && id < self.len()).then_some(id),
        }
    }

    /// Room for `additional` more agents, made once (a million pushed one
    /// by one would be copied some twenty times as the arrays grow).
    pub(crate) fn reserve(&mut self, additional: usize) {
        self.position.reserve_exact(additional);
        self.velocity.reserve_exact(additional);
        self.mass.reserve_exact(additional);
    }

    /// Adds an agent (at spawn, in spawn order).
    pub(crate) fn push(&mut self, position: Vec2, velocity: Vec2, mass: f32) {
        debug_assert!(self.id.is_empty(), "agents join in spawn order");
        self.position.push(position);
        self.velocity.push(velocity);
        self.mass.push(mass);
    }

    /// Puts the agents in `order`: the agent at index `order[k]` moves to
    /// index `k`, every array with it, its id kept.
    pub(crate) fn reorder(&mut self, order: &[u32], spare: &mut Spare) {
        debug_assert_eq!(order.len(), self.len());
        permute(&mut self.position, order, &mut spare.vectors);
        permute(&mut self.velocity, order, &mut spare.vectors);
        permute(&mut self.mass, order, &mut spare.numbers);
        if self.id.is_empty() {
            // The first reordering: until now ids were indices.
            self.id = (0..self.len() as u32).collect();
            self.index = vec![0; self.len()];
        }
        permute(&mut self.id, order, &mut spare.ids);
        for (k, &id) in self.id.iter().enumerate() {
            self.index[id as usize] = k as u32;
        }
    }

    /// Puts agent `i` somewhere else, velocity kept: a respawn.
    pub(crate) fn teleport(&mut self, i: usize, to: Vec2) {
        self.position[i] = to;
    }

    /// The movement manager applied to every agent (in parallel: each agent
    /// on its own). Returns the largest force applied.
    pub(crate) fn integrate(&mut self, steering: &[Steering], limits: &[Limits]) -> f32 {
        (
            &mut self.position,
            &mut self.velocity,
            &self.mass,
            steering,
            limits,
        )
            .into_par_iter()
            .with_min_len(CHUNK)
            .map(|(position, velocity, &mass, &steering, &limits)| {
                integrate(position, velocity, mass, limits, steering).length_squared()
            })
            .reduce(|| 0.0, f32::max)
            .sqrt()
    }

    /// FNV-1a over the bits of every position and velocity, in the order
    /// of ids (so whatever order the crowd is kept in).
    pub fn checksum(&self) -> u64 {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for (p, v) in self.by_id().map(|i| (self.position[i], self.velocity[i])) {
            for x in [p.x, p.y, v.x, v.y] {
                for byte in x.to_bits().to_le_bytes() {
                    hash ^= u64::from(byte);
                    hash = hash.wrapping_mul(0x0100_0000_01b3);
                }
            }
        }
        hash
    }

    /// The squared top speed and the count of non-finite coordinates, in
    /// one parallel pass.
    fn top_speed_and_non_finite(&self) -> (f32, u64) {
        let bad = |v: Vec2| u64::from(!v.x.is_finite()) + u64::from(!v.y.is_finite());
        (&self.position, &self.velocity)
            .into_par_iter()
            .with_min_len(CHUNK)
            .map(|(&p, &v)| (v.length_squared(), bad(p) + bad(v)))
            .reduce(|| (0.0, 0), |a, b| (a.0.max(b.0), a.1 + b.1))
    }
}

/// Puts `values` in `order` (`values[k]` becomes the old `values[order[k]]`),
/// gathering into `spare` in parallel and swapping the two.
pub(crate) fn permute<T: Copy + Default + Send + Sync>(
    values: &mut Vec<T>,
    order: &[u32],
    spare: &mut Vec<T>,
) {
    spare.resize(values.len(), T::default());
    let old = &values[..];
    crate::steer::par::for_each_mut(spare, |k, v| *v = old[order[k] as usize]);
    std::mem::swap(values, spare);
}

/// How an agent is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Look {
    /// An ordinary agent.
    #[default]
    Plain,
    /// Avoiding a wall (drawn translucent, as in the original queue demo).
    Faded,
    /// What the others pursue or follow.
    Target,
    /// A pursuer looking ahead with dynamic T.
    Pursuer,
    /// A pursuer looking ahead a constant T.
    ConstantPursuer,
    /// An evader.
    Evader,
    /// The leader.
    Leader,
}

/// Figures every scene keeps for the headless report.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Stats {
    /// Non-finite values seen in positions and velocities, summed over ticks.
    pub nan: u64,
    pub max_speed_seen: f32,
    /// The largest steering force applied (after truncation).
    pub max_force_seen: f32,
}

impl Stats {
    /// Folds in one tick's crowd and its largest applied force.
    pub fn observe(&mut self, crowd: &Crowd, max_force: f32) {
        let (fastest, non_finite) = crowd.top_speed_and_non_finite();
        self.nan += non_finite;
        self.max_speed_seen = self.max_speed_seen.max(fastest.sqrt());
        self.max_force_seen = self.max_force_seen.max(max_force);
    }
}

/// How a figure of the headless report is found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sampling {
    /// Folded in exactly at every tick (a count, a sum, a maximum, the
    /// tick of an event), from work the tick does anyway or a pass of its own.
    EveryTick,
    /// Worked out once, from the crowd as the run ends.
    AtEnd,
    /// A fact of the set-up (the stage's size, a parameter), not measured.
    Setup,
}

impl Sampling {
    /// As the headless JSON says it.
    pub fn describe(self) -> &'static str {
        match self {
            Self::EveryTick => "every tick",
            Self::AtEnd => "at the end",
            Self::Setup => "set-up",
        }
    }
}

/// A scene-specific figure for the headless report.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Metric {
    Int(u64),
    Float(f64),
    /// An event that has not happened (yet), e.g. no capture: `null`.
    Never,
}

impl From<Option<u64>> for Metric {
    fn from(v: Option<u64>) -> Self {
        v.map_or(Metric::Never, Metric::Int)
    }
}
