//! `demos.toml`: the scenes in the order the app shows them and every tunable.
//!
//! Loading is strict. A syntax error or a wrong type names the file, line,
//! column and key; an unknown key or scene kind lists the valid ones; an
//! out-of-range value names the key and the allowed range. Nothing here
//! panics on bad input.

use serde::Deserialize;
use serde::de::IgnoredAny;
use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;
use std::path::Path;
use toml::de::{DeTable, DeValue, ValueDeserializer};

/// The shipped configuration, used when there is no demos.toml to read.
pub const EMBEDDED: &str = include_str!("../../demos.toml");

/// The file name looked for in the working directory.
pub const FILE_NAME: &str = "demos.toml";

/// The most agents a scene may ask for (the crowd benchmarks go to 100,000).
pub const MAX_AGENTS: usize = 200_000;

/// The whole configuration.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// Where it came from, for messages (a path, or "embedded demos.toml").
    pub source: String,
    pub app: AppConfig,
    pub scenes: Vec<SceneConfig>,
}

/// Settings shared by every scene: `[app]`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AppConfig {
    /// Simulation ticks per second.
    pub tick_hz: f32,
    /// Most ticks run in one frame; a slower frame drops time instead of spiralling.
    pub max_ticks_per_frame: u32,
    /// World size, in px, fitted to the window.
    pub stage: [f32; 2],
    /// Initial window size, in screen pixels.
    pub window: [u32; 2],
    /// Multisample anti-aliasing samples: 1 (off), 2, 4 or 8.
    pub msaa_samples: u32,
    /// Overlay length of a velocity or force, in px per (px per tick).
    pub vector_scale: f32,
    /// Agents whose forces the overlay records (the first ones); the rest are only drawn.
    pub overlay_max_agents: usize,
    /// The scripted pointer that stands in for the mouse without a window.
    pub pointer: PointerScript,
}

/// A Lissajous curve across the stage: `centre + amplitude * (cos(a t), sin(b t))`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PointerScript {
    /// Half the sweep, as fractions of the stage width and height.
    pub amplitude: [f32; 2],
    /// The curve's frequencies (a, b): 3:2 draws a figure that covers the stage.
    pub frequencies: [f32; 2],
    /// Ticks for the slowest full turn.
    pub period_ticks: f32,
}

/// One `[[scene]]` entry.
#[derive(Debug, Clone, PartialEq)]
pub struct SceneConfig {
    /// Short name used on the command line (`--scene NAME`).
    pub name: String,
    pub title: String,
    pub seed: u64,
    pub agents: usize,
    /// The variant shown first.
    pub variant: String,
    /// One sentence per variant: the lesson it teaches.
    pub lessons: BTreeMap<String, String>,
    /// Without a window the pointer follows the script, or stays where the script starts.
    pub pointer: PointerMode,
    pub params: SceneParams,
}

/// What the headless pointer does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PointerMode {
    Lissajous,
    Still,
}

/// The kind of a scene and its tunables.
#[derive(Debug, Clone, PartialEq)]
pub enum SceneParams {
    Seek(SeekParams),
    Wander(WanderParams),
    Pursuit(PursuitParams),
    Patrol(PatrolParams),
    Doorway(DoorwayParams),
    Leader(LeaderParams),
}

impl SceneParams {
    /// The scene kinds, as written in `kind = "..."`.
    pub const KINDS: [&'static str; 6] =
        ["seek", "wander", "pursuit", "patrol", "doorway", "leader"];

    pub fn kind(&self) -> &'static str {
        match self {
            SceneParams::Seek(_) => "seek",
            SceneParams::Wander(_) => "wander",
            SceneParams::Pursuit(_) => "pursuit",
            SceneParams::Patrol(_) => "patrol",
            SceneParams::Doorway(_) => "doorway",
            SceneParams::Leader(_) => "leader",
        }
    }

