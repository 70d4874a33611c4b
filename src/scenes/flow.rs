//! Flow field following (*The Nature of Code*, ch. 5). The stage is a
//! grid of directions from smooth noise that drifts slowly; each agent
//! wants to go the way its cell points, at full speed, and steers by the
//! difference. The pointer paints the field: where it moves, the cells
//! turn its way, and the paint fades back into the noise.
//!
//! The field is *The Nature of Code*'s: each cell's angle is four octaves
//! of noise mapped to a full turn, 20 px cells, 0.1 noise units a cell.
//! Two changes, both for the agents' sake: the field is read between cell
//! centres (bilinear) rather than cell by cell, which takes the zigzag out
//! at cell borders; and it drifts (0.01 noise units a tick), because any
//! still field has sinks where the flows meet head on, and they trap every
//! agent in time (alignment 0.07 after 1,800 ticks on seed 5).
//!
//! The headless figure `mean_alignment` is the mean cosine between an
//! agent's velocity and the field where it stands, over the ticks after
//! the first 60 (1: all go with the flow).
//!
//! Controls: move the mouse to paint the field; a click shows each
//! agent's desired velocity and its force.

use crate::sim::reading::{Reading, value};
use super::{off_stage, random_heading, random_point, rng};
use crate::overlay::{Meaning, Overlay};
use crate::sim::crowd::{Crowd, Look, Metric, Sampling};
use crate::sim::knobs::{Invalid, Knob, Params};
use crate::sim::decl::{Build, SceneDecl};
use crate::sim::scene::{Decide, Figures, Input, Scene, Settle, Setup, Spawn, WrongScene};
use crate::sim::mind::{Card, Code};
use crate::steer::Limits;
use crate::steer::flow::{FlowField, follow_flow};
use glam::Vec2;

crate::params! {
    /// `[flow.params]`: agents in a drifting field of directions.
    pub struct FlowParams {
        /// Top speed (the series' later demos: 3).
        max_speed: f32 = 3.0, 0.5..=20.0, step 0.5, "px/tick", Live;
        /// Cap on the steering force (the series' later demos: 1.1).
        max_force: f32 = 1.1, 0.1..=10.0, step 0.1, "", Live;
        /// Mass: the force is divided by it.
        mass: f32 = 1.0, 0.2..=10.0, step 0.1, "", Restart;
        /// The side of a cell of the field (The Nature of Code: 20; at most 1,000,000 cells on the stage).
        cell: f32 = 20.0, 5.0..=100.0, step 5.0, "px", Restart;
        /// Noise units per cell: smaller makes a smoother field (The Nature of Code: 0.1).
        smoothness: f32 = 0.1, 0.01..=1.0, step 0.01, "", Live;
        /// How fast the field drifts, in noise units per tick (0: a still field, whose sinks trap the agents).
        drift: f32 = 0.01, 0.0..=0.1, step 0.001, "", Live;
        /// The pointer paints the cells within this distance of it.
        brush: f32 = 40.0, 0.0..=200.0, step 5.0, "px", Live;
        /// Paint left after a tick: 0.99 fades it in about 5 s.
        fade: f32 = 0.99, 0.0..=1.0, step 0.005, "", Live;
    }
    check check_cells;
}

/// Cells small on a large stage would make a field too big to refill
/// every tick (20 px cells on a 100,000 px stage: 25 million).
fn check_cells(p: &FlowParams, stage: Vec2) -> Result<(), Invalid> {
    let (cols, rows) = FlowField::grid(stage, p.cell);
    if cols.saturating_mul(rows) <= FlowField::MAX_CELLS {
        return Ok(());
    }
    Err(Invalid::new(
        "cell",
        format!(
            "{} px cells on a {}x{} px stage make {} cells; at most {} (larger cells, or a smaller stage)",
            p.cell,
            stage.x,
            stage.y,
            cols * rows,
            FlowField::MAX_CELLS
        ),
    ))
}

crate::variants! {
    /// One lesson.
    pub enum Variant {
        Flow = "flow": "Flow field: go the way the field points where you stand; move the mouse to paint it.",
    }
}

/// Ticks before the alignment is counted: time to fall in with the flow.
const SETTLING_TICKS: u64 = 60;

#[derive(Clone)]
pub struct FlowScene {
    params: FlowParams,
    field: FlowField,
    seed: u64,
    /// Where the pointer was last tick (it paints the way it moves).
    last_pointer: Option<Vec2>,
    counted: u64,
    alignment_sum: f64,
    /// Mean alignment after the last tick.
    alignment_now: f64,
}

impl FlowScene {
    /// The cosine between `velocity` and the field at `at` (0 at rest).
    fn alignment(&self, at: Vec2, velocity: Vec2) -> f32 {
        velocity.normalize_or_zero().dot(self.field.at(at))
    }
}

mod tour;

/// The flow scene, as data: who it is and how it starts.
pub const SCENE: SceneDecl = SceneDecl {
    name: "flow",
    title: "Flow field following",
    seed: 1,
    agents: Knob::agents("Agents in the flow.", 60, 2000, 10),
    primary: Some(FlowParams::smoothness.knob()),
    series: &[
        ("alignment with the field", ""),
    ],
    tour: tour::STEPS,
    ..SceneDecl::of::<FlowScene>()
};

impl Build for FlowScene {
    type Params = FlowParams;
    type Variant = Variant;

