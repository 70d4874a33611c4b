//! The window's state, without the window: which scene runs, its variant
//! and knobs, pause, the overlay switch, the fixed-step accumulator. The
//! frame loop in `main.rs` turns keys and clicks into [`Action`]s (through
//! the controls table); each action that takes effect returns the line
//! `--log-events` prints. Being plain Rust, every control is tested here
//! without a display.

use crate::config::{Config, SceneConfig};
pub use crate::controls::Action;
use crate::controls::{CONTROLS, Hint};
use crate::scenes::registry::Entry;
use crate::sim::knobs::{Apply, Knob, number};
use crate::sim::lesson::{Input, Setup};
use crate::sim::runner::Runner;
use crate::steer::avoid::Obstacle;
use crate::steer::neighbors::NeighborMode;
use glam::Vec2;
use std::time::Instant;

/// The running application.
pub struct App {
    pub config: Config,
    index: usize,
    /// What each scene was last set to, kept across scene switches.
    memory: Vec<Setup>,
    /// Each scene's obstacles as the user left them, kept across restarts.
    layouts: Vec<Option<Vec<Obstacle>>>,
    /// The obstacle being dragged, and where it was grabbed (from its centre).
    drag: Option<(usize, Vec2)>,
    runner: Runner,
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
        let mut memory: Vec<Setup> = config
            .scenes
            .iter()
            .map(|s| Setup {
                neighbors: setup.neighbors,
                ..s.setup()
            })
            .collect();
        memory[index] = setup;
        let runner = Self::start(&config, index, &memory[index]);
        let pointer = runner.stage() * 0.5;
        Self {
            layouts: vec![None; config.scenes.len()],
            drag: None,
            config,
            index,
            memory,
            runner,
            show_forces: false,
            paused: false,
            help: false,
            accumulator: 0.0,
            pointer,
            tick_ms: 0.0,
        }
    }

    fn start(config: &Config, index: usize, setup: &Setup) -> Runner {
        let (mut runner, _) = config.start(&config.scenes[index], setup);
        runner.set_recording(true);
        runner
    }

    fn rebuild(&mut self) {
        self.runner = Self::start(&self.config, self.index, &self.memory[self.index]);
        if let (Some(layout), Some(obstacles)) = (
            self.layouts[self.index].clone(),
            self.runner.obstacles_mut(),
        ) {
            *obstacles = layout;
        }
        self.accumulator = 0.0;
        self.drag = None;
    }

    /// The pointer moved to `world`: a grabbed obstacle follows it.
    pub fn point_at(&mut self, world: Vec2) {
        self.pointer = crate::steer::finite_or_zero(world);
        let Some((i, grip)) = self.drag else { return };
        let to = self.pointer - grip;
        if let Some(Obstacle::Circle { center, .. }) =
            self.runner.obstacles_mut().and_then(|o| o.get_mut(i))
        {
            *center = to;
        }
    }

    /// The obstacle under the pointer, if the scene has one there.
    fn obstacle_under_pointer(&self) -> Option<(usize, Vec2)> {
        let obstacles = self.runner.obstacles()?;
        obstacles
            .iter()
            .enumerate()
            .rev()
            .find_map(|(i, o)| match *o {
                Obstacle::Circle { center, radius } if center.distance(self.pointer) <= radius => {
                    Some((i, self.pointer - center))
                }
                _ => None,
            })
    }

    /// Keeps the edited layout for restarts, and says where obstacle `i` is.
    fn obstacle_event(&mut self, i: usize) -> Option<String> {
        let obstacles = self.runner.obstacles()?.to_vec();
        let line = match obstacles.get(i) {
            Some(Obstacle::Circle { center, .. }) => {
                format!("obstacle {i} {} {}", center.x.round(), center.y.round())
            }
            _ => format!("obstacle {i} removed"),
        };
        self.layouts[self.index] = Some(obstacles);
        Some(line)
    }

    /// The running scene.
    pub fn scene(&self) -> &Runner {
        &self.runner
    }

    pub fn index(&self) -> usize {
        self.index
    }

    pub fn setup(&self) -> &Setup {
        &self.memory[self.index]
    }

    /// The running scene's configuration.
    pub fn scene_config(&self) -> &SceneConfig {
        &self.config.scenes[self.index]
    }

    /// The running scene's registry row.
    pub fn entry(&self) -> &'static Entry {
        self.scene_config().entry
    }

    /// The name of the variant shown.
    pub fn variant(&self) -> &'static str {
        self.entry().variants[self.setup().variant]
    }

    /// The lesson of the variant shown.
    pub fn lesson(&self) -> &'static str {
        self.entry().lessons[self.setup().variant]
    }

    /// The knob + and - turn, with its current value.
    pub fn primary(&self) -> Option<(&'static Knob, f64)> {
        let knob = self.entry().primary()?;
        Some((knob, self.setup().params.get(knob.name)?))
    }

    /// Seconds per simulation tick of the running scene.
    pub fn tick_seconds(&self) -> f64 {
        1.0 / f64::from(self.scene_config().tick_hz)
    }

    /// The footer's hints for the running scene, from the controls table.
    pub fn hints(&self) -> Vec<String> {
        CONTROLS
            .iter()
            .filter(|c| c.scope.applies(&self.runner))
            .filter_map(|c| match c.hint {
                Hint::None => None,
                Hint::Text(text) => Some(text.to_string()),
                Hint::PrimaryKnob => self
                    .primary()
                    .map(|(knob, value)| format!("+/-: {} {}", knob.name, number(value))),
                Hint::Agents => Some(format!("[ ]: agents {}", self.setup().agents)),
                Hint::Neighbors => Some(format!("G: neighbours {}", self.setup().neighbors.name())),
            })
            .collect()
    }

    /// Applies an action; returns the event line when it took effect.
    pub fn apply(&mut self, action: Action) -> Option<String> {
        match action {
            Action::Press => {
                if let Some(grab) = self.obstacle_under_pointer() {
                    self.drag = Some(grab);
                    return None;
                }
                self.show_forces = !self.show_forces;
                Some(format!("forces {}", on_off(self.show_forces)))
            }
            Action::Release => {
                let (i, _) = self.drag.take()?;
                self.obstacle_event(i)
            }
            Action::AddObstacle => {
                let radius = self.runner.new_obstacle_radius();
                let center = self.pointer;
                let obstacles = self.runner.obstacles_mut()?;
                obstacles.push(Obstacle::Circle { center, radius });
                let i = obstacles.len() - 1;
                self.obstacle_event(i)
            }
            Action::RemoveObstacle => {
                let (i, _) = self.obstacle_under_pointer()?;
                self.runner.obstacles_mut()?.remove(i);
                self.obstacle_event(i)
            }
            Action::Knob(steps) => {
                let (knob, value) = self.primary()?;
                self.set_knob(knob, knob.stepped(value, steps))
            }
            Action::Scene(i) => {
                if i >= self.config.scenes.len() || i == self.index {
                    return None;
                }
                self.index = i;
                self.rebuild();
                Some(format!("scene {}", self.entry().name))
            }
            Action::NextScene => {
                self.apply(Action::Scene((self.index + 1) % self.config.scenes.len()))
            }
            Action::PrevScene => {
                let n = self.config.scenes.len();
                self.apply(Action::Scene((self.index + n - 1) % n))
            }
            Action::NextVariant => {
                let count = self.entry().variants.len();
                if count < 2 {
                    return None;
                }
                let setup = &mut self.memory[self.index];
                setup.variant = (setup.variant + 1) % count;
                self.rebuild();
                Some(format!("variant {}", self.variant()))
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
                Some(format!("step {}", self.runner.tick()))
            }
            Action::ToggleHelp => {
                self.help = !self.help;
                Some(format!("help {}", on_off(self.help)))
            }
            Action::ToggleNeighbors => {
                let setup = &mut self.memory[self.index];
                setup.neighbors = match setup.neighbors {
                    NeighborMode::Grid => NeighborMode::Brute,
                    NeighborMode::Brute => NeighborMode::Grid,
                };
                let name = setup.neighbors.name();
                self.rebuild();
                Some(format!("neighbors {name}"))
            }
            Action::Agents(steps) => {
                let knob = self.entry().defaults.agents;
                let setup = &mut self.memory[self.index];
                let agents = knob.stepped(setup.agents as f64, steps) as usize;
                if agents == setup.agents {
                    return None;
                }
                setup.agents = agents;
                self.rebuild();
                Some(format!("agents {agents}"))
            }
            // The window does these itself.
            Action::Screenshot | Action::Quit => None,
        }
    }

    /// Sets a knob of the running scene: live when the knob allows it,
    /// otherwise by starting the scene again. Returns the event line.
    pub fn set_knob(&mut self, knob: &Knob, value: f64) -> Option<String> {
        let params = &mut self.memory[self.index].params;
        if params.get(knob.name) == Some(value) {
            return None;
        }
        params.set(knob.name, value).ok()?;
        match knob.apply {
            Apply::Live => self.runner.retune(self.memory[self.index].params.as_ref()),
            Apply::Restart => self.rebuild(),
        }
        Some(format!("knob {} {}", knob.name, number(value)))
    }

    /// Runs one tick at the current pointer.
    fn tick(&mut self) {
        let started = Instant::now();
        self.runner.step(&Input {
            pointer: self.pointer,
        });
        self.tick_ms = started.elapsed().as_secs_f64() * 1e3;
    }

    /// Advances by one frame of `seconds`: as many fixed ticks as have come
    /// due, at most `max_ticks_per_frame`; time beyond that is dropped, so a
    /// stalled frame never makes the next ones slower. Returns the ticks run.
    pub fn advance(&mut self, seconds: f64, pointer: Vec2) -> u32 {
        self.point_at(pointer);
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
        let index = config
            .scenes
            .iter()
            .position(|s| s.name() == scene)
            .unwrap();
        let setup = config.scenes[index].setup();
        App::new(config, index, setup)
    }

    #[test]
    fn plus_and_minus_change_the_path_radius_within_its_range() {
        let mut app = app_on("patrol");
        let events: Vec<_> = [1, 1, 1, -1]
            .iter()
            .filter_map(|&s| app.apply(Action::Knob(s)))
            .collect();
        assert_eq!(
            events,
            [
                "knob path_radius 25",
                "knob path_radius 30",
                "knob path_radius 35",
                "knob path_radius 30"
            ]
        );
        let radius = |app: &App| app.setup().params.get("path_radius");
        for _ in 0..100 {
            app.apply(Action::Knob(1));
        }
        assert_eq!(radius(&app), Some(120.0));
        assert_eq!(app.apply(Action::Knob(1)), None, "no event at the limit");
        // The radius survives a variant change and a reset.
        app.apply(Action::NextVariant);
        app.apply(Action::Reset);
        assert_eq!(radius(&app), Some(120.0));
        assert!(app.hints().contains(&"+/-: path_radius 120".to_string()));
    }

    #[test]
    fn plus_and_minus_turn_each_scene_s_primary_knob() {
        let mut app = app_on("doorway");
        assert_eq!(
            app.apply(Action::Knob(1)).as_deref(),
            Some("knob max_separation 5.5")
        );
        let ticks_before = app.scene().tick();
        app.advance(app.tick_seconds(), Vec2::ZERO);
        assert_eq!(
            app.scene().tick(),
            ticks_before + 1,
            "a live knob keeps the run going"
        );
        for scene in 0..app.config.scenes.len() {
            app.apply(Action::Scene(scene));
            let (knob, before) = app.primary().expect("every scene has a primary knob");
            let event = app
                .apply(Action::Knob(1))
                .or_else(|| app.apply(Action::Knob(-1)));
            let after = app.setup().params.get(knob.name).unwrap();
            assert_ne!(before, after, "{}", knob.name);
            assert_eq!(event, Some(format!("knob {} {}", knob.name, number(after))));
        }
    }

    #[test]
    fn scenes_and_variants_cycle() {
        let mut app = app_on("seek");
        assert_eq!(
            app.apply(Action::NextScene).as_deref(),
            Some("scene wander")
        );
        assert_eq!(app.apply(Action::PrevScene).as_deref(), Some("scene seek"));
        let last = crate::scenes::registry::names().pop().unwrap();
        assert_eq!(app.apply(Action::PrevScene), Some(format!("scene {last}")));
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
        assert_eq!(app.lesson(), app.entry().lessons[4]);
    }

    #[test]
    fn the_overlay_switch_never_changes_the_simulation() {
        let mut a = app_on("doorway");
        let mut b = app_on("doorway");
        b.apply(Action::Press);
        for i in 0..300 {
            if i % 7 == 0 {
                b.apply(Action::Press);
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
    fn the_doorway_keeps_the_original_pace_of_30_ticks_per_second() {
        let mut app = app_on("doorway");
        let ticks: u32 = (0..60).map(|_| app.advance(1.0 / 60.0, Vec2::ZERO)).sum();
        assert_eq!(ticks, 30, "one second of frames");
        app.apply(Action::Scene(0));
        let ticks: u32 = (0..60).map(|_| app.advance(1.0 / 60.0, Vec2::ZERO)).sum();
        assert_eq!(ticks, 60, "the other scenes at the app's 60");
    }

    #[test]
    fn obstacles_drag_add_and_remove_and_survive_a_restart() {
        let mut app = app_on("avoid");
        let Some(&[Obstacle::Circle { center, .. }, ..]) = app.scene().obstacles() else {
            panic!("the avoid scene has obstacles");
        };
        // Press on obstacle 0, drag it 100 px right, drop it.
        app.point_at(center);
        assert_eq!(
            app.apply(Action::Press),
            None,
            "a press on an obstacle grabs it"
        );
        assert!(!app.show_forces);
        app.point_at(center + Vec2::new(100.0, 0.0));
        let dropped = app.apply(Action::Release);
        let moved = center + Vec2::new(100.0, 0.0);
        assert_eq!(
            dropped,
            Some(format!(
                "obstacle 0 {} {}",
                moved.x.round(),
                moved.y.round()
            ))
        );
        // A press on empty stage still toggles the forces.
        app.point_at(Vec2::new(5.0, 5.0));
        assert_eq!(app.apply(Action::Press).as_deref(), Some("forces on"));
        assert_eq!(app.apply(Action::Release), None);
        // Add at the pointer, remove it again.
        let count = app.scene().obstacles().unwrap().len();
        assert_eq!(
            app.apply(Action::AddObstacle),
            Some(format!("obstacle {count} 5 5"))
        );
        assert_eq!(
            app.apply(Action::RemoveObstacle),
            Some(format!("obstacle {count} removed"))
        );
        assert_eq!(
            app.apply(Action::RemoveObstacle),
            None,
            "nothing under the pointer"
        );
        // The layout survives a variant change.
        app.apply(Action::NextVariant);
        let Some(&[Obstacle::Circle { center: now, .. }, ..]) = app.scene().obstacles() else {
            panic!("obstacles after the restart");
        };
        assert_eq!(now, moved);
        let mut seek = app_on("seek");
        assert_eq!(
            seek.apply(Action::AddObstacle),
            None,
            "no obstacles to add to"
        );
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
            seek.apply(Action::Agents(1)).as_deref(),
            Some("agents 2"),
            "every scene's crowd grows by its own step"
        );
        assert_eq!(seek.scene().crowd().len(), 2);
        assert_eq!(seek.apply(Action::ToggleHelp).as_deref(), Some("help on"));
    }
}
