//! The runner with every shipped scene: selection, cell order, headlines,
//! recording. These need the scenes and the config, so they live above
//! both rather than in `sim/`.

use super::scene_with;
use crate::config::Config;
use crate::overlay::{Geom, Meaning};
use crate::scenes::SCENES;
use crate::sim::sample::OverlaySample;

#[test]
fn the_selected_agent_is_recorded_with_the_overlay_off_and_beyond_the_sample() {
    let mut run = scene_with("doorway", "v4", Some(1000));
    assert!(run.scene.overlay_max_agents() < 900);
    run.scene.select(Some(900));
    run.steps(5);
    assert_eq!(
        run.scene.selected(),
        Some(900),
        "the selection survives ticks"
    );
    let shapes = &run.scene.overlay().shapes;
    assert!(
        !shapes.is_empty(),
        "the overlay is off, agent 900 is recorded"
    );
    assert!(shapes.iter().all(|s| s.agent == Some(900)));
    assert!(shapes.iter().any(|s| s.meaning == Meaning::Velocity));

    run.scene.set_recording(true);
    run.steps(1);
    let overlay = run.scene.overlay();
    let max = run.scene.overlay_max_agents();
    let sample = OverlaySample::new(1000, max);
    assert!(overlay.of_agent(900).count() > 0);
    let recorded = (0..1000).filter(|&i| overlay.of_agent(i).count() > 0);
    let expected = (0..1000).filter(|&i| i == 900 || sample.contains(i));
    assert!(recorded.eq(expected), "the sample and the selected agent");
    let last = sample.iter().last().unwrap();
    assert!(last > 990, "spread to the end: {last}");
    assert!(overlay.of_agent(last).count() > 0);
    assert_eq!(overlay.of_agent(1).count(), 0, "not every one");

    run.scene.select(Some(5000));
    assert_eq!(run.scene.selected(), None, "out of range clears it");
}

#[test]
fn a_crowd_kept_in_cell_order_runs_as_one_kept_in_spawn_order() {
    for (scene, variant) in [("flock", "flock"), ("leader", "follow")] {
        let mut sorted = scene_with(scene, variant, Some(3000));
        let mut spawned = scene_with(scene, variant, Some(3000));
        spawned.scene.keep_spawn_order();
        // An agent from the middle of the numbering.
        let picked = 1234;
        sorted.scene.select(Some(picked));
        spawned.scene.select(Some(picked));
        let (a, b) = (sorted.steps(400), spawned.steps(400));
        let ids = |run: &super::Run| {
            let crowd = run.scene.crowd();
            (0..crowd.len()).filter(|&i| crowd.id(i) != i).count()
        };
        let moved = ids(&sorted);
        assert!(moved > 1000, "{scene}: sorted, {moved} agents moved");
        assert_eq!(ids(&spawned), 0, "{scene}: in spawn order");
        // Bit for bit the same run, figure for figure.
        assert_eq!(a.checksum, b.checksum, "{scene}");
        assert_eq!(format!("{:?}", a.metrics), format!("{:?}", b.metrics));
        assert_eq!(sorted.scene.headline(), spawned.scene.headline());
        // The agent picked is followed by id, wherever it is kept.
        let (i, j) = (
            sorted.scene.selected_index(),
            spawned.scene.selected_index(),
        );
        let (i, j) = (i.expect("still there"), j.expect("still there"));
        assert_ne!(i, j, "{scene}: kept elsewhere");
        let crowds = (sorted.scene.crowd(), spawned.scene.crowd());
        assert_eq!(crowds.0.positions()[i], crowds.1.positions()[j]);
        assert_eq!(sorted.scene.inspect(picked), spawned.scene.inspect(picked));
        let shapes = |run: &super::Run| {
            let shapes = &run.scene.overlay().shapes;
            assert!(shapes.iter().all(|s| s.agent == Some(picked as u32)));
            format!("{shapes:?}")
        };
        assert_eq!(shapes(&sorted), shapes(&spawned), "{scene}: its forces");
    }
}

