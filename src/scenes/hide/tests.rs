//! Hide's claim, on eight seeds.

use crate::testing::scene_with;

/// Hiders out of sight at least half the time, and at least twice as
/// often as plain evaders, on eight seeds.
#[test]
fn hiding_beats_evading_for_cover() {
    for seed in 1..=8 {
        let mut hide = scene_with("hide", "hide", None);
        let mut evade = scene_with("hide", "evade", None);
        hide.reseed(seed);
        evade.reseed(seed);
        let (h, e) = (hide.steps(1800), evade.steps(1800));
        assert_eq!((h.nan, e.nan), (0, 0), "seed {seed}");
        let (h, e) = (h.float("hidden_share"), e.float("hidden_share"));
        assert!(h >= 0.5, "seed {seed}: hidden {h}");
        assert!(h >= 2.0 * e, "seed {seed}: hide {h} against evade {e}");
    }
}
