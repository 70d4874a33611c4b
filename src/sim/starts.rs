//! Where a person put agents: the starts that replace a scene's own, by
//! spawn number (an agent's id). Dragging an agent, adding one at the
//! pointer and removing one are edits of the scene's start, so a restart,
//! another variant, the split view, a preset and a link all begin with
//! them; the scene itself never sees them (its [`Spawn`](super::scene::Spawn)
//! puts each agent where the starts say).

use glam::Vec2;

/// The farthest a start may lie from the origin on either axis, in px: far
/// beyond any stage (the largest crowd's is some 30,000 px across), near
/// enough that every sum of positions stays exact in f32's range.
pub const MAX_COORDINATE: f32 = 1.0e6;

/// Agents placed by hand: (spawn number, position), sorted by number, one
/// entry a number.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Starts(Vec<(u32, Vec2)>);

impl Starts {
    /// Starts from `(number, position)` pairs; an error names the first
    /// that is out of range or repeated.
    pub fn new(items: impl IntoIterator<Item = (u64, Vec2)>) -> Result<Self, String> {
        let mut out: Vec<(u32, Vec2)> = Vec::new();
        for (number, at) in items {
            let Ok(number) = u32::try_from(number) else {
                return Err(format!("agent {number} is beyond any crowd"));
            };
            if !at.is_finite() || at.abs().max_element() > MAX_COORDINATE {
                return Err(format!(
                    "agent {number}: x and y must lie within ±{MAX_COORDINATE} px (got {} {})",
                    at.x, at.y
                ));
            }
            if out.iter().any(|&(n, _)| n == number) {
                return Err(format!("agent {number} is placed twice"));
            }
            out.push((number, at));
        }
        out.sort_unstable_by_key(|&(n, _)| n);
        Ok(Self(out))
    }

    /// Refuses a start whose agent a run of `crowd` agents (numbered from
    /// 0) does not have: agent 70 placed in a crowd of 60 would be
    /// silently dropped.
    pub fn check_within(&self, crowd: usize) -> Result<(), String> {
        match self.0.last() {
            Some(&(n, _)) if n as usize >= crowd => Err(match crowd {
                0 => format!("agent {n} is placed, but the run has no agents"),
                1 => format!("agent {n} is placed, but the run has only agent 0"),
                _ => format!(
                    "agent {n} is placed, but the run has agents 0 to {}",
                    crowd - 1
                ),
            }),
            _ => Ok(()),
        }
    }

    /// The starts of the agents a run of `crowd` agents has (a person may
    /// have placed agent 70, then lowered the count to 60).
    pub fn within(&self, crowd: usize) -> Self {
        Self(
            self.0
                .iter()
                .copied()
                .filter(|&(n, _)| (n as usize) < crowd)
                .collect(),
        )
    }

    /// Where agent `number` starts, if a person put it somewhere.
    pub fn get(&self, number: u32) -> Option<Vec2> {
        let k = self.0.binary_search_by_key(&number, |&(n, _)| n).ok()?;
        Some(self.0[k].1)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn iter(&self) -> impl Iterator<Item = (u32, Vec2)> + '_ {
        self.0.iter().copied()
    }

    /// Agent `number` starts at `at`.
    pub fn put(&mut self, number: u32, at: Vec2) {
        match self.0.binary_search_by_key(&number, |&(n, _)| n) {
            Ok(k) => self.0[k].1 = at,
            Err(k) => self.0.insert(k, (number, at)),
        }
    }

    /// A new agent takes spawn number `number`, at `at`; those from
    /// `number` on move up one. `spawned` is where the scene puts each
    /// agent without edits: the ones that move up keep their places (the
    /// scene would put number k+1 where number k was).
    pub fn insert(&mut self, number: u32, at: Vec2, spawned: &[Vec2]) {
        self.pin_from(number, spawned);
        for (n, _) in &mut self.0 {
            if *n >= number {
                *n += 1;
            }
        }
        self.put(number, at);
    }

    /// Agent `number` is gone; those after it move down one, keeping their
    /// places (see [`Starts::insert`]).
    pub fn remove(&mut self, number: u32, spawned: &[Vec2]) {
        self.pin_from(number + 1, spawned);
        self.0.retain(|&(n, _)| n != number);
        for (n, _) in &mut self.0 {
            if *n > number {
                *n -= 1;
            }
        }
    }

    /// Every agent from `number` on gets an explicit start: where it is
    /// placed now, edited or spawned.
    fn pin_from(&mut self, number: u32, spawned: &[Vec2]) {
        for (k, &at) in spawned.iter().enumerate().skip(number as usize) {
            let k = k as u32;
            if self.get(k).is_none() {
                self.put(k, at);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32) -> Vec2 {
        Vec2::new(x, 0.0)
    }

    #[test]
    fn inserting_and_removing_keep_every_other_agent_where_it_was() {
        // Target, three pursuers, one evader: a pursuer joins at number 4.
        let spawned = [v(0.0), v(1.0), v(2.0), v(3.0), v(4.0)];
        let mut starts = Starts::default();
        starts.put(1, v(10.0));
        starts.insert(4, v(99.0), &spawned);
        let placed: Vec<_> = starts.iter().collect();
        assert_eq!(placed, [(1, v(10.0)), (4, v(99.0)), (5, v(4.0))]);
        // Pursuer 2 leaves: 3, 4 and 5 move down one and keep their places.
        let spawned = [v(0.0), v(10.0), v(2.0), v(3.0), v(99.0), v(4.0)];
        starts.remove(2, &spawned);
        let placed: Vec<_> = starts.iter().collect();
        assert_eq!(
            placed,
            [(1, v(10.0)), (2, v(3.0)), (3, v(99.0)), (4, v(4.0))]
        );
    }

    #[test]
    fn starts_out_of_range_or_repeated_are_refused() {
        let e = Starts::new([(3, Vec2::new(1e20, 100.0))]).unwrap_err();
        assert!(e.contains("agent 3") && e.contains("1000000"), "{e}");
        let e = Starts::new([(1, Vec2::ZERO), (1, Vec2::ONE)]).unwrap_err();
        assert!(e.contains("placed twice"), "{e}");
        assert!(Starts::new([(1, Vec2::NAN)]).is_err());
        assert!(Starts::new([(1u64 << 40, Vec2::ZERO)]).is_err());
        let ok = Starts::new([(5, Vec2::ONE), (2, Vec2::ZERO)]).unwrap();
        assert_eq!(ok.get(2), Some(Vec2::ZERO));
        assert_eq!(ok.iter().map(|(n, _)| n).collect::<Vec<_>>(), [2, 5]);
    }

    #[test]
    fn starts_beyond_the_crowd_are_refused_or_left_out() {
        let starts = Starts::new([(2, Vec2::ZERO), (5, Vec2::ONE)]).unwrap();
        assert_eq!(starts.check_within(6), Ok(()));
        let e = starts.check_within(5).unwrap_err();
        assert_eq!(e, "agent 5 is placed, but the run has agents 0 to 4");
        assert!(
            starts
                .check_within(1)
                .unwrap_err()
                .ends_with("only agent 0")
        );
        assert!(starts.check_within(0).unwrap_err().ends_with("no agents"));
        assert_eq!(
            starts.within(5).iter().collect::<Vec<_>>(),
            [(2, Vec2::ZERO)]
        );
        assert_eq!(starts.within(6), starts);
    }
}
