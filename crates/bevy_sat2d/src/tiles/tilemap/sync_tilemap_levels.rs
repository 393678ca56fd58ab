//! The systems that keep each tilemap's [`TileLevel`] in line with its tiles: a whole
//! build when the map or its rule changes, a per-cell update when tiles are added,
//! despawned or change texture index.

use std::collections::BTreeMap;

use bevy::prelude::*;
use bevy_ecs_tilemap::anchor::TilemapAnchor;
use bevy_ecs_tilemap::map::{
    TilemapGridSize, TilemapId, TilemapSize, TilemapTileSize, TilemapType,
};
use bevy_ecs_tilemap::tiles::{TilePos, TileStorage, TileTextureIndex};

use super::tilemap_colliders::{TilemapColliders, TilemapCollidersError};
use super::tilemap_grid::{TileQuery, TilemapLayout, build_tilemap_grid, is_solid_tile};
use crate::tiles::tile_level::TileLevel;

/// The cells whose tile lost its `TilePos` (despawned, or no longer a tile) since the
/// last update: tilemap and position, read while the tile still had them.
#[derive(Resource, Default, Debug)]
pub(super) struct RemovedTiles(Vec<(Entity, TilePos)>);

/// Records where a tile was when its `TilePos` goes (an observer of `Remove`: the
/// tile's components are still there).
pub(super) fn record_removed_tile(
    remove: On<Remove, TilePos>,
    tiles: Query<(&TilePos, &TilemapId)>,
    mut removed: ResMut<RemovedTiles>,
) {
    if let Ok((position, tilemap)) = tiles.get(remove.entity) {
        removed.0.push((tilemap.0, *position));
    }
}

/// Removes the level of a tilemap that lost its [`TilemapColliders`] (its colliders go
/// with it).
pub(super) fn remove_tilemap_levels(
    mut commands: Commands,
    mut removed: RemovedComponents<TilemapColliders>,
    levels: Query<(), With<TileLevel>>,
) {
    for tilemap in removed.read() {
        if levels.contains(tilemap) {
            commands.entity(tilemap).remove::<TileLevel>();
        }
    }
}

/// Builds (or rebuilds) the whole [`TileLevel`] of each tilemap whose
/// [`TilemapColliders`] is new or changed, or whose size, grid size, tile size, type
/// or anchor changed. A map that makes no level loses its level and gets a
/// [`TilemapCollidersError`], also logged.
pub(super) fn build_tilemap_levels(
    mut commands: Commands,
    maps: Query<
        (
            Entity,
            &TilemapColliders,
            &TileStorage,
            (
                &TilemapSize,
                &TilemapGridSize,
                &TilemapTileSize,
                &TilemapType,
            ),
            Option<&TilemapAnchor>,
            Has<TilemapCollidersError>,
        ),
        Or<(
            Changed<TilemapColliders>,
            Changed<TilemapSize>,
            Changed<TilemapGridSize>,
            Changed<TilemapTileSize>,
            Changed<TilemapType>,
            Changed<TilemapAnchor>,
        )>,
    >,
    tiles: TileQuery,
) {
    for (tilemap, colliders, storage, sizes, anchor, had_error) in &maps {
        let (size, grid_size, tile_size, map_type) = sizes;
        let layout = TilemapLayout {
            size,
            grid_size,
            tile_size,
            map_type,
            anchor,
        };
        let mut entity = commands.entity(tilemap);
        match build_tilemap_grid(tilemap, &layout, storage, &tiles, &colliders.rule) {
            Ok(grid) => {
                if had_error {
                    entity.remove::<TilemapCollidersError>();
                }
                // Replacing a level despawns its colliders (`TileLevel`'s hook).
                entity.insert(TileLevel::new(grid));
            }
            Err(error) => {
                error!("no colliders: {error}");
                entity.remove::<TileLevel>().insert(error);
            }
        }
    }
}

/// Sets the cells of tiles added, moved to, despawned or retextured since the last
/// update from the map's `TileStorage` and rule; [`TileLevel::set_cells`] rebuilds
/// only their chunks. A cell is solid when the storage holds a tile there that exists
/// and matches the rule.
pub(super) fn update_tilemap_levels(
    changed: Query<(&TilePos, &TilemapId), Or<(Changed<TilePos>, Changed<TileTextureIndex>)>>,
    mut removed: ResMut<RemovedTiles>,
    mut maps: Query<(&TilemapColliders, &TileStorage, &mut TileLevel)>,
    tiles: TileQuery,
) {
    if changed.is_empty() && removed.0.is_empty() {
        return;
    }
    let mut cells: BTreeMap<Entity, Vec<TilePos>> = BTreeMap::new();
    let touched = changed
        .iter()
        .map(|(position, tilemap)| (tilemap.0, *position));
    for (tilemap, position) in touched.chain(removed.0.drain(..)) {
        cells.entry(tilemap).or_default().push(position);
    }
    for (tilemap, positions) in cells {
        let Ok((colliders, storage, mut level)) = maps.get_mut(tilemap) else {
            continue;
        };
        let (mut solid, mut empty) = (Vec::new(), Vec::new());
        for position in positions {
            let cell = UVec2::new(position.x, position.y);
            if !level.grid().contains_cell(cell) {
                continue;
            }
            let is_solid = is_solid_tile(storage, &tiles, &colliders.rule, position);
            if level.grid().is_solid(cell) != is_solid {
                if is_solid { &mut solid } else { &mut empty }.push(cell);
            }
        }
        // Both lists hold cells of the grid only: neither call can fail.
        if !solid.is_empty() {
            let _ = level.set_cells(solid, true);
        }
        if !empty.is_empty() {
            let _ = level.set_cells(empty, false);
        }
    }
}
