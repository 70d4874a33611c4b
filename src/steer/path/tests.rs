//! Path following's tests, by hand-computed points and forces.

use super::*;

#[test]
fn projection_seeks_ahead_of_the_normal_point_only_off_the_road() {
    // A road along the x axis, radius 10. Moving right at 2 from
    // (0, 8) toward +y too: the prediction 25 ahead along (0.6, 0.8)
    // is (15, 28), 28 off the path; its normal point (15, 0), and the
    // target 10 further along, (25, 0).
    let nodes = [Vec2::ZERO, Vec2::new(100.0, 0.0)];
    let v = Vec2::new(0.6, 0.8) * 2.0;
    let p = follow_by_projection(
        Vec2::new(0.0, 8.0),
        v,
        (&nodes, false),
        10.0,
        (25.0, 10.0),
        3.0,
    );
    assert!(p.predicted.abs_diff_eq(Vec2::new(15.0, 28.0), 1e-4));
    assert!(p.normal.abs_diff_eq(Vec2::new(15.0, 0.0), 1e-4));
    assert!(p.target.abs_diff_eq(Vec2::new(25.0, 0.0), 1e-4));
    assert!(p.off_road);
    let desired = (Vec2::new(25.0, -8.0)).normalize() * 3.0;
    assert!(p.force.abs_diff_eq(desired - v, 1e-4), "{}", p.force);
    // Heading along the road: the prediction stays on it, no opinion.
    let on = follow_by_projection(
        Vec2::new(0.0, 5.0),
        Vec2::X * 2.0,
        (&nodes, false),
        10.0,
        (25.0, 10.0),
        3.0,
    );
    assert!(!on.off_road);
    assert_eq!(on.force, Vec2::ZERO);
}

#[test]
fn projection_takes_the_nearest_segment_and_the_closing_one() {
    let square = [
        Vec2::ZERO,
        Vec2::new(100.0, 0.0),
        Vec2::new(100.0, 100.0),
        Vec2::new(0.0, 100.0),
    ];
    // Near the left side, which only the closed path has.
    let at = Vec2::new(-30.0, 50.0);
    let open = follow_by_projection(at, Vec2::ZERO, (&square, false), 5.0, (0.0, 10.0), 3.0);
    let closed = follow_by_projection(at, Vec2::ZERO, (&square, true), 5.0, (0.0, 10.0), 3.0);
    assert!(closed.normal.abs_diff_eq(Vec2::new(0.0, 50.0), 1e-4));
    assert!(
        closed.target.abs_diff_eq(Vec2::new(0.0, 40.0), 1e-4),
        "along last to first"
    );
    // Near the end of the last side, the target turns the corner.
    let corner = follow_by_projection(
        Vec2::new(-20.0, 5.0),
        Vec2::ZERO,
        (&square, true),
        5.0,
        (0.0, 10.0),
        3.0,
    );
    assert!(corner.normal.abs_diff_eq(Vec2::new(0.0, 5.0), 1e-4));
    assert!(
        corner.target.abs_diff_eq(Vec2::new(5.0, 0.0), 1e-4),
        "{}",
        corner.target
    );
    assert!(open.normal.distance(at) > closed.normal.distance(at));
}

fn square() -> [Vec2; 4] {
    [
        Vec2::ZERO,
        Vec2::new(100.0, 0.0),
        Vec2::new(100.0, 100.0),
        Vec2::new(0.0, 100.0),
    ]
}

#[test]
fn a_point_is_located_by_its_nearest_point_of_the_path() {
    let sq = square();
    let on = locate(Vec2::new(105.0, 50.0), (&sq, true));
    assert_eq!(on.point, Vec2::new(100.0, 50.0));
    assert_eq!((on.along, on.distance), (150.0, 5.0));
    assert_eq!(on.tangent, Vec2::Y);
    // The closing side, walked last, from (0, 100) up to (0, 0).
    let back = locate(Vec2::new(-2.0, 30.0), (&sq, true));
    assert_eq!((back.along, back.tangent), (370.0, -Vec2::Y));
    assert_eq!(
        (path_length(&sq, true), path_length(&sq, false)),
        (400.0, 300.0)
    );
}

/// Along the square's first side, from (50, 0) at 2 px/tick, looking
/// 20 px ahead, the target 10 px on, top speed 3, road radius 5.
fn walk(velocity: Vec2, forward: bool) -> Projection {
    let sq = square();
    let at = Vec2::new(50.0, 0.0);
    follow_by_projection_directed(at, velocity, (&sq, true), 5.0, (20.0, 10.0), 3.0, forward)
}