#[test]
fn every_scene_explains_its_agents_and_charts_finite_headlines() {
    let config = Config::embedded();
    for decl in SCENES {
        assert!(config.scene(decl.name).is_some(), "{}", decl.name);
        for variant in decl.variants {
            let mut run = scene_with(decl.name, variant, None);
            run.steps(100);
            let at = format!("{} {variant}", decl.name);
            assert!(!run.scene.inspect(0).is_empty(), "{at}: inspect(0)");
            let headline = run.scene.headline();
            assert!((1..=2).contains(&headline.len()), "{at}: {headline:?}");
            assert!(headline.iter().all(|(_, v)| v.is_finite()), "{at}");
            let history = run.scene.history();
            assert_eq!(history.len(), headline.len(), "{at}");
            for ((name, series), (named, value)) in history.iter().zip(&headline) {
                assert_eq!(name, named, "{at}");
                assert_eq!(series.len(), 100, "{at}: one sample a tick");
                assert_eq!(series.latest(), Some(*value as f32), "{at}");
            }
            let recent = run.scene.recent_headline(30);
            assert!(recent.iter().all(|(_, values)| values.len() == 30), "{at}");
        }
    }
}

#[test]
fn recording_and_selection_never_change_the_simulation() {
    for decl in SCENES {
        let mut plain = scene_with(decl.name, decl.variants[0], None);
        let mut watched = scene_with(decl.name, decl.variants[0], None);
        watched.scene.set_recording(true);
        watched.scene.select(Some(watched.scene.crowd().len() - 1));
        plain.steps(100);
        watched.steps(100);
        assert_eq!(
            plain.scene.crowd().checksum(),
            watched.scene.crowd().checksum(),
            "{}",
            decl.name
        );
    }
}

#[test]
fn recorded_arrows_carry_the_raw_vector_lengths() {
    // Seek draws its velocity to scale, the doorway as a unit direction.
    for (scene, variant) in [("seek", "seek"), ("doorway", "v4")] {
        let mut run = scene_with(scene, variant, None);
        run.steps(50);
        run.scene.select(Some(0));
        let speed = run.scene.crowd().velocities()[0].length();
        assert!(speed > 0.0, "{scene}");
        run.steps(1);
        let velocity = run
            .scene
            .overlay()
            .of_agent(0)
            .find(|s| s.meaning == Meaning::Velocity)
            .expect("the selected agent's velocity");
        assert!(matches!(velocity.geom, Geom::Arrow { .. }));
        assert_eq!(velocity.magnitude, speed, "{scene}");
        let mut others =
            (run.scene.overlay().shapes.iter()).filter(|s| !matches!(s.geom, Geom::Arrow { .. }));
        assert!(others.all(|s| s.magnitude == 0.0), "{scene}");
    }
}

#[test]
fn another_scenes_parameters_or_variant_are_refused_not_replaced() {
    use crate::scenes::registry::find;
    use crate::sim::runner::{OverlaySettings, Runner};
    use crate::sim::scene::Setup;
    use crate::sim::scene::WrongScene;
    use crate::steer::neighbors::NeighborMode;
    let (seek, flock) = (find("seek").unwrap(), find("flock").unwrap());
    let settings = OverlaySettings {
        vector_scale: 20.0,
        max_agents: 10,
    };
    let stage = glam::Vec2::new(800.0, 600.0);
    let setup = Setup {
        seed: 1,
        agents: 1,
        variant: 0,
        neighbors: NeighborMode::Grid,
        params: flock.default_params(),
        starts: Default::default(),
    };
    let wrong = Runner::new(seek, stage, &setup, settings).err();
    let parameters = WrongScene {
        scene: "seek",
        what: "parameters",
    };
    assert_eq!(wrong, Some(parameters));
    let own = Setup {
        params: seek.default_params(),
        ..setup.clone()
    };
    let mut runner = Runner::new(seek, stage, &own, settings).expect("its own parameters");
    assert_eq!(
        runner.retune(flock.default_params().as_ref()),
        Err(parameters)
    );
    assert_eq!(
        runner.setup().params.as_ref(),
        seek.default_params().as_ref()
    );
    let past = Setup { variant: 3, ..own };
    let wrong = Runner::new(seek, stage, &past, settings).err();
    assert_eq!(wrong.map(|e| e.what), Some("variant"));
}

