//! [`TiledTileShape`]: a collider standing for a collision shape of one tile.

use bevy::prelude::*;
use bevy_ecs_tiled::prelude::TilePos;
use bevy_ecs_tiled::prelude::tiled::TileId;

/// On each collider made from a tileset tile's collision shape that is not a whole
/// cell (a slope, a ledge, a round post): the tile it belongs to. The collider is a
/// child of the tile's tilemap and is despawned with the tile (a Bevy relationship:
/// the tile lists its shapes in [`TiledTileShapes`]).
///
/// Whole-cell tiles are merged into the tilemap's [`TileLevel`](crate::TileLevel)
/// instead; [`TileCells`](crate::TileCells) and
/// [`TilemapTiles`](crate::tilemap::TilemapTiles) name those.
///
/// ```
/// use bevy::prelude::*;
/// use bevy_sat2d::prelude::*;
/// use bevy_sat2d::tiled::TiledTileShape;
/// // Which tile a ray fired down from the origin lands on, if a shaped one.
/// fn shaped_tile_below(query: SpatialQuery, shapes: Query<&TiledTileShape>) {
///     let filter = QueryFilter::default();
///     if let Some((collider, _)) = query.cast_ray(Vec2::ZERO, Dir2::NEG_Y, 500.0, &filter)
///         && let Ok(shape) = shapes.get(collider)
///     {
///         info!("tile {} at {:?}", shape.tile_id, shape.position);
///     }
/// }
/// # bevy::ecs::system::assert_is_system(shaped_tile_below);
/// ```
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
#[relationship(relationship_target = TiledTileShapes)]
pub struct TiledTileShape {
    /// The tile entity.
    #[relationship]
    pub tile: Entity,
    /// Where the tile sits in its tilemap.
    pub position: TilePos,
    /// The tile's id in its tileset.
    pub tile_id: TileId,
}

/// On a tile entity: the colliders of its collision shapes ([`TiledTileShape`]),
/// despawned with it.
#[derive(Component, Debug)]
#[relationship_target(relationship = TiledTileShape, linked_spawn)]
pub struct TiledTileShapes(Vec<Entity>);

impl TiledTileShapes {
    /// The collider entities.
    #[must_use]
    pub fn colliders(&self) -> &[Entity] {
        &self.0
    }
}
