//! The selected agent's mind, as of the last tick: the forces it felt, their
//! sum before and after the cap, and the numbers of its lesson's formula,
//! plugged into the lesson card ([`Card`]).
//!
//! A scene records the numbers it worked with next to the shapes it draws
//! ([`Overlay::value`](crate::overlay::Overlay::value)); a force arrow
//! names itself ([`Meaning::name`]); the runner adds what it knows of every
//! agent (position, velocity, mass, limits, the summed steering) and the
//! scene's knobs by name. Nothing is computed twice: the card shows the
//! numbers the rule used.

use crate::overlay::{Geom, Meaning, Overlay};
pub use crate::overlay::{Value, fixed};
use crate::steer::{Limits, Steering, finite_or_zero, truncate};
use glam::Vec2;

/// A lesson card: the idea, and the formula as the tutorial writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Card {
    /// Two or three sentences.
    pub idea: &'static str,
    /// The behaviour's formula, one assignment a line, one of them the
    /// steering it asks for. Names are the knobs', the recorded values'
    /// and the agent's own ([`Mind::value`]); a name followed by `(` is a
    /// function. The movement every scene shares follows ([`MOVE`]).
    pub formula: &'static [&'static str],
    /// The functions that compute the rule, the main one first, for a
    /// learner to read the source.
    pub code: &'static [Code],
}

/// A function of the crate, by its path (`steer::seek::arrive`), and the
/// file it is written in (`src/steer/seek.rs`). A test reads the file and
/// finds the function, so a card never names one that moved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Code(pub &'static str, pub &'static str);

impl Code {
    /// The function's path in the crate.
    pub fn function(self) -> &'static str {
        self.0
    }

    /// The file it is written in, from the crate's root.
    pub fn file(self) -> &'static str {
        self.1
    }
}

/// The movement every agent makes, as the tutorial writes it.
pub const MOVE: [&str; 3] = [
    "steering = truncate(steering, max_force) / mass",
    "velocity = truncate(velocity + steering, max_speed)",
    "position = position + velocity",
];

