//! Steering Demos: the entry point. It reads the command line, picks a
//! mode and runs it.
//!
//! The command line and demos.toml are read first, so a bad flag or
//! config is reported (exit code 2) before any window opens. Then one
//! mode runs: a desktop entry, an answer in the terminal (a list, a link,
//! a headless run), or the window, handed to the frame loop in
//! `window.rs`.
//!
//! On Windows it is a window program: started from the Start menu it
//! opens no console; run from a terminal (`--headless`, `--list`,
//! `--help`), it writes to that terminal ([`console`]).

#![cfg_attr(windows, windows_subsystem = "windows")]

mod files;
mod input;
mod render;
mod stepping;
mod window;

use macroquad::miniquad::conf::{Icon, Platform};
use macroquad::window::Conf;
use std::cell::RefCell;
use std::process::ExitCode;
use std::rc::Rc;
use steering_demos::app::{Action, App};
use steering_demos::cli;
use steering_demos::config::Config;
use steering_demos::sim::report;
use steering_demos::text::{Said, language};
use window::{Options, frame_loop};

use steering_demos::desktop::APP_ID;

/// How the program ends when it does not succeed.
enum Exit {
    /// A usage or configuration error: one line, exit code 2.
    Usage(String),
    /// Already said on stderr; this exit code.
    Quiet(u8),
}

impl From<String> for Exit {
    fn from(message: String) -> Self {
        Exit::Usage(message)
    }
}

fn main() -> ExitCode {
    console::attach();
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(Exit::Usage(message)) => {
            complain(&message);
            ExitCode::from(2)
        }
        Err(Exit::Quiet(code)) => ExitCode::from(code),
    }
}

/// Says `message` on standard error as one line, user text in it made
/// safe ([`steering_demos::quote::line`]); a standard error that cannot be
/// written (a full disk) changes nothing: the exit code says it.
pub fn complain(message: &str) {
    use std::io::Write;
    let line = steering_demos::quote::line(&format!("steering-demos: {message}"));
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// Writes `text` and a newline to standard output. A reader that has
/// gone (`| head -1`) ends the program quietly, as it asked for no more.
fn say(text: &str) -> Result<(), Exit> {
    use std::io::{ErrorKind, Write};
    let mut out = std::io::stdout().lock();
    if stdout_was_closed() {
        return Err(Exit::Usage(
            "cannot write to standard output: it was closed".into(),
        ));
    }
    match writeln!(out, "{text}").and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == ErrorKind::BrokenPipe => Err(Exit::Quiet(0)),
        Err(e) => Err(Exit::Usage(format!("cannot write to standard output: {e}"))),
    }
}

/// Whether the program started with its standard output closed (`>&-`).
/// Rust's runtime then opens /dev/null there, read and write, and every
/// write would vanish without a word; a shell's `> /dev/null` opens it
/// for writing only. Linux tells through /proc; elsewhere, no.
fn stdout_was_closed() -> bool {
    let null = std::fs::read_link("/proc/self/fd/1").is_ok_and(|p| p.as_os_str() == "/dev/null");
    let flags = std::fs::read_to_string("/proc/self/fdinfo/1")
        .ok()
        .and_then(|info| {
            let line = info.lines().find_map(|l| l.strip_prefix("flags:"))?;
            u32::from_str_radix(line.trim(), 8).ok()
        });
    const ACCESS: u32 = 0o3;
    const READ_WRITE: u32 = 0o2;
    null && flags.is_some_and(|f| f & ACCESS == READ_WRITE)
}

/// What is missing to open a window, if something is (Linux and the BSDs:
/// an X or Wayland display).
fn no_display() -> Option<&'static str> {
    let unix_desktop = cfg!(all(
        unix,
        not(target_os = "macos"),
        not(target_os = "android")
    ));
    let set = |name| std::env::var_os(name).is_some_and(|v| !v.is_empty());
    (unix_desktop && !set("DISPLAY") && !set("WAYLAND_DISPLAY"))
        .then_some("neither DISPLAY nor WAYLAND_DISPLAY is set")
}

