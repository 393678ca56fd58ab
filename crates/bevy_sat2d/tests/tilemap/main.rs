//! `bevy_ecs_tilemap` maps as tile levels (feature `bevy_ecs_tilemap`): collider counts
//! against the same grid built from text, ray hits naming the tile, a despawned tile
//! opening a hole in the same frame, a retextured tile, a moved tile, one-way tiles as
//! platforms, and isometric maps refused.
//! Headless: the tiles are plain components spawned by hand, no renderer.

use std::collections::HashMap;

use bevy::ecs::system::RunSystemOnce;
use bevy::prelude::*;
use bevy_sat2d::bevy_ecs_tilemap::prelude::*;
use bevy_sat2d::prelude::*;
use bevy_sat2d::sat2d::tile_grid::{MergedTileGrid, TileGrid};
use bevy_sat2d::tilemap::{
    TileRule, TilemapColliders, TilemapCollidersError, TilemapCollidersPlugin, TilemapTiles,
};

mod changes;
#[path = "../support/falling.rs"]
mod falling;

use falling::{Falling, fall};

const CELL: f32 = 16.0;
/// Where the map's lower-left corner lies (anchor `BottomLeft`).
const CORNER: Vec2 = Vec2::new(100.0, 50.0);

/// Rows from the top: `#` a tile of texture 0, `+` a tile of texture 1, `.` no tile.
const MAP: &str = "
#.....
#..+##
#.#...
######
";

struct Map {
    tilemap: Entity,
    tiles: HashMap<(u32, u32), Entity>,
}

fn app() -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        TransformPlugin,
        SatPlugin::default(),
        TilemapCollidersPlugin::default(),
    ));
    app
}

/// Spawns `text` as a tilemap of `map_type` with its lower-left corner at [`CORNER`].
fn spawn_map(app: &mut App, text: &str, map_type: TilemapType, rule: TileRule) -> Map {
    let rows: Vec<&str> = text.lines().filter(|row| !row.is_empty()).collect();
    let size = TilemapSize {
        x: rows[0].len() as u32,
        y: rows.len() as u32,
    };
    let tilemap = app.world_mut().spawn_empty().id();
    let mut storage = TileStorage::empty(size);
    let mut tiles = HashMap::new();
    for (row, line) in rows.iter().enumerate() {
        let y = size.y - 1 - row as u32;
        for (x, symbol) in line.chars().enumerate() {
            let texture = match symbol {
                '#' => 0,
                '+' => 1,
                _ => continue,
            };
            let position = TilePos { x: x as u32, y };
            let tile = app
                .world_mut()
                .spawn((position, TilemapId(tilemap), TileTextureIndex(texture)))
                .id();
            storage.set(&position, tile);
            tiles.insert((position.x, y), tile);
        }
    }
    app.world_mut().entity_mut(tilemap).insert((
        storage,
        size,
        TilemapGridSize { x: CELL, y: CELL },
        TilemapTileSize { x: CELL, y: CELL },
        map_type,
        TilemapAnchor::BottomLeft,
        Transform::from_translation(CORNER.extend(0.0)),
        TilemapColliders::new(rule),
    ));
    Map { tilemap, tiles }
}

/// Spawns a tile of texture 0 at `position` of `tilemap` and puts it in the storage.
fn spawn_tile(app: &mut App, tilemap: Entity, position: TilePos) -> Entity {
    let tile = app
        .world_mut()
        .spawn((position, TilemapId(tilemap), TileTextureIndex(0)))
        .id();
    let mut storage = app.world_mut().get_mut::<TileStorage>(tilemap).unwrap();
    storage.set(&position, tile);
    tile
}

/// The number of tile colliders of `tilemap`'s level.
fn level_colliders(app: &mut App, tilemap: Entity) -> usize {
    let mut query = app.world_mut().query::<&TileCollider>();
    query
        .iter(app.world())
        .filter(|tile| tile.level == tilemap)
        .count()
}

/// The rectangles the same cells make when built from text.
fn text_rect_count(text: &str, solid: char) -> usize {
    let grid = TileGrid::try_from_text(text, solid, Vec2::splat(CELL)).expect("a rectangular grid");
    MergedTileGrid::build(grid).rect_count()
}

