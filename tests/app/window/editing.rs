//! End to end, editing the scene as a person does, in the real window
//! under Xvfb (see mod.rs): dragging, adding and removing path nodes and
//! agents.

use super::editing_support::{blob, close, near, node_at, numbers, world_per_px};
use super::support::{AGENT, PATH_DISC, SCREEN, centroid, launch, screen_in, screen_of, selected};
use image::RgbaImage;

/// Patrol's path, as a person edits it: a node dragged lands where it was
/// dropped and its disc goes with it; A on a segment's middle adds a
/// node there, X takes it away; a restart and another variant keep the
/// moved node; and a path keeps two nodes whatever X is pressed on.
#[test]
fn patrol_nodes_drag_add_remove_and_stay_through_a_restart() {
    let Some((_reaper, s)) = launch(&["--scene", "patrol"], "scene patrol", SCREEN) else {
        return;
    };
    // The shipped path's nodes, each where the layout puts it.
    let lines = s.expect_node_lines("patrol");
    let nodes: Vec<_> = lines
        .iter()
        .enumerate()
        .map(|(i, l)| node_at(l, i))
        .collect();
    let shipped = [
        (100.0, 500.0),
        (220.0, 150.0),
        (400.0, 420.0),
        (580.0, 130.0),
        (700.0, 480.0),
    ];
    for (&(world, on), want) in nodes.iter().zip(shipped) {
        assert_eq!(world, want, "the node lines carry the shipped path");
        let (x, y) = screen_of(world.0, world.1);
        assert!(
            (on.0 - x).abs() <= 1 && (on.1 - y).abs() <= 1,
            "a node at {on:?} on screen, the layout puts it at ({x}, {y})"
        );
    }
    assert_eq!(nodes.len(), 5, "{lines:?}");
    s.wait_drawn();
    let discs = |img: &RgbaImage, at| near(img, at, 14, PATH_DISC, 3);

    // Drag node 1 80 px to the right: it lands there, its disc with it.
    let (old, new) = (nodes[1].1, (nodes[1].1.0 + 80, nodes[1].1.1));
    let before = s.shot("edit-patrol-before");
    s.drag(old, new);
    let line = s.expect_prefix("node 1 ");
    let want = (nodes[1].0.0 + 80.0 * world_per_px(), nodes[1].0.1);
    assert!(
        close(&numbers(&line, 2), want, 1.5),
        "{line:?}: wanted node 1 near {want:?}"
    );
    let after = s.shot("edit-patrol-dragged");
    let (b, a) = (
        [discs(&before, old), discs(&before, new)],
        [discs(&after, old), discs(&after, new)],
    );
    assert!(
        b[0] > 300 && b[1] < 50 && a[0] < 50 && a[1] > 300,
        "the disc moves with the node: disc px at the old and new place, before {b:?}, after {a:?}"
    );

    // A on the middle of the segment from node 2 to node 3 inserts node 3
    // there; X on it takes it away.
    let ((wa, sa), (wb, sb)) = (nodes[2], nodes[3]);
    let mid = ((sa.0 + sb.0) / 2, (sa.1 + sb.1) / 2);
    let mid_world = ((wa.0 + wb.0) / 2.0, (wa.1 + wb.1) / 2.0);
    s.point(mid);
    s.key("a");
    let line = s.expect_prefix("node 3 added ");
    assert!(
        close(&numbers(&line, 3), mid_world, 1.5),
        "{line:?}: wanted it at {mid_world:?}"
    );
    let with = s.shot("edit-patrol-added");
    s.key("x");
    s.expect("node 3 removed");
    let without = s.shot("edit-patrol-removed");
    let (d_with, d_without) = (discs(&with, mid), discs(&without, mid));
    assert!(
        d_with > 300 && d_without < 50,
        "a disc at the added node, gone when removed: {d_with} -> {d_without} px"
    );

    // A restart and another variant keep the edited path (node lines
    // come only when a scene starts, so the picture tells).
    for (key, line) in [("r", "reset"), ("v", "variant loop")] {
        s.key(key);
        s.expect(line);
        let img = s.shot(&format!("edit-patrol-{key}"));
        let (d_old, d_new) = (discs(&img, old), discs(&img, new));
        assert!(
            d_old < 50 && d_new > 300,
            "after {key} node 1 stays moved: disc px at the old place {d_old}, at the new {d_new}"
        );
    }

    // X takes nodes 4, 3 and 2; the last two stay.
    for i in [4, 3, 2] {
        s.point(nodes[i].1);
        s.key("x");
        s.expect(&format!("node {i} removed"));
    }
    s.point(nodes[0].1);
    s.key("x");
    s.expect("node 0 kept: a path keeps at least 2 nodes");
    let two = s.shot("edit-patrol-two");
    let left: Vec<usize> = nodes.iter().map(|n| discs(&two, n.1)).collect();
    assert!(
        left[0] > 300 && left[1..].iter().all(|&d| d < 50) && discs(&two, new) > 300,
        "two discs left, at node 0 and the moved node 1: {left:?} and {}",
        discs(&two, new)
    );
}

