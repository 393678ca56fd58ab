//! [`move_movers`]: the system that runs every [`CharacterMover`].

use std::sync::Arc;

use bevy::ecs::entity::EntityHashSet;
use bevy::ecs::system::ParallelCommands;
use bevy::math::Vec3A;
use bevy::prelude::*;
use sat2d::Shape;

use super::platform_carry::{carry, ground_motion};
use super::{CharacterMover, MoverOutput, OneWayPlatform, move_and_slide};
use crate::components::collider::Collider;
use crate::components::collision_exclusions::CollisionExclusions;
use crate::query::query_filter::QueryFilter;
use crate::query::spatial_query::SpatialQuery;
use crate::world::placement::placement;

/// Moves every [`CharacterMover`] by its [`translation`](CharacterMover::translation)
/// with [`move_and_slide`], writes its [`MoverOutput`], and adds the move to its
/// `Transform` and `GlobalTransform`.
///
/// # When it runs, and what it sees
///
/// [`CharacterMoverPlugin`](super::CharacterMoverPlugin) runs it in the collision
/// step's schedule (`PostUpdate` by default) after
/// [`SatSystems::SyncColliders`](crate::SatSystems) and before the broad phase, so:
///
/// - the movers see every collider as this step placed it, new ones included: a level
///   spawned in the same frame as the character (in `Startup`, say) is there for the
///   character's first move;
/// - a translation set in `Update` (or `FixedUpdate` with
///   [`SatPlugin::fixed`](crate::SatPlugin::fixed)) moves the character in the same
///   frame, and this step's pairs and collision events see where the mover ended (its
///   collider is moved in the [`CollisionWorld`](crate::CollisionWorld) right after);
/// - the mover starts from its own `GlobalTransform` of this frame. Its casts see the
///   colliders its own collider would pair with: those on its
///   [`mask`](CharacterMover::mask)'s layers, not itself, not its body's parts
///   ([`ColliderOf`](crate::ColliderOf)), not what its [`CollisionExclusions`] list;
/// - everything else is where this frame put it; other movers are seen where they
///   started this step (movers run in parallel). A grounded mover is first carried by
///   the distance its ground moved this step, then moves, so it rides a moving
///   platform without sinking into it or hovering.
/// - while the mover passes through a [`OneWayPlatform`], the platform is in the mover's
///   [`CollisionExclusions`] (added if missing), so this step reports no contact for
///   the pair; it is taken out once the mover has left the platform
///   ([`MoverOutput::passing_through`]).
///
/// Children of a mover follow it from the next frame's propagation.
///
/// # Bad input
///
/// A mover without a [`Collider`] is skipped (its translation dropped) with one
/// warning for that entity; a non-finite translation is ignored with one warning.
///
/// Movers run in parallel on the `ComputeTaskPool`: each reads the last step's world
/// and writes only itself, so the order does not matter.
#[allow(clippy::type_complexity)]
pub fn move_movers(
    query: SpatialQuery,
    mut movers: Query<(
        Entity,
        &mut CharacterMover,
        &Collider,
        &mut Transform,
        &mut GlobalTransform,
        &mut MoverOutput,
        Option<&mut CollisionExclusions>,
    )>,
    new_exclusions: ParallelCommands,
    mut without_collider: Query<(Entity, &mut CharacterMover), Without<Collider>>,
    platforms: Query<&OneWayPlatform>,
    mut warned: Local<EntityHashSet>,
) {
    for (entity, mut mover) in &mut without_collider {
        mover.translation = None;
        if warned.insert(entity) {
            warn!("bevy_sat2d: {entity} has a CharacterMover but no Collider; it is not moved");
        }
    }
    let one_way = |entity: Entity| platforms.get(entity).ok().copied();
    // Each mover reads the last step's world and writes only itself: they run in
    // parallel, and the result does not depend on their order.
    movers.par_iter_mut().for_each(
        |(entity, mut mover, collider, mut transform, mut global, mut output, exclusions)| {
            let translation = mover.translation.take().unwrap_or(Vec2::ZERO);
            let Some((iso, scale)) = placement(&global) else {
                return;
            };
            let Some(shape) = mover_shape(&query, entity, collider, scale) else {
                return;
            };
            let filter = mover_filter(&query, entity, &mover, exclusions.as_deref(), &output);
            let settings = mover.settings;
            // Carried first by the ground it stood on, which the sync already placed
            // where it moved this step; then its own move, from there.
            let carried = output
                .ground
                .filter(|_| output.grounded)
                .map_or(Vec2::ZERO, |ground| {
                    let motion = ground_motion(&query, ground.entity);
                    carry(
                        &query,
                        &shape,
                        &iso,
                        motion,
                        &settings,
                        &filter,
                        ground.entity,
                        &one_way,
                    )
                });
            let from = sat2d::Iso {
                translation: iso.translation + carried,
                rotation: iso.rotation,
            };
            let mut moved = move_and_slide(
                &query,
                &shape,
                &from,
                translation,
                &settings,
                &filter,
                &one_way,
            );
            moved.translation += carried;
            if moved.translation != Vec2::ZERO {
                transform.translation += moved.translation.extend(0.0);
                let mut affine = global.affine();
                affine.translation += Vec3A::from(moved.translation.extend(0.0));
                *global = GlobalTransform::from(affine);
            }
            moved.passing_through = exclude_passed_platforms(
                entity,
                &output.passing_through,
                &moved.passing_through,
                exclusions,
                &new_exclusions,
            );
            *output = moved;
        },
    );
}

