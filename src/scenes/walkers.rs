//! Walkers: agents that each walk to a goal of their own without
//! overlapping, by one of four rules. The crossing and the circle share
//! it: they differ in where their agents start and what they do at the
//! goal, not in how they decide.
//!
//! Every agent decides alone, from the crowd as the tick found it, so the
//! decisions run in parallel ([`decide_all_with`]) and give the same bits
//! on any number of threads, with the grid or the all-pairs search: where
//! the order of an agent's neighbours decides (ORCA's nearest few, a tie
//! between threats), they rank by distance then index ([`nearness`]),
//! whatever order the search found them in.

use super::nearness;
use super::overlaps::Overlap;
use crate::sim::crowd::{Agent, Crowd, decide_all_with};
use crate::sim::scene::Decide;
use crate::steer::flock::{SeparationParams, separation};
use crate::steer::neighbors::{Near, NeighborIndex, Neighbors};
use crate::steer::par::CHUNK;
use crate::steer::seek::seek;
use crate::steer::tie::untie;
use crate::steer::unaligned::{Mover, Threat, avoid_meeting, sidestep_touching, soonest_threat};
use crate::steer::{Limits, Steering, orca};
use glam::Vec2;
use nearest::nearest_k;
use rayon::prelude::*;

/// How a walker keeps clear of the others.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Rule {
    /// Seek the goal, pushed apart by neighbours already near.
    Separation,
    /// Unaligned collision avoidance: steer from the soonest predicted collision.
    Predictive,
    /// Predictive; the scene then pushes overlapping bodies apart.
    Hard,
    /// ORCA: the allowed velocity nearest the preferred one, taken at once.
    Orca,
}

impl Rule {
    /// In the order of the crossing's and the circle's variants.
    pub(crate) const ALL: [Rule; 4] = [Rule::Separation, Rule::Predictive, Rule::Hard, Rule::Orca];
}

/// The [`Rules`] of a walkers' scene: from its knobs (`$p`, a params
/// struct with the crossing's knob names), its variant (the same four as
/// [`Rule::ALL`], in that order) and the preferred speed
/// ([`Rules::preferred_speed`]).
macro_rules! rules_of {
    ($p:expr, $variant:expr, $preferred_speed:expr) => {{
        let p = $p;
        $crate::scenes::walkers::Rules {
            rule: $crate::scenes::walkers::Rule::ALL[$variant as usize],
            max_speed: p.max_speed,
            preferred_speed: $preferred_speed,
            max_force: p.max_force,
            mass: p.mass,
            radius: p.agent_radius,
            clearance: p.clearance,
            separation: $crate::steer::flock::SeparationParams {
                radius: p.separation_radius,
                max_separation: p.max_separation,
            },
            lead_time: p.lead_time,
            avoid_weight: p.avoid_weight,
            time_horizon: p.time_horizon,
            neighbor_distance: p.neighbor_distance,
            max_neighbors: p.max_neighbors,
            overlaps: None,
        }
    }};
}
pub(crate) use rules_of;

/// Everything a walker's decision depends on besides the crowd.
#[derive(Debug, Clone)]
pub(crate) struct Rules {
    pub(crate) rule: Rule,
    pub(crate) max_speed: f32,
    /// The speed a walker would like; `None`: full speed to the goal
    /// whatever the distance (the crossing's agents turn back there).
    /// `Some(s)`: `s`, slowing within `s` of the goal, where it stops
    /// (RVO2's examples' preferred velocity).
    pub(crate) preferred_speed: Option<f32>,
    pub(crate) max_force: f32,
    pub(crate) mass: f32,
    pub(crate) radius: f32,
    pub(crate) clearance: f32,
    pub(crate) separation: SeparationParams,
    pub(crate) lead_time: f32,
    pub(crate) avoid_weight: f32,
    pub(crate) time_horizon: f32,
    pub(crate) neighbor_distance: f32,
    pub(crate) max_neighbors: usize,
    /// Bodies this far apart overlap, on this stage: when given, each
    /// decision counts its agent's overlaps with the higher-indexed ones,
    /// as the tick found them ([`Walkers::overlap`]), where it can
    /// ([`Rules::finds_overlaps`]).
    pub(crate) overlaps: Option<(f32, Vec2)>,
}

