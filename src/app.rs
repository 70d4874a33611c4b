//! The window's state, without the window: which scene runs, its variant,
//! pause, the overlay switch, the fixed-step accumulator. The frame loop in
//! `main.rs` turns keys and clicks into [`Action`]s; each action that takes
//! effect returns the line `--log-events` prints. Being plain Rust, every
//! control is tested here without a display.

use crate::config::Config;
use crate::scenes::{Input, Scene, Setup, build};
use crate::steer::neighbors::NeighborMode;
use glam::Vec2;
use std::time::Instant;

/// Something the user did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Left click: show or hide the force overlay.
    ToggleForces,
    /// + or -: widen (+1) or narrow (-1) the path radius by one step.
    PathRadius(i32),
    /// 1-9: go to scene N (0-based here).
    Scene(usize),
    /// Right / Tab and Left / Shift+Tab.
    NextScene,
    PrevScene,
    /// V: the scene's next variant.
    NextVariant,
    /// R: start the scene again with its seed.
    Reset,
    /// Space.
    TogglePause,
    /// `.` while paused: one tick.
    StepOnce,
    /// H.
    ToggleHelp,
    /// G: switch between the grid and the all-pairs neighbour search.
    ToggleNeighbors,
    /// ] and [: add (+1) or remove (-1) one step of agents (doorway).
    Agents(i32),
}

/// What each scene was last set to, kept across scene switches.
#[derive(Debug, Clone, PartialEq)]
struct Memory {
    setup: Setup,
    path_radius: Option<f32>,
}

/// The running application.
pub struct App {
    pub config: Config,
    index: usize,
    memory: Vec<Memory>,
    scene: Box<dyn Scene>,
    pub show_forces: bool,
    pub paused: bool,
    pub help: bool,
    accumulator: f64,
    /// The pointer of the last tick, in world coordinates.
    pub pointer: Vec2,
    /// Wall-clock milliseconds the last tick took to simulate.
    pub tick_ms: f64,
}

impl App {
    /// Starts on scene `index` with `setup` (the command line's choices).
    pub fn new(config: Config, index: usize, setup: Setup) -> Self {
        let mut memory: Vec<Memory> = config
            .scenes
            .iter()
            .map(|s| Memory {
                setup: Setup {
                    neighbors: setup.neighbors,
                    ..Setup::from_config(&config.app, s)
                },
                path_radius: None,
            })
            .collect();
        memory[index].setup = setup;
        let scene = Self::build_scene(&config, index, &memory[index]);
        let pointer = scene.stage() * 0.5;
        Self {
            config,
            index,
            memory,
            scene,
            show_forces: false,
            paused: false,
            help: false,
            accumulator: 0.0,
            pointer,
            tick_ms: 0.0,
        }
    }

    fn build_scene(config: &Config, index: usize, memory: &Memory) -> Box<dyn Scene> {
        let mut scene = build(&config.app, &config.scenes[index], &memory.setup);
        if let Some(r) = memory.path_radius {
            scene.set_path_radius(r);
        }
        scene.set_recording(true);
        scene
    }

    fn rebuild(&mut self) {
        self.scene = Self::build_scene(&self.config, self.index, &self.memory[self.index]);
        self.accumulator = 0.0;
    }

    pub fn scene(&self) -> &dyn Scene {
        self.scene.as_ref()
    }

    pub fn index(&self) -> usize {
        self.index
    }

    pub fn setup(&self) -> &Setup {
        &self.memory[self.index].setup
    }

    /// The running scene's configuration entry.
    pub fn scene_config(&self) -> &crate::config::SceneConfig {
        &self.config.scenes[self.index]
    }

    /// The lesson of the current variant.
    pub fn lesson(&self) -> &str {
        let config = self.scene_config();
        config
            .lessons
            .get(&self.setup().variant)
            .map_or("", String::as_str)
    }

    /// Seconds per simulation tick.
    pub fn tick_seconds(&self) -> f64 {
        1.0 / f64::from(self.config.app.tick_hz)
    }

