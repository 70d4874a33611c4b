//! Command-line arguments. Hand-written: a dozen flags do not need a parser
//! crate, and every mistake gets a one-line message listing what is valid.

use std::path::PathBuf;

/// What the user asked for.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Args {
    pub config: Option<PathBuf>,
    pub scene: Option<String>,
    pub variant: Option<String>,
    pub seed: Option<u64>,
    pub agents: Option<usize>,
    pub neighbors: Option<String>,
    pub threads: Option<usize>,
    pub headless: bool,
    pub steps: Option<u64>,
    pub screenshot: Option<PathBuf>,
    pub frames: Option<u64>,
    pub show_forces: bool,
    pub log_events: bool,
    pub help: bool,
}

/// The usage text printed by `--help`.
pub const USAGE: &str = "\
steering-demos: Craig Reynolds' steering behaviors, one scene per lesson

USAGE:
    steering-demos [OPTIONS]                      open the window
    steering-demos --headless --scene NAME --steps N [OPTIONS]
                                                  run without a window, print one JSON line
    steering-demos --screenshot PATH --frames N [--show-forces] [OPTIONS]
                                                  render N frames, save a PNG, exit

OPTIONS:
    --config PATH       demos.toml to read (default: ./demos.toml, else the built-in copy)
    --scene NAME        scene to start on (see demos.toml)
    --variant V         variant of that scene
    --seed S            seed of the scene's random generator
    --agents N          number of agents
    --neighbors MODE    neighbour search: grid (default) or brute
    --threads N         worker threads for the crowd tick, headless or in the window (default: all cores)
    --steps N           headless: ticks to run
    --screenshot PATH   save a PNG of the window after --frames frames and exit
    --frames N          frames to render before the screenshot
    --show-forces       start with the force overlay on
    --log-events        print one line per user action as it takes effect
    -h, --help          print this help
";

/// Parses the arguments after the program name.
pub fn parse<I: IntoIterator<Item = String>>(args: I) -> Result<Args, String> {
    let mut out = Args::default();
    let mut it = args.into_iter();
    while let Some(flag) = it.next() {
        let mut value = |name: &str| it.next().ok_or_else(|| format!("{name} needs a value"));
        match flag.as_str() {
            "--config" => out.config = Some(PathBuf::from(value("--config")?)),
            "--scene" => out.scene = Some(value("--scene")?),
            "--variant" => out.variant = Some(value("--variant")?),
            "--seed" => out.seed = Some(number("--seed", &value("--seed")?)?),
            "--agents" => out.agents = Some(number("--agents", &value("--agents")?)?),
            "--neighbors" => out.neighbors = Some(value("--neighbors")?),
            "--threads" => out.threads = Some(number("--threads", &value("--threads")?)?),
            "--steps" => out.steps = Some(number("--steps", &value("--steps")?)?),
            "--screenshot" => out.screenshot = Some(PathBuf::from(value("--screenshot")?)),
            "--frames" => out.frames = Some(number("--frames", &value("--frames")?)?),
            "--headless" => out.headless = true,
            "--show-forces" => out.show_forces = true,
            "--log-events" => out.log_events = true,
            "-h" | "--help" => out.help = true,
            other => {
                return Err(format!(
                    "unknown argument `{other}`; valid: --config --scene --variant --seed --agents --neighbors \
                     --threads --headless --steps --screenshot --frames --show-forces --log-events --help"
                ));
            }
        }
    }
    if out.headless && out.steps.is_none() {
        return Err("--headless needs --steps N".into());
    }
    if out.headless && out.scene.is_none() {
        return Err("--headless needs --scene NAME".into());
    }
    if out.screenshot.is_some() != out.frames.is_some() {
        return Err("--screenshot PATH and --frames N go together".into());
    }
    if out.threads == Some(0) {
        return Err("--threads must be at least 1".into());
    }
    Ok(out)
}

fn number<T: std::str::FromStr>(flag: &str, text: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{flag} expects a non-negative whole number, got `{text}`"))
}

/// The start a user asked for, checked against the configuration.
#[derive(Debug, Clone, PartialEq)]
pub struct Start {
    /// Index of the scene in the configuration.
    pub scene: usize,
    pub setup: crate::scenes::Setup,
    pub threads: usize,
}

/// Checks `--scene`, `--variant`, `--neighbors` and the numbers against the
/// configuration. Errors list the valid values.
pub fn resolve(args: &Args, config: &crate::config::Config) -> Result<Start, String> {
    use crate::steer::neighbors::NeighborMode;
    let scene = match &args.scene {
        None => 0,
        Some(name) => config
            .scenes
            .iter()
            .position(|s| &s.name == name)
            .ok_or_else(|| {
                format!(
                    "unknown scene `{name}`; valid scenes: {}",
                    config.scene_names().join(", ")
                )
            })?,
    };
    let scene_config = &config.scenes[scene];
    let mut setup = crate::scenes::Setup::from_config(&config.app, scene_config);
    if let Some(variant) = &args.variant {
        let variants = scene_config.params.variants();
        if !variants.contains(&variant.as_str()) {
            return Err(format!(
                "unknown variant `{variant}` for scene `{}`; valid variants: {}",
                scene_config.name,
                variants.join(", ")
            ));
        }
        setup.variant = variant.clone();
    }
    if let Some(seed) = args.seed {
        setup.seed = seed;
    }
    if let Some(agents) = args.agents {
        let max = crate::config::MAX_AGENTS;
        if agents == 0 || agents > max {
            return Err(format!(
                "--agents must be between 1 and {max}, got {agents}"
            ));
        }
        setup.agents = agents;
    }
    if let Some(mode) = &args.neighbors {
        setup.neighbors = NeighborMode::parse(mode).ok_or_else(|| {
            format!(
                "unknown neighbour search `{mode}`; valid: {}",
                NeighborMode::NAMES.join(", ")
            )
        })?;
    }
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    Ok(Start {
        scene,
        setup,
        threads,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Result<Args, String> {
        parse(s.split_whitespace().map(str::to_string))
    }

    #[test]
    fn parses_a_headless_run() {
        let a = args("--headless --scene doorway --steps 10 --seed 3 --agents 100 --variant v2")
            .unwrap();
        assert!(a.headless);
        assert_eq!(a.scene.as_deref(), Some("doorway"));
        assert_eq!((a.steps, a.seed, a.agents), (Some(10), Some(3), Some(100)));
    }

    #[test]
    fn refuses_bad_flags_with_a_message() {
        assert!(
            args("--bogus")
                .unwrap_err()
                .contains("unknown argument `--bogus`")
        );
        assert!(
            args("--steps ten --headless --scene a")
                .unwrap_err()
                .contains("--steps expects")
        );
        assert!(
            args("--headless --scene a")
                .unwrap_err()
                .contains("--steps")
        );
        assert!(args("--scene").unwrap_err().contains("needs a value"));
        assert!(args("--screenshot x.png").unwrap_err().contains("--frames"));
        assert!(
            args("--agents -5")
                .unwrap_err()
                .contains("--agents expects")
        );
    }
}
