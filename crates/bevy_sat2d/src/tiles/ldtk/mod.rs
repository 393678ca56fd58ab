//! LDtk projects as tile levels (feature `ldtk`, through `bevy_ecs_ldtk` 0.15).
//!
//! LDtk's IntGrid layers are collision layers by design: each cell holds a value the
//! project defines (1 = wall, 2 = platform, ...). `bevy_ecs_ldtk` spawns each IntGrid
//! layer as a `bevy_ecs_tilemap` tilemap whose tiles carry an `IntGridCell`; add the
//! [`LdtkCollidersPlugin`] and each such layer becomes a [`TileLevel`](crate::TileLevel)
//! through [`TilemapColliders`](crate::tilemap::TilemapColliders), with a rule on the
//! IntGrid value ([`TileRule::IntGridValues`](crate::tilemap::TileRule::IntGridValues)):
//!
//! - the [`LdtkColliders`] resource says which values are walls and which are one-way
//!   platforms ([`OneWayPlatform`](crate::OneWayPlatform) colliders, merged apart on a
//!   child of the layer), and which layers count;
//! - the colliders appear in the frame `bevy_ecs_ldtk` spawns the level, are placed
//!   where its layers are, and go when the level despawns (another level selected,
//!   the project reloaded);
//! - digging works as on any tilemap: despawn a tile entity (or change its
//!   `IntGridCell`) and only its chunk is rebuilt, in the same frame;
//! - [`TileCells`](crate::TileCells) and [`TilemapTiles`](crate::tilemap::TilemapTiles)
//!   name the tile a hit lands on (`TilePos` and entity; its `IntGridCell` says what it
//!   is).
//!
//! Layers keep `bevy_ecs_ldtk`'s placement (cell `(0, 0)` at the level's lower-left
//! corner, one cell per grid cell, y up). Not supported: entity layers (their shapes
//! are the game's), `AutoLayer` and `Tiles` layers (they hold no IntGrid value), and
//! levels merged across their borders: each level is its own tile level, so two
//! levels side by side in LDtk's world (`LevelSpawnBehavior::UseWorldTranslation`)
//! meet at a seam.
//!
//! ```no_run
//! use bevy::prelude::*;
//! use bevy_sat2d::bevy_ecs_ldtk::prelude::*;
//! use bevy_sat2d::ldtk::{LdtkColliders, LdtkCollidersPlugin};
//! use bevy_sat2d::prelude::*;
//!
//! fn spawn_world(mut commands: Commands, assets: Res<AssetServer>) {
//!     commands.spawn(LdtkWorldBundle {
//!         ldtk_handle: assets.load("levels/caves.ldtk").into(),
//!         ..default()
//!     });
//! }
//!
//! App::new()
//!     .add_plugins((DefaultPlugins, LdtkPlugin, SatPlugin::default(), LdtkCollidersPlugin::default()))
//!     // IntGrid value 1 is a wall, 2 a platform solid from above.
//!     .insert_resource(LdtkColliders::walls([1]).with_one_way([2]))
//!     .insert_resource(LevelSelection::index(0))
//!     .add_systems(Startup, spawn_world)
//!     .run();
//! ```

mod ldtk_colliders;
mod ldtk_colliders_plugin;

pub use ldtk_colliders::LdtkColliders;
pub use ldtk_colliders_plugin::LdtkCollidersPlugin;
