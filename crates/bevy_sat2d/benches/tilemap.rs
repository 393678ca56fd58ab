//! `bevy_ecs_tilemap` maps as tile levels, headless, in release mode (feature
//! `bevy_ecs_tilemap`): the first frame with colliders of a 1000 × 1000 tilemap, and
//! 100 random tiles changed in one frame.
//!
//! `cargo bench -p bevy_sat2d --no-default-features --features bevy_ecs_tilemap --bench tilemap`
//! times:
//! - `tilemap_spawn`: the tilemap's own spawn, the floor the next figure is measured
//!   beyond: one tile entity per solid cell of a 1000 × 1000 cave (about 30% solid, in
//!   connected regions, 4-unit tiles), its `TileStorage`, and one `app.update()`;
//! - `colliders_first_frame`: on such a spawned map, `TilemapColliders` inserted and one
//!   `app.update()`: the whole map read through its storage, merged, its colliders
//!   spawned and the first step run on them;
//! - `change_100_tiles`: on that level, 100 random cells toggled in one frame (a tile
//!   despawned where there was one, spawned where there was none) and one
//!   `app.update()` that updates the cells, swaps the colliders of their chunks and
//!   steps; every other frame toggles the previous frame's cells back, so the map
//!   stays the cave throughout;
//! - `idle_update`: one `app.update()` of the same level with nothing changed, the
//!   floor under `change_100_tiles` (the difference is the collider work and the 100
//!   spawns and despawns).

#[path = "../tests/plugin/tile_level/cave.rs"]
mod cave;
#[path = "../../sat2d/benches/common/mod.rs"]
mod common;

use bevy::prelude::*;
use bevy_sat2d::bevy_ecs_tilemap::prelude::*;
use bevy_sat2d::prelude::*;
use bevy_sat2d::sat2d::tile_grid::TileGrid;
use bevy_sat2d::tilemap::{TileRule, TilemapColliders, TilemapCollidersPlugin};
use common::median_ns;
use criterion::{BatchSize, Criterion};

/// Tiles on a side of the map.
const SIDE: u32 = 1000;
/// A tile's side.
const TILE: f32 = 4.0;
/// Tiles toggled per frame in `change_100_tiles`.
const CHANGED: usize = 100;

/// An app with the plugins that has run one empty frame.
fn warm_app() -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        TransformPlugin,
        SatPlugin::default(),
        TilemapCollidersPlugin::default(),
    ));
    app.update();
    app
}

/// Spawns one tile per solid cell of `grid`, the tilemap entity with its storage and
/// layout (no `TilemapColliders`), and runs one frame; returns the tilemap.
fn spawn_tilemap(app: &mut App, grid: &TileGrid) -> Entity {
    let size = TilemapSize { x: SIDE, y: SIDE };
    let tilemap = app.world_mut().spawn_empty().id();
    let mut storage = TileStorage::empty(size);
    let positions: Vec<TilePos> = (0..SIDE)
        .flat_map(|y| (0..SIDE).map(move |x| TilePos { x, y }))
        .filter(|position| grid.is_solid(UVec2::new(position.x, position.y)))
        .collect();
    let bundles = positions
        .iter()
        .map(|&position| (position, TilemapId(tilemap), TileTextureIndex(0)));
    let tiles: Vec<Entity> = app.world_mut().spawn_batch(bundles).collect();
    for (position, tile) in positions.iter().zip(tiles) {
        storage.set(position, tile);
    }
    app.world_mut().entity_mut(tilemap).insert((
        storage,
        size,
        TilemapGridSize { x: TILE, y: TILE },
        TilemapTileSize { x: TILE, y: TILE },
        TilemapType::Square,
        TilemapAnchor::Center,
        Transform::default(),
    ));
    app.update();
    tilemap
}

