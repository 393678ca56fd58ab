//! [`TileCollider`], on each collider a [`TileLevel`](crate::TileLevel) spawns, and
//! [`TileHit`], the cell a hit on one names.

use bevy::prelude::*;
use sat2d::tile_grid::TileRect;

/// On each collider a [`TileLevel`](crate::TileLevel) spawns: the level and the
/// rectangle of cells the collider stands for. [`TileCells`](crate::TileCells) reads it
/// to turn a hit on the collider into the cell it landed on.
///
/// The plugin spawns and despawns these colliders as the level changes; a game reads
/// them (to tell a tile hit from any other, say) and leaves them alone.
///
/// ```
/// use bevy::prelude::*;
/// use bevy_sat2d::prelude::*;
/// fn count_tile_colliders(tiles: Query<&TileCollider>) {
///     for tile in &tiles {
///         info!("level {}: {} cells from {}", tile.level, tile.rect.cell_count(), tile.rect.min);
///     }
/// }
/// # bevy::ecs::system::assert_is_system(count_tile_colliders);
/// ```
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileCollider {
    /// The level entity: the collider's body, which places it.
    pub level: Entity,
    /// The cells it covers, all solid when it was spawned.
    pub rect: TileRect,
}

/// A cell of a level, named by a hit: the level's entity and the cell's column and row
/// (cell `(0, 0)` is the lower-left one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TileHit {
    /// The entity holding the [`TileLevel`](crate::TileLevel).
    pub level: Entity,
    /// The cell.
    pub cell: UVec2,
}
