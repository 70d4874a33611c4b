//! Editing with the mouse, without a window: every edit gives its event
//! line, and the scene's start keeps it through R, V and the split view.

use super::super::tests::app_on;
use super::super::*;

/// The positions of the agents, by id.
fn by_id(app: &App) -> Vec<Vec2> {
    let crowd = app.scene().crowd();
    (0..crowd.len())
        .map(|id| crowd.positions()[crowd.index_of(id).unwrap()])
        .collect()
}

fn props(app: &App) -> Vec<Vec2> {
    app.scene()
        .props()
        .unwrap()
        .items
        .iter()
        .map(|p| p.at)
        .collect()
}

#[test]
fn an_obstacle_drags_adds_and_removes_and_survives_a_variant_switch() {
    let mut app = app_on("avoid");
    let center = props(&app)[0];
    app.point_at(center);
    assert_eq!(
        app.apply(Action::Press),
        None,
        "a press on an obstacle grabs it"
    );
    assert!(!app.show_forces);
    let moved = center + Vec2::new(100.0, 0.0);
    app.point_at(moved);
    assert_eq!(props(&app)[0], moved, "it follows the pointer, live");
    let dropped = app.apply(Action::Release);
    assert_eq!(
        dropped,
        Some(format!("obstacle 0 {:.1} {:.1}", moved.x, moved.y))
    );
    // A press on empty stage still toggles the forces.
    app.point_at(Vec2::new(5.0, 5.0));
    assert_eq!(app.apply(Action::Press).as_deref(), Some("forces on"));
    assert_eq!(app.apply(Action::Release), None);
    let count = props(&app).len();
    assert_eq!(
        app.apply(Action::AddProp),
        Some(format!("obstacle {count} added 5.0 5.0"))
    );
    assert_eq!(
        app.apply(Action::RemoveProp),
        Some(format!("obstacle {count} removed"))
    );
    assert_eq!(
        app.apply(Action::RemoveProp),
        None,
        "nothing under the pointer"
    );
    app.apply(Action::NextVariant);
    assert_eq!(props(&app)[0], moved, "the layout is part of the start");
    app.apply(Action::Reset);
    assert_eq!(props(&app)[0], moved);
    assert_eq!(
        app_on("seek").apply(Action::AddProp),
        None,
        "seek has no props"
    );
}

#[test]
fn patrol_nodes_drag_add_on_a_segment_and_remove_down_to_two() {
    let mut app = app_on("patrol");
    let nodes = props(&app);
    app.point_at(nodes[0]);
    app.apply(Action::Press);
    let to = nodes[0] + Vec2::new(12.0, -30.5);
    app.point_at(to);
    assert_eq!(
        app.apply(Action::Release),
        Some(format!("node 0 {:.1} {:.1}", to.x, to.y))
    );
    // A node on the first segment's middle goes in after node 0.
    let middle = (to + nodes[1]) * 0.5;
    app.point_at(middle);
    assert_eq!(
        app.apply(Action::AddProp),
        Some(format!("node 1 added {:.1} {:.1}", middle.x, middle.y))
    );
    assert_eq!(props(&app)[1], middle);
    assert_eq!(props(&app).len(), nodes.len() + 1);
    // The agents walk the edited path: none is lost, no NaN.
    for _ in 0..120 {
        app.advance(1.0 / 60.0, middle);
    }
    assert!(
        app.scene()
            .crowd()
            .positions()
            .iter()
            .all(|p| p.is_finite())
    );
    // Remove down to two; the last two stay.
    while props(&app).len() > 2 {
        let last = *props(&app).last().unwrap();
        app.point_at(last);
        let n = props(&app).len() - 1;
        assert_eq!(
            app.apply(Action::RemoveProp),
            Some(format!("node {n} removed"))
        );
    }
    app.point_at(props(&app)[1]);
    let kept = app.apply(Action::RemoveProp).unwrap();
    assert!(
        kept.contains("kept") && kept.contains("at least 2"),
        "{kept}"
    );
    for _ in 0..120 {
        app.advance(1.0 / 60.0, middle);
    }
    assert!(
        app.scene()
            .crowd()
            .positions()
            .iter()
            .all(|p| p.is_finite())
    );
}

#[test]
fn a_dragged_agent_starts_where_it_was_dropped_after_r_v_and_in_both_panes() {
    let mut app = app_on("pursuit");
    for _ in 0..30 {
        app.advance(1.0 / 60.0, Vec2::ZERO);
    }
    let id = 2;
    let from = by_id(&app)[id];
    app.point_at(from);
    assert_eq!(app.apply(Action::Press), Some(format!("select {id}")));
    let to = Vec2::new(123.0, 234.5);
    app.point_at(to);
    assert_eq!(by_id(&app)[id], to);
    assert_eq!(
        app.apply(Action::Release),
        Some(format!("agent {id} 123.0 234.5"))
    );
    assert_eq!(
        app.scene().selected(),
        Some(id),
        "the agent moved stays selected"
    );
    app.apply(Action::Reset);
    assert_eq!(app.scene().tick(), 0);
    assert_eq!(by_id(&app)[id], to, "R starts it where it was dropped");
    app.apply(Action::NextVariant);
    assert_eq!(by_id(&app)[id], to, "so does another variant");
    app.apply(Action::ToggleCompare);
    let right = &app.compared().unwrap().runner;
    let crowd = right.crowd();
    assert_eq!(
        crowd.positions()[crowd.index_of(id).unwrap()],
        to,
        "and the split view"
    );
    // A click that does not move an agent only selects it.
    app.point_at(to);
    app.apply(Action::Press);
    assert_eq!(app.apply(Action::Release), None);
}

