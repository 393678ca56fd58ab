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
use bevy::ecs::lifecycle::HookContext;
use bevy::ecs::world::DeferredWorld;

use crate::world::collision_world::CollisionWorld;

/// `Collider`'s remove hook (removal and despawn): queues the entity's record to be
/// forgotten at the next sync, which ends its pairs.
pub(crate) fn queue_removed_collider(mut world: DeferredWorld, context: HookContext) {
    let Some(mut collision_world) = world.get_resource_mut::<CollisionWorld>() else {
        return; // no plugin in this world
    };
    let world = collision_world.bypass_change_detection();
    let Some(placed) = world.record_mut(context.entity) else {
        return; // never synced: it has no pairs to end
    };
    if !placed.removal_queued {
        placed.removal_queued = true;
        world.removed.push(context.entity);
    }
}

/// The remove hook of `StaticCollider`, `ColliderOf` and `CollisionExclusions`: queues
/// the entity for the next sync to place its collider again, now without the component
/// (one added or changed is seen by `Changed`, which, unlike a removal, no skipped frame
/// can lose).
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
