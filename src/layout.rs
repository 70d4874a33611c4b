//! Where everything goes in the window, as a pure function of its size and
//! of what is open: the HUD band on top with the force legend's line under
//! it, the footer at the bottom, a side column on the right (the selected
//! agent's readout, the parameter panel, the guided tour's step above
//! them; closed, the stage takes its place), the chart under the stage,
//! and the stage in what is left. Pieces
//! are placed side by side, never on top of each other; below 640x400 the
//! text shrinks and the side column and chart are hidden. Tested headless.

use glam::Vec2;

mod caption;
pub use caption::{Caption, caption};

/// An axis-aligned rectangle in screen pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

impl Rect {
    pub const fn new(x: f32, y: f32, w: f32, h: f32) -> Self {
        Self { x, y, w, h }
    }

    pub fn right(&self) -> f32 {
        self.x + self.w
    }

    pub fn bottom(&self) -> f32 {
        self.y + self.h
    }

    /// True when the two share more than an edge.
    /// (A hundredth of a pixel of rounding aside.)
    pub fn overlaps(&self, other: &Rect) -> bool {
        const E: f32 = 0.01;
        self.x + E < other.right()
            && other.x + E < self.right()
            && self.y + E < other.bottom()
            && other.y + E < self.bottom()
    }

    /// True when `self` lies inside `outer`.
    pub fn inside(&self, outer: &Rect) -> bool {
        self.x >= outer.x
            && self.y >= outer.y
            && self.right() <= outer.right() + 0.01
            && self.bottom() <= outer.bottom() + 0.01
    }

    pub fn contains(&self, p: Vec2) -> bool {
        p.x >= self.x && p.x <= self.right() && p.y >= self.y && p.y <= self.bottom()
    }
}

/// What is open.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Open {
    pub panel: bool,
    pub chart: bool,
    /// An agent is selected: its readout shows.
    pub readout: bool,
    /// The readout's lines, when known (0: room for a long one): the
    /// card above it takes the rest of the column.
    pub readout_rows: u16,
    pub help: bool,
    /// The lesson card.
    pub card: bool,
    /// A step of the guided tour.
    pub tour: bool,
}

/// The window, cut up.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Layout {
    /// Text sizes are multiplied by this (0.7 to 1.5: a body text of 11 px
    /// at the smallest).
    pub text_scale: f32,
    pub hud: Rect,
    pub footer: Rect,
    /// Where the stage is fitted (letterboxed inside).
    pub stage: Rect,
    /// One line under the HUD: the colours of the forces shown.
    pub legend: Rect,
    /// The guided tour's step, at the top of the column.
    pub tour: Option<Rect>,
    /// The lesson card, under it.
    pub card: Option<Rect>,
    pub readout: Option<Rect>,
    pub panel: Option<Rect>,
    pub chart: Option<Rect>,
    /// The help box, drawn over the stage and the column (the only thing
    /// shown then).
    pub help: Option<Rect>,
}

/// Below this the side column and the chart do not fit.
pub const MIN_FULL: Vec2 = Vec2::new(640.0, 400.0);

/// Base sizes at text scale 1, in pixels.
const HUD: f32 = 58.0;
const FOOTER: f32 = 30.0;
const COLUMN: f32 = 380.0;
const CHART: f32 = 190.0;
const ROW: f32 = 22.0;
const READOUT_ROWS: f32 = 16.0;
const CARD_ROWS: f32 = 15.0;
/// A tour step: its heading, two sentences wrapped, a knob's value, the
/// buttons.
const TOUR_ROWS: f32 = 8.0;
/// The least height of a pane in the column, in px at text scale 1 and
/// below, growing with larger text (each pane scrolls).
const MIN_PANE: f32 = 100.0;