/// Toggles the tile at each of `cells`: despawns the tile there, or spawns one.
fn toggle_tiles(app: &mut App, tilemap: Entity, cells: &[TilePos]) {
    for position in cells {
        let storage = app.world().get::<TileStorage>(tilemap).expect("a tilemap");
        let new_tile = match storage.checked_get(position) {
            Some(tile) => {
                app.world_mut().entity_mut(tile).despawn();
                None
            }
            None => Some(
                app.world_mut()
                    .spawn((*position, TilemapId(tilemap), TileTextureIndex(0)))
                    .id(),
            ),
        };
        let mut storage = app.world_mut().get_mut::<TileStorage>(tilemap).unwrap();
        match new_tile {
            Some(tile) => storage.set(position, tile),
            None => {
                storage.remove(position);
            }
        }
    }
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    let grid = cave::cave_grid(SIDE, TILE, 0.3, 24);
    let solid = grid.solid_count();
    let mut group = criterion.benchmark_group("tilemap");
    group.sample_size(10);
    group.bench_function("tilemap_spawn", |bencher| {
        bencher.iter_batched(
            warm_app,
            |mut app| {
                spawn_tilemap(&mut app, &grid);
                app // dropped outside the timing
            },
            BatchSize::PerIteration,
        );
    });
    group.bench_function("colliders_first_frame", |bencher| {
        bencher.iter_batched(
            || {
                let mut app = warm_app();
                let tilemap = spawn_tilemap(&mut app, &grid);
                (app, tilemap)
            },
            |(mut app, tilemap)| {
                let colliders = TilemapColliders::new(TileRule::Every);
                app.world_mut().entity_mut(tilemap).insert(colliders);
                app.update();
                app
            },
            BatchSize::PerIteration,
        );
    });

    let mut app = warm_app();
    let tilemap = spawn_tilemap(&mut app, &grid);
    let colliders = TilemapColliders::new(TileRule::Every);
    app.world_mut().entity_mut(tilemap).insert(colliders);
    app.update();
    let level = app.world().get::<TileLevel>(tilemap).expect("a level");
    assert_eq!(level.grid().solid_count(), solid);
    let rect_count = level.collider_count();
    let placed = app.world().resource::<CollisionWorld>().colliders().count();
    assert_eq!(
        placed, rect_count,
        "every rectangle is placed at the first step"
    );

    let mut rng = fastrand::Rng::with_seed(39);
    // Every other frame toggles the last frame's cells back: the map stays the cave
    // (30% solid, in regions) however many frames criterion runs, instead of drifting
    // towards noise at 50% with ever more colliders. The inputs are made in order and
    // the frames run in that order, so each undo follows its change.
    let mut undo: Option<Vec<TilePos>> = None;
    group.bench_function("change_100_tiles", |bencher| {
        bencher.iter_batched(
            || {
                if let Some(cells) = undo.take() {
                    return cells;
                }
                let cells: Vec<TilePos> = (0..CHANGED)
                    .map(|_| TilePos {
                        x: rng.u32(0..SIDE),
                        y: rng.u32(0..SIDE),
                    })
                    .collect();
                undo = Some(cells.clone());
                cells
            },
            |cells| {
                toggle_tiles(&mut app, tilemap, &cells);
                app.update();
            },
            BatchSize::SmallInput,
        );
    });
    let level = app.world().get::<TileLevel>(tilemap).expect("a level");
    assert!(level.is_up_to_date());
    let collider_count = level.collider_count();
    let children = app
        .world_mut()
        .query::<&TileCollider>()
        .iter(app.world())
        .count();
    assert_eq!(children, collider_count, "no collider left over");
    group.bench_function("idle_update", |bencher| bencher.iter(|| app.update()));
    group.finish();
    criterion.final_summary();

    let show = |function: &str| {
        median_ns("tilemap", function)
            .map_or_else(|| "-".into(), |ns| format!("{:.3} ms", ns / 1e6))
    };
    println!(
        "\n{SIDE} × {SIDE} tilemap, {solid} tiles ({:.1}% solid), {rect_count} colliders",
        solid as f64 / f64::from(SIDE * SIDE) * 100.0
    );
    for function in [
        "tilemap_spawn",
        "colliders_first_frame",
        "change_100_tiles",
        "idle_update",
    ] {
        println!("{function}: {}", show(function));
    }
}
