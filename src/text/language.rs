//! The languages the app speaks, and which one a person gets: the one
//! `--lang` names, else the one their system speaks (`LANGUAGE`'s list,
//! then the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set, as
//! gettext reads them), else English.
//!
//! Each translation is a table like `src/text/en.txt` holding the app's
//! keys and the scenes' (`src/text/<code>.txt`), with a glossary of the
//! series' terms beside it (`src/text/<code>.glossary.md`). A script
//! Hack lacks has its font in `assets/fonts/` (Chinese: Noto Sans SC, cut
//! to the characters of its table by `cargo xtask fonts`, some 120 KB;
//! Arabic: Noto Sans Arabic, its letters and their joined forms, 17 KB),
//! drawn after Hack in the window and after egui's own fonts in the
//! panels. Arabic is joined and ordered before it is drawn
//! ([`super::shape`], [`super::bidi`]). The desktop carries its tables and
//! fonts; the page leaves them out of its `.wasm` and speaks English until
//! it fetches them.

use super::Catalogue;
use std::cell::Cell;
use std::sync::OnceLock;

/// A language: its code (ISO 639-1, as locales and links write it), its
/// name in itself, and its table.
pub struct Language {
    pub code: &'static str,
    pub name: &'static str,
    /// `None` for English (the keys' own) and for a table this build
    /// leaves out.
    table: Option<&'static str>,
    /// The font of its script where Hack has none (Chinese: Noto Sans SC,
    /// cut to the table's characters by `cargo xtask fonts`), if this
    /// build carries it.
    carried_font: Option<&'static [u8]>,
    /// Whether its script needs a font of its own (the page fetches it).
    pub has_font: bool,
    /// The table and font the page fetched ([`Language::fetched`]).
    fetched: OnceLock<(&'static str, Option<&'static [u8]>)>,
    parsed: OnceLock<Catalogue>,
}

/// One language is one code.
impl PartialEq for Language {
    fn eq(&self, other: &Self) -> bool {
        self.code == other.code
    }
}

impl std::fmt::Debug for Language {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Language({})", self.code)
    }
}

/// Whether this build carries the translations: the desktop does, the
/// page (its `.wasm` at its size budget) does not.
const CARRIED: bool = !cfg!(target_arch = "wasm32");

/// What this build carries of a language (a table, a font): the
/// desktop's all, the page's none (then it is referenced by nothing and
/// left out of the `.wasm`).
macro_rules! carried {
    ($included:expr) => {
        if CARRIED { Some($included) } else { None }
    };
}

impl Language {
    const fn new(code: &'static str, name: &'static str, table: Option<&'static str>) -> Self {
        Self {
            code,
            name,
            table,
            carried_font: None,
            has_font: false,
            fetched: OnceLock::new(),
            parsed: OnceLock::new(),
        }
    }

    const fn with_font(mut self, font: Option<&'static [u8]>) -> Self {
        self.carried_font = font;
        self.has_font = true;
        self
    }

    /// Its table, read once; `None` for English or a table not here (yet).
    pub fn catalogue(&'static self) -> Option<&'static Catalogue> {
        let table = self.source()?;
        Some(
            self.parsed
                .get_or_init(|| Catalogue::parse(table).expect("a shipped table reads")),
        )
    }

    /// Its table's source, if this build carries one or the page fetched it.
    pub fn source(&self) -> Option<&'static str> {
        self.table
            .or_else(|| self.fetched.get().map(|(table, _)| *table))
    }

    /// The font of its script, if it needs one and it is here.
    pub fn font(&self) -> Option<&'static [u8]> {
        (self.carried_font).or_else(|| self.fetched.get().and_then(|(_, font)| *font))
    }

    /// Takes the table and font the page fetched for it (kept for the
    /// rest of the run; a second call changes nothing). A table that does
    /// not read is refused, with the line that does not.
    pub fn fetched(&self, table: String, font: Option<Vec<u8>>) -> Result<(), String> {
        let table: &'static str = Box::leak(table.into_boxed_str());
        Catalogue::parse(table)?;
        let font = font.map(|f| &*Box::leak(f.into_boxed_slice()));
        let _ = self.fetched.set((table, font));
        Ok(())
    }

    /// Whether it is read from the right (Arabic): its lines are aligned
    /// to the right, its card and lists start there.
    pub fn rtl(&self) -> bool {
        self.code == "ar"
    }

    /// Whether this build can show it: its words carried, or fetched by
    /// the page when chosen.
    pub fn shown_here(&self) -> bool {
        self.table.is_some() || self.code == "en" || !CARRIED
    }

    /// Whether its words are here now: the page has a table to fetch first.
    pub fn ready(&self) -> bool {
        self.code == "en" || (self.source().is_some() && (self.font().is_some() || !self.has_font))
    }
}

/// Every language, English first.
static ALL: [Language; 6] = [
    Language::new("en", "English", None),
    Language::new("nb", "Norsk bokmål", carried!(include_str!("nb.txt"))),
    Language::new("zh", "中文", carried!(include_str!("zh.txt"))).with_font(carried!(
        include_bytes!("../../assets/fonts/NotoSansSC-subset.otf")
    )),
    Language::new("fr", "Français", carried!(include_str!("fr.txt"))),
    Language::new("ar", "العربية", carried!(include_str!("ar.txt"))).with_font(carried!(
        include_bytes!("../../assets/fonts/NotoSansArabic-subset.ttf")
    )),
    Language::new("es", "Español", carried!(include_str!("es.txt"))),
];

/// Every language, English first.
pub fn all() -> &'static [Language] {
    &ALL
}

/// English, the language of every key.
pub fn english() -> &'static Language {
    &all()[0]
}

