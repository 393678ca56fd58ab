//! The systems that keep each tilemap's [`TileLevel`] (and its one-way level, if it
//! has [`OneWayTiles`](super::OneWayTiles)) in line with its tiles: a whole build when
//! the map or its rules change, a per-cell update when tiles are added, despawned,
//! moved or change texture index or IntGrid value.

use std::collections::{BTreeMap, BTreeSet};

use bevy::prelude::*;
use bevy_ecs_tilemap::anchor::TilemapAnchor;
use bevy_ecs_tilemap::map::{
    TilemapGridSize, TilemapId, TilemapSize, TilemapTileSize, TilemapType,
};
use bevy_ecs_tilemap::tiles::{TilePos, TileStorage};

use super::one_way_tiles::{OneWayLevelEntity, OneWayTileLevel};
use super::tile_rule::TileRule;
use super::tilemap_colliders::{TilemapColliders, TilemapCollidersError};
use super::tilemap_grid::{
    ChangedTile, TileQuery, TilemapLayout, build_tilemap_grid, differing_cells,
};
use crate::tiles::tile_level::TileLevel;

/// The cells whose tile lost its `TilePos` (despawned, or no longer a tile) since the
/// last update: tilemap and position, read while the tile still had them.
#[derive(Resource, Default, Debug)]
pub(super) struct RemovedTiles(Vec<(Entity, TilePos)>);

/// Records where a tile was when its `TilePos` (or another component a rule reads,
/// `C`) goes or is replaced by an insert (an observer of `Discard`: the tile's
/// components are still there).
pub(super) fn record_removed_tile<C: Component>(
    remove: On<Discard, C>,
    tiles: Query<(&TilePos, &TilemapId)>,
    mut removed: ResMut<RemovedTiles>,
) {
    if let Ok((position, tilemap)) = tiles.get(remove.entity) {
        removed.0.push((tilemap.0, *position));
    }
}

/// Removes the levels of a tilemap that lost its [`TilemapColliders`] (their colliders
/// go with them).
pub(super) fn remove_tilemap_levels(
    mut commands: Commands,
    mut removed: RemovedComponents<TilemapColliders>,
    levels: Query<Option<&OneWayLevelEntity>, With<TileLevel>>,
) {
    for tilemap in removed.read() {
        if let Ok(one_way) = levels.get(tilemap) {
            if let Some(&OneWayLevelEntity(child)) = one_way {
                commands.entity(child).try_despawn();
            }
            commands
                .entity(tilemap)
                .remove::<(TileLevel, OneWayLevelEntity)>();
        }
    }
}

/// Builds (or rebuilds) the whole [`TileLevel`] of each tilemap whose
/// [`TilemapColliders`] is new or changed, or whose size, grid size, tile size, type
/// or anchor changed, and the level of its one-way tiles on a child entity. A map that
/// makes no level loses its levels and gets a [`TilemapCollidersError`], also logged.
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
            (Has<TilemapCollidersError>, Option<&OneWayLevelEntity>),
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
    for (tilemap, colliders, storage, sizes, anchor, (had_error, one_way_child)) in &maps {
        let (size, grid_size, tile_size, map_type) = sizes;
        let layout = TilemapLayout {
            size,
            grid_size,
            tile_size,
            map_type,
            anchor,
        };
        let build = |rule: &TileRule| build_tilemap_grid(tilemap, &layout, storage, &tiles, rule);
        let levels = build(&colliders.rule).and_then(|grid| {
            let one_way = colliders.one_way.as_ref();
            let one_way_grid = one_way.map(|one_way| build(&one_way.rule)).transpose()?;
            Ok((grid, one_way_grid))
        });
        let one_way_child = one_way_child.map(|child| child.0);
        match levels {
            Ok((grid, one_way_grid)) => {
                let mut entity = commands.entity(tilemap);
                if had_error {
                    entity.remove::<TilemapCollidersError>();
                }
                // Replacing a level despawns its colliders (`TileLevel`'s hook).
                entity.insert(TileLevel::new(grid));
                let one_way = colliders.one_way.as_ref().zip(one_way_grid);
                let one_way = one_way.map(|(one_way, grid)| {
                    let marker = OneWayTileLevel {
                        tilemap,
                        platform: one_way.platform,
                    };
                    (TileLevel::new(grid), marker)
                });
                place_one_way_level(&mut commands, tilemap, one_way_child, one_way);
            }
            Err(error) => {
                error!("no colliders: {error}");
                commands.entity(tilemap).remove::<TileLevel>().insert(error);
                place_one_way_level(&mut commands, tilemap, one_way_child, None);
            }
        }
    }
}

