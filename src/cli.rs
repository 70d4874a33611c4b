//! The command line (clap, derive). Usage errors come back as one line that
//! names the problem and what is valid; `main` prints it and exits with 2.

use crate::config::Config;
use crate::controls;
use crate::quote::quoted;
use crate::scenes::registry;
use crate::sim::knobs::Knob;
use crate::sim::scene::Setup;
use crate::steer::neighbors::NeighborMode;
use clap::{CommandFactory, FromArgMatches, Parser, ValueEnum};
use glam::Vec2;
use std::path::PathBuf;

/// `--version`: the version and the target built for
/// (`steering-demos 0.1.0 (x86_64-pc-windows-gnu)`).
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (",
    env!("STEERING_DEMOS_TARGET"),
    ")"
);

// `Args::default()` is a start with no arguments (the web page's; its
// `frames` is 0, which only matters with `--screenshot`).
/// The command line. `-h` and `--help` both open with the package's
/// description (`about`, with no longer text of its own).
#[derive(Debug, Clone, Default, PartialEq, Parser)]
#[command(name = "steering-demos", version = VERSION, about, long_about = None)]
pub struct Args {
    /// Read this demos.toml (a regular file of at most 1 MiB) instead of $XDG_CONFIG_HOME/steering-demos/demos.toml or the built-in one
    #[arg(long, value_name = "PATH")]
    pub config: Option<PathBuf>,
    /// Scene to start on: its name, in any case, or its number (1 is the first, in the order of --list and the number keys)
    #[arg(long, value_name = "NAME")]
    pub scene: Option<String>,
    /// Variant of the scene (see --list)
    #[arg(long, value_name = "NAME")]
    pub variant: Option<String>,
    /// Seed of the scene's random generator (0 to 18446744073709551615)
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u64>)]
    pub seed: Option<u64>,
    /// Agents in the scene (range: see --list)
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u64>)]
    pub agents: Option<u64>,
    /// Set a knob of the scene at start, as in demos.toml (repeatable)
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,
    /// Start from a link's fragment: '#scene=NAME&variant=V&seed=N&agents=N&KNOB=VALUE...'
    #[arg(long, value_name = "LINK", conflicts_with_all = ["scene", "variant", "seed", "agents", "set"])]
    pub open: Option<String>,
    /// Start from a preset: shipped, or saved with Ctrl+S (see --presets)
    #[arg(long, value_name = "NAME", conflicts_with_all = ["scene", "variant", "seed", "agents", "set", "open"])]
    pub preset: Option<String>,
    /// List the presets, a name and what it shows on each line, and exit
    #[arg(long, conflicts_with_all = ["headless", "screenshot", "list", "share"])]
    pub presets: bool,
    /// Print the link of the start asked for (scene, variant, seed, agents, knobs), and exit
    #[arg(long, conflicts_with_all = ["headless", "screenshot", "list"])]
    pub share: bool,
    /// Neighbour search
    #[arg(long, value_enum, value_name = "MODE")]
    pub neighbors: Option<Neighbors>,
    /// Worker threads for the crowd tick [default: all cores]
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = threads)]
    pub threads: Option<u16>,
    /// Run without a window and print one JSON line
    #[arg(long, requires = "steps", conflicts_with = "screenshot")]
    pub headless: bool,
    /// Headless: ticks to run
    #[arg(long, value_name = "N", requires = "headless", allow_negative_numbers = true, value_parser = whole::<u64>)]
    pub steps: Option<u64>,
    /// Save a PNG of the window after --frames frames and exit (a new file: one that is there is never replaced)
    #[arg(long, value_name = "PATH")]
    pub screenshot: Option<PathBuf>,
    /// Record an animated GIF of the window, --seconds of simulated time at 30 frames a second, and exit
    #[arg(long, value_name = "PATH", conflicts_with_all = ["headless", "screenshot", "list", "presets", "share"])]
    pub record: Option<PathBuf>,
    /// Seconds of simulated time --record records (0.1 to 600)
    #[arg(long, value_name = "S", requires = "record", default_value_t = 4.0, allow_negative_numbers = true, value_parser = seconds)]
    pub seconds: f64,
    /// Frames to render before the screenshot
    #[arg(long, value_name = "N", requires = "screenshot", default_value_t = 120, allow_negative_numbers = true, value_parser = frames)]
    pub frames: u64,
    /// Start with the force overlay on
    #[arg(long)]
    pub show_forces: bool,
    /// Print one line per user action as it takes effect
    #[arg(long)]
    pub log_events: bool,
    /// With --log-events, also print "frame N" once each frame is on the
    /// screen (for scripts that photograph the window)
    #[arg(long, requires = "log_events")]
    pub log_frames: bool,
    /// The page's `#pins`: run every pinned run (`pins.tsv` beside the
    /// page) headless, one a frame, and log each checksum; no flag.
    #[arg(skip)]
    pub pins: bool,
    /// Start with the lesson card open: the idea and the formula
    #[arg(long)]
    pub lesson: bool,
    /// Language of the window's words: en, nb, fr or es [default: the system's, from LANGUAGE, LC_ALL, LC_MESSAGES and LANG]
    #[arg(long, value_name = "CODE")]
    pub lang: Option<String>,
    /// Start with the parameter panel open
    #[arg(long)]
    pub panel: bool,
    /// Start with trails on
    #[arg(long)]
    pub trails: bool,
    /// Start with the selected agent's forces added tip to tail (see --select)
    #[arg(long)]
    pub tip_to_tail: bool,
    /// Start with the live chart open
    #[arg(long)]
    pub chart: bool,
    /// Start with the split view: two variants side by side
    #[arg(long)]
    pub compare: bool,
    /// Start with agent N selected, its mind read out
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u32>)]
    pub select: Option<u32>,
    /// Start the scene's guided tour: a few steps, each set up for you (Enter: next, Backspace: back, Esc: leave)
    #[arg(long, conflicts_with_all = ["headless", "list", "presets"])]
    pub tour: bool,
    /// List every scene with its variants and knobs, and exit
    #[arg(long, conflicts_with_all = ["headless", "screenshot"])]
    pub list: bool,
    /// Add Steering Demos to the desktop's menu (entry and icons under
    /// $XDG_DATA_HOME, default ~/.local/share), and exit
    #[arg(long, conflicts_with_all = ["headless", "screenshot", "list", "uninstall_desktop"])]
    pub install_desktop: bool,
    /// Remove exactly what --install-desktop wrote, and exit
    #[arg(long, conflicts_with_all = ["headless", "screenshot", "list"])]
    pub uninstall_desktop: bool,
}