    fn new(params: &FlowParams, _variant: Variant, setup: &Setup, spawn: &mut Spawn) -> Self {
        let mut rng = rng(setup.seed);
        let stage = spawn.stage;
        for _ in 0..setup.agents {
            let at = random_point(&mut rng, Vec2::ZERO, stage);
            let heading = random_heading(&mut rng) * params.max_speed;
            spawn.agent(at, heading, params.mass, Look::Plain);
        }
        let mut field = FlowField::new(stage, params.cell);
        field.fill(setup.seed, params.smoothness, 0.0);
        Self {
            params: params.clone(),
            field,
            seed: setup.seed,
            last_pointer: None,
            counted: 0,
            alignment_sum: 0.0,
            alignment_now: 0.0,
        }
    }
}

impl Scene for FlowScene {
    fn card(&self) -> Card {
        Card {
            idea: "The stage is a grid of cells, each holding a direction. An agent looks up \
                its cell and wants to go that way at full speed; like seek, it steers by the \
                difference between that wish and its velocity.",
            formula: &[
                "direction = field(position)  // the cell it stands in",
                "desired = direction * max_speed",
                "steering = desired - velocity",
            ],
            code: &[Code("steer::flow::follow_flow", "src/steer/flow.rs")],
        }
    }

    fn steer(&mut self, ctx: &mut Decide, input: &Input) {
        let p = &self.params;
        self.field
            .fill(self.seed, p.smoothness, ctx.tick as f32 * p.drift);
        // The pointer paints the way it moves.
        if let Some(from) = self.last_pointer {
            self.field.paint(input.pointer, input.pointer - from, p.brush);
        }
        self.last_pointer = Some(input.pointer);
        self.field.fade(p.fade);
        let limits = Limits {
            max_speed: p.max_speed,
            max_force: p.max_force,
        };
        for i in 0..ctx.crowd.len() {
            let (pos, vel) = (ctx.crowd.positions()[i], ctx.crowd.velocities()[i]);
            let direction = self.field.at(pos);
            let force = follow_flow(vel, direction, p.max_speed);
            let s = ctx.vector_scale;
            if let Some(o) = ctx.record(i) {
                o.vector(Meaning::Velocity, pos, vel, s);
                o.vector(Meaning::Desired, pos, direction * p.max_speed, s);
                o.vector(Meaning::Steering, pos + vel * s, force, s);
                o.value("direction", direction);
            }
            ctx.set(i, force, limits);
        }
    }

    fn settle(&mut self, ctx: &mut Settle) {
        let stage = ctx.stage;
        // The stage wraps round, as in The Nature of Code.
        for i in 0..ctx.crowd().len() {
            let at = ctx.crowd().positions()[i];
            if off_stage(at, stage) {
                ctx.teleport(i, at.rem_euclid(stage));
            }
        }
        let crowd = ctx.crowd();
        let sum: f64 = (crowd.positions().iter().zip(crowd.velocities()))
            .map(|(&at, &v)| f64::from(self.alignment(at, v)))
            .sum();
        self.alignment_now = sum / crowd.len().max(1) as f64;
        if ctx.tick > SETTLING_TICKS {
            self.counted += crowd.len() as u64;
            self.alignment_sum += sum;
        }
    }

    fn scenery(&self, _input: &Input, out: &mut Overlay) {
        // Every other cell's direction, as an arrow through its centre.
        let length = self.field.cell * 0.8;
        for k in 0..self.field.len() {
            let (row, col) = (k / self.field.cols, k % self.field.cols);
            if row % 2 == 0 && col % 2 == 0 {
                let c = self.field.centre(k);
                let d = self.field.at(c);
                out.direction(Meaning::Path, c - d * length * 0.5, d, length);
            }
        }
    }

    fn metrics(&self, _crowd: &Crowd, _tick: u64) -> Vec<(&'static str, Metric, Sampling)> {
        let mean = if self.counted == 0 {
            0.0
        } else {
            self.alignment_sum / self.counted as f64
        };
        vec![("mean_alignment", Metric::Float(mean), Sampling::EveryTick)]
    }

    fn headline(&self, _crowd: &Crowd) -> Figures {
        [("alignment with the field", self.alignment_now)].into()
    }

    fn inspect(&self, i: usize, crowd: &Crowd) -> Vec<(&'static str, Reading)> {
        let (at, v) = (crowd.positions()[i], crowd.velocities()[i]);
        vec![("alignment", value(format_args!("{:.2}", self.alignment(at, v))))]
    }

    fn retune(&mut self, params: &dyn Params) -> Result<(), WrongScene> {
        let params: &FlowParams = SCENE.typed(params)?;
        self.params = params.clone();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::scene_with;

    /// The agents go with the flow: mean alignment at least 0.9, on
    /// eight seeds.
    #[test]
    fn agents_go_with_the_flow() {
        for seed in 1..=8 {
            let mut run = scene_with("flow", "flow", None);
            run.reseed(seed);
            let m = run.steps(1800);
            let alignment = m.float("mean_alignment");
            assert!(alignment >= 0.9, "seed {seed}: alignment {alignment:.3}");
            assert_eq!(m.nan, 0);
        }
    }

    /// Two agents started on one point part ([`crate::testing`]).
    #[test]
    fn two_agents_on_one_point_part() {
        crate::testing::coincident_agents_part("flow");
    }
}