#[test]
fn every_look_a_scene_draws_is_named_in_its_role_legend() {
    for decl in SCENES.iter().filter(|e| !e.roles.is_empty()) {
        for variant in decl.variants {
            let mut run = scene_with(decl.name, variant, None);
            for _ in 0..4 {
                run.steps(100);
                for look in run.scene.looks() {
                    assert!(
                        decl.roles.iter().any(|(named, _)| named == look),
                        "{} {variant}: {look:?} is drawn but not in the legend",
                        decl.name
                    );
                }
            }
        }
    }
}

/// The selected agent's neighbourhood: the neighbours ringed are exactly
/// those within the radius, found in the cells drawn (the grid) or among
/// all (brute force), in every crowd scene.
#[test]
fn the_selected_agents_neighborhood_is_what_its_query_found() {
    use crate::steer::neighbors::NeighborMode;
    for scene in ["avoid", "doorway", "leader", "flock", "crossing", "manager"] {
        for mode in [NeighborMode::Grid, NeighborMode::Brute] {
            let mut run = scene_with(
                scene,
                SCENES.iter().find(|e| e.name == scene).unwrap().variants[0],
                Some(200),
            );
            run.search(mode);
            run.scene.select(Some(7));
            run.steps(30);
            let before = run.scene.previous_positions().to_vec();
            let i = run.scene.selected_index().unwrap();
            let looked = run
                .scene
                .looked()
                .expect("a crowd scene says where it looked");
            let shapes = &run.scene.overlay().shapes;
            let of = |m: Meaning| shapes.iter().filter(move |s| s.meaning == m);
            let Some(Geom::Circle { center, radius }) =
                of(Meaning::Neighborhood).map(|s| s.geom).next_back()
            else {
                panic!("{scene}: no neighbourhood circle");
            };
            assert_eq!(
                center, before[i],
                "{scene}: centred where the agent decided"
            );
            let within = (before.iter().enumerate())
                .filter(|&(j, p)| j != i && p.distance_squared(center) <= radius * radius)
                .count();
            assert_eq!(looked.counted, within, "{scene} {mode:?}");
            assert_eq!(of(Meaning::Counted).count(), within, "{scene} {mode:?}");
            assert!(looked.compared >= looked.counted, "{scene} {mode:?}");
            match mode {
                NeighborMode::Grid => {
                    assert!(looked.cells > 0, "{scene}");
                    assert_eq!(of(Meaning::Scanned).count(), looked.cells);
                    assert!(
                        looked.compared < before.len(),
                        "{scene}: the grid compares with fewer"
                    );
                }
                NeighborMode::Brute => {
                    assert_eq!(
                        (looked.cells, looked.compared),
                        (0, before.len()),
                        "{scene}"
                    );
                }
            }
            let lines = run.scene.inspect(7);
            assert!(
                lines.iter().any(|(k, _)| *k == "neighbours counted"),
                "{scene}"
            );
        }
    }
}

/// The chart's series and units come from the declaration: every figure
/// a headline gives is declared with a unit, and a plot holds series of
/// one unit only, so seek's speed (px/tick) is not drawn on the axis of
/// its distance (px).
#[test]
fn every_chart_series_is_declared_and_plotted_with_its_own_unit() {
    for decl in SCENES {
        let mut names: Vec<&'static str> = Vec::new();
        for variant in decl.variants {
            let mut run = scene_with(decl.name, variant, None);
            run.steps(30);
            for &(name, _) in run.scene.headline().iter() {
                assert!(
                    decl.unit_of(name).is_some(),
                    "{} {variant}: the chart's {name:?} has no declared unit",
                    decl.name
                );
                if !names.contains(&name) {
                    names.push(name);
                }
            }
        }
        let plots = decl.plots(names.iter().copied());
        for (unit, series) in &plots {
            for name in series {
                assert_eq!(decl.unit_of(name), Some(*unit), "{}: {name}", decl.name);
            }
        }
        let units: Vec<_> = plots.iter().map(|(u, _)| u).collect();
        let mut distinct = units.clone();
        distinct.dedup();
        assert_eq!(units, distinct, "{}: one plot a unit", decl.name);
        assert_eq!(
            plots.iter().map(|(_, s)| s.len()).sum::<usize>(),
            names.len()
        );
    }
    let seek = SCENES.iter().find(|d| d.name == "seek").unwrap();
    let plots = seek.plots(["speed", "distance to target"]);
    assert_eq!(
        plots,
        [
            ("px/tick", vec!["speed"]),
            ("px", vec!["distance to target"])
        ]
    );
}