/// The app's own icon, at the three sizes a window carries (a web page
/// has the favicon instead).
fn window_icon() -> Option<Icon> {
    if cfg!(target_arch = "wasm32") {
        return None;
    }
    fn pixels<const N: usize>(png: &[u8]) -> Option<[u8; N]> {
        let rgba = image::load_from_memory(png).ok()?.to_rgba8();
        rgba.into_raw().try_into().ok()
    }
    Some(Icon {
        small: pixels(include_bytes!("../assets/icons/steering-demos-16.png"))?,
        medium: pixels(include_bytes!("../assets/icons/steering-demos-32.png"))?,
        big: pixels(include_bytes!("../assets/icons/steering-demos-64.png"))?,
    })
}

/// The command line's choices. A web page has no command line: its
/// address may carry a run's link in its fragment, or only a language
/// (`#lang=fr`); else the browser's languages say which.
fn arguments() -> Result<Option<Box<cli::Args>>, Exit> {
    if cfg!(target_arch = "wasm32") {
        let hash = quad_url::get_hash();
        let body = hash.trim_start_matches('#');
        if body == "pins" {
            let pins = true;
            return Ok(Some(Box::new(cli::Args {
                pins,
                ..Default::default()
            })));
        }
        let only_lang = body.strip_prefix("lang=").filter(|c| !c.contains('&'));
        let open = Some(hash.clone()).filter(|_| !body.is_empty() && only_lang.is_none());
        let lang = match only_lang {
            Some(code) => language::by_code(code).map(|l| l.code.to_string()),
            None if body.contains("lang=") => None,
            None => window::fetch::browser_language(),
        };
        return Ok(Some(Box::new(cli::Args {
            open,
            lang,
            ..Default::default()
        })));
    }
    match cli::parse(cli::utf8_arguments(std::env::args_os().skip(1))?)? {
        cli::Parsed::Run(args) => Ok(Some(args)),
        cli::Parsed::Print(text) => {
            say(text.trim_end())?;
            Ok(None)
        }
    }
}

/// Picks the mode the command line asked for and runs it: a desktop
/// entry, an answer in the terminal, or the window.
fn run() -> Result<(), Exit> {
    let Some(args) = arguments()? else {
        return Ok(());
    };
    // The window's words; the terminal's stay English (an interface).
    // The page fetches a language's table and font when it is shown
    // (`window::fetch`).
    let language = match &args.lang {
        Some(code) => language::asked(code)?,
        None if steering_demos::controls::IN_BROWSER => language::english(),
        None => language::from_locale(|name| std::env::var(name).ok()),
    };
    language::show(language);
    if args.install_desktop {
        return install_desktop();
    }
    if args.uninstall_desktop {
        return uninstall_desktop();
    }
    // Headless runs, --list, --presets and --share answer in the terminal:
    // a broken file stops them. The window falls back on the built-in
    // scenes and shows the error.
    if args.headless || args.list || args.presets || args.share {
        let config = Config::load(args.config.as_deref()).map_err(|e| e.to_string())?;
        return in_terminal(&args, &config);
    }
    let (config, config_error) =
        Config::load_or_embedded(args.config.as_deref()).map_err(|e| e.to_string())?;
    open_window(&args, config, config_error)
}

/// `--install-desktop`: the menu entry and icons, one line a file.
fn install_desktop() -> Result<(), Exit> {
    for line in steering_demos::desktop::install()? {
        say(&line)?;
    }
    Ok(())
}

/// `--uninstall-desktop`. A data folder that cannot be used is bad input
/// (exit 2); a file that cannot be removed, a failure (exit 1).
fn uninstall_desktop() -> Result<(), Exit> {
    steering_demos::desktop::data_home()?;
    let (lines, result) = steering_demos::desktop::uninstall();
    for line in lines {
        say(&line)?;
    }
    if let Err(e) = result {
        complain(&e);
        return Err(Exit::Quiet(1));
    }
    Ok(())
}

