//! Presets: a scene, variant, seed, knobs and edits in a small TOML file,
//! a start worth seeing with a line that says what to watch.
//!
//! ```toml
//! description = "v0: no brake, no separation; the crowd jams in the doorway"
//! scene = "doorway"
//! lang = "fr"                    # optional: the words' language (en, nb, zh, fr, ar, es)
//! variant = "v0"
//! seed = 1
//! agents = 120
//! starts = [[0, 100.0, 200.0]]   # agents placed by hand: [number, x, y]
//!
//! [params]
//! max_separation = 0.5
//! ```
//!
//! Everything but `description` and `scene` may be left out; `lang` shows
//! the window in that language when the preset starts (a class's presets
//! in its language), unless `--lang` says another. The rest is
//! a scene's table of demos.toml, read and checked by the same code over
//! the scene's built-in defaults (never the user's demos.toml, so a preset
//! starts the same run everywhere), and refused the same way: file, line,
//! column, key and range. Shipped presets, every file in `assets/presets`,
//! are built into the binary ([`SHIPPED`]); a person's own live in
//! [`user_folder`], where Ctrl+S saves one (a new file every time, never
//! over another).

use super::ConfigError;
use super::locate::Locator;
use super::{AppConfig, SceneConfig, scene_from, table};
use crate::scenes::registry;
use crate::sim::decl::SceneDecl;
use crate::sim::knobs::Invalid;
use crate::sim::scene::Setup;
use crate::text::language::{self, Language};
use std::path::{Path, PathBuf};
use toml::de::{DeTable, DeValue};

/// The largest preset file read, in bytes: a preset is a few hundred
/// bytes; a thousand placed agents fit in 40 KB.
pub const MAX_BYTES: u64 = 1 << 20;

/// The presets that come with the app: (name, the file's text), by name.
/// Every `assets/presets/NAME.toml` is one, gathered at build time
/// (`src/build.rs`): a new preset is a new file, nothing else.
pub const SHIPPED: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/presets.rs"));

/// A start worth seeing.
#[derive(Debug, Clone)]
pub struct Preset {
    /// Its file name without `.toml`: `--preset NAME`.
    pub name: String,
    /// One line: what to watch.
    pub description: String,
    /// The scene's start, as a demos.toml table over its defaults.
    pub scene: SceneConfig,
    /// Where it came from: "shipped", or its file.
    pub source: String,
    /// The language its words are shown in (`lang = "fr"`), if it says
    /// (a build without that language's table shows its own).
    pub lang: Option<&'static Language>,
}

impl Preset {
    /// Whether it comes with the app (a person's file cannot take a
    /// shipped preset's name).
    pub fn is_shipped(&self) -> bool {
        SHIPPED.iter().any(|(n, _)| *n == self.name)
    }
}

/// Where a person's presets live: `$XDG_CONFIG_HOME/steering-demos/presets`
/// (default `~/.config/...`); relative settings are ignored, as the XDG
/// spec says.
pub fn user_folder() -> Option<PathBuf> {
    Some(crate::folders::config()?.join("steering-demos/presets"))
}

/// Reads preset `name` from `text`; `file` names it in messages.
pub fn parse(file: &str, name: &str, text: &str, app: &AppConfig) -> Result<Preset, ConfigError> {
    let located = Locator { file, text };
    let doc = DeTable::parse(text).map_err(|e| located.toml_error(e, None))?;
    let doc = doc.get_ref();
    let string = |key: &str| -> Result<String, ConfigError> {
        let missing = || {
            let e = Invalid::new(key, format!("a preset needs `{key} = \"...\"`"));
            ConfigError {
                place: Some((1, 1)),
                ..located.invalid(doc, &[], e)
            }
        };
        match table(doc, key).ok_or_else(missing)?.get_ref() {
            DeValue::String(s) => Ok(s.to_string()),
            _ => Err(located.invalid(doc, &[], Invalid::new(key, "must be a string"))),
        }
    };
    let description = string("description")?;
    let scene_name = string("scene")?;
    let lang = match table(doc, "lang") {
        None => None,
        Some(_) => {
            let code = string("lang")?;
            let unknown = || {
                let m = format!(
                    "`{code}` is not a language of this app; it speaks {}",
                    language::codes()
                );
                located.invalid(doc, &[], Invalid::new("lang", m))
            };
            Some(language::by_code(&code).ok_or_else(unknown)?)
        }
    };
    let decl: &'static SceneDecl = registry::find(&scene_name)
        .map_err(|m| located.invalid(doc, &[], Invalid::new("scene", m)))?;
    let mut rest = DeTable::new();
    for (k, v) in doc.iter() {
        if !["description", "scene", "lang"].contains(&k.get_ref().as_ref()) {
            rest.insert(k.clone(), v.clone());
        }
    }
    let whole = toml::Spanned::new(0..text.len(), DeValue::Table(rest));
    let scene = scene_from(decl, whole, &[], doc, &located, app)?;
    Ok(Preset {
        name: name.to_string(),
        description,
        scene,
        source: file.to_string(),
        lang,
    })
}

/// A preset as listed: the preset, or why its file was refused.
pub type Listed = Result<Preset, ConfigError>;

