//! Tiles that change after the map's first build: a moved tile, tiles added and
//! despawned in one frame, and one-way tiles whose retexturing moves them from one
//! level to the other.

use bevy::prelude::*;
use bevy_sat2d::bevy_ecs_tilemap::prelude::*;
use bevy_sat2d::prelude::*;
use bevy_sat2d::sat2d::tile_grid::{MergedTileGrid, TileGrid, TileRect};
use bevy_sat2d::tilemap::{OneWayTileLevel, OneWayTiles, TileRule, TilemapColliders};

use super::{
    CELL, CORNER, MAP, app, level_colliders, spawn_map, spawn_tile, text_rect_count, tile_below,
};

#[test]
fn a_moved_tile_leaves_its_cell_and_fills_the_new_one() {
    let mut app = app();
    let map = spawn_map(&mut app, MAP, TilemapType::Square, TileRule::Every);
    app.update();
    let (from, to) = (TilePos { x: 3, y: 2 }, TilePos { x: 4, y: 3 });
    let crate_tile = map.tiles[&(3, 2)];

    // Moved in place: its `TilePos` changed and the storage follows.
    let mut storage = app.world_mut().get_mut::<TileStorage>(map.tilemap).unwrap();
    storage.remove(&from);
    storage.set(&to, crate_tile);
    *app.world_mut().get_mut::<TilePos>(crate_tile).unwrap() = to;
    app.update();
    let moved = "
#...#.
#...##
#.#...
######
";
    let level = app.world().get::<TileLevel>(map.tilemap).unwrap();
    assert!(!level.grid().is_solid(UVec2::new(3, 2)));
    assert!(level.grid().is_solid(UVec2::new(4, 3)));
    assert_eq!(level.grid().solid_count(), 13);
    assert_eq!(level.collider_count(), text_rect_count(moved, '#'));
    assert!(level.is_up_to_date());

    // Moved back by inserting its old position: the cell it leaves is recorded.
    let mut storage = app.world_mut().get_mut::<TileStorage>(map.tilemap).unwrap();
    storage.remove(&to);
    storage.set(&from, crate_tile);
    app.world_mut().entity_mut(crate_tile).insert(from);
    app.update();
    let level = app.world().get::<TileLevel>(map.tilemap).unwrap();
    assert!(level.grid().is_solid(UVec2::new(3, 2)));
    assert!(!level.grid().is_solid(UVec2::new(4, 3)));
    let collider_count = level.collider_count();
    assert_eq!(collider_count, text_rect_count(&MAP.replace('+', "#"), '#'));
    assert_eq!(level_colliders(&mut app, map.tilemap), collider_count);
}

