//! LDtk projects as tile levels (feature `ldtk`): `assets/levels/ldtk/project.ldtk`
//! loaded through `bevy_ecs_ldtk`'s real loader and level spawning, headless. Its
//! `Collisions` IntGrid layer (1 = wall, 2 = one-way platform) is checked against the
//! text files it was written from (`scripts/ldtk_level.py`): collider counts against
//! the same grids merged from text, the tile a ray names, a dug tile letting a falling
//! body through, a mover jumping up through a platform and landing on it, and the
//! colliders following the level selection.

use bevy::asset::AssetPlugin;
use bevy::ecs::system::RunSystemOnce;
use bevy::image::{CompressedImageFormats, ImageLoader, TextureAtlasPlugin};
use bevy::prelude::*;
use bevy_sat2d::bevy_ecs_ldtk::prelude::*;
use bevy_sat2d::bevy_ecs_tilemap::prelude::*;
use bevy_sat2d::ldtk::{LdtkColliders, LdtkCollidersPlugin};
use bevy_sat2d::prelude::*;
use bevy_sat2d::sat2d::tile_grid::{MergedTileGrid, TileGrid};
use bevy_sat2d::tilemap::{OneWayTileLevel, TilemapTiles};
use falling::{Falling, fall};
use update_until::update_until;

#[path = "support/falling.rs"]
mod falling;
#[path = "support/update_until.rs"]
mod update_until;

const CELL: f32 = 16.0;
const ASSETS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets");

/// The rows of level `index` from the top, as the project was written from them.
fn level_rows(index: usize) -> Vec<String> {
    let path = format!("{ASSETS}/levels/ldtk/level_{index}.txt");
    let text = std::fs::read_to_string(path).expect("the level's text");
    text.lines()
        .filter(|row| !row.is_empty())
        .map(str::to_owned)
        .collect()
}

/// The cells of `symbol` in `rows`, as a grid (cell `(0, 0)` lower left).
fn text_grid(rows: &[String], symbol: char) -> TileGrid {
    TileGrid::try_from_text(&rows.join("\n"), symbol, Vec2::splat(CELL)).expect("a grid")
}

/// A headless app with `bevy_ecs_ldtk`, the collision plugin and the LDtk colliders
/// (1 a wall, 2 a platform), the project spawned with level `level` selected.
fn app(level: usize) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        TransformPlugin,
        AssetPlugin {
            file_path: ASSETS.into(),
            ..default()
        },
        ImagePlugin::default(),
        TextureAtlasPlugin,
        LdtkPlugin,
        SatPlugin::default(),
        CharacterMoverPlugin::default(),
        LdtkCollidersPlugin::default(),
    ));
    // The renderer registers the image loader (the tileset); a headless app does it.
    app.register_asset_loader(ImageLoader::new(CompressedImageFormats::empty()))
        .insert_resource(LdtkColliders::walls([1]).with_one_way([2]))
        .insert_resource(LevelSelection::index(level));
    let project = app
        .world()
        .resource::<AssetServer>()
        .load("levels/ldtk/project.ldtk");
    app.world_mut().spawn(LdtkWorldBundle {
        ldtk_handle: project.into(),
        ..default()
    });
    assert!(
        update_until(&mut app, |app| walls(app).is_some()),
        "the level never got its colliders"
    );
    app
}

/// The `Collisions` layer of the spawned level, if any.
fn walls(app: &mut App) -> Option<Entity> {
    let mut layers = app
        .world_mut()
        .query::<(Entity, &LayerMetadata, &TileLevel)>();
    let found: Vec<Entity> = layers
        .iter(app.world())
        .filter(|(_, layer, _)| layer.identifier == "Collisions")
        .map(|(entity, ..)| entity)
        .collect();
    assert!(found.len() <= 1, "one level at a time: {found:?}");
    found.first().copied()
}

/// The one-way level of the `Collisions` layer.
fn platforms(app: &mut App, layer: Entity) -> Entity {
    let mut levels = app.world_mut().query::<(Entity, &OneWayTileLevel)>();
    let found: Vec<Entity> = levels
        .iter(app.world())
        .filter(|(_, level)| level.tilemap == layer)
        .map(|(entity, _)| entity)
        .collect();
    assert_eq!(found.len(), 1);
    found[0]
}

