//! The window's frame loop, in phases each frame: the lab's windows
//! (egui) take their input, the pointer and the keys become actions,
//! everything is drawn where the layout puts it, what the actions asked
//! of the outside world is done (files, clips, links), and the fixed
//! steps run (on a thread of their own, see [`crate::stepping`]) while
//! the frame is shown. What one frame leaves the next is one struct,
//! [`Shell`].

mod asked;
pub mod fetch;
mod hold;
mod options;
mod panes;
mod pins;
mod timings;

use crate::files;
use crate::input::{CameraInput, read_input};
use crate::render::lab;
use crate::render::{self, Renderer, Trails, View, draw_footer, draw_help, draw_hud, draw_legend};
use crate::stepping::Stepper;
use asked::{apply_panel, nothing_to_edit, too_small};
use macroquad::input::{MouseButton, is_mouse_button_down, mouse_position, mouse_wheel};
use macroquad::math::vec2;
use macroquad::time::get_frame_time;
use macroquad::window::{next_frame, screen_height, screen_width};
pub use options::Options;
use panes::views;
use std::cell::RefCell;
use std::io::Write as _;
use std::rc::Rc;
use steering_demos::app::recent::Recent;
use steering_demos::app::{Action, App};
use steering_demos::config::preset::Listed;
use steering_demos::layout::{Layout, Open, Rect};
use steering_demos::sim::pointer::ScriptedPointer;
use steering_demos::sim::runner::Runner;
use steering_demos::stopwatch::Stopwatch;
use steering_demos::text::fill as say;
use timings::Timings;

/// What the frame loop carries from one frame to the next (the app
/// itself goes to the stepping thread and back each frame).
struct Shell {
    options: Options,
    renderer: Renderer,
    stepper: Stepper,
    /// The trails of the one pane, or of the two compared.
    trails: [Trails; 2],
    frames: u64,
    /// The HUD's frame rate: the mean frame time over the last second.
    clock: Stopwatch,
    frame_times: Recent,
    timings: Timings,
    /// Where the mouse was at the start, and whether it has moved since.
    first_mouse: glam::Vec2,
    mouse_moved: bool,
    /// A short message on the legend's line (where F12 saved), whether
    /// it warns (else it says something was done), and since when.
    flash: Option<(String, bool, Stopwatch)>,
    /// The link the page's address shows.
    shown_link: String,
    /// The wheel and drags on the empty stage.
    camera: CameraInput,
    /// The scene whose path nodes were last announced (patrol's, where a
    /// test or a person finds them to drag).
    announced: Option<usize>,
    /// The clip being recorded (F9, or --record), and the frames --record wants.
    recording: Option<files::Recording>,
    clip_frames: Option<u64>,
    /// The presets the panel lists, broken files as their errors (read
    /// when Ctrl+O opens the list, and again after Ctrl+S saves one).
    /// Empty is unread: the shipped ones are always listed.
    presets: Vec<Listed>,
    /// The panes as last drawn: where the mouse points is read in them,
    /// as the person saw them.
    panes: Vec<(View, Rect)>,
    /// The stage's place, kept while a mouse button is held.
    hold: hold::Hold,
}

/// What one frame works out once and its phases share.
struct Frame {
    started: Stopwatch,
    layout: Layout,
    mouse: glam::Vec2,
    /// Whether the scripted pointer leads, not the mouse.
    scripted: bool,
}

pub async fn frame_loop(mut app: App, options: Options, outcome: Rc<RefCell<Result<(), String>>>) {
    if options.pins {
        return pins::run(&app.config, &options).await;
    }
    options.log(&format!("config {}", app.config.source));
    if let Some(line) = &options.start_line {
        options.log(line);
    }
    options.log(&format!("scene {}", app.decl().name));
    if let Some(line) = &options.tour_line {
        options.log(line);
    }
    let mut shell = Shell::new(options, &app);
    let mut fetching = fetch::Fetching::default();
    loop {
        fetching.words(&mut app, &shell.options).await;
        let frame = shell.begin(&app);
        let over_ui = shell.lab_windows(&mut app, &frame.layout);
        let actions = shell.input(&mut app, &frame, over_ui);
        shell.panes = views(&app, frame.layout.stage);
        let draw_started = Stopwatch::start();
        shell.draw(&app, &frame.layout);
        let ended = shell.record(&app, &actions);
        shell.share(&app, &actions);
        shell.save(&app, &actions);
        let ended = ended.or_else(|| shell.screenshot());
        if let Some(result) = ended {
            *outcome.borrow_mut() = result;
            break;
        }
        if app.quit {
            break;
        }
        app = shell.step(app, &frame, draw_started).await;
    }
}

