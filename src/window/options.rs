//! The command-line choices the frame loop needs, and where its event
//! lines go.

use super::files;
use std::path::PathBuf;

/// Command-line choices the frame loop needs.
pub struct Options {
    /// Save a PNG after this many frames, then quit.
    pub screenshot: Option<(PathBuf, u64)>,
    /// Record a clip of this many frames (a tick's worth of simulated
    /// time each frame, at the clip's rate), then quit.
    pub record: Option<(files::Recording, u64)>,
    /// Print one line per user action.
    pub log_events: bool,
    /// And `frame N` once each frame is shown.
    pub log_frames: bool,
    /// The page's `#pins`: every pinned run's checksum, then nothing else
    /// ([`super::pins`]).
    pub pins: bool,
    /// The event line saying why the app starts otherwise than asked: a
    /// broken settings file (`config error ...`) or a page's broken link
    /// (`notice ...`).
    pub start_line: Option<String>,
    /// The event line of the tour's step the app starts on (`--tour`, a
    /// link's `tour=N`), said after the scene's.
    pub tour_line: Option<String>,
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
            use std::io::Write as _;
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "{line}");
            let _ = out.flush();
        }
    }
}
