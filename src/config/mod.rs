//! `demos.toml`: the app's settings and, for each scene of the registry,
//! its seed, crowd, variant and parameters. This module only reads the file,
//! hands each scene's table to its kind (which declares and checks its own
//! parameters) and locates errors: a syntax error or a wrong type names the
//! file, line, column and key; an unknown key lists the valid ones; an
//! out-of-range value names the key and the range. Nothing here panics on
//! bad input.

pub(crate) mod app;
mod locate;
pub mod preset;

pub use app::AppConfig;
pub use locate::ConfigError;

use crate::scenes::{SCENES, registry};
use crate::sim::decl::SceneDecl;
use crate::sim::knobs::{Invalid, Params, ReadError};
use crate::sim::pointer::{PointerMode, ScriptedPointer};
use crate::sim::runner::Runner;
use crate::sim::scene::Setup;
use crate::sim::scene::WrongScene;
use crate::sim::starts::Starts;
use crate::steer::neighbors::NeighborMode;
use glam::Vec2;
use locate::Locator;
use serde::Deserialize;
use serde::de::IgnoredAny;
use std::path::{Path, PathBuf};
use toml::de::{DeTable, DeValue, ValueDeserializer};

/// The shipped configuration, used when there is no demos.toml to read:
/// the file without its comment lines, each left blank (`src/build.rs`).
pub const EMBEDDED: &str = include_str!(concat!(env!("OUT_DIR"), "/demos.toml"));

/// The file name looked for in the user's configuration folder.
pub const FILE_NAME: &str = "demos.toml";

/// Where a desktop keeps this app's settings:
/// `$XDG_CONFIG_HOME/steering-demos/demos.toml` (default `~/.config`).
/// Never the working directory, which for a menu launch is the home folder.
pub fn user_file() -> Option<PathBuf> {
    Some(
        crate::folders::config()?
            .join("steering-demos")
            .join(FILE_NAME),
    )
}

/// The whole configuration.
#[derive(Debug, Clone)]
pub struct Config {
    /// Where it came from, for messages (a path, or "embedded demos.toml").
    pub source: String,
    pub app: AppConfig,
    /// One per scene, in the registry's order.
    pub scenes: Vec<SceneConfig>,
}

/// How one scene starts.
#[derive(Debug, Clone)]
pub struct SceneConfig {
    pub decl: &'static SceneDecl,
    pub seed: u64,
    pub agents: usize,
    /// Index of the variant shown first.
    pub variant: usize,
    /// Ticks per second in the window.
    pub tick_hz: f32,
    /// Without a window the pointer follows the script, or stays where it starts.
    pub pointer: PointerMode,
    pub params: Box<dyn Params>,
    /// Agents placed by hand (`starts = [[number, x, y], ...]`).
    pub starts: Starts,
}

impl SceneConfig {
    /// The scene's declared defaults, before demos.toml.
    fn defaults(decl: &'static SceneDecl, app: &AppConfig) -> Self {
        let d = decl;
        Self {
            decl,
            seed: d.seed,
            agents: d.agents.default as usize,
            variant: d.default_variant,
            tick_hz: d.tick_hz.unwrap_or(app.tick_hz),
            pointer: d.pointer,
            params: decl.default_params(),
            starts: Starts::default(),
        }
    }

    pub fn name(&self) -> &'static str {
        self.decl.name
    }

    /// The configured start.
    pub fn setup(&self) -> Setup {
        Setup {
            seed: self.seed,
            agents: self.agents,
            variant: self.variant,
            neighbors: NeighborMode::Grid,
            params: self.params.clone(),
            starts: self.starts.clone(),
        }
    }
}

impl Config {
    /// Reads `path`, or the user's file ([`user_file`]) when it exists, or
    /// the embedded copy.
    pub fn load(path: Option<&Path>) -> Result<Config, ConfigError> {
        // A default file that is there is read (and refused when it is
        // not a regular file), never passed over in silence.
        let user = user_file().filter(|p| std::fs::symlink_metadata(p).is_ok());
        match path.map(Path::to_path_buf).or(user) {
            Some(p) => Config::parse(&p.display().to_string(), &read(&p)?),
            None => Ok(Config::embedded()),
        }
    }