#[test]
fn directed_projection_turns_round_an_agent_facing_the_wrong_way() {
    // Its own way, on the road: no opinion.
    let own = walk(Vec2::X * 2.0, true);
    assert_eq!(
        (own.predicted, own.target),
        (Vec2::new(70.0, 0.0), Vec2::new(80.0, 0.0))
    );
    assert!(!own.wrong_way && !own.off_road);
    assert_eq!(own.force, Vec2::ZERO);
    // Walking back, it faces the wrong way: seek 10 px back from where
    // it stands, (40, 0): desired (-3, 0) less the velocity (2, 0).
    let back = walk(Vec2::X * 2.0, false);
    assert!(back.wrong_way && !back.off_road);
    assert_eq!(
        (back.target, back.force),
        (Vec2::new(40.0, 0.0), Vec2::new(-5.0, 0.0))
    );
    // Standing still it faces no way: it sets off its own way.
    let still = walk(Vec2::ZERO, false);
    assert!(still.wrong_way);
    assert_eq!(still.force, Vec2::new(-3.0, 0.0));
}

#[test]
fn directed_projection_walks_across_the_start_of_a_closed_path() {
    // At (0, 5), 395 px along, heading up past the start: the
    // prediction (0, -15) is at 0, a step of 5 forward, not 395 back;
    // it is 15 px off the road, so the agent seeks (10, 0).
    let sq = square();
    let (at, v) = (Vec2::new(0.0, 5.0), Vec2::new(0.0, -2.0));
    let p = follow_by_projection_directed(at, v, (&sq, true), 5.0, (20.0, 10.0), 3.0, true);
    assert!(!p.wrong_way && p.off_road);
    assert_eq!((p.normal, p.target), (Vec2::ZERO, Vec2::new(10.0, 0.0)));
    let desired = Vec2::new(10.0, -5.0).normalize() * 3.0;
    assert!(p.force.abs_diff_eq(desired - v, 1e-5), "{}", p.force);
}

fn nodes() -> Vec<Vec2> {
    vec![
        Vec2::new(0.0, 0.0),
        Vec2::new(100.0, 0.0),
        Vec2::new(100.0, 100.0),
    ]
}

#[test]
fn advances_only_within_the_radius() {
    let n = nodes();
    let mut f = PathFollower::new(1, true);
    assert!(
        !f.advance(&n, Vec2::new(80.0, 0.0), 10.0, PathMode::Patrol)
            .reached
    );
    assert_eq!(f.current, 1);
    assert!(
        f.advance(&n, Vec2::new(95.0, 0.0), 10.0, PathMode::Patrol)
            .reached
    );
    assert_eq!(f.current, 2);
}

#[test]
fn patrol_turns_back_at_both_ends() {
    let n = nodes();
    let mut f = PathFollower::new(2, true);
    let e = f.advance(&n, n[2], 10.0, PathMode::Patrol);
    assert!(e.reversed);
    assert_eq!((f.current, f.forward), (1, false));
    f.advance(&n, n[1], 10.0, PathMode::Patrol);
    let e = f.advance(&n, n[0], 10.0, PathMode::Patrol);
    assert!(e.reversed);
    assert_eq!((f.current, f.forward), (1, true));
}

#[test]
fn loop_wraps_and_once_finishes() {
    let n = nodes();
    let mut f = PathFollower::new(2, true);
    f.advance(&n, n[2], 10.0, PathMode::Loop);
    assert_eq!(f.current, 0);
    let mut g = PathFollower::new(2, true);
    g.advance(&n, n[2], 10.0, PathMode::Once);
    assert!(g.finished);
    assert_eq!(g.current, 2);
    assert!(!g.advance(&n, n[2], 10.0, PathMode::Once).reached);
}

#[test]
fn once_arrives_on_the_last_node() {
    let n = nodes();
    let f = PathFollower::new(2, true);
    // 50 px from the last node with a 200 px slowing radius: quarter speed.
    let force = follow_path(
        Vec2::new(100.0, 50.0),
        Vec2::ZERO,
        &n,
        &f,
        PathMode::Once,
        4.0,
        200.0,
    );
    assert!((force - Vec2::new(0.0, 1.0)).length() < 1e-5);
    let patrol = follow_path(
        Vec2::new(100.0, 50.0),
        Vec2::ZERO,
        &n,
        &f,
        PathMode::Patrol,
        4.0,
        200.0,
    );
    assert!((patrol - Vec2::new(0.0, 4.0)).length() < 1e-5);
}

#[test]
fn polyline_distance() {
    let n = nodes();
    assert!((distance_to_polyline(Vec2::new(50.0, 7.0), &n, false) - 7.0).abs() < 1e-5);
    assert!((distance_to_polyline(Vec2::new(-3.0, -4.0), &n, false) - 5.0).abs() < 1e-5);
    // The closing segment (100,100)-(0,0) passes near (40, 50).
    let open = distance_to_polyline(Vec2::new(40.0, 50.0), &n, false);
    let closed = distance_to_polyline(Vec2::new(40.0, 50.0), &n, true);
    assert!(closed < open);
    assert!(distance_to_polyline(Vec2::ONE, &[], false).is_infinite());
    assert!(distance_to_segment(Vec2::ONE, Vec2::ZERO, Vec2::ZERO).is_finite());
}
