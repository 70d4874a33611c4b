//! Drawing with macroquad: the only code that touches the window. It reads
//! the app and its scene and draws; it never changes them.

pub mod chart;
mod hud;
pub mod lab;
mod legend;
pub mod mind;
pub mod palette;
pub mod text;
mod tip;
pub mod tour;
mod trails;
pub mod words;

pub use hud::{draw_footer, draw_help, draw_hud, draw_notice, draw_recording};
pub use legend::draw_legend;
pub use trails::Trails;

use macroquad::color::Color;
use macroquad::color::WHITE;
use macroquad::math::{Rect, Vec2, vec2};
use macroquad::miniquad::PassAction;
use macroquad::miniquad::gl::{GL_SCISSOR_TEST, glEnable};
use macroquad::shapes::{draw_circle, draw_line, draw_poly_lines, draw_rectangle, draw_triangle};
use macroquad::texture::{DrawTextureParams, FilterMode, Texture2D, draw_texture_ex};
use macroquad::window::{get_internal_gl, screen_height, screen_width};
use palette::{agent_color, meaning_color};
use steering_demos::app::App;
use steering_demos::camera::Camera;
use steering_demos::density::{Density, Frame};
use steering_demos::layout::Rect as Area;
use steering_demos::overlay::{Geom, Meaning, Overlay, Shape};
use steering_demos::sim::crowd::Look;
use steering_demos::sim::runner::Runner;
use steering_demos::sim::scene::Input;

use palette as colors;

/// Width of lines, in screen pixels.
const LINE: f32 = 2.0;
/// Size of arrow heads and point markers, in screen pixels.
const HEAD: f32 = 9.0;
const POINT: f32 = 4.5;
/// The agent sprite spans this share of its image (the rest is margin).
const SPRITE_FILL: f32 = 54.0 / 64.0;
/// Agents are never drawn smaller than this, in screen pixels.
const MIN_AGENT: f32 = 4.0;
/// Agents smaller than this, in screen pixels, are drawn as plain
/// triangles: half the sprite's triangles (a large crowd seen up close;
/// finer still, it is painted: [`DENSITY_BELOW`]).
const TINY_AGENT: f32 = 8.0;
/// Agents whose true size on screen is under this many pixels are painted
/// as one picture of the crowd's density and heading ([`Density`]): a
/// million boids, or the doorway's hundred thousand, at 1280x800. Zoomed
/// in past it, they are drawn one by one again.
const DENSITY_BELOW: f32 = 2.0;

/// The agent sprite's side, in texels.
const SPRITE: u16 = 64;
/// The agent's arrowhead in the sprite, pointing along +x: the tip, the
/// upper back corner, the notch, the lower back corner.
const ARROWHEAD: [[f32; 2]; 4] = [[63.0, 32.0], [3.0, 2.0], [16.0, 32.0], [3.0, 62.0]];

/// The agent sprite: a white arrowhead on clear, its edges smoothed by
/// 4x4 supersampling. Drawn here rather than decoded from a PNG, so the
/// binary (and the web page) carries no image decoder for it.
fn arrowhead_texture() -> Texture2D {
    let [tip, upper, notch, lower] = ARROWHEAD.map(Vec2::from);
    let inside = |p: Vec2| {
        let left_of = |a: Vec2, b: Vec2| (b - a).perp_dot(p - a) >= 0.0;
        let in_triangle = |a, b, c| {
            let sides = [left_of(a, b), left_of(b, c), left_of(c, a)];
            sides.iter().all(|&s| s) || sides.iter().all(|&s| !s)
        };
        in_triangle(tip, upper, notch) || in_triangle(tip, notch, lower)
    };
    const SUB: usize = 4;
    let side = usize::from(SPRITE);
    let mut rgba = vec![255u8; side * side * 4];
    for (i, texel) in rgba.chunks_exact_mut(4).enumerate() {
        let (x, y) = ((i % side) as f32, (i / side) as f32);
        let covered = (0..SUB * SUB)
            .filter(|k| {
                let dx = ((k % SUB) as f32 + 0.5) / SUB as f32;
                let dy = ((k / SUB) as f32 + 0.5) / SUB as f32;
                inside(Vec2::new(x + dx, y + dy))
            })
            .count();
        texel[3] = (covered * 255 / (SUB * SUB)) as u8;
    }
    Texture2D::from_rgba8(SPRITE, SPRITE, &rgba)
}

/// The letterbox: world coordinates of the stage to screen pixels.
#[derive(Debug, Clone, Copy)]
pub struct View {
    pub scale: f32,
    pub offset: Vec2,
    /// The stage on screen.
    pub area: Rect,
}

