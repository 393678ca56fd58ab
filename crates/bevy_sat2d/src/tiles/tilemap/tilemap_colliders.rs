//! [`TilemapColliders`]: the component that makes a tilemap's tiles a tile level, and
//! [`TilemapCollidersError`], why a map got none.

use bevy::prelude::*;
use bevy_ecs_tilemap::map::TilemapType;
use sat2d::tile_grid::TileGridError;

use super::one_way_tiles::OneWayTiles;
use super::tile_rule::TileRule;

/// Put on a `bevy_ecs_tilemap` tilemap entity (beside its `TileStorage`,
/// `TilemapSize`, `TilemapGridSize`, `TilemapTileSize`, `TilemapType`, and optionally
/// `TilemapAnchor`): the [`TilemapCollidersPlugin`](crate::tilemap::TilemapCollidersPlugin)
/// makes the tiles that match [`Self::rule`] a [`TileLevel`](crate::TileLevel) on the
/// same entity, merged into few static colliders.
///
/// Each cell is the map's grid size (the distance between tile centres), placed as
/// `bevy_ecs_tilemap` renders it: tile `(x, y)`'s centre at `(x, y) * grid_size` plus
/// the anchor's offset, in the map's frame (its `Transform`), y up. Only square maps are
/// supported: an isometric or hexagonal map gets a [`TilemapCollidersError`] component
/// and an error in the log, and no colliders.
///
/// Tiles matching [`Self::one_way`]'s rule (and not [`Self::rule`]) become one-way
/// platforms, merged apart on a child entity: see [`OneWayTiles`].
///
/// Changing the rules, the map's size, grid size, tile size, anchor or type rebuilds the
/// whole level; adding or despawning a tile, or changing its texture index, rebuilds
/// only its chunk, in the same frame. Moving a tile (changing its `TilePos`) reads the
/// whole map again, as it cannot say which cell it left.
///
/// ```
/// use bevy::prelude::*;
/// use bevy_sat2d::tilemap::{TileRule, TilemapColliders};
/// // Texture indices 0 and 1 are walls; the rest are decoration.
/// let colliders = TilemapColliders::new(TileRule::textures([0, 1]));
/// assert!(matches!(colliders.rule, TileRule::Textures(ref indices) if indices.len() == 2));
/// ```
#[derive(Component, Clone, Debug, Default)]
pub struct TilemapColliders {
    /// Which tiles are solid.
    pub rule: TileRule,
    /// Which tiles are one-way platforms, if any.
    pub one_way: Option<OneWayTiles>,
}

impl TilemapColliders {
    /// Colliders for the tiles matching `rule`.
    #[must_use]
    pub fn new(rule: TileRule) -> Self {
        Self {
            rule,
            one_way: None,
        }
    }

    /// These colliders, with `one_way`'s tiles as one-way platforms.
    #[must_use]
    pub fn with_one_way(mut self, one_way: OneWayTiles) -> Self {
        self.one_way = Some(one_way);
        self
    }
}

/// Why a tilemap with [`TilemapColliders`] has no colliders: inserted on the tilemap
/// entity (and logged) when its level cannot be built, removed when a later build
/// succeeds.
#[derive(Component, Clone, Debug, PartialEq, thiserror::Error)]
pub enum TilemapCollidersError {
    /// The map is isometric or hexagonal; only square maps are supported.
    #[error("tilemap {tilemap}: only square tilemaps get colliders, this one is {map_type:?}")]
    NotSquare {
        /// The tilemap entity.
        tilemap: Entity,
        /// Its type.
        map_type: TilemapType,
    },
    /// The map's size or grid size makes no tile grid (a zero size, a grid size that
    /// is not positive and finite).
    #[error("tilemap {tilemap}: {source}")]
    Grid {
        /// The tilemap entity.
        tilemap: Entity,
        /// What the tile grid refused.
        source: TileGridError,
    },
}
