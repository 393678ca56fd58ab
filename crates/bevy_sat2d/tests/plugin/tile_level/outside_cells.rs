//! Digging outside a level (an explosion at its edge, a cell computed from a world
//! point): `TileLevel` and `TileCells` return the error, change nothing, and the app
//! runs on.

use bevy::ecs::system::RunSystemOnce;
use bevy::prelude::*;
use bevy_sat2d::prelude::*;
use bevy_sat2d::sat2d::tile_grid::TileGridError;

use super::{LEVEL, level_rects, startup_level, text_grid, tile_app, tile_colliders};

/// `LEVEL` is 12 × 4 cells.
const SIZE: UVec2 = UVec2::new(12, 4);

/// Cells outside `LEVEL`: just past each edge, negative coordinates wrapped to huge
/// ones (as `IVec2::as_uvec2` gives), and the extremes of `u32` and `i32`.
fn outside_cells() -> Vec<UVec2> {
    vec![
        UVec2::new(SIZE.x, 0),
        UVec2::new(0, SIZE.y),
        SIZE,
        IVec2::new(-1, 0).as_uvec2(),
        IVec2::new(3, -1).as_uvec2(),
        IVec2::new(-40, -2).as_uvec2(),
        UVec2::MAX,
        UVec2::new(i32::MAX as u32, 1),
        UVec2::new(2, i32::MIN as u32),
    ]
}

fn outside(cell: UVec2) -> TileGridError {
    TileGridError::CellOutsideGrid {
        cell,
        width: SIZE.x,
        height: SIZE.y,
    }
}

#[derive(Resource, Default)]
struct Digs(Vec<(UVec2, Result<bool, TileGridError>)>);

#[test]
fn digging_outside_through_tile_cells_returns_the_error_and_the_app_runs_on() {
    let mut app = tile_app();
    let level = startup_level(&mut app, text_grid(LEVEL), Transform::default());
    let rects = level_rects(&app, level);
    let colliders = tile_colliders(&mut app, level);
    app.init_resource::<Digs>().add_systems(
        Update,
        move |mut cells: TileCells, mut digs: ResMut<Digs>| {
            for cell in outside_cells() {
                for solid in [false, true] {
                    let dig = cells.set_cell(TileHit { level, cell }, solid);
                    digs.0.push((cell, dig));
                }
            }
        },
    );
    for _ in 0..3 {
        app.update();
    }
    let digs = std::mem::take(&mut app.world_mut().resource_mut::<Digs>().0);
    assert_eq!(
        digs.len(),
        3 * 2 * outside_cells().len(),
        "a dig every frame"
    );
    for (cell, dig) in digs {
        assert_eq!(dig, Err(outside(cell)));
    }
    // Nothing changed: the same rectangles, the same collider entities.
    let tiles = app.world().get::<TileLevel>(level).unwrap();
    assert!(tiles.is_up_to_date());
    assert_eq!(tiles.grid().solid_count(), 25);
    assert_eq!(level_rects(&app, level), rects);
    assert_eq!(tile_colliders(&mut app, level), colliders);

    // A cell inside still digs, and the plugin swaps its colliders.
    let mut tiles = app.world_mut().get_mut::<TileLevel>(level).unwrap();
    assert_eq!(tiles.set_cell(UVec2::new(4, 2), false), Ok(true));
    app.update();
    let tiles = app.world().get::<TileLevel>(level).unwrap();
    assert!(tiles.is_up_to_date());
    assert_eq!(tiles.grid().solid_count(), 24);
    assert_eq!(tiles.collider_at(UVec2::new(4, 2)), None);
    let rects = level_rects(&app, level);
    assert_eq!(tile_colliders(&mut app, level).len(), rects.len());
    let collisions = app.world().resource::<CollisionWorld>();
    assert_eq!(collisions.colliders().count(), rects.len());
}

#[test]
fn set_cells_with_a_cell_outside_changes_nothing() {
    let mut app = tile_app();
    let level = startup_level(&mut app, text_grid(LEVEL), Transform::default());
    let rects = level_rects(&app, level);
    let colliders = tile_colliders(&mut app, level);
    // An explosion's disc at the lower-right corner: part of it is past the edge.
    let center = IVec2::new(SIZE.x as i32 - 1, 0);
    let disc: Vec<UVec2> = (-2..=2)
        .flat_map(|dy| (-2..=2).map(move |dx| IVec2::new(dx, dy)))
        .filter(|offset| offset.length_squared() <= 4)
        .map(|offset| (center + offset).as_uvec2())
        .collect();
    let first_outside = *disc
        .iter()
        .find(|cell| cell.cmpge(SIZE).any())
        .expect("the disc reaches past the edge");
    let mut tiles = app.world_mut().get_mut::<TileLevel>(level).unwrap();
    assert_eq!(
        tiles.set_cells(disc.iter().copied(), false),
        Err(outside(first_outside))
    );
    assert_eq!(
        tiles.set_cell(first_outside, false),
        Err(outside(first_outside))
    );
    assert!(tiles.is_up_to_date(), "all or nothing: no cell changed");
    assert_eq!(tiles.grid().solid_count(), 25);
    app.update();
    assert_eq!(level_rects(&app, level), rects);
    assert_eq!(tile_colliders(&mut app, level), colliders);

    // The cells inside, kept with `contains_cell`, are dug: the corner's quarter disc.
    let mut tiles = app.world_mut().get_mut::<TileLevel>(level).unwrap();
    let inside: Vec<UVec2> = disc
        .into_iter()
        .filter(|cell| tiles.grid().contains_cell(*cell))
        .collect();
    assert_eq!(inside.len(), 6);
    let solid_inside = inside
        .iter()
        .filter(|cell| tiles.grid().is_solid(**cell))
        .count();
    assert_eq!(
        tiles.set_cells(inside.iter().copied(), false),
        Ok(solid_inside)
    );
    app.update();
    let tiles = app.world().get::<TileLevel>(level).unwrap();
    assert!(tiles.is_up_to_date());
    assert!(inside.iter().all(|cell| !tiles.grid().is_solid(*cell)));
    let rects = level_rects(&app, level);
    assert_eq!(tile_colliders(&mut app, level).len(), rects.len());
}

#[test]
fn a_hit_on_a_level_that_is_gone_digs_nothing() {
    let mut app = tile_app();
    let level = startup_level(&mut app, text_grid(LEVEL), Transform::default());
    app.world_mut().entity_mut(level).despawn();
    app.update();
    let dig = app
        .world_mut()
        .run_system_once(move |mut cells: TileCells| {
            cells.set_cell(
                TileHit {
                    level,
                    cell: UVec2::ZERO,
                },
                false,
            )
        })
        .unwrap();
    assert_eq!(dig, Ok(false));
}
