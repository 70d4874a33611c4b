//! The doorway's room: the stage, the two walls with the doorway between
//! them, the target beyond, where agents leave and come back, and how they
//! are placed apart.

use super::DoorwayParams;
use crate::sim::knobs::Invalid;
use crate::steer::avoid::Obstacle;
use glam::Vec2;
use rand::RngExt;
use rand_pcg::Pcg32;

/// Random places tried for a new agent before it is put down anyway (on a
/// free stage the first few tries succeed).
pub(super) const SPAWN_TRIES: usize = 1000;

/// The largest crowd put down at random places, tried one by one as the
/// original does ([`FreeSpace`]); a larger one is laid on a jittered
/// lattice ([`on_lattice`]). Rejection sampling reads memory at random:
/// a million agents took 0.6 s of the 1 s a crowd may take to be ready,
/// where the lattice takes some 30 ms. Below this size it costs under
/// 0.1 s, and a small crowd looks as the original's does (a lattice shows
/// its rows when the crowd is dense for its area).
pub(super) const RANDOM_UP_TO: usize = 100_000;

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
/// A flat grid, not a hash map. Each cell keeps only the last place taken
/// in it, and each place the one taken before it in its cell (a chain):
/// a hundred thousand places and some half a million cells, most of them
/// empty, cost two arrays rather than a list per cell. A place
/// outside the area is kept in the nearest edge cell: clamping keeps
/// neighboring cells neighbors, so the answers are those of an unbounded
/// grid.
pub(super) struct FreeSpace {
    spacing: f32,
    /// The cell of `low`, the area's first corner.
    origin: (i32, i32),
    columns: i32,
    rows: i32,
    /// Each cell's last place taken, as an index into `places`.
    last: Vec<u32>,
    /// Each place taken, and the one taken before it in the same cell.
    places: Vec<(Vec2, u32)>,
}

/// No place: the end of a cell's chain.
const NONE: u32 = u32::MAX;

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
            last: vec![NONE; (columns * rows) as usize],
            places: Vec::new(),
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

    /// Where cell `(x, y)` (inside the grid) is kept in `last`.
    fn slot(&self, (x, y): (i32, i32)) -> usize {
        (y * self.columns + x) as usize
    }

    /// The places taken in cell `(x, y)` (none outside the grid).
    fn places(&self, (x, y): (i32, i32)) -> impl Iterator<Item = Vec2> + '_ {
        let inside = (0..self.columns).contains(&x) && (0..self.rows).contains(&y);
        let mut at = if inside {
            self.last[self.slot((x, y))]
        } else {
            NONE
        };
        std::iter::from_fn(move || {
            let &(place, before) = self.places.get(at as usize)?;
            at = before;
            Some(place)
        })
    }

    /// No place taken within `spacing` of `p`. Its own cell is asked
    /// first: in a nearly full area, that is where a try fails.
    fn is_free(&self, p: Vec2) -> bool {
        let (cx, cy) = self.cell(p);
        let s_sq = self.spacing * self.spacing;
        let clear = |cell| self.places(cell).all(|q| q.distance_squared(p) >= s_sq);
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
        let slot = self.slot(self.cell(at));
        let cell = &mut self.last[slot];
        self.places.push((at, *cell));
        *cell = u32::try_from(self.places.len() - 1).unwrap_or(NONE);
        at
    }
}

/// `count` places in the rectangle `low..high` (at least `spacing` each
/// way), drawn from `rng`, no two closer than `spacing` while the
/// rectangle holds them that far apart.
/// The rectangle is cut into square cells, the largest that leave a cell
/// for everyone; `count` cells are drawn without repeats, and each is
/// given one place, drawn in the square at its corner `side - spacing`
/// wide, so places in neighbouring cells are at least `spacing` apart.
/// Linear in `count`, reading memory in order.
pub(super) fn on_lattice(count: usize, low: Vec2, high: Vec2, spacing: f32, rng: &mut Pcg32) -> Vec<Vec2> {
    let size = (high - low).max(Vec2::splat(spacing));
    let count = u32::try_from(count).unwrap_or(u32::MAX);
    let grid = |side: f32| {
        let cells = (size / side).floor().max(Vec2::ONE);
        (cells.x as u32, cells.y as u32)
    };
    let mut side = (size.x * size.y / count.max(1) as f32).sqrt().min(size.min_element());
    let mut cells = grid(side);
    // A few steps down at most: the first side leaves a cell for all but
    // the edges' share.
    while u64::from(cells.0) * u64::from(cells.1) < u64::from(count) && side > 0.01 {
        side *= 0.99;
        cells = grid(side);
    }
    let (columns, total) = (cells.0, cells.0.saturating_mul(cells.1));
    // The first `count` of a shuffle begun (Fisher and Yates): a uniform
    // draw without repeats. In order of cells, so in rows.
    let mut chosen: Vec<u32> = (0..total).collect();
    let count = count.min(total);
    for k in 0..count {
        chosen.swap(k as usize, rng.random_range(k..total) as usize);
    }
    chosen.truncate(count as usize);
    chosen.sort_unstable();
    let jitter = (side - spacing).max(0.0);
    (chosen.into_iter())
        .map(|c| {
            let corner = Vec2::new((c % columns) as f32, (c / columns) as f32) * side;
            low + corner + Vec2::new(rng.random::<f32>(), rng.random::<f32>()) * jitter
        })
        .collect()
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

    #[test]
    fn a_lattice_puts_everyone_down_apart_inside_the_area() {
        let (low, high) = (Vec2::new(0.0, 300.0), Vec2::new(2000.0, 1300.0));
        for (count, seed) in [(1, 1), (500, 2), (2000, 3), (4000, 4)] {
            let places = on_lattice(count, low, high, 20.0, &mut crate::scenes::rng(seed));
            assert_eq!(places.len(), count);
            assert!(places.iter().all(|p| p.cmpge(low).all() && p.cmple(high).all()));
            let mut free = FreeSpace::new(20.0, low, high);
            for &p in &places {
                assert!(free.is_free(p), "{count}: {p} within 20 px of another");
                free.place(|| p);
            }
            let again = on_lattice(count, low, high, 20.0, &mut crate::scenes::rng(seed));
            assert_eq!(places, again, "seeded");
        }
        // More than the area holds 20 px apart: everyone still put down.
        let crowded = on_lattice(9000, low, high, 20.0, &mut crate::scenes::rng(5));
        assert_eq!(crowded.len(), 9000);
    }
}