/// The neighbour searches, as named on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Neighbors {
    Grid,
    Brute,
}

/// What the command line asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum Parsed {
    Run(Box<Args>),
    /// `--help` or `--version`: print this and exit 0.
    Print(String),
}

/// The arguments as text; one that is not UTF-8 is refused by its place
/// (std's `args()` would panic on it).
pub fn utf8_arguments(
    args: impl IntoIterator<Item = std::ffi::OsString>,
) -> Result<Vec<String>, String> {
    (args.into_iter().enumerate())
        .map(|(k, arg)| {
            arg.into_string().map_err(|arg| {
                let arg = quoted(&arg.to_string_lossy());
                format!("argument {} is not UTF-8 text: {arg}", k + 1)
            })
        })
        .collect()
}

/// Parses the arguments after the program name.
pub fn parse<I: IntoIterator<Item = String>>(args: I) -> Result<Parsed, String> {
    let command = Args::command().after_help(controls::help_text() + &limits());
    let argv = std::iter::once("steering-demos".to_string()).chain(args);
    let matches = command.try_get_matches_from(argv).map_err(|e| {
        use clap::error::ErrorKind;
        match e.kind() {
            ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => Ok(e.render().to_string()),
            _ => Err(clap_line(&e)),
        }
    });
    match matches {
        Ok(m) => Args::from_arg_matches(&m)
            .map(|a| Parsed::Run(Box::new(a)))
            .map_err(|e| clap_line(&e)),
        Err(Ok(text)) => Ok(Parsed::Print(text)),
        Err(Err(line)) => Err(line),
    }
}

/// The limits of what the program reads, for `--help` after the controls.
fn limits() -> String {
    format!(
        "\nLimits: demos.toml and presets are regular files of at most 1 MiB; path nodes,\n\
         room corners and obstacles lie on the stage; placed agents within ±1000000 px;\n\
         user text in messages is quoted, its control characters escaped, cut at {} characters.\n",
        crate::quote::MAX_QUOTED
    )
}

