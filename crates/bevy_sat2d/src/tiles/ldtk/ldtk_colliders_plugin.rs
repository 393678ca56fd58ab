//! [`LdtkCollidersPlugin`]: gives each IntGrid layer `bevy_ecs_ldtk` spawns the
//! [`TilemapColliders`](crate::tiles::tilemap::TilemapColliders) of the
//! [`LdtkColliders`] settings.

use bevy::ecs::schedule::InternedScheduleLabel;
use bevy::prelude::*;
use bevy_ecs_ldtk::LayerMetadata;
use bevy_ecs_ldtk::ldtk::Type;

use super::ldtk_colliders::LdtkColliders;
use crate::tiles::step_schedule::{add_plugin_once, impl_step_schedule};
use crate::tiles::tilemap::{TilemapColliders, TilemapCollidersPlugin};

/// Makes the IntGrid layers of LDtk levels tile levels: when `bevy_ecs_ldtk` spawns a
/// level, each of its IntGrid layers (a `bevy_ecs_tilemap` tilemap whose tiles carry
/// `IntGridCell`) gets the [`TilemapColliders`](crate::tiles::tilemap::TilemapColliders)
/// of the [`LdtkColliders`] resource (inserted with its default, value 1 a wall, if the
/// app has none), so its colliders collide in that frame's step. They are placed
/// where the layer is, and when the level despawns they go with it.
///
/// Adds the [`TilemapCollidersPlugin`] in the same schedule if the app has none. Add
/// `bevy_ecs_ldtk`'s `LdtkPlugin` yourself.
///
/// ```
/// use bevy::prelude::*;
/// use bevy_sat2d::prelude::*;
/// use bevy_sat2d::ldtk::{LdtkColliders, LdtkCollidersPlugin};
/// let mut app = App::new();
/// app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default(), LdtkCollidersPlugin::default()))
///     .insert_resource(LdtkColliders::walls([1]).with_one_way([2]));
/// ```
#[derive(Clone, Debug)]
pub struct LdtkCollidersPlugin {
    /// The schedule the levels are built in: the collision step's.
    pub schedule: InternedScheduleLabel,
}

impl_step_schedule!(LdtkCollidersPlugin, "building levels");

impl Plugin for LdtkCollidersPlugin {
    fn build(&self, app: &mut App) {
        let schedule = self.schedule;
        add_plugin_once(app, TilemapCollidersPlugin { schedule });
        app.init_resource::<LdtkColliders>()
            .add_observer(add_layer_colliders)
            .add_systems(
                Update,
                apply_ldtk_colliders.run_if(resource_changed::<LdtkColliders>),
            );
    }
}

/// Whether a layer with this metadata gets colliders under `settings`.
fn is_collision_layer(layer: &LayerMetadata, settings: &LdtkColliders) -> bool {
    layer.layer_instance_type == Type::IntGrid && settings.has_layer(&layer.identifier)
}

/// Gives a spawned IntGrid layer its colliders (an observer of `LayerMetadata`, which
/// `bevy_ecs_ldtk` inserts with the layer's tilemap).
fn add_layer_colliders(
    add: On<Add, LayerMetadata>,
    layers: Query<&LayerMetadata>,
    settings: Res<LdtkColliders>,
    mut commands: Commands,
) {
    let Ok(layer) = layers.get(add.entity) else {
        return;
    };
    if is_collision_layer(layer, &settings) {
        commands
            .entity(add.entity)
            .insert(settings.tilemap_colliders());
    }
}

/// Applies changed [`LdtkColliders`] to the layers already spawned: each collision
/// layer gets the new `TilemapColliders` (its levels are rebuilt), a layer no longer
/// named loses them.
fn apply_ldtk_colliders(
    layers: Query<(Entity, &LayerMetadata)>,
    settings: Res<LdtkColliders>,
    mut commands: Commands,
) {
    for (layer, metadata) in &layers {
        if is_collision_layer(metadata, &settings) {
            commands.entity(layer).insert(settings.tilemap_colliders());
        } else if metadata.layer_instance_type == Type::IntGrid {
            commands.entity(layer).try_remove::<TilemapColliders>();
        }
    }
}
