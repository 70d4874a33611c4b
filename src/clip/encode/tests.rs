use super::*;
use crate::clip::MAX_FPS;

/// The palette colour of an index.
fn colour(index: u8) -> [u8; 3] {
    let at = 3 * usize::from(index);
    [PALETTE[at], PALETTE[at + 1], PALETTE[at + 2]]
}

/// The largest weighted distance from a colour to its palette entry: half
/// a cube step in each channel.
fn palette_error() -> u32 {
    WEIGHTS.iter().map(|w| w * 26 * 26).sum()
}

#[test]
fn the_palette_holds_each_colour_once_and_maps_every_colour_near() {
    for i in 0..TRANSPARENT {
        assert_eq!(index(colour(i)), i, "entry {i}: {:?}", colour(i));
    }
    let mut seen: Vec<[u8; 3]> = (0..TRANSPARENT).map(colour).collect();
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), 251);
    for r in (0..=255).step_by(5) {
        for g in (0..=255).step_by(3) {
            for b in (0..=255).step_by(7) {
                let rgb = [r as u8, g as u8, b as u8];
                let shown = colour(index(rgb)).map(u32::from);
                assert!(
                    distance(rgb.map(u32::from), shown) <= palette_error(),
                    "{rgb:?}"
                );
            }
        }
        // Greys are never more than half a grey step off.
        let grey = colour(index([r as u8; 3]));
        assert!(grey[0] == grey[1] && grey[1] == grey[2] && grey[0].abs_diff(r as u8) <= 3);
    }
}

#[test]
fn delays_keep_time() {
    let delays = |fps| (0..fps).map(|k| delay(k, fps)).collect::<Vec<_>>();
    assert_eq!(delays(30)[..6], [3, 4, 3, 3, 4, 3]);
    for fps in 1..=MAX_FPS {
        assert_eq!(
            delays(fps).iter().map(|&d| u32::from(d)).sum::<u32>(),
            100,
            "{fps}"
        );
        assert!(delays(fps).iter().all(|&d| d >= 2), "{fps}");
    }
    assert_eq!(delay(u32::MAX - 1, 30), 3);
}

#[test]
fn the_changed_box_is_tight() {
    let old = vec![0u8; 6 * 4];
    assert_eq!(changed_box(&old, &old, 6), None);
    let mut new = old.clone();
    new[6 + 2] = 1;
    assert_eq!(changed_box(&old, &new, 6), Some([2, 1, 3, 2]));
    new[3 * 6 + 5] = 1;
    new[2 * 6] = 1;
    assert_eq!(changed_box(&old, &new, 6), Some([0, 1, 6, 4]));
}

#[test]
fn clips_are_at_most_1280_wide_with_the_aspect_kept() {
    assert_eq!(
        clip_size(1280, 800),
        Some((1280, 800)),
        "the window's own size"
    );
    assert_eq!(clip_size(1920, 1080), Some((1280, 720)));
    assert_eq!(clip_size(500, 300), Some((500, 300)));
    assert_eq!(clip_size(12800, 1), Some((1280, 1)));
    assert_eq!(clip_size(0, 1), None);
    assert_eq!(clip_size(1, 70_000), None);
    assert_eq!(spans(5, 2), [(0, 2), (2, 5)]);
    assert_eq!(spans(2, 4), [(0, 1), (0, 1), (1, 2), (1, 2)]);
}