impl Shell {
    fn new(mut options: Options, app: &App) -> Self {
        let (recording, clip_frames) = match options.record.take() {
            Some((r, n)) => (Some(r), Some(n)),
            None => (None, None),
        };
        Shell {
            options,
            renderer: Renderer::new(),
            stepper: Stepper::new(),
            trails: [Trails::default(), Trails::default()],
            frames: 0,
            clock: Stopwatch::start(),
            frame_times: Recent::default(),
            timings: Timings::default(),
            first_mouse: glam::Vec2::from(mouse_position()),
            mouse_moved: false,
            flash: None,
            shown_link: String::new(),
            camera: CameraInput::default(),
            announced: None,
            recording,
            clip_frames,
            presets: Vec::new(),
            panes: views(app, Rect::new(0.0, 0.0, screen_width(), screen_height())),
            hold: hold::Hold::default(),
        }
    }

    /// Says `message` on the legend's line for a while: a warning, or
    /// something done (a saved picture, a copied link).
    fn flash(&mut self, message: String, warning: bool) {
        self.flash = Some((message, warning, Stopwatch::start()));
    }

    /// The frame's start: the presets the panel lists, the layout, the mouse.
    fn begin(&mut self, app: &App) -> Frame {
        if !app.presets {
            self.presets.clear();
        } else if self.presets.is_empty() {
            let folder = steering_demos::config::preset::user_folder();
            self.presets = steering_demos::config::preset::all(folder.as_deref(), &app.config.app);
        }
        let started = Stopwatch::start();
        let screen = vec2(screen_width(), screen_height());
        let open = Open {
            panel: app.panel,
            chart: app.chart,
            readout: app.scene().selected().is_some(),
            readout_rows: crate::render::mind::readout_lines(app),
            help: app.help,
            card: app.card,
            tour: app.tour().is_some(),
        };
        let mouse = glam::Vec2::from(mouse_position());
        // Until the mouse first moves over the window (a page before the
        // pointer enters it, a window opened under a still mouse), the
        // scripted pointer leads, so the lesson goes on on the stage.
        self.mouse_moved |= mouse != self.first_mouse;
        let exact = self.options.screenshot.is_some() || self.clip_frames.is_some();
        let mut layout = Layout::of(screen, open);
        let buttons = [MouseButton::Left, MouseButton::Right, MouseButton::Middle];
        let held = buttons.into_iter().any(is_mouse_button_down);
        layout.stage = self.hold.stage(layout.stage, held);
        Frame {
            started,
            layout,
            mouse,
            scripted: exact || !self.mouse_moved,
        }
    }

    /// The lab's windows first: they say whether the pointer is theirs.
    fn lab_windows(&mut self, app: &mut App, layout: &Layout) -> bool {
        let mut events = Vec::new();
        let mut over_ui = false;
        let mut scrubbed = None;
        let presets = &self.presets;
        egui_macroquad::ui(|ctx| {
            lab::scale(ctx, layout);
            if app.paused && !app.help {
                scrubbed = lab::timeline(ctx, app, layout.stage);
            }
            if let Some(r) = layout.panel {
                events = lab::panel(ctx, app, r, presets);
            }
            if let Some(r) = layout.card {
                render::mind::card(ctx, app, r);
            }
            if let Some(r) = layout.tour {
                events.extend(render::tour::step_box(ctx, app, r));
            }
            if let Some(r) = layout.readout {
                render::mind::readout(ctx, app, r);
            }
            if let Some(r) = layout.chart {
                render::chart::chart(ctx, app, r);
            }
            over_ui = ctx.is_pointer_over_area() || ctx.wants_pointer_input();
        });
        if let Some(line) = scrubbed.and_then(|tick| app.seek(tick)) {
            self.options.log(&line);
        }
        for event in events {
            for line in apply_panel(app, event, &self.presets) {
                self.options.log(&line);
            }
        }
        over_ui
    }