impl Rules {
    /// How far a walker looks for neighbours.
    pub(crate) fn reach(&self) -> f32 {
        match self.rule {
            Rule::Separation => self.separation.radius,
            // OpenSteer's pedestrians: as far as two agents head on close
            // in the lead time.
            Rule::Predictive | Rule::Hard => self.lead_time * self.max_speed * 2.0,
            Rule::Orca => self.neighbor_distance,
        }
    }

    pub(crate) fn limits(&self) -> Limits {
        Limits {
            max_speed: self.max_speed,
            // ORCA's agents take the velocity they chose at once, as RVO2's.
            max_force: match self.rule {
                Rule::Orca => 2.0 * self.max_speed * self.mass,
                _ => self.max_force,
            },
        }
    }

    /// Whether the decisions find every overlap ([`Rules::overlaps`]):
    /// ORCA looks a diameter around at least; the others list everyone
    /// within reach, which must hold a diameter.
    pub(crate) fn finds_overlaps(&self) -> bool {
        self.overlaps
            .is_some_and(|(diameter, _)| self.rule == Rule::Orca || self.reach() >= diameter)
    }

    /// The velocity a walker at `at` would like, toward `goal`.
    pub(crate) fn preferred(&self, at: Vec2, goal: Vec2) -> Vec2 {
        let to_goal = goal - at;
        match self.preferred_speed {
            None => to_goal.normalize_or_zero() * self.max_speed,
            Some(speed) if to_goal.length_squared() > speed * speed => to_goal.normalize() * speed,
            Some(_) => to_goal,
        }
    }
}

/// What one walker decided, for the overlay and the readout.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Decided {
    /// The force it steered by, and what it is called.
    pub(crate) force: (&'static str, Vec2),
    /// Separation's push, under [`Rule::Separation`].
    pub(crate) separation: Vec2,
    pub(crate) preferred: Vec2,
    pub(crate) threat: Option<Threat>,
    pub(crate) chosen: Vec2,
    /// ORCA: how far its `max_neighbors`-th nearest stood (infinite with
    /// fewer within reach), where next tick's search starts.
    kth: f32,
    /// Its overlaps with higher-indexed agents, when [`Rules::finds_overlaps`].
    overlap: Overlap,
}

impl Default for Decided {
    fn default() -> Self {
        Self {
            force: ("seek", Vec2::ZERO),
            separation: Vec2::ZERO,
            preferred: Vec2::ZERO,
            threat: None,
            chosen: Vec2::ZERO,
            kth: f32::NAN,
            overlap: Overlap::default(),
        }
    }
}

/// One thread's buffers, kept between ticks so that a tick allocates
/// nothing once the lists have grown.
#[derive(Debug, Clone, Default)]
pub(crate) struct Scratch {
    near: Vec<Near>,
    distances: Vec<f32>,
    /// [`nearest_k`]'s candidates, keyed.
    keys: Vec<u64>,
    /// [`nearest_k`]'s count of overlaps, when asked.
    overlap: Overlap,
    movers: Vec<Mover>,
    bodies: Vec<orca::Body>,
    orca: orca::Scratch,
}

impl Scratch {
    /// Room for this many neighbours from the first decision on: a crowd
    /// closing in (the circle's) would otherwise grow the lists tick after
    /// tick.
    const ROOM: usize = 256;

    fn make_room(&mut self) {
        if self.near.capacity() < Self::ROOM {
            self.near.reserve(Self::ROOM);
            self.distances.reserve(Self::ROOM);
            self.keys.reserve(Self::ROOM);
            self.movers.reserve(Self::ROOM);
            self.bodies.reserve(Self::ROOM);
            self.orca.lines.reserve(Self::ROOM);
            self.orca.projected.reserve(Self::ROOM);
        }
    }
}

/// The walkers' decisions, kept between ticks.
#[derive(Debug, Clone, Default)]
pub(crate) struct Walkers {
    /// The recorded walkers' decisions ([`Decide::recorded`]), last tick:
    /// what the overlay draws and the readout reads.
    kept: Vec<(usize, Decided)>,
    /// The selected walker's ORCA half-planes, last tick.
    pub(crate) lines: Vec<orca::Line>,
    /// Each walker's `k`-th nearest's distance ([`Decided::kth`]), by
    /// agent index: where its next search starts.
    kth: Vec<f32>,
    /// The overlaps the last decisions found, when [`Rules::finds_overlaps`]:
    /// the crowd's as the tick found it.
    pub(crate) overlap: Overlap,
    /// The steering force, [`Decided::kth`] and overlaps of each, in the
    /// neighbour index's memory order, as decided.
    in_order: Vec<(Vec2, f32, Overlap)>,
    scratch: Vec<Scratch>,
    /// The recorded walkers' own, kept between ticks.
    kept_scratch: Scratch,
}