/// Shares `length` among pieces that each ask for `(want, least)`: each
/// gets what it wants when all fit; otherwise its least, and the rest
/// in proportion to what it wanted more (an infinite want takes all the
/// rest). Never more than `length` in all.
fn share<const N: usize>(length: f32, asks: [(f32, f32); N]) -> [f32; N] {
    let least: f32 = asks.iter().map(|a| a.1).sum();
    if least >= length {
        let k = length / least.max(f32::MIN_POSITIVE);
        return asks.map(|a| a.1 * k);
    }
    let finite: f32 = asks.iter().filter(|a| a.0.is_finite()).map(|a| a.0).sum();
    let greedy = asks.iter().filter(|a| a.0.is_infinite()).count();
    let greedy_least: f32 = asks.iter().filter(|a| a.0.is_infinite()).map(|a| a.1).sum();
    if finite + greedy_least <= length {
        // The finite wants fit; the infinite ones share what is left (at
        // least their least, as their share of the rest is).
        let rest = (length - finite - greedy_least) / greedy.max(1) as f32;
        return asks.map(|a| if a.0.is_infinite() { a.1 + rest } else { a.0 });
    }
    // Not all fit: the finite wants share what is over the leasts; an
    // infinite want (the rest) has no rest to take.
    let extra = |a: &(f32, f32)| {
        if a.0.is_infinite() {
            0.0
        } else {
            (a.0.min(length) - a.1).max(0.0)
        }
    };
    let more: f32 = asks.iter().map(extra).sum();
    let k = (length - least) / more.max(f32::MIN_POSITIVE);
    asks.map(|a| a.1 + extra(&a) * k)
}

/// The rows a readout of `lines` lines asks for: its heading and margins
/// too (a grid row is 20 px at text scale 1, a [`ROW`] 22); a long
/// readout's when the count is not known.
fn readout_rows(lines: u16) -> f32 {
    match lines {
        0 => READOUT_ROWS,
        n => (f32::from(n) * 20.0 / ROW + 2.5).min(READOUT_ROWS),
    }
}

/// The column, top to bottom: tour, card, readout, panel, as `wanted`.
/// Each asks for its rows and needs at least MIN_PANE; each scrolls.
fn stack(column: Rect, wanted: Open, text_scale: f32) -> [Option<Rect>; 4] {
    let row = ROW * text_scale;
    let ask = |on: bool, rows: f32| {
        if on {
            (rows * row, MIN_PANE * text_scale.max(1.0))
        } else {
            (0.0, 0.0)
        }
    };
    let card_rows = if wanted.panel {
        CARD_ROWS
    } else {
        f32::INFINITY
    };
    let [tour_h, card_h, readout_h, panel_h] = share(
        column.h,
        [
            ask(wanted.tour, TOUR_ROWS),
            ask(wanted.card, card_rows),
            ask(wanted.readout, readout_rows(wanted.readout_rows)),
            ask(wanted.panel, f32::INFINITY),
        ],
    );
    let mut y = column.y;
    let mut take = |on: bool, h: f32| {
        let r = Rect::new(column.x, y, column.w, h);
        y += h;
        on.then_some(r)
    };
    [
        take(wanted.tour, tour_h),
        take(wanted.card, card_h),
        take(wanted.readout, readout_h),
        take(wanted.panel, panel_h),
    ]
}

impl Layout {
    /// The layout of a `screen`-sized window with `open` things open.
    pub fn of(screen: Vec2, open: Open) -> Self {
        let screen = screen.max(Vec2::ONE);
        // Text as at 1280 wide, shrinking with narrower or shorter windows.
        let text_scale = (screen.x / 1280.0).min(screen.y / 720.0).clamp(0.7, 1.5);
        let roomy = screen.x >= MIN_FULL.x && screen.y >= MIN_FULL.y;
        let hud_h = (HUD * text_scale).min(screen.y * 0.25);
        let footer_h = (FOOTER * text_scale).min(screen.y * 0.15);
        let hud = Rect::new(0.0, 0.0, screen.x, hud_h);
        let footer = Rect::new(0.0, screen.y - footer_h, screen.x, footer_h);
        let legend_h = (ROW * text_scale).min(screen.y * 0.1);
        let legend = Rect::new(0.0, hud_h, screen.x, legend_h);
        let top = hud_h + legend_h;
        let body = Rect::new(0.0, top, screen.x, (screen.y - top - footer_h).max(1.0));
        // With nothing in the column the stage takes the whole width (the
        // window moves it aside when the column opens, never under a
        // pressed button).
        let column_wanted = roomy && (open.panel || open.readout || open.card || open.tour);
        let column_w = if column_wanted {
            (COLUMN * text_scale).min(body.w * 0.4)
        } else {
            0.0
        };
        let left = Rect::new(0.0, body.y, body.w - column_w, body.h);
        let column = Rect::new(left.right(), body.y, column_w, body.h);
        let wanted = if column_wanted { open } else { Open::default() };
        let [tour, card, readout, panel] = stack(column, wanted, text_scale);
        let chart_h = if roomy && open.chart {
            (CHART * text_scale).min(left.h * 0.4)
        } else {
            0.0
        };
        let stage = Rect::new(left.x, left.y, left.w, left.h - chart_h);
        let chart = (chart_h > 0.0).then(|| Rect::new(left.x, stage.bottom(), left.w, chart_h));
        // The help goes over the stage and the column, as wide as it
        // reads well and as tall as the body: its lines wrap, never cut.
        let help = open.help.then(|| {
            let w = (960.0 * text_scale).min(body.w - 16.0).max(1.0);
            let h = (body.h - 16.0).max(1.0);
            Rect::new(body.x + (body.w - w) * 0.5, body.y + 8.0, w, h)
        });
        Self {
            text_scale,
            hud,
            footer,
            stage,
            legend,
            tour,
            card,
            readout,
            panel,
            chart,
            help,
        }
    }

