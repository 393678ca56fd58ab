//! Stage 1, [`SatSystems::SyncColliders`](crate::SatSystems): colliders into the broad
//! phase, re-inserting only those whose shape, transform or layers changed.

use bevy::platform::time::Instant;
use bevy::prelude::*;
use sat2d::broad_phase::{Bounds, BroadPhase, Mobility};

use crate::collision_world::PlacedCollider;
use crate::placement::placement;
use crate::{Collider, CollisionLayers, CollisionWorld, SatConfig, SatDiagnostics, StaticCollider};

type ColliderQuery<'w, 's> = Query<
    'w,
    's,
    (
        Entity,
        Ref<'static, Collider>,
        Ref<'static, GlobalTransform>,
        Ref<'static, CollisionLayers>,
        Has<StaticCollider>,
    ),
>;

/// Forgets removed colliders, then places new and changed ones.
pub(crate) fn sync_colliders(
    mut world: ResMut<CollisionWorld>,
    mut diagnostics: ResMut<SatDiagnostics>,
    mut removed: RemovedComponents<Collider>,
    colliders: ColliderQuery,
    config: Res<SatConfig>,
) {
    let start = Instant::now();
    let world = &mut *world;
    if config.is_changed() && world.grid.cell_size() != config.cell_size {
        world.grid.set_cell_size(config.cell_size);
    }
    world.step += 1;
    world.forgotten.clear();
    for entity in removed.read() {
        world.forget(entity);
    }
    let (mut moved, mut skipped) = (0, 0);
    for (entity, collider, global, layers, is_static) in &colliders {
        let mobility = if is_static {
            Mobility::Static
        } else {
            Mobility::Moving
        };
        let new = !world.id_of.contains_key(&entity);
        let id = world.id_for(entity, mobility, collider.shape());
        let step = world.step;
        let placed = world.colliders[id as usize]
            .as_mut()
            .expect("id_for places a collider");
        let changed = new
            || collider.is_changed()
            || global.is_changed()
            || layers.is_changed()
            || placed.mobility != mobility;
        if !changed {
            skipped += usize::from(placed.bounds.is_none());
            continue;
        }
        match place(placed, &collider, &global, *layers, mobility, step) {
            Some(bounds) => {
                let result = if world.grid.get(id).is_some() {
                    world
                        .grid
                        .update(id, bounds)
                        .and_then(|()| world.grid.set_mobility(id, mobility))
                } else {
                    world.grid.insert(id, bounds, mobility)
                };
                if let Err(error) = result {
                    warn!("bevy_sat2d: {entity}: {error}; skipped");
                    world.grid.remove(id);
                    world.colliders[id as usize]
                        .as_mut()
                        .expect("placed above")
                        .bounds = None;
                    skipped += 1;
                } else {
                    moved += 1;
                }
            }
            None => {
                world.grid.remove(id);
                skipped += 1;
            }
        }
    }
    diagnostics.colliders = world.grid.len();
    diagnostics.moved = moved;
    diagnostics.skipped = skipped;
    diagnostics.sync_time = start.elapsed();
}

/// Updates `placed` from the entity's components and returns its new bounds, or `None`
/// (with one warning per entity) when the transform cannot place it.
fn place(
    placed: &mut PlacedCollider,
    collider: &Ref<Collider>,
    global: &GlobalTransform,
    layers: CollisionLayers,
    mobility: Mobility,
    step: u64,
) -> Option<Bounds> {
    placed.changed_step = step;
    placed.layers = layers;
    placed.mobility = mobility;
    let entity = placed.entity;
    let Some((iso, scale)) = placement(global) else {
        if !placed.warned {
            warn!(
                "bevy_sat2d: {entity} has a non-finite or zero-scale GlobalTransform; \
                 its collider is skipped until the transform is valid"
            );
            placed.warned = true;
        }
        placed.bounds = None;
        // Rebuild the scaled shape once the transform is valid again.
        placed.scale = Vec2::ZERO;
        return None;
    };
    if collider.is_changed() || placed.scale != scale {
        let source = collider.shape();
        if !source.scales_exactly(scale) && !placed.warned {
            warn!(
                "bevy_sat2d: {entity} has a {:?} collider under non-uniform scale {scale}; \
                 it uses the larger factor",
                source.kind()
            );
            placed.warned = true;
        }
        let scaled = if scale == Vec2::ONE {
            Ok(source.clone())
        } else {
            source.try_scaled(scale)
        };
        match scaled {
            Ok(shape) => placed.shape = shape,
            Err(error) => {
                if !placed.warned {
                    warn!("bevy_sat2d: {entity}: scaling its collider by {scale} failed: {error}");
                    placed.warned = true;
                }
                placed.bounds = None;
                return None;
            }
        }
        placed.scale = scale;
    }
    placed.iso = iso;
    let bounds = Bounds::of(&placed.shape, &iso);
    placed.bounds = Some(bounds);
    Some(bounds)
}