impl Walkers {
    /// Every walker decides how to reach `goals[i]` (its goal, by agent
    /// index), in parallel, from the crowd as `ctx` has it, and steers
    /// by that; `index` has been rebuilt on the crowd's positions. Only
    /// the force and where to search next leave the parallel pass; the
    /// few walkers recorded decide again, whole, for the overlay.
    pub(crate) fn steer(
        &mut self,
        ctx: &mut Decide,
        goals: &[Vec2],
        index: &Neighbors,
        rules: &Rules,
    ) {
        let (crowd, last) = (ctx.crowd, &self.kth);
        let slot = decide_all_with(
            index.memory_order(),
            crowd,
            &mut self.in_order,
            &mut self.scratch,
            |agents, scratch, out| {
                for (agent, out) in agents.iter().zip(out) {
                    let last = last.get(agent.index).copied().unwrap_or(f32::NAN);
                    let d = decide(
                        *agent,
                        goals[agent.index],
                        last,
                        crowd,
                        index,
                        rules,
                        scratch,
                    );
                    *out = (d.force.1 + d.separation, d.kth, d.overlap);
                }
            },
        );
        let (in_order, limits) = (&self.in_order, rules.limits());
        self.kth.resize(crowd.len(), f32::NAN);
        (
            &mut ctx.steering[..],
            &mut ctx.limits[..],
            &mut self.kth[..],
        )
            .into_par_iter()
            .enumerate()
            .with_min_len(CHUNK)
            .for_each(|(i, (steering, agent_limits, kth))| {
                let (force, k, _) = in_order[slot(i)];
                (*steering, *agent_limits, *kth) = (Steering::force(force), limits, k);
            });
        self.overlap = match rules.finds_overlaps() {
            true => (in_order.par_iter().with_min_len(CHUNK).map(|o| o.2))
                .reduce(Overlap::default, Overlap::merge),
            false => Overlap::default(),
        };
        self.keep(ctx, goals, index, rules);
    }

    /// The recorded walkers' whole decisions, decided again (the same:
    /// a decision depends only on the crowd, the goal and the rules), and
    /// the selected one's half-planes.
    fn keep(&mut self, ctx: &Decide, goals: &[Vec2], index: &Neighbors, rules: &Rules) {
        let crowd = ctx.crowd;
        let scratch = &mut self.kept_scratch;
        self.kept.clear();
        self.lines.clear();
        for i in ctx.recorded(crowd.len()) {
            let agent = Agent {
                index: i,
                position: crowd.positions()[i],
                velocity: crowd.velocities()[i],
            };
            let d = decide(agent, goals[i], f32::NAN, crowd, index, rules, scratch);
            self.kept.push((i, d));
            if ctx.selected == Some(i) && rules.rule == Rule::Orca {
                self.lines.extend_from_slice(&scratch.orca.lines);
            }
        }
    }

    /// Walker `i`'s decision last tick, if it was recorded.
    pub(crate) fn decided(&self, i: usize) -> Decided {
        (self.kept.iter().find(|(k, _)| *k == i)).map_or_else(Decided::default, |(_, d)| *d)
    }
}