/// The modes that answer in the terminal: `--list`, `--presets`,
/// `--share` and `--headless`.
fn in_terminal(args: &cli::Args, config: &Config) -> Result<(), Exit> {
    if args.list {
        return say(cli::list(config).trim_end());
    }
    if args.presets {
        return list_presets(config);
    }
    let start = cli::resolve(args, config)?;
    if args.share {
        return share(config, &start);
    }
    let scene = &config.scenes[start.scene];
    let steps = args.steps.unwrap_or(0);
    let report = report::run(steps, start.threads, || config.start(scene, &start.setup))?;
    say(&report.to_json())
}

/// `--presets`: every good preset is listed, and every refused file said;
/// a refused one makes the exit 2, as bad input does.
fn list_presets(config: &Config) -> Result<(), Exit> {
    let folder = steering_demos::config::preset::user_folder();
    let mut refused = false;
    for preset in steering_demos::config::preset::all(folder.as_deref(), &config.app) {
        match preset {
            // A person's description may hold anything: one line,
            // escaped, as every message.
            Ok(p) => say(&steering_demos::quote::line(&format!(
                "{}  {}",
                p.name, p.description
            )))?,
            Err(e) => {
                complain(&e.to_string());
                refused = true;
            }
        }
    }
    if refused { Err(Exit::Quiet(2)) } else { Ok(()) }
}

/// `--share`: the run's link, and what of this demos.toml it leaves out.
fn share(config: &Config, start: &cli::Start) -> Result<(), Exit> {
    let entry = config.scenes[start.scene].decl;
    say(&steering_demos::link::fragment(entry, &start.setup))?;
    let unlinked = config.unlinked(start.scene);
    if !unlinked.is_empty() {
        complain(&format!(
            "note: the link leaves out this demos.toml's {}: opened elsewhere, \
             the run has the built-in ones",
            unlinked.join(", ")
        ));
    }
    Ok(())
}

/// The window: every choice is checked before it opens, then the frame
/// loop ([`window::frame_loop`]) runs until it closes.
fn open_window(
    args: &cli::Args,
    config: Config,
    config_error: Option<steering_demos::config::ConfigError>,
) -> Result<(), Exit> {
    // A page with a broken link in its address starts as if it had none,
    // and says why on the stage.
    let (start, link_error) = match cli::resolve(args, &config) {
        Err(e) if steering_demos::controls::IN_BROWSER => {
            // A page has no `--open`: its address carries the link.
            let error = e.strip_prefix("--open: ").unwrap_or(&e);
            let notice = Said::new("notice.page-link", &[("error", &error)]);
            (cli::resolve(&cli::Args::default(), &config)?, Some(notice))
        }
        start => (start?, None),
    };
    // A link's or a preset's language, unless --lang said another.
    if let (None, Some(language)) = (&args.lang, start.lang) {
        language::show(language);
    }
    if args.threads.is_some() {
        rayon::ThreadPoolBuilder::new()
            .num_threads(start.threads)
            .build_global()
            .map_err(|e| format!("cannot start {} worker threads: {e}", start.threads))?;
    }
    let mut options = window_options(args, &config)?;
    if let Some(missing) = no_display() {
        complain(&format!(
            "no display to open the window on ({missing}); \
             run a scene with --headless, or under xvfb-run for screenshots"
        ));
        return Err(Exit::Quiet(1));
    }
    let conf = window_conf(&config);
    let mut app = App::new(config, start.scene, start.setup);
    let config_error = config_error.map(|e| Said::new("notice.config-built-in", &[("error", &e)]));
    options.start_line = (config_error.as_ref().map(|n| format!("config error {n}")))
        .or_else(|| link_error.as_ref().map(|n| format!("notice {n}")));
    app.notice = config_error.or(link_error);
    set_up(&mut app, args)?;
    options.tour_line = start.tour.and_then(|step| app.show_step(step));
    let outcome = Rc::new(RefCell::new(Ok(())));
    #[cfg(not(target_arch = "wasm32"))]
    say_why_the_window_stopped();
    macroquad::Window::from_config(conf, frame_loop(app, options, outcome.clone()));
    outcome.replace(Ok(())).map_err(Exit::from)
}

