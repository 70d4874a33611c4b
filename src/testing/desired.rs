//! The desired velocity, in every scene that draws it, is a vector to the
//! scale of the velocity, an arrow with its head: never a line to a point.

use super::scene_with;
use crate::overlay::{Geom, Meaning, Shape};
use crate::scenes::SCENES;
use std::collections::BTreeSet;

/// The px per unit an arrow is drawn at.
fn scale_of(shape: &Shape) -> Option<f32> {
    match shape.geom {
        Geom::Arrow { from, to } if shape.magnitude > 0.0 => {
            Some((to - from).length() / shape.magnitude)
        }
        _ => None,
    }
}

#[test]
fn the_desired_velocity_is_an_arrow_to_the_velocitys_scale() {
    let mut drawn = BTreeSet::new();
    for decl in SCENES {
        for variant in decl.variants {
            let mut run = scene_with(decl.name, variant, Some(40));
            run.scene.set_recording(true);
            for tick in 0..240 {
                run.steps(1);
                let overlay = run.scene.overlay();
                let desired = overlay
                    .shapes
                    .iter()
                    .filter(|s| s.meaning == Meaning::Desired);
                for shape in desired {
                    let at = format!("{}/{variant}, tick {tick}: {shape:?}", decl.name);
                    assert!(!matches!(shape.geom, Geom::Line { .. }), "{at}: a line");
                    let Some(scale) = scale_of(shape) else {
                        continue;
                    };
                    drawn.insert(format!("{}/{variant}", decl.name));
                    let agent = shape.agent.expect("an agent's") as usize;
                    let velocity =
                        (overlay.of_agent(agent)).find(|s| s.meaning == Meaning::Velocity);
                    let (Some(v), Some(velocity)) = (velocity.and_then(scale_of), velocity) else {
                        continue;
                    };
                    assert!(
                        (scale - v).abs() < 1e-3 * v,
                        "{at}: {scale} px a unit, not {v}"
                    );
                    let start = |s: &Shape| match s.geom {
                        Geom::Arrow { from, .. } => Some(from),
                        _ => None,
                    };
                    assert_eq!(start(shape), start(velocity), "{at}: from the agent");
                }
            }
        }
    }
    for scene in [
        "wander/random-target",
        "hide/hide",
        "interpose/interpose",
        "formation/offset",
        "pedestrians/path",
    ] {
        assert!(
            drawn.contains(scene),
            "{scene} draws its desired velocity: {drawn:?}"
        );
    }
}
