//! Steering Demos: Craig Reynolds' steering behaviors, one scene per lesson.
//!
//! This page is the architecture book; the README is for users. Run
//! `cargo doc --no-deps --open` for the tour.
//!
//! # Layers
//!
//! Each row names, in `crate::` (or `steering_demos::`) paths, only the
//! modules its last column allows; "the rows above" is every module in
//! an earlier row. Every module of the library and of the binary has its
//! row, and the rows are the rule: `tests/app/layers.rs` reads this table and
//! fails on a path it does not allow. Tests may also use `testing`, the
//! test-only helpers that run a shipped scene.
//!
//! | layer | owns | may import |
//! |---|---|---|
//! | [`steer`] | pure steering: each rule a function returning a force, written once over [`steer::Vector`] (one agent or four side by side); [`steer::integrate`], the one movement manager; neighbor searches; thread helpers ([`steer::par`]) | nothing of the crate |
//! | [`overlay`], [`stopwatch`], [`quote`], [`camera`], [`layout`], [`clip`], [`text`], [`folders`], [`density`] | what a scene wants drawn, as data; elapsed time on every platform; user text made safe to print; which part of the stage is in view; where things go on screen; the window recorded as an animated GIF (desktop only); the app's own words, under keys, one table a language; where the system keeps settings, pictures and videos; a crowd too fine to draw agent by agent, painted as one picture on every thread | nothing of the crate |
//! | `build` (the build script, `src/build.rs`) | the shipped presets, gathered from `assets/presets` | nothing of the crate |
//! | [`newfile`] | files written anew, never over another (its messages quote the path a person gave) | `quote` |
//! | [`sim`] | the runner (crowd, fixed clock, figures, overlay), the [`sim::scene::Scene`] trait a running scene implements and the phases of a tick it is handed, a scene's declaration as data ([`sim::decl::SceneDecl`], the registry's row, and [`sim::decl::Build`], its typed start), knobs declared once (a scene's parameters as one [`sim::knobs::Params`] object: knobs, parse, props), edits of a start ([`sim::starts`], [`sim::props`]), the scripted pointer, the headless report; a runner clones (a snapshot to rewind to) | `steer`, `overlay`, `stopwatch`, `quote` |
//! | [`scenes`] | one file per lesson, and [`scenes::SCENES`], the one list | `sim`, `steer`, `overlay` |
//! | [`config`] | reads `demos.toml` and presets ([`config::preset`]: a scene's table with a description) and locates their errors (file:line:col, key) | `scenes`, `sim`, `steer`, `quote`, `newfile`, `text`, `folders` |
//! | `testing` (tests only) | a shipped scene run headless, for the scenario tests | the rows above |
//! | [`controls`], [`link`], [`desktop`], [`words`] | the one table of keys; a run as a link (URL fragment); the desktop menu entry; a scene's words under stable keys, derived from its declaration | the rows above |
//! | [`cli`], [`docs`], [`app`] | the command line; the files generated from the declarations; the window's state as plain data (tested headless: editing, the rewind's [`app::timeline`]) | the rows above |
//! | `render`, `files`, `stepping` (binary only) | macroquad and egui: the only code that draws; what the window writes (screenshots, presets, clips); the fixed steps on a thread of their own | the rows above |
//! | `input` (binary only) | the keys and the pointer, read as actions | the rows above |
//! | `window`, `main` (binary only) | the frame loop, in phases; start-up: read the command line, pick a mode, run it | the rows above |
//!
//! Simulation code (`steer`, `sim`, `scenes`, `config`) never imports
//! macroquad. The platform shows only at its edges: `target_arch =
//! "wasm32"` appears in the window, the clock, the frame loop's worker,
//! `main` and the choice of translation tables a build carries (at most
//! 15 sites, none in `steer`, `sim` or `scenes`), so the
//! web page runs the very code the desktop runs. The desktops differ only
//! in where things are kept ([`folders`], from the `dirs` crate), the menu
//! entry ([`desktop`]: a freedesktop entry, or a Start-menu shortcut) and
//! Windows' console (`main`); `cargo xtask same-bits` runs every pinned
//! run on Linux, on Windows under Wine and in the page, and wants the same
//! checksum from each.
//!
//! # A tick
//!
//! 1. The frame loop reads the frame time (nothing else does); an
//!    accumulator turns it into a whole number of fixed ticks, capped per
//!    frame. Drawing interpolates between ticks.
//! 2. [`sim::runner::Runner::step`] hands the scene the crowd as it stood
//!    at the start of the tick ([`sim::scene::Decide`], the deciding phase);
//!    the scene writes
//!    one steering force and one set of limits per agent, and records the
//!    overlay (data: lines, arrows, circles, each with a meaning).
//! 3. The runner integrates every agent once
//!    (`truncate(force, max_force) / mass`, `truncate(velocity + acc,
//!    max_speed)`, `position += velocity`); only then does the scene settle
//!    (figures, respawns through a named teleport).
//!
//! # Determinism
//!
//! Every run is seeded ([`scenes::rng`], a portable PCG); a tick is fixed,
//! whatever the frame rate. Sums over neighbours are exact
//! ([`steer::sum::ExactSum`]), so the crowd may be kept in any order, split
//! over any number of threads, and searched by grid or brute force: the
//! checksum is the same (`tests/app/checksums.rs` pins it for every scene and
//! variant, on several seeds and at crowd sizes). Four lanes give the bits
//! one lane gives: each [`steer::Lanes`] operation is the `Vec2` one, lane
//! by lane, in the same order. And the page gives the bits the desktop
//! gives: the arithmetic and square roots are IEEE's everywhere, and the
//! only functions that differ between platforms, sine and cosine, come
//! from libm ([`steer::unit`]; `tests/app/layers.rs` refuses the platform's),
//! so a [`link`] runs the same run in both.
//!
//! # Faithful to the series
//!
//! Every constant of the original demos is a default in demos.toml, with its
//! origin in its doc line; where the app differs, it says why:
//!
//! - **The doorway's pace.** The original queue demo ran at 30 frames per
//!   second with its constants per frame; the doorway steps at 30 ticks per
//!   second, so the crowd moves as fast as it did.
//! - **Separation is weighted by closeness** (`radius / d - 1` per
//!   neighbour, summed): the tutorial's normalized mean can push an agent
//!   squeezed between two others into the nearer one, and is NaN with no
//!   neighbours.
//! - **Two doorway forces at the cap.** The wall push (600) and separation
//!   (2) are set to `max_force` (5.4): 600 only meant "full force" and erased
//!   separation by the walls; 2 divided by a mass of 20-40 could not part two
//!   agents in time.
//! - **Avoidance keeps a little air** (`agent_radius + clearance`): the
//!   tutorial tests bare points, so its agents clip obstacles by their body.
//! - **Flocking caps each rule at `max_force` before weighting it**, as
//!   Reynolds' boids and The Nature of Code do.
//! - **One snapshot per tick.** Every agent decides from the crowd as it
//!   stood at the start of the tick (the original updates agents one after
//!   another), which makes the tick parallel and order-independent.
//!
//! # Contributing
//!
//! **Add a scene.** Write one file, `src/scenes/NAME.rs`, with a `//!`
//! header (what it teaches, its controls) and four parts:
//!
//! 1. its parameters ([`params!`]: default, range, step, unit, doc line;
//!    the reference's constants as defaults; `props ...;` if a person may
//!    drag its obstacles or nodes);
//! 2. its variants ([`variants!`]: a typed enum, each with its lesson line);
//! 3. its declaration, data: `pub const SCENE: SceneDecl = SceneDecl {
//!    name, title, seed, agents, .. }` with whatever differs from
//!    [`SceneDecl::of`](sim::decl::SceneDecl::of) (default variant, own
//!    tick rate, compare variant, roles, crowd looks, primary knob) and
//!    its guided tour (`tour: tour::STEPS`, three to six
//!    [`sim::tour::Step`]s in `src/scenes/NAME/tour.rs`), ending
//!    `..SceneDecl::of::<NameScene>()`;
//! 4. its type, which implements [`sim::decl::Build`] (its `Params`, its
//!    `Variant` and `new`, which places the agents) and
//!    [`sim::scene::Scene`]: four required methods (`steer`, `headline`,
//!    `retune`, `card`) and, where the scene has something to say, the
//!    provided ones (`settle`, `metrics`, `inspect`, `scenery`, drawing
//!    hints, `neighborhood`, `cell_order`).
//!
//! Then add one row, the module's name, to the registry in
//! `src/scenes/mod.rs`, at its end (the rows' order is the number keys').
//! Its presets are files `assets/presets/NAME-*.toml`, found by the build
//! ([`config::preset::SHIPPED`]). Three commands make the rest:
//! `cargo xtask docs` writes its demos.toml table and its README row, and
//! lists its words under their keys (which [`words`] derives from the
//! declaration) in `src/text/scenes.en.txt`, the table a translator copies;
//! `cargo xtask pin` its pinned checksums (`tests/pins.tsv`), and
//! `cargo xtask screenshots` its picture (`assets/screenshots/NAME.png`);
//! a test fails while any of them is missing. The number keys
//! (1-9, then 0; the panel's picker reaches every scene), `--list`,
//! `--scene`, the help and the headless runner read the registry. No other
//! scene's picture, pin or file changes.
//!
//! This is all that the pedestrians lesson cost, files by what made them:
//!
//! ```text
//!  by hand
//!   src/scenes/pedestrians.rs            | 477 +   the scene
//!   src/scenes/pedestrians/card.rs       |  48 +   its cards, one a variant
//!   src/scenes/pedestrians/overlay.rs    |  73 +   what it records for the overlay
//!   src/scenes/pedestrians/tests.rs      |  36 +   its claims on eight seeds
//!   src/scenes/mod.rs                    |   1 +   the registry row
//!   assets/presets/pedestrians-*.toml    |  26 +   four presets
//!  by command
//!   demos.toml, README.md,               |  49 +   cargo xtask docs
//!   src/text/scenes.en.txt               |         (its words' keys)
//!   tests/pins.tsv                       |   6 +   cargo xtask pin
//!   assets/screenshots/pedestrians.png   | Bin     cargo xtask screenshots
//! ```
//!
//! It also brought a rule the library lacked, the way the hide lesson
//! brought `steer::hide`: path following in either direction
//! ([`steer::path::follow_by_projection_directed`], with hand-computed
//! tests in `src/steer/path/tests.rs`); and the crossing's nearest-first
//! order of neighbors moved to `scenes::nearness` for both to share.
//! A scene of known rules needs neither. A new behaviour goes into
//! `steer/` as a function returning a force, generic over
//! [`steer::Vector`] if a crowd will run it, with hand-computed tests
//! beside it.
//!
//! **Run the checks** as CI does: `bash .ci/run` (formatting, clippy with
//! `-D warnings` natively and for the web, `cargo doc` with `-D warnings`,
//! the web build and its size budget, every test, the window tests under
//! Xvfb). The README's test command alone is `cargo test`.
//!
//! **Measure** with the release build: `cargo bench --features bench` (the tick, by scene
//! and crowd) and the headless mode (`--headless --steps N --threads 1`
//! prints agent-steps per second); `benches/README.md` has the table and
//! how to reproduce each row. A change that moves a figure says so, with
//! its measurement, in its commit message; a change that moves a checksum
//! says why.

pub mod app;
pub mod camera;
pub mod cli;
#[cfg(not(target_arch = "wasm32"))]
pub mod clip;
pub mod config;
pub mod controls;
pub mod density;
pub mod desktop;
pub mod docs;
pub mod folders;
pub mod layout;
pub mod link;
pub mod newfile;
pub mod overlay;
pub mod quote;
pub mod scenes;
pub mod sim;
pub mod steer;
pub mod stopwatch;
pub mod text;
pub mod words;

#[cfg(test)]
pub(crate) mod testing;
