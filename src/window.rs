//! The window's frame loop, in four phases each frame: the lab's windows
//! (egui) take their input, the pointer and the keys become actions,
//! everything is drawn where the layout puts it, and the fixed steps run
//! (on a thread of their own, see [`crate::stepping`]) while the frame is shown.

use crate::files;
use crate::input::{CameraInput, read_input};
use crate::render::lab::{self, PanelEvent};
use crate::render::{
    self, Renderer, Trails, View, draw_footer, draw_help, draw_hud, draw_legend, draw_letterbox,
};
use crate::stepping::Stepper;
use macroquad::input::{mouse_position, mouse_wheel};
use macroquad::math::vec2;
use macroquad::time::get_frame_time;
use macroquad::window::{clear_background, next_frame, screen_height, screen_width};
use std::cell::RefCell;
use std::io::Write as _;
use std::path::PathBuf;
use std::rc::Rc;
use steering_demos::app::recent::Recent;
use steering_demos::app::{Action, App};
use steering_demos::config::preset::Listed;
use steering_demos::layout::{Layout, MIN_FULL, Open, Rect};
use steering_demos::sim::pointer::ScriptedPointer;
use steering_demos::sim::runner::Runner;
use steering_demos::stopwatch::Stopwatch;

/// Command-line choices the frame loop needs.
pub struct Options {
    /// Save a PNG after this many frames, then quit.
    pub screenshot: Option<(PathBuf, u64)>,
    /// Record a clip of this many frames (a tick's worth of simulated
    /// time each frame, at the clip's rate), then quit.
    pub record: Option<(files::Recording, u64)>,
    /// Print one line per user action.
    pub log_events: bool,
}

impl Options {
    /// Prints an event line: on stdout, or in a web page on its console.
    pub fn log(&self, line: &str) {
        if !self.log_events {
            return;
        }
        #[cfg(target_arch = "wasm32")]
        macroquad::miniquad::info!("{}", line);
        #[cfg(not(target_arch = "wasm32"))]
        {
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "{line}");
            let _ = out.flush();
        }
    }
}

/// The stage's views, each with the part of the window it is fitted in:
/// one, or two side by side in the split view.
fn views(app: &App, area: Rect) -> Vec<(View, Rect)> {
    let stage = app.scene().stage();
    let camera = &app.camera;
    if app.compared().is_none() {
        return vec![(View::framed(stage, area, camera), area)];
    }
    let half = area.w * 0.5;
    [0.0, half]
        .iter()
        .map(|&dx| {
            let part = Rect::new(area.x + dx, area.y, half, area.h);
            let inner = Rect::new(part.x + 2.0, part.y, part.w - 4.0, part.h);
            (View::framed(stage, inner, camera), part)
        })
        .collect()
}

