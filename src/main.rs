//! Steering Demos: the entry point and the frame loop.
//!
//! Parses the command line and loads demos.toml first, so a bad flag or
//! config is reported (exit code 2) before any window opens. Then it either
//! runs a scene headless, or opens the window and loops over three phases
//! each frame: input (keys and clicks become app actions), fixed steps (the
//! accumulator in `App::advance`), draw.

mod render;

use macroquad::input::{
    KeyCode, MouseButton, get_char_pressed, is_key_down, is_key_pressed, is_mouse_button_pressed,
    mouse_position,
};
use macroquad::math::vec2;
use macroquad::texture::get_screen_data;
use macroquad::time::{get_fps, get_frame_time};
use macroquad::window::{Conf, clear_background, next_frame, screen_height, screen_width};
use render::{Renderer, View, draw_footer, draw_help, draw_hud, draw_legend};
use std::cell::RefCell;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::rc::Rc;
use steering_demos::app::{Action, App};
use steering_demos::cli;
use steering_demos::config::Config;
use steering_demos::headless::{self, ScriptedPointer};

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("steering-demos: {message}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<(), String> {
    let args = cli::parse(std::env::args().skip(1))?;
    if args.help {
        print!("{}", cli::USAGE);
        return Ok(());
    }
    let config = Config::load(args.config.as_deref()).map_err(|e| e.to_string())?;
    let start = cli::resolve(&args, &config)?;
    if args.headless {
        let scene = &config.scenes[start.scene];
        let steps = args.steps.unwrap_or(0);
        let report = headless::run(&config.app, scene, &start.setup, steps, start.threads)?;
        println!("{}", report.to_json());
        return Ok(());
    }

    if args.threads.is_some() {
        rayon::ThreadPoolBuilder::new()
            .num_threads(start.threads)
            .build_global()
            .map_err(|e| format!("cannot start {} worker threads: {e}", start.threads))?;
    }
    let conf = Conf {
        window_title: "Steering Demos".to_string(),
        window_width: config.app.window[0] as i32,
        window_height: config.app.window[1] as i32,
        window_resizable: true,
        sample_count: config.app.msaa_samples as i32,
        ..Default::default()
    };
    let options = Options {
        screenshot: args
            .screenshot
            .clone()
            .map(|path| (path, args.frames.unwrap_or(1))),
        log_events: args.log_events,
    };
    let mut app = App::new(config, start.scene, start.setup);
    app.show_forces = args.show_forces;
    let outcome = Rc::new(RefCell::new(Ok(())));
    macroquad::Window::from_config(conf, frame_loop(app, options, outcome.clone()));
    outcome.replace(Ok(()))
}

/// Command-line choices the frame loop needs.
struct Options {
    /// Save a PNG after this many frames, then quit.
    screenshot: Option<(PathBuf, u64)>,
    /// Print one line per user action.
    log_events: bool,
}

impl Options {
    fn log(&self, line: &str) {
        if self.log_events {
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "{line}");
            let _ = out.flush();
        }
    }
}

