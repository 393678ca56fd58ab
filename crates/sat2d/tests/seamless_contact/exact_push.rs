//! The normal of a surface of tiles is settled on a face's where the union's MTV is
//! one only to within the search's slack, and left exact everywhere else: known
//! answers for both, and the depth against the `f64` oracle over random steps of tiles.

use proptest::prelude::*;
use proptest::test_runner::TestRunner;
use sat2d::{Iso, Shape, Vec2};

use crate::common::exact::{self, cores, signed_distance};
use crate::common::{seeded, strategies};
use crate::oracle::minimal_translation_of_pieces;

/// A 16-unit tile whose top edge runs from (x, 0) to (x + 16, 0).
fn tile_at(x: f32) -> (Shape, Iso) {
    (
        Shape::rectangle(16.0, 16.0),
        Iso::from_translation(Vec2::new(x + 8.0, -8.0)),
    )
}

/// The contact of `body` at `iso` with `tile`, the rest of `tiles` its neighbours.
fn contact_with(body: &Shape, iso: &Iso, tiles: &[(Shape, Iso)], tile: usize) -> sat2d::Contact {
    let neighbours: Vec<(&Shape, Iso)> = tiles
        .iter()
        .enumerate()
        .filter(|(index, _)| *index != tile)
        .map(|(_, (shape, iso))| (shape, *iso))
        .collect();
    sat2d::contact_with_neighbours(body, iso, &tiles[tile].0, &tiles[tile].1, &neighbours)
        .expect("the body touches the tile")
}

/// The case: a capsule's round end 0.004 past a seam, 0.01 deep. The corner
/// arc of the left tile's difference passes 2.7e-5 under the right tile's flat face,
/// within the search's slack (3e-5), and its nearest point was the push: tilted by
/// 1.37e-2. Both tiles now push straight up, by the penetration.
#[test]
fn a_capsule_end_just_past_a_seam_is_pushed_straight_up() {
    let tiles = [tile_at(-936.0 - 8.0), tile_at(-920.0 - 8.0)];
    let body = Shape::capsule(0.3, 0.8);
    let iso = Iso::from_translation(Vec2::new(-927.996_03, 0.690_000_3));
    let penetration = -body.aabb(&iso).min.y;
    for tile in 0..2 {
        let contact = contact_with(&body, &iso, &tiles, tile);
        assert!(
            (contact.normal - Vec2::NEG_Y).length() < 1e-6,
            "tile {tile}: {}",
            contact.normal
        );
        assert!(
            (contact.depth - penetration).abs() < 1e-6,
            "{}",
            contact.depth
        );
    }
}

/// A box whose bottom spans a seam, 0.01 deep: the push found on the union's flat face
/// was off sideways by the rounding of the face's far ends (1.9e-6 at x = 32, a tilt
/// of 1.9e-4). It is now the face's normal.
#[test]
fn a_box_over_a_seam_gets_the_faces_normal_not_its_rounding() {
    let tiles = [tile_at(16.0), tile_at(32.0)];
    let body = Shape::rectangle(12.0, 12.0);
    let iso = Iso::from_translation(Vec2::new(32.1, 5.99));
    for tile in 0..2 {
        let contact = contact_with(&body, &iso, &tiles, tile);
        assert!(
            (contact.normal - Vec2::NEG_Y).length() < 1e-6,
            "tile {tile}: {}",
            contact.normal
        );
    }
}