    /// [`Config::load`], but a broken user file gives way to the embedded
    /// copy, with the error to show (the window shows it; nobody may be
    /// watching a terminal). A file named on the command line stays strict.
    pub fn load_or_embedded(
        path: Option<&Path>,
    ) -> Result<(Config, Option<ConfigError>), ConfigError> {
        match Config::load(path) {
            Ok(config) => Ok((config, None)),
            Err(e) if path.is_none() => Ok((Config::embedded(), Some(e))),
            Err(e) => Err(e),
        }
    }

    /// The embedded configuration (always valid: a test checks it).
    pub fn embedded() -> Config {
        Config::parse("embedded demos.toml", EMBEDDED)
            .unwrap_or_else(|e| unreachable!("embedded demos.toml: {e}"))
    }

    /// Parses and checks a configuration; `file` names it in messages.
    pub fn parse(file: &str, text: &str) -> Result<Config, ConfigError> {
        let located = Locator { file, text };
        let doc = DeTable::parse(text).map_err(|e| located.toml_error(e, None))?;
        let doc = doc.get_ref();
        if let Some((key, _)) = doc
            .iter()
            .find(|(k, _)| k.get_ref() != "app" && registry::find(k.get_ref()).is_err())
        {
            let valid = ["app"].into_iter().chain(registry::names());
            let e = Invalid::new(
                key.get_ref().as_ref(),
                format!(
                    "unknown table `{}`; valid tables: {}",
                    key.get_ref(),
                    valid.collect::<Vec<_>>().join(", ")
                ),
            );
            return Err(located.invalid(doc, &[], e));
        }
        let app: AppConfig = match table(doc, "app") {
            Some(v) => {
                tables(&v, &["app"], "pointer", &located, doc)?;
                typed(v, &located, doc)?
            }
            None => AppConfig::default(),
        };
        app.check().map_err(|e| located.invalid(doc, &["app"], e))?;
        let scenes = SCENES
            .iter()
            .map(|decl| scene(decl, doc, &located, &app))
            .collect::<Result<_, _>>()?;
        Ok(Config {
            source: file.to_string(),
            app,
            scenes,
        })
    }

    /// The settings of this file that change a run of scene `index` but
    /// that a link does not carry (it is read against the built-in ones):
    /// the stage, the scripted pointer and the scene's pointer mode.
    pub fn unlinked(&self, index: usize) -> Vec<String> {
        let built_in = Config::embedded();
        let (ours, theirs) = (&self.scenes[index], &built_in.scenes[index]);
        let mut out = Vec::new();
        if self.app.stage != built_in.app.stage {
            out.push("app.stage".to_string());
        }
        if self.app.pointer != built_in.app.pointer {
            out.push("app.pointer".to_string());
        }
        if ours.pointer != theirs.pointer {
            out.push(format!("{}.pointer", ours.decl.name));
        }
        out
    }

    /// The scene called `name`.
    pub fn scene(&self, name: &str) -> Option<&SceneConfig> {
        self.scenes.iter().find(|s| s.name() == name)
    }

    /// A runner for `scene` started with `setup`, and its scripted pointer;
    /// an error when `setup` holds another scene's parameters.
    pub fn start(
        &self,
        scene: &SceneConfig,
        setup: &Setup,
    ) -> Result<(Runner, ScriptedPointer), WrongScene> {
        let stage = Vec2::from(self.app.stage);
        let runner = Runner::new(scene.decl, stage, setup, self.app.overlay())?;
        let pointer = ScriptedPointer::new(&self.app.pointer, scene.pointer, runner.stage());
        Ok((runner, pointer))
    }
}

fn read(path: &Path) -> Result<String, ConfigError> {
    read_limited(path, MAX_BYTES).map_err(|message| ConfigError {
        file: path.display().to_string(),
        place: None,
        key: None,
        message,
    })
}

