//! What a scene wants drawn, as data. Scenes record shapes tagged with a
//! meaning; the renderer picks the colour and style from the meaning. Nothing
//! here touches a window, so the overlay is tested like any other output.

use glam::Vec2;

/// What a shape stands for. The renderer gives each meaning one colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Meaning {
    // Scenery, always drawn.
    /// A wall.
    Wall,
    /// A round obstacle (drawn filled).
    Obstacle,
    /// The path's centre line.
    Path,
    /// The path's width (its radius around each node).
    PathRadius,
    /// A path node.
    PathNode,
    /// What the agents are after (the pointer).
    Target,

    // Forces and helpers, drawn when the overlay is on.
    /// An agent's velocity.
    Velocity,
    /// The velocity a behavior asked for.
    Desired,
    /// The summed steering force.
    Steering,
    /// The queue's brake force.
    Brake,
    /// Collision avoidance's push.
    Avoidance,
    /// The walls' push on an agent whose feelers cross them.
    WallPush,
    /// Separation's push.
    Separation,
    /// The look-ahead point(s).
    Ahead,
    /// The wander circle.
    WanderCircle,
    /// From the wander circle's centre to its rim point.
    WanderDisplacement,
    /// The wander force.
    WanderForce,
    /// A queue radius circle (around the agent and its ahead point).
    QueueRadius,
    /// A predicted future position (pursuit, evade).
    Future,
    /// The slowing radius of arrival.
    SlowingRadius,
    /// The point followers arrive at behind the leader.
    FollowPoint,
    /// The leader's sight circle.
    Sight,
    /// The obstacle an agent is avoiding.
    Threat,
    /// Flocking: steering toward the neighbours' heading.
    Alignment,
    /// Flocking: steering toward the neighbours' centre.
    Cohesion,
    /// Flocking: the radius within which boids are neighbours.
    Neighborhood,
    /// The border of an ORCA half-plane of permitted velocities, drawn
    /// in velocity space around the agent.
    HalfPlane,
    /// A grid cell the selected agent's neighbour query scanned.
    Scanned,
    /// A neighbour the selected agent's rule counted.
    Counted,
}

impl Meaning {
    /// Meanings drawn with the force overlay, in legend order.
    pub const FORCES: [Meaning; 23] = [
        Meaning::Velocity,
        Meaning::Desired,
        Meaning::Steering,
        Meaning::Brake,
        Meaning::Avoidance,
        Meaning::WallPush,
        Meaning::Separation,
        Meaning::Ahead,
        Meaning::WanderCircle,
        Meaning::WanderDisplacement,
        Meaning::WanderForce,
        Meaning::QueueRadius,
        Meaning::Future,
        Meaning::SlowingRadius,
        Meaning::FollowPoint,
        Meaning::Sight,
        Meaning::Threat,
        Meaning::Alignment,
        Meaning::Cohesion,
        Meaning::Neighborhood,
        Meaning::HalfPlane,
        Meaning::Scanned,
        Meaning::Counted,
    ];

    /// The name an arrow of this meaning has in a lesson's formula, for
    /// the ones that stand for a vector the formula names.
    pub fn name(self) -> Option<&'static str> {
        Some(match self {
            Meaning::Desired => "desired",
            Meaning::Brake => "brake",
            Meaning::Avoidance => "avoidance",
            Meaning::WallPush => "walls",
            Meaning::Separation => "separation",
            Meaning::WanderDisplacement => "displacement",
            Meaning::WanderForce => "wander_force",
            Meaning::Alignment => "alignment",
            Meaning::Cohesion => "cohesion",
            _ => return None,
        })
    }

    /// The force whose arrows are labelled `label` (as the selected
    /// agent's mind lists them), if any.
    pub fn force_labelled(label: &str) -> Option<Meaning> {
        (Meaning::FORCES.into_iter()).find(|m| m.is_force() && m.label() == label)
    }

    /// Whether an arrow of this meaning is a force (not a velocity).
    pub fn is_force(self) -> bool {
        matches!(
            self,
            Meaning::Steering
                | Meaning::Brake
                | Meaning::Avoidance
                | Meaning::WallPush
                | Meaning::Separation
                | Meaning::WanderForce
                | Meaning::Alignment
                | Meaning::Cohesion
        )
    }

    /// A short label for the legend.
    pub fn label(self) -> &'static str {
        match self {
            Meaning::Wall => "wall",
            Meaning::Obstacle => "obstacle",
            Meaning::Path => "path",
            Meaning::PathRadius => "path radius",
            Meaning::PathNode => "node",
            Meaning::Target => "target",
            Meaning::Velocity => "velocity",
            Meaning::Desired => "desired velocity",
            Meaning::Steering => "steering",
            Meaning::Brake => "brake",
            Meaning::Avoidance => "avoidance",
            Meaning::WallPush => "walls' push",
            Meaning::Separation => "separation",
            Meaning::Ahead => "ahead point",
            Meaning::WanderCircle => "wander circle",
            Meaning::WanderDisplacement => "displacement",
            Meaning::WanderForce => "wander force",
            Meaning::QueueRadius => "queue radius",
            Meaning::Future => "predicted position",
            Meaning::SlowingRadius => "slowing radius",
            Meaning::FollowPoint => "follow point",
            Meaning::Sight => "leader sight",
            Meaning::Threat => "threat",
            Meaning::Alignment => "alignment",
            Meaning::Cohesion => "cohesion",
            Meaning::Neighborhood => "neighbourhood",
            Meaning::HalfPlane => "ORCA half-plane",
            Meaning::Scanned => "cell scanned",
            Meaning::Counted => "neighbour counted",
        }
    }
}