    /// The variants of this kind, in the order V cycles through them.
    pub fn variants(&self) -> &'static [&'static str] {
        match self {
            SceneParams::Seek(_) => &["seek", "flee", "arrive"],
            SceneParams::Wander(_) => &["circle", "random-target"],
            SceneParams::Pursuit(_) => &["compare", "dynamic-t", "constant-t"],
            SceneParams::Patrol(_) => &["patrol", "loop", "once"],
            SceneParams::Doorway(_) => &["v0", "v1", "v2", "v3", "v4"],
            SceneParams::Leader(_) => &["follow"],
        }
    }
}

/// `kind = "seek"`: one agent and the pointer.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeekParams {
    pub max_speed: f32,
    pub max_force: f32,
    pub mass: f32,
    pub slowing_radius: f32,
    /// Distance to the target that counts as "settled" for the metrics, px.
    pub settle_distance: f32,
}

/// `kind = "wander"`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WanderParams {
    pub max_speed: f32,
    pub max_force: f32,
    pub mass: f32,
    pub circle_distance: f32,
    pub circle_radius: f32,
    pub angle_change: f32,
    /// Naive variant: ticks between two random targets.
    pub retarget_ticks: u32,
    /// Overlay: the circle is tiny (6 px ahead, 8 px wide), so it is drawn enlarged.
    pub overlay_scale: f32,
}

/// `kind = "pursuit"`: a target seeking the pointer, pursuers and evaders.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PursuitParams {
    pub max_speed: f32,
    pub max_force: f32,
    pub mass: f32,
    pub target_max_speed: f32,
    pub target_max_force: f32,
    /// The constant look-ahead of the constant-t variant, in ticks.
    pub constant_t: f32,
    pub evaders: usize,
    /// A pursuer this close to the target has caught it, px.
    pub capture_distance: f32,
}

/// `kind = "patrol"`: agents on a polyline path.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PatrolParams {
    pub max_speed: f32,
    pub max_force: f32,
    pub mass: f32,
    pub nodes: Vec<[f32; 2]>,
    pub path_radius: f32,
    /// The range and step of the + and - keys.
    pub path_radius_min: f32,
    pub path_radius_max: f32,
    pub path_radius_step: f32,
    /// Arrival at the last node in the `once` variant.
    pub slowing_radius: f32,
}

/// `kind = "doorway"`: a crowd leaving a room.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DoorwayParams {
    pub max_speed: f32,
    pub max_force: f32,
    pub mass_min: f32,
    pub mass_range: f32,
    pub start_velocity: [f32; 2],
    pub agent_radius: f32,
    pub max_see_ahead: f32,
    pub max_avoid_force: f32,
    pub max_queue_ahead: f32,
    pub max_queue_radius: f32,
    pub slow_factor: f32,
    pub brake_factor: f32,
    pub hard_stop_factor: f32,
    pub max_separation: f32,
    pub separation_radius: f32,
    pub door_width: f32,
    pub wall_top: f32,
    pub wall_thickness: f32,
    pub target: [f32; 2],
    pub exit_y: f32,
    pub respawn_y: f32,
    pub unit_vector_length: f32,
    pub fade_alpha: f32,
    /// The 60-agent density the stage keeps when `--agents` grows the crowd.
    pub reference_agents: usize,
    /// Agents added or removed by one key press in the window.
    pub agents_step: usize,
}

/// `kind = "leader"`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaderParams {
    pub max_speed: f32,
    pub max_force: f32,
    pub mass: f32,
    pub leader_max_speed: f32,
    pub leader_slowing_radius: f32,
    pub behind_dist: f32,
    pub sight_radius: f32,
    pub arrive_radius: f32,
    pub evade_scale: f32,
    pub separation_radius: f32,
    pub max_separation: f32,
}

/// Why a configuration was refused.
#[derive(Debug, Clone, PartialEq)]
pub struct ConfigError {
    /// The file (or "embedded demos.toml").
    pub file: String,
    /// 1-based line and column, when the place is known.
    pub place: Option<(usize, usize)>,
    /// The dotted key, when one is to blame.
    pub key: Option<String>,
    pub message: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some((line, col)) = self.place {
            write!(f, ":{line}:{col}")?;
        }
        write!(f, ": ")?;
        if let Some(key) = &self.key {
            write!(f, "key `{key}`: ")?;
        }
        write!(f, "{}", self.message)
    }
}

