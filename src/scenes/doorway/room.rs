//! The doorway's room: the stage, the two walls with the doorway between
//! them, the target beyond, where agents leave and come back, and how they
//! are placed apart.

use super::DoorwayParams;
use crate::sim::knobs::Invalid;
use crate::steer::avoid::Obstacle;
use glam::Vec2;

/// Random places tried for a new agent before it is put down anyway (on a
/// free stage the first few tries succeed).
pub(super) const SPAWN_TRIES: usize = 1000;

/// The largest room (against the original's) whose crowd walks in from
/// below the stage: the walk takes a few seconds at most.
pub const WALK_IN_SCALE: f32 = 2.0;

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
    /// New agents start between these two heights: below the stage, as
    /// in the original, up to `WALK_IN_SCALE` times its room; a larger
    /// crowd, in a room grown to hold it, starts partly inside (up to its
    /// lower half as the room grows), or it would walk past an empty stage
    /// for a minute.
    pub spawn_top: f32,
    pub spawn_bottom: f32,
    /// Least distance between a new or respawned agent and any other: nobody
    /// starts inside anyone's personal space (the separation radius).
    pub spacing: f32,
}

impl Room {
    /// The room for `agents` agents: the base stage grown (never shrunk) to
    /// keep `reference_agents` per base stage area.
    pub fn new(p: &DoorwayParams, agents: usize) -> Self {
        let scale = (agents as f32 / p.reference_agents as f32).sqrt().max(1.0);
        let stage = Vec2::new(p.stage_width, p.stage_height) * scale;
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
            spawn_top: stage.y * (0.5 + 0.5 / (scale / WALK_IN_SCALE).max(1.0)),
            spawn_bottom: stage.y + p.spawn_depth * scale,
            spacing: p.separation_radius.max(2.0 * p.agent_radius),
        }
    }
}

/// Places taken so far, in a grid of `spacing`-sized cells over the
/// area agents are put down in, for putting them down apart.
///
/// A flat grid, not a hash map: placing a million agents asks some
/// hundred million times whether a place is free, most of them late, when
/// the area is nearly full and a try fails at its first neighbor. A place
/// outside the area is kept in the nearest edge cell: clamping keeps
/// neighboring cells neighbors, so the answers are those of an unbounded
/// grid.
pub(super) struct FreeSpace {
    spacing: f32,
    /// The cell of `low`, the area's first corner.
    origin: (i32, i32),
    columns: i32,
    rows: i32,
    cells: Vec<Vec<Vec2>>,
}

impl FreeSpace {
    /// Free space over the rectangle from `low` to `high`.
    pub(super) fn new(spacing: f32, low: Vec2, high: Vec2) -> Self {
        let corner = |p: Vec2| {
            let c = (p / spacing).floor();
            (c.x as i32, c.y as i32)
        };
        let (origin, end) = (corner(low), corner(high));
        let (columns, rows) = (end.0 - origin.0 + 1, end.1 - origin.1 + 1);
        Self {
            spacing,
            origin,
            columns,
            rows,
            cells: vec![Vec::new(); (columns * rows) as usize],
        }
    }

    /// The cell `p` is kept in: its column and row, clamped to the grid.
    fn cell(&self, p: Vec2) -> (i32, i32) {
        let c = (p / self.spacing).floor();
        (
            (c.x as i32 - self.origin.0).clamp(0, self.columns - 1),
            (c.y as i32 - self.origin.1).clamp(0, self.rows - 1),
        )
    }

    fn places(&self, (x, y): (i32, i32)) -> &[Vec2] {
        if (0..self.columns).contains(&x) && (0..self.rows).contains(&y) {
            &self.cells[(y * self.columns + x) as usize]
        } else {
            &[]
        }
    }

    /// No place taken within `spacing` of `p`. Its own cell is asked
    /// first: in a nearly full area, that is where a try fails.
    fn is_free(&self, p: Vec2) -> bool {
        let (cx, cy) = self.cell(p);
        let s_sq = self.spacing * self.spacing;
        let clear = |cell| self.places(cell).iter().all(|q| q.distance_squared(p) >= s_sq);
        clear((cx, cy))
            && (cx - 1..=cx + 1).all(|x| {
                (cy - 1..=cy + 1).all(|y| (x, y) == (cx, cy) || clear((x, y)))
            })
    }

    /// Takes the first free place `random` offers (rejection sampling; the
    /// last one tried when none is free) and returns it.
    pub(super) fn place(&mut self, mut random: impl FnMut() -> Vec2) -> Vec2 {
        let mut at = random();
        for _ in 1..SPAWN_TRIES {
            if self.is_free(at) {
                break;
            }
            at = random();
        }
        let (x, y) = self.cell(at);
        self.cells[(y * self.columns + x) as usize].push(at);
        at
    }
}

/// The doorway's pieces must fit together on its stage (growing the stage
/// for a larger crowd keeps them fitting: everything but the look-ahead grows).
pub(super) fn doorway_fits(d: &DoorwayParams, _app_stage: Vec2) -> Result<(), Invalid> {
    let (w, h) = (d.stage_width, d.stage_height);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn free_space_keeps_places_apart() {
        let mut free = FreeSpace::new(10.0, Vec2::ZERO, Vec2::new(400.0, 40.0));
        let mut k = 0.0;
        let mut points = Vec::new();
        for _ in 0..50 {
            // A dense stream of candidates along a line, 3 px apart.
            points.push(free.place(|| {
                k += 3.0;
                Vec2::new(k % 400.0, (k / 400.0).floor() * 3.0)
            }));
        }
        for (i, a) in points.iter().enumerate() {
            for b in &points[i + 1..] {
                assert!(a.distance(*b) >= 10.0, "{a} {b}");
            }
        }
    }

    #[test]
    fn places_outside_the_area_answer_as_an_unbounded_grid_would() {
        // A grid over 30 x 30 px, asked about places over 200 x 200.
        let mut free = FreeSpace::new(10.0, Vec2::ZERO, Vec2::splat(30.0));
        let mut taken: Vec<Vec2> = Vec::new();
        let mut k = 0u32;
        for _ in 0..400 {
            k = k.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            let p = Vec2::new((k % 200) as f32 - 50.0, (k / 200 % 200) as f32 - 50.0);
            let brute = taken.iter().all(|q| q.distance(p) >= 10.0);
            assert_eq!(free.is_free(p), brute, "{p}");
            taken.push(free.place(|| p));
        }
    }
}
