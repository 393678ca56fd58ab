//! [`build_tile_layers`]: the colliders of each tile layer `bevy_ecs_tiled` asked for,
//! from its tiles and their tileset's collision shapes.

use std::collections::{BTreeMap, BTreeSet};

use bevy::prelude::*;
use bevy_ecs_tiled::prelude::tiled::{ObjectData, TileId, Tileset};
use bevy_ecs_tiled::prelude::{
    TileFlip, TilePos, TileStorage, TileTextureIndex, TiledColliderSource, TiledMap, TiledMapAsset,
    TiledMapReference, TiledName, TiledPhysicsSettings, TiledTileId, TiledTilemap, TiledTilesetId,
    TilemapAnchor, TilemapGridSize, TilemapSize, TilemapTileSize, TilemapType, grid_size_from_map,
    tilemap_type_from_map,
};

use super::object_shapes::object_shapes;
use super::sat2d_backend::{BuildTiledColliders, TiledPhysicsSat2dBackend};
use super::tile_shapes::{TileShapes, tile_object_frame, tile_shapes};
use super::tiled_colliders_error::TiledCollidersError;
use super::tiled_tile_shape::TiledTileShape;
use crate::components::collider::Collider;
use crate::components::collider_of::ColliderOf;
use crate::components::static_collider::StaticCollider;
use crate::tiles::tilemap::{TileRule, TilemapColliders};

/// A tile of a tilemap, as the builder reads it.
type TileItem<'a> = (
    Entity,
    &'a TilePos,
    &'a TiledTileId,
    &'a TileTextureIndex,
    Option<&'a TileFlip>,
);

/// The layout of one tilemap of a layer (one per tileset the layer uses).
struct TilemapLayout {
    size: TilemapSize,
    grid_size: TilemapGridSize,
    tile_size: TilemapTileSize,
    anchor: TilemapAnchor,
}

/// For each tile layer marked by the back-end: on each of its tilemaps (one per
/// tileset), the tiles whose tileset shape covers the whole cell become a
/// [`TilemapColliders`] level (merged, dug, named by the tilemap plugin), and every
/// other collision shape becomes a static collider of its own on each tile using it,
/// a child of the tilemap that goes when its tile goes ([`TiledTileShape`]).
///
/// Without `bevy_ecs_tiled`'s `render` feature its tilemaps carry no layout; the
/// builder gives them the layout (size, grid and tile size, anchor, `TileStorage`,
/// tileset offset) that the renderer would.
pub(super) fn build_tile_layers(
    mut commands: Commands,
    layers: Query<(
        Entity,
        &BuildTiledColliders,
        &TiledMapReference,
        &TiledName,
        Option<&Children>,
    )>,
    maps: Query<(
        &TiledMap,
        Option<&TilemapAnchor>,
        Option<&TiledPhysicsSettings<TiledPhysicsSat2dBackend>>,
    )>,
    assets: Res<Assets<TiledMapAsset>>,
    tilemaps: Query<(&TiledTilesetId, Option<&Children>, Has<TileStorage>), With<TiledTilemap>>,
    tiles: Query<TileItem>,
) {
    for (layer, build, map, layer_name, children) in &layers {
        if build.source != TiledColliderSource::TilesLayer {
            continue;
        }
        commands.entity(layer).remove::<BuildTiledColliders>();
        let Ok((handle, anchor, settings)) = maps.get(map.0) else {
            continue;
        };
        let Some(asset) = assets.get(&handle.0) else {
            continue;
        };
        if tilemap_type_from_map(&asset.map) != TilemapType::Square {
            let error = TiledCollidersError::NotSquare {
                map: asset.map.source.clone(),
                layer: layer_name.0.clone(),
            };
            error!("no tile colliders: {error}");
            commands.entity(layer).insert(error);
            continue;
        }
        let filter = settings.map(|settings| &settings.tiles_objects_filter);
        let filter = filter.cloned().unwrap_or_default();
        for &tilemap in children.map_or(&[][..], |children| &children[..]) {
            let Ok((tileset_id, tile_entities, has_storage)) = tilemaps.get(tilemap) else {
                continue;
            };
            let Some(tileset) = asset.map.tilesets().get(tileset_id.0 as usize) else {
                continue;
            };
            let layout = TilemapLayout {
                size: asset.tilemap_size,
                grid_size: grid_size_from_map(&asset.map),
                tile_size: TilemapTileSize::new(
                    tileset.tile_width as f32,
                    tileset.tile_height as f32,
                ),
                anchor: anchor.copied().unwrap_or_default(),
            };
            let map_tiles: Vec<TileItem> = tile_entities
                .into_iter()
                .flatten()
                .filter_map(|&tile| tiles.get(tile).ok())
                .collect();
            if !has_storage {
                insert_layout(&mut commands, tilemap, tileset, &layout, &map_tiles);
            }
            let mut shapes_of: BTreeMap<TileId, TileShapes> = BTreeMap::new();
            let mut solid_textures = BTreeSet::new();
            let cell_size = Vec2::new(layout.grid_size.x, layout.grid_size.y);
            let mut failed = Vec::new();
            for &(tile, position, id, texture, flip) in &map_tiles {
                let shapes = shapes_of
                    .entry(id.0)
                    .or_insert_with(|| tile_shapes(tileset, id.0, &filter, cell_size));
                if shapes.full_cell {
                    solid_textures.insert(texture.0);
                }
                let context = TileContext {
                    tilemap,
                    tile,
                    position: *position,
                    id: id.0,
                    flip: flip.copied().unwrap_or_default(),
                    thickness: build.backend.polyline_thickness,
                };
                spawn_tile_shapes(
                    &mut commands,
                    &context,
                    &shapes.shapes,
                    &layout,
                    |object_id, name, source| {
                        let error = TiledCollidersError::TileShape {
                            map: asset.map.source.clone(),
                            tileset: tileset.name.clone(),
                            tile_id: id.0,
                            object_id,
                            name: name.to_owned(),
                            source,
                        };
                        if !failed.contains(&error) {
                            failed.push(error);
                        }
                    },
                );
            }
            // Each refused shape once, however many tiles use it; the last on the map.
            for error in failed {
                error!("no collider: {error}");
                commands.entity(tilemap).insert(error);
            }
            if !solid_textures.is_empty() {
                commands
                    .entity(tilemap)
                    .insert(TilemapColliders::new(TileRule::Textures(solid_textures)));
            }
        }
    }
}