/// Every preset: the shipped ones, then a person's (from `folder`), by
/// name. A broken file of a person's is listed as its error, so one bad
/// file hides nothing else.
pub fn all(folder: Option<&Path>, app: &AppConfig) -> Vec<Listed> {
    let mut out: Vec<_> = SHIPPED
        .iter()
        .map(|(name, text)| parse(&format!("{name} (shipped)"), name, text, app))
        .collect();
    let mut own: Vec<PathBuf> = folder
        .and_then(|f| std::fs::read_dir(f).ok())
        .into_iter()
        .flatten()
        .filter_map(|e| Some(e.ok()?.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    own.sort();
    out.extend(own.iter().map(|path| read_own(path, app)));
    out
}

/// A person's preset file as listed: refused, besides as [`read`] refuses,
/// when its name is one `--preset` cannot open (not a plain name, or a
/// shipped preset's, which `--preset` opens instead).
fn read_own(path: &Path, app: &AppConfig) -> Listed {
    let name = path.file_stem().map(|s| s.to_string_lossy());
    let problem = match name.as_deref() {
        Some(name) if SHIPPED.iter().any(|(n, _)| *n == name) => {
            "a shipped preset has this name, and --preset starts that one: rename the file"
        }
        Some(name) if is_plain_name(name) => return read(path, app),
        _ => "a preset's name is letters, digits, - and _ (at most 100): rename the file",
    };
    Err(ConfigError {
        file: path.display().to_string(),
        place: None,
        key: None,
        message: problem.into(),
    })
}

/// Preset `name`: a shipped one, or else a person's in `folder`; an error
/// lists the names there are.
pub fn find(name: &str, folder: Option<&Path>, app: &AppConfig) -> Result<Preset, String> {
    if let Some((name, text)) = SHIPPED.iter().find(|(n, _)| *n == name) {
        return parse(&format!("{name} (shipped)"), name, text, app).map_err(|e| e.to_string());
    }
    let own = folder.map(|f| f.join(format!("{name}.toml")));
    if let Some(path) = own.filter(|p| is_plain_name(name) && p.is_file()) {
        return read(&path, app).map_err(|e| e.to_string());
    }
    let names: Vec<String> = all(folder, app)
        .into_iter()
        .filter_map(|p| Some(p.ok()?.name))
        .collect();
    // The names that look like the one asked for: the same scene, or
    // the name inside them.
    let wanted = name.to_lowercase();
    let scene = wanted.split('-').next().unwrap_or_default();
    let like: Vec<&str> = (names.iter())
        .filter(|n| n.contains(&wanted) || n.split('-').next() == Some(scene))
        .map(String::as_str)
        .take(8)
        .collect();
    let like = match like.is_empty() {
        true => String::new(),
        false => format!("; like it: {}", like.join(", ")),
    };
    Err(format!(
        "no preset {}{like} (--presets lists all {})",
        crate::quote::quoted(name),
        names.len()
    ))
}

/// A name that is a file name in the folder, not a path out of it.
fn is_plain_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 100
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// Reads a person's preset file: a regular file of at most [`MAX_BYTES`].
pub fn read(path: &Path, app: &AppConfig) -> Result<Preset, ConfigError> {
    let file = path.display().to_string();
    let refuse = |message: String| ConfigError {
        file: file.clone(),
        place: None,
        key: None,
        message,
    };
    let text = super::read_limited(path, MAX_BYTES).map_err(refuse)?;
    let name = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    parse(&file, &name, &text, app)
}

/// A preset of the running start: scene, variant, seed, agents, every
/// knob and prop that differs from the built-in defaults, and the starts.
pub fn to_toml(decl: &SceneDecl, setup: &Setup, description: &str) -> String {
    let mut out = format!(
        "description = {}\nscene = \"{}\"\nvariant = \"{}\"\nseed = {}\nagents = {}\n",
        toml::Value::from(description),
        decl.name,
        decl.variants[setup.variant],
        setup.seed,
        setup.agents
    );
    if !setup.starts.is_empty() {
        let items: Vec<String> = (setup.starts.iter())
            .map(|(n, at)| format!("[{n}, {:?}, {:?}]", at.x, at.y))
            .collect();
        out.push_str(&format!("starts = [{}]\n", items.join(", ")));
    }
    let defaults = decl.default_params();
    let mut params = String::new();
    for knob in decl.knobs {
        let value = setup.params.get(knob.name);
        if value.is_some() && value != defaults.get(knob.name) {
            let value = value.unwrap_or_default() as f32;
            params.push_str(&format!("{} = {value:?}\n", knob.name));
        }
    }
    let (now, before) = (
        setup.params.fixed_values(),
        decl.default_params().fixed_values(),
    );
    for (key, value) in now.iter().filter(|kv| !before.contains(kv)) {
        params.push_str(&format!("{key} = {value}\n"));
    }
    if !params.is_empty() {
        out.push_str("\n[params]\n");
        out.push_str(&params);
    }
    out
}

/// Saves the running start as a new preset in `folder`, named after the
/// scene and variant with the first free number: written whole to a
/// temporary file, then linked to its name only if no file has it.
/// Returns the path written.
pub fn save(folder: &Path, decl: &SceneDecl, setup: &Setup) -> Result<PathBuf, String> {
    let variant = decl.variants[setup.variant];
    let description = format!("{} ({variant}), saved from the window", decl.title);
    let text = to_toml(decl, setup, &description);
    std::fs::create_dir_all(folder)
        .map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
    let stem = format!("{}-{variant}", decl.name);
    crate::newfile::write_new(folder, &stem, "toml", text.as_bytes())
}

#[cfg(test)]
mod tests;
