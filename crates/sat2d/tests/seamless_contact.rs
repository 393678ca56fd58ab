//! `contact_with_neighbours`: a shape pressed into a floor of separate pieces placed edge
//! to edge (gaps and overlaps of up to 1e-4) is pushed straight out of the floor by
//! every piece it touches, never sideways out of an edge two pieces share.

mod common;
#[path = "seamless_contact/exact_push.rs"]
mod exact_push;
#[path = "concave_minimality/oracle.rs"]
#[allow(dead_code)]
mod oracle;
#[path = "seamless_contact/walk.rs"]
mod walk;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use sat2d::{Iso, Shape, Vec2};

/// The pressed shapes: a box, a capsule, a circle, a rotated polygon (by index).
fn body(kind: u8, size: f32) -> Shape {
    match kind {
        0 => Shape::rectangle(size, size),
        1 => Shape::capsule(size * 0.5, size),
        2 => Shape::circle(size * 0.5),
        _ => Shape::polygon(&[
            Vec2::new(-0.5, -0.5) * size,
            Vec2::new(0.5, -0.5) * size,
            Vec2::new(0.6, 0.3) * size,
            Vec2::new(0.0, 0.7) * size,
            Vec2::new(-0.6, 0.3) * size,
        ])
        .expect("a convex pentagon"),
    }
}

/// A row of `count` boxes of `side`, tops at y = 0, from x = 0, each shifted by its
/// own small offset (a gap where positive, an overlap where negative).
fn floor(side: f32, offsets: &[f32]) -> Vec<(Shape, Iso)> {
    let mut x = 0.0;
    offsets
        .iter()
        .map(|offset| {
            x += offset;
            let tile = (
                Shape::rectangle(side, side),
                Iso::from_translation(Vec2::new(x + side * 0.5, -side * 0.5)),
            );
            x += side;
            tile
        })
        .collect()
}

/// How far below y = 0 the lowest point of `shape` at `iso` lies.
fn penetration(shape: &Shape, iso: &Iso) -> f32 {
    -shape.aabb(iso).min.y
}

#[test]
fn a_pressed_shape_is_pushed_out_of_the_floor_by_every_piece_it_touches() {
    let mut runner = TestRunner::new_with_rng(
        Config {
            cases: 2_000,
            failure_persistence: None,
            ..Config::default()
        },
        proptest::test_runner::TestRng::deterministic_rng(
            proptest::test_runner::RngAlgorithm::ChaCha,
        ),
    );
    let strategy = (
        0_u8..4,
        4.0_f32..14.0,
        prop::collection::vec(-1e-4_f32..1e-4, 12),
        40.0_f32..140.0,
        0.01_f32..0.45,
    );
    runner
        .run(&strategy, |(kind, size, offsets, x, sink)| {
            let tiles = floor(16.0, &offsets);
            let shape = body(kind, size);
            // Lowest point `sink × size` below the floor's top.
            let mut iso = Iso::from_translation(Vec2::new(x, 0.0));
            iso.translation.y += penetration(&shape, &iso) - sink * size;
            let depth = penetration(&shape, &iso);
            let mut touched = 0;
            for (index, (tile, tile_iso)) in tiles.iter().enumerate() {
                let neighbours: Vec<(&Shape, Iso)> = tiles
                    .iter()
                    .enumerate()
                    .filter(|(other, _)| *other != index)
                    .map(|(_, (shape, iso))| (shape, *iso))
                    .collect();
                let Some(contact) =
                    sat2d::contact_with_neighbours(&shape, &iso, tile, tile_iso, &neighbours)
                else {
                    continue;
                };
                touched += 1;
                prop_assert!(
                    contact.depth > 0.0 && (contact.normal - Vec2::NEG_Y).length() < 1e-3,
                    "tile {index}: normal {} depth {} (sunk {depth})",
                    contact.normal,
                    contact.depth
                );
                // The floor's top is level to 1e-4; the push clears it.
                prop_assert!(
                    (contact.depth - depth).abs() < 2e-3 * size.max(1.0),
                    "tile {index}: depth {} for {depth}",
                    contact.depth
                );
                for point in contact.points() {
                    prop_assert!(
                        tile.aabb(tile_iso).grown(1e-3).contains_point(*point),
                        "tile {index}: point {point} off the tile"
                    );
                }
            }
            prop_assert!(touched >= 1);
            Ok(())
        })
        .unwrap();
}

#[test]
fn alone_the_tile_at_a_seam_pushes_sideways_and_with_its_neighbour_it_does_not() {
    let tiles = floor(16.0, &[0.0, 0.0]);
    let body = Shape::rectangle(12.0, 12.0);
    // 0.5 deep, 0.3 onto the second tile.
    let iso = Iso::from_translation(Vec2::new(16.3 - 6.0, 5.5));
    let (tile, tile_iso) = &tiles[1];
    let alone = sat2d::contact(&body, &iso, tile, tile_iso).unwrap();
    assert_eq!(alone.normal, Vec2::X, "the ghost push this routine removes");
    let (left, left_iso) = &tiles[0];
    let seamless =
        sat2d::contact_with_neighbours(&body, &iso, tile, tile_iso, &[(left, *left_iso)]).unwrap();
    assert!((seamless.normal - Vec2::NEG_Y).length() < 1e-6);
    assert!((seamless.depth - 0.5).abs() < 1e-4);
    // The points are where the body touches this tile.
    assert!(seamless.points().iter().all(|p| p.x >= 16.0 - 1e-4));
}

#[test]
fn without_neighbours_it_is_the_plain_contact_and_apart_is_none() {
    let a = Shape::capsule(3.0, 8.0);
    let b = Shape::rectangle(10.0, 4.0);
    let iso_a = Iso::new(Vec2::new(1.0, 2.0), 0.4);
    let iso_b = Iso::new(Vec2::new(2.0, -2.0), -0.2);
    assert_eq!(
        sat2d::contact_with_neighbours(&a, &iso_a, &b, &iso_b, &[]),
        sat2d::contact(&a, &iso_a, &b, &iso_b)
    );
    // A neighbour A touches does not make a pair A does not touch.
    let far = Iso::from_translation(Vec2::new(100.0, 0.0));
    assert_eq!(
        sat2d::contact_with_neighbours(&a, &iso_a, &b, &far, &[(&b, iso_b)]),
        None
    );
}

#[test]
fn a_corner_of_two_pieces_pushes_out_of_both() {
    // A floor tile and a wall tile standing on it: an L. A box sunk 1 into the floor and
    // 2 into the wall is pushed out of both at once: up 1 and back 2.
    let floor = (
        Shape::rectangle(32.0, 16.0),
        Iso::from_translation(Vec2::new(0.0, -8.0)),
    );
    let wall = (
        Shape::rectangle(16.0, 32.0),
        Iso::from_translation(Vec2::new(24.0, 16.0)),
    );
    let body = Shape::rectangle(10.0, 10.0);
    let iso = Iso::from_translation(Vec2::new(16.0 - 5.0 + 2.0, 4.0));
    for (b, others) in [(&floor, [&wall]), (&wall, [&floor])] {
        let contact = sat2d::contact_with_neighbours(
            &body,
            &iso,
            &b.0,
            &b.1,
            &others.map(|(shape, iso)| (shape, *iso)),
        )
        .unwrap();
        // The normal points from the body into the L; the body moves by -mtv.
        let push = -contact.mtv();
        assert!((push - Vec2::new(-2.0, 1.0)).length() < 1e-3, "{push}");
    }
}