/// A geometric primitive in world coordinates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Geom {
    /// A vector drawn from `from` to `to` with a head at `to`.
    Arrow { from: Vec2, to: Vec2 },
    /// A plain segment.
    Line { from: Vec2, to: Vec2 },
    /// A circle outline.
    Circle { center: Vec2, radius: f32 },
    /// A small filled marker.
    Point { at: Vec2 },
    /// A filled axis-aligned rectangle.
    Rect { min: Vec2, max: Vec2 },
}

/// One thing to draw.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Shape {
    pub meaning: Meaning,
    pub geom: Geom,
    /// The agent it belongs to (its index in the crowd); `None` for
    /// scene-wide shapes such as the slowing radius.
    pub agent: Option<u32>,
    /// For an arrow, the length of the vector it stands for, in sim units
    /// (px/tick for a velocity, force units for a force), however long it
    /// is drawn; 0 for other shapes.
    pub magnitude: f32,
}

/// A number a scene worked with, for the lesson card: a scalar or a vector.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Value {
    Scalar(f32),
    Vector(Vec2),
    /// How many (neighbours, a node's number).
    Count(u32),
}

impl From<f32> for Value {
    fn from(x: f32) -> Self {
        Value::Scalar(x)
    }
}

impl From<u32> for Value {
    fn from(n: u32) -> Self {
        Value::Count(n)
    }
}

impl From<Vec2> for Value {
    fn from(v: Vec2) -> Self {
        Value::Vector(v)
    }
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Value::Scalar(x) => f.write_str(&fixed(x, 2)),
            Value::Count(n) => write!(f, "{n}"),
            Value::Vector(v) => {
                // Positions to a tenth of a pixel; small vectors to a hundredth.
                let places = if v.abs().max_element() >= 100.0 { 1 } else { 2 };
                write!(f, "({}, {})", fixed(v.x, places), fixed(v.y, places))
            }
        }
    }
}

/// `x` with `decimals` places for a readout, never "-0.00": a value that
/// rounds to zero has no sign.
pub fn fixed(x: f32, decimals: usize) -> String {
    let text = format!("{x:.decimals$}");
    match text.strip_prefix('-') {
        Some(rest) if rest.chars().all(|c| c == '0' || c == '.') => rest.to_string(),
        _ => text,
    }
}

/// A named number of one agent's (or scene-wide), recorded with the shapes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Named {
    pub agent: Option<u32>,
    pub name: &'static str,
    pub value: Value,
    /// A force the agent feels that no arrow draws (the readout lists it).
    pub force: bool,
}

/// A list of shapes, recorded by a scene during a tick.
#[derive(Debug, Clone, Default)]
pub struct Overlay {
    pub shapes: Vec<Shape>,
    /// The numbers the scene worked with, by name, for the lesson card.
    pub values: Vec<Named>,
    /// The agent the shapes recorded next belong to.
    agent: Option<u32>,
}

impl Overlay {
    /// Forgets every shape, and the agent tag.
    pub fn clear(&mut self) {
        self.shapes.clear();
        self.values.clear();
        self.agent = None;
    }

    /// Tags the shapes recorded from now on as agent `agent`'s (`None`:
    /// scene-wide).
    pub fn set_agent(&mut self, agent: Option<u32>) {
        self.agent = agent;
    }

    /// The agent the shapes recorded next belong to.
    pub fn agent(&self) -> Option<u32> {
        self.agent
    }

    /// The shapes of agent `i`.
    pub fn of_agent(&self, i: usize) -> impl Iterator<Item = &Shape> {
        let tag = u32::try_from(i).ok();
        self.shapes
            .iter()
            .filter(move |s| s.agent.is_some() && s.agent == tag)
    }

    fn push(&mut self, meaning: Meaning, geom: Geom, magnitude: f32) {
        self.shapes.push(Shape {
            meaning,
            geom,
            agent: self.agent,
            magnitude,
        });
    }