#[test]
fn one_way_tiles_get_their_own_level_of_platforms() {
    let mut app = app();
    let map = spawn_map(&mut app, MAP, TilemapType::Square, TileRule::textures([0]));
    let platform = OneWayPlatform {
        direction: Dir2::NEG_X,
    };
    let colliders = TilemapColliders::new(TileRule::textures([0])).with_one_way(OneWayTiles {
        rule: TileRule::textures([1]),
        platform,
    });
    app.world_mut().entity_mut(map.tilemap).insert(colliders);
    app.update();

    let mut query = app
        .world_mut()
        .query::<(Entity, &OneWayTileLevel, &TileLevel, &ChildOf)>();
    let (child, marker, level, parent) = query.single(app.world()).expect("one one-way level");
    assert_eq!(
        *marker,
        OneWayTileLevel {
            tilemap: map.tilemap,
            platform
        }
    );
    assert_eq!(parent.parent(), map.tilemap);
    assert_eq!(level.grid().solid_count(), 1);
    assert!(level.grid().is_solid(UVec2::new(3, 2)));
    let walls = app.world().get::<TileLevel>(map.tilemap).unwrap();
    assert_eq!(walls.grid().solid_count(), 12);
    // The crate's collider is a platform; no wall is.
    let mut platforms = app
        .world_mut()
        .query::<(&TileCollider, Option<&OneWayPlatform>)>();
    for (tile, one_way) in platforms.iter(app.world()) {
        let expected = (tile.level == child).then_some(&platform);
        assert_eq!(one_way, expected, "{tile:?}");
    }
    // A ray names the crate's tile through the one-way level.
    let (position, entity, _) = tile_below(&mut app, CORNER.x + 3.5 * CELL).expect("a hit");
    assert_eq!(position, TilePos { x: 3, y: 2 });
    assert_eq!(entity, Some(map.tiles[&(3, 2)]));

    // Retextured to a wall, the crate moves from one level to the other.
    *app.world_mut()
        .get_mut::<TileTextureIndex>(map.tiles[&(3, 2)])
        .unwrap() = TileTextureIndex(0);
    app.update();
    let level = app.world().get::<TileLevel>(child).unwrap();
    assert_eq!(level.grid().solid_count(), 0);
    assert_eq!(level.collider_count(), 0);
    let walls = app.world().get::<TileLevel>(map.tilemap).unwrap();
    assert_eq!(walls.grid().solid_count(), 13);

    // Without `TilemapColliders`, both levels and their colliders go.
    app.world_mut()
        .entity_mut(map.tilemap)
        .remove::<TilemapColliders>();
    app.update();
    assert!(app.world().get_entity(child).is_err());
    assert_eq!(level_colliders(&mut app, map.tilemap), 0);
    let mut tiles = app.world_mut().query::<&TileCollider>();
    assert_eq!(tiles.iter(app.world()).count(), 0);
}

#[test]
fn tiles_added_and_despawned_in_one_frame_give_the_colliders_of_a_fresh_build() {
    let mut app = app();
    let map = spawn_map(&mut app, MAP, TilemapType::Square, TileRule::Every);
    app.update();

    // One frame: two tiles despawned (one splits the floor) and two spawned, all in the
    // map's one chunk, so its cells are filled and cleared in the same rebuild.
    for cell in [(2, 0), (0, 3)] {
        let tile = map.tiles[&cell];
        app.world_mut().entity_mut(tile).despawn();
        let position = TilePos {
            x: cell.0,
            y: cell.1,
        };
        let mut storage = app.world_mut().get_mut::<TileStorage>(map.tilemap).unwrap();
        storage.remove(&position);
    }
    for (x, y) in [(1, 1), (5, 3)] {
        spawn_tile(&mut app, map.tilemap, TilePos { x, y });
    }
    app.update();
    let changed = "
.....#
#..+##
###...
##.###
";
    let level = app.world().get::<TileLevel>(map.tilemap).unwrap();
    assert!(level.is_up_to_date());
    let expected = TileGrid::try_from_text(&changed.replace('+', "#"), '#', Vec2::splat(CELL))
        .expect("a rectangular grid");
    assert_eq!(level.grid().solid_count(), expected.solid_count());
    let fresh: Vec<TileRect> = MergedTileGrid::build(expected)
        .rects()
        .map(|(_, rect)| *rect)
        .collect();
    let mut query = app.world_mut().query::<(&TileCollider, &Collider)>();
    let mut colliders: Vec<(TileRect, Vec2)> = query
        .iter(app.world())
        .filter(|(tile, _)| tile.level == map.tilemap)
        .map(|(tile, collider)| {
            let bounds = collider.shape().local_aabb();
            (tile.rect, bounds.max - bounds.min)
        })
        .collect();
    colliders.sort_by_key(|(rect, _)| (rect.min.y, rect.min.x));
    let rects: Vec<TileRect> = colliders.iter().map(|(rect, _)| *rect).collect();
    assert_eq!(rects, fresh);
    // Rectangles of one size share one shape: each still has its own rectangle's size.
    for (rect, size) in colliders {
        let expected = rect.size.as_vec2() * CELL;
        assert!(
            (size - expected).abs().max_element() < 1e-4,
            "{rect:?}: {size}"
        );
    }
}