impl std::error::Error for ConfigError {}

impl Config {
    /// Reads `path`, or `demos.toml` in the working directory, or falls back
    /// to the embedded copy when neither was asked for nor found.
    pub fn load(path: Option<&Path>) -> Result<Config, ConfigError> {
        let (name, text) = match path {
            Some(p) => (p.display().to_string(), read(p)?),
            None if Path::new(FILE_NAME).is_file() => {
                (FILE_NAME.to_string(), read(Path::new(FILE_NAME))?)
            }
            None => ("embedded demos.toml".to_string(), EMBEDDED.to_string()),
        };
        Config::parse(&name, &text)
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
        let raw: RawConfig =
            toml::from_str(text).map_err(|e| located.toml_error(e, Some(doc.get_ref())))?;
        let no_scenes = ConfigError {
            file: file.to_string(),
            place: None,
            key: Some("scene".into()),
            message: "no [[scene]] entries: at least one scene is needed".into(),
        };
        if raw.scene.is_empty() {
            return Err(no_scenes);
        }
        validate_app(&raw.app).map_err(|e| located.invalid(doc.get_ref(), &["app"], e))?;
        let scene_tables = match doc.get_ref().get("scene").map(|v| v.get_ref()) {
            Some(DeValue::Array(a)) => a.clone(),
            _ => return Err(no_scenes),
        };
        let mut scenes = Vec::with_capacity(raw.scene.len());
        for (i, (raw_scene, table)) in raw.scene.into_iter().zip(scene_tables).enumerate() {
            let scene = build_scene(raw_scene, table, &located, doc.get_ref(), i, raw.app.stage)?;
            if scenes.iter().any(|s: &SceneConfig| s.name == scene.name) {
                let e = Invalid::new(
                    "name",
                    format!(
                        "duplicate scene name `{}`: names must be unique",
                        scene.name
                    ),
                );
                return Err(located.invalid(doc.get_ref(), &["scene", &i.to_string()], e));
            }
            scenes.push(scene);
        }
        Ok(Config {
            source: file.to_string(),
            app: raw.app,
            scenes,
        })
    }

    /// The scene called `name`.
    pub fn scene(&self, name: &str) -> Option<&SceneConfig> {
        self.scenes.iter().find(|s| s.name == name)
    }

    /// The scene names, in order, for messages.
    pub fn scene_names(&self) -> Vec<&str> {
        self.scenes.iter().map(|s| s.name.as_str()).collect()
    }
}

