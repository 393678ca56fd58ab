//! [`TilemapCollidersPlugin`]: builds and updates the level of each tilemap with
//! [`TilemapColliders`](super::TilemapColliders), before the tile level plugin spawns
//! its colliders.

use bevy::ecs::schedule::InternedScheduleLabel;
use bevy::prelude::*;
use bevy::transform::TransformSystems;
use bevy_ecs_tilemap::tiles::TilePos;

use super::one_way_tiles::mark_one_way_colliders;
use super::sync_tilemap_levels::{
    RemovedTiles, build_tilemap_levels, record_removed_tile, remove_tilemap_levels,
    update_tilemap_levels,
};
use crate::tiles::step_schedule::{add_plugin_once, impl_step_schedule};
use crate::tiles::tile_level_plugin::{TileLevelPlugin, apply_tile_changes};

/// Turns tilemaps with [`TilemapColliders`](super::TilemapColliders) into
/// [`TileLevel`](crate::TileLevel)s and keeps them in line with their tiles. Adds the
/// [`TileLevelPlugin`] in the same schedule if the app has none.
///
/// Its systems run in `schedule` before the tile level plugin's
/// [`apply_tile_changes`] and transform propagation: a tile despawned in `Update`
/// leaves its hole in that frame's step. Use the step's schedule (`PostUpdate` by
/// default, [`Self::fixed`] beside [`SatPlugin::fixed`](crate::SatPlugin::fixed)).
///
/// ```
/// use bevy::prelude::*;
/// use bevy_sat2d::prelude::*;
/// use bevy_sat2d::tilemap::TilemapCollidersPlugin;
/// App::new().add_plugins((
///     MinimalPlugins,
///     TransformPlugin,
///     SatPlugin::default(),
///     TilemapCollidersPlugin::default(),
/// ));
/// ```
#[derive(Clone, Debug)]
pub struct TilemapCollidersPlugin {
    /// The schedule the levels are built in: the collision step's.
    pub schedule: InternedScheduleLabel,
}

impl_step_schedule!(TilemapCollidersPlugin, "building levels");

impl Plugin for TilemapCollidersPlugin {
    fn build(&self, app: &mut App) {
        let schedule = self.schedule;
        add_plugin_once(app, TileLevelPlugin { schedule });
        app.init_resource::<RemovedTiles>()
            .add_observer(record_removed_tile::<TilePos>)
            .add_observer(mark_one_way_colliders)
            .add_systems(
                self.schedule,
                (
                    remove_tilemap_levels,
                    build_tilemap_levels,
                    update_tilemap_levels,
                )
                    .chain()
                    .before(apply_tile_changes)
                    .before(TransformSystems::Propagate),
            );
        // A tile losing its IntGrid value leaves its cell too.
        #[cfg(feature = "ldtk")]
        app.add_observer(record_removed_tile::<bevy_ecs_ldtk::IntGridCell>);
    }
}