/// The language a code or a locale names (`fr`, `fr_FR.UTF-8`, `nb-NO`,
/// `no` and `nn` for Norwegian, `zh_CN`, `ES`), if the app speaks it.
pub fn by_code(code: &str) -> Option<&'static Language> {
    let lang = code
        .split(['_', '-', '.', '@'])
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    let lang = match lang.as_str() {
        "no" | "nn" => "nb",
        other => other,
    };
    all().iter().find(|l| l.code == lang)
}

thread_local! {
    /// The language shown on this thread ([`show`]).
    static SHOWN: Cell<Option<&'static Language>> = const { Cell::new(None) };
}

/// Shows `language`'s words from now on, on this thread (the one that
/// draws), English behind them.
pub fn show(language: &'static Language) {
    SHOWN.with(|s| s.set(Some(language)));
    super::show(language.catalogue());
}

/// The language shown on this thread: English until [`show`] says.
pub fn shown() -> &'static Language {
    SHOWN.with(Cell::get).unwrap_or_else(english)
}

/// The languages a person may pick: those this build carries.
pub fn drawn() -> impl Iterator<Item = &'static Language> {
    all().iter().filter(|l| l.shown_here())
}

/// The codes the app speaks, for a message: "en, nb, zh, fr, ar, es".
pub fn codes() -> String {
    all().iter().map(|l| l.code).collect::<Vec<_>>().join(", ")
}

/// The language the system's locale asks for, reading its variables
/// through `var`: `LANGUAGE`'s list first (unless the locale is C or
/// POSIX, as gettext does), then the first set of `LC_ALL`,
/// `LC_MESSAGES` and `LANG`; English when none names a language the app
/// speaks and draws.
pub fn from_locale(var: impl Fn(&str) -> Option<String>) -> &'static Language {
    let set = |name: &str| var(name).filter(|v| !v.is_empty());
    let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].into_iter().find_map(set);
    let plain = |l: &str| l == "C" || l == "POSIX" || l.starts_with("C.");
    if locale.as_deref().is_some_and(plain) {
        return english();
    }
    let listed = set("LANGUAGE").unwrap_or_default();
    (listed.split(':').chain(locale.as_deref()))
        .filter_map(by_code)
        .find(|l| l.shown_here())
        .unwrap_or_else(english)
}

/// The language `code` names, or a message that says why not (the
/// languages spoken, or that this build leaves its table out).
pub fn named(code: &str) -> Result<&'static Language, String> {
    match by_code(code) {
        Some(l) if l.shown_here() => Ok(l),
        Some(l) => Err(format!(
            "{} ({}) is not in this build (the page fetches no translation yet)",
            l.name, l.code
        )),
        None => Err(format!(
            "`{code}` is not a language of this app; it speaks {}",
            codes()
        )),
    }
}

/// [`named`] for `--lang`: its errors name the flag.
pub fn asked(code: &str) -> Result<&'static Language, String> {
    named(code).map_err(|e| format!("--lang: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn locale<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        |name| {
            vars.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.to_string())
        }
    }

    #[test]
    fn a_code_or_a_locale_names_its_language() {
        for (asked, code) in [
            ("fr", "fr"),
            ("fr_FR.UTF-8", "fr"),
            ("nb-NO", "nb"),
            ("no", "nb"),
            ("nn_NO", "nb"),
            ("zh_CN.utf8", "zh"),
            ("ES", "es"),
            ("ar_EG@latin", "ar"),
            ("en_GB", "en"),
        ] {
            assert_eq!(by_code(asked).map(|l| l.code), Some(code), "{asked}");
        }
        for unknown in ["de", "", "C", "x", "frr"] {
            assert!(by_code(unknown).is_none(), "{unknown}");
        }
    }

    #[test]
    fn the_system_locale_picks_as_gettext_does() {
        let cases: [(&[(&str, &str)], &str); 7] = [
            (&[], "en"),
            (&[("LANG", "fr_FR.UTF-8")], "fr"),
            (
                &[("LANG", "fr_FR.UTF-8"), ("LC_MESSAGES", "es_ES.UTF-8")],
                "es",
            ),
            (
                &[
                    ("LANG", "fr_FR"),
                    ("LC_MESSAGES", "es_ES"),
                    ("LC_ALL", "nb_NO"),
                ],
                "nb",
            ),
            (&[("LANG", "de_DE.UTF-8"), ("LANGUAGE", "de:es:fr")], "es"),
            (&[("LANG", "de_DE.UTF-8")], "en"),
            (&[("LC_ALL", "C"), ("LANGUAGE", "fr")], "en"),
        ];
        for (vars, code) in cases {
            assert_eq!(from_locale(locale(vars)).code, code, "{vars:?}");
        }
        let empty_is_unset = [("LC_ALL", ""), ("LANG", "fr_CA.UTF-8")];
        assert_eq!(from_locale(locale(&empty_is_unset)).code, "fr");
        let arabic = [("LANGUAGE", "ar:nb"), ("LANG", "ar_EG.UTF-8")];
        assert_eq!(from_locale(locale(&arabic)).code, "ar");
        assert_eq!(from_locale(locale(&[("LANG", "zh_CN.UTF-8")])).code, "zh");
    }

    #[test]
    fn lang_says_why_a_code_is_refused() {
        assert_eq!(asked("fr_FR").map(|l| l.code), Ok("fr"));
        let unknown = asked("de").unwrap_err();
        assert!(
            unknown.contains("`de`") && unknown.contains("en, nb, zh, fr, ar, es"),
            "{unknown}"
        );
        assert_eq!(asked("zh_CN").map(|l| l.code), Ok("zh"));
        assert_eq!(asked("ar").map(|l| l.code), Ok("ar"));
    }
}
