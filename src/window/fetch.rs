//! The page's translations, fetched when chosen. Its `.wasm` carries
//! English only (its size budget); a language asked for (the address's
//! `lang=`, the browser's languages, the panel's picker) is fetched from
//! `lang/` beside the page: its table (`lang/CODE.txt`) and its script's
//! font (`lang/CODE.font`), each its own file (`cargo xtask web` writes
//! them). A line on the stage says it is loading, for the frame before
//! the wait; a failure says why and leaves the words in English. On the
//! desktop every language is carried, and nothing here ever waits.

use crate::window::Options;
use macroquad::file::{load_file, load_string};
use steering_demos::app::App;
use steering_demos::text::fill;
use steering_demos::text::language::{self, Language};

/// The language whose words are awaited, once its line has been shown.
#[derive(Default)]
pub struct Fetching {
    pending: Option<&'static Language>,
}

impl Fetching {
    /// Before a frame: nothing when the language shown has its words;
    /// else, the first time, the line that says they are loading, and the
    /// next, the fetch itself.
    pub async fn words(&mut self, app: &mut App, options: &Options) {
        let shown = language::shown();
        if shown.ready() {
            self.pending = None;
            return;
        }
        if self.pending != Some(shown) {
            self.pending = Some(shown);
            app.notice = Some(fill(
                "notice.language-loading",
                &[("language", &shown.name)],
            ));
            return;
        }
        self.pending = None;
        match fetch(shown).await {
            Ok(()) => {
                language::show(shown);
                crate::render::text::reload_fonts();
                app.notice = None;
                options.log(&format!("lang {}", shown.code));
            }
            Err(error) => {
                language::show(language::english());
                let args: [(&str, &dyn std::fmt::Display); 2] =
                    [("language", &shown.name), ("error", &error)];
                app.notice = Some(fill("notice.language-failed", &args));
                options.log(&format!("lang failed {}", shown.code));
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
/// out from `navigator.languages` before the `.wasm` starts), if not English.
#[cfg(target_arch = "wasm32")]
pub fn browser_language() -> Option<String> {
    unsafe extern "C" {
        fn steering_browser_language() -> sapp_jsutils::JsObject;
    }
    let mut code = String::new();
    // SAFETY: the page's own plugin (xtask/src/index.html) defines it,
    // returning a string.
    unsafe { steering_browser_language() }.to_string(&mut code);
    Some(code).filter(|c| !c.is_empty() && c != "en")
}

/// The page's plugin for [`browser_language`], at the version it expects.
#[cfg(target_arch = "wasm32")]
#[unsafe(no_mangle)]
pub extern "C" fn steering_language_crate_version() -> u32 {
    1
}
