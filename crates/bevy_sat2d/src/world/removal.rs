//! Removals the step cannot miss: the remove hooks of [`Collider`](crate::Collider)
//! and of the components that change how it pairs ([`StaticCollider`],
//! [`ColliderOf`], [`CollisionExclusions`]) queue the entity in the [`CollisionWorld`],
//! and the next [`SatSystems::SyncColliders`](crate::SatSystems) drains the queues,
//! however many frames later that is.
//!
//! [`StaticCollider`]: crate::StaticCollider
//! [`ColliderOf`]: crate::ColliderOf
//! [`CollisionExclusions`]: crate::CollisionExclusions
//!
//! Bevy keeps `RemovedComponents` for two updates only, so a step that skips frames (a
//! run condition, a fixed schedule at a high frame rate, [`SatConfig::enabled`] off)
//! would never see a collider despawned in the gap, and its pairs would never end.
//! A remove hook runs for every removal and every despawn, as it happens; it belongs to
//! the component, so no observer entity can be despawned with it.
//!
//! Only colliders the plugin has a record of are queued, each at most once, so the
//! queues stay no longer than the number of colliders however long the step pauses.
//!
//! [`SatConfig::enabled`]: crate::SatConfig::enabled

use bevy::ecs::change_detection::DetectChangesMut;
use bevy::ecs::component::ComponentId;
use bevy::ecs::entity_disabling::DefaultQueryFilters;
use bevy::ecs::lifecycle::HookContext;
use bevy::ecs::world::DeferredWorld;
use bevy::prelude::*;

use crate::world::collision_world::CollisionWorld;
use crate::world::placed_translation::PlacedTranslation;

/// `Collider`'s remove hook (removal and despawn): queues the entity's record to be
/// forgotten at the next sync, which ends its pairs.
pub(crate) fn queue_removed_collider(mut world: DeferredWorld, context: HookContext) {
    queue_removal(&mut world, context.entity);
}

/// Queues `entity`'s record, if it has one, to be forgotten at the next sync, and
/// forgets where it was (a collider that comes back is not swept from there).
fn queue_removal(world: &mut DeferredWorld, entity: Entity) {
    if let Some(mut placed_translation) = world.get_mut::<PlacedTranslation>(entity) {
        placed_translation.set_if_neq(PlacedTranslation(None));
    }
    let Some(mut collision_world) = world.get_resource_mut::<CollisionWorld>() else {
        return; // no plugin in this world
    };
    let world = collision_world.bypass_change_detection();
    let Some(placed) = world.record_mut(entity) else {
        return; // never synced: it has no pairs to end
    };
    if !placed.removal_queued {
        placed.removal_queued = true;
        world.removed.push(entity);
    }
}

/// An observer: a collider that gets Bevy's [`Disabled`] (as bevy_ggrs's
/// `despawn_rollback` gives it) counts as removed: its pairs end at the next sync and
/// nothing tests it (the step's queries do not see disabled entities).
/// Watches every disabling component registered when it runs, at startup (Bevy's
/// `Disabled`, bevy_ggrs's `RollbackDespawned`, which its `despawn_rollback` inserts):
/// a collider disabled by any of them counts as removed, and is placed anew when no
/// disabling component is left on it.
pub(crate) fn observe_disabling_components(world: &mut World) {
    let disabling: Vec<ComponentId> = world
        .resource::<DefaultQueryFilters>()
        .disabling_ids()
        .collect();
    world.spawn(Observer::new(forget_disabled_collider).with_components(disabling.clone()));
    world.spawn(Observer::new(place_enabled_collider).with_components(disabling));
}

fn forget_disabled_collider(event: On<Insert>, mut world: DeferredWorld) {
    queue_removal(&mut world, event.entity);
}

fn place_enabled_collider(event: On<Remove>, mut world: DeferredWorld) {
    let entity = event.entity;
    let Ok(entity_ref) = world.get_entity(entity) else {
        return;
    };
    // The component being removed is still there: another one keeps it disabled.
    let disabled_by = world
        .resource::<DefaultQueryFilters>()
        .disabling_ids()
        .filter(|&id| entity_ref.contains_id(id))
        .count();
    if disabled_by > 1 {
        return;
    }
    let Some(mut collision_world) = world.get_resource_mut::<CollisionWorld>() else {
        return;
    };
    let world = collision_world.bypass_change_detection();
    if !world.refreshed.contains(&entity) {
        world.refreshed.push(entity);
    }
}

pub(crate) fn queue_collider_refresh(mut world: DeferredWorld, context: HookContext) {
    let Some(mut collision_world) = world.get_resource_mut::<CollisionWorld>() else {
        return;
    };
    let world = collision_world.bypass_change_detection();
    let Some(placed) = world.record_mut(context.entity) else {
        return;
    };
    if !placed.refresh_queued {
        placed.refresh_queued = true;
        world.refreshed.push(context.entity);
    }
}

#[cfg(test)]
mod tests;