impl View {
    /// The stage in `area` as `camera` sees it: fitted at zoom 1, else
    /// zoomed about the camera's centre, in the same window.
    pub fn framed(stage: Vec2, area: Area, camera: &Camera) -> Self {
        let fit = Self::fit(stage, area);
        let a = fit.area;
        let (scale, offset) = camera.frame(fit.scale, vec2(a.x, a.y), vec2(a.w, a.h));
        Self {
            scale,
            offset,
            area: a,
        }
    }

    /// Fits a `stage`-sized world into `area` of the window, centred.
    pub fn fit(stage: Vec2, area: Area) -> Self {
        let room = vec2(area.w.max(1.0), area.h.max(1.0));
        let scale = (room.x / stage.x).min(room.y / stage.y).max(1e-6);
        let size = stage * scale;
        let offset = vec2(
            area.x + (room.x - size.x) * 0.5,
            area.y + (room.y - size.y) * 0.5,
        );
        Self {
            scale,
            offset,
            area: Rect::new(offset.x, offset.y, size.x, size.y),
        }
    }

    pub fn to_screen(self, p: Vec2) -> Vec2 {
        self.offset + p * self.scale
    }

    pub fn to_world(self, p: Vec2) -> Vec2 {
        (p - self.offset) / self.scale
    }
}

/// What the renderer keeps between frames.
pub struct Renderer {
    agent: Texture2D,
    overlay: Overlay,
    density: Density,
    /// Each pane's picture of its crowd, when it is painted as one
    /// (a texture a pane: the frame's drawing is sent at its end).
    pictures: Vec<Option<Texture2D>>,
}

impl Renderer {
    pub fn new() -> Self {
        let agent = arrowhead_texture();
        agent.set_filter(FilterMode::Linear);
        Self {
            agent,
            overlay: Overlay::default(),
            density: Density::default(),
            pictures: Vec::new(),
        }
    }

    /// Draws one scene in `view`: the stage, the scenery, the trails, the
    /// agents between their last two ticks (`alpha`), and the forces: all
    /// of them when on, else the selected agent's. `pane` counts the panes
    /// side by side from 0.
    pub fn draw_world(
        &mut self,
        app: &App,
        scene: &Runner,
        view: &View,
        trails: Option<&Trails>,
        pane: usize,
    ) {
        // Zoomed in, the world reaches past its window: clip it there.
        unsafe { get_internal_gl() }
            .quad_gl
            .scissor(Some(scissor(view.area)));
        // The paper is cleared, not drawn (see `clear_stages`).
        self.overlay.clear();
        scene.scenery(
            &Input {
                pointer: app.pointer,
            },
            &mut self.overlay,
        );
        for shape in &self.overlay.shapes {
            draw_shape(shape, view);
        }
        if let Some(trails) = trails {
            trails.draw(view);
        }
        let alpha = app.between_ticks();
        if dense(scene, view) {
            self.draw_density(scene, view, pane, alpha);
        } else {
            self.draw_agents(scene, view, alpha, |_, _| true);
        }
        let selected = scene.selected().map(|i| i as u32);
        for shape in &scene.overlay().shapes {
            let wanted = app.show_forces || (selected.is_some() && shape.agent == selected);
            if wanted && app.shows(shape.meaning) {
                draw_shape(shape, view);
            }
        }
        if let Some(i) = scene.selected_index() {
            if app.tip_to_tail {
                tip::draw_tip_to_tail(scene, view, App::drawn_at(scene, i, alpha));
            }
            let at = view.to_screen(App::drawn_at(scene, i, alpha));
            let r = (scene.agent_radius() * 1.8 * view.scale).max(10.0);
            circle_outline(at, r, LINE * 1.5, colors::SELECTED);
        }
        draw_frame(view);
        unsafe { get_internal_gl() }.quad_gl.scissor(None);
    }

    /// The crowd as one picture of where it stands and where it heads
    /// ([`Density`]), then the agents a learner follows drawn one by one
    /// on top: the selected one, and a leader or a target.
    fn draw_density(&mut self, scene: &Runner, view: &View, pane: usize, alpha: f32) {
        let a = view.area;
        let (x, y) = (a.x.floor(), a.y.floor());
        let frame = Frame {
            scale: view.scale,
            offset: view.offset - vec2(x, y),
            width: (a.right().ceil() - x).max(1.0) as usize,
            height: (a.bottom().ceil() - y).max(1.0) as usize,
        };
        let rgba = (self.density).paint(scene.crowd().positions(), scene.headings(), frame);
        let (w, h) = (frame.width as u16, frame.height as u16);
        if self.pictures.len() <= pane {
            self.pictures.resize(pane + 1, None);
        }
        let picture = match &self.pictures[pane] {
            Some(t) if t.width() as u16 == w && t.height() as u16 == h => {
                t.update_from_bytes(u32::from(w), u32::from(h), rgba);
                t.clone()
            }
            _ => {
                let t = Texture2D::from_rgba8(w, h, rgba);
                t.set_filter(FilterMode::Nearest);
                self.pictures[pane] = Some(t.clone());
                t
            }
        };
        let size = Some(vec2(f32::from(w), f32::from(h)));
        let whole = DrawTextureParams {
            dest_size: size,
            ..Default::default()
        };
        draw_texture_ex(&picture, x, y, WHITE, whole);
        let selected = scene.selected_index();
        self.draw_agents(scene, view, alpha, |i, look| {
            Some(i) == selected || matches!(look, Look::Leader | Look::Target)
        });
    }

