//! Ray casts, shape casts and overlaps against a moved and rotated tile level name
//! the solid cells they touch.

use std::collections::BTreeSet;

use bevy::ecs::system::RunSystemOnce;
use bevy::prelude::*;
use bevy_sat2d::prelude::*;

use super::{CELL, LEVEL, assert_touches, startup_level, text_grid, tile_app};

/// The level's placement: moved and turned by half a radian.
fn level_iso() -> Iso {
    Iso::new(Vec2::new(30.0, -20.0), 0.5)
}

fn rotated_level(app: &mut App) -> Entity {
    let iso = level_iso();
    let transform = Transform::from_translation(iso.translation.extend(0.0))
        .with_rotation(Quat::from_rotation_z(0.5));
    startup_level(app, text_grid(LEVEL), transform)
}

/// Columns to probe, in the level's frame: cell centres, inner cell lines, and
/// between (not the grid's outer edges, which a ray would only graze).
fn probe_columns() -> impl Iterator<Item = f32> {
    (1..12 * 4).map(|quarter| quarter as f32 * CELL * 0.25)
}

#[test]
fn rays_down_onto_a_rotated_level_name_the_solid_cells_they_hit() {
    let mut app = tile_app();
    let level = rotated_level(&mut app);
    let iso = level_iso();
    let down = Dir2::new(iso.transform_vector(Vec2::NEG_Y)).unwrap();
    let mut hits = 0;
    for x in probe_columns() {
        let origin = iso.transform_point(Vec2::new(x, 100.0));
        let found = app
            .world_mut()
            .run_system_once(move |query: SpatialQuery, cells: TileCells| {
                let (entity, hit) = query.cast_ray(origin, down, 300.0, &QueryFilter::default())?;
                Some((
                    cells.ray_cell(entity, &hit).expect("a tile collider"),
                    hit.point,
                ))
            })
            .unwrap();
        let (cell, point) = found.expect("every column has floor under it");
        assert_eq!(cell.level, level);
        assert_touches(&app, cell, point);
        hits += 1;
    }
    assert_eq!(hits, 47);
}

#[test]
fn rays_into_a_wall_name_the_cell_they_enter() {
    let mut app = tile_app();
    rotated_level(&mut app);
    let iso = level_iso();
    // Right, into the right post's left face at local x = 176: through row 2, along
    // the line between rows 2 and 3 (either cell touches the point), through row 3.
    let rows = [
        (40.0, Some(UVec2::new(11, 2))),
        (48.0, None),
        (56.0, Some(UVec2::new(11, 3))),
    ];
    for (y, expected) in rows {
        let origin = iso.transform_point(Vec2::new(140.0, y));
        let right = Dir2::new(iso.transform_vector(Vec2::X)).unwrap();
        let found = app
            .world_mut()
            .run_system_once(move |query: SpatialQuery, cells: TileCells| {
                let (entity, hit) =
                    query.cast_ray(origin, right, 100.0, &QueryFilter::default())?;
                Some((cells.ray_cell(entity, &hit)?, hit.point))
            })
            .unwrap();
        let (cell, point) = found.expect("the ray meets the level");
        assert_touches(&app, cell, point);
        if let Some(expected) = expected {
            assert_eq!(cell.cell, expected);
        }
    }
}

#[test]
fn shape_casts_onto_a_rotated_level_name_the_solid_cells_they_hit() {
    let mut app = tile_app();
    rotated_level(&mut app);
    let iso = level_iso();
    let block = Shape::rectangle(6.0, 6.0);
    let motion = iso.transform_vector(Vec2::new(0.0, -300.0));
    for x in probe_columns() {
        let start = Iso {
            translation: iso.transform_point(Vec2::new(x, 100.0)),
            rotation: iso.rotation,
        };
        let block = block.clone();
        let found = app
            .world_mut()
            .run_system_once(move |query: SpatialQuery, cells: TileCells| {
                let filter = QueryFilter::default();
                let (entity, hit) = query.cast_shape(&block, &start, motion, &filter)?;
                Some((
                    cells.shape_cast_cell(entity, &hit).expect("a tile"),
                    hit.point,
                ))
            })
            .unwrap();
        let (cell, point) = found.expect("every column has floor under it");
        assert_touches(&app, cell, point);
    }
}