/// A press picks a path node within 12 px (world) of its centre, and
/// before an agent standing on it; further off it is a click on the stage.
#[test]
fn a_press_picks_a_path_node_within_12_px_and_before_an_agent() {
    let Some((_reaper, s)) = launch(&["--scene", "patrol"], "scene patrol", SCREEN) else {
        return;
    };
    let lines = s.expect_node_lines("patrol");
    let nodes: Vec<_> = lines
        .iter()
        .enumerate()
        .map(|(i, l)| node_at(l, i))
        .collect();
    s.wait_drawn();
    // Paused, the agents stay where they are; two nodes have none near.
    s.key("space");
    s.expect("paused");
    let img = s.shot("pick-paused");
    let free: Vec<usize> = (0..nodes.len())
        .filter(|&i| near(&img, nodes[i].1, 40, AGENT, 20) == 0)
        .collect();
    assert!(
        free.len() >= 2,
        "3 agents, 5 nodes: {free:?} have no agent near"
    );
    let (a, b) = (free[0], free[1]);
    let px = 1.0 / world_per_px();
    let moved = |i: usize, dy: i32| (nodes[i].0.0, nodes[i].0.1 + dy as f32 / px);

    // An agent dragged onto node a; a press there takes the node.
    let agent = blob(&img, AGENT, 20).expect("an agent on the stage");
    s.drag(agent, nodes[a].1);
    let id = s.expect_prefix("select ")["select ".len()..].to_string();
    s.expect_prefix(&format!("agent {id} "));
    // Deselected, the column closes and the stage is back where the nodes
    // were announced.
    s.key("Escape");
    s.expect("deselect");
    let (at, to) = (nodes[a].1, (nodes[a].1.0, nodes[a].1.1 + 40));
    s.drag(at, to);
    let line = s.expect_prefix(&format!("node {a} "));
    assert!(close(&numbers(&line, 2), moved(a, 40), 1.5), "{line:?}");

    // 10 px off node b's centre, a press takes it (where it was held);
    // 16 px off, a click shows the forces.
    let off = |d: f32| (nodes[b].1.0 + (d * px).round() as i32, nodes[b].1.1);
    let (at, to) = (off(10.0), (off(10.0).0, off(10.0).1 - 40));
    s.drag(at, to);
    let line = s.expect_prefix(&format!("node {b} "));
    assert!(close(&numbers(&line, 2), moved(b, -40), 1.5), "{line:?}");
    s.point(off(16.0));
    s.tool("xdotool", &["click", "--window", &s.window, "1"]);
    s.expect("forces on");
}

/// N adds an agent at the pointer, a drag moves it, Delete removes it;
/// the last agent of the crowd stays.
#[test]
fn agents_are_added_dragged_and_removed_at_the_pointer() {
    let Some((_reaper, s)) = launch(&["--scene", "seek"], "scene seek", SCREEN) else {
        return;
    };
    s.wait_drawn();
    // Seek's agents walk to the pointer: paused, they stay where they are.
    s.key("space");
    s.expect("paused");
    let spot = (200.0, 450.0);
    let at = screen_of(spot.0, spot.1);
    let blue = |img: &RgbaImage, at| near(img, at, 20, AGENT, 20);
    s.point(at);
    let empty = s.shot("agents-empty");
    s.key("n");
    let line = s.expect_prefix("agent added 1 ");
    assert!(
        close(&numbers(&line, 3), spot, 1.5),
        "{line:?}: wanted it at {spot:?}"
    );
    let one_more = s.shot("agents-added");
    let (b0, b1) = (blue(&empty, at), blue(&one_more, at));
    assert!(
        b0 < 5 && b1 > 20,
        "an agent appears at the pointer: {b0} -> {b1} px"
    );

    let to = (at.0 + 80, at.1);
    s.drag(at, to);
    s.expect("select 1");
    let line = s.expect_prefix("agent 1 ");
    let want = (spot.0 + 80.0 * world_per_px(), spot.1);
    assert!(
        close(&numbers(&line, 2), want, 1.5),
        "{line:?}: wanted it near {want:?}"
    );
    // Selected, its readout opens and the stage moves aside: the agent is
    // looked for where the dragged-to point now is.
    let moved = s.shot("agents-dragged");
    let from = screen_in(selected(), spot.0, spot.1);
    let there = screen_in(selected(), want.0, want.1);
    let (left, right) = (blue(&moved, from), blue(&moved, there));
    assert!(
        left < 5 && right > 20,
        "the agent moved: {left} px left, {right} px there"
    );

    s.point(there);
    s.key("Delete");
    s.expect("agent removed 1");
    let removed = s.shot("agents-removed");
    let gone = blue(&removed, to);
    assert!(gone < 5, "the agent is gone: {gone} px");

    // The one agent left is the fewest seek has.
    let (x, y) = centroid(&removed, AGENT, 20).expect("seek's own agent");
    s.point((x as i32, y as i32));
    s.key("Delete");
    s.expect("agent 0 kept: 1 is the fewest");
}