    /// Every agent `shown` (by index and look) in one pass over one
    /// texture, which macroquad batches into a handful of draw calls
    /// however many agents there are.
    fn draw_agents(
        &self,
        scene: &Runner,
        view: &View,
        alpha: f32,
        shown: impl Fn(usize, Look) -> bool,
    ) {
        let base = (2.0 * scene.agent_radius() / SPRITE_FILL * view.scale).max(MIN_AGENT);
        let fade = scene.fade_alpha();
        // Decided once for all, so the batch keeps one texture.
        let tiny = base < TINY_AGENT;
        for (i, (&v, &look)) in scene.headings().iter().zip(scene.looks()).enumerate() {
            if !shown(i, look) {
                continue;
            }
            let at = view.to_screen(App::drawn_at(scene, i, alpha));
            let size = if matches!(look, Look::Leader | Look::Target) {
                base * 1.4
            } else {
                base
            };
            if !view.area.contains(at) && !view.area.contains(at + vec2(size, size)) {
                continue;
            }
            let rotation = if v == Vec2::ZERO { 0.0 } else { v.y.atan2(v.x) };
            if tiny {
                // The arrowhead without its notch, which a few pixels cannot
                // show: one triangle instead of the sprite's two, untextured.
                let (sin, cos) = rotation.sin_cos();
                let corner = |[x, y]: [f32; 2]| {
                    let local = (vec2(x, y) / f32::from(SPRITE) - 0.5) * size;
                    at + vec2(local.x * cos - local.y * sin, local.x * sin + local.y * cos)
                };
                let [tip, upper, _, lower] = ARROWHEAD.map(corner);
                draw_triangle(tip, upper, lower, agent_color(look, fade));
                continue;
            }
            draw_texture_ex(
                &self.agent,
                at.x - size * 0.5,
                at.y - size * 0.5,
                agent_color(look, fade),
                DrawTextureParams {
                    dest_size: Some(vec2(size, size)),
                    rotation,
                    ..Default::default()
                },
            );
        }
    }
}

/// Whether `scene`'s agents are too fine in `view` to draw one by one:
/// then the crowd is painted as one picture ([`Density`]).
pub fn dense(scene: &Runner, view: &View) -> bool {
    2.0 * scene.agent_radius() * view.scale < DENSITY_BELOW
}

/// Clears the frame to the stage's paper, then the background around the
/// panes' stages with GL's clear cut to each band (a scissored clear).
/// On software GL (virtual machines, Xvfb) a blended rectangle the size
/// of the stage cost some 40% of a frame; a clear of the whole window
/// costs next to nothing and a scissored one about half a drawn
/// rectangle, so the larger part, the paper, gets the whole clear. Before
/// anything else of the frame: macroquad sends its batched drawing after
/// it, at the frame's end. `stage` is the window's part the panes share.
///
/// Colour only: nothing is drawn with a depth test, and macroquad's
/// `clear_background` also clears the depth buffer, which software GL does
/// word by word around the stencil bits it keeps (a fifth of an idle
/// frame's time).
pub fn clear_stages(panes: &[(View, Area)], stage: Area) {
    let mut bands = ring(
        Rect::new(0.0, 0.0, screen_width(), screen_height()),
        area(stage),
    );
    for (view, part) in panes {
        bands.extend(ring(area(*part), view.area));
    }
    let dpi = macroquad::miniquad::window::dpi_scale();
    let height = (screen_height() * dpi).round() as i32;
    let gl = unsafe { get_internal_gl() }.quad_context;
    gl.begin_default_pass(PassAction::Nothing);
    let paper = colors::STAGE;
    gl.clear(Some((paper.r, paper.g, paper.b, paper.a)), None, None);
    // The pass sets the scissor to the window but leaves the test off
    // until a pipeline is applied; ending the pass turns it off again.
    unsafe { glEnable(GL_SCISSOR_TEST) };
    let c = colors::BACKGROUND;
    for band in bands {
        let [x0, y0, x1, y1] =
            [band.x, band.y, band.right(), band.bottom()].map(|v| (v * dpi).round() as i32);
        if x1 > x0 && y1 > y0 {
            // GL counts rows from the window's bottom.
            gl.apply_scissor_rect(x0, height - y1, x1 - x0, y1 - y0);
            gl.clear(Some((c.r, c.g, c.b, c.a)), None, None);
        }
    }
    gl.end_render_pass();
}

