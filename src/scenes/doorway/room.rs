//! The doorway's room: the stage, the two walls with the doorway between
//! them, the target beyond, and where agents leave and come back.

use super::DoorwayParams;
use crate::sim::knobs::Invalid;
use crate::steer::avoid::Obstacle;
use glam::Vec2;

/// The room: its size, walls, and where the crowd is going.
#[derive(Debug, Clone, PartialEq)]
pub struct Room {
    pub stage: Vec2,
    pub walls: [Obstacle; 2],
    pub target: Vec2,
    /// Agents above this line (y <= exit_y) went through.
    pub exit_y: f32,
    /// Where they come back: y of the respawn line.
    pub respawn_y: f32,
    /// New agents start between this y and the bottom of the stage.
    pub spawn_top: f32,
}

impl Room {
    /// The room for `agents` agents: the base stage grown (never shrunk) to
    /// keep `reference_agents` per base stage area.
    pub fn new(base_stage: Vec2, p: &DoorwayParams, agents: usize) -> Self {
        let scale = (agents as f32 / p.reference_agents as f32).sqrt().max(1.0);
        let stage = base_stage * scale;
        let door_width = p.door_width * scale;
        let thickness = p.wall_thickness * scale;
        let top = p.wall_top * stage.y;
        let target = Vec2::new(p.target_x * stage.x, p.target_y * scale);
        let door_left = target.x - door_width * 0.5;
        let walls = [
            Obstacle::Rect {
                min: Vec2::new(0.0, top),
                max: Vec2::new(door_left, top + thickness),
            },
            Obstacle::Rect {
                min: Vec2::new(door_left + door_width, top),
                max: Vec2::new(stage.x, top + thickness),
            },
        ];
        Self {
            stage,
            walls,
            target,
            exit_y: p.exit_y,
            respawn_y: p.respawn_y * stage.y,
            spawn_top: top + thickness + p.max_see_ahead,
        }
    }
}

/// The doorway's pieces must fit together on the stage (growing the stage
/// for a larger crowd keeps them fitting: everything but the look-ahead grows).
pub(super) fn doorway_fits(d: &DoorwayParams, stage: Vec2) -> Result<(), Invalid> {
    let (w, h) = (stage.x, stage.y);
    let door_x = d.target_x * w;
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
    Ok(())
}