/// Past the end of a floor the corner is real: a circle 0.3 beyond the last tile's
/// top corner and 0.01 deep is pushed away from the corner, tilted by 0.06, as by the
/// last tile alone. (Straight up would clear it too, only 1e-5 longer, within the
/// slack: the corner's own push is the shorter and is kept.)
#[test]
fn a_real_corner_at_the_end_of_a_floor_keeps_its_own_normal() {
    let tiles = [tile_at(-16.0), tile_at(0.0)];
    let body = Shape::circle(5.0);
    let iso = Iso::from_translation(Vec2::new(16.3, 4.99));
    let alone = sat2d::contact(&body, &iso, &tiles[1].0, &tiles[1].1).unwrap();
    assert!(
        alone.normal.x < -0.05,
        "the corner's normal: {}",
        alone.normal
    );
    let contact = contact_with(&body, &iso, &tiles, 1);
    assert!(
        (contact.normal - alone.normal).length() < 1e-5,
        "{} for the corner's {}",
        contact.normal,
        alone.normal
    );
    assert!((contact.depth - alone.depth).abs() < 1e-6);
}

/// Columns of unit tiles `heights` high (0 to 2) on a base row, side by side from x =
/// 0: a floor with steps, edges and inner corners.
fn steps(heights: &[u8]) -> Vec<(Shape, Iso)> {
    heights
        .iter()
        .enumerate()
        .flat_map(|(column, &height)| {
            (-1..i32::from(height)).map(move |row| {
                (
                    Shape::rectangle(1.0, 1.0),
                    Iso::from_translation(Vec2::new(column as f32 + 0.5, row as f32 + 0.5)),
                )
            })
        })
        .collect()
}

/// Over random bodies pressed into random steps of tiles, every touched tile's contact
/// (the other touched tiles its neighbours) has the depth of the exact MTV of all of
/// them (the `f64` oracle, to the concave tests' 1e-4 relative and 1e-5 of the size),
/// and moving the tiles by it leaves each at most touching (within the tolerance):
/// settling the normal never lengthens the push past the slack, nor turns it where
/// two tiles must both be left (an inner corner).
#[test]
fn on_steps_of_tiles_the_depth_is_the_exact_mtvs() {
    let mut runner = TestRunner::new(seeded(200));
    let strategy = (
        strategies::convex_shape(),
        prop::collection::vec(0_u8..3, 8),
        (2.0_f32..6.0, -0.5_f32..2.5, -3.2_f32..3.2),
    );
    runner
        .run(&strategy, |(shape, heights, (x, y, angle))| {
            let body = shape.try_scaled(Vec2::splat(0.4)).unwrap();
            let iso = Iso::new(Vec2::new(x, y), angle);
            let tiles: Vec<(Shape, Iso)> = steps(&heights)
                .into_iter()
                .filter(|(tile, tile_iso)| sat2d::intersects(&body, &iso, tile, tile_iso))
                .collect();
            let pieces: Vec<(&Shape, Iso)> = tiles.iter().map(|(tile, iso)| (tile, *iso)).collect();
            let size = exact::size(&body, &tiles.first().map_or(body.clone(), |t| t.0.clone()));
            let deepest = tiles
                .iter()
                .map(|(tile, tile_iso)| exact::deepest_overlap(&body, &iso, tile, tile_iso))
                .fold(f64::NEG_INFINITY, f64::max);
            prop_assume!(deepest > 1e-3 * size);
            let minimal = minimal_translation_of_pieces(&body, &iso, &pieces).length();
            for index in 0..tiles.len() {
                let contact = contact_with(&body, &iso, &tiles, index);
                let depth = f64::from(contact.depth);
                prop_assert!(
                    (depth - minimal).abs() <= 1e-4 * minimal + 1e-5 * size,
                    "tile {index}: depth {depth}, the exact MTV {minimal}"
                );
                let tolerance = f64::from(sat2d::tolerance(&body, &tiles[index].0));
                for (tile, tile_iso) in &tiles {
                    let mut moved = *tile_iso;
                    moved.translation += contact.mtv();
                    for part_a in cores(&body, &iso) {
                        for part_b in cores(tile, &moved) {
                            let distance = signed_distance(&part_a, &part_b);
                            prop_assert!(
                                distance >= -tolerance,
                                "tile {index}'s push leaves a tile {distance} deep"
                            );
                        }
                    }
                }
            }
            Ok(())
        })
        .unwrap();
}
