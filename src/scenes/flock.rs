//! Flocking: Reynolds' boids.
//!
//! Each boid looks at the others within its neighbourhood radius and sums
//! three forces: separation (keep apart, harder the closer), alignment
//! (steer toward their mean heading) and cohesion (seek their mean
//! position). The stage's edges wrap, and so does the neighbourhood. The
//! variants add the rules one at a time: separation alone scatters the
//! boids, alignment lines them up, cohesion gathers them into flocks.
//!
//! It uses the same grid as the doorway, so `--agents`, `[` and `]` take it
//! to a million boids; the stage grows to keep their density.
//!
//! Controls: V cycles separation / alignment / flock; a click shows each
//! boid's three forces and one boid's neighbourhood.

use crate::sim::reading::{Reading, value};
use super::{in_runs, random_heading, random_point, rng};
use crate::overlay::Meaning;
use crate::sim::MAX_AGENTS;
use crate::sim::crowd::{Agent, Crowd, Look, Metric, Sampling};
use crate::steer::par::CHUNK;
use crate::sim::knobs::{Knob, Params};
use crate::sim::mind::{Card, Code};
use crate::sim::decl::{Build, SceneDecl};
use crate::sim::scene::{Decide, Figures, Input, Neighborhood, Scene, Settle, Setup, Spawn, WrongScene};
use crate::sim::series::Series;
use crate::steer::neighbors::{NeighborIndex, Neighbors, Runs};
use crate::steer::sum::ExactSum;
use crate::steer::{Limits, Steering};
use glam::Vec2;
use rayon::prelude::*;

mod deciding;
mod figures;
mod seeing;

use deciding::decide_four;
use seeing::{Meeting, Seen, see_across_edges, velocity_terms};

crate::params! {
    /// `[flock.params]`: boids.
    pub struct FlockParams {
        /// Top speed (the series' later demos: 3).
        max_speed: f32 = 3.0, 0.5..=20.0, step 0.5, "px/tick", Live;
        /// Cap on the summed force: low, so that boids turn in wide arcs (The Nature of Code: 0.03 at speed 2).
        max_force: f32 = 0.1, 0.01..=2.0, step 0.01, "", Live;
        /// Mass of every boid: the force is divided by it.
        mass: f32 = 1.0, 0.2..=10.0, step 0.1, "", Restart;
        /// Boids this close are neighbours: they align and cohere.
        neighbor_radius: f32 = 50.0, 10.0..=200.0, step 5.0, "px", Live;
        /// Neighbours this close push apart, harder the closer.
        separation_radius: f32 = 25.0, 5.0..=100.0, step 1.0, "px", Live;
        /// Weight of separation (classic: 1.5).
        separation_weight: f32 = 1.5, 0.0..=5.0, step 0.1, "", Live;
        /// Weight of alignment (classic: 1.0).
        alignment_weight: f32 = 1.0, 0.0..=5.0, step 0.1, "", Live;
        /// Weight of cohesion (classic: 1.0).
        cohesion_weight: f32 = 1.0, 0.0..=5.0, step 0.1, "", Live;
        /// The stage grows with --agents to keep this many boids per 800x600.
        reference_agents: usize = 200, 10..=10_000, step 10, "", Restart, Setup;
    }
}

crate::variants! {
    /// The rules, one at a time.
    pub enum Variant {
        Separation = "separation": "Separation only: boids keep their distance and wander off in every direction.",
        Alignment = "alignment": "Separation and alignment: neighbours turn to a common heading; lanes form.",
        Flock = "flock": "Separation, alignment and cohesion: boids gather into flocks that fly together.",
    }
}

/// The three forces on one boid, for the overlay, and how many
/// neighbours it saw.
#[derive(Debug, Clone, Copy, Default)]
struct Forces {
    separation: Vec2,
    alignment: Vec2,
    cohesion: Vec2,
    /// Boids within the neighbourhood radius.
    neighbors: u32,
}

#[derive(Clone)]
pub struct FlockScene {
    params: FlockParams,
    variant: Variant,
    stage: Vec2,
    neighbors: Neighbors,
    forces: Vec<Forces>,
    /// The boids' velocities as exact terms, in the grid's memory order:
    /// converted once a tick rather than once a neighbour, and read next to
    /// the last.
    velocity_terms: Vec<ExactSum>,
    /// What each boid saw of its neighbours this tick, in memory order.
    seen: Vec<Seen>,
    polarization: Series,
    /// The boid whose neighbourhood the overlay rings: the one that starts
    /// nearest the middle (boid 0 starts in a corner, as boids are numbered
    /// row by row). Its id.
    ringed: usize,
}