/// What a mover moves against: its mask's layers, except itself, its body's colliders
/// ([`ColliderOf`](crate::ColliderOf)) and the entities the game lists in its
/// [`CollisionExclusions`] (not the one-way platforms the mover put there while
/// passing through them, which it must still land on once out).
fn mover_filter<'a>(
    query: &SpatialQuery,
    entity: Entity,
    mover: &CharacterMover,
    exclusions: Option<&CollisionExclusions>,
    output: &MoverOutput,
) -> QueryFilter<'a> {
    let body = query
        .collision_world()
        .collider(entity)
        .map_or(entity, |placed| placed.body);
    let listed = exclusions
        .into_iter()
        .flat_map(|exclusions| exclusions.iter().copied())
        .filter(|excluded| !output.passing_through.contains(excluded));
    QueryFilter::default()
        .with_mask(mover.mask)
        .exclude(entity)
        .exclude(body)
        .exclude_all(listed)
}

/// Keeps the mover's [`CollisionExclusions`] listing the one-way platforms it is inside
/// (`inside`), so the step reports no contact while it passes through: adds the new
/// ones, removes those it added before (`ours`) and has left. An entry the game put
/// there itself is neither claimed nor removed. Returns the entries now the mover's.
fn exclude_passed_platforms(
    entity: Entity,
    ours: &[Entity],
    inside: &[Entity],
    exclusions: Option<Mut<CollisionExclusions>>,
    new_exclusions: &ParallelCommands,
) -> Vec<Entity> {
    if ours.is_empty() && inside.is_empty() {
        return Vec::new();
    }
    let Some(mut exclusions) = exclusions else {
        // The component arrives before the step syncs colliders (the plugin orders the
        // mover before it, and Bevy applies the commands in between).
        new_exclusions.command_scope(|mut commands| {
            commands
                .entity(entity)
                .insert(CollisionExclusions::from_iter(inside.iter().copied()));
        });
        return inside.to_vec();
    };
    let mut now_ours = Vec::with_capacity(inside.len());
    for &platform in inside {
        if ours.contains(&platform) || !exclusions.excludes(platform) {
            now_ours.push(platform);
        }
    }
    let changed = now_ours
        .iter()
        .any(|platform| !exclusions.excludes(*platform))
        || ours.iter().any(|platform| !inside.contains(platform));
    if changed {
        for platform in ours {
            if !inside.contains(platform) {
                exclusions.remove(platform);
            }
        }
        exclusions.extend(now_ours.iter().copied());
    }
    now_ours
}

/// The mover's shape at `scale`: the placed record's when the scale matches (shared,
/// no copy), else the collider's scaled.
fn mover_shape(
    query: &SpatialQuery,
    entity: Entity,
    collider: &Collider,
    scale: Vec2,
) -> Option<Arc<Shape>> {
    if let Some(placed) = query.collision_world().collider(entity)
        && placed.scale == scale
    {
        return Some(placed.shape.clone());
    }
    if scale == Vec2::ONE {
        return Some(Arc::new(collider.shape().clone()));
    }
    collider.shape().try_scaled(scale).ok().map(Arc::new)
}