/// clap's error on one line, with the value or argument a person typed
/// quoted and escaped (clap's own rendering drops control characters
/// and quotes values whole).
fn clap_line(e: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let text = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => Some(s.as_str()),
        _ => None,
    };
    let (arg, value) = (
        text(ContextKind::InvalidArg),
        text(ContextKind::InvalidValue),
    );
    match (e.kind(), arg, value) {
        (ErrorKind::ValueValidation, Some(arg), Some(value)) => {
            let reason = std::error::Error::source(e).map(ToString::to_string);
            let reason = reason.map(|r| format!(": {r}")).unwrap_or_default();
            format!("invalid value {} for '{arg}'{reason}", quoted(value))
        }
        (ErrorKind::InvalidValue, Some(arg), Some("")) => format!("{arg} needs a value"),
        (ErrorKind::InvalidValue, Some(arg), Some(value)) => {
            let valid = match e.get(ContextKind::ValidValue) {
                Some(ContextValue::Strings(v)) => format!("; valid: {}", v.join(", ")),
                _ => String::new(),
            };
            format!("invalid value {} for '{arg}'{valid}", quoted(value))
        }
        (ErrorKind::UnknownArgument, Some(arg), _) => {
            let like = text(ContextKind::SuggestedArg).map(|a| format!("; did you mean '{a}'?"));
            let like = like.unwrap_or_else(|| " (see --help)".into());
            format!("unexpected argument {}{like}", quoted(arg))
        }
        _ => crate::quote::line(&one_line(&e.render().to_string())),
    }
}

/// clap's message without the usage block, on one line.
fn one_line(rendered: &str) -> String {
    rendered
        .lines()
        .map(str::trim)
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .filter(|l| !l.is_empty() && !l.starts_with("tip:"))
        .map(|l| l.strip_prefix("error: ").unwrap_or(l))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The start a user asked for, checked against the configuration.
#[derive(Debug, Clone)]
pub struct Start {
    /// Index of the scene in the configuration.
    pub scene: usize,
    pub setup: Setup,
    pub threads: usize,
    /// The step of the scene's guided tour to start on (0-based): the
    /// first with `--tour`, a link's `tour=N`.
    pub tour: Option<usize>,
    /// The language a link or a preset asks for (`lang=fr`).
    pub lang: Option<&'static crate::text::language::Language>,
}

/// Checks the scene, variant, numbers and knobs against the configuration.
/// Errors name the flag and list what is valid. A link (`--open`) is
/// checked as the flags it stands for, and its errors name `--open`.
pub fn resolve(args: &Args, config: &Config) -> Result<Start, String> {
    if args.headless && args.scene.is_none() && args.open.is_none() && args.preset.is_none() {
        return Err(
            "the argument '--headless' needs '--scene <NAME>', '--open <LINK>' or '--preset <NAME>'"
                .into(),
        );
    }
    if let Some(name) = &args.preset {
        let folder = crate::config::preset::user_folder();
        let preset = crate::config::preset::find(name, folder.as_deref(), &config.app)
            .map_err(|e| format!("--preset: {e}"))?;
        let flags = Args {
            scene: Some(preset.scene.decl.name.to_string()),
            preset: None,
            ..args.clone()
        };
        let mut start = resolve_flags(&flags, config)?;
        start.setup = Setup {
            neighbors: start.setup.neighbors,
            ..preset.scene.setup()
        };
        start.lang = preset.lang.filter(|l| l.shown_here());
        return Ok(start);
    }
    let Some(text) = &args.open else {
        return resolve_flags(args, config);
    };
    let link = crate::link::parse(text).map_err(|e| format!("--open: {e}"))?;
    let flags = Args {
        scene: Some(link.scene.clone()),
        variant: link.variant.clone(),
        seed: link.seed,
        agents: link.agents,
        set: link.knobs.clone(),
        open: None,
        ..args.clone()
    };
    let mut start = resolve_flags(&flags, config).map_err(|e| {
        let e = (e
            .strip_prefix("--set: ")
            .or_else(|| e.strip_prefix("--set ")))
        .unwrap_or(&e);
        format!("--open: {e}")
    })?;
    let decl = config.scenes[start.scene].decl;
    crate::link::apply_edits(&link, decl, &mut start.setup)
        .and_then(|()| {
            (start.setup.params.check(Vec2::from(config.app.stage)))
                .map_err(|e| format!("{}: {}", e.key.trim_start_matches("params."), e.message))
        })
        .and_then(|()| starts_within_crowd(config, &start))
        .map_err(|e| format!("--open: {e}"))?;
    if let Some(step) = link.tour {
        start.tour = Some(tour_step(decl, step).map_err(|e| format!("--open: {e}"))?);
    }
    if let Some(code) = &link.lang {
        let language = crate::text::language::named(code);
        start.lang = Some(language.map_err(|e| format!("--open: lang={code}: {e}"))?);
    }
    Ok(start)
}

/// Step `step` (counted from 1) of `decl`'s tour, 0-based, or why not.
fn tour_step(decl: &crate::sim::decl::SceneDecl, step: u64) -> Result<usize, String> {
    let steps = decl.tour.len();
    match usize::try_from(step) {
        Ok(n) if (1..=steps).contains(&n) => Ok(n - 1),
        _ => Err(format!(
            "tour={step}: the tour of scene `{}` has steps 1 to {steps}",
            decl.name
        )),
    }
}

/// Refuses agents placed by hand (`starts`) that the run does not have.
fn starts_within_crowd(config: &Config, start: &Start) -> Result<(), String> {
    if start.setup.starts.is_empty() {
        return Ok(());
    }
    let scene = &config.scenes[start.scene];
    let crowd = crate::config::crowd_size(scene, &start.setup, &config.app);
    start.setup.starts.check_within(crowd)
}

fn resolve_flags(args: &Args, config: &Config) -> Result<Start, String> {
    let scene = match &args.scene {
        None => 0,
        Some(name) => {
            let decl = registry::pick(name)?;
            config
                .scenes
                .iter()
                .position(|s| s.decl.name == decl.name)
                .unwrap_or(0)
        }
    };
    let scene_config = &config.scenes[scene];
    let decl = scene_config.decl;
    let mut setup = scene_config.setup();
    if let Some(variant) = &args.variant {
        setup.variant = decl.variant_any_case(variant)?;
    }
    if let Some(seed) = args.seed {
        setup.seed = seed;
    }
    if let Some(agents) = args.agents {
        let knob = decl.agents;
        knob.check(agents as f64).map_err(|m| {
            let m = crate::quote::as_typed(&m, &agents.to_string());
            format!("--agents {m} for scene `{}`", decl.name)
        })?;
        setup.agents = agents as usize;
    }
    let mut seen: Vec<&str> = Vec::new();
    for assignment in &args.set {
        // A knob set twice, or the count given twice, is a slip to show,
        // not a choice to make silently.
        let key = assignment.split_once('=').map_or("", |(k, _)| k.trim());
        if seen.contains(&key) {
            return Err(format!("--set {}: the knob is set twice", quoted(key)));
        }
        if key == decl.agents.name && args.agents.is_some() {
            return Err("--set agents and --agents: give the count once".into());
        }
        seen.push(key);
        set(assignment, decl.name, &decl.agents, &mut setup)?;
    }
    setup
        .params
        .check(Vec2::from(config.app.stage))
        .map_err(|e| {
            format!(
                "--set: {}: {}",
                e.key.trim_start_matches("params."),
                e.message
            )
        })?;
    if let Some(mode) = args.neighbors {
        setup.neighbors = match mode {
            Neighbors::Grid => NeighborMode::Grid,
            Neighbors::Brute => NeighborMode::Brute,
        };
    }
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        usize::from,
    );
    let start = Start {
        scene,
        setup,
        threads,
        tour: args.tour.then_some(0),
        lang: None,
    };
    starts_within_crowd(config, &start).map_err(|e| match args.agents {
        Some(agents) => format!("--agents {agents}: {e} (the scene's starts in demos.toml)"),
        None => e,
    })?;
    Ok(start)
}

