//! The page's `#pins`: every pinned run (`pins.tsv`, which `cargo xtask
//! web` puts beside the page) run headless in the page, one a frame, each
//! checksum logged to the console (`pin K CHECKSUM`, then `pins done N`),
//! for `cargo xtask same-bits` to compare with Linux's and Windows'. The
//! stage says how far it is. A run the page cannot start is logged as
//! `pin K error ...`.

use super::Options;
use macroquad::prelude::{BLACK, WHITE, clear_background, draw_text, next_frame};
use steering_demos::cli;
use steering_demos::config::Config;
use steering_demos::sim::report::{Report, drive};

pub async fn run(config: &Config, options: &Options) {
    let table = match macroquad::file::load_string("pins.tsv").await {
        Ok(table) => table,
        Err(e) => return options.log(&format!("pins failed pins.tsv: {e}")),
    };
    let rows = match cli::pins::read(&table) {
        Ok(rows) => rows,
        Err(e) => return options.log(&format!("pins failed pins.tsv: {e}")),
    };
    for (k, (args, _)) in rows.iter().enumerate() {
        clear_background(BLACK);
        let line = format!("pinned run {} of {}: {}", k + 1, rows.len(), args.join(" "));
        draw_text(&line, 20.0, 40.0, 24.0, WHITE);
        next_frame().await;
        match checksum(config, args) {
            Ok(sum) => options.log(&format!("pin {k} {sum}")),
            Err(e) => options.log(&format!("pin {k} error {e}")),
        }
    }
    options.log(&format!("pins done {}", rows.len()));
}

/// The checksum of the headless run `args` ask for, as `--headless`
/// reports it (on this one thread: a checksum never depends on threads).
fn checksum(config: &Config, args: &[String]) -> Result<String, String> {
    let args = cli::pins::args(args)?;
    let start = cli::resolve(&args, config)?;
    let scene = &config.scenes[start.scene];
    let (mut runner, pointer) = config
        .start(scene, &start.setup)
        .map_err(|e| e.to_string())?;
    let steps = args.steps.unwrap_or(0);
    let (at, seconds) = drive(&mut runner, &pointer, steps);
    let report = Report::of(&runner, steps, 1, seconds, at);
    Ok(format!("{:016x}", report.checksum))
}