    /// Input: the pointer (in whichever pane it is over), then keys and
    /// clicks become actions, through the controls table.
    fn input(&mut self, app: &mut App, frame: &Frame, over_ui: bool) -> Vec<Action> {
        app.aim_camera();
        if self.announced != Some(app.index()) {
            self.announced = Some(app.index());
            let first = views(app, frame.layout.stage)[0].0;
            for line in app.node_lines(|p| first.to_screen(p)) {
                self.options.log(&line);
            }
        }
        let mouse = frame.mouse;
        let view = panes::under(&self.panes, mouse);
        if !frame.scripted {
            app.point_at(view.to_world(mouse));
        }
        let mut actions = read_input();
        if over_ui {
            actions.retain(|a| *a != Action::Press);
        }
        let on_stage = !over_ui && frame.layout.stage.contains(mouse);
        let wheel = mouse_wheel().1;
        (self.camera).take(app, &mut actions, (mouse, wheel), (on_stage, view));
        for &action in &actions {
            if let Some(line) = app.apply(action) {
                self.options.log(&line);
            }
            let screen = glam::Vec2::new(screen_width(), screen_height());
            let notice = too_small(action, app, screen).or_else(|| nothing_to_edit(action, app));
            if let Some(notice) = notice {
                self.options.log(&format!("notice {notice}"));
                self.flash(notice, true);
            }
        }
        actions
    }

