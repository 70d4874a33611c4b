//! Words in the lab's panes (egui), as a learner of each language reads
//! them. egui 0.31 lays text out left to right, glyph by glyph: it
//! neither joins Arabic letters nor orders a right-to-left line, and it
//! would wrap an ordered line from its wrong end. So a text with Arabic
//! in it is cut into lines here, in reading order, at the pane's width;
//! each line is joined and ordered ([`visual`]) and a right-to-left one
//! is set against the pane's right edge. Chinese is cut here too, where a
//! Chinese line may end ([`lines`]): egui would start a line with a
//! full-width colon or comma. Other text goes to egui as it is.

use egui_macroquad::egui::{self, RichText};
use steering_demos::text::bidi::{self, visual};
use steering_demos::text::shape::needs_shaping;
use steering_demos::text::{language, lines};

/// `text` as a label styled by `style`, wrapped at the pane's width (as
/// egui's own label is where it lays out top to bottom); new lines
/// (`\n`) start new lines.
pub fn words(ui: &mut egui::Ui, text: &str, style: impl Fn(String) -> RichText) {
    if !needs_shaping(text) && !lines::breaks_without_spaces(text) {
        ui.label(style(text.to_string()));
        return;
    }
    // In a row, one line where egui puts it: a line set against the right
    // would take the whole row.
    if ui.layout().is_horizontal() {
        ui.add(egui::Label::new(style(visual(text).text.into_owned())));
        return;
    }
    let room = ui.available_width();
    let wide = |line: &str| {
        let drawn = egui::WidgetText::from(style(visual(line).text.into_owned()));
        let galley = drawn.into_galley(
            ui,
            Some(egui::TextWrapMode::Extend),
            f32::INFINITY,
            egui::TextStyle::Body,
        );
        galley.size().x
    };
    let lines: Vec<String> = (text.split('\n'))
        .flat_map(|paragraph| bidi::wrap(paragraph, |line| wide(line) <= room))
        .collect();
    for line in lines {
        let line = visual(&line);
        let layout = if line.rtl {
            egui::Layout::right_to_left(egui::Align::Min)
        } else {
            egui::Layout::left_to_right(egui::Align::Min)
        };
        let label = egui::Label::new(style(line.text.into_owned())).extend();
        ui.with_layout(layout, |ui| ui.add(label));
    }
}

/// `text` as one line (a table's cell: egui's grid lays a cell's lines
/// side by side), joined and ordered.
pub fn line(ui: &mut egui::Ui, text: &str) {
    let line = visual(text);
    ui.add(egui::Label::new(line.text.into_owned()).extend());
}

/// `text` joined and ordered, for a widget of one line (a button, a
/// checkbox, a slider's unit).
pub fn drawn(text: &str) -> String {
    visual(text).text.into_owned()
}

/// [`words`] in the default style.
pub fn plain(ui: &mut egui::Ui, text: &str) {
    words(ui, text, RichText::new);
}

/// Whether the language shown reads from the right: a row of a table
/// (label, value) is then laid out from the right.
pub fn rtl() -> bool {
    language::shown().rtl()
}