impl FlockScene {
    fn limits(&self) -> Limits {
        Limits {
            max_speed: self.params.max_speed,
            max_force: self.params.max_force,
        }
    }
}

mod tour;

/// The flock scene, as data: who it is and how it starts.
pub const SCENE: SceneDecl = SceneDecl {
    name: "flock",
    title: "Flocking",
    seed: 8,
    agents: Knob::agents(
        "Boids; the stage grows to keep their density.",
        200,
        MAX_AGENTS,
        1000,
    ),
    default_variant: 2,
    primary: Some(FlockParams::cohesion_weight.knob()),
    unused: &[
        ("separation", &["alignment_weight", "cohesion_weight"]),
        ("alignment", &["cohesion_weight"]),
    ],
    series: &[
        ("polarization", ""),
    ],
    tour: tour::STEPS,
    ..SceneDecl::of::<FlockScene>()
};

impl Build for FlockScene {
    type Params = FlockParams;
    type Variant = Variant;

    fn new(params: &FlockParams, variant: Variant, setup: &Setup, spawn: &mut Spawn) -> Self {
        let scale = (setup.agents as f32 / params.reference_agents as f32)
            .sqrt()
            .max(1.0);
        spawn.stage *= scale;
        let stage = spawn.stage;
        let mut rng = rng(setup.seed);
        let boid = |_| {
            (
                random_point(&mut rng, Vec2::ZERO, stage),
                random_heading(&mut rng),
            )
        };
        let (points, headings): (Vec<Vec2>, Vec<Vec2>) = (0..setup.agents).map(boid).unzip();
        let cell = params.neighbor_radius.max(params.separation_radius);
        spawn.reserve(setup.agents);
        for k in in_runs(&points, cell, Runs::Rows) {
            spawn.agent(
                points[k],
                headings[k] * params.max_speed,
                params.mass,
                Look::Plain,
            );
        }
        let middle = stage * 0.5;
        let ringed = (spawn.crowd().positions().iter())
            .map(|p| p.distance_squared(middle))
            .enumerate()
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map_or(0, |(i, _)| i);
        Self {
            params: params.clone(),
            variant,
            stage,
            neighbors: Neighbors::new(setup.neighbors, cell),
            forces: vec![Forces::default(); setup.agents],
            velocity_terms: Vec::with_capacity(setup.agents),
            seen: Vec::with_capacity(setup.agents),
            polarization: Series::new(1 << 16),
            ringed,
        }
    }
}

impl Scene for FlockScene {
    fn card(&self) -> Card {
        let variant = self.variant;
        const SEPARATION: &str =
            "separation = truncate(away_from(neighbours), max_force) * separation_weight";
        const ALIGNMENT: &str = "alignment = truncate(mean_heading(neighbours) * max_speed - velocity, \
            max_force) * alignment_weight";
        const COHESION: &str =
            "cohesion = truncate(seek(centre_of(neighbours)), max_force) * cohesion_weight";
        const NEIGHBORS: &str = "// neighbours: the boids within neighbor_radius";
        match variant {
            Variant::Separation => Card {
                idea: "Each boid sees only its neighbours. Separation alone pushes it away \
                    from the nearest: the boids spread out and drift apart.",
                formula: &[NEIGHBORS, SEPARATION, "steering = separation"],
                code: &[Code("steer::flock::separation_from", "src/steer/flock.rs")],
            },
            Variant::Alignment => Card {
                idea: "Alignment turns each boid toward the mean heading of its neighbours. \
                    With separation, neighbours soon fly the same way, in lanes.",
                formula: &[
                    NEIGHBORS,
                    SEPARATION,
                    ALIGNMENT,
                    "steering = separation + alignment",
                ],
                code: &[
                    Code("steer::flock::separation_from", "src/steer/flock.rs"),
                    Code("steer::flock::alignment", "src/steer/flock.rs"),
                ],
            },
            Variant::Flock => Card {
                idea: "Three local rules and no leader: keep apart (separation), head the same \
                    way (alignment) and stay together (cohesion). Flocks form, split and merge.",
                formula: &[
                    NEIGHBORS,
                    SEPARATION,
                    ALIGNMENT,
                    COHESION,
                    "steering = separation + alignment + cohesion",
                ],
                code: &[
                    Code("steer::flock::separation_from", "src/steer/flock.rs"),
                    Code("steer::flock::alignment", "src/steer/flock.rs"),
                    Code("steer::flock::cohesion", "src/steer/flock.rs"),
                ],
            },
        }
    }