/// The world bounds of `cell` of `level`'s grid (the level has no rotation).
fn cell_bounds(app: &App, level: Entity, cell: UVec2) -> (Vec2, Vec2) {
    let grid = app.world().get::<TileLevel>(level).unwrap().grid();
    let bounds = grid.cell_bounds(cell);
    let transform = app.world().get::<GlobalTransform>(level).unwrap();
    let min = transform.transform_point(bounds.min.extend(0.0)).truncate();
    let max = transform.transform_point(bounds.max.extend(0.0)).truncate();
    (min, max)
}

#[test]
fn the_int_grid_layer_gets_the_colliders_of_its_walls_and_platforms() {
    let mut app = app(0);
    let rows = level_rows(0);
    let layer = walls(&mut app).unwrap();
    let platform_level = platforms(&mut app, layer);
    let mut total = 0;
    for (level, symbol) in [(layer, '#'), (platform_level, '=')] {
        let expected = text_grid(&rows, symbol);
        let tiles = app.world().get::<TileLevel>(level).unwrap();
        assert_eq!(tiles.grid().size(), expected.size());
        let cells: Vec<UVec2> = tiles.grid().solid_cells().collect();
        assert_eq!(
            cells,
            expected.solid_cells().collect::<Vec<_>>(),
            "{symbol}"
        );
        let rect_count = MergedTileGrid::build(expected).rect_count();
        assert_eq!(tiles.collider_count(), rect_count, "{symbol}");
        total += rect_count;
    }
    let mut colliders = app
        .world_mut()
        .query::<(&TileCollider, Option<&OneWayPlatform>)>();
    let colliders: Vec<_> = colliders.iter(app.world()).collect();
    assert_eq!(colliders.len(), total);
    for (tile, one_way) in colliders {
        let is_platform = tile.level == platform_level;
        assert_eq!(one_way.is_some(), is_platform, "{tile:?}");
    }
    // Every one of them is in the collision world from this frame's step.
    let placed = app.world().resource::<CollisionWorld>().colliders().count();
    assert_eq!(placed, total);
}

/// The first cell from the top of column `x` that is not `.` in `rows`: its tile
/// position and IntGrid value.
fn first_solid_below(rows: &[String], x: usize) -> (TilePos, i32) {
    let height = rows.len() as u32;
    let (row, symbol) = rows
        .iter()
        .enumerate()
        .find_map(|(row, line)| {
            let symbol = line.as_bytes()[x];
            (symbol != b'.').then_some((row, symbol))
        })
        .expect("a solid cell in the column");
    let value = if symbol == b'#' { 1 } else { 2 };
    let position = TilePos {
        x: x as u32,
        y: height - 1 - row as u32,
    };
    (position, value)
}

#[test]
fn a_ray_names_the_tile_and_its_int_grid_value() {
    let mut app = app(0);
    let rows = level_rows(0);
    let layer = walls(&mut app).unwrap();
    let top = cell_bounds(&app, layer, UVec2::new(0, rows.len() as u32 - 1))
        .1
        .y;
    for x in 0..rows[0].len() {
        let (expected, value) = first_solid_below(&rows, x);
        let (min, max) = cell_bounds(&app, layer, UVec2::new(x as u32, 0));
        let start = Vec2::new((min.x + max.x) / 2.0, top + 50.0);
        let hit = app
            .world_mut()
            .run_system_once(
                move |query: SpatialQuery,
                      cells: TileCells,
                      tiles: TilemapTiles,
                      values: Query<&IntGridCell>| {
                    let filter = QueryFilter::default();
                    let (collider, hit) = query.cast_ray(start, Dir2::NEG_Y, 1000.0, &filter)?;
                    let tile = tiles.tile(cells.ray_cell(collider, &hit)?)?;
                    let value = values.get(tile.entity?).ok()?.value;
                    Some((tile.tilemap, tile.position, value, hit.point.y))
                },
            )
            .expect("the system runs");
        let (tilemap, position, found_value, y) = hit.expect("a hit");
        assert_eq!(tilemap, layer);
        assert_eq!(position, expected, "column {x}");
        assert_eq!(found_value, value, "column {x}");
        let cell_top = cell_bounds(&app, layer, UVec2::new(position.x, position.y))
            .1
            .y;
        assert!(
            (y - cell_top).abs() < 1e-3,
            "column {x}: hit at {y}, top {cell_top}"
        );
    }
}

