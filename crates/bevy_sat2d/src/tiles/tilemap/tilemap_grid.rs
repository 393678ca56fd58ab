//! A square tilemap's cells as a [`TileGrid`]: its layout and which tiles are solid.

use bevy::prelude::*;
use bevy_ecs_tilemap::anchor::TilemapAnchor;
use bevy_ecs_tilemap::map::{TilemapGridSize, TilemapSize, TilemapTileSize, TilemapType};
use bevy_ecs_tilemap::tiles::{TilePos, TileStorage, TileTextureIndex};
use sat2d::tile_grid::TileGrid;

use super::tile_rule::{TileRule, TileView};
use super::tilemap_colliders::TilemapCollidersError;

/// The components of a tilemap entity that place its cells.
pub(super) struct TilemapLayout<'a> {
    pub size: &'a TilemapSize,
    pub grid_size: &'a TilemapGridSize,
    pub tile_size: &'a TilemapTileSize,
    pub map_type: &'a TilemapType,
    pub anchor: Option<&'a TilemapAnchor>,
}

/// What a [`TileRule`] reads of a tile entity besides its position: its texture index,
/// and with the feature `ldtk` its IntGrid value.
#[cfg(not(feature = "ldtk"))]
type TileData = (Option<&'static TileTextureIndex>, ());
#[cfg(feature = "ldtk")]
type TileData = (
    Option<&'static TileTextureIndex>,
    Option<&'static bevy_ecs_ldtk::IntGridCell>,
);

/// The tiles a [`TileRule`] reads.
pub(super) type TileQuery<'w, 's> = Query<'w, 's, TileData, With<TilePos>>;

/// The tiles whose cell a rule may see differently since the last update: moved,
/// retextured, or (feature `ldtk`) given another IntGrid value.
#[cfg(not(feature = "ldtk"))]
pub(super) type ChangedTile = Or<(Changed<TilePos>, Changed<TileTextureIndex>)>;
#[cfg(feature = "ldtk")]
pub(super) type ChangedTile = Or<(
    Changed<TilePos>,
    Changed<TileTextureIndex>,
    Changed<bevy_ecs_ldtk::IntGridCell>,
)>;

/// The IntGrid value of a tile's data (none without the feature `ldtk`).
#[cfg(not(feature = "ldtk"))]
fn int_grid_value(_: ()) -> Option<i32> {
    None
}
#[cfg(feature = "ldtk")]
fn int_grid_value(cell: Option<&bevy_ecs_ldtk::IntGridCell>) -> Option<i32> {
    cell.map(|cell| cell.value)
}

/// Whether the tile the storage holds at `position` exists and is solid under `rule`.
pub(super) fn is_solid_tile(
    storage: &TileStorage,
    tiles: &TileQuery,
    rule: &TileRule,
    position: TilePos,
) -> bool {
    let Some(entity) = storage.checked_get(&position) else {
        return false;
    };
    let Ok((texture_index, value)) = tiles.get(entity) else {
        return false;
    };
    rule.is_solid(&TileView {
        entity,
        position,
        texture_index: texture_index.copied().unwrap_or_default(),
        int_grid_value: int_grid_value(value),
    })
}

/// Of `positions`, the cells of `grid` whose solidity differs from what the storage
/// and `rule` say now, each with what it should be (`true`: make it solid). Positions
/// outside the grid are skipped.
pub(super) fn differing_cells(
    grid: &TileGrid,
    storage: &TileStorage,
    tiles: &TileQuery,
    rule: &TileRule,
    positions: impl IntoIterator<Item = TilePos>,
) -> Vec<(UVec2, bool)> {
    let mut cells = Vec::new();
    for position in positions {
        let cell = UVec2::new(position.x, position.y);
        if !grid.contains_cell(cell) {
            continue;
        }
        let is_solid = is_solid_tile(storage, tiles, rule, position);
        if grid.is_solid(cell) != is_solid {
            cells.push((cell, is_solid));
        }
    }
    cells
}

/// The tile grid of a square map in the map's frame: one cell per tile, the grid
/// size a side, cell `(x, y)` under tile `(x, y)`, solid where `rule` says so.
///
/// `bevy_ecs_tilemap` puts tile `(x, y)`'s centre at `(x, y) * grid_size` plus the
/// anchor's offset, so cell `(0, 0)`'s lower-left corner (the grid's origin) is half a
/// cell below and left of tile `(0, 0)`'s centre.
///
/// # Errors
/// [`TilemapCollidersError::NotSquare`] for an isometric or hexagonal map,
/// [`TilemapCollidersError::Grid`] for a size or grid size that makes no grid.
pub(super) fn build_tilemap_grid(
    tilemap: Entity,
    layout: &TilemapLayout,
    storage: &TileStorage,
    tiles: &TileQuery,
    rule: &TileRule,
) -> Result<TileGrid, TilemapCollidersError> {
    if *layout.map_type != TilemapType::Square {
        return Err(TilemapCollidersError::NotSquare {
            tilemap,
            map_type: *layout.map_type,
        });
    }
    let grid_error = |source| TilemapCollidersError::Grid { tilemap, source };
    let cell_size = Vec2::from(layout.grid_size);
    // The grid first: the anchor's offset needs a map of at least one tile.
    let grid = TileGrid::try_new(layout.size.x, layout.size.y, cell_size).map_err(grid_error)?;
    let offset = layout.anchor.copied().unwrap_or_default().as_offset(
        layout.size,
        layout.grid_size,
        layout.tile_size,
        layout.map_type,
    );
    let mut grid = grid
        .try_with_origin(offset - cell_size / 2.0)
        .map_err(grid_error)?;
    for y in 0..layout.size.y {
        for x in 0..layout.size.x {
            if is_solid_tile(storage, tiles, rule, TilePos { x, y }) {
                grid.set(UVec2::new(x, y), true).map_err(grid_error)?;
            }
        }
    }
    Ok(grid)
}