fn area(a: Area) -> Rect {
    Rect::new(a.x, a.y, a.w, a.h)
}

/// `outer` outside `inner`, as four bands (above, below, left, right;
/// any of them empty).
fn ring(outer: Rect, inner: Rect) -> Vec<Rect> {
    let (top, bottom) = (inner.y.max(outer.y), inner.bottom().min(outer.bottom()));
    vec![
        Rect::new(outer.x, outer.y, outer.w, top - outer.y),
        Rect::new(outer.x, bottom, outer.w, outer.bottom() - bottom),
        Rect::new(outer.x, top, inner.x - outer.x, bottom - top),
        Rect::new(
            inner.right(),
            top,
            outer.right() - inner.right(),
            bottom - top,
        ),
    ]
}

/// The whole pixels a view's stage is cut to (where it is cleared and
/// where its world is drawn).
fn scissor(a: Rect) -> (i32, i32, i32, i32) {
    (a.x as i32, a.y as i32, a.w.ceil() as i32, a.h.ceil() as i32)
}

/// A thin line around a view, so two panes read as two.
fn draw_frame(view: &View) {
    let a = view.area;
    macroquad::shapes::draw_rectangle_lines(a.x, a.y, a.w, a.h, 1.0, colors::FRAME);
}

/// A circle outline smooth at any size: more sides for larger circles.
fn circle_outline(c: Vec2, r: f32, thickness: f32, color: Color) {
    let sides = (r / 3.0).clamp(24.0, 180.0) as u8;
    draw_poly_lines(c.x, c.y, sides, r, 0.0, thickness, color);
}

fn draw_shape(shape: &Shape, view: &View) {
    let color = meaning_color(shape.meaning);
    match shape.geom {
        Geom::Arrow { from, to } => draw_arrow(view.to_screen(from), view.to_screen(to), color),
        Geom::Line { from, to } => {
            let (a, b) = (view.to_screen(from), view.to_screen(to));
            draw_line(a.x, a.y, b.x, b.y, LINE, color);
        }
        Geom::Circle { center, radius } => {
            let c = view.to_screen(center);
            let r = radius * view.scale;
            match shape.meaning {
                Meaning::PathRadius => draw_circle(c.x, c.y, r, Color { a: 0.12, ..color }),
                Meaning::Obstacle => draw_circle(c.x, c.y, r, color),
                _ => {}
            }
            circle_outline(c, r, LINE * 0.75, color);
        }
        Geom::Point { at } => {
            let c = view.to_screen(at);
            if shape.meaning == Meaning::Target {
                draw_crosshair(c, color);
            } else {
                draw_circle(c.x, c.y, POINT, color);
            }
        }
        Geom::Rect { min, max } => {
            let (a, b) = (view.to_screen(min), view.to_screen(max));
            if shape.meaning == Meaning::Scanned {
                // A grid cell: its outline, so the agents in it show.
                let (w, h) = (b.x - a.x, b.y - a.y);
                macroquad::shapes::draw_rectangle_lines(a.x, a.y, w, h, LINE * 1.5, color);
            } else {
                draw_rectangle(a.x, a.y, b.x - a.x, b.y - a.y, color);
            }
        }
    }
}

fn draw_arrow(from: Vec2, to: Vec2, color: Color) {
    draw_arrow_wide(from, to, color, LINE);
}

/// An arrow whose shaft is `width` pixels wide (its head as every other).
fn draw_arrow_wide(from: Vec2, to: Vec2, color: Color, width: f32) {
    let d = to - from;
    let len = d.length();
    if len < 1.0 {
        return;
    }
    let dir = d / len;
    let head = HEAD.min(len * 0.5);
    let base = to - dir * head;
    draw_line(from.x, from.y, base.x, base.y, width, color);
    let side = dir.perp() * head * 0.5;
    draw_triangle(to, base + side, base - side, color);
}

fn draw_crosshair(c: Vec2, color: Color) {
    let r = HEAD;
    circle_outline(c, r, LINE, color);
    draw_line(c.x - r * 1.6, c.y, c.x + r * 1.6, c.y, LINE, color);
    draw_line(c.x, c.y - r * 1.6, c.x, c.y + r * 1.6, LINE, color);
}