/// The largest demos.toml read, in bytes: the shipped one is some 20 KB.
pub const MAX_BYTES: u64 = 1 << 20;

/// The text of `path`: a regular file (not a FIFO, a device or a folder)
/// of at most `limit` bytes, in UTF-8; never more than `limit` + 1 bytes
/// are read. Errors say which rule the file broke.
pub(crate) fn read_limited(path: &Path, limit: u64) -> Result<String, String> {
    use std::io::Read as _;
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read the file: {e}"))?;
    if !meta.is_file() {
        return Err("not a regular file".into());
    }
    if meta.len() > limit {
        return Err(format!(
            "the file is {} bytes; at most {limit} are read",
            meta.len()
        ));
    }
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read the file: {e}"))?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read the file: {e}"))?;
    if bytes.len() as u64 > limit {
        return Err(format!(
            "the file grew past {limit} bytes while it was read"
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let text = &e.as_bytes()[..at];
        let line = text.iter().filter(|&&b| b == b'\n').count() + 1;
        let col = text.iter().rev().take_while(|&&b| b != b'\n').count() + 1;
        format!("line {line}, column {col}: not UTF-8 text (byte {at})")
    })
}

/// The value of top-level key `name`.
fn table<'a>(doc: &DeTable<'a>, name: &str) -> Option<toml::Spanned<DeValue<'a>>> {
    doc.iter()
        .find(|(k, _)| k.get_ref() == name)
        .map(|(_, v)| v.clone())
}

/// `value` (found at `here`) as a table, and its `inner` key, if given,
/// a table too; that table. serde would read an array as a struct's
/// fields in order (`app = [30]` as tick_hz), so anything else is refused
/// at its place.
fn tables<'a>(
    value: &toml::Spanned<DeValue<'a>>,
    here: &[&str],
    inner: &str,
    located: &Locator<'_>,
    doc: &DeTable<'_>,
) -> Result<Option<DeTable<'a>>, ConfigError> {
    let not_a_table = |key: Option<&str>| {
        let key = (here.iter().copied().chain(key)).filter(|k| !k.is_empty());
        let key = key.collect::<Vec<_>>().join(".");
        let e = Invalid::new(key, "must be a table ([name] or { ... })");
        located.invalid(doc, &[], e)
    };
    let DeValue::Table(fields) = value.get_ref() else {
        return Err(not_a_table(None));
    };
    let found = (fields.iter()).find(|(k, _)| k.get_ref() == inner);
    match found.map(|(_, v)| v.get_ref()) {
        Some(DeValue::Table(table)) => Ok(Some(table.clone())),
        Some(_) => Err(not_a_table(Some(inner))),
        None => Ok(None),
    }
}

fn typed<'a, T: Deserialize<'a>>(
    v: toml::Spanned<DeValue<'a>>,
    located: &Locator<'_>,
    doc: &DeTable<'_>,
) -> Result<T, ConfigError> {
    T::deserialize(ValueDeserializer::from(v)).map_err(|e| located.toml_error(e, Some(doc)))
}

/// A scene's table: every key optional, the scene's declaration fills the rest.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScene {
    seed: Option<u64>,
    agents: Option<u64>,
    tick_hz: Option<f32>,
    variant: Option<String>,
    pointer: Option<PointerMode>,
    starts: Option<Vec<Vec<f64>>>,
    #[allow(dead_code)]
    params: Option<IgnoredAny>,
}

