//! Steering Demos: the entry point and the frame loop.
//!
//! Parses the command line and loads demos.toml first, so a bad flag or
//! config is reported (exit code 2) before any window opens. Then it either
//! runs a scene headless, or opens the window and hands it to the frame
//! loop (`window.rs`).

mod render;
mod window;

use macroquad::window::Conf;
use std::cell::RefCell;
use std::process::ExitCode;
use std::rc::Rc;
use steering_demos::app::{Action, App};
use steering_demos::cli::{self, Parsed};
use steering_demos::config::Config;
use steering_demos::sim::report;
use window::{Options, frame_loop};

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
    app.panel = args.panel;
    app.trails = args.trails;
    app.chart = args.chart;
    if args.compare {
        app.apply(Action::ToggleCompare);
    }
    if let Some(i) = args.select {
        if i as usize >= app.scene().crowd().len() {
            return Err(format!(
                "--select {i}: the scene has {} agents (0 to {})",
                app.scene().crowd().len(),
                app.scene().crowd().len().saturating_sub(1)
            ));
        }
        app.select(Some(i as usize));
    }
    let outcome = Rc::new(RefCell::new(Ok(())));
    macroquad::Window::from_config(conf, frame_loop(app, options, outcome.clone()));
    outcome.replace(Ok(()))
}
