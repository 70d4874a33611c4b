//! Patrol's scenario tests: the path radius holds, every mode walks its path.

use crate::testing::scene_with;

/// How far an agent may stray beyond the radius: at full speed its
/// tightest turn has radius v^2 / a (a = max_force / mass), and turning
/// back at an end sweeps out that turn's diameter.
fn margin() -> f64 {
    let (v, a) = (3.0, 1.1);
    2.0 * v * v / a
}

#[test]
fn patrol_visits_every_node_turns_back_and_stays_on_the_road() {
    for radius in [5.0f32, 20.0, 60.0] {
        let mut run = scene_with("patrol", "patrol", None);
        run.set(super::PatrolParams::path_radius, radius.into());
        let m = run.steps(5000);
        assert_eq!(m.int("nodes_visited"), Some(5), "radius {radius}");
        assert!(
            m.int("reversals").unwrap() >= 2 * 3,
            "agents keep turning back"
        );
        assert_eq!(
            m.int("ends_turned"),
            Some(2),
            "agents turn back at both ends"
        );
        let limit = f64::from(radius) + margin();
        let dev = m.float("max_deviation");
        assert!(dev <= limit, "radius {radius}: strayed {dev} > {limit}");
        assert_eq!(m.nan, 0);
    }
}

#[test]
fn a_wider_road_cuts_corners_more() {
    let deviation = |radius: f32| {
        let mut run = scene_with("patrol", "loop", None);
        run.set(super::PatrolParams::path_radius, radius.into());
        run.steps(3000).float("max_deviation")
    };
    assert!(deviation(80.0) > deviation(10.0));
}

/// Projection keeps within 3 px of the road's edge on eight seeds (the
/// path does not depend on the seed: nothing random crept in), and no
/// worse than seeking nodes, which walks the centre line (0 px).
#[test]
fn projection_keeps_to_the_road() {
    let nodes = scene_with("patrol", "loop", None).steps(1800);
    let seeking = nodes.float("max_off_road");
    for seed in 1..=8 {
        let mut run = scene_with("patrol", "projection", None);
        run.reseed(seed);
        let m = run.steps(1800);
        let off = m.float("max_off_road");
        assert!(off <= 3.0, "seed {seed}: {off:.2} px off the road");
        assert!(
            off <= seeking + 1e-6,
            "seed {seed}: {off:.2} against {seeking:.2}"
        );
        assert_eq!(m.nan, 0);
    }
    // Staying on the road is easy standing still: they walk on, on
    // average at more than half their top speed.
    let mut run = scene_with("patrol", "projection", None);
    let mut walked = vec![0.0; run.scene.crowd().len()];
    for _ in 0..600 {
        run.steps(1);
        for (w, v) in walked.iter_mut().zip(run.scene.crowd().velocities()) {
            *w += v.length();
        }
    }
    for w in walked {
        assert!(w > 600.0 * 1.5, "{w:.0} px in 600 ticks");
    }
}

#[test]
fn once_stops_on_the_last_node() {
    let mut run = scene_with("patrol", "once", None);
    run.steps(5000);
    let last = glam::Vec2::new(700.0, 480.0);
    for (p, v) in run
        .scene
        .crowd()
        .positions()
        .iter()
        .zip(run.scene.crowd().velocities())
    {
        assert!(p.distance(last) < 25.0, "stopped at {p}");
        assert!(v.length() < 0.05, "still moving at {v}");
    }
    assert_eq!(run.steps(0).int("reversals"), Some(0));
}

#[test]
fn the_path_radius_changes_live_and_stays_in_its_range() {
    let mut run = scene_with("patrol", "patrol", None);
    run.steps(10);
    run.set(super::PatrolParams::path_radius, 60.0);
    assert_eq!(run.steps(1).float("path_radius"), 60.0);
    assert_eq!(
        run.scene.tick(),
        11,
        "a live knob does not restart the scene"
    );
    let mut params = run.scene.setup().params.clone();
    let e = params.set("path_radius", 1.0e6).unwrap_err();
    assert!(e.message.contains("between 5 and 120 px"), "{e:?}");
}

/// The desired velocity is drawn as the other vectors are, from the
/// agent and to scale (it was a line to the node sought, or from the
/// prediction to the road): seek's desired velocity, `max_speed` long,
/// at the velocity's px per unit.
#[test]
fn the_desired_velocity_is_drawn_to_scale_from_the_agent() {
    let mut run = scene_with("patrol", "patrol", None);
    run.scene.set_recording(true);
    run.steps(90);
    desired_to_scale(&run, 0);
    // By projection, an agent seeks only while its prediction is off the
    // road: the first agent that is, at some tick.
    let mut run = scene_with("patrol", "projection", None);
    run.scene.set_recording(true);
    for _ in 0..600 {
        run.steps(1);
        let overlay = run.scene.overlay();
        let desired = |s: &&crate::overlay::Shape| s.meaning == crate::overlay::Meaning::Desired;
        if let Some(i) = overlay.shapes.iter().find(desired).and_then(|s| s.agent) {
            return desired_to_scale(&run, i as usize);
        }
    }
    panic!("no agent of the projection variant left the road in 600 ticks");
}

fn desired_to_scale(run: &crate::testing::Run, agent: usize) {
    use crate::overlay::{Geom, Meaning};
    let arrow = |meaning| {
        let shape = (run.scene.overlay().of_agent(agent))
            .find(|s| s.meaning == meaning)
            .unwrap_or_else(|| panic!("agent {agent} has a {meaning:?} arrow"));
        let Geom::Arrow { from, to } = shape.geom else {
            panic!("{meaning:?} is drawn as an arrow: {shape:?}")
        };
        (from, (to - from).length() / shape.magnitude, shape.magnitude)
    };
    let (at, scale, _) = arrow(Meaning::Velocity);
    let (from, desired_scale, desired) = arrow(Meaning::Desired);
    assert_eq!(from, at, "drawn from the agent");
    assert!((desired_scale - scale).abs() < 1e-3 * scale, "{desired_scale} px per unit, not {scale}");
    let params = run.scene.setup().params.as_any();
    let max_speed = params.downcast_ref::<super::PatrolParams>().unwrap().max_speed;
    assert!((desired - max_speed).abs() < 1e-4, "seek wants {max_speed}: {desired}");
}