    /// Applies an action; returns the event line when it took effect.
    pub fn apply(&mut self, action: Action) -> Option<String> {
        match action {
            Action::ToggleForces => {
                self.show_forces = !self.show_forces;
                Some(format!("forces {}", on_off(self.show_forces)))
            }
            Action::PathRadius(steps) => {
                let adjustable = self.scene.path_radius()?;
                let wanted = adjustable.value + steps as f32 * adjustable.step;
                self.scene.set_path_radius(wanted);
                let now = self.scene.path_radius()?.value;
                self.memory[self.index].path_radius = Some(now);
                (now != adjustable.value).then(|| format!("path_radius {now}"))
            }
            Action::Scene(i) => {
                if i >= self.config.scenes.len() || i == self.index {
                    return None;
                }
                self.index = i;
                self.rebuild();
                Some(format!("scene {}", self.scene_config().name))
            }
            Action::NextScene => {
                self.apply(Action::Scene((self.index + 1) % self.config.scenes.len()))
            }
            Action::PrevScene => {
                let n = self.config.scenes.len();
                self.apply(Action::Scene((self.index + n - 1) % n))
            }
            Action::NextVariant => {
                let variants = self.scene_config().params.variants();
                if variants.len() < 2 {
                    return None;
                }
                let at = variants
                    .iter()
                    .position(|v| *v == self.setup().variant)
                    .unwrap_or(0);
                let next = variants[(at + 1) % variants.len()].to_string();
                self.memory[self.index].setup.variant = next.clone();
                self.rebuild();
                Some(format!("variant {next}"))
            }
            Action::Reset => {
                self.rebuild();
                Some("reset".into())
            }
            Action::TogglePause => {
                self.paused = !self.paused;
                Some(if self.paused { "paused" } else { "resumed" }.into())
            }
            Action::StepOnce => {
                if !self.paused {
                    return None;
                }
                self.tick();
                Some(format!("step {}", self.scene.tick()))
            }
            Action::ToggleHelp => {
                self.help = !self.help;
                Some(format!("help {}", on_off(self.help)))
            }
            Action::ToggleNeighbors => {
                let setup = &mut self.memory[self.index].setup;
                setup.neighbors = match setup.neighbors {
                    NeighborMode::Grid => NeighborMode::Brute,
                    NeighborMode::Brute => NeighborMode::Grid,
                };
                let name = setup.neighbors.name();
                self.rebuild();
                Some(format!("neighbors {name}"))
            }
            Action::Agents(steps) => {
                let step = self.scene.agents_step()?;
                let setup = &mut self.memory[self.index].setup;
                let wanted = setup.agents as i64 + i64::from(steps) * step as i64;
                let agents = wanted.clamp(1, crate::config::MAX_AGENTS as i64) as usize;
                if agents == setup.agents {
                    return None;
                }
                setup.agents = agents;
                self.rebuild();
                Some(format!("agents {agents}"))
            }
        }
    }

    /// Runs one tick at the current pointer.
    fn tick(&mut self) {
        let started = Instant::now();
        self.scene.step(&Input {
            pointer: self.pointer,
        });
        self.tick_ms = started.elapsed().as_secs_f64() * 1e3;
    }

    /// Advances by one frame of `seconds`: as many fixed ticks as have come
    /// due, at most `max_ticks_per_frame`; time beyond that is dropped, so a
    /// stalled frame never makes the next ones slower. Returns the ticks run.
    pub fn advance(&mut self, seconds: f64, pointer: Vec2) -> u32 {
        self.pointer = crate::steer::finite_or_zero(pointer);
        if self.paused {
            return 0;
        }
        let dt = self.tick_seconds();
        let max = self.config.app.max_ticks_per_frame;
        self.accumulator += seconds.clamp(0.0, 1.0);
        let mut ticks = 0;
        while self.accumulator >= dt && ticks < max {
            self.tick();
            self.accumulator -= dt;
            ticks += 1;
        }
        if ticks == max {
            self.accumulator = self.accumulator.rem_euclid(dt);
        }
        ticks
    }
}

