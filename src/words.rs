//! A scene's words under stable keys, derived from its declaration, so
//! a new scene has its keys without listing them and a translation (one
//! table, [`crate::text`]) replaces none of its code.
//!
//! The English stays where the scene declares it (its title and lesson
//! lines in its [`SceneDecl`], its knobs' doc lines in `params!`, its card
//! and readout in its file); a [`Word`] pairs it with its key, and shows
//! the language shown's text under that key, else the English. The keys:
//!
//! | key | the word |
//! |---|---|
//! | `<scene>.title` | the lesson's title |
//! | `<scene>.variant.<variant>` | the variant's lesson line |
//! | `<scene>.card.<variant>.idea` | the lesson card's idea (its formula is symbols, kept; its comments are not) |
//! | `<scene>.card.role.<look>.idea` | the idea of a role's own card (a leader's, the target's) |
//! | `<scene>.note.<comment>` | a comment on a line of a card's formula (`// slowing within slowing_radius`) |
//! | `<scene>.role.<look>` | who agents drawn so are, in the role legend |
//! | `<scene>.knob.<knob>` and `<scene>.knob.<knob>.doc` | a knob's label and doc line |
//! | `<scene>.series.<name>` | a chart series (the headline figure) |
//! | `<scene>.readout.<label>` | a label of the selected agent's readout |
//! | `<scene>.force.<name>` | a force the readout lists that no arrow draws |
//! | `meaning.<name>` | a force the overlay draws, in every scene |
//! | `shared.readout.<label>`, `shared.reads.<text>` | the readout's line the runner adds in every scene |
//! | `unit.<unit>` | a knob's unit |
//! | `<scene>.tour.<n>` | step n (from 1) of the scene's guided tour |
//! | `preset.<name>` | a shipped preset's description |
//!
//! Scene, variant and knob names are the stable ones of the command line
//! and demos.toml; a label that is not a name (`distance to target`) is
//! keyed by its letters. `src/text/scenes.en.txt` lists every key with
//! its English, generated (`cargo xtask docs`), the file a translator
//! copies: the declared words, and those a running scene says (card,
//! series, readout, forces) as a few seconds of each variant show them;
//! a word no such run says is shown in English. Words are looked up
//! where they are drawn, never in the simulation.

use crate::config::preset::Preset;
use crate::overlay::Meaning;
use crate::sim::crowd::Look;
use crate::sim::decl::SceneDecl;
use crate::sim::knobs::Knob;
use crate::sim::reading::Reading;
use crate::sim::runner::{COUNTED, COUNTED_ALL, COUNTED_CELLS};
use std::borrow::Cow;
use std::fmt;

/// A word a scene shows: its stable key and its declared English.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word {
    pub key: String,
    pub english: Cow<'static, str>,
}

impl Word {
    fn new(key: String, english: impl Into<Cow<'static, str>>) -> Self {
        Self {
            key,
            english: english.into(),
        }
    }

    /// The word in the language shown (English when it has none).
    pub fn shown(&self) -> &str {
        crate::text::word(&self.key, &self.english)
    }
}

impl fmt::Display for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.shown())
    }
}

/// The lesson's title.
pub fn title(decl: &SceneDecl) -> Word {
    Word::new(format!("{}.title", decl.name), decl.title)
}

/// The lesson line of variant `variant` (an index into its variants).
pub fn lesson(decl: &SceneDecl, variant: usize) -> Word {
    let key = format!("{}.variant.{}", decl.name, decl.variants[variant]);
    Word::new(key, decl.lessons[variant])
}

/// The idea of variant `variant`'s lesson card, as the scene's
/// [`card`](crate::sim::scene::Scene::card) says it.
pub fn card(decl: &SceneDecl, variant: usize, idea: &'static str) -> Word {
    let key = format!("{}.card.{}.idea", decl.name, decl.variants[variant]);
    Word::new(key, idea)
}

/// A formula line's comment, the words after its `//` (`slowing within
/// slowing_radius`); the names in it are the formula's, and stay.
pub fn note(decl: &SceneDecl, comment: &'static str) -> Word {
    Word::new(format!("{}.note.{}", decl.name, slug(comment)), comment)
}

