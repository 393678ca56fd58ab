//! Tile levels: a level built from a grid of solid and empty cells becomes few
//! colliders, which still name the cell a hit lands on, and changing cells at run time
//! (destructible terrain) rebuilds only the chunks that changed.
//!
//! # Building a level
//!
//! Build a [`TileGrid`](sat2d::tile_grid::TileGrid) (from text, from one `bool` per
//! cell, or cell by cell), put a [`TileLevel`] of it on an entity with a `Transform`,
//! and add the [`TileLevelPlugin`] beside the [`SatPlugin`](crate::SatPlugin). The grid
//! is merged into rectangles, chunk by chunk (64 cells a side by default, see
//! [`sat2d::tile_grid`]), and the plugin spawns one collider per rectangle:
//!
//! - a [`Collider`](crate::Collider) rectangle of the rectangle's size and a
//!   [`StaticCollider`](crate::StaticCollider) marker: level geometry, never paired
//!   with other statics;
//! - [`ColliderOf`](crate::ColliderOf)`(level)`: the rectangles form one body, so they
//!   never pair with each other;
//! - a [`TileCollider`] naming the level and the rectangle;
//! - a `Transform` in the world frame: the level's placement (its `Transform` composed
//!   with its ancestors') moved to the rectangle's centre in the level's frame, where
//!   cell `(0, 0)`'s lower-left corner lies at the grid's origin (zero by default), y up.
//!
//! The colliders are not children of the level, so that a dig touching a few of them
//! does not make Bevy revisit all of them (a level of 7,545 colliders swaps 100 changed
//! tiles' colliders in well under a millisecond). The plugin moves them when the level,
//! or an ancestor, moves, and despawns them with the level.
//!
//! The colliders are spawned before transform propagation, in the step's schedule, so
//! a level spawned in `Startup` collides in the first frame's step.
//!
//! # Naming the cell a hit lands on
//!
//! [`TileCells`], a system parameter, turns hits on tile colliders into [`TileHit`]s
//! (level and cell): [`CollisionEvent`](crate::CollisionEvent) contacts,
//! [`CollisionStarted`](crate::CollisionStarted) observer events, ray and shape-cast
//! hits of the [`SpatialQuery`](crate::SpatialQuery), and overlaps (every solid cell a
//! shape touches). The point goes into the level's frame through the collider's
//! placement, and [`TileRect::hit_cell`](sat2d::tile_grid::TileRect::hit_cell) picks the
//! cell; on a line between two cells, the normal picks the side it points into.
//!
//! # Changing cells
//!
//! [`TileLevel::set_cell`] and [`TileLevel::set_cells`] change cells and rebuild the
//! merged rectangles of their chunks at once; the plugin's next pass despawns the
//! colliders whose rectangles are gone and spawns colliders for the new ones. A cell
//! outside the grid is a [`TileGridError`](sat2d::tile_grid::TileGridError), never a
//! panic, and changes nothing. The other colliders keep their entities (and their
//! pairs: a character standing elsewhere sees no `Ended`). Change cells before the
//! step's schedule (in `Update`, or `FixedUpdate` with [`TileLevelPlugin::fixed`]) and
//! the step sees the new terrain.
//!
//! ```
//! use bevy::prelude::*;
//! use bevy_sat2d::prelude::*;
//! use bevy_sat2d::sat2d::tile_grid::TileGrid;
//!
//! fn spawn_level(mut commands: Commands) {
//!     let grid = TileGrid::try_from_text("
//! ..XX..
//! XXXXXX
//! ", 'X', Vec2::splat(16.0)).expect("a rectangular grid");
//!     commands.spawn((TileLevel::new(grid), Transform::from_xyz(-48.0, -100.0, 0.0)));
//! }
//!
//! // A ray fired down digs out the tile it hits.
//! fn dig(query: SpatialQuery, mut cells: TileCells) {
//!     let filter = QueryFilter::default();
//!     let Some((entity, hit)) = query.cast_ray(Vec2::ZERO, Dir2::NEG_Y, 500.0, &filter) else {
//!         return;
//!     };
//!     if let Some(tile) = cells.ray_cell(entity, &hit) {
//!         if let Err(error) = cells.set_cell(tile, false) {
//!             warn!("not dug: {error}");
//!         }
//!     }
//! }
//!
//! let mut app = App::new();
//! app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default(), TileLevelPlugin::default()))
//!     .add_systems(Startup, spawn_level)
//!     .add_systems(Update, dig);
//! app.update(); // the level is spawned and placed; `Update` ran before it was
//! app.update(); // `dig` hits the block, and the step sees the hole
//! let mut levels = app.world_mut().query::<&TileLevel>();
//! let level = levels.single(app.world()).unwrap();
//! assert_eq!(level.grid().solid_count(), 7);
//! ```

#[cfg(feature = "ldtk")]
pub mod ldtk;
pub(crate) mod level_placement;
pub(crate) mod step_schedule;
pub(crate) mod tile_cells;
pub(crate) mod tile_collider;
pub(crate) mod tile_level;
pub(crate) mod tile_level_plugin;
#[cfg(feature = "tiled")]
pub mod tiled;
#[cfg(feature = "bevy_ecs_tilemap")]
pub mod tilemap;
