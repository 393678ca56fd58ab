//! Tiled maps through `bevy_ecs_tiled`'s real loaders (feature `tiled`): the colliders
//! of `assets/tiled/cave.tmx` counted, a ray naming the tile it lands on, a despawned
//! tile opening a hole a falling collider passes through, a polygon object's contact
//! against an f64 oracle, the objects' names and properties, and a broken object's
//! typed error. Headless: `bevy_ecs_tiled` without its renderer, the tileset's PNG
//! read by Bevy's image loader.

use std::path::{Path, PathBuf};

use bevy::asset::AssetPlugin;
use bevy::ecs::system::RunSystemOnce;
use bevy::image::{CompressedImageFormats, ImageLoader, ImagePlugin, TextureAtlasLayout};
use bevy::prelude::*;
use bevy_sat2d::bevy_ecs_tiled::prelude::*;
use bevy_sat2d::prelude::*;
use bevy_sat2d::sat2d::tile_grid::{MergedTileGrid, TileGrid};
use bevy_sat2d::tiled::{TiledCollidersPlugin, TiledTileShape};

#[path = "../support/falling.rs"]
mod falling;
mod filters;
mod objects;
#[path = "../support/update_until.rs"]
mod update_until;

use bevy_sat2d::tilemap::TilemapTiles;
use falling::{Falling, fall};
use update_until::update_until;

const CELL: f32 = 16.0;
/// The map's height in pixels (12 rows): Tiled's y runs down from it.
const MAP_HEIGHT: f32 = 192.0;

/// The terrain layer of `cave.tmx`, rows from the top: `G` ground (a whole-cell
/// collision rectangle), `S` slope, `P` post, `L` ledge (shapes of their own), `g`
/// grass (no collision).
const TERRAIN: &str = "
....................
....................
....................
....................
G..................G
G..................G
G..................G
G..................G
G..................G
G.g..S....P...L....G
GGGGGGGGGGGGGGGGGGGG
GGGGGGGGGGGGGGGGGGGG
";

fn assets_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets")
}

fn app_reading(directory: &Path) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        TransformPlugin,
        AssetPlugin {
            file_path: directory.to_string_lossy().into_owned(),
            ..default()
        },
        ImagePlugin::default(),
        TiledPlugin(TiledPluginConfig {
            tiled_types_export_file: None,
            ..default()
        }),
        SatPlugin::default(),
        TiledCollidersPlugin,
    ));
    // The renderer registers these; a headless app registers them itself.
    app.register_asset_loader(ImageLoader::new(CompressedImageFormats::empty()))
        .init_asset::<TextureAtlasLayout>();
    app
}

/// Loads `path` (under the app's asset folder) with its lower-left corner at the
/// origin, and updates until its objects are spawned (about five seconds at most).
fn load_map(app: &mut App, path: &'static str) -> Entity {
    load_map_with(app, path, ())
}

/// [`load_map`] with `extra` components on the map entity (its physics settings, say).
fn load_map_with(app: &mut App, path: &'static str, extra: impl Bundle) -> Entity {
    let handle = app.world().resource::<AssetServer>().load(path);
    let map = app
        .world_mut()
        .spawn((TiledMap(handle), TilemapAnchor::BottomLeft, extra))
        .id();
    let loaded = update_until(app, |app| {
        let mut objects = app.world_mut().query::<&TiledObject>();
        objects.iter(app.world()).next().is_some()
    });
    assert!(loaded, "{path} did not load");
    app.update();
    map
}

fn cave() -> App {
    let mut app = app_reading(&assets_dir());
    load_map(&mut app, "tiled/cave.tmx");
    app
}

/// The collider children of the object named `name`, with their shapes.
fn object_colliders(app: &mut App, name: &str) -> Vec<(Entity, Collider)> {
    let mut objects = app
        .world_mut()
        .query::<(Entity, &TiledName, &TiledObject)>();
    let object = objects
        .iter(app.world())
        .find(|(_, object_name, _)| object_name.0 == name)
        .map(|(entity, ..)| entity)
        .unwrap_or_else(|| panic!("no object {name}"));
    let mut colliders = app.world_mut().query::<(Entity, &Collider, &ChildOf)>();
    colliders
        .iter(app.world())
        .filter(|(.., parent)| parent.parent() == object)
        .map(|(entity, collider, _)| (entity, collider.clone()))
        .collect()
}

#[test]
fn the_cave_gets_one_collider_per_merged_rectangle_tile_shape_and_object() {
    let mut app = cave();
    let mut levels = app.world_mut().query::<&TileLevel>();
    let levels: Vec<&TileLevel> = levels.iter(app.world()).collect();
    assert_eq!(levels.len(), 1, "one tilemap with whole-cell tiles");
    let ground = TileGrid::try_from_text(TERRAIN, 'G', Vec2::splat(CELL)).unwrap();
    assert_eq!(levels[0].grid().solid_count(), ground.solid_count());
    assert_eq!(ground.solid_count(), 52);
    let rects = MergedTileGrid::build(ground).rect_count();
    assert_eq!(levels[0].collider_count(), rects);

    // The slope, the post and the ledge: one collider each, with their tile ids.
    let mut shapes = app.world_mut().query::<(&TiledTileShape, &Collider)>();
    let mut tiles: Vec<(u32, u32, u32, bool)> = shapes
        .iter(app.world())
        .map(|(shape, collider)| {
            let concave = collider.shape().is_concave();
            (shape.tile_id, shape.position.x, shape.position.y, concave)
        })
        .collect();
    tiles.sort_unstable();
    assert_eq!(
        tiles,
        [(1, 5, 2, false), (2, 10, 2, false), (4, 14, 2, true)]
    );

    // Five objects with a collider each; the point has none.
    for (name, concave) in [
        ("platform", false),
        ("boulder", false),
        ("wedge", false),
        ("notch", true),
        // A bent band: the inside of the bend is a reflex corner.
        ("ramp", true),
    ] {
        let colliders = object_colliders(&mut app, name);
        assert_eq!(colliders.len(), 1, "{name}");
        assert_eq!(colliders[0].1.shape().is_concave(), concave, "{name}");
    }
    assert!(object_colliders(&mut app, "spawn").is_empty());

    let mut all = app.world_mut().query::<&Collider>();
    assert_eq!(all.iter(app.world()).count(), rects + 3 + 5);
}