fn read(path: &Path) -> Result<String, ConfigError> {
    std::fs::read_to_string(path).map_err(|e| ConfigError {
        file: path.display().to_string(),
        place: None,
        key: None,
        message: format!("cannot read the file: {e}"),
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    app: AppConfig,
    #[serde(default)]
    scene: Vec<RawScene>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScene {
    name: String,
    kind: String,
    title: String,
    seed: u64,
    agents: usize,
    variant: String,
    lessons: BTreeMap<String, String>,
    pointer: PointerMode,
    #[allow(dead_code)]
    params: IgnoredAny,
}

fn build_scene(
    raw: RawScene,
    table: toml::Spanned<DeValue<'_>>,
    located: &Locator<'_>,
    doc: &DeTable<'_>,
    index: usize,
    stage: [f32; 2],
) -> Result<SceneConfig, ConfigError> {
    let at = index.to_string();
    let here = ["scene", at.as_str()];
    let params_value = match table.into_inner() {
        DeValue::Table(mut t) => t.remove("params"),
        _ => None,
    };
    let Some(params_value) = params_value else {
        return Err(located.invalid(
            doc,
            &here,
            Invalid::new("params", "missing [scene.params] table".into()),
        ));
    };
    fn typed<'a, T: Deserialize<'a>>(
        v: toml::Spanned<DeValue<'a>>,
        located: &Locator<'_>,
        doc: &DeTable<'_>,
    ) -> Result<T, ConfigError> {
        T::deserialize(ValueDeserializer::from(v)).map_err(|e| located.toml_error(e, Some(doc)))
    }
    let params = match raw.kind.as_str() {
        "seek" => SceneParams::Seek(typed(params_value, located, doc)?),
        "wander" => SceneParams::Wander(typed(params_value, located, doc)?),
        "pursuit" => SceneParams::Pursuit(typed(params_value, located, doc)?),
        "patrol" => SceneParams::Patrol(typed(params_value, located, doc)?),
        "doorway" => SceneParams::Doorway(typed(params_value, located, doc)?),
        "leader" => SceneParams::Leader(typed(params_value, located, doc)?),
        other => {
            let e = Invalid::new(
                "kind",
                format!(
                    "unknown scene kind `{other}`; valid kinds: {}",
                    SceneParams::KINDS.join(", ")
                ),
            );
            return Err(located.invalid(doc, &here, e));
        }
    };
    let scene = SceneConfig {
        name: raw.name,
        title: raw.title,
        seed: raw.seed,
        agents: raw.agents,
        variant: raw.variant,
        lessons: raw.lessons,
        pointer: raw.pointer,
        params,
    };
    validate_scene(&scene, stage).map_err(|e| located.invalid(doc, &here, e))?;
    Ok(scene)
}

/// A value out of range: the key (relative to the table checked) and why.
#[derive(Debug)]
struct Invalid {
    key: String,
    message: String,
}

impl Invalid {
    fn new(key: &str, message: String) -> Self {
        Self {
            key: key.to_string(),
            message,
        }
    }
}

/// Range checks, each naming its key and the allowed range.
struct Checks {
    prefix: &'static str,
}

impl Checks {
    fn key(&self, key: &str) -> String {
        if self.prefix.is_empty() {
            key.to_string()
        } else {
            format!("{}.{key}", self.prefix)
        }
    }

    fn positive(&self, key: &str, v: f32) -> Result<(), Invalid> {
        if v.is_finite() && v > 0.0 {
            Ok(())
        } else {
            Err(Invalid::new(
                &self.key(key),
                format!("must be greater than 0 (got {v})"),
            ))
        }
    }

    fn non_negative(&self, key: &str, v: f32) -> Result<(), Invalid> {
        if v.is_finite() && v >= 0.0 {
            Ok(())
        } else {
            Err(Invalid::new(
                &self.key(key),
                format!("must be 0 or more (got {v})"),
            ))
        }
    }

    fn between(&self, key: &str, v: f32, lo: f32, hi: f32) -> Result<(), Invalid> {
        if v.is_finite() && (lo..=hi).contains(&v) {
            Ok(())
        } else {
            Err(Invalid::new(
                &self.key(key),
                format!("must be between {lo} and {hi} (got {v})"),
            ))
        }
    }

    fn finite(&self, key: &str, v: &[f32]) -> Result<(), Invalid> {
        if v.iter().all(|x| x.is_finite()) {
            Ok(())
        } else {
            Err(Invalid::new(
                &self.key(key),
                "must be finite numbers".into(),
            ))
        }
    }

    fn count(&self, key: &str, v: usize, lo: usize, hi: usize) -> Result<(), Invalid> {
        if (lo..=hi).contains(&v) {
            Ok(())
        } else {
            Err(Invalid::new(
                &self.key(key),
                format!("must be between {lo} and {hi} (got {v})"),
            ))
        }
    }
}

fn validate_app(app: &AppConfig) -> Result<(), Invalid> {
    let c = Checks { prefix: "" };
    c.between("tick_hz", app.tick_hz, 1.0, 1000.0)?;
    c.count(
        "max_ticks_per_frame",
        app.max_ticks_per_frame as usize,
        1,
        100,
    )?;
    c.positive("stage", app.stage[0])?;
    c.positive("stage", app.stage[1])?;
    c.count("window", app.window[0] as usize, 200, 10_000)?;
    c.count("window", app.window[1] as usize, 200, 10_000)?;
    if ![1, 2, 4, 8].contains(&app.msaa_samples) {
        let got = app.msaa_samples;
        return Err(Invalid::new(
            "msaa_samples",
            format!("must be 1, 2, 4 or 8 (got {got})"),
        ));
    }
    c.positive("vector_scale", app.vector_scale)?;
    c.count("overlay_max_agents", app.overlay_max_agents, 0, MAX_AGENTS)?;
    let p = Checks { prefix: "pointer" };
    p.between("amplitude", app.pointer.amplitude[0], 0.0, 0.5)?;
    p.between("amplitude", app.pointer.amplitude[1], 0.0, 0.5)?;
    p.finite("frequencies", &app.pointer.frequencies)?;
    p.positive("period_ticks", app.pointer.period_ticks)
}

fn validate_scene(scene: &SceneConfig, stage: [f32; 2]) -> Result<(), Invalid> {
    let c = Checks { prefix: "" };
    c.count("agents", scene.agents, 1, MAX_AGENTS)?;
    let variants = scene.params.variants();
    if !variants.contains(&scene.variant.as_str()) {
        return Err(Invalid::new(
            "variant",
            format!(
                "unknown variant `{}`; valid variants: {}",
                scene.variant,
                variants.join(", ")
            ),
        ));
    }
    for v in variants {
        if !scene.lessons.contains_key(*v) {
            return Err(Invalid::new(
                "lessons",
                format!("missing the lesson of variant `{v}`"),
            ));
        }
    }
    if let Some(extra) = scene
        .lessons
        .keys()
        .find(|k| !variants.contains(&k.as_str()))
    {
        return Err(Invalid::new(
            &format!("lessons.{extra}"),
            format!(
                "`{extra}` is not a variant; valid variants: {}",
                variants.join(", ")
            ),
        ));
    }
    let p = Checks { prefix: "params" };
    match &scene.params {
        SceneParams::Seek(s) => {
            limits(&p, s.max_speed, s.max_force, s.mass)?;
            p.positive("slowing_radius", s.slowing_radius)?;
            p.positive("settle_distance", s.settle_distance)
        }
        SceneParams::Wander(w) => {
            limits(&p, w.max_speed, w.max_force, w.mass)?;
            p.non_negative("circle_distance", w.circle_distance)?;
            p.non_negative("circle_radius", w.circle_radius)?;
            p.between("angle_change", w.angle_change, 0.0, std::f32::consts::TAU)?;
            p.count("retarget_ticks", w.retarget_ticks as usize, 1, 1_000_000)?;
            p.positive("overlay_scale", w.overlay_scale)
        }
        SceneParams::Pursuit(u) => {
            limits(&p, u.max_speed, u.max_force, u.mass)?;
            p.positive("target_max_speed", u.target_max_speed)?;
            p.positive("target_max_force", u.target_max_force)?;
            p.between("constant_t", u.constant_t, 0.0, 10_000.0)?;
            p.count("evaders", u.evaders, 0, 1000)?;
            p.positive("capture_distance", u.capture_distance)
        }
        SceneParams::Patrol(t) => {
            limits(&p, t.max_speed, t.max_force, t.mass)?;
            if t.nodes.len() < 2 {
                return Err(Invalid::new(
                    "params.nodes",
                    format!("needs at least 2 nodes (got {})", t.nodes.len()),
                ));
            }
            for n in &t.nodes {
                p.finite("nodes", n)?;
            }
            p.positive("path_radius_min", t.path_radius_min)?;
            p.between(
                "path_radius_max",
                t.path_radius_max,
                t.path_radius_min,
                1.0e4,
            )?;
            p.between(
                "path_radius",
                t.path_radius,
                t.path_radius_min,
                t.path_radius_max,
            )?;
            p.positive("path_radius_step", t.path_radius_step)?;
            p.positive("slowing_radius", t.slowing_radius)
        }
        SceneParams::Doorway(d) => {
            p.positive("max_speed", d.max_speed)?;
            p.positive("max_force", d.max_force)?;
            p.positive("mass_min", d.mass_min)?;
            p.non_negative("mass_range", d.mass_range)?;
            p.finite("start_velocity", &d.start_velocity)?;
            p.non_negative("agent_radius", d.agent_radius)?;
            p.non_negative("max_see_ahead", d.max_see_ahead)?;
            p.non_negative("max_avoid_force", d.max_avoid_force)?;
            p.positive("max_queue_ahead", d.max_queue_ahead)?;
            p.positive("max_queue_radius", d.max_queue_radius)?;
            p.between("slow_factor", d.slow_factor, 0.0, 1.0)?;
            p.between("brake_factor", d.brake_factor, 0.0, 1.0)?;
            p.between("hard_stop_factor", d.hard_stop_factor, 0.0, 1.0)?;
            p.non_negative("max_separation", d.max_separation)?;
            p.positive("separation_radius", d.separation_radius)?;
            p.positive("door_width", d.door_width)?;
            p.between("wall_top", d.wall_top, 0.0, 0.5)?;
            p.positive("wall_thickness", d.wall_thickness)?;
            p.finite("target", &d.target)?;
            p.finite("exit_y", &[d.exit_y])?;
            p.between("respawn_y", d.respawn_y, 1.0, 10.0)?;
            p.positive("unit_vector_length", d.unit_vector_length)?;
            p.between("fade_alpha", d.fade_alpha, 0.0, 1.0)?;
            p.count("reference_agents", d.reference_agents, 1, MAX_AGENTS)?;
            p.count("agents_step", d.agents_step, 1, MAX_AGENTS)?;
            doorway_fits(d, stage)
        }
        SceneParams::Leader(l) => {
            limits(&p, l.max_speed, l.max_force, l.mass)?;
            p.positive("leader_max_speed", l.leader_max_speed)?;
            p.positive("leader_slowing_radius", l.leader_slowing_radius)?;
            p.non_negative("behind_dist", l.behind_dist)?;
            p.non_negative("sight_radius", l.sight_radius)?;
            p.positive("arrive_radius", l.arrive_radius)?;
            p.non_negative("evade_scale", l.evade_scale)?;
            p.positive("separation_radius", l.separation_radius)?;
            p.non_negative("max_separation", l.max_separation)
        }
    }
}

/// The doorway's pieces must fit together on the stage (growing the stage
/// for a larger crowd keeps them fitting: everything but the look-ahead grows).
fn doorway_fits(d: &DoorwayParams, [w, h]: [f32; 2]) -> Result<(), Invalid> {
    let door_x = d.target[0] * w;
    if door_x - d.door_width * 0.5 < 0.0 || door_x + d.door_width * 0.5 > w {
        return Err(Invalid::new(
            "params.door_width",
            format!(
                "a {} px doorway centred under the target (x = {door_x}) must fit in the stage width {w}",
                d.door_width
            ),
        ));
    }
    let wall_top = d.wall_top * h;
    let room_top = wall_top + d.wall_thickness + d.max_see_ahead;
    if room_top >= h {
        return Err(Invalid::new(
            "params.wall_thickness",
            format!(
                "no room left below the wall: wall_top * height + wall_thickness + max_see_ahead = {room_top} \
                 must be less than the stage height {h}"
            ),
        ));
    }
    if d.exit_y >= wall_top {
        return Err(Invalid::new(
            "params.exit_y",
            format!(
                "must be above the wall, less than {wall_top} (got {})",
                d.exit_y
            ),
        ));
    }
    Ok(())
}

fn limits(p: &Checks, max_speed: f32, max_force: f32, mass: f32) -> Result<(), Invalid> {
    p.positive("max_speed", max_speed)?;
    p.positive("max_force", max_force)?;
    p.positive("mass", mass)
}

/// Turns byte offsets into `file:line:col` and spans into dotted keys.
struct Locator<'a> {
    file: &'a str,
    text: &'a str,
}

impl Locator<'_> {
    fn line_col(&self, offset: usize) -> (usize, usize) {
        let before = &self.text[..offset.min(self.text.len())];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, col)
    }

    /// A parse or type error from toml, with the key found from its span.
    fn toml_error(&self, e: toml::de::Error, doc: Option<&DeTable<'_>>) -> ConfigError {
        let span = e.span();
        let key = match (doc, &span) {
            (Some(doc), Some(span)) => key_at(doc, span),
            _ => None,
        };
        ConfigError {
            file: self.file.to_string(),
            place: span.map(|s| self.line_col(s.start)),
            key,
            message: e.message().trim().to_string(),
        }
    }

    /// An out-of-range value at `table` + the invalid key.
    fn invalid(&self, doc: &DeTable<'_>, table: &[&str], e: Invalid) -> ConfigError {
        let mut path: Vec<String> = table.iter().map(|s| s.to_string()).collect();
        path.extend(e.key.split('.').map(str::to_string));
        let span = span_of(doc, &path);
        ConfigError {
            file: self.file.to_string(),
            place: span.map(|s| self.line_col(s.start)),
            key: Some(dotted(&path)),
            message: e.message,
        }
    }
}