/// What the frame loop is asked to do besides showing the app. A
/// screenshot's path is checked and a clip is started before the window
/// opens: a path neither can write is refused before anything runs, and
/// neither ever replaces a file.
fn window_options(args: &cli::Args, config: &Config) -> Result<Options, Exit> {
    if let Some(path) = &args.screenshot {
        steering_demos::newfile::check_free(path, "png")
            .map_err(|e| format!("--screenshot: {e}"))?;
    }
    let record = match &args.record {
        Some(path) => {
            steering_demos::newfile::check_free(path, "gif")
                .map_err(|e| format!("--record: {e}"))?;
            let size = (config.app.window[0], config.app.window[1]);
            let clip = files::Recording::start(path, size).map_err(|e| format!("--record: {e}"))?;
            let frames = (args.seconds * f64::from(files::CLIP_FPS)).round().max(1.0) as u64;
            Some((clip, frames))
        }
        None => None,
    };
    Ok(Options {
        record,
        screenshot: args.screenshot.clone().map(|path| (path, args.frames)),
        // A web page has no command line; its console is where a developer
        // (and the browser test) reads what happened.
        log_events: args.log_events || steering_demos::controls::IN_BROWSER,
        log_frames: args.log_frames,
        pins: args.pins,
        start_line: None,
        tour_line: None,
    })
}

/// The window's size, title, icon and antialiasing.
fn window_conf(config: &Config) -> Conf {
    Conf {
        window_title: "Steering Demos".to_string(),
        platform: Platform {
            linux_wm_class: APP_ID,
            ..Default::default()
        },
        icon: window_icon(),
        window_width: config.app.window[0] as i32,
        window_height: config.app.window[1] as i32,
        window_resizable: true,
        sample_count: config.app.msaa_samples as i32,
        ..Default::default()
    }
}

/// The app as the command line opens it: what shows, and who is selected.
fn set_up(app: &mut App, args: &cli::Args) -> Result<(), Exit> {
    app.show_forces = args.show_forces;
    app.card = args.lesson;
    app.panel = args.panel;
    app.trails = args.trails;
    app.tip_to_tail = args.tip_to_tail;
    app.chart = args.chart;
    if args.compare {
        app.apply(Action::ToggleCompare);
    }
    if let Some(i) = args.select {
        let agents = app.scene().crowd().len();
        if i as usize >= agents {
            return Err(format!(
                "--select {i}: the scene has {agents} agents (0 to {})",
                agents.saturating_sub(1)
            )
            .into());
        }
        app.select(Some(i as usize));
    }
    Ok(())
}

/// A window system that refuses us (no OpenGL, a dead X server) panics
/// inside the window library: say so in one sentence, not a backtrace.
/// (In a web page miniquad's own hook sends panics to the console.)
#[cfg(not(target_arch = "wasm32"))]
fn say_why_the_window_stopped() {
    std::panic::set_hook(Box::new(|info| {
        let what = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown error".into());
        complain(&format!(
            "the window stopped: {what} \
             (without a usable display, run a scene with --headless, or under xvfb-run)"
        ));
        std::process::exit(1);
    }));
}

/// The terminal a Windows window program was started from. Windows gives
/// such a program no console; run from a terminal, it takes that one, so
/// what it prints is seen there. Output already redirected (a pipe, a
/// file) is left as it is. Nothing to do elsewhere.
mod console {
    #[cfg(windows)]
    pub fn attach() {
        #[link(name = "kernel32")]
        unsafe extern "system" {
            fn AttachConsole(process: u32) -> i32;
            fn GetStdHandle(which: u32) -> isize;
        }
        const ATTACH_PARENT_PROCESS: u32 = u32::MAX;
        const STD_OUTPUT_HANDLE: u32 = -11i32 as u32;
        // SAFETY: two Win32 calls that take no pointers; a failure (no
        // parent console: started from the Start menu) changes nothing.
        unsafe {
            if GetStdHandle(STD_OUTPUT_HANDLE) == 0 {
                AttachConsole(ATTACH_PARENT_PROCESS);
            }
        }
    }

    #[cfg(not(windows))]
    pub fn attach() {}
}