    /// Draws what the last steps left (the drawing's time runs until the
    /// frame is on screen).
    fn draw(&mut self, app: &App, layout: &Layout) {
        render::clear_stages(&self.panes, layout.stage);
        render::text::new_frame();
        let mut runners: Vec<(&Runner, &'static str)> = vec![(app.scene(), app.variant())];
        if let (Some(pane), Some(name)) = (app.compared(), app.compared_variant()) {
            runners.push((&pane.runner, name));
        }
        for (k, ((view, part), (runner, variant))) in self.panes.iter().zip(&runners).enumerate() {
            let trail = app.trails.then_some(&self.trails[k]);
            self.renderer.draw_world(app, runner, view, trail, k);
            if runners.len() > 1 {
                panes::label(view, *part, variant, runner, layout.text_scale);
            }
        }
        // A clip shows the lesson, not the app's own messages ("recording
        // ..."): while recording, those go on top after the capture.
        let recording = self.recording.is_some();
        self.draw_message_line(app, layout, !recording);
        (self.frame_times).push(self.clock.seconds(), f64::from(get_frame_time()));
        draw_hud(app, self.frame_times.mean(), layout);
        draw_footer(app, layout);
        if app.help {
            draw_help(layout, &app.config.source);
        }
        egui_macroquad::draw();
        self.frames += 1;
        if let Some(clip) = &mut self.recording {
            // Clip time: simulated in --record (a frame each frame), the
            // wall's with F9 (as many frames as have come due).
            match self.clip_frames {
                Some(_) => clip.capture_next(),
                None => clip.capture_now(),
            }
            // The mark shows on screen, after the frame went to the clip.
            render::draw_recording(layout, clip.frames());
            if let (None, Some((message, warning, _))) = (&app.notice, &self.flash) {
                render::draw_notice(message, layout, *warning);
            }
        }
    }

    /// The line under the HUD: a notice that stays, a message that
    /// passes (unless `messages` is off), or the legend of what is drawn.
    fn draw_message_line(&mut self, app: &App, layout: &Layout, messages: bool) {
        let mut meanings = app.scene().overlay().meanings();
        meanings.retain(|&m| app.shows(m));
        if !app.show_forces && app.scene().selected().is_none() {
            meanings.clear();
        }
        self.flash = self
            .flash
            .take()
            .filter(|(.., since)| since.seconds() < FLASH_SECONDS);
        let flash = self.flash.as_ref().filter(|_| messages);
        match (&app.notice, flash) {
            (Some(notice), _) => render::draw_notice(&notice.to_string(), layout, true),
            (None, Some((message, warning, _))) => render::draw_notice(message, layout, *warning),
            (None, None) => {
                let roles = steering_demos::words::roles(app.decl());
                let dense =
                    (self.panes.first()).is_some_and(|(view, _)| render::dense(app.scene(), view));
                draw_legend(&meanings, &roles, app.scene().fade_alpha(), layout, dense)
            }
        }
    }

    /// F9 starts or ends a clip; a --record run ends when its clip is
    /// long enough, with the clip's outcome.
    fn record(&mut self, app: &App, actions: &[Action]) -> Option<Result<(), String>> {
        if actions.contains(&Action::ToggleRecord) {
            let done = match self.recording.take() {
                Some(clip) => clip.finish(),
                None => files::Recording::start_in_folder(app.decl().name).map(|clip| {
                    let path = clip.path().display().to_string();
                    let shown = say("notice.recording", &[("path", &path)]);
                    self.recording = Some(clip);
                    (format!("recording {path}"), shown)
                }),
            };
            match &done {
                Ok((line, _)) => self.options.log(line),
                Err(e) => crate::complain(e),
            }
            let warning = done.is_err();
            self.flash(done.map_or_else(|e| e, |(_, shown)| shown), warning);
        }
        let wanted = self.clip_frames?;
        if u64::from(self.recording.as_ref()?.frames()) < wanted {
            return None;
        }
        let done = self.recording.take().map(files::Recording::finish);
        // Where the clip went, said like --screenshot's times: always.
        if let Some(Ok((line, _))) = &done {
            let _ = writeln!(std::io::stdout(), "{line}");
        }
        Some(done.map_or(Ok(()), |d| d.map(|_| ())))
    }

    /// The page's address follows the run; Ctrl+L copies its link.
    fn share(&mut self, app: &App, actions: &[Action]) {
        if steering_demos::controls::IN_BROWSER {
            let link = app.link();
            if link != self.shown_link {
                quad_url::set_hash(link.trim_start_matches('#'));
                self.shown_link = link;
            }
        }
        if actions.contains(&Action::Share) {
            let link = app.link();
            macroquad::miniquad::window::clipboard_set(&link);
            let left_out = app.config.unlinked(app.index()).join(", ");
            let shown = if left_out.is_empty() {
                say("notice.link-copied", &[("link", &link)])
            } else {
                let args: [(&str, &dyn std::fmt::Display); 2] =
                    [("link", &link), ("left_out", &left_out)];
                say("notice.link-copied-partly", &args)
            };
            self.flash(shown, false);
        }
    }

    /// The files the actions asked for: screenshots, presets.
    fn save(&mut self, app: &App, actions: &[Action]) {
        for &action in actions {
            if let Some(done) = files::act(action, app) {
                match &done {
                    Ok((event, _)) => {
                        self.options.log(event);
                        self.presets.clear();
                    }
                    Err(e) => crate::complain(e),
                }
                let warning = done.is_err();
                self.flash(done.map_or_else(|e| e, |(_, shown)| shown), warning);
            }
        }
    }

    /// A --screenshot run ends at its frame, with the picture's outcome.
    fn screenshot(&mut self) -> Option<Result<(), String>> {
        let (path, wanted) = self.options.screenshot.as_ref()?;
        if self.frames < *wanted {
            return None;
        }
        let saved = files::save_screenshot(path);
        if saved.is_ok() {
            self.options.log(&format!("screenshot {}", path.display()));
            let _ = writeln!(std::io::stdout(), "{}", self.timings.summary(self.frames));
        }
        Some(saved)
    }

    /// Fixed steps, on their own thread while the frame goes to the
    /// screen. A screenshot run steps exactly one tick per frame at the
    /// scripted pointer, so its pictures do not depend on the machine.
    async fn step(&mut self, app: App, frame: &Frame, draw_started: Stopwatch) -> App {
        let script = ScriptedPointer::new(
            &app.config.app.pointer,
            app.scene_config().pointer,
            app.scene().stage(),
        );
        let (seconds, pointer) = if self.clip_frames.is_some() {
            let clip_frame = 1.0 / f64::from(files::CLIP_FPS);
            (clip_frame / app.rate, script.at(app.scene().tick()))
        } else if self.options.screenshot.is_some() {
            (app.tick_seconds() / app.rate, script.at(app.scene().tick()))
        } else if frame.scripted {
            (f64::from(get_frame_time()), script.at(app.scene().tick()))
        } else {
            let view = panes::under(&self.panes, frame.mouse);
            (f64::from(get_frame_time()), view.to_world(frame.mouse))
        };
        // A live window keeps answering: its steps take about SIM_BUDGET_MS.
        let offline = self.options.screenshot.is_some() || self.clip_frames.is_some();
        let budget = (!offline).then_some(SIM_BUDGET_MS);
        let stepping = self.stepper.start(app, seconds, pointer, budget);
        next_frame().await;
        if self.options.log_frames {
            self.options.log(&format!("frame {}", self.frames));
        }
        let drawn_ms = draw_started.millis();
        let (app, sim_ms) = self.stepper.finish(stepping);
        if app.trails {
            self.trails[0].record(app.scene());
            if let Some(pane) = app.compared() {
                self.trails[1].record(&pane.runner);
            }
        }
        (self.timings).push(frame.started.millis(), drawn_ms, sim_ms);
        // A live window keeps to max_fps where the screen does not pace
        // it; a screenshot or clip run renders as fast as it can.
        if app.config.app.max_fps > 0 && !offline {
            (frame.started).rest_until(1.0 / f64::from(app.config.app.max_fps));
        }
        app
    }
}

/// How long the window shows where a screenshot went.
const FLASH_SECONDS: f64 = 4.0;

/// The milliseconds a live frame's ticks may take, going by the last ones
/// (at least one tick a frame): with the drawing, a frame every 0.1 s or
/// better while ticks are cheaper than this.
const SIM_BUDGET_MS: f64 = 50.0;