    fn steer(&mut self, ctx: &mut Decide, _input: &Input) {
        self.neighbors.rebuild(ctx.crowd.positions());
        let limits = self.limits();
        let (crowd, p, variant, stage, index) = (
            ctx.crowd,
            &self.params,
            self.variant,
            self.stage,
            &self.neighbors,
        );
        let order = index.memory_order();
        velocity_terms(order, crowd.velocities(), &mut self.velocity_terms);
        let meeting = Meeting {
            velocities: &self.velocity_terms,
            radius: p.neighbor_radius.max(p.separation_radius),
            near_sq: p.neighbor_radius * p.neighbor_radius,
            apart_sq: p.separation_radius * p.separation_radius,
            separation_radius: p.separation_radius,
        };
        let positions = crowd.positions();
        index.sum_pairs(positions, meeting.radius, &meeting, &mut self.seen);
        // Each boid from its sums, in index order (which the spawn made
        // close to the grid's), with the limits, in one pass.
        let (seen, velocities) = (&self.seen, crowd.velocities());
        let slot = |i: usize| order.map_or(i, |order| order.slot(i));
        // Four boids at a time (deciding.rs).
        (
            self.forces.par_chunks_mut(4),
            ctx.steering.par_chunks_mut(4),
            ctx.limits.par_chunks_mut(4),
        )
            .into_par_iter()
            .enumerate()
            .with_min_len(CHUNK / 4)
            .for_each(|(c, (forces, steering, boid_limits))| {
                let mut agents = [Agent::default(); 4];
                let mut seen_by = [Seen::default(); 4];
                let boids = agents.iter_mut().zip(&mut seen_by).take(forces.len());
                for (l, (agent, seen_by)) in boids.enumerate() {
                    let i = 4 * c + l;
                    *agent = Agent {
                        index: i,
                        position: positions[i],
                        velocity: velocities[i],
                    };
                    *seen_by = seen[slot(i)];
                    see_across_edges(*agent, slot(i), seen_by, positions, &meeting, stage, index);
                }
                let decided = decide_four(&agents[..forces.len()], &seen_by, p, variant);
                for (l, f) in decided.into_iter().take(forces.len()).enumerate() {
                    forces[l] = f;
                    boid_limits[l] = limits;
                    steering[l] = Steering::force(f.separation + f.alignment + f.cohesion);
                }
            });
        self.record(ctx);
    }

    /// Wrap at the edges; measure how aligned the flock is.
    fn settle(&mut self, ctx: &mut Settle) {
        let stage = self.stage;
        for i in 0..ctx.crowd().len() {
            let p = ctx.crowd().positions()[i];
            // Nearly every boid is on the stage, where wrapping is the
            // identity: only the others pay for rem_euclid (a call to fmodf).
            if p.cmpge(Vec2::ZERO).all() && p.cmplt(stage).all() {
                continue;
            }
            let wrapped = p.rem_euclid(stage);
            if wrapped != p {
                // rem_euclid can round up to the stage size itself.
                ctx.teleport(i, wrapped.min(stage - Vec2::splat(1e-3)));
            }
        }
        // Exact, so the figure is the same whatever the thread count.
        let headings = ctx
            .crowd()
            .velocities()
            .par_iter()
            .with_min_len(CHUNK)
            .fold(ExactSum::default, |mut sum, v| {
                sum.add(v.normalize_or_zero());
                sum
            })
            .reduce(ExactSum::default, |mut a, b| {
                a.merge(b);
                a
            })
            .value();
        let n = ctx.crowd().len().max(1) as f32;
        self.polarization.push((headings / n).length());
    }

    fn headline(&self, _crowd: &Crowd) -> Figures {
        let last = self.polarization.latest().unwrap_or(0.0);
        [("polarization", last.into())].into()
    }

    fn inspect(&self, i: usize, _crowd: &Crowd) -> Vec<(&'static str, Reading)> {
        // The three forces are the overlay's rows of the readout already.
        vec![("neighbours", value(self.forces[i].neighbors))]
    }

    fn metrics(&self, crowd: &Crowd, _tick: u64) -> Vec<(&'static str, Metric, Sampling)> {
        let (mean_nn_distance, groups) = figures::at_end(crowd, self.stage, self.params.neighbor_radius);
        vec![
            (
                "polarization",
                Metric::Float(self.polarization.tail_mean(0.25).unwrap_or(0.0)),
                Sampling::EveryTick,
            ),
            (
                "mean_nn_distance",
                Metric::Float(mean_nn_distance),
                Sampling::AtEnd,
            ),
            (
                "groups",
                Metric::Int(groups),
                Sampling::AtEnd,
            ),
            (
                "stage_width",
                Metric::Float(self.stage.x.into()),
                Sampling::Setup,
            ),
            (
                "stage_height",
                Metric::Float(self.stage.y.into()),
                Sampling::Setup,
            ),
        ]
    }

