//! Editing the scene with the mouse: dragging, adding and removing
//! obstacles, and keeping the edited layout for restarts.

use super::App;
use crate::steer::avoid::Obstacle;
use glam::Vec2;

impl App {
    /// The pointer moved to `world`: a grabbed obstacle follows it.
    pub fn point_at(&mut self, world: Vec2) {
        self.pointer = crate::steer::finite_or_zero(world);
        let Some((i, grip)) = self.drag else { return };
        let to = self.pointer - grip;
        if let Some(Obstacle::Circle { center, .. }) =
            self.runner.obstacles_mut().and_then(|o| o.get_mut(i))
        {
            *center = to;
        }
    }

    /// The obstacle under the pointer, if the scene has one there.
    pub(super) fn obstacle_under_pointer(&self) -> Option<(usize, Vec2)> {
        let obstacles = self.runner.obstacles()?;
        obstacles
            .iter()
            .enumerate()
            .rev()
            .find_map(|(i, o)| match *o {
                Obstacle::Circle { center, radius } if center.distance(self.pointer) <= radius => {
                    Some((i, self.pointer - center))
                }
                _ => None,
            })
    }

    /// Keeps the edited layout for restarts, and says where obstacle `i` is.
    pub(super) fn obstacle_event(&mut self, i: usize) -> Option<String> {
        let obstacles = self.runner.obstacles()?.to_vec();
        let line = match obstacles.get(i) {
            Some(Obstacle::Circle { center, .. }) => {
                format!("obstacle {i} {} {}", center.x.round(), center.y.round())
            }
            _ => format!("obstacle {i} removed"),
        };
        self.layouts[self.index] = Some(obstacles);
        Some(line)
    }
}