/// `["scene", "2", "params", "max_speed"]` -> `scene[2].params.max_speed`.
fn dotted(path: &[String]) -> String {
    let mut out = String::new();
    for part in path {
        if part.chars().all(|c| c.is_ascii_digit()) {
            out.push_str(&format!("[{part}]"));
        } else {
            if !out.is_empty() {
                out.push('.');
            }
            out.push_str(part);
        }
    }
    out
}

/// The span of the key at `path` (of the value, for array items), or of the
/// deepest part of the path that exists.
fn span_of(doc: &DeTable<'_>, path: &[String]) -> Option<Range<usize>> {
    let mut best = None;
    let mut table = Some(doc);
    let mut items: Option<&[toml::Spanned<DeValue<'_>>]> = None;
    for part in path {
        let found = match (table, items) {
            (Some(t), _) => t
                .iter()
                .find(|(k, _)| k.get_ref() == part)
                .map(|(k, v)| (k.span(), v)),
            (None, Some(a)) => part
                .parse::<usize>()
                .ok()
                .and_then(|i| a.get(i))
                .map(|v| (v.span(), v)),
            (None, None) => None,
        };
        let Some((span, value)) = found else { break };
        best = Some(span);
        (table, items) = match value.get_ref() {
            DeValue::Table(t) => (Some(t), None),
            DeValue::Array(a) => (None, Some(a.as_ref())),
            _ => (None, None),
        };
    }
    best
}

/// The dotted key of the value (or key) at `span`: a depth-first search
/// over every leaf, as the spans of `[[array]]` tables do not nest.
fn key_at(doc: &DeTable<'_>, span: &Range<usize>) -> Option<String> {
    let mut path = Vec::new();
    let found = doc
        .iter()
        .any(|(k, v)| visit(k.get_ref(), Some(k.span()), v, span.start, &mut path));
    found.then(|| dotted(&path))
}

fn visit(
    name: &str,
    key_span: Option<Range<usize>>,
    child: &toml::Spanned<DeValue<'_>>,
    at: usize,
    path: &mut Vec<String>,
) -> bool {
    let hit = |r: Range<usize>| r.start <= at && at < r.end.max(r.start + 1);
    path.push(name.to_string());
    let found = match child.get_ref() {
        DeValue::Table(t) => t
            .iter()
            .any(|(k, v)| visit(k.get_ref(), Some(k.span()), v, at, path)),
        DeValue::Array(a) => a
            .iter()
            .enumerate()
            .any(|(i, v)| visit(&i.to_string(), None, v, at, path)),
        _ => hit(child.span()),
    };
    if found || key_span.is_some_and(hit) {
        return true;
    }
    path.pop();
    false
}

#[cfg(test)]
mod tests;