/// One tile whose shapes are spawned.
struct TileContext {
    tilemap: Entity,
    tile: Entity,
    position: TilePos,
    id: TileId,
    flip: TileFlip,
    thickness: f32,
}

/// Spawns one static collider per shape of the tile, placed in the tilemap's frame
/// (the tile's image centred on its cell, as `bevy_ecs_tilemap` draws it); `failed`
/// hears of each shape sat2d refuses (object id, name, why).
fn spawn_tile_shapes(
    commands: &mut Commands,
    tile: &TileContext,
    shapes: &[ObjectData],
    layout: &TilemapLayout,
    mut failed: impl FnMut(u32, &str, sat2d::ShapeError),
) {
    if shapes.is_empty() {
        return;
    }
    let center = tile.position.center_in_world(
        &layout.size,
        &layout.grid_size,
        &layout.tile_size,
        &TilemapType::Square,
        &layout.anchor,
    );
    let tile_size = Vec2::new(layout.tile_size.x, layout.tile_size.y);
    let top_left = center + Vec2::new(-tile_size.x, tile_size.y) / 2.0;
    for object in shapes {
        let frame = tile_object_frame(object, tile_size, tile.flip, top_left, Vec2::ONE);
        match object_shapes(&object.shape, frame, tile.thickness) {
            Ok(Some(placed)) => {
                commands.spawn((
                    Name::new(format!(
                        "tile {},{} shape {}",
                        tile.position.x,
                        tile.position.y,
                        object.id()
                    )),
                    Collider::from(placed.shape.clone()),
                    StaticCollider,
                    ColliderOf(tile.tilemap),
                    ChildOf(tile.tilemap),
                    TiledTileShape {
                        tile: tile.tile,
                        position: tile.position,
                        tile_id: tile.id,
                    },
                    placed.transform(),
                ));
            }
            Ok(None) => {}
            Err(error) => failed(object.id(), &object.name, error),
        }
    }
}

/// Gives a tilemap the layout components `bevy_ecs_tiled` inserts only with its
/// `render` feature: the map's size, grid and tile size, square type, anchor, a
/// `TileStorage` of its tiles, and the tileset's offset.
fn insert_layout(
    commands: &mut Commands,
    tilemap: Entity,
    tileset: &Tileset,
    layout: &TilemapLayout,
    tiles: &[TileItem],
) {
    let mut storage = TileStorage::empty(layout.size);
    for &(tile, position, ..) in tiles {
        if position.within_map_bounds(&layout.size) {
            storage.set(position, tile);
        }
    }
    commands.entity(tilemap).insert((
        storage,
        layout.size,
        layout.grid_size,
        layout.tile_size,
        TilemapType::Square,
        layout.anchor,
        Transform::from_xyz(tileset.offset_x as f32, -tileset.offset_y as f32, 0.0),
    ));
}