fn scene(
    decl: &'static SceneDecl,
    doc: &DeTable<'_>,
    located: &Locator<'_>,
    app: &AppConfig,
) -> Result<SceneConfig, ConfigError> {
    match table(doc, decl.name) {
        // The scene's own defaults, on this file's stage: what lies off
        // it is the stage's fault.
        None => {
            let scene = SceneConfig::defaults(decl, app);
            scene.params.check(Vec2::from(app.stage)).map_err(|e| {
                let what = e.key.trim_start_matches("params.");
                // Not ending in "(got ...)": the value is the item's, not
                // the stage's as typed.
                let m = format!(
                    "does not suit `{}`'s {what}: {}; give the scene its own, or another stage",
                    decl.name, e.message
                );
                located.invalid(doc, &["app"], Invalid::new("stage", m))
            })?;
            Ok(scene)
        }
        Some(value) => scene_from(decl, value, &[decl.name], doc, located, app),
    }
}

/// A scene's table `value`, found at `here` in `doc` (a preset's is the
/// whole file), over the scene's declared defaults.
fn scene_from(
    decl: &'static SceneDecl,
    value: toml::Spanned<DeValue<'_>>,
    here: &[&str],
    doc: &DeTable<'_>,
    located: &Locator<'_>,
    app: &AppConfig,
) -> Result<SceneConfig, ConfigError> {
    let mut scene = SceneConfig::defaults(decl, app);
    let blame = |e: Invalid| located.invalid(doc, here, e);
    let params_value = tables(&value, here, "params", located, doc)?;
    let raw: RawScene = typed(value, located, doc)?;
    if let Some(table) = params_value {
        scene.params = scene.params.parse(&table).map_err(|e| match e {
            ReadError::At { message, span } => located.spanned(&message, span, Some(doc)),
            ReadError::Invalid(e) => blame(e),
        })?;
    }
    scene.seed = raw.seed.unwrap_or(scene.seed);
    if let Some(agents) = raw.agents {
        let knob = decl.agents;
        knob.check(agents as f64)
            .map_err(|m| blame(Invalid::new("agents", m)))?;
        scene.agents = agents as usize;
    }
    if let Some(variant) = raw.variant {
        scene.variant = decl
            .variant(&variant)
            .map_err(|m| blame(Invalid::new("variant", m)))?;
    }
    if let Some(hz) = raw.tick_hz {
        if !(1.0..=1000.0).contains(&hz) {
            let m = format!("must be between 1 and 1000 (got {hz})");
            return Err(blame(Invalid::new("tick_hz", m)));
        }
        scene.tick_hz = hz;
    }
    scene.pointer = raw.pointer.unwrap_or(scene.pointer);
    if let Some(starts) = raw.starts {
        scene.starts = parse_starts(&starts).map_err(|m| blame(Invalid::new("starts", m)))?;
    }
    scene.params.check(Vec2::from(app.stage)).map_err(blame)?;
    if !scene.starts.is_empty() {
        let crowd = crowd_size(&scene, &scene.setup(), app);
        (scene.starts.check_within(crowd)).map_err(|m| blame(Invalid::new("starts", m)))?;
    }
    Ok(scene)
}

/// How many agents `scene` spawns from `setup` (its roles included: the
/// leader, the hunter, the target's agents...).
pub(crate) fn crowd_size(scene: &SceneConfig, setup: &Setup, app: &AppConfig) -> usize {
    Runner::new(scene.decl, Vec2::from(app.stage), setup, app.overlay())
        .map_or(0, |runner| runner.crowd().len())
}

/// `starts = [[number, x, y], ...]`: each item three numbers, the first
/// a whole agent number.
pub(crate) fn parse_starts(items: &[Vec<f64>]) -> Result<Starts, String> {
    let mut out = Vec::with_capacity(items.len());
    for (k, item) in items.iter().enumerate() {
        let &[number, x, y] = item.as_slice() else {
            return Err(format!(
                "item {} has {}; each is [agent, x, y]",
                k + 1,
                crate::sim::arrays::numbers(item.len())
            ));
        };
        if !(0.0..=f64::from(u32::MAX)).contains(&number) || number.fract() != 0.0 {
            return Err(format!(
                "item {}: the agent number must be a whole number from 0 (got {number})",
                k + 1
            ));
        }
        out.push((number as u64, Vec2::new(x as f32, y as f32)));
    }
    Starts::new(out)
}

#[cfg(test)]
mod tests;
