//! Tiled maps as colliders (feature `tiled`): a physics back-end for `bevy_ecs_tiled`.
//!
//! Add `bevy_ecs_tiled`'s `TiledPlugin`, the [`SatPlugin`](crate::SatPlugin) and the
//! [`TiledCollidersPlugin`] (which adds `TiledPhysicsPlugin::<`[`TiledPhysicsSat2dBackend`]`>`),
//! spawn a `TiledMap`, and its colliders appear in the frame the map does, for the tile
//! layers and objects that pass the map's `TiledPhysicsSettings` filters (every one by
//! default):
//!
//! - **Tiles.** A tile whose tileset collision shapes include a rectangle over the
//!   whole tile is a solid cell: each tilemap's solid cells are merged into few
//!   rectangles by a [`TilemapColliders`](crate::tilemap::TilemapColliders) level, so
//!   a hit names its tile ([`TileCells`](crate::TileCells), then
//!   [`TilemapTiles`](crate::tilemap::TilemapTiles)) and despawning a tile entity opens
//!   its cell in the same frame. Every other collision shape of a tile (rectangles,
//!   ellipses, capsules, polygons, concave ones too, polylines) is a static collider on
//!   each tile using it, flipped with the tile, named by [`TiledTileShape`] and
//!   despawned with its tile.
//! - **Objects.** Rectangles, ellipses (a circle when round, else a polygon of
//!   [`ELLIPSE_POINTS`] corners), capsules and polygons (concave ones too) become one
//!   static collider each, a child of the object's entity; a polyline becomes one
//!   polygon, the band [`TiledPhysicsSat2dBackend::polyline_thickness`] wide under it,
//!   so its segments join without seams; a tile object gets its tile's shapes; points
//!   and text boxes get none. [`TiledObjects`] finds an object's name and properties
//!   from its collider.
//! - **Errors.** A shape sat2d refuses (a polygon that crosses itself, say) gives a
//!   [`TiledCollidersError`] naming the map's file and the object, on the object's (or
//!   the tilemap's) entity and in the log; the rest of the map keeps its colliders.
//!
//! Not supported: isometric and hexagonal maps (a [`TiledCollidersError::NotSquare`]),
//! tiles larger than the map's cells as whole cells (their shapes are placed as shapes),
//! and changes to a tileset's shapes while the map is loaded (reload the map). The
//! `geo` polygons `bevy_ecs_tiled` hands to back-ends are not used: set
//! `simplify_geometry: false` in the map's `TiledPhysicsSettings` to skip their union.
//!
//! ```no_run
//! use bevy::prelude::*;
//! use bevy_sat2d::prelude::*;
//! use bevy_sat2d::bevy_ecs_tiled::prelude::*;
//! use bevy_sat2d::tiled::TiledCollidersPlugin;
//!
//! fn spawn_map(mut commands: Commands, assets: Res<AssetServer>) {
//!     commands.spawn(TiledMap(assets.load("maps/cave.tmx")));
//! }
//!
//! App::new()
//!     .add_plugins((DefaultPlugins, TiledPlugin::default(), SatPlugin::default(), TiledCollidersPlugin))
//!     .add_systems(Startup, spawn_map)
//!     .run();
//! ```

mod build_objects;
mod build_tile_layers;
mod object_shapes;
mod sat2d_backend;
mod tile_shapes;
mod tiled_colliders_error;
mod tiled_colliders_plugin;
mod tiled_objects;
mod tiled_tile_shape;

pub use object_shapes::ELLIPSE_POINTS;
pub use sat2d_backend::TiledPhysicsSat2dBackend;
pub use tiled_colliders_error::TiledCollidersError;
pub use tiled_colliders_plugin::TiledCollidersPlugin;
pub use tiled_objects::{TiledObjectInfo, TiledObjects};
pub use tiled_tile_shape::{TiledTileShape, TiledTileShapes};
