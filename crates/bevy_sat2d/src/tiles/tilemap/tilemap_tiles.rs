//! [`TilemapTiles`]: the tile (position and entity) a [`TileHit`] on a tilemap's level
//! names.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_ecs_tilemap::tiles::{TilePos, TileStorage};

use super::one_way_tiles::OneWayTileLevel;
use crate::tiles::tile_collider::TileHit;

/// A tile of a tilemap that a hit landed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TilemapTile {
    /// The tilemap entity (the level of the [`TileHit`], or its parent for a
    /// [`OneWayTileLevel`]).
    pub tilemap: Entity,
    /// The tile's position in its map: the hit's cell.
    pub position: TilePos,
    /// The tile entity the map's `TileStorage` holds there, if any.
    pub entity: Option<Entity>,
}

/// Names tilemap tiles: turns the [`TileHit`]s of [`TileCells`](crate::TileCells) (a
/// contact's, ray hit's, shape-cast hit's or overlap's cell) into the tile's
/// `TilePos` and entity. Cell `(x, y)` of a tilemap's level is tile `(x, y)`.
///
/// ```
/// use bevy::prelude::*;
/// use bevy_sat2d::prelude::*;
/// use bevy_sat2d::tilemap::TilemapTiles;
/// // The tile under a ray fired down from the origin is despawned.
/// fn dig(query: SpatialQuery, cells: TileCells, tiles: TilemapTiles, mut commands: Commands) {
///     let filter = QueryFilter::default();
///     let Some((collider, hit)) = query.cast_ray(Vec2::ZERO, Dir2::NEG_Y, 500.0, &filter) else {
///         return;
///     };
///     let tile = cells.ray_cell(collider, &hit).and_then(|hit| tiles.tile(hit));
///     if let Some(entity) = tile.and_then(|tile| tile.entity) {
///         commands.entity(entity).despawn();
///     }
/// }
/// # bevy::ecs::system::assert_is_system(dig);
/// ```
#[derive(SystemParam)]
pub struct TilemapTiles<'w, 's> {
    storages: Query<'w, 's, &'static TileStorage>,
    one_way_levels: Query<'w, 's, &'static OneWayTileLevel>,
}

impl TilemapTiles<'_, '_> {
    /// The tile `hit` names, if its level is a tilemap's (or the
    /// [`OneWayTileLevel`] of one); its entity is `None` if the map's storage holds no
    /// tile there (despawned since the hit's step).
    #[must_use]
    pub fn tile(&self, hit: TileHit) -> Option<TilemapTile> {
        let tilemap = self
            .one_way_levels
            .get(hit.level)
            .map_or(hit.level, |level| level.tilemap);
        let storage = self.storages.get(tilemap).ok()?;
        let position = TilePos {
            x: hit.cell.x,
            y: hit.cell.y,
        };
        Some(TilemapTile {
            tilemap,
            position,
            entity: storage.checked_get(&position),
        })
    }
}