/// Casts a ray straight down at world `x` from height 60 (under the objects): the
/// collider hit, the tile it names (merged cells and tile shapes alike) and the hit's
/// height.
fn tile_below(app: &mut App, x: f32) -> Option<(TilePos, Entity, f32)> {
    app.world_mut()
        .run_system_once(
            move |query: SpatialQuery,
                  cells: TileCells,
                  tiles: TilemapTiles,
                  shapes: Query<&TiledTileShape>| {
                let start = Vec2::new(x, 60.0);
                let (collider, hit) =
                    query.cast_ray(start, Dir2::NEG_Y, 500.0, &QueryFilter::default())?;
                if let Ok(shape) = shapes.get(collider) {
                    return Some((shape.position, shape.tile, hit.point.y));
                }
                let tile = tiles.tile(cells.ray_cell(collider, &hit)?)?;
                Some((tile.position, tile.entity?, hit.point.y))
            },
        )
        .expect("the system runs")
}

fn tile_id(app: &App, tile: Entity) -> u32 {
    app.world()
        .get::<TiledTileId>(tile)
        .expect("a Tiled tile")
        .0
}

#[test]
fn a_ray_names_the_tile_it_lands_on() {
    let mut app = cave();
    // Column 1: over the ground, whose top row is tile row 1 (y 16..32).
    let (position, tile, y) = tile_below(&mut app, 1.5 * CELL).expect("a hit");
    assert_eq!(position, TilePos { x: 1, y: 1 });
    assert_eq!(tile_id(&app, tile), 0);
    assert!((y - 2.0 * CELL).abs() < 1e-3, "hit at {y}");
    // Column 2: the grass has no collision, the ground under it does.
    let (position, _, _) = tile_below(&mut app, 2.5 * CELL).expect("a hit");
    assert_eq!(position, TilePos { x: 2, y: 1 });
    // Column 5, three quarters across: the slope, rising to the right, at 3/4 height.
    let (position, tile, y) = tile_below(&mut app, 5.75 * CELL).expect("a hit");
    assert_eq!(position, TilePos { x: 5, y: 2 });
    assert_eq!(tile_id(&app, tile), 1);
    assert!((y - 2.75 * CELL).abs() < 1e-3, "hit at {y}");
    // Column 10, the post's centre: the top of its disc (radius 6, centred in the tile).
    let (position, tile, y) = tile_below(&mut app, 10.5 * CELL).expect("a hit");
    assert_eq!(position, TilePos { x: 10, y: 2 });
    assert_eq!(tile_id(&app, tile), 2);
    assert!((y - (2.5 * CELL + 6.0)).abs() < 1e-3, "hit at {y}");
    // Past the map's right edge: nothing.
    assert_eq!(tile_below(&mut app, 21.0 * CELL), None);
}

#[test]
fn despawned_tiles_open_a_hole_a_falling_collider_passes_through() {
    let mut app = cave();
    app.add_systems(Update, fall);
    // Column 12, under the ramp: nothing between the body and the ground.
    let x = 12.5 * CELL;
    let body = app
        .world_mut()
        .spawn((
            Collider::circle(4.0),
            Falling,
            Transform::from_xyz(x, 60.0, 0.0),
        ))
        .id();
    let height = |app: &App| app.world().get::<Transform>(body).unwrap().translation.y;
    for _ in 0..20 {
        app.update();
    }
    let floor = 2.0 * CELL;
    assert!(
        height(&app) > floor && height(&app) <= floor + 4.0,
        "at {}",
        height(&app)
    );

    // Dig out both ground tiles of the column in one frame.
    let mut tiles = app.world_mut().query::<(Entity, &TilePos, &TiledTileId)>();
    let column: Vec<Entity> = tiles
        .iter(app.world())
        .filter(|(_, position, _)| position.x == 12 && position.y < 2)
        .map(|(entity, ..)| entity)
        .collect();
    assert_eq!(column.len(), 2);
    for tile in column {
        app.world_mut().entity_mut(tile).despawn();
    }
    app.update();
    let mut levels = app.world_mut().query::<&TileLevel>();
    let level = levels.single(app.world()).unwrap();
    assert_eq!(level.grid().solid_count(), 50);
    assert!(level.is_up_to_date());
    // That frame's step already saw the hole: the body touches nothing.
    let colliding = app.world().get::<CollidingEntities>(body).unwrap();
    assert!(colliding.sorted().is_empty(), "{colliding:?}");
    for _ in 0..30 {
        app.update();
    }
    assert!(height(&app) < -4.0, "stuck at {}", height(&app));
}
