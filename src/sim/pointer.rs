//! The mouse, replayed without a window: a slow Lissajous curve across the
//! stage, so every headless run with the same inputs gives the same result.

use glam::Vec2;
use serde::Deserialize;

/// What the headless pointer does in a scene.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PointerMode {
    /// Follows the script.
    Lissajous,
    /// Stays where the script starts.
    Still,
}

/// A Lissajous curve across the stage: `centre + amplitude * (cos(a t), sin(b t))`.
/// Every key may be left out (`[app.pointer]` given in part): the rest
/// are the shipped values.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct PointerScript {
    /// Half the sweep, as fractions of the stage width and height.
    #[serde(deserialize_with = "crate::sim::arrays::deserialize")]
    pub amplitude: [f32; 2],
    /// The curve's frequencies (a, b): 3:2 draws a figure that covers the stage.
    #[serde(deserialize_with = "crate::sim::arrays::deserialize")]
    pub frequencies: [f32; 2],
    /// Ticks for the slowest full turn.
    pub period_ticks: f32,
}

impl PointerScript {
    /// Where the scripted pointer is at `tick` on a `stage`-sized world.
    pub fn at(&self, tick: u64, stage: Vec2) -> Vec2 {
        let t = std::f32::consts::TAU * (tick as f64 / f64::from(self.period_ticks)).fract() as f32;
        let [a, b] = self.frequencies;
        let swing = Vec2::new(libm::cosf(a * t), libm::sinf(b * t));
        stage * 0.5 + stage * Vec2::from(self.amplitude) * swing
    }
}

/// The script bound to one scene's stage and pointer mode.
#[derive(Debug, Clone)]
pub struct ScriptedPointer {
    script: PointerScript,
    mode: PointerMode,
    stage: Vec2,
}

impl ScriptedPointer {
    pub fn new(script: &PointerScript, mode: PointerMode, stage: Vec2) -> Self {
        Self {
            script: script.clone(),
            mode,
            stage,
        }
    }

    /// The pointer at `tick`.
    pub fn at(&self, tick: u64) -> Vec2 {
        match self.mode {
            PointerMode::Lissajous => self.script.at(tick, self.stage),
            PointerMode::Still => self.script.at(0, self.stage),
        }
    }
}