/// A line of a card's formula: its code as written (empty for a line
/// that is all comment), and its comment's words without the `//`.
pub fn formula_line(decl: &SceneDecl, line: &'static str) -> (&'static str, Option<Word>) {
    let (code, comment) = crate::sim::mind::split_comment(line);
    let comment = comment.trim_start().trim_start_matches("//").trim();
    (
        code.trim_end(),
        (!comment.is_empty()).then(|| note(decl, comment)),
    )
}

/// The idea of the card of a role that follows its own rule, as the
/// scene's [`role_card`](crate::sim::scene::Scene::role_card) says it.
pub fn role_card(decl: &SceneDecl, look: Look, idea: &'static str) -> Word {
    let key = format!(
        "{}.card.role.{}.idea",
        decl.name,
        snake(&format!("{look:?}"))
    );
    Word::new(key, idea)
}

/// What agents drawn with `look` are in this scene, if it says.
pub fn role(decl: &SceneDecl, look: Look) -> Option<Word> {
    let &(_, english) = decl.roles.iter().find(|(l, _)| *l == look)?;
    let key = format!("{}.role.{}", decl.name, snake(&format!("{look:?}")));
    Some(Word::new(key, english))
}

/// The role legend: each look and what it is, in declared order.
pub fn roles(decl: &SceneDecl) -> Vec<(Look, Word)> {
    (decl.roles.iter())
        .filter_map(|&(look, _)| Some((look, role(decl, look)?)))
        .collect()
}

/// A knob's label: its name, spaced (`max speed`).
pub fn knob(decl: &SceneDecl, knob: &Knob) -> Word {
    let key = format!("{}.knob.{}", decl.name, knob.name);
    Word::new(key, knob.name.replace('_', " "))
}

/// A knob's doc line.
pub fn knob_doc(decl: &SceneDecl, knob: &Knob) -> Word {
    let key = format!("{}.knob.{}.doc", decl.name, knob.name);
    Word::new(key, knob.doc)
}

/// A unit (`px/tick`), the same in every scene.
pub fn unit(unit: &'static str) -> Word {
    Word::new(format!("unit.{}", slug(unit)), unit)
}

/// A chart series: a name of the scene's headline figure.
pub fn series(decl: &SceneDecl, name: &'static str) -> Word {
    Word::new(format!("{}.series.{}", decl.name, slug(name)), name)
}

/// A label of the selected agent's readout, as the scene's
/// [`inspect`](crate::sim::scene::Scene::inspect) says it.
pub fn readout(decl: &SceneDecl, label: &'static str) -> Word {
    Word::new(
        format!("{}.readout.{}", scope(decl, label), slug(label)),
        label,
    )
}

/// The scene's part of a readout word's key, or `shared` for the words
/// the runner adds in every scene.
fn scope(decl: &SceneDecl, text: &str) -> &'static str {
    if [COUNTED, COUNTED_ALL, COUNTED_CELLS].contains(&text) {
        "shared"
    } else {
        decl.name
    }
}

/// The words of a readout's value, under the scene's key for them; `None`
/// for a bare number or point, which says no words.
pub fn reading(decl: &SceneDecl, r: &Reading) -> Option<Word> {
    let key = format!("{}.reads.{}", scope(decl, r.text), slug(r.text));
    r.has_words().then(|| Word::new(key, r.text))
}

/// A readout's value as the language shown says it, its numbers put in
/// (with the language's decimal point).
pub fn read(decl: &SceneDecl, r: &Reading) -> String {
    let words = reading(decl, r);
    let text = words.as_ref().map_or(r.text, Word::shown);
    crate::text::put_in(text, &r.dyn_args())
}

/// A force the overlay draws, as the legend and the panel name it.
pub fn meaning(m: Meaning) -> Word {
    Word::new(format!("meaning.{}", slug(m.label())), m.label())
}

/// A force of the readout: a drawn force's name, or one the scene
/// records without an arrow.
pub fn force(decl: &SceneDecl, name: &'static str) -> Word {
    match Meaning::FORCES.into_iter().find(|m| m.label() == name) {
        Some(m) => meaning(m),
        None => Word::new(format!("{}.force.{}", decl.name, slug(name)), name),
    }
}

