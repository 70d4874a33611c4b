//! The page's translations, fetched when chosen. Its `.wasm` carries
//! English only (its size budget); a language asked for (the address's
//! `lang=`, the browser's languages, the panel's picker) is fetched from
//! `lang/` beside the page: its table (`lang/CODE.txt`) and its script's
//! font (`lang/CODE.font`), each its own file (`cargo xtask web` writes
//! them). A line on the stage says it is loading, for the frame before
//! the wait, in the language shown until then; a failure says why and
//! leaves the words as they were. On the desktop every language is
//! carried, and nothing here ever waits.

use crate::window::Options;
use macroquad::file::{load_file, load_string};
use steering_demos::app::App;
use steering_demos::text::Said;
use steering_demos::text::language::{self, Language};

/// The language whose words are awaited, the last one whose words were
/// here (in which the wait is told), and the notice the loading line
/// covers (a broken link's, shown again after).
pub struct Fetching {
    pending: Option<&'static Language>,
    last: &'static Language,
    covered: Option<Said>,
}

impl Default for Fetching {
    fn default() -> Self {
        Self {
            pending: None,
            last: language::english(),
            covered: None,
        }
    }
}

impl Fetching {
    /// Before a frame: nothing when the language shown has its words;
    /// when one was just asked for, the words stay in the last language,
    /// which says on the stage what is loading (this frame); the next
    /// frame fetches it, then shows it, or says why not.
    pub async fn words(&mut self, app: &mut App, options: &Options) {
        let shown = language::shown();
        if !shown.ready() {
            if self.pending.is_none() {
                self.covered = app.notice.take();
            }
            self.pending = Some(shown);
            language::show(self.last);
            let loading = Said::new("notice.language-loading", &[("language", &shown.name)]);
            app.notice = Some(loading);
            return;
        }
        let Some(wanted) = self.pending.take() else {
            self.last = shown;
            return;
        };
        match fetch(wanted).await {
            Ok(()) => {
                language::show(wanted);
                crate::render::text::reload_fonts();
                self.last = wanted;
                app.notice = self.covered.take();
                options.log(&format!("lang {}", wanted.code));
            }
            Err(error) => {
                let args: [(&'static str, &dyn std::fmt::Display); 2] =
                    [("language", &wanted.name), ("error", &error)];
                app.notice = Some(Said::new("notice.language-failed", &args));
                options.log(&format!("lang failed {}", wanted.code));
            }
        }
    }
}

/// `language`'s table and, if its script needs one, its font.
async fn fetch(language: &'static Language) -> Result<(), String> {
    let table_file = format!("lang/{}.txt", language.code);
    let table = (load_string(&table_file).await).map_err(|e| format!("{table_file}: {e}"))?;
    let font = if language.has_font {
        let font_file = format!("lang/{}.font", language.code);
        Some((load_file(&font_file).await).map_err(|e| format!("{font_file}: {e}"))?)
    } else {
        None
    };
    language.fetched(table, font)
}

/// The language the browser prefers among the app's (the page works it
/// out from `navigator.languages` before the `.wasm` starts), if not
/// English; none on the desktop (its locale says).
pub fn browser_language() -> Option<String> {
    page::browser_language().filter(|c| !c.is_empty() && c != "en")
}

#[cfg(target_arch = "wasm32")]
mod page {
    unsafe extern "C" {
        fn steering_browser_language() -> sapp_jsutils::JsObject;
    }

    pub fn browser_language() -> Option<String> {
        let mut code = String::new();
        // SAFETY: the page's own plugin (xtask/src/index.html) defines
        // it, returning a string.
        unsafe { steering_browser_language() }.to_string(&mut code);
        Some(code)
    }

    /// The page's plugin for it, at the version the page expects.
    #[unsafe(no_mangle)]
    pub extern "C" fn steering_language_crate_version() -> u32 {
        1
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod page {
    pub fn browser_language() -> Option<String> {
        None
    }
}