#[test]
fn overlaps_name_every_solid_cell_the_shape_touches() {
    let mut app = tile_app();
    let level = rotated_level(&mut app);
    let iso = level_iso();
    let grid = app.world().get::<TileLevel>(level).unwrap().grid().clone();
    let cell_box = Shape::rectangle(CELL, CELL);
    let mut rng = fastrand::Rng::with_seed(11);
    let mut found_any = 0;
    for _ in 0..200 {
        let local = Vec2::new(rng.f32() * 200.0 - 8.0, rng.f32() * 72.0 - 8.0);
        let radius = 2.0 + rng.f32() * 20.0;
        let (circle, at) = (
            Shape::circle(radius),
            Iso::from_translation(iso.transform_point(local)),
        );
        // The oracle: every solid cell of the grid, each tested as its own box.
        let expected: BTreeSet<(u32, u32)> = grid
            .solid_cells()
            .filter(|cell| {
                let center = iso.transform_point(grid.cell_bounds(*cell).center());
                let cell_iso = Iso {
                    translation: center,
                    rotation: iso.rotation,
                };
                sat2d::intersects(&circle, &at, &cell_box, &cell_iso)
            })
            .map(|cell| (cell.x, cell.y))
            .collect();
        let circle_for_query = circle.clone();
        let named: Vec<TileHit> = app
            .world_mut()
            .run_system_once(move |query: SpatialQuery, cells: TileCells| {
                let hits = query.shape_hits(&circle_for_query, &at, &QueryFilter::default());
                hits.iter()
                    .flat_map(|(entity, _)| cells.overlap_cells(*entity, &circle_for_query, &at))
                    .collect::<Vec<TileHit>>()
            })
            .unwrap();
        let named_set: BTreeSet<(u32, u32)> =
            named.iter().map(|hit| (hit.cell.x, hit.cell.y)).collect();
        assert_eq!(
            named_set.len(),
            named.len(),
            "each cell once: rectangles never overlap"
        );
        assert!(named.iter().all(|hit| hit.level == level));
        assert_eq!(named_set, expected, "circle of {radius} at {local}");
        found_any += usize::from(!expected.is_empty());
    }
    assert!(found_any > 50, "only {found_any} circles touched the level");
}

#[test]
fn on_a_cell_line_the_inward_direction_picks_the_side_on_a_mirrored_scaled_level() {
    let mut app = tile_app();
    let transform = Transform::from_xyz(5.0, 7.0, 0.0)
        .with_rotation(Quat::from_rotation_z(0.3))
        .with_scale(Vec3::new(-2.0, 1.5, 1.0));
    let level = startup_level(&mut app, text_grid(LEVEL), transform);
    let floor = app
        .world()
        .get::<TileLevel>(level)
        .unwrap()
        .collider_at(UVec2::ZERO)
        .unwrap();
    let global = *app.world().get::<GlobalTransform>(level).unwrap();
    let to_world = |local: Vec2| global.transform_point(local.extend(0.0)).truncate();
    let direction = |local: Vec2| {
        global
            .affine()
            .transform_vector3(local.extend(0.0))
            .truncate()
    };
    // Inside the floor, on the line between cells 2 and 3.
    let point = to_world(Vec2::new(3.0 * CELL, 0.5 * CELL));
    let cases = [
        (
            Some(direction(Vec2::new(1.0, -1.0))),
            Some(UVec2::new(3, 0)),
        ),
        (
            Some(direction(Vec2::new(-1.0, -1.0))),
            Some(UVec2::new(2, 0)),
        ),
        // No direction: rounding puts the point on either side, and either touches it.
        (None, None),
    ];
    for (inward, expected) in cases {
        let named = app
            .world_mut()
            .run_system_once(move |cells: TileCells| cells.hit_cell(floor, point, inward))
            .unwrap()
            .expect("a tile collider");
        assert_eq!(named.level, level);
        match expected {
            Some(cell) => assert_eq!(named.cell, cell, "inward {inward:?}"),
            None => assert!([2, 3].contains(&named.cell.x) && named.cell.y == 0),
        }
    }
    let (inside, outside) = (
        to_world(Vec2::new(40.0, 8.0)),
        to_world(Vec2::new(-8.0, 8.0)),
    );
    let (at_inside, at_outside, not_a_tile) = app
        .world_mut()
        .run_system_once(move |cells: TileCells| {
            (
                cells.cell_at(level, inside),
                cells.cell_at(level, outside),
                cells.tile(level),
            )
        })
        .unwrap();
    assert_eq!(
        at_inside,
        Some(TileHit {
            level,
            cell: UVec2::new(2, 0)
        })
    );
    assert_eq!(at_outside, None);
    assert_eq!(not_a_tile, None);
}
