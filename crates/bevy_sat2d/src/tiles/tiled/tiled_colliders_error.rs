//! [`TiledCollidersError`]: why a Tiled object or tile shape got no collider.

use std::path::PathBuf;

use bevy::prelude::*;
use sat2d::ShapeError;

/// Why part of a Tiled map got no collider: the map's file, the object or tile shape,
/// and what sat2d refused. Inserted on the object's entity (for a tile shape, the
/// tilemap's) and logged as an error; the rest of the map keeps its colliders.
///
/// ```
/// use std::path::PathBuf;
/// use bevy_sat2d::sat2d::ShapeError;
/// use bevy_sat2d::tiled::TiledCollidersError;
/// let error = TiledCollidersError::Object {
///     map: PathBuf::from("levels/cave.tmx"),
///     object_id: 7,
///     name: "spikes".into(),
///     source: ShapeError::ZeroArea,
/// };
/// assert!(error.to_string().starts_with("levels/cave.tmx: object 7 \"spikes\""));
/// ```
#[derive(Component, Clone, Debug, PartialEq, thiserror::Error)]
pub enum TiledCollidersError {
    /// A map object's shape makes no collider.
    #[error("{}: object {object_id} \"{name}\": {source}", map.display())]
    Object {
        /// The map's file.
        map: PathBuf,
        /// The object's id in the map.
        object_id: u32,
        /// The object's name.
        name: String,
        /// What sat2d refused.
        source: ShapeError,
    },
    /// A collision shape of a tileset's tile makes no collider.
    #[error(
        "{}: tileset \"{tileset}\", tile {tile_id}, collision object {object_id} \"{name}\": {source}",
        map.display()
    )]
    TileShape {
        /// The map's file.
        map: PathBuf,
        /// The tileset's name.
        tileset: String,
        /// The tile's id in its tileset.
        tile_id: u32,
        /// The collision object's id in the tile.
        object_id: u32,
        /// The collision object's name.
        name: String,
        /// What sat2d refused.
        source: ShapeError,
    },
    /// The map is isometric or hexagonal: its tiles' shapes get no colliders (only
    /// square maps are supported, as for
    /// [`TilemapColliders`](crate::tilemap::TilemapColliders)).
    #[error("{}: layer \"{layer}\": only square maps get tile colliders", map.display())]
    NotSquare {
        /// The map's file.
        map: PathBuf,
        /// The tile layer's name.
        layer: String,
    },
}
