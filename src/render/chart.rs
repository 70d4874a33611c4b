//! The live chart: the lesson's figures over the last minute of simulated
//! time. Figures of different units never share an axis: each unit has a
//! plot of its own (stacked, one time axis), its unit on its axis, as the
//! scene declares it ([`SceneDecl::plots`]). The names sit in a row above
//! the plots, where they cover no curve.

use super::lab::pane;
use super::words::drawn;
use egui_macroquad::egui::{self, Color32, RichText};
use egui_plot::{Line, Plot, PlotPoints};
use steering_demos::app::App;
use steering_demos::layout::Rect;
use steering_demos::sim::decl::SceneDecl;
use steering_demos::sim::runner::Runner;
use steering_demos::text::{fill as say, text};
use steering_demos::words;

/// The most points a chart series draws (of up to a minute of ticks).
const CHART_POINTS: usize = 300;

/// The height of the time axis (its numbers and its label), in points.
const TIME_AXIS: f32 = 34.0;

/// Between two plots, so one's lowest number clears the next one's highest.
const PLOT_GAP: f32 = 6.0;

/// Line colours, in the order series come (Okabe and Ito's, which
/// colour-blind eyes tell apart, bright enough for the dark pane).
const COLOURS: [Color32; 6] = [
    Color32::from_rgb(0x56, 0xb4, 0xe9),
    Color32::from_rgb(0xe6, 0x9f, 0x00),
    Color32::from_rgb(0x00, 0x9e, 0x73),
    Color32::from_rgb(0xcc, 0x79, 0xa7),
    Color32::from_rgb(0xf0, 0xe4, 0x42),
    Color32::from_rgb(0xd5, 0x5e, 0x00),
];

/// One curve: a series of one pane.
struct Curve {
    name: &'static str,
    label: String,
    colour: Color32,
    points: Vec<[f64; 2]>,
}

/// Every pane's series as curves, labelled (a pane's name goes after a
/// series only where both panes chart one of that name).
fn curves(app: &App, panes: &[(String, &Runner)]) -> Vec<Curve> {
    let hz = f64::from(app.scene_config().tick_hz);
    let window = (60.0 * app.scene_config().tick_hz) as usize;
    let series: Vec<_> = (panes.iter())
        .map(|(_, runner)| runner.recent_headline(window))
        .collect();
    let shared =
        |name: &str| series.len() > 1 && series.iter().all(|s| s.iter().any(|(n, _)| *n == name));
    let mut out = Vec::new();
    for ((variant, runner), headline) in panes.iter().zip(&series) {
        let end = runner.tick() as f64 / hz;
        for (name, values) in headline {
            let start = end - values.len() as f64 / hz;
            // A point every few ticks is all the chart's width can show,
            // and each is triangles to draw.
            let every = values.len().div_ceil(CHART_POINTS).max(1);
            let points = (values.iter().enumerate().step_by(every))
                .map(|(k, &y)| [start + k as f64 / hz, y])
                .collect();
            let series = words::series(app.decl(), name);
            let label = if shared(name) {
                say(
                    "chart.series-variant",
                    &[("series", &series), ("variant", variant)],
                )
            } else {
                series.to_string()
            };
            let colour = COLOURS[out.len() % COLOURS.len()];
            out.push(Curve {
                name,
                label,
                colour,
                points,
            });
        }
    }
    out
}

/// The lesson's figures over the last minute, one plot per unit (and a
/// curve per pane in the split view).
pub fn chart(ctx: &egui::Context, app: &App, r: Rect) {
    let decl: &SceneDecl = app.decl();
    let mut panes = vec![(app.variant().to_string(), app.scene())];
    if let (Some(pane), Some(name)) = (app.compared(), app.compared_variant()) {
        panes.push((name.to_string(), &pane.runner));
    }
    let curves = curves(app, &panes);
    let plots = decl.plots(curves.iter().map(|c| c.name));
    pane(ctx, "chart", r, |ui| {
        ui.horizontal_wrapped(|ui| {
            for c in &curves {
                ui.label(RichText::new(drawn(&format!("— {}", c.label))).color(c.colour));
            }
        });
        // The plots share the room; the last also holds the time axis.
        let gap = ui.spacing().item_spacing.y + PLOT_GAP;
        let room = ui.available_height() - gap * plots.len() as f32;
        let height = (room - TIME_AXIS) / plots.len().max(1) as f32;
        for (k, (unit, names)) in plots.iter().enumerate() {
            let last = k + 1 == plots.len();
            let mut plot = Plot::new(("lesson", k))
                .height(if last { height + TIME_AXIS } else { height })
                .link_axis("lesson-time", [true, false])
                .allow_scroll(false)
                .allow_drag(false)
                .allow_zoom(false)
                // Room for the y axis' numbers ("0.25", "1000"), and zero
                // in view: a figure that stays at zero shows as a line on it.
                .y_axis_min_width(40.0)
                .show_background(false)
                .include_y(0.0)
                .y_grid_spacer(egui_plot::log_grid_spacer(5))
                .show_axes([last, true]);
            if last {
                plot = plot.x_axis_label(text("chart.seconds"));
            }
            if !unit.is_empty() {
                // Small, to fit beside a plot a few lines high.
                plot = plot.y_axis_label(RichText::new(drawn(words::unit(unit).shown())).small());
            }
            plot.show(ui, |plot| {
                for c in curves.iter().filter(|c| names.contains(&c.name)) {
                    let points = PlotPoints::from(c.points.clone());
                    plot.line(Line::new(points).name(&c.label).color(c.colour));
                }
            });
            ui.add_space(PLOT_GAP);
        }
    });
}