#[test]
fn a_link_leaves_out_a_placed_agent_the_lowered_count_has_dropped() {
    let mut app = app_on("flock");
    let last = app.scene().crowd().len() - 1;
    app.point_at(by_id(&app)[last]);
    app.apply(Action::Press);
    app.point_at(Vec2::new(40.0, 50.0));
    app.apply(Action::Release);
    assert!(app.link().ends_with(&format!("&starts={last},40,50")));
    app.apply(Action::Agents(-1));
    assert!(app.scene().crowd().len() <= last);
    assert!(!app.link().contains("starts"), "{}", app.link());
    assert!(app.kept_setup().starts.is_empty());
    // The start is kept: the count raised again puts the agent back.
    app.apply(Action::Agents(1));
    assert_eq!(by_id(&app)[last], Vec2::new(40.0, 50.0));
}

#[test]
fn agents_are_added_at_the_pointer_and_removed_from_the_crowd_only() {
    let mut app = app_on("pursuit");
    let before = by_id(&app);
    let pursuers = app.setup().agents;
    let at = Vec2::new(300.0, 200.0);
    app.point_at(at);
    // Target, pursuers, then evaders: the new pursuer joins the pursuers.
    let number = 1 + pursuers;
    assert_eq!(
        app.apply(Action::AddAgent),
        Some(format!("agent added {number} 300.0 200.0"))
    );
    let after = by_id(&app);
    assert_eq!(app.setup().agents, pursuers + 1);
    assert_eq!(after.len(), before.len() + 1);
    assert_eq!(after[number], at);
    assert_eq!(
        after[..number],
        before[..number],
        "the others start as before"
    );
    assert_eq!(after[number + 1..], before[number..], "the evaders too");
    assert_eq!(
        app.scene().looks()[number],
        crate::sim::crowd::Look::Pursuer
    );
    // The target is not one of the crowd.
    app.point_at(after[0]);
    let kept = app.apply(Action::RemoveAgent).unwrap();
    assert!(kept.contains("kept"), "{kept}");
    // Remove pursuer 1: the rest keep their places.
    app.point_at(after[1]);
    assert_eq!(
        app.apply(Action::RemoveAgent).as_deref(),
        Some("agent removed 1")
    );
    let removed = by_id(&app);
    assert_eq!(removed.len(), after.len() - 1);
    assert_eq!(removed[0], after[0]);
    assert_eq!(removed[1..], after[2..]);
    // R keeps the crowd as edited.
    app.apply(Action::Reset);
    assert_eq!(by_id(&app), removed);
}

#[test]
fn adding_an_agent_works_in_every_scene() {
    for scene in crate::scenes::registry::names() {
        let mut app = app_on(scene);
        let n = app.scene().crowd().len();
        let at = app.scene().stage() * Vec2::new(0.3, 0.6);
        app.point_at(at);
        let event = app.apply(Action::AddAgent).unwrap();
        assert!(event.starts_with("agent added"), "{scene}: {event}");
        assert_eq!(app.scene().crowd().len(), n + 1, "{scene}");
        let number: usize = event.split(' ').nth(2).unwrap().parse().unwrap();
        assert_eq!(by_id(&app)[number], at, "{scene}");
        for _ in 0..30 {
            app.advance(1.0 / 60.0, at);
        }
        assert!(
            app.scene()
                .crowd()
                .positions()
                .iter()
                .all(|p| p.is_finite()),
            "{scene}"
        );
    }
}

#[test]
fn the_walls_room_is_reshaped_by_its_corners() {
    let mut app = app_on("walls");
    let corners = props(&app);
    assert_eq!(corners.len(), 8);
    // Drag the notch's corner up: the room changes live, and stays.
    app.point_at(corners[4]);
    assert_eq!(app.apply(Action::Press), None, "a corner is grabbed");
    let to = corners[4] - Vec2::new(0.0, 100.0);
    app.point_at(to);
    assert_eq!(
        app.apply(Action::Release),
        Some(format!("corner 4 {:.1} {:.1}", to.x, to.y))
    );
    for _ in 0..60 {
        app.advance(1.0 / 60.0, to);
    }
    app.apply(Action::Reset);
    assert_eq!(props(&app)[4], to);
    // A corner added on a wall, removed down to three.
    let middle = (corners[0] + corners[1]) * 0.5;
    app.point_at(middle);
    assert_eq!(
        app.apply(Action::AddProp),
        Some(format!("corner 1 added {:.1} {:.1}", middle.x, middle.y))
    );
    while props(&app).len() > 3 {
        let last = *props(&app).last().unwrap();
        app.point_at(last);
        assert!(app.apply(Action::RemoveProp).unwrap().ends_with("removed"));
    }
    app.point_at(props(&app)[0]);
    let kept = app.apply(Action::RemoveProp).unwrap();
    assert!(kept.contains("at least 3 corners"), "{kept}");
    for _ in 0..120 {
        app.advance(1.0 / 60.0, to);
    }
    assert!(
        app.scene()
            .crowd()
            .positions()
            .iter()
            .all(|p| p.is_finite())
    );
}