/// One `--set KEY=VALUE`.
fn set(assignment: &str, scene: &str, agents: &Knob, setup: &mut Setup) -> Result<(), String> {
    let Some((key, text)) = assignment.split_once('=') else {
        return Err(format!(
            "--set expects KEY=VALUE, got {} (knobs: steering-demos --list)",
            quoted(assignment)
        ));
    };
    let (key, text) = (key.trim(), text.trim());
    let said = format!("--set {}", quoted(&format!("{key}={text}")));
    let value: f64 = match text.parse() {
        Ok(value) => value,
        Err(_) if text.is_empty() => return Err(format!("{said}: no value after `=`")),
        Err(_) => return Err(format!("{said}: {} is not a number", quoted(text))),
    };
    if key == agents.name {
        let n = agents
            .check(value)
            .map_err(|m| format!("{said}: agents {}", crate::quote::as_typed(&m, text)))?;
        setup.agents = n as usize;
        return Ok(());
    }
    setup.params.set(key, value).map_err(|e| {
        let message = crate::quote::as_typed(&e.message, text).replace(
            "valid knobs: ",
            &format!("valid knobs of `{scene}`: agents, "),
        );
        format!("{said}: {message}")
    })
}

mod list;
pub mod pins;
pub use list::list;
mod values;
use values::{frames, seconds, threads, whole};

#[cfg(test)]
mod tests;
