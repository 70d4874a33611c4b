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
    is_mouse_button_released, mouse_position,
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
use steering_demos::cli::{self, Parsed};
use steering_demos::config::Config;
use steering_demos::controls::{self, Key};
use steering_demos::sim::report;

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
    let args = match cli::parse(std::env::args().skip(1))? {
        Parsed::Run(args) => args,
        Parsed::Print(text) => {
            println!("{}", text.trim_end());
            return Ok(());
        }
    };
    let config = Config::load(args.config.as_deref()).map_err(|e| e.to_string())?;
    if args.list {
        print!("{}", cli::list(&config));
        return Ok(());
    }
    let start = cli::resolve(&args, &config)?;
    if args.headless {
        let scene = &config.scenes[start.scene];
        let steps = args.steps.unwrap_or(0);
        let report = report::run(steps, start.threads, || config.start(scene, &start.setup))?;
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
        screenshot: args.screenshot.clone().map(|path| (path, args.frames)),
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
    options.log(&format!("scene {}", app.entry().name));
    loop {
        // Input: the pointer, then keys and clicks become actions, through
        // the controls table.
        let screen = vec2(screen_width(), screen_height());
        let view = View::fit(app.scene().stage(), screen);
        if options.screenshot.is_none() {
            app.point_at(view.to_world(mouse_position().into()));
        }
        let actions = read_input();
        for &action in &actions {
            if let Some(line) = app.apply(action) {
                options.log(&line);
            }
        }

        // Fixed steps. A screenshot run steps exactly one tick per frame at
        // the scripted pointer, so its pictures do not depend on the machine.
        let view = View::fit(app.scene().stage(), screen);
        if options.screenshot.is_some() {
            let script = steering_demos::sim::pointer::ScriptedPointer::new(
                &app.config.app.pointer,
                app.scene_config().pointer,
                app.scene().stage(),
            );
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

        if actions.contains(&Action::Screenshot) {
            let name = format!(
                "steering-demos-{}-{}.png",
                app.entry().name,
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
        if actions.contains(&Action::Quit) {
            options.log("quit");
            break;
        }
        next_frame().await;
    }
}

/// The actions of the keys and clicks of this frame.
fn read_input() -> Vec<Action> {
    // Typed characters, so + works on any keyboard layout (and the keypad).
    let mut typed = Vec::new();
    while let Some(c) = get_char_pressed() {
        typed.push(c);
    }
    let shift = is_key_down(KeyCode::LeftShift) || is_key_down(KeyCode::RightShift);
    let pressed = |key: Key| match key {
        Key::Click => is_mouse_button_pressed(MouseButton::Left),
        Key::ClickUp => is_mouse_button_released(MouseButton::Left),
        Key::Char(c) => typed.contains(&c),
        Key::Digits => false,
        Key::Tab => !shift && is_key_pressed(KeyCode::Tab),
        Key::ShiftTab => shift && is_key_pressed(KeyCode::Tab),
        Key::Left => is_key_pressed(KeyCode::Left),
        Key::Right => is_key_pressed(KeyCode::Right),
        Key::A => is_key_pressed(KeyCode::A),
        Key::X => is_key_pressed(KeyCode::X),
        Key::V => is_key_pressed(KeyCode::V),
        Key::R => is_key_pressed(KeyCode::R),
        Key::Space => is_key_pressed(KeyCode::Space),
        Key::H => is_key_pressed(KeyCode::H),
        Key::G => is_key_pressed(KeyCode::G),
        Key::LeftBracket => is_key_pressed(KeyCode::LeftBracket),
        Key::RightBracket => is_key_pressed(KeyCode::RightBracket),
        Key::F12 => is_key_pressed(KeyCode::F12),
        Key::Escape => is_key_pressed(KeyCode::Escape),
    };
    const DIGITS: [KeyCode; 9] = [
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
    controls::actions(pressed, |d| is_key_pressed(DIGITS[d - 1]))
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