#[test]
fn a_known_map_gets_the_colliders_of_its_grid() {
    let mut app = app();
    let every = spawn_map(&mut app, MAP, TilemapType::Square, TileRule::Every);
    let walls = spawn_map(&mut app, MAP, TilemapType::Square, TileRule::textures([0]));
    let bottom = spawn_map(
        &mut app,
        MAP,
        TilemapType::Square,
        TileRule::Predicate(|tile| tile.position.y == 0),
    );
    app.update();

    let all_solid = MAP.replace('+', "#");
    for (map, text, solid_count) in [
        (&every, all_solid.as_str(), 13),
        (&walls, MAP, 12),
        (&bottom, "######", 6),
    ] {
        let level = app.world().get::<TileLevel>(map.tilemap).expect("a level");
        assert_eq!(level.grid().solid_count(), solid_count);
        let expected = text_rect_count(text, '#');
        assert_eq!(level.collider_count(), expected, "{text}");
        assert_eq!(level_colliders(&mut app, map.tilemap), expected, "{text}");
    }
    // The bottom row alone is one rectangle; with the crate the map has more than
    // one collider per column of the walls.
    assert_eq!(
        app.world()
            .get::<TileLevel>(bottom.tilemap)
            .unwrap()
            .collider_count(),
        1
    );
}

/// Casts a ray straight down at world `x` from above the map; the tile it names and
/// where it hit.
fn tile_below(app: &mut App, x: f32) -> Option<(TilePos, Option<Entity>, f32)> {
    app.world_mut()
        .run_system_once(
            move |query: SpatialQuery, cells: TileCells, tiles: TilemapTiles| {
                let start = Vec2::new(x, CORNER.y + 200.0);
                let (collider, hit) =
                    query.cast_ray(start, Dir2::NEG_Y, 500.0, &QueryFilter::default())?;
                let tile = tiles.tile(cells.ray_cell(collider, &hit)?)?;
                Some((tile.position, tile.entity, hit.point.y))
            },
        )
        .expect("the system runs")
}

#[test]
fn a_ray_hit_names_the_tile_and_its_entity() {
    let mut app = app();
    let map = spawn_map(&mut app, MAP, TilemapType::Square, TileRule::Every);
    app.update();

    // Column 3: the crate at (3, 2), its top at row 3's bottom.
    let (position, entity, y) = tile_below(&mut app, CORNER.x + 3.5 * CELL).expect("a hit");
    assert_eq!(position, TilePos { x: 3, y: 2 });
    assert_eq!(entity, Some(map.tiles[&(3, 2)]));
    assert!((y - (CORNER.y + 3.0 * CELL)).abs() < 1e-3, "hit at {y}");
    // Column 1: empty down to the floor.
    let (position, entity, y) = tile_below(&mut app, CORNER.x + 1.5 * CELL).expect("a hit");
    assert_eq!(position, TilePos { x: 1, y: 0 });
    assert_eq!(entity, Some(map.tiles[&(1, 0)]));
    assert!((y - (CORNER.y + CELL)).abs() < 1e-3, "hit at {y}");
    // Right of the map: nothing.
    assert_eq!(tile_below(&mut app, CORNER.x + 6.5 * CELL), None);
}

#[test]
fn a_despawned_tile_opens_a_hole_in_the_same_frame() {
    let mut app = app();
    app.add_systems(Update, fall);
    let map = spawn_map(&mut app, MAP, TilemapType::Square, TileRule::Every);
    let x = CORNER.x + 1.5 * CELL;
    let body = app
        .world_mut()
        .spawn((
            Collider::circle(4.0),
            Falling,
            Transform::from_xyz(x, CORNER.y + 60.0, 0.0),
        ))
        .id();
    let height = |app: &App| app.world().get::<Transform>(body).unwrap().translation.y;
    for _ in 0..20 {
        app.update();
    }
    // Resting on tile (1, 0), whose top is one cell above the corner.
    let floor = CORNER.y + CELL;
    assert!(
        height(&app) > floor && height(&app) <= floor + 4.0,
        "at {}",
        height(&app)
    );
    let solid = app
        .world()
        .get::<TileLevel>(map.tilemap)
        .unwrap()
        .grid()
        .solid_count();

    app.world_mut().entity_mut(map.tiles[&(1, 0)]).despawn();
    app.update();
    let level = app.world().get::<TileLevel>(map.tilemap).unwrap();
    assert_eq!(level.grid().solid_count(), solid - 1);
    assert!(level.is_up_to_date());
    // That frame's step already saw the hole: the body touches nothing.
    let colliding = app.world().get::<CollidingEntities>(body).unwrap();
    assert!(colliding.sorted().is_empty(), "{colliding:?}");
    for _ in 0..30 {
        app.update();
    }
    assert!(height(&app) < CORNER.y - 4.0, "stuck at {}", height(&app));
}