fn on_off(on: bool) -> &'static str {
    if on { "on" } else { "off" }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn app_on(scene: &str) -> App {
        let config = Config::embedded();
        let index = config.scenes.iter().position(|s| s.name == scene).unwrap();
        let setup = Setup::from_config(&config.app, &config.scenes[index]);
        App::new(config, index, setup)
    }

    #[test]
    fn plus_and_minus_change_the_path_radius_within_its_range() {
        let mut app = app_on("patrol");
        let events: Vec<_> = [1, 1, 1, -1]
            .iter()
            .filter_map(|&s| app.apply(Action::PathRadius(s)))
            .collect();
        assert_eq!(
            events,
            [
                "path_radius 25",
                "path_radius 30",
                "path_radius 35",
                "path_radius 30"
            ]
        );
        for _ in 0..100 {
            app.apply(Action::PathRadius(1));
        }
        assert_eq!(app.scene().path_radius().unwrap().value, 120.0);
        assert_eq!(
            app.apply(Action::PathRadius(1)),
            None,
            "no event at the limit"
        );
        // The radius survives a variant change and a reset.
        app.apply(Action::NextVariant);
        app.apply(Action::Reset);
        assert_eq!(app.scene().path_radius().unwrap().value, 120.0);
    }

    #[test]
    fn scenes_and_variants_cycle() {
        let mut app = app_on("seek");
        assert_eq!(
            app.apply(Action::NextScene).as_deref(),
            Some("scene wander")
        );
        assert_eq!(app.apply(Action::PrevScene).as_deref(), Some("scene seek"));
        assert_eq!(
            app.apply(Action::PrevScene).as_deref(),
            Some("scene leader")
        );
        assert_eq!(
            app.apply(Action::Scene(4)).as_deref(),
            Some("scene doorway")
        );
        assert_eq!(app.apply(Action::Scene(4)), None);
        assert_eq!(app.apply(Action::Scene(40)), None);
        let variants: Vec<_> = (0..5)
            .filter_map(|_| app.apply(Action::NextVariant))
            .collect();
        assert_eq!(
            variants,
            [
                "variant v0",
                "variant v1",
                "variant v2",
                "variant v3",
                "variant v4"
            ]
        );
        assert_eq!(app.lesson(), app.scene_config().lessons["v4"]);
    }

    #[test]
    fn the_overlay_switch_never_changes_the_simulation() {
        let mut a = app_on("doorway");
        let mut b = app_on("doorway");
        b.apply(Action::ToggleForces);
        for i in 0..300 {
            if i % 7 == 0 {
                b.apply(Action::ToggleForces);
            }
            a.advance(1.0 / 60.0, Vec2::new(100.0, 100.0));
            b.advance(1.0 / 60.0, Vec2::new(100.0, 100.0));
        }
        assert_eq!(a.scene().tick(), b.scene().tick());
        assert_eq!(a.scene().crowd().checksum(), b.scene().crowd().checksum());
        assert!(!b.scene().overlay().shapes.is_empty());
    }

    #[test]
    fn pause_step_and_the_accumulator() {
        let mut app = app_on("seek");
        assert_eq!(app.advance(1.0 / 60.0, Vec2::ZERO), 1);
        assert_eq!(app.advance(0.5 / 60.0, Vec2::ZERO), 0);
        assert_eq!(app.advance(0.5 / 60.0, Vec2::ZERO), 1);
        // A stalled second runs at most max_ticks_per_frame, then drops the rest.
        assert_eq!(app.advance(1.0, Vec2::ZERO), 4);
        assert_eq!(app.advance(1.0 / 60.0, Vec2::ZERO), 1);
        assert_eq!(app.apply(Action::StepOnce), None, "step only while paused");
        assert_eq!(app.apply(Action::TogglePause).as_deref(), Some("paused"));
        assert_eq!(app.advance(1.0, Vec2::ZERO), 0);
        let tick = app.scene().tick();
        assert_eq!(
            app.apply(Action::StepOnce),
            Some(format!("step {}", tick + 1))
        );
        assert_eq!(app.apply(Action::TogglePause).as_deref(), Some("resumed"));
        // A NaN pointer from outside is neutralised.
        app.advance(1.0 / 60.0, Vec2::NAN);
        assert!(app.pointer.is_finite());
    }

    #[test]
    fn reset_restarts_with_the_seed() {
        let mut app = app_on("wander");
        let start = app.scene().crowd().checksum();
        for _ in 0..30 {
            app.advance(1.0 / 60.0, Vec2::ZERO);
        }
        assert_ne!(app.scene().crowd().checksum(), start);
        assert_eq!(app.apply(Action::Reset).as_deref(), Some("reset"));
        assert_eq!(app.scene().crowd().checksum(), start);
        assert_eq!(app.scene().tick(), 0);
    }

    #[test]
    fn agents_and_neighbour_search_in_the_doorway() {
        let mut app = app_on("doorway");
        assert_eq!(app.apply(Action::Agents(1)).as_deref(), Some("agents 1060"));
        assert_eq!(app.scene().crowd().len(), 1060);
        assert_eq!(app.apply(Action::Agents(-1)).as_deref(), Some("agents 60"));
        assert_eq!(app.apply(Action::Agents(-1)).as_deref(), Some("agents 1"));
        assert_eq!(
            app.apply(Action::ToggleNeighbors).as_deref(),
            Some("neighbors brute")
        );
        let mut seek = app_on("seek");
        assert_eq!(
            seek.apply(Action::Agents(1)),
            None,
            "only the doorway grows"
        );
        assert_eq!(seek.apply(Action::ToggleHelp).as_deref(), Some("help on"));
    }
}