pub async fn frame_loop(
    mut app: App,
    mut options: Options,
    outcome: Rc<RefCell<Result<(), String>>>,
) {
    let mut renderer = Renderer::new();
    let stepper = Stepper::new();
    let mut trails = [Trails::default(), Trails::default()];
    let mut frames: u64 = 0;
    // The HUD's frame rate: the mean frame time over the last second.
    let (clock, mut frame_times) = (Stopwatch::start(), Recent::default());
    let mut timings = Timings::default();
    // Where the mouse was at the start, and whether it has moved since.
    let (first_mouse, mut mouse_moved) = (glam::Vec2::from(mouse_position()), false);
    // A short message on the legend's line (where F12 saved), and since when.
    let mut flash: Option<(String, Stopwatch)> = None;
    let mut shown_link = String::new();
    // The wheel and drags on the empty stage.
    let mut camera = CameraInput::default();
    options.log(&format!("config {}", app.config.source));
    if let Some(notice) = &app.notice {
        options.log(&format!("config error {notice}"));
    }
    options.log(&format!("scene {}", app.decl().name));
    // The scene whose path nodes were last announced (patrol's, where a
    // test or a person finds them to drag).
    let mut announced = None;
    // The clip being recorded (F9, or --record), and the frames --record wants.
    let (mut recording, clip_frames) = match options.record.take() {
        Some((r, n)) => (Some(r), Some(n)),
        None => (None, None),
    };
    // The presets the panel lists, broken files as their errors (read
    // when Ctrl+O opens the list, and again after Ctrl+S saves one).
    // Empty is unread: the shipped ones are always listed.
    let mut presets: Vec<Listed> = Vec::new();
    loop {
        if !app.presets {
            presets.clear();
        } else if presets.is_empty() {
            let folder = steering_demos::config::preset::user_folder();
            presets = steering_demos::config::preset::all(folder.as_deref(), &app.config.app);
        }
        let frame_started = Stopwatch::start();
        let screen = vec2(screen_width(), screen_height());
        let open = Open {
            panel: app.panel,
            chart: app.chart,
            readout: app.scene().selected().is_some(),
            help: app.help,
            card: app.card,
        };
        let layout = Layout::of(screen, open);

        // The lab's windows first: they say whether the pointer is theirs.
        let mut events = Vec::new();
        let mut over_ui = false;
        let mut scrubbed = None;
        egui_macroquad::ui(|ctx| {
            lab::scale(ctx, &layout);
            if app.paused && !app.help {
                scrubbed = lab::timeline(ctx, &app, layout.stage);
            }
            if let Some(r) = layout.panel {
                events = lab::panel(ctx, &app, r, &presets);
            }
            if let Some(r) = layout.card {
                render::mind::card(ctx, &app, r);
            }
            if let Some(r) = layout.readout {
                render::mind::readout(ctx, &app, r);
            }
            if let Some(r) = layout.chart {
                lab::chart(ctx, &app, r);
            }
            over_ui = ctx.is_pointer_over_area() || ctx.wants_pointer_input();
        });
        if let Some(line) = scrubbed.and_then(|tick| app.seek(tick)) {
            options.log(&line);
        }
        for event in events {
            for line in apply_panel(&mut app, event, &presets) {
                options.log(&line);
            }
        }

        // Input: the pointer (in whichever pane it is over), then keys and
        // clicks become actions, through the controls table.
        app.aim_camera();
        let panes = views(&app, layout.stage);
        if announced != Some(app.index()) {
            announced = Some(app.index());
            for line in app.node_lines(|p| panes[0].0.to_screen(p)) {
                options.log(&line);
            }
        }
        let mouse = glam::Vec2::from(mouse_position());
        let view_under = |views: &[(View, Rect)]| {
            views
                .iter()
                .find(|(_, part)| part.contains(mouse))
                .unwrap_or(&views[0])
                .0
        };
        // Until the mouse first moves over the window (a page before the
        // pointer enters it, a window opened under a still mouse), the
        // scripted pointer leads, so the lesson goes on on the stage.
        mouse_moved |= mouse != first_mouse;
        let exact = options.screenshot.is_some() || clip_frames.is_some();
        let scripted = exact || !mouse_moved;
        if !scripted {
            app.point_at(view_under(&panes).to_world(mouse));
        }
        let mut actions = read_input();
        if over_ui {
            actions.retain(|a| *a != Action::Press);
        }
        let on_stage = !over_ui && layout.stage.contains(mouse);
        let view = view_under(&panes);
        camera.take(
            &mut app,
            &mut actions,
            (mouse, mouse_wheel().1),
            (on_stage, view),
        );
        for &action in &actions {
            if let Some(line) = app.apply(action) {
                options.log(&line);
            }
            let screen = glam::Vec2::new(screen_width(), screen_height());
            if let Some(notice) = too_small(action, &app, screen) {
                options.log(&format!("notice {notice}"));
                flash = Some((notice, Stopwatch::start()));
            }
        }

        // Draw what the last steps left (the drawing's time runs until the
        // frame is on screen).
        let draw_started = Stopwatch::start();
        clear_background(render::palette::BACKGROUND);
        render::warm_text(&layout);
        let panes = views(&app, layout.stage);
        let mut runners: Vec<(&Runner, &'static str)> = vec![(app.scene(), app.variant())];
        if let (Some(pane), Some(name)) = (app.compared(), app.compared_variant()) {
            runners.push((&pane.runner, name));
        }
        for (k, ((view, part), (runner, variant))) in panes.iter().zip(&runners).enumerate() {
            let trail = app.trails.then_some(&trails[k]);
            renderer.draw_world(&app, runner, view, trail);
            draw_letterbox(view, *part);
            if runners.len() > 1 {
                pane_label(view, variant, runner, layout.text_scale);
            }
        }
        let mut meanings = app.scene().overlay().meanings();
        meanings.retain(|&m| app.shows(m));
        if !app.show_forces && app.scene().selected().is_none() {
            meanings.clear();
        }
        flash = flash.filter(|(_, since)| since.seconds() < FLASH_SECONDS);
        match (&app.notice, &flash) {
            (Some(notice), _) => render::draw_notice(notice, &layout, true),
            (None, Some((message, _))) => {
                {
                    // Done, not wrong: a saved picture, a copied link.
                    let done = ["saved", "link copied"]
                        .iter()
                        .any(|p| message.starts_with(p));
                    render::draw_notice(message, &layout, !done)
                }
            }
            (None, None) => {
                let roles = app.decl().roles;
                draw_legend(&meanings, roles, app.scene().fade_alpha(), &layout)
            }
        }
        frame_times.push(clock.seconds(), f64::from(get_frame_time()));
        draw_hud(&app, frame_times.mean(), &layout);
        draw_footer(&app, &layout);
        if app.help {
            draw_help(&layout, &app.config.source);
        }
        egui_macroquad::draw();
        frames += 1;
        if let Some(clip) = &mut recording {
            // Clip time: simulated in --record (a frame each frame), the
            // wall's with F9 (as many frames as have come due).
            match clip_frames {
                Some(_) => clip.capture_next(),
                None => clip.capture_now(),
            }
            // The mark shows on screen, after the frame went to the clip.
            render::draw_recording(&layout, clip.frames());
        }
        if actions.contains(&Action::ToggleRecord) {
            let done = match recording.take() {
                Some(clip) => clip.finish(),
                None => files::Recording::start_in_folder(app.decl().name).map(|clip| {
                    let line = format!("recording {}", clip.path().display());
                    recording = Some(clip);
                    line
                }),
            };
            match &done {
                Ok(line) => options.log(line),
                Err(e) => crate::complain(e),
            }
            let shown = done.map_or_else(|e| e, |l| l.replacen("clip ", "saved clip ", 1));
            flash = Some((shown, Stopwatch::start()));
        }
        if let (Some(wanted), Some(clip)) = (clip_frames, &recording)
            && u64::from(clip.frames()) >= wanted
        {
            let done = recording.take().map(files::Recording::finish);
            // Where the clip went, said like --screenshot's times: always.
            if let Some(Ok(line)) = &done {
                let _ = writeln!(std::io::stdout(), "{line}");
            }
            *outcome.borrow_mut() = done.unwrap_or(Ok(String::new())).map(|_| ());
            break;
        }

        // The page's address follows the run: its link, as it changes.
        if steering_demos::controls::IN_BROWSER {
            let link = app.link();
            if link != shown_link {
                quad_url::set_hash(link.trim_start_matches('#'));
                shown_link = link;
            }
        }
        if actions.contains(&Action::Share) {
            let link = app.link();
            macroquad::miniquad::window::clipboard_set(&link);
            let left_out = app.config.unlinked(app.index()).join(", ");
            let note = (!left_out.is_empty()).then(|| format!(" (not in it: your {left_out})"));
            let note = note.unwrap_or_default();
            flash = Some((format!("link copied: {link}{note}"), Stopwatch::start()));
        }
        for &action in &actions {
            if let Some(done) = files::act(action, &app) {
                match &done {
                    Ok((event, _)) => {
                        options.log(event);
                        presets.clear();
                    }
                    Err(e) => crate::complain(e),
                }
                let message = done.map_or_else(|e| e, |(_, shown)| shown);
                flash = Some((message, Stopwatch::start()));
            }
        }
        if let Some((path, wanted)) = &options.screenshot
            && frames >= *wanted
        {
            let saved = files::save_screenshot(path);
            if saved.is_ok() {
                options.log(&format!("screenshot {}", path.display()));
                let _ = writeln!(std::io::stdout(), "{}", timings.summary(frames));
            }
            *outcome.borrow_mut() = saved;
            break;
        }
        if app.quit {
            break;
        }

        // Fixed steps, on their own thread while the frame goes to the
        // screen. A screenshot run steps exactly one tick per frame at the
        // scripted pointer, so its pictures do not depend on the machine.
        let script = ScriptedPointer::new(
            &app.config.app.pointer,
            app.scene_config().pointer,
            app.scene().stage(),
        );
        let (seconds, pointer) = if clip_frames.is_some() {
            let frame = 1.0 / f64::from(files::CLIP_FPS);
            (frame / app.rate, script.at(app.scene().tick()))
        } else if options.screenshot.is_some() {
            (app.tick_seconds() / app.rate, script.at(app.scene().tick()))
        } else if scripted {
            (f64::from(get_frame_time()), script.at(app.scene().tick()))
        } else {
            let panes = views(&app, layout.stage);
            (
                f64::from(get_frame_time()),
                view_under(&panes).to_world(mouse),
            )
        };
        let stepping = stepper.start(app, seconds, pointer);
        next_frame().await;
        let drawn_ms = draw_started.millis();
        let sim_ms;
        (app, sim_ms) = stepper.finish(stepping);
        if app.trails {
            trails[0].record(app.scene());
            if let Some(pane) = app.compared() {
                trails[1].record(&pane.runner);
            }
        }
        timings.push(frame_started.millis(), drawn_ms, sim_ms);
    }
}

/// What a window below [`MIN_FULL`] cannot show, when `action` just
/// opened it: said, rather than nothing happening.
fn too_small(action: Action, app: &App, screen: glam::Vec2) -> Option<String> {
    let what = match action {
        Action::TogglePanel if app.panel => "panel",
        Action::ToggleCard if app.card => "lesson card",
        Action::ToggleChart if app.chart => "chart",
        _ => return None,
    };
    let fits = screen.x >= MIN_FULL.x && screen.y >= MIN_FULL.y;
    (!fits).then(|| {
        format!(
            "the window is too small for the {what}: it needs {}x{} px",
            MIN_FULL.x, MIN_FULL.y
        )
    })
}

/// How long the window shows where a screenshot went.
const FLASH_SECONDS: f64 = 4.0;

/// Milliseconds per frame: the whole frame, the drawing, the simulation.
#[derive(Default)]
struct Timings {
    frame: Vec<f64>,
    draw: Vec<f64>,
    sim: Vec<f64>,
}

impl Timings {
    fn push(&mut self, frame: f64, draw: f64, sim: f64) {
        self.frame.push(frame);
        self.draw.push(draw);
        self.sim.push(sim);
    }

    /// One line with the frames rendered and the medians of those timed
    /// (each frame but the last, which ends in the screenshot), for
    /// measuring without a GPU.
    fn summary(&self, frames: u64) -> String {
        fn median(v: &[f64]) -> f64 {
            let mut v = v.to_vec();
            v.sort_by(f64::total_cmp);
            v.get(v.len() / 2).copied().unwrap_or(0.0)
        }
        format!(
            "frames {frames}: median frame {:.2} ms, draw {:.2} ms, sim {:.2} ms per frame",
            median(&self.frame),
            median(&self.draw),
            median(&self.sim)
        )
    }
}

/// A pane's name and its figure, in its top-left corner.
fn pane_label(view: &View, variant: &str, runner: &Runner, scale: f32) {
    let figure = runner
        .headline()
        .first()
        .map(|(name, value)| {
            format!(
                "   {name}: {}",
                steering_demos::sim::knobs::number((value * 100.0).round() / 100.0)
            )
        })
        .unwrap_or_default();
    let size = 22.0 * scale;
    let text = format!("{variant}{figure}");
    let a = view.area;
    macroquad::shapes::draw_rectangle(
        a.x + 4.0,
        a.y + 4.0,
        render::text::text_width(&text, size) + 16.0,
        size + 10.0,
        render::palette::PANEL,
    );
    render::text::draw_text(
        &text,
        a.x + 12.0,
        a.y + 4.0 + size,
        size,
        render::palette::ACCENT,
    );
}

/// Applies what the panel asked for; the event lines.
fn apply_panel(app: &mut App, event: PanelEvent, presets: &[Listed]) -> Vec<String> {
    match event {
        PanelEvent::Preset(k) => {
            let Some(Ok(preset)) = presets.get(k) else {
                return Vec::new();
            };
            let index =
                (app.config.scenes.iter()).position(|s| s.decl.name == preset.scene.decl.name);
            let started = index.and_then(|i| app.start_from(i, preset.scene.setup()));
            started
                .map(|_| format!("preset {}", preset.name))
                .into_iter()
                .collect()
        }
        PanelEvent::Set(knob, value) => app.set_knob(knob, value).into_iter().collect(),
        PanelEvent::ResetAll => app
            .decl()
            .knobs
            .iter()
            .filter_map(|knob| app.set_knob(knob, knob.default))
            .collect(),
        PanelEvent::Copied => vec!["copied toml".into()],
        PanelEvent::Scene(n) => app.apply(Action::Scene(n)).into_iter().collect(),
        PanelEvent::Toggle(meaning) => vec![app.toggle_meaning(meaning)],
    }
}