/// Puts `level` on the tilemap's one-way child (spawned if it has none), or despawns
/// the child when there is no level.
fn place_one_way_level(
    commands: &mut Commands,
    tilemap: Entity,
    child: Option<Entity>,
    level: Option<(TileLevel, OneWayTileLevel)>,
) {
    match (child, level) {
        (Some(child), Some(level)) => {
            commands.entity(child).insert(level);
        }
        (None, Some(level)) => {
            let name = Name::new("one-way tiles");
            let child = commands.spawn((level, name, ChildOf(tilemap))).id();
            commands.entity(tilemap).insert(OneWayLevelEntity(child));
        }
        (Some(child), None) => {
            commands.entity(child).try_despawn();
            commands.entity(tilemap).remove::<OneWayLevelEntity>();
        }
        (None, None) => {}
    }
}

/// Sets the cells of tiles added, moved, despawned or retextured since the last
/// update from the map's `TileStorage` and rules, in its level and its one-way level;
/// [`TileLevel::set_cells`] rebuilds only their chunks. A cell is solid when the
/// storage holds a tile there that exists and matches the rule.
///
/// A tile whose `TilePos` was changed in place left a cell nothing names any more, so
/// its map is read again whole (every cell against the storage, O(cells)); only the
/// cells that differ are set. A tile given a new `TilePos` by an insert names its old
/// cell through [`record_removed_tile`].
pub(super) fn update_tilemap_levels(
    changed: Query<(Ref<TilePos>, &TilemapId), ChangedTile>,
    mut removed: ResMut<RemovedTiles>,
    maps: Query<(&TilemapColliders, &TileStorage, Option<&OneWayLevelEntity>)>,
    mut levels: Query<&mut TileLevel>,
    tiles: TileQuery,
) {
    // One pass over the tiles' change ticks (O(tiles), the cost of an idle frame too):
    // an `is_empty` check first would make it two in a frame with changes.
    let mut cells: BTreeMap<Entity, Vec<TilePos>> = BTreeMap::new();
    let mut moved = BTreeSet::new();
    for (position, tilemap) in &changed {
        if position.is_changed() && !position.is_added() {
            moved.insert(tilemap.0);
        }
        cells.entry(tilemap.0).or_default().push(*position);
    }
    for (tilemap, position) in removed.0.drain(..) {
        cells.entry(tilemap).or_default().push(position);
    }
    for (tilemap, positions) in cells {
        let Ok((colliders, storage, one_way_child)) = maps.get(tilemap) else {
            continue;
        };
        let one_way = colliders.one_way.as_ref().zip(one_way_child);
        let one_way = one_way.map(|(one_way, child)| (child.0, &one_way.rule));
        for (level, rule) in std::iter::once((tilemap, &colliders.rule)).chain(one_way) {
            let Ok(mut level) = levels.get_mut(level) else {
                continue;
            };
            let cells = if moved.contains(&tilemap) {
                let size = level.grid().size();
                let every = (0..size.y).flat_map(|y| (0..size.x).map(move |x| TilePos { x, y }));
                differing_cells(level.grid(), storage, &tiles, rule, every)
            } else {
                differing_cells(level.grid(), storage, &tiles, rule, positions.clone())
            };
            // The cells are the grid's only: the call cannot fail. Cells filled and
            // cleared in one frame rebuild each chunk once.
            if !cells.is_empty() {
                let _ = level.set_cell_states(&cells);
            }
        }
    }
}
