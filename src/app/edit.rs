//! Editing the scene with the mouse: dragging agents and props (obstacles,
//! a path's nodes), adding and removing them at the pointer. Every edit is
//! an edit of the scene's start ([`Setup`]'s parameters and starts), so a
//! restart, another variant and the split view keep it, and a preset and a
//! link carry it. Props are taken live; an added or removed agent starts
//! the scene again (every scene sizes its agents' memories at the start).

use super::App;
use super::timeline::Edit;
use crate::sim::props::{PropKind, Props};
use crate::sim::runner::Runner;
use glam::Vec2;

/// What the left button holds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Drag {
    /// Agent `id`, grabbed `grip` from its centre; `moved` once it left
    /// its place (a click that does not move it only selects it).
    Agent { id: usize, grip: Vec2, moved: bool },
    /// Prop `index`, grabbed `grip` from its centre.
    Prop { index: usize, grip: Vec2 },
}

/// How far the pointer goes before a press on an agent is a drag, in px.
const DRAG_START: f32 = 3.0;

/// A position for an event line: one decimal.
fn at(p: Vec2) -> String {
    format!("{:.1} {:.1}", p.x, p.y)
}

impl App {
    /// The pointer moved to `world`: what is grabbed follows it, inside
    /// the stage.
    pub fn point_at(&mut self, world: Vec2) {
        self.pointer = crate::steer::finite_or_zero(world);
        let Some(drag) = self.drag else { return };
        let stage = self.runner.stage();
        match drag {
            Drag::Agent { id, grip, moved } => {
                let to = (self.pointer - grip).clamp(Vec2::ZERO, stage);
                let from = self.agent_position(id);
                if !moved && from.is_some_and(|p| p.distance(to) < DRAG_START) {
                    return;
                }
                self.drag = Some(Drag::Agent {
                    id,
                    grip,
                    moved: true,
                });
                for runner in self.panes_mut() {
                    runner.place(id, to);
                }
                self.edited(Edit::Place(id, to));
            }
            Drag::Prop { index, grip } => {
                let Some(mut props) = self.runner.props() else {
                    return;
                };
                if let Some(p) = props.items.get_mut(index) {
                    p.at = (self.pointer - grip).clamp(Vec2::ZERO, stage);
                    self.set_props(&props);
                }
            }
        }
    }

    /// Where agent `id` is now.
    fn agent_position(&self, id: usize) -> Option<Vec2> {
        let crowd = self.runner.crowd();
        Some(crowd.positions()[crowd.index_of(id)?])
    }

    /// Both panes of the split view (or the one).
    fn panes_mut(&mut self) -> impl Iterator<Item = &mut Runner> {
        std::iter::once(&mut self.runner).chain(self.compare.as_mut().map(|p| &mut p.runner))
    }

    /// A press: grabs a path node under the pointer (agents walk over
    /// them), or else the agent under it (and selects it, or unselects
    /// it), or else the obstacle under it. `None`: nothing there.
    pub(super) fn grab(&mut self) -> Option<Option<String>> {
        let prop =
            (self.runner.props()).and_then(|p| Some((p.are_points(), p.under(self.pointer)?)));
        if let Some((true, (index, grip))) = prop {
            self.drag = Some(Drag::Prop { index, grip });
            return Some(None);
        }
        if let Some(id) = self.agent_under_pointer() {
            let again = self.runner.selected() == Some(id);
            let grip = self.pointer - self.agent_position(id).unwrap_or(self.pointer);
            self.drag = Some(Drag::Agent {
                id,
                grip,
                moved: false,
            });
            return Some(self.select((!again).then_some(id)));
        }
        let (_, (index, grip)) = prop?;
        self.drag = Some(Drag::Prop { index, grip });
        Some(None)
    }

    /// The button went up: what was dragged stays where it is, in the
    /// scene's start too. Returns the event line.
    pub(super) fn drop_grabbed(&mut self) -> Option<String> {
        match self.drag.take()? {
            Drag::Agent { id, moved, .. } => {
                if !moved {
                    return None;
                }
                let to = self.agent_position(id)?;
                let number = u32::try_from(id).ok()?;
                self.memory[self.index].starts.put(number, to);
                // The agent stays selected: the one a person just moved.
                self.select(Some(id));
                Some(format!("agent {id} {}", at(to)))
            }
            Drag::Prop { index, .. } => {
                let props = self.runner.props()?;
                let p = props.items.get(index)?;
                Some(format!("{} {index} {}", props.noun(), at(p.at)))
            }
        }
    }