#[test]
fn a_retextured_tile_follows_the_rule() {
    let mut app = app();
    let map = spawn_map(&mut app, MAP, TilemapType::Square, TileRule::textures([0]));
    app.update();
    let level = app.world().get::<TileLevel>(map.tilemap).unwrap();
    assert!(!level.grid().is_solid(UVec2::new(3, 2)));

    *app.world_mut()
        .get_mut::<TileTextureIndex>(map.tiles[&(3, 2)])
        .unwrap() = TileTextureIndex(0);
    app.update();
    let level = app.world().get::<TileLevel>(map.tilemap).unwrap();
    assert!(level.grid().is_solid(UVec2::new(3, 2)));
    assert_eq!(level.grid().solid_count(), 13);
    assert_eq!(
        level.collider_count(),
        text_rect_count(&MAP.replace('+', "#"), '#')
    );
}

#[test]
fn an_isometric_map_gets_an_error_and_no_colliders() {
    let mut app = app();
    let map = spawn_map(
        &mut app,
        MAP,
        TilemapType::Isometric(IsoCoordSystem::Diamond),
        TileRule::Every,
    );
    app.update();
    let error = app.world().get::<TilemapCollidersError>(map.tilemap);
    assert_eq!(
        error,
        Some(&TilemapCollidersError::NotSquare {
            tilemap: map.tilemap,
            map_type: TilemapType::Isometric(IsoCoordSystem::Diamond),
        })
    );
    assert!(app.world().get::<TileLevel>(map.tilemap).is_none());
    assert_eq!(level_colliders(&mut app, map.tilemap), 0);

    // Made square, the map gets its colliders and loses the error.
    *app.world_mut().get_mut::<TilemapType>(map.tilemap).unwrap() = TilemapType::Square;
    app.update();
    assert!(
        app.world()
            .get::<TilemapCollidersError>(map.tilemap)
            .is_none()
    );
    assert!(level_colliders(&mut app, map.tilemap) > 0);
}

#[test]
fn added_and_despawned_tiles_rebuild_only_their_chunks() {
    let mut app = app();
    // Three chunks of 64 columns: a full floor, an empty row above it.
    let width = 150;
    let text = format!("{}\n{}", ".".repeat(width), "#".repeat(width));
    let map = spawn_map(&mut app, &text, TilemapType::Square, TileRule::Every);
    app.update();
    let middle_chunk = |app: &App| -> Vec<Entity> {
        let level = app.world().get::<TileLevel>(map.tilemap).unwrap();
        let colliders = level.colliders();
        colliders
            .filter(|(rect, _)| (64..128).contains(&rect.min.x))
            .map(|(_, entity)| entity)
            .collect()
    };
    let before = middle_chunk(&app);
    assert_eq!(before.len(), 1);

    // Dig a floor tile in the first chunk, add a tile above the floor in the last.
    app.world_mut().entity_mut(map.tiles[&(10, 0)]).despawn();
    spawn_tile(&mut app, map.tilemap, TilePos { x: 140, y: 1 });
    app.update();

    let level = app.world().get::<TileLevel>(map.tilemap).unwrap();
    assert!(!level.grid().is_solid(UVec2::new(10, 0)));
    assert!(level.grid().is_solid(UVec2::new(140, 1)));
    assert_eq!(level.grid().solid_count(), width as u64);
    // The middle chunk kept its collider entity.
    assert_eq!(middle_chunk(&app), before);
    let children = level_colliders(&mut app, map.tilemap);
    assert_eq!(
        children,
        app.world()
            .get::<TileLevel>(map.tilemap)
            .unwrap()
            .collider_count()
    );
}