/// What moved the selected agent in the last tick.
#[derive(Debug, Clone, PartialEq)]
pub struct Mind {
    /// The tick it was decided in (the first is 0).
    pub tick: u64,
    /// Where it stood and how it moved when it decided.
    pub position: Vec2,
    pub velocity: Vec2,
    pub mass: f32,
    pub limits: Limits,
    /// The sum of its behaviours' forces, before the cap, and the
    /// queue's velocity factor.
    pub steering: Steering,
    /// The force after the cap, before the division by mass.
    pub applied: Vec2,
    /// Every force it felt, by label: the arrows recorded for it in
    /// legend order, at full size, then the forces no arrow draws.
    pub forces: Vec<(&'static str, Vec2)>,
    /// Named numbers: the scene's, then the arrows', then the knobs'.
    values: Vec<(&'static str, Value)>,
}

impl Mind {
    /// The mind of `agent` (by id) as it decided: its state before the
    /// move, what the scene recorded for it in `overlay`, and the knobs.
    pub fn new(
        tick: u64,
        (position, velocity, mass): (Vec2, Vec2, f32),
        limits: Limits,
        steering: Steering,
        (overlay, agent): (&Overlay, usize),
        knobs: impl IntoIterator<Item = (&'static str, f64)>,
    ) -> Self {
        let tag = u32::try_from(agent).ok();
        let mut values: Vec<(&'static str, Value)> = overlay
            .values
            .iter()
            .filter(|v| v.agent == tag)
            .map(|v| (v.name, v.value))
            .collect();
        let mut arrows = Vec::new();
        for shape in overlay.of_agent(agent) {
            let Geom::Arrow { from, to } = shape.geom else {
                continue;
            };
            let vector = (to - from).normalize_or_zero() * shape.magnitude;
            if let Some(name) = shape.meaning.name() {
                values.push((name, vector.into()));
            }
            if shape.meaning.is_force() {
                arrows.push((shape.meaning, vector));
            }
        }
        arrows.sort_by_key(|(m, _)| Meaning::FORCES.iter().position(|f| f == m));
        let unseen = (overlay.values.iter()).filter_map(|v| match v.value {
            Value::Vector(force) if v.force && v.agent == tag => Some((v.name, force)),
            _ => None,
        });
        let forces = (arrows.into_iter())
            .map(|(m, v)| (m.label(), v))
            .chain(unseen)
            .collect();
        values.extend(knobs.into_iter().map(|(k, v)| (k, Value::Scalar(v as f32))));
        Self {
            tick,
            position,
            velocity,
            mass,
            limits,
            steering,
            applied: truncate(finite_or_zero(steering.force), limits.max_force),
            forces,
            values,
        }
    }

    /// The steering after the cap and the division by mass.
    pub fn acceleration(&self) -> Vec2 {
        self.applied / self.mass
    }

    /// The velocity the move gave it.
    pub fn new_velocity(&self) -> Vec2 {
        truncate(
            self.velocity * self.steering.velocity_scale + self.acceleration(),
            self.limits.max_speed,
        )
    }

    /// Whether the cap cut the steering down.
    pub fn capped(&self) -> bool {
        self.applied != finite_or_zero(self.steering.force)
    }

    /// The number called `name`: the agent's own (position, velocity,
    /// mass, max_speed, max_force, steering: the sum before the cap), then
    /// the scene's, the arrows' and the knobs'.
    pub fn value(&self, name: &str) -> Option<Value> {
        let own = match name {
            "position" => Some(self.position.into()),
            "velocity" => Some(self.velocity.into()),
            "mass" => Some(self.mass.into()),
            "max_speed" => Some(self.limits.max_speed.into()),
            "max_force" => Some(self.limits.max_force.into()),
            "steering" => Some(self.steering.force.into()),
            _ => None,
        };
        own.or_else(|| {
            (self.values.iter())
                .find(|(n, _)| *n == name)
                .map(|&(_, v)| v)
        })
    }

    /// `line` of a formula with this agent's numbers put in for its names:
    /// `desired = normalize(target - position) * max_speed` becomes
    /// `desired = normalize((400.0, 300.0) - (120.00, 80.00)) * 3.00 =
    /// (2.12, 2.12)`. The name assigned to stays, and its value follows;
    /// functions and unknown names stay as written; a comment is left off.
    pub fn plug(&self, line: &str) -> String {
        let (lhs, rhs) = split_assignment(split_comment(line).0.trim_end());
        let mut out = String::with_capacity(line.len() * 2);
        if let Some((name, op)) = lhs {
            out.push_str(name);
            out.push_str(op);
        }
        substitute(rhs, &mut out, |name| self.value(name));
        if let Some(value) = lhs.and_then(|(name, _)| self.value(name)) {
            out.push_str(" = ");
            out.push_str(&value.to_string());
        }
        out
    }

    /// [`MOVE`] with this agent's numbers, the new velocity and position
    /// computed as the movement manager does (a queue's velocity factor
    /// shown where it is not 1).
    pub fn plug_move(&self) -> [String; 3] {
        let scale = self.steering.velocity_scale;
        let velocity = if scale == 1.0 {
            Value::from(self.velocity).to_string()
        } else {
            format!("{} * {}", Value::from(self.velocity), fixed(scale, 2))
        };
        let acceleration = Value::from(self.acceleration());
        let new_velocity = self.new_velocity();
        [
            format!(
                "steering = truncate({}, {}) / {} = {acceleration}",
                Value::from(self.steering.force),
                fixed(self.limits.max_force, 2),
                fixed(self.mass, 2),
            ),
            format!(
                "velocity = truncate({velocity} + {acceleration}, {}) = {}",
                fixed(self.limits.max_speed, 2),
                Value::from(new_velocity),
            ),
            format!(
                "position = {} + {} = {}",
                Value::from(self.position),
                Value::from(new_velocity),
                Value::from(self.position + new_velocity),
            ),
        ]
    }
}

/// The names in a formula line that are not functions, each once.
pub fn names(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for (name, function) in tokens(split_comment(line).0).filter_map(|t| t.name()) {
        if !function && !out.contains(&name) {
            out.push(name);
        }
    }
    out
}

/// The code of a line and its comment (from `  //` on, or the whole line
/// when it starts with `//`; kept as written).
pub fn split_comment(line: &str) -> (&str, &str) {
    if line.starts_with("//") {
        return ("", line);
    }
    match line.find("  //") {
        Some(k) => line.split_at(k),
        None => (line, ""),
    }
}

/// `name = rest` or `name += rest`: the assigned name and its operator,
/// and the rest; a line with no assignment is all rest.
fn split_assignment(line: &str) -> (Option<(&str, &str)>, &str) {
    for op in [" += ", " = "] {
        if let Some((name, rest)) = line.split_once(op) {
            let name = name.trim();
            if !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_') {
                return (Some((name, op)), rest);
            }
        }
    }
    (None, line)
}

/// Writes `text` to `out` with every name `value` knows replaced by it.
fn substitute(text: &str, out: &mut String, value: impl Fn(&str) -> Option<Value>) {
    for token in tokens(text) {
        match token {
            Token::Name { text, function } if !function => match value(text) {
                Some(v) => out.push_str(&v.to_string()),
                None => out.push_str(text),
            },
            Token::Name { text, .. } | Token::Other(text) => out.push_str(text),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Token<'a> {
    /// An identifier; `function` when a `(` follows it.
    Name {
        text: &'a str,
        function: bool,
    },
    Other(&'a str),
}

impl<'a> Token<'a> {
    fn name(self) -> Option<(&'a str, bool)> {
        match self {
            Token::Name { text, function } => Some((text, function)),
            Token::Other(_) => None,
        }
    }
}

/// The line cut into names (a letter or `_`, then letters, digits, `_`)
/// and the text between them.
fn tokens(line: &str) -> impl Iterator<Item = Token<'_>> {
    let mut rest = line;
    std::iter::from_fn(move || {
        let first = rest.chars().next()?;
        let is_name = first.is_alphabetic() || first == '_';
        let end = rest
            .char_indices()
            .find(|&(_, c)| {
                let name_char = c.is_alphanumeric() || c == '_';
                if is_name {
                    !name_char
                } else {
                    c.is_alphabetic() || c == '_'
                }
            })
            .map_or(rest.len(), |(k, _)| k);
        let (text, tail) = rest.split_at(end);
        rest = tail;
        Some(if is_name {
            Token::Name {
                text,
                function: tail.starts_with('('),
            }
        } else {
            Token::Other(text)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seek_mind() -> Mind {
        let mut overlay = Overlay::default();
        overlay.set_agent(Some(3));
        let (position, velocity) = (Vec2::new(100.0, 100.0), Vec2::new(1.0, 0.0));
        let target = Vec2::new(100.0, 200.0);
        let desired = Vec2::new(0.0, 3.0);
        overlay.value("target", target);
        overlay.vector(Meaning::Desired, position, desired, 20.0);
        overlay.vector(Meaning::Steering, position, desired - velocity, 20.0);
        overlay.set_agent(Some(4));
        overlay.value("target", Vec2::ZERO);
        let limits = Limits {
            max_speed: 3.0,
            max_force: 1.1,
        };
        Mind::new(
            7,
            (position, velocity, 1.0),
            limits,
            Steering::force(desired - velocity),
            (&overlay, 3),
            [("slowing_radius", 200.0)],
        )
    }

    #[test]
    fn a_formula_is_plugged_with_the_agents_numbers() {
        let mind = seek_mind();
        assert_eq!(
            mind.plug("desired = normalize(target - position) * max_speed"),
            "desired = normalize((100.0, 200.0) - (100.0, 100.0)) * 3.00 = (0.00, 3.00)"
        );
        assert_eq!(
            mind.plug("steering = desired - velocity"),
            "steering = (0.00, 3.00) - (1.00, 0.00) = (-1.00, 3.00)"
        );
        assert_eq!(
            mind.plug("inside = distance < slowing_radius"),
            "inside = distance < 200.00",
            "an unknown name stays, a knob is plugged"
        );
        assert_eq!(
            mind.plug("goal = target  // the pointer"),
            "goal = (100.0, 200.0)"
        );
    }

    #[test]
    fn the_move_is_capped_as_the_movement_manager_does() {
        let mind = seek_mind();
        assert!(mind.capped(), "|(-1, 3)| > 1.1");
        assert!((mind.applied.length() - 1.1).abs() < 1e-5);
        let mut p = mind.position;
        let mut v = mind.velocity;
        crate::steer::integrate(&mut p, &mut v, mind.mass, mind.limits, mind.steering);
        assert_eq!(v, mind.new_velocity());
        let [_, velocity, position] = mind.plug_move();
        assert!(
            velocity.ends_with(&Value::from(v).to_string()),
            "{velocity}"
        );
        assert!(
            position.ends_with(&Value::from(p).to_string()),
            "{position}"
        );
    }

    #[test]
    fn forces_are_the_force_arrows_at_full_size() {
        let mind = seek_mind();
        assert_eq!(mind.forces.len(), 1, "desired is a velocity, not a force");
        assert_eq!(mind.forces[0].0, "steering");
        assert!(mind.forces[0].1.abs_diff_eq(Vec2::new(-1.0, 3.0), 1e-5));
        assert_eq!(mind.value("target"), Some(Vec2::new(100.0, 200.0).into()));
    }

    #[test]
    fn names_skip_functions_and_numbers() {
        assert_eq!(
            names("wander_angle += random(0..1) * angle_change - angle_change * 0.5"),
            vec!["wander_angle", "angle_change"]
        );
        assert_eq!(names("v2 = (0, -1) * r"), vec!["v2", "r"]);
        assert_eq!(
            names("t = random_point(stage)  // every n ticks"),
            vec!["t", "stage"]
        );
    }

    #[test]
    fn fixed_never_writes_negative_zero() {
        assert_eq!(fixed(-0.001, 2), "0.00");
        assert_eq!(fixed(-0.5, 1), "-0.5");
    }
}
