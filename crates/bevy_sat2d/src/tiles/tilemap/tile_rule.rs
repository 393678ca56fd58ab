//! [`TileRule`]: which tiles of a tilemap are solid.

use std::collections::BTreeSet;

use bevy::prelude::*;
use bevy_ecs_tilemap::tiles::{TilePos, TileTextureIndex};

/// One tile of a tilemap, as a [`TileRule`] sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileView {
    /// The tile's entity.
    pub entity: Entity,
    /// Where the tile sits in its map.
    pub position: TilePos,
    /// The tile's texture index (0 if the tile has no `TileTextureIndex`).
    pub texture_index: TileTextureIndex,
    /// The tile's LDtk IntGrid value (its `IntGridCell`, read with the feature `ldtk`);
    /// `None` for a tile without one, and for every tile without the feature.
    pub int_grid_value: Option<i32>,
}

/// Which tiles of a tilemap are solid: every tile, the tiles of some texture indices or
/// LDtk IntGrid values, or those a function picks. An empty cell (no tile in the
/// `TileStorage`) is never solid.
///
/// ```
/// use bevy::prelude::*;
/// use bevy_sat2d::tilemap::{TileRule, TileView};
/// use bevy_sat2d::bevy_ecs_tilemap::tiles::{TilePos, TileTextureIndex};
///
/// let tile = TileView {
///     entity: Entity::PLACEHOLDER,
///     position: TilePos { x: 3, y: 0 },
///     texture_index: TileTextureIndex(2),
///     int_grid_value: Some(1),
/// };
/// assert!(TileRule::Every.is_solid(&tile));
/// assert!(TileRule::textures([1, 2]).is_solid(&tile));
/// assert!(!TileRule::textures([5]).is_solid(&tile));
/// assert!(TileRule::int_grid_values([1]).is_solid(&tile));
/// assert!(!TileRule::int_grid_values([2]).is_solid(&tile));
/// // Only the bottom row is solid.
/// assert!(TileRule::Predicate(|tile| tile.position.y == 0).is_solid(&tile));
/// ```
#[derive(Clone, Debug, Default)]
pub enum TileRule {
    /// Every tile is solid.
    #[default]
    Every,
    /// The tiles whose texture index is in the set are solid.
    Textures(BTreeSet<u32>),
    /// The tiles whose LDtk IntGrid value is in the set are solid (feature `ldtk`:
    /// without it no tile has a value).
    IntGridValues(BTreeSet<i32>),
    /// The tiles for which the function returns `true` are solid. It sees the tile's
    /// entity, position, texture index and IntGrid value; it is asked again when the
    /// tile is added, moved, or its texture index or IntGrid value changes.
    Predicate(fn(&TileView) -> bool),
}

impl TileRule {
    /// The rule making the tiles of these texture indices solid.
    #[must_use]
    pub fn textures(indices: impl IntoIterator<Item = u32>) -> Self {
        Self::Textures(indices.into_iter().collect())
    }

    /// The rule making the tiles of these LDtk IntGrid values solid.
    #[must_use]
    pub fn int_grid_values(values: impl IntoIterator<Item = i32>) -> Self {
        Self::IntGridValues(values.into_iter().collect())
    }

    /// Whether `tile` is solid under this rule.
    #[must_use]
    pub fn is_solid(&self, tile: &TileView) -> bool {
        match self {
            Self::Every => true,
            Self::Textures(indices) => indices.contains(&tile.texture_index.0),
            Self::IntGridValues(values) => tile
                .int_grid_value
                .is_some_and(|value| values.contains(&value)),
            Self::Predicate(predicate) => predicate(tile),
        }
    }
}
