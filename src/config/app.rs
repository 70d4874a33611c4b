//! `[app]`: settings shared by every scene.

use crate::sim::knobs::{Invalid, number};
use crate::sim::pointer::PointerScript;
use crate::sim::runner::OverlaySettings;
use serde::Deserialize;

/// The `[app]` table as demos.toml documents it, at the defaults (a test
/// holds it to [`AppConfig::default`]).
pub const TABLE: &str = "\
[app]
tick_hz = 60                 # simulation ticks per second (1 to 1000)
max_ticks_per_frame = 4      # a slow frame drops time rather than spiralling (1 to 100)
stage = [800.0, 600.0]       # world size in px (original: 800x600), letterboxed into the window
window = [1280, 800]         # initial window size in screen pixels
max_fps = 60                 # frames a second at most where the screen does not pace them (software GL,
                             # no vsync): the processor rests between frames; 0 draws as fast as it can
msaa_samples = 1             # anti-aliasing: 4 smooths lines on a GPU; software GL (VMs, Xvfb) is
                             # 2x faster at 1 (10,000 agents: 52 fps against 23 fps under llvmpipe)
vector_scale = 20.0          # overlay: px drawn per px/tick of a velocity or force
overlay_max_agents = 400     # overlay: forces are recorded for N agents only, spread over the crowd

# Without a window the mouse is replaced by this scripted pointer:
# centre + amplitude * (cos(a * t), sin(b * t)) with t = 2 pi tick / period.
[app.pointer]
amplitude = [0.4, 0.35]      # fractions of the stage width and height
frequencies = [3.0, 2.0]     # 3:2 sweeps the whole stage
period_ticks = 1800.0        # 30 s at 60 Hz: slow enough to follow
";

/// Settings shared by every scene. Every key may be left out: the default
/// is the shipped value.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct AppConfig {
    /// Simulation ticks per second.
    pub tick_hz: f32,
    /// Most ticks run in one frame; a slower frame drops time instead of spiralling.
    pub max_ticks_per_frame: u32,
    /// World size, in px, fitted to the window.
    #[serde(deserialize_with = "crate::sim::arrays::deserialize")]
    pub stage: [f32; 2],
    /// Initial window size, in screen pixels.
    #[serde(deserialize_with = "crate::sim::arrays::deserialize")]
    pub window: [u32; 2],
    /// Most frames a second the window draws, where the screen does not
    /// pace them (no vsync); 0 is as many as it can.
    pub max_fps: u32,
    /// Multisample anti-aliasing samples: 1 (off), 2, 4 or 8.
    pub msaa_samples: u32,
    /// Overlay length of a velocity or force, in px per (px per tick).
    pub vector_scale: f32,
    /// Agents whose forces the overlay records (spread over the crowd); the rest are only drawn.
    pub overlay_max_agents: usize,
    /// The scripted pointer that stands in for the mouse without a window.
    pub pointer: PointerScript,
}

impl Default for AppConfig {
    fn default() -> Self {
        Self {
            tick_hz: 60.0,
            max_ticks_per_frame: 4,
            stage: [800.0, 600.0],
            window: [1280, 800],
            max_fps: 60,
            msaa_samples: 1,
            vector_scale: 20.0,
            overlay_max_agents: 400,
            pointer: PointerScript::default(),
        }
    }
}

impl Default for PointerScript {
    fn default() -> Self {
        Self {
            amplitude: [0.4, 0.35],
            frequencies: [3.0, 2.0],
            period_ticks: 1800.0,
        }
    }
}

impl AppConfig {
    /// What the runner needs of the overlay settings.
    pub fn overlay(&self) -> OverlaySettings {
        OverlaySettings {
            vector_scale: self.vector_scale,
            max_agents: self.overlay_max_agents,
        }
    }

    /// Every value in its range; the error names the key.
    pub fn check(&self) -> Result<(), Invalid> {
        range("tick_hz", self.tick_hz.into(), 1.0, 1000.0)?;
        range(
            "max_ticks_per_frame",
            self.max_ticks_per_frame.into(),
            1.0,
            100.0,
        )?;
        for side in self.stage {
            range("stage", side.into(), 100.0, 100_000.0)?;
        }
        for side in self.window {
            range("window", side.into(), 200.0, 10_000.0)?;
        }
        range("max_fps", self.max_fps.into(), 0.0, 1000.0)?;
        if ![1, 2, 4, 8].contains(&self.msaa_samples) {
            let got = self.msaa_samples;
            return Err(Invalid::new(
                "msaa_samples",
                format!("must be 1, 2, 4 or 8 (got {got})"),
            ));
        }
        range("vector_scale", self.vector_scale.into(), 0.1, 1000.0)?;
        let most = crate::sim::MAX_AGENTS as f64;
        range(
            "overlay_max_agents",
            self.overlay_max_agents as f64,
            0.0,
            most,
        )?;
        let p = &self.pointer;
        for a in p.amplitude {
            range("pointer.amplitude", a.into(), 0.0, 0.5)?;
        }
        for f in p.frequencies {
            range("pointer.frequencies", f.into(), -100.0, 100.0)?;
        }
        range("pointer.period_ticks", p.period_ticks.into(), 1.0, 1e9)
    }
}

fn range(key: &str, v: f64, lo: f64, hi: f64) -> Result<(), Invalid> {
    if v.is_finite() && (lo..=hi).contains(&v) {
        Ok(())
    } else {
        Err(Invalid::new(
            key,
            format!(
                "must be between {} and {} (got {})",
                number(lo),
                number(hi),
                number(v)
            ),
        ))
    }
}
