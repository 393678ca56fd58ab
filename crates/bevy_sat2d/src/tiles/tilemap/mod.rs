//! `bevy_ecs_tilemap` maps as tile levels (feature `bevy_ecs_tilemap`).
//!
//! Put [`TilemapColliders`] on a tilemap entity and add the [`TilemapCollidersPlugin`]:
//! the tiles matching its [`TileRule`] (every tile, a set of texture indices, or a
//! function of the tile) become a [`TileLevel`](crate::TileLevel) on the tilemap
//! entity, merged into few static colliders placed where the map is. Adding or
//! despawning tiles, or changing their texture index, rebuilds only their chunks in
//! the same frame. [`TileCells`](crate::TileCells) names the cell a hit lands on;
//! [`TilemapTiles`] turns it into the tile's `TilePos` and entity. Tiles of a second
//! rule can be one-way platforms ([`OneWayTiles`]).
//!
//! Only square maps are supported. An isometric or hexagonal map gets no colliders:
//! a [`TilemapCollidersError`] component on the map, and an error in the log.
//!
//! ```
//! use bevy::prelude::*;
//! use bevy_sat2d::prelude::*;
//! use bevy_sat2d::bevy_ecs_tilemap::prelude::*;
//! use bevy_sat2d::tilemap::{TileRule, TilemapColliders, TilemapCollidersPlugin};
//!
//! let mut app = App::new();
//! app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default(), TilemapCollidersPlugin::default()));
//! // A 4 × 2 map, 16-unit tiles: a full floor of texture 0, one crate (texture 7) on it.
//! let size = TilemapSize { x: 4, y: 2 };
//! let tilemap = app.world_mut().spawn_empty().id();
//! let mut storage = TileStorage::empty(size);
//! for (x, y, texture) in [(0, 0, 0), (1, 0, 0), (2, 0, 0), (3, 0, 0), (2, 1, 7)] {
//!     let position = TilePos { x, y };
//!     let tile = app.world_mut().spawn((position, TilemapId(tilemap), TileTextureIndex(texture))).id();
//!     storage.set(&position, tile);
//! }
//! app.world_mut().entity_mut(tilemap).insert((
//!     storage, size, TilemapGridSize { x: 16.0, y: 16.0 }, TilemapTileSize { x: 16.0, y: 16.0 },
//!     TilemapType::Square, Transform::default(),
//!     TilemapColliders::new(TileRule::textures([0])), // crates are no walls
//! ));
//! app.update();
//! let level = app.world().get::<TileLevel>(tilemap).unwrap();
//! assert_eq!(level.grid().solid_count(), 4);
//! assert_eq!(level.collider_count(), 1); // the floor, one rectangle
//! ```

mod one_way_tiles;
mod sync_tilemap_levels;
mod tile_rule;
mod tilemap_colliders;
mod tilemap_colliders_plugin;
mod tilemap_grid;
mod tilemap_tiles;

pub use one_way_tiles::{OneWayTileLevel, OneWayTiles};
pub use tile_rule::{TileRule, TileView};
pub use tilemap_colliders::{TilemapColliders, TilemapCollidersError};
pub use tilemap_colliders_plugin::TilemapCollidersPlugin;
pub use tilemap_tiles::{TilemapTile, TilemapTiles};