    fn neighborhood(&self, i: usize, crowd: &Crowd) -> Option<Neighborhood<'_>> {
        let at = crowd.positions()[i];
        Some(Neighborhood::around(at, self.params.neighbor_radius.max(self.params.separation_radius), &self.neighbors))
    }

    fn retune(&mut self, params: &dyn Params) -> Result<(), WrongScene> {
        let params: &FlockParams = SCENE.typed(params)?;
        self.params = params.clone();
        Ok(())
    }

    /// The cells of the pair walk.
    fn cell_order(&self) -> Option<f32> {
        let p = &self.params;
        Some(p.neighbor_radius.max(p.separation_radius))
    }
}

impl FlockScene {
    /// Each recorded boid's three forces; the neighbourhood of the ringed
    /// boid and of the selected one.
    fn record(&self, ctx: &mut Decide) {
        // A rule at the force cap (before its weight) is RULE_LENGTH px:
        // the three share one scale, so they compare, and even among
        // hundreds of boids they stay short enough to tell apart.
        let s = RULE_LENGTH / self.params.max_force.max(f32::EPSILON);
        let (vector_scale, crowd, selected) = (ctx.vector_scale, ctx.crowd, ctx.selected);
        for i in ctx.recorded(self.forces.len()) {
            let (f, pos, vel) = (&self.forces[i], crowd.positions()[i], crowd.velocities()[i]);
            let Some(o) = ctx.record(i) else { continue };
            o.vector(Meaning::Velocity, pos, vel, vector_scale);
            o.vector(Meaning::Separation, pos, f.separation, s);
            o.vector(Meaning::Alignment, pos, f.alignment, s);
            o.vector(Meaning::Cohesion, pos, f.cohesion, s);
            o.value("neighbours", f.neighbors);
            if selected == Some(i) {
                o.circle(Meaning::Neighborhood, pos, self.params.neighbor_radius);
            }
        }
        // Whether or not it is in the overlay's sample (once if selected).
        let ringed = crowd.index_of(self.ringed).filter(|&i| selected != Some(i));
        let ringed = ringed.map(|i| crowd.positions()[i]);
        if let (Some(o), Some(pos)) = (ctx.record_scene(), ringed) {
            o.circle(Meaning::Neighborhood, pos, self.params.neighbor_radius);
        }
    }
}

/// How long a rule's arrow is drawn at the force cap, in px.
const RULE_LENGTH: f32 = 16.0;

#[cfg(test)]
mod tests {
    use crate::testing::scene_with;
    use glam::Vec2;

    #[test]
    fn the_three_rules_make_a_flock() {
        let sep = scene_with("flock", "separation", None).steps(3600);
        let flock = scene_with("flock", "flock", None).steps(3600);
        assert_eq!((sep.nan, flock.nan), (0, 0));
        let (ps, pf) = (sep.float("polarization"), flock.float("polarization"));
        assert!(pf >= 0.8, "the flock aligns: polarization {pf}");
        assert!(ps <= 0.3, "separation alone does not: {ps}");
        let (gs, gf) = (sep.int("groups").unwrap(), flock.int("groups").unwrap());
        assert!(gf < gs, "flocks gather: {gf} groups against {gs}");
    }

    #[test]
    fn the_overlay_rings_one_boid_from_the_middle_of_a_large_flock() {
        use crate::overlay::{Geom, Meaning};
        let mut run = scene_with("flock", "flock", Some(3000));
        run.scene.set_recording(true);
        run.steps(1);
        let middle = run.scene.stage() * 0.5;
        let rings: Vec<Vec2> = (run.scene.overlay().shapes.iter())
            .filter(|s| s.meaning == Meaning::Neighborhood)
            .filter_map(|s| match s.geom {
                Geom::Circle { center, .. } => Some(center),
                _ => None,
            })
            .collect();
        assert_eq!(rings.len(), 1, "one ring, with the overlay's sample of 400");
        assert!(
            rings[0].distance(middle) < 50.0,
            "{} from {middle}",
            rings[0]
        );
    }

    #[test]
    fn boids_wrap_at_the_edges() {
        let mut run = scene_with("flock", "flock", Some(50));
        run.steps(600);
        let stage = run.scene.stage();
        for p in run.scene.crowd().positions() {
            assert!(
                p.x >= 0.0 && p.y >= 0.0 && p.x < stage.x && p.y < stage.y,
                "{p}"
            );
        }
    }

    /// Two agents started on one point part ([`crate::testing`]).
    #[test]
    fn two_agents_on_one_point_part() {
        crate::testing::coincident_agents_part("flock");
    }
}
