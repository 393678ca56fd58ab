use super::*;

fn square(center: Vec2) -> Aabb {
    Aabb::from_center_half_extents(center, Vec2::ONE)
}

#[test]
fn merge_keeps_both_lists_in_order() {
    let mut into = vec![(1, 2), (1, 5), (4, 9)];
    merge_sorted(&mut into, &[(0, 3), (1, 3), (7, 8)]);
    assert_eq!(into, [(0, 3), (1, 2), (1, 3), (1, 5), (4, 9), (7, 8)]);
    let mut empty = Vec::new();
    merge_sorted(&mut empty, &[(2, 3)]);
    assert_eq!(empty, [(2, 3)]);
    merge_sorted(&mut empty, &[]);
    assert_eq!(empty, [(2, 3)]);
}

#[test]
fn moving_boxes_meet_only_where_their_paths_cross_in_time() {
    // A box that jumps 100 units right over a box at the origin crosses it.
    let end = square(Vec2::new(50.0, 0.0));
    let wall = square(Vec2::ZERO);
    assert!(boxes_meet_during(&end, Vec2::X * 100.0, &wall, Vec2::ZERO));
    // Passing 3 units above it misses, though the path's box holds the wall's
    // corner region when the path runs diagonally.
    assert!(!boxes_meet_during(
        &end,
        Vec2::X * 100.0,
        &square(Vec2::Y * 3.0),
        Vec2::ZERO
    ));
    let diagonal_end = square(Vec2::new(50.0, 50.0));
    let off_diagonal = square(Vec2::new(40.0, -40.0));
    assert!(!boxes_meet_during(
        &diagonal_end,
        Vec2::splat(100.0),
        &off_diagonal,
        Vec2::ZERO
    ));
    assert!(boxes_meet_during(
        &diagonal_end,
        Vec2::splat(100.0),
        &wall,
        Vec2::ZERO
    ));
    // Crossing paths: both reach the origin half-way through, so they meet; with
    // one of them a step late along its path, they do not.
    let right = square(Vec2::new(50.0, 0.0));
    let up = square(Vec2::new(0.0, 50.0));
    assert!(boxes_meet_during(
        &right,
        Vec2::X * 100.0,
        &up,
        Vec2::Y * 100.0
    ));
    let late = square(Vec2::new(0.0, 0.0));
    assert!(!boxes_meet_during(
        &right,
        Vec2::X * 100.0,
        &late,
        Vec2::Y * 50.0
    ));
    // Boxes that only touch at the end count (closed sets).
    let touching = square(Vec2::new(2.0, 0.0));
    assert!(boxes_meet_during(
        &square(Vec2::ZERO),
        Vec2::X,
        &touching,
        Vec2::ZERO
    ));
}
