//! Steering Demos: the entry point. Parses the command line, loads
//! demos.toml (reporting any error before a window opens), then either runs
//! a scene headless or opens the window.

use std::process::ExitCode;
use steering_demos::cli;
use steering_demos::config::Config;
use steering_demos::headless;

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
        let steps = args.steps.unwrap_or(0);
        let scene = &config.scenes[start.scene];
        let report = headless::run(&config.app, scene, &start.setup, steps, start.threads);
        println!("{}", report.to_json());
        return Ok(());
    }
    Err("the window is not built yet; use --headless".into())
}