async fn frame_loop(mut app: App, options: Options, outcome: Rc<RefCell<Result<(), String>>>) {
    let mut renderer = Renderer::new();
    let mut frames: u64 = 0;
    options.log(&format!("scene {}", app.scene_config().name));
    loop {
        // Input: keys and clicks become actions.
        let input = read_input();
        for &action in &input.actions {
            if let Some(line) = app.apply(action) {
                options.log(&line);
            }
        }

        // Fixed steps. A screenshot run steps exactly one tick per frame at
        // the scripted pointer, so its pictures do not depend on the machine.
        let screen = vec2(screen_width(), screen_height());
        let view = View::fit(app.scene().stage(), screen);
        if options.screenshot.is_some() {
            let script =
                ScriptedPointer::new(&app.config.app, app.scene_config(), app.scene().stage());
            let pointer = script.at(app.scene().tick());
            app.advance(app.tick_seconds(), pointer);
        } else {
            let pointer = view.to_world(mouse_position().into());
            app.advance(f64::from(get_frame_time()), pointer);
        }

        // Draw.
        clear_background(render::palette::BACKGROUND);
        renderer.draw_world(&app, &view);
        if app.show_forces {
            draw_legend(&app.scene().overlay().meanings(), &view, screen);
        }
        draw_hud(&app, get_fps(), screen);
        draw_footer(&app, screen);
        if app.help {
            draw_help(screen);
        }
        frames += 1;

        if input.screenshot {
            let name = format!(
                "steering-demos-{}-{}.png",
                app.scene_config().name,
                app.scene().tick()
            );
            match save_screenshot(Path::new(&name)) {
                Ok(()) => options.log(&format!("screenshot {name}")),
                Err(e) => eprintln!("steering-demos: {e}"),
            }
        }
        if let Some((path, wanted)) = &options.screenshot
            && frames >= *wanted
        {
            let saved = save_screenshot(path);
            if saved.is_ok() {
                options.log(&format!("screenshot {}", path.display()));
            }
            *outcome.borrow_mut() = saved;
            break;
        }
        if input.quit {
            options.log("quit");
            break;
        }
        next_frame().await;
    }
}

/// What the user did this frame.
struct FrameInput {
    actions: Vec<Action>,
    screenshot: bool,
    quit: bool,
}

fn read_input() -> FrameInput {
    let mut actions = Vec::new();
    if is_mouse_button_pressed(MouseButton::Left) {
        actions.push(Action::ToggleForces);
    }
    // Typed characters, so + works on any keyboard layout (and the keypad).
    while let Some(c) = get_char_pressed() {
        match c {
            '+' | '=' => actions.push(Action::PathRadius(1)),
            '-' => actions.push(Action::PathRadius(-1)),
            '.' => actions.push(Action::StepOnce),
            _ => {}
        }
    }
    let digits = [
        KeyCode::Key1,
        KeyCode::Key2,
        KeyCode::Key3,
        KeyCode::Key4,
        KeyCode::Key5,
        KeyCode::Key6,
        KeyCode::Key7,
        KeyCode::Key8,
        KeyCode::Key9,
    ];
    for (i, &key) in digits.iter().enumerate() {
        if is_key_pressed(key) {
            actions.push(Action::Scene(i));
        }
    }
    let shift = is_key_down(KeyCode::LeftShift) || is_key_down(KeyCode::RightShift);
    let keys = [
        (KeyCode::Right, Action::NextScene),
        (KeyCode::Left, Action::PrevScene),
        (
            KeyCode::Tab,
            if shift {
                Action::PrevScene
            } else {
                Action::NextScene
            },
        ),
        (KeyCode::V, Action::NextVariant),
        (KeyCode::R, Action::Reset),
        (KeyCode::Space, Action::TogglePause),
        (KeyCode::H, Action::ToggleHelp),
        (KeyCode::G, Action::ToggleNeighbors),
        (KeyCode::LeftBracket, Action::Agents(-1)),
        (KeyCode::RightBracket, Action::Agents(1)),
    ];
    for (key, action) in keys {
        if is_key_pressed(key) {
            actions.push(action);
        }
    }
    FrameInput {
        actions,
        screenshot: is_key_pressed(KeyCode::F12),
        quit: is_key_pressed(KeyCode::Escape),
    }
}

/// Saves the window as an opaque PNG; an unwritable path is an error, not a panic.
fn save_screenshot(path: &Path) -> Result<(), String> {
    let image = get_screen_data();
    let (w, h) = (usize::from(image.width), usize::from(image.height));
    let stride = w * 4;
    let mut bytes = vec![0u8; stride * h];
    // OpenGL rows run bottom-up.
    for (y, row) in bytes.chunks_exact_mut(stride).enumerate() {
        let src = (h - 1 - y) * stride;
        row.copy_from_slice(&image.bytes[src..src + stride]);
    }
    for pixel in bytes.chunks_exact_mut(4) {
        pixel[3] = 255;
    }
    image::save_buffer(path, &bytes, w as u32, h as u32, image::ColorType::Rgba8)
        .map_err(|e| format!("cannot save the screenshot {}: {e}", path.display()))
}
