//! The window's state, without the window: which scene runs, its variant
//! and knobs, pause, the overlay switch, the fixed-step accumulator. The
//! binary's frame loop (`window.rs`) turns keys and clicks into
//! [`Action`]s (through the controls table); each action that takes
//! effect returns the line `--log-events` prints. Being plain Rust, every control is tested here
//! without a display.

use crate::camera::Camera;
use crate::config::{Config, SceneConfig};
pub use crate::controls::Action;
use crate::controls::IN_BROWSER;
use crate::overlay::Meaning;
use crate::sim::decl::SceneDecl;
use crate::sim::knobs::{Apply, Knob, number};
use crate::sim::runner::Runner;
use crate::sim::scene::{Input, Setup};
use crate::steer::neighbors::NeighborMode;
use crate::stopwatch::Stopwatch;
use glam::Vec2;
use recent::Recent;
use timeline::{Edit, Timeline};

/// The running application.
pub struct App {
    pub config: Config,
    index: usize,
    /// What each scene was last set to, kept across scene switches.
    memory: Vec<Setup>,
    /// What the left button holds.
    drag: Option<edit::Drag>,
    runner: Runner,
    /// The split view's right pane: the same scene, seed and knobs in
    /// another variant, stepped in lockstep.
    compare: Option<Pane>,
    pub show_forces: bool,
    /// Which part of the stage is in view.
    pub camera: Camera,
    /// Overlay meanings a person switched off (a flock's rule, say).
    pub hidden: Vec<Meaning>,
    pub paused: bool,
    pub help: bool,
    /// The lesson card.
    pub card: bool,
    /// The parameter panel, the trails, the live chart.
    pub panel: bool,
    pub trails: bool,
    pub chart: bool,
    /// The selected agent's forces added tip to tail.
    pub tip_to_tail: bool,
    /// The panel lists the presets (Ctrl+O).
    pub presets: bool,
    /// The panel was opened for the presets: closing them closes it.
    panel_for_presets: bool,
    /// Simulated seconds per real second, one of [`RATES`].
    pub rate: f64,
    /// Esc with nothing selected: the window should close.
    pub quit: bool,
    /// A message the window shows until the app closes (a broken demos.toml).
    pub notice: Option<crate::text::Said>,
    accumulator: f64,
    /// The pointer of the last tick, in world coordinates.
    pub pointer: Vec2,
    /// Wall-clock milliseconds a tick took to simulate, over the last second.
    pub tick_ms: Recent,
    /// The other neighbour search and its ms a tick, measured before G
    /// switched from it (same scene and crowd), for the HUD.
    pub other_search: Option<(NeighborMode, f64)>,
    /// Started with the app: when each tick was timed.
    clock: Stopwatch,
    /// The last minute, to rewind through.
    timeline: Timeline,
    /// The step of the scene's guided tour shown (0-based), while touring.
    tour: Option<usize>,
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
        let span = 60 * config.scenes[index].tick_hz as u64;
        Self {
            timeline: Timeline::new((&runner, None), span),
            drag: None,
            compare: None,
            card: false,
            camera: Camera::fit(runner.stage()),
            hidden: Vec::new(),
            panel: false,
            trails: false,
            chart: false,
            tip_to_tail: false,
            presets: false,
            panel_for_presets: false,
            rate: 1.0,
            quit: false,
            notice: None,
            config,
            index,
            memory,
            runner,
            show_forces: false,
            paused: false,
            help: false,
            accumulator: 0.0,
            pointer,
            tick_ms: Recent::default(),
            other_search: None,
            clock: Stopwatch::start(),
            tour: None,
        }
    }

    fn start(config: &Config, index: usize, setup: &Setup) -> Runner {
        // The app keeps each scene's own setup (made by its declaration), so a
        // mismatch is a bug of the program: said, not papered over.
        let started = config.start(&config.scenes[index], setup);
        let (mut runner, _) = started.unwrap_or_else(|e| unreachable!("{e}"));
        runner.set_recording(true);
        runner
    }

    fn rebuild(&mut self) {
        let selected = self.runner.selected();
        self.runner = self.start_runner(self.memory[self.index].variant);
        self.runner.select(selected);
        if let Some(pane) = &self.compare {
            let variant = pane.variant;
            let mut runner = self.start_runner(variant);
            runner.select(selected);
            self.compare = Some(Pane { runner, variant });
        }
        self.accumulator = 0.0;
        self.drag = None;
        self.other_search = None;
        self.restart_timeline();
    }

    /// The running scene in `variant`, with the user's edits.
    fn start_runner(&self, variant: usize) -> Runner {
        let setup = Setup {
            variant,
            ..self.memory[self.index].clone()
        };
        Self::start(&self.config, self.index, &setup)
    }

    /// Starts scene `index` from `setup` (a preset's start): it becomes
    /// the scene's start, edits and all.
    pub fn start_from(&mut self, index: usize, setup: Setup) -> Option<String> {
        let setup = Setup {
            neighbors: self.setup().neighbors,
            ..setup
        };
        self.config.scenes.get(index)?;
        self.memory[index] = setup;
        self.index = index;
        self.tour = None;
        self.compare = None;
        self.runner.select(None);
        self.rebuild();
        Some(format!("scene {}", self.decl().name))
    }

    /// The running scene's link: its start, every knob off its default,
    /// the tour's step while touring, and the words' language.
    pub fn link(&self) -> String {
        let tour = self.tour.map(|n| format!("&tour={}", n + 1));
        // The words' language, when it is not English: a link a teacher
        // shares opens in the language the class reads.
        let shown = crate::text::language::shown();
        let lang = (shown.code != "en").then(|| format!("&lang={}", shown.code));
        crate::link::fragment(self.decl(), &self.kept_setup())
            + &tour.unwrap_or_default()
            + &lang.unwrap_or_default()
    }

    /// The running scene's start as a link or a preset keeps it: without
    /// hand-placed agents the run no longer has (the count was lowered
    /// since), which a link or preset naming them would be refused for.
    pub fn kept_setup(&self) -> Setup {
        let setup = self.setup();
        Setup {
            starts: setup.starts.within(self.runner.crowd().len()),
            ..setup.clone()
        }
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
    pub fn decl(&self) -> &'static SceneDecl {
        self.scene_config().decl
    }

    /// The name of the variant shown.
    pub fn variant(&self) -> &'static str {
        self.decl().variants[self.setup().variant]
    }

    /// The lesson line of the variant shown, under its key.
    pub fn lesson(&self) -> crate::words::Word {
        crate::words::lesson(self.decl(), self.setup().variant)
    }

    /// The knob + and - turn, with its current value.
    pub fn primary(&self) -> Option<(&'static Knob, f64)> {
        let knob = self.decl().primary?;
        Some((knob, self.setup().params.get(knob.name)?))
    }

    /// Seconds per simulation tick of the running scene.
    pub fn tick_seconds(&self) -> f64 {
        1.0 / f64::from(self.scene_config().tick_hz)
    }

    /// Applies an action; returns the event line when it took effect.
    pub fn apply(&mut self, action: Action) -> Option<String> {
        match action {
            Action::Press => {
                if let Some(event) = self.grab() {
                    return event;
                }
                self.show_forces = !self.show_forces;
                Some(format!("forces {}", on_off(self.show_forces)))
            }
            Action::Release => self.drop_grabbed(),
            Action::AddProp => self.add_prop(),
            Action::RemoveProp => self.remove_prop(),
            Action::AddAgent => self.add_agent(),
            Action::RemoveAgent => self.remove_agent(),
            Action::Knob(steps) => {
                let (knob, value) = self.primary()?;
                self.set_knob(knob, knob.stepped(value, steps))
            }
            Action::Scene(i) => self.go_to(i),
            Action::NextScene => {
                self.apply(Action::Scene((self.index + 1) % self.config.scenes.len()))
            }
            Action::PrevScene => {
                let n = self.config.scenes.len();
                self.apply(Action::Scene((self.index + n - 1) % n))
            }
            Action::NextVariant => self.next_variant(),
            Action::Reset => {
                self.rebuild();
                Some("reset".into())
            }
            Action::TogglePause => self.toggle_pause(),
            Action::StepOnce => self.step_once(),
            Action::StepBack => {
                let now = self.runner.tick();
                self.paused.then(|| self.seek(now.saturating_sub(1)))?
            }
            Action::Seconds(steps) => self.skip_seconds(steps),
            Action::ToggleHelp => flip(&mut self.help, "help"),
            Action::Share => self.share_line(),
            Action::ToggleNeighbors => self.toggle_neighbors(),
            Action::Agents(steps) => self.step_agents(steps),
            Action::Follow => {
                let at = self.runner.selected_index();
                let at = at.map(|i| self.runner.crowd().positions()[i]);
                Some(self.camera.toggle_follow(at).into())
            }
            Action::ToggleCard => flip(&mut self.card, "lesson card"),
            Action::TogglePanel => {
                let line = flip(&mut self.panel, "panel");
                self.presets &= self.panel;
                line
            }
            Action::ToggleTrails => flip(&mut self.trails, "trails"),
            Action::ToggleTipToTail => flip(&mut self.tip_to_tail, "tip-to-tail"),
            Action::ToggleChart => flip(&mut self.chart, "chart"),
            Action::ToggleCompare => self.toggle_compare(),
            Action::Rate(steps) => self.change_rate(steps),
            Action::Escape => self.escape(),
            // The window does this itself.
            Action::Screenshot | Action::SavePreset | Action::ToggleRecord => None,
            Action::OpenPresets => {
                let line = flip(&mut self.presets, "presets");
                if self.presets {
                    self.panel_for_presets = !self.panel;
                    self.panel = true;
                } else if std::mem::take(&mut self.panel_for_presets) {
                    // O then O leaves the window as it was.
                    self.panel = false;
                }
                line
            }
            Action::Tour => self.toggle_tour(),
            Action::TourStep(by) => self.step_tour(by),
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
            Apply::Live => {
                let params = self.memory[self.index].params.as_ref();
                let panes = std::iter::once(&mut self.runner)
                    .chain(self.compare.as_mut().map(|pane| &mut pane.runner));
                for runner in panes {
                    if let Err(e) = runner.retune(params) {
                        return Some(format!("knob {} refused: {e}", knob.name));
                    }
                }
                self.edited(Edit::Retune(params.clone_box()));
            }
            Apply::Restart => self.rebuild(),
        }
        Some(format!("knob {} {}", knob.name, number(value)))
    }

    /// Runs one tick at the current pointer (both panes in the split
    /// view), or, at a past tick, the one recorded after it.
    fn tick(&mut self) {
        let before = self.runner.tick();
        if before < self.timeline.last() {
            self.seek(before + 1);
            return;
        }
        let watch = Stopwatch::start();
        let input = Input {
            pointer: self.pointer,
        };
        self.runner.step(&input);
        if let Some(pane) = &mut self.compare {
            pane.runner.step(&input);
        }
        let panes = (&self.runner, self.compare.as_ref().map(|p| &p.runner));
        self.timeline.record(before, input, panes);
        self.tick_ms.push(self.clock.seconds(), watch.millis());
    }

    /// Advances by one frame of `seconds`: as many fixed ticks as have come
    /// due, at most `max_ticks_per_frame`; time beyond that is dropped, so a
    /// stalled frame never makes the next ones slower. Returns the ticks run.
    pub fn advance(&mut self, seconds: f64, pointer: Vec2) -> u32 {
        self.advance_up_to(seconds, pointer, self.most_ticks())
    }

    /// The most ticks a frame runs: `max_ticks_per_frame`, more in
    /// proportion when fast forward is on.
    fn most_ticks(&self) -> u32 {
        self.config.app.max_ticks_per_frame * self.rate.ceil().max(1.0) as u32
    }

    /// [`App::advance`] for a live window: the frame's ticks take about
    /// `budget_ms` at most, going by how long the last ones took (at least
    /// one a frame). A crowd too large to keep real time then runs slower
    /// rather than making every frame slower: at a million boids a tick
    /// takes some 100 ms, and four a frame would show a frame every half
    /// second.
    pub fn advance_within(&mut self, seconds: f64, pointer: Vec2, budget_ms: f64) -> u32 {
        let max = self.most_ticks();
        let affordable = (self.tick_ms.mean()).map_or(max, |ms| (budget_ms / ms.max(1e-6)) as u32);
        self.advance_up_to(seconds, pointer, affordable.clamp(1, max))
    }

    /// Runs the ticks come due in `seconds`, at most `max`.
    fn advance_up_to(&mut self, seconds: f64, pointer: Vec2, max: u32) -> u32 {
        self.point_at(pointer);
        if self.paused {
            return 0;
        }
        let dt = self.tick_seconds();
        self.accumulator += seconds.clamp(0.0, 1.0) * self.rate;
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

pub use crate::overlay::fixed;

/// Switches `flag`; the event line (`NAME on` or `NAME off`).
fn flip(flag: &mut bool, name: &str) -> Option<String> {
    *flag = !*flag;
    Some(format!("{name} {}", on_off(*flag)))
}

fn on_off(on: bool) -> &'static str {
    if on { "on" } else { "off" }
}

mod actions;
mod edit;
mod lab;
pub mod recent;
mod rewind;
pub mod timeline;
mod tour;
mod view;
pub use lab::{Pane, RATES};

#[cfg(test)]
pub(crate) mod tests;