    /// A vector `v` drawn from `at`, `scale` px per unit (none when zero;
    /// a zero vector the lesson card names is still recorded as a value,
    /// so its line reads 0 rather than the bare name).
    pub fn vector(&mut self, meaning: Meaning, at: Vec2, v: Vec2, scale: f32) {
        if v != Vec2::ZERO {
            let to = at + v * scale;
            self.push(meaning, Geom::Arrow { from: at, to }, v.length());
        } else if let Some(name) = meaning.name() {
            self.value(name, v);
        }
    }

    /// The direction of `v`, drawn `length` px long from `at` whatever its
    /// size (for a force too large or too small to draw to scale); the
    /// shape still carries the magnitude of `v`.
    pub fn direction(&mut self, meaning: Meaning, at: Vec2, v: Vec2, length: f32) {
        let unit = v.normalize_or_zero();
        if unit != Vec2::ZERO {
            let to = at + unit * length;
            self.push(meaning, Geom::Arrow { from: at, to }, v.length());
        }
    }

    pub fn line(&mut self, meaning: Meaning, from: Vec2, to: Vec2) {
        self.push(meaning, Geom::Line { from, to }, 0.0);
    }

    pub fn circle(&mut self, meaning: Meaning, center: Vec2, radius: f32) {
        self.push(meaning, Geom::Circle { center, radius }, 0.0);
    }

    pub fn point(&mut self, meaning: Meaning, at: Vec2) {
        self.push(meaning, Geom::Point { at }, 0.0);
    }

    pub fn rect(&mut self, meaning: Meaning, min: Vec2, max: Vec2) {
        self.push(meaning, Geom::Rect { min, max }, 0.0);
    }

    /// Records a number the rule worked with, called `name` in the
    /// lesson's formula ([`crate::sim::mind::Card`]).
    pub fn value(&mut self, name: &'static str, value: impl Into<Value>) {
        self.values.push(Named {
            agent: self.agent,
            name,
            value: value.into(),
            force: false,
        });
    }

    /// Records a force the agent feels that is not drawn (a seek under
    /// the others), for the readout and the lesson card.
    pub fn force(&mut self, name: &'static str, force: Vec2) {
        self.values.push(Named {
            agent: self.agent,
            name,
            value: force.into(),
            force: true,
        });
    }

    /// The meanings present, in legend order (for the legend).
    pub fn meanings(&self) -> Vec<Meaning> {
        Meaning::FORCES
            .into_iter()
            .filter(|m| self.shapes.iter().any(|s| s.meaning == *m))
            .collect()
    }

    /// True when every coordinate is finite.
    pub fn is_finite(&self) -> bool {
        self.shapes.iter().all(|s| match s.geom {
            Geom::Arrow { from, to } | Geom::Line { from, to } => {
                from.is_finite() && to.is_finite()
            }
            Geom::Circle { center, radius } => center.is_finite() && radius.is_finite(),
            Geom::Point { at } => at.is_finite(),
            Geom::Rect { min, max } => min.is_finite() && max.is_finite(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vectors_are_scaled_and_zero_vectors_skipped() {
        let mut o = Overlay::default();
        o.vector(Meaning::Velocity, Vec2::ONE, Vec2::new(0.5, 0.0), 100.0);
        o.vector(Meaning::Brake, Vec2::ONE, Vec2::ZERO, 100.0);
        assert_eq!(o.shapes.len(), 1);
        assert_eq!(
            o.shapes[0].geom,
            Geom::Arrow {
                from: Vec2::ONE,
                to: Vec2::new(51.0, 1.0)
            }
        );
        assert_eq!(o.meanings(), vec![Meaning::Velocity]);
    }

    #[test]
    fn arrows_carry_the_raw_vector_length_and_the_agent_tag() {
        let mut o = Overlay::default();
        let v = Vec2::new(3.0, 4.0);
        o.set_agent(Some(7));
        o.vector(Meaning::Velocity, Vec2::ZERO, v, 20.0);
        o.direction(Meaning::Brake, Vec2::ZERO, v * 0.01, 100.0);
        o.circle(Meaning::QueueRadius, Vec2::ZERO, 30.0);
        o.set_agent(None);
        o.circle(Meaning::SlowingRadius, Vec2::ZERO, 200.0);
        for (shape, magnitude) in o.shapes.iter().zip([5.0, 0.05, 0.0, 0.0]) {
            assert!((shape.magnitude - magnitude).abs() < 1e-6, "{shape:?}");
        }
        let Geom::Arrow { from, to } = o.shapes[1].geom else {
            panic!("an arrow")
        };
        assert!(
            (to - from).abs_diff_eq(Vec2::new(60.0, 80.0), 1e-4),
            "a direction is drawn its length, whatever the vector's: {to}"
        );
        assert_eq!(o.of_agent(7).count(), 3);
        assert_eq!(o.shapes[3].agent, None);
        o.set_agent(Some(1));
        o.clear();
        assert_eq!(o.agent(), None, "a new tick starts scene-wide");
    }
}
