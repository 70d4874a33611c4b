//! Where a split-view pane's caption (its variant and figure) goes: above
//! the stage where the letterbox leaves room, else on the stage's top
//! edge; always inside its own pane, and smaller, then shorter, rather
//! than running past it.

use super::Rect;

/// A caption's place and size.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Caption {
    /// The caption's box (its background), inside the pane.
    pub frame: Rect,
    /// The text's size in px.
    pub size: f32,
    /// Whether the short text (the variant and the value, no figure's
    /// name) is the one that fits.
    pub short: bool,
}

/// The caption's text size at text scale 1, and the least it shrinks to.
const SIZE: f32 = 20.0;
const LEAST: f32 = 12.0;
/// Padding around the text, and the gap kept from the pane's edges.
const PAD: f32 = 6.0;
const GAP: f32 = 4.0;

/// Places a caption in `pane`, whose stage is drawn in `stage`; `width`
/// measures the full text (`false`) or the short one (`true`) at a size.
pub fn caption(pane: Rect, stage: Rect, scale: f32, width: impl Fn(bool, f32) -> f32) -> Caption {
    let room = pane.w - 2.0 * (GAP + PAD);
    let largest = (SIZE * scale).max(LEAST);
    // The largest size at which a text fits the pane's width.
    let fit = |short: bool| {
        let at = width(short, largest);
        if at <= room {
            largest
        } else {
            largest * room / at.max(1.0)
        }
    };
    let (size, short) = match fit(false) {
        s if s >= LEAST => (s, false),
        _ => (fit(true).clamp(LEAST.min(largest), largest), true),
    };
    let w = (width(short, size) + 2.0 * PAD).min(pane.w - 2.0 * GAP);
    let h = size + 2.0 * PAD;
    // Above the stage when the letterbox has room, else on its top edge.
    let above = stage.y - pane.y >= h + GAP;
    let y = if above {
        stage.y - h - GAP
    } else {
        stage.y + GAP
    };
    let x = if above {
        pane.x + GAP
    } else {
        stage.x.max(pane.x) + GAP
    };
    Caption {
        frame: Rect::new(x, y, w, h),
        size,
        short,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A monospaced text of `n` characters, 0.6 of its size each.
    fn mono(full: usize, short: usize) -> impl Fn(bool, f32) -> f32 {
        move |s, size| if s { short } else { full } as f32 * 0.6 * size
    }

    fn inside(inner: Rect, outer: Rect) -> bool {
        inner.x >= outer.x
            && inner.y >= outer.y
            && inner.x + inner.w <= outer.x + outer.w + 1e-3
            && inner.y + inner.h <= outer.y + outer.h + 1e-3
    }

    #[test]
    fn a_caption_stays_inside_its_pane_at_every_size() {
        // Two panes side by side, as the split view cuts the stage, at the
        // smallest window, a laptop's and a large one; long and short texts.
        for (w, h, scale) in [
            (640.0, 400.0, 0.7),
            (1280.0, 800.0, 1.0),
            (1920.0, 1080.0, 1.3),
        ] {
            let pane = Rect::new(w * 0.5, 80.0, w * 0.5 - 2.0, h - 112.0);
            let side = pane.w.min(pane.h * 4.0 / 3.0);
            let stage_h = side * 0.75;
            let stage = Rect::new(pane.x, pane.y + (pane.h - stage_h) / 2.0, side, stage_h);
            for (full, short) in [(10, 6), (40, 10), (90, 12)] {
                let c = caption(pane, stage, scale, mono(full, short));
                assert!(inside(c.frame, pane), "{w}x{h} {full}: {c:?} in {pane:?}");
                assert!(
                    c.size >= 12.0_f32.min(20.0 * scale),
                    "{w}x{h} {full}: {c:?}"
                );
                // Off the stage when the letterbox has room for it.
                if stage.y - pane.y >= c.frame.h + 4.0 {
                    assert!(
                        c.frame.y + c.frame.h <= stage.y,
                        "{w}x{h}: {c:?} covers the stage"
                    );
                }
            }
        }
    }

    #[test]
    fn a_long_caption_shrinks_then_drops_the_figure_name() {
        let pane = Rect::new(0.0, 0.0, 300.0, 300.0);
        let stage = Rect::new(0.0, 50.0, 300.0, 200.0);
        let fits = caption(pane, stage, 1.0, mono(10, 5));
        assert_eq!((fits.size, fits.short), (20.0, false));
        let smaller = caption(pane, stage, 1.0, mono(30, 5));
        assert!(smaller.size < 20.0 && !smaller.short, "{smaller:?}");
        let short = caption(pane, stage, 1.0, mono(80, 5));
        assert!(short.short, "{short:?}");
    }
}