/// One walker's decision: its neighbours within reach, nearest first, and
/// what its rule makes of them. `last`: how far its `max_neighbors`-th
/// nearest stood last tick (NaN: not known).
fn decide(
    agent: Agent,
    goal: Vec2,
    last: f32,
    crowd: &Crowd,
    index: &Neighbors,
    rules: &Rules,
    s: &mut Scratch,
) -> Decided {
    let (pos, vel) = (agent.position, agent.velocity);
    s.make_room();
    gather(agent, last, crowd.positions(), index, rules, s);
    let preferred = rules.preferred(pos, goal);
    let k = rules.max_neighbors;
    let overlap = std::mem::take(&mut s.overlap);
    let mut decided = Decided {
        preferred,
        kth: match s.distances.get(k.wrapping_sub(1)) {
            Some(d) if rules.rule == Rule::Orca && s.near.len() == k => d.sqrt(),
            _ if rules.rule == Rule::Orca => f32::INFINITY,
            _ => f32::NAN,
        },
        overlap,
        ..Decided::default()
    };
    let toward = match rules.preferred_speed {
        None => seek(pos, vel, goal, rules.max_speed),
        Some(_) => preferred - vel,
    };
    let velocities = crowd.velocities();
    decided.force = match rules.rule {
        Rule::Separation => {
            let others = s.near.iter().map(|n| n.position);
            decided.separation = separation(pos, others, &rules.separation);
            ("seek", toward)
        }
        Rule::Predictive | Rule::Hard => {
            s.movers.clear();
            s.movers.extend(s.near.iter().map(|n| Mover {
                position: n.position,
                velocity: velocities[n.index as usize],
            }));
            let me = Mover {
                position: pos,
                velocity: vel,
            };
            predict(me, &s.movers, &s.near, toward, rules, &mut decided)
        }
        Rule::Orca => {
            decided.chosen = choose(agent, velocities, preferred, rules, s);
            (
                "to the chosen velocity",
                (decided.chosen - vel) * rules.mass,
            )
        }
    };
    decided
}

/// Into `s.near`, the neighbours the walker's rule looks at: ORCA's
/// nearest few ([`nearest_k`]), nearest first, or everyone within reach,
/// untied, in the order found (separation's sums are exact, prediction
/// ranks its ties by [`nearness`]); and its overlaps, when the rules ask
/// for them.
fn gather(
    agent: Agent,
    last: f32,
    positions: &[Vec2],
    index: &Neighbors,
    rules: &Rules,
    s: &mut Scratch,
) {
    let (i, pos) = (agent.index, agent.position);
    if rules.rule == Rule::Orca {
        // The nearest few, nearest first (ORCA's answer, when it cannot
        // meet every half-plane, depends on the order). Where to look
        // first: two bodies apart (every walker within a few radii of the
        // next in a crowd) or, known, as far as last tick's `k`-th nearest
        // can be now, each having moved at most max_speed (and a little
        // over, by rounding).
        let first = if last.is_nan() {
            4.0 * rules.radius
        } else {
            last + 2.0 * rules.max_speed + 0.01
        };
        nearest_k(index, positions, agent, rules, first, s);
        return;
    }
    index.within(positions, pos, rules.reach(), &mut s.near);
    s.near.retain(|n| n.index as usize != i);
    if let Some((diameter, stage)) = rules.overlaps.filter(|_| rules.finds_overlaps()) {
        s.overlap = Overlap::among(Near::at(i, positions), &s.near, diameter, stage);
    }
    // Two on one point would give every rule below nothing to go on.
    untie(i, pos, &mut s.near);
}

/// ORCA among the neighbours gathered: the velocity it chooses.
fn choose(
    agent: Agent,
    velocities: &[Vec2],
    preferred: Vec2,
    rules: &Rules,
    s: &mut Scratch,
) -> Vec2 {
    let radius = rules.radius + rules.clearance * 0.5;
    s.bodies.clear();
    s.bodies.extend(s.near.iter().map(|n| orca::Body {
        position: n.position,
        velocity: velocities[n.index as usize],
        radius,
    }));
    let me = orca::Body {
        position: agent.position,
        velocity: agent.velocity,
        radius,
    };
    let bodies = s.bodies.iter().copied();
    orca::new_velocity(
        me,
        bodies,
        preferred,
        rules.max_speed,
        rules.time_horizon,
        1.0,
        &mut s.orca,
    )
}

/// Predictive avoidance among `others` (found as `near`): sidestep a
/// touching one, else turn from the soonest threat (the nearest of equals),
/// else go `toward` the goal.
fn predict(
    me: Mover,
    others: &[Mover],
    near: &[Near],
    toward: Vec2,
    rules: &Rules,
    decided: &mut Decided,
) -> (&'static str, Vec2) {
    let r = rules.radius;
    let close = sidestep_touching(me, others, 2.0 * r);
    if close != Vec2::ZERO {
        ("sidestep", close)
    } else if let Some(t) = soonest_threat(
        me,
        others,
        rules.lead_time,
        2.0 * r + rules.clearance,
        |k| nearness(near[k], me.position),
    ) {
        decided.threat = Some(t);
        let away = avoid_meeting(me, others[t.index], &t);
        ("avoidance", away * rules.avoid_weight)
    } else {
        ("seek", toward)
    }
}

mod nearest;
mod overlay;
#[cfg(test)]
mod tests;
