//! [`TiledCollidersPlugin`]: sat2d colliders for Tiled maps loaded by `bevy_ecs_tiled`.

use bevy::prelude::*;
use bevy_ecs_tiled::prelude::{TiledPhysicsPlugin, TiledPreUpdateSystems};

use super::build_objects::{build_object_colliders, mark_polylines};
use super::build_tile_layers::build_tile_layers;
use super::sat2d_backend::TiledPhysicsSat2dBackend;
use crate::tiles::step_schedule::add_plugin_once;
use crate::tiles::tilemap::TilemapCollidersPlugin;

/// Gives the Tiled maps that `bevy_ecs_tiled` spawns sat2d colliders: adds
/// `TiledPhysicsPlugin::<`[`TiledPhysicsSat2dBackend`]`>` (the back-end, and the
/// `TiledPhysicsSettings` on each map with its filters), the
/// [`TilemapCollidersPlugin`] in `PostUpdate` (unless the app has one: add
/// [`TilemapCollidersPlugin::fixed`] first beside
/// [`SatPlugin::fixed`](crate::SatPlugin::fixed)), and the systems that build the
/// colliders in `PreUpdate`, right after `bevy_ecs_tiled` asks for them: a map spawned
/// in one frame collides in that frame's step.
///
/// Add it beside `TiledPlugin` and the [`SatPlugin`](crate::SatPlugin); see the
/// [module doc](super) for what each part of a map becomes.
///
/// ```
/// use bevy::prelude::*;
/// use bevy_sat2d::prelude::*;
/// use bevy_sat2d::tiled::TiledCollidersPlugin;
/// let mut app = App::new();
/// app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default(), TiledCollidersPlugin));
/// assert!(app.is_plugin_added::<bevy_sat2d::tilemap::TilemapCollidersPlugin>());
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct TiledCollidersPlugin;

impl Plugin for TiledCollidersPlugin {
    fn build(&self, app: &mut App) {
        add_plugin_once(
            app,
            TiledPhysicsPlugin::<TiledPhysicsSat2dBackend>::default(),
        );
        add_plugin_once(app, TilemapCollidersPlugin::default());
        app.add_systems(
            PreUpdate,
            mark_polylines.in_set(TiledPreUpdateSystems::SpawnPhysicsColliders),
        )
        .add_systems(
            PreUpdate,
            (build_tile_layers, build_object_colliders).in_set(TiledPreUpdateSystems::Last),
        );
    }
}
