//! The legend shows the stage's colours: each role's dot, sampled from
//! the window, is the colour its agents show on the stage (a translucent
//! look laid over the paper), and the roles' dots are told apart.

use super::support::{SCREEN, launch};
use image::RgbaImage;
use steering_demos::layout::{Layout, Open, Rect};

/// A colour is a dot's when this many pixels of the legend have it.
const DOT_PIXELS: usize = 25;
/// Pixels of a dot's colour the stage must show: its agents' bodies.
const AGENT_PIXELS: usize = 200;
/// The legend's words (the palette's `TEXT_DIM`): a bluish grey, drawn
/// solid where a glyph covers its pixel whole.
const WORDS: [u8; 3] = [0xb5, 0xbc, 0xc7];

fn inside(r: Rect) -> impl Fn(u32, u32) -> bool {
    move |x, y| r.contains(glam::Vec2::new(x as f32 + 0.5, y as f32 + 0.5))
}

/// The solid colours in `r` that are neither greys (the band) nor the
/// words: the roles' dots, most pixels first.
fn dots(img: &RgbaImage, r: Rect) -> Vec<[u8; 3]> {
    let within = inside(r);
    let mut seen: Vec<([u8; 3], usize)> = Vec::new();
    for (x, y, p) in img.enumerate_pixels() {
        let c = [p[0], p[1], p[2]];
        let spread = c.iter().max().unwrap() - c.iter().min().unwrap();
        if !within(x, y) || spread <= 12 || c == WORDS {
            continue;
        }
        match seen.iter_mut().find(|(s, _)| *s == c) {
            Some((_, n)) => *n += 1,
            None => seen.push((c, 1)),
        }
    }
    seen.sort_by_key(|&(_, n)| std::cmp::Reverse(n));
    (seen.into_iter())
        .filter(|&(_, n)| n >= DOT_PIXELS)
        .map(|(c, _)| c)
        .collect()
}

/// Pixels in `r` within 3 per channel of `c`.
fn pixels_of(img: &RgbaImage, r: Rect, c: [u8; 3]) -> usize {
    let within = inside(r);
    let near = |p: &image::Rgba<u8>| (0..3).all(|k| (i32::from(p[k]) - i32::from(c[k])).abs() <= 3);
    (img.enumerate_pixels())
        .filter(|&(x, y, p)| within(x, y) && near(p))
        .count()
}

#[test]
fn each_role_dot_is_the_colour_its_agents_show_on_the_stage() {
    let args = ["--scene", "crossing"];
    let Some((_reaper, s)) = launch(&args, "scene crossing", SCREEN) else {
        return;
    };
    s.frames_later(30);
    let img = s.shot("legend-roles");
    let size = glam::Vec2::new(SCREEN.0 as f32, SCREEN.1 as f32);
    let layout = Layout::of(size, Open::default());
    let legend = layout.legend;
    let roles = Rect::new(legend.w * 0.5, legend.y, legend.w * 0.5, legend.h);
    let found = dots(&img, roles);
    assert_eq!(
        found.len(),
        2,
        "two roles' dots, from the left and from the right: {found:?}"
    );
    for dot in &found {
        let n = pixels_of(&img, layout.stage, *dot);
        assert!(
            n >= AGENT_PIXELS,
            "{dot:?}: {n} pixels on the stage, agents of that role show more"
        );
    }
    let apart: i32 = (0..3)
        .map(|k| (i32::from(found[0][k]) - i32::from(found[1][k])).abs())
        .sum();
    assert!(apart > 90, "the two crowds' dots look alike: {found:?}");
}