    /// Where each node of the scene's path is, in the world and on the
    /// screen (`to_screen`): `node 0 at 100.0 500.0 screen 212 640`, what
    /// patrol says at its start so that a person (or a test) finds them.
    pub fn node_lines(&self, to_screen: impl Fn(Vec2) -> Vec2) -> Vec<String> {
        let Some(props) = self.runner.props() else {
            return Vec::new();
        };
        if !matches!(props.kind, PropKind::Path { .. }) {
            return Vec::new();
        }
        (props.items.iter().enumerate())
            .map(|(i, p)| {
                let on = to_screen(p.at);
                format!("node {i} at {} screen {:.0} {:.0}", at(p.at), on.x, on.y)
            })
            .collect()
    }

    /// A: a prop at the pointer.
    pub(super) fn add_prop(&mut self) -> Option<String> {
        let mut props = self.runner.props()?;
        let i = props.add(self.pointer);
        self.set_props(&props);
        Some(format!("{} {i} added {}", props.noun(), at(self.pointer)))
    }

    /// X: the prop under the pointer goes (a path keeps two nodes).
    pub(super) fn remove_prop(&mut self) -> Option<String> {
        let mut props = self.runner.props()?;
        let (i, _) = props.under(self.pointer)?;
        Some(match props.remove(i) {
            Ok(()) => {
                self.set_props(&props);
                format!("{} {i} removed", props.noun())
            }
            Err(why) => format!("{} {i} kept: {why}", props.noun()),
        })
    }

    /// Writes edited props into the scene's start and hands them to the
    /// running panes (live, like a knob).
    fn set_props(&mut self, props: &Props) {
        let params = &mut self.memory[self.index].params;
        if !params.set_props(props) {
            return;
        }
        let params = params.clone();
        for runner in self.panes_mut() {
            // The app keeps each scene's own parameters: a refusal is a
            // bug, and the pane keeps its props.
            let _ = runner.retune(params.as_ref());
        }
        self.edited(Edit::Retune(params));
    }

    /// N: an agent of the crowd at the pointer; the scene starts again
    /// with it (and every other agent where it started).
    pub(super) fn add_agent(&mut self) -> Option<String> {
        let knob = self.decl().agents;
        let agents = self.setup().agents;
        if (agents + 1) as f64 > knob.max {
            return Some(format!("agent not added: {} is the most", knob.max));
        }
        let fresh = self.start_runner(self.setup().variant);
        let looks = fresh.looks();
        let crowd = self.decl().crowd;
        let number = looks
            .iter()
            .rposition(|l| crowd.contains(l))
            .map_or(looks.len(), |k| k + 1);
        let to = self.pointer.clamp(Vec2::ZERO, fresh.stage());
        let setup = &mut self.memory[self.index];
        setup
            .starts
            .insert(number as u32, to, fresh.crowd().positions());
        setup.agents += 1;
        self.runner.select(None);
        self.rebuild();
        Some(format!("agent added {number} {}", at(to)))
    }

    /// Delete: the agent under the pointer goes, if it is one of the crowd
    /// (not the leader, the target or the hunter); the scene starts again
    /// without it.
    pub(super) fn remove_agent(&mut self) -> Option<String> {
        let id = self.agent_under_pointer()?;
        let knob = self.decl().agents;
        let fresh = self.start_runner(self.setup().variant);
        let look = *fresh.looks().get(id)?;
        if !self.decl().crowd.contains(&look) {
            return Some(format!("agent {id} kept: it is not one of the crowd"));
        }
        if ((self.setup().agents - 1) as f64) < knob.min {
            return Some(format!("agent {id} kept: {} is the fewest", knob.min));
        }
        let setup = &mut self.memory[self.index];
        setup.starts.remove(id as u32, fresh.crowd().positions());
        setup.agents -= 1;
        self.runner.select(None);
        self.rebuild();
        Some(format!("agent removed {id}"))
    }
}

#[cfg(test)]
mod tests;
