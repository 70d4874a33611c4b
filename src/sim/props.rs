//! The things of a scene a person may drag, add and remove besides its
//! agents: round obstacles, a path's nodes. They live in the scene's
//! parameters ([`Params::props`](super::knobs::Params::props)), so an edit
//! is a change of parameters like a turned knob: the scene takes it live,
//! and a restart, another variant, a preset and a link keep it.

use glam::Vec2;

/// What the props are, and how a new one is made.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PropKind {
    /// Round obstacles; one added at the pointer has this radius.
    Obstacles { new_radius: f32 },
    /// A path's nodes, in order; a closed path joins its last to its first.
    Path { closed: bool },
    /// A room's corners, in order: its walls join them, the last to the
    /// first.
    Corners,
}

/// One prop: where it is, and its radius (a node's is the pick radius).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Prop {
    pub at: Vec2,
    pub radius: f32,
}

/// A scene's props, as its parameters hold them.
#[derive(Debug, Clone, PartialEq)]
pub struct Props {
    pub kind: PropKind,
    pub items: Vec<Prop>,
}

/// How near the pointer must come to a node to pick it, in px.
pub const NODE_PICK: f32 = 12.0;

/// The fewest nodes a path keeps.
pub const MIN_NODES: usize = 2;
/// The fewest corners a room keeps.
pub const MIN_CORNERS: usize = 3;

impl Props {
    /// Round obstacles from a parameter's `[x, y, radius]` list; one added
    /// has radius `new_radius`.
    pub fn discs(list: &[[f32; 3]], new_radius: f32) -> Props {
        let items = list.iter().map(|&[x, y, radius]| Prop {
            at: Vec2::new(x, y),
            radius,
        });
        Props {
            kind: PropKind::Obstacles { new_radius },
            items: items.collect(),
        }
    }

    /// Points (a path's nodes, a room's corners) from a parameter's
    /// `[x, y]` list.
    pub fn points(kind: PropKind, list: &[[f32; 2]]) -> Props {
        let items = list.iter().map(|&p| Prop {
            at: Vec2::from(p),
            radius: NODE_PICK,
        });
        Props {
            kind,
            items: items.collect(),
        }
    }

    /// The props as a parameter's `[x, y, radius]` list.
    pub fn to_discs(&self) -> Vec<[f32; 3]> {
        self.items
            .iter()
            .map(|p| [p.at.x, p.at.y, p.radius])
            .collect()
    }

    /// The props as a parameter's `[x, y]` list.
    pub fn to_points(&self) -> Vec<[f32; 2]> {
        self.items.iter().map(|p| p.at.to_array()).collect()
    }