#[test]
fn a_dug_tile_lets_a_falling_body_through() {
    let mut app = app(0);
    app.add_systems(Update, fall);
    let rows = level_rows(0);
    let layer = walls(&mut app).unwrap();
    // Column 4: a one-cell-thick block of walls, then nothing down to the floor.
    let (block, value) = first_solid_below(&rows, 4);
    assert_eq!(value, 1);
    let below = rows.len() as u32 - 1 - block.y;
    assert!(rows[below as usize + 1].as_bytes()[4] == b'.');
    let (min, max) = cell_bounds(&app, layer, UVec2::new(block.x, block.y));
    let body = app
        .world_mut()
        .spawn((
            Collider::circle(4.0),
            Falling,
            Transform::from_xyz((min.x + max.x) / 2.0, max.y + 40.0, 0.0),
        ))
        .id();
    let height = |app: &App| app.world().get::<Transform>(body).unwrap().translation.y;
    for _ in 0..30 {
        app.update();
    }
    assert!(
        height(&app) > max.y && height(&app) <= max.y + 4.0,
        "resting at {} on the block's top {}",
        height(&app),
        max.y
    );

    // Dig: despawn the tile entity.
    let storage = app.world().get::<TileStorage>(layer).unwrap();
    let tile = storage.get(&block).expect("the block's tile");
    app.world_mut().entity_mut(tile).despawn();
    app.update();
    let level = app.world().get::<TileLevel>(layer).unwrap();
    assert!(!level.grid().is_solid(UVec2::new(block.x, block.y)));
    for _ in 0..40 {
        app.update();
    }
    assert!(
        height(&app) < min.y - 4.0,
        "stuck at {} above the hole's bottom {}",
        height(&app),
        min.y
    );
}

#[test]
fn a_mover_jumps_up_through_a_platform_and_lands_on_it() {
    let mut app = app(0);
    let rows = level_rows(0);
    let layer = walls(&mut app).unwrap();
    // Column 9: a platform (value 2) first from the top, nothing under it for rows.
    let (platform, value) = first_solid_below(&rows, 9);
    assert_eq!(value, 2);
    let (min, max) = cell_bounds(&app, layer, UVec2::new(platform.x, platform.y));
    let centre_x = (min.x + max.x) / 2.0;
    let mover = app
        .world_mut()
        .spawn((
            Collider::rectangle(8.0, 8.0),
            CharacterMover::default(),
            Transform::from_xyz(centre_x, min.y - 20.0, 0.0),
        ))
        .id();
    app.update();
    let step = |app: &mut App, dy: f32| {
        let mut mover_state = app.world_mut().get_mut::<CharacterMover>(mover).unwrap();
        mover_state.translation = Some(Vec2::new(0.0, dy));
        app.update();
        app.world().get::<Transform>(mover).unwrap().translation.y
    };
    // Up through it, 6 units a step, never stopped.
    let start = min.y - 20.0;
    for index in 1..=10 {
        let y = step(&mut app, 6.0);
        assert!(
            (y - (start + 6.0 * index as f32)).abs() < 1e-3,
            "held at {y}"
        );
    }
    assert!(start + 60.0 > max.y + 4.0);
    // Down onto its top.
    let mut y = 0.0;
    for _ in 0..10 {
        y = step(&mut app, -3.0);
    }
    assert!((y - (max.y + 4.0)).abs() < 0.1, "at {y}, top {}", max.y);
    let output = app.world().get::<MoverOutput>(mover).unwrap();
    assert!(output.grounded);
}

#[test]
fn the_colliders_follow_the_level_selection() {
    let mut app = app(0);
    let first = walls(&mut app).unwrap();
    *app.world_mut().resource_mut::<LevelSelection>() = LevelSelection::index(1);
    let switched = update_until(&mut app, |app| {
        walls(app).is_some_and(|layer| layer != first)
    });
    assert!(switched, "level 1 never spawned");
    let layer = walls(&mut app).unwrap();
    let rows = level_rows(1);
    let expected: usize = ['#', '=']
        .into_iter()
        .map(|symbol| MergedTileGrid::build(text_grid(&rows, symbol)).rect_count())
        .sum();
    // Level 0's layer and every one of its colliders are gone.
    assert!(app.world().get_entity(first).is_err());
    let mut colliders = app.world_mut().query::<&TileCollider>();
    let levels: Vec<Entity> = colliders.iter(app.world()).map(|tile| tile.level).collect();
    assert_eq!(levels.len(), expected);
    let platform_level = platforms(&mut app, layer);
    assert!(
        levels
            .iter()
            .all(|&level| level == layer || level == platform_level)
    );
    let placed = app.world().resource::<CollisionWorld>().colliders().count();
    assert_eq!(placed, expected);
}