/// The words of step `n` (from 0) of the scene's guided tour.
pub fn tour(decl: &SceneDecl, n: usize) -> Word {
    let key = format!("{}.tour.{}", decl.name, n + 1);
    Word::new(key, decl.tour[n].says)
}

/// The words a scene declares as data: its title, lesson lines, roles,
/// knobs (label, doc line, unit), its chart's units, its tour's steps.
/// Its card, series and readout are said by the running scene and listed
/// by running it.
pub fn declared(decl: &SceneDecl) -> Vec<Word> {
    let mut out = vec![title(decl)];
    out.extend((0..decl.variants.len()).map(|v| lesson(decl, v)));
    out.extend(roles(decl).into_iter().map(|(_, w)| w));
    for k in decl.knobs {
        out.extend([knob(decl, k), knob_doc(decl, k)]);
        if !k.unit.is_empty() {
            out.push(unit(k.unit));
        }
    }
    let units = decl.series.iter().map(|&(_, u)| u);
    out.extend(units.filter(|u| !u.is_empty()).map(unit));
    out.extend((0..decl.tour.len()).map(|n| tour(decl, n)));
    out
}

/// A shipped preset's description (`preset.<name>`): what to watch in it.
pub fn preset(name: &str, description: &str) -> Word {
    Word::new(format!("preset.{name}"), description.to_string())
}

/// A preset's description in the language shown: a shipped preset's is
/// translated, a person's own says its own words.
pub fn described(p: &Preset) -> String {
    if p.is_shipped() {
        preset(&p.name, &p.description).to_string()
    } else {
        p.description.clone()
    }
}

/// The words every scene shares: the forces the overlay draws, and the
/// readout's line on the neighbours counted.
pub fn shared() -> Vec<Word> {
    let mut out: Vec<Word> = Meaning::FORCES.into_iter().map(meaning).collect();
    out.push(Word::new(
        format!("shared.readout.{}", slug(COUNTED)),
        COUNTED,
    ));
    for text in [COUNTED_ALL, COUNTED_CELLS] {
        out.push(Word::new(format!("shared.reads.{}", slug(text)), text));
    }
    out
}

/// The catalogue of `words`, one `key = text` line each in the order
/// given (a word said twice once), as [`crate::text::Catalogue::parse`]
/// reads it; or the first word that is empty, badly keyed, or shares its
/// key with another.
pub fn catalogue(words: impl IntoIterator<Item = Word>) -> Result<String, String> {
    let mut seen: Vec<Word> = Vec::new();
    for w in words {
        if let Some(other) = seen.iter().find(|o| o.key == w.key) {
            if other.english != w.english {
                return Err(format!(
                    "{}: {:?} and {:?} share it",
                    w.key, other.english, w.english
                ));
            }
            continue;
        }
        let keyed = (w.key.split('.')).all(|part| {
            !part.is_empty()
                && (part.chars())
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "_-".contains(c))
        });
        if !keyed {
            return Err(format!("{}: a key is lowercase parts between dots", w.key));
        }
        if w.english.trim().is_empty() || w.english.contains('\n') {
            return Err(format!("{}: says nothing, or more than one line", w.key));
        }
        seen.push(w);
    }
    let mut out = String::from(HEAD);
    for w in &seen {
        let spaced = w.english.starts_with(' ') || w.english.ends_with(' ');
        let text = if spaced {
            format!("\"{}\"", w.english)
        } else {
            w.english.to_string()
        };
        out.push_str(&format!("{} = {text}\n", w.key));
    }
    Ok(out)
}

const HEAD: &str = "\
# The scenes' words in English, under their stable keys: generated from
# the declarations in src/ by `cargo xtask docs` (see src/words.rs), so
# edit the scenes, not this. A translation copies these lines and the
# app's (src/text/en.txt) into one table and changes the text after ` = `.
";

/// `label` as a key's part: its letters and digits, lowercase, each run
/// of anything else one `_` (`speed / preferred`: `speed_preferred`).
fn slug(label: &str) -> String {
    let mut out = String::new();
    for c in label.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('_') {
            out.push('_');
        }
    }
    out.trim_end_matches('_').to_string()
}

/// `ConstantPursuer` as `constant_pursuer`.
fn snake(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_uppercase() && !out.is_empty() {
            out.push('_');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

#[cfg(test)]
mod tests;