    /// What one is called in event lines and messages.
    pub fn noun(&self) -> &'static str {
        match self.kind {
            PropKind::Obstacles { .. } => "obstacle",
            PropKind::Path { .. } => "node",
            PropKind::Corners => "corner",
        }
    }

    /// Points on a line (nodes, corners), not discs: picked before the
    /// agents standing on them.
    pub fn are_points(&self) -> bool {
        !matches!(self.kind, PropKind::Obstacles { .. })
    }

    /// The topmost prop under `pointer`, and where it was grabbed from its
    /// centre.
    pub fn under(&self, pointer: Vec2) -> Option<(usize, Vec2)> {
        (self.items.iter().enumerate().rev())
            .find(|(_, p)| p.at.distance(pointer) <= p.radius)
            .map(|(i, p)| (i, pointer - p.at))
    }

    /// Adds one at `at`: an obstacle on top, a node into the path's segment
    /// nearest `at` (after the last node if the open path's end is nearer).
    /// Returns its index.
    pub fn add(&mut self, at: Vec2) -> usize {
        match self.kind {
            PropKind::Obstacles { new_radius } => {
                self.items.push(Prop {
                    at,
                    radius: new_radius,
                });
                self.items.len() - 1
            }
            PropKind::Path { .. } | PropKind::Corners => {
                let closed = !matches!(self.kind, PropKind::Path { closed: false });
                let k = self.nearest_segment(at, closed);
                let node = Prop {
                    at,
                    radius: NODE_PICK,
                };
                self.items.insert(k + 1, node);
                k + 1
            }
        }
    }

    /// Removes prop `i`; a path keeps at least [`MIN_NODES`].
    pub fn remove(&mut self, i: usize) -> Result<(), String> {
        if i >= self.items.len() {
            return Err(format!("there is no {} {i}", self.noun()));
        }
        match self.kind {
            PropKind::Path { .. } if self.items.len() <= MIN_NODES => {
                return Err(format!("a path keeps at least {MIN_NODES} nodes"));
            }
            PropKind::Corners if self.items.len() <= MIN_CORNERS => {
                return Err(format!("a room keeps at least {MIN_CORNERS} corners"));
            }
            _ => {}
        }
        self.items.remove(i);
        Ok(())
    }

    /// The segment (from node k to node k+1) nearest `at`; for an open
    /// path, the last node stands for a segment past the end.
    fn nearest_segment(&self, at: Vec2, closed: bool) -> usize {
        let n = self.items.len();
        let segments = if closed { n } else { n.saturating_sub(1) };
        let distance = |k: usize| {
            let (a, b) = (self.items[k].at, self.items[(k + 1) % n].at);
            let ab = b - a;
            let t = ((at - a).dot(ab) / ab.length_squared().max(f32::EPSILON)).clamp(0.0, 1.0);
            at.distance(a + ab * t)
        };
        let mut best = (n.saturating_sub(1), f32::INFINITY);
        if !closed && let Some(last) = self.items.last() {
            best.1 = at.distance(last.at);
        }
        for k in 0..segments {
            let d = distance(k);
            if d < best.1 {
                best = (k, d);
            }
        }
        best.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(closed: bool, points: &[(f32, f32)]) -> Props {
        Props {
            kind: PropKind::Path { closed },
            items: points
                .iter()
                .map(|&(x, y)| Prop {
                    at: Vec2::new(x, y),
                    radius: NODE_PICK,
                })
                .collect(),
        }
    }

    #[test]
    fn a_node_joins_the_segment_nearest_the_pointer() {
        let mut p = path(false, &[(0.0, 0.0), (100.0, 0.0), (100.0, 100.0)]);
        assert_eq!(p.add(Vec2::new(50.0, 5.0)), 1);
        assert_eq!(p.items[1].at, Vec2::new(50.0, 5.0));
        // Past an open path's end: after the last node.
        assert_eq!(p.add(Vec2::new(100.0, 300.0)), 4);
        // A closed path's closing segment counts.
        let mut p = path(true, &[(0.0, 0.0), (100.0, 0.0), (100.0, 100.0)]);
        assert_eq!(p.add(Vec2::new(45.0, 55.0)), 3);
    }

    #[test]
    fn a_path_keeps_two_nodes_and_the_topmost_obstacle_is_picked() {
        let mut p = path(false, &[(0.0, 0.0), (100.0, 0.0)]);
        assert!(p.remove(0).unwrap_err().contains("at least 2"));
        assert!(p.remove(7).is_err());
        assert_eq!(p.under(Vec2::new(95.0, 5.0)).map(|u| u.0), Some(1));
        assert_eq!(p.under(Vec2::new(50.0, 0.0)), None);
        let mut o = Props {
            kind: PropKind::Obstacles { new_radius: 30.0 },
            items: Vec::new(),
        };
        o.add(Vec2::new(0.0, 0.0));
        o.add(Vec2::new(20.0, 0.0));
        assert_eq!(
            o.under(Vec2::new(10.0, 0.0)),
            Some((1, Vec2::new(-10.0, 0.0)))
        );
        o.remove(1).unwrap();
        assert_eq!(o.items.len(), 1);
    }
}