    /// Every placed piece, with its name (the help box excepted: it is
    /// drawn over the stage on purpose).
    pub fn pieces(&self) -> Vec<(&'static str, Rect)> {
        let mut out = vec![
            ("hud", self.hud),
            ("legend", self.legend),
            ("footer", self.footer),
            ("stage", self.stage),
        ];
        for (name, r) in [
            ("tour", self.tour),
            ("card", self.card),
            ("readout", self.readout),
            ("panel", self.panel),
            ("chart", self.chart),
        ] {
            out.extend(r.map(|r| (name, r)));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_open() -> Open {
        Open {
            panel: true,
            chart: true,
            readout: true,
            help: false,
            card: true,
            readout_rows: 0,
            tour: false,
        }
    }

    /// A short readout takes only the room its lines need: the card above
    /// it gets the rest (a seek card, filled in, was cut off under an
    /// empty half of a readout).
    #[test]
    fn a_short_readout_leaves_the_card_the_rest() {
        let screen = Vec2::new(1280.0, 800.0);
        let open = |rows| Open {
            panel: false,
            readout_rows: rows,
            ..all_open()
        };
        let card = |rows| Layout::of(screen, open(rows)).card.unwrap().h;
        let readout = |rows| Layout::of(screen, open(rows)).readout.unwrap().h;
        assert!(card(9) > card(0) + 40.0, "{} against {}", card(9), card(0));
        assert!(
            readout(9) >= 9.0 * 20.0 + 40.0,
            "nine lines fit: {}",
            readout(9)
        );
        assert!(
            readout(30) <= readout(0),
            "a long one scrolls in the usual room"
        );
    }

    #[test]
    fn nothing_overlaps_and_nothing_leaves_the_window_at_any_size() {
        let sizes = (0..=24).flat_map(|i| {
            (0..=16).map(move |j| Vec2::new(640.0 + i as f32 * 133.75, 400.0 + j as f32 * 110.0))
        });
        let sizes: Vec<Vec2> = sizes
            .chain([
                Vec2::new(3840.0, 2160.0),
                Vec2::new(1920.0, 1080.0),
                Vec2::new(640.0, 400.0),
            ])
            .collect();
        for screen in sizes {
            let window = Rect::new(0.0, 0.0, screen.x, screen.y);
            for open in [
                Open::default(),
                all_open(),
                Open {
                    panel: true,
                    ..Open::default()
                },
                // The tour with the card and a readout, as a step shows
                // them; and everything at once.
                Open {
                    tour: true,
                    panel: false,
                    ..all_open()
                },
                Open {
                    tour: true,
                    ..all_open()
                },
            ] {
                let l = Layout::of(screen, open);
                // Four panes at once in the smallest windows share the
                // column below their least each (each scrolls).
                let crowded = open.tour && open.panel && screen.y < 500.0;
                let pieces = l.pieces();
                for (i, (a, ra)) in pieces.iter().enumerate() {
                    assert!(ra.inside(&window), "{screen}: {a} {ra:?} outside");
                    assert!(ra.w >= 0.0 && ra.h >= 0.0, "{screen}: {a} {ra:?}");
                    for (b, rb) in &pieces[i + 1..] {
                        assert!(!ra.overlaps(rb), "{screen}: {a} {ra:?} overlaps {b} {rb:?}");
                    }
                }
                assert!(
                    l.stage.w >= screen.x * 0.55,
                    "{screen}: the stage keeps most of the width"
                );
                assert!(l.stage.h >= (screen.y - l.hud.h - l.footer.h) * 0.55);
                if open.panel && !crowded {
                    assert!(
                        l.panel.is_some_and(|p| p.h >= 100.0),
                        "{screen}: room for the panel"
                    );
                }
                if open.card && !crowded {
                    assert!(
                        l.card.is_some_and(|c| c.h >= 100.0),
                        "{screen}: room for the card"
                    );
                }
                if open.tour && !crowded {
                    assert!(
                        l.tour
                            .is_some_and(|t| t.h >= 100.0 && t.bottom() <= l.card.unwrap().y),
                        "{screen}: room for the tour's step, above the card"
                    );
                }
            }
        }
    }

    #[test]
    fn the_column_is_shared_by_wants_and_needs() {
        let inf = f32::INFINITY;
        assert_eq!(share(500.0, [(100.0, 50.0), (200.0, 50.0)]), [100.0, 200.0]);
        assert_eq!(share(500.0, [(100.0, 50.0), (inf, 50.0)]), [100.0, 400.0]);
        assert_eq!(share(100.0, [(100.0, 100.0), (inf, 100.0)]), [50.0, 50.0]);
        let [a, b, c] = share(400.0, [(300.0, 100.0), (200.0, 100.0), (inf, 100.0)]);
        assert!((a + b + c - 400.0).abs() < 1e-3, "{a} {b} {c}");
        assert!(a >= 100.0 && b >= 100.0 && c >= 100.0 - 1e-3, "{a} {b} {c}");
        assert!(a > b, "the larger want gets more: {a} {b}");
        let [a, b, c] = share(600.0, [(300.0, 100.0), (300.0, 100.0), (inf, 100.0)]);
        assert_eq!(c, 100.0, "the rest, when there is none, is its least");
        assert_eq!([a, b], [250.0, 250.0]);
    }

    /// Closed, the column gives the stage its width; open, it takes a
    /// strip on the right, and the stage keeps its top, height and left.
    #[test]
    fn a_closed_column_gives_the_stage_the_whole_width() {
        for screen in [
            Vec2::new(640.0, 400.0),
            Vec2::new(1280.0, 800.0),
            Vec2::new(1920.0, 1080.0),
            Vec2::new(3840.0, 2160.0),
        ] {
            let closed = Layout::of(screen, Open::default()).stage;
            assert_eq!(closed.w, screen.x, "{screen}");
            let opens = [
                |o: &mut Open| o.panel = true,
                |o: &mut Open| o.readout = true,
                |o: &mut Open| o.card = true,
                |o: &mut Open| o.tour = true,
            ];
            for set in opens {
                let mut open = Open::default();
                set(&mut open);
                let layout = Layout::of(screen, open);
                let (stage, column) = (layout.stage, layout.pieces());
                assert!(stage.w < closed.w, "{screen} {open:?}: {stage:?}");
                assert_eq!(
                    (stage.x, stage.y, stage.h),
                    (closed.x, closed.y, closed.h),
                    "{screen} {open:?}"
                );
                let beside = column
                    .iter()
                    .filter(|(n, _)| !["hud", "legend", "footer", "stage"].contains(n));
                for (name, r) in beside {
                    assert!(
                        r.x >= stage.right(),
                        "{screen} {open:?}: the {name} at {r:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn small_windows_shrink_the_text_and_hide_the_column() {
        for screen in [
            Vec2::new(400.0, 300.0),
            Vec2::new(200.0, 100.0),
            Vec2::new(639.0, 500.0),
        ] {
            let l = Layout::of(screen, all_open());
            assert!(
                l.panel.is_none() && l.chart.is_none() && l.readout.is_none() && l.card.is_none(),
                "{screen}"
            );
            assert!(l.text_scale <= 0.7 + 1e-6 || screen.x >= 600.0);
            let window = Rect::new(0.0, 0.0, screen.x, screen.y);
            for (name, r) in l.pieces() {
                assert!(r.inside(&window), "{screen}: {name}");
            }
            assert!(!l.hud.overlaps(&l.footer), "{screen}");
        }
    }

    #[test]
    fn the_legend_stays_off_the_stage() {
        let l = Layout::of(Vec2::new(1280.0, 800.0), Open::default());
        assert!(!l.legend.overlaps(&l.stage));
        let help = Layout::of(
            Vec2::new(1280.0, 800.0),
            Open {
                help: true,
                ..Open::default()
            },
        )
        .help
        .unwrap();
        // Over the stage and the column, between the legend and the footer.
        assert!(!help.overlaps(&l.legend) && !help.overlaps(&l.footer));
        assert!(
            help.w > l.stage.w * 0.5 && help.h > l.stage.h * 0.8,
            "{help:?}"
        );
    }
}
