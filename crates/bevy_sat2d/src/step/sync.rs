//! Stage 1, [`SatSystems::SyncColliders`](crate::SatSystems): colliders into the broad
//! phase, re-inserting only those whose shape, transform or layers changed, and noting
//! how far each [`SweptCollider`](crate::SweptCollider) moved.
//!
//! Moving colliders and [`StaticCollider`](crate::StaticCollider)s are found apart. The
//! moving ones go through a `Changed` query that leaves the static archetypes out
//! whole. The static ones are found by one read of their tables' change ticks
//! ([`changed_statics()`]): a settled level costs 4 bytes read per static and
//! component, a tight loop over arrays, and no static entity is fetched, placed or
//! otherwise visited unless it changed.

use bevy::ecs::system::{NonSendMarker, SystemParam};
use bevy::platform::time::Instant;
use bevy::prelude::*;
use sat2d::broad_phase::{
    BroadPhase, BroadPhaseError, CellSize, LocalBounds, Mobility, SpatialHashGrid,
};

use crate::diagnostics::SatDiagnostics;
use crate::sat_config::SatConfig;
#[cfg(doc)]
use crate::step::splits_over_threads;
use crate::world::collision_world::CollisionWorld;
use crate::world::placed_translation::PlacedTranslation;
use crate::world::sweep::Sweep;
use crate::world::warnings::Warning;

mod changed_statics;
mod collider_rows;
mod moving_rows;
mod new_place;
mod place_collider;
use changed_statics::{StaticColliders, changed_statics};
use collider_rows::{ChangedMovingColliders, ColliderChange, ColliderDataItem, ColliderQueries};
use moving_rows::{Halves, sync_moving_in_turn, sync_moving_on_two_threads};
use place_collider::place;

/// Syncs the collider `change` describes and writes where it is now into its
/// [`PlacedTranslation`] (`None` when it could not be placed); returns whether it is in
/// the broad phase at its new place.
fn sync_tracked(
    world: &mut CollisionWorld,
    change: &ColliderChange,
    placed_translation: Option<Mut<PlacedTranslation>>,
) -> bool {
    let moved = sync_collider(world, change);
    if let Some(mut placed_translation) = placed_translation {
        let now = world
            .record_mut(change.entity)
            .and_then(|placed| placed.bounds.map(|_| placed.iso.translation));
        placed_translation.set_if_neq(PlacedTranslation(now));
    }
    moved
}

/// What the sync reads and writes.
#[derive(SystemParam)]
pub(crate) struct SyncParameters<'w, 's> {
    /// The collision world.
    world: ResMut<'w, CollisionWorld>,
    /// The step's counters and timings.
    diagnostics: ResMut<'w, SatDiagnostics>,
    /// The moving colliders' queries.
    colliders: ColliderQueries<'w, 's>,
    /// The static colliders.
    statics: StaticColliders<'w, 's>,
    /// The settings.
    config: Res<'w, SatConfig>,
    /// The two threads' new places, kept for their room.
    halves: Local<'s, Halves>,
}

/// The sync in a scene whose sync stays on one thread: run where Bevy puts it, on a
/// pool thread, usually the one that just propagated the transforms it reads (their
/// lines still in its cache: 10k rotating colliders, sync 0.72–0.79 ms there against
/// 0.77–0.85 ms on the main thread). See [`sync`].
pub(crate) fn sync_colliders(parameters: SyncParameters) {
    sync(parameters, false);
}

/// The sync in a scene that splits it over two threads ([`on_two_threads`]): on the
/// main thread, which works through the compute pool with the pool's threads (see the
/// [step's docs](super)). See [`sync`].
pub(crate) fn sync_colliders_on_main_thread(
    _main_thread: NonSendMarker,
    parameters: SyncParameters,
) {
    sync(parameters, true);
}

/// Whether this step's sync splits its work over two threads, as the last step's end
/// decided ([`splits_over_threads`]): the run condition of the sync's two systems, one
/// answer for both within a step. Each system keeps its own change ticks, so the first
/// time one runs after the other it finds every collider changed since it last ran
/// (at its first run, every collider, its `Collider` new to it) and syncs them again
/// the one-thread way: the same places, once, as a scene crosses the line.
pub(crate) fn on_two_threads(world: Res<CollisionWorld>) -> bool {
    world.sync_on_two_threads
}

/// Forgets the colliders removed since the last sync (queued by their remove hooks, so
/// none is missed however many frames ago it went), then places new and changed ones
/// (and those whose `StaticCollider`, `ColliderOf` or `CollisionExclusions` came or
/// went). A `SweptCollider` that moved from a place the last step knew gets its motion
/// recorded, for the broad and narrow phases to sweep. With `two_threads` (and
/// [`SatConfig::parallel`] still on), the moving colliders' new places are worked out
/// on two threads.
fn sync(parameters: SyncParameters, two_threads: bool) {
    let SyncParameters {
        mut world,
        mut diagnostics,
        mut colliders,
        statics,
        config,
        mut halves,
    } = parameters;
    let start = Instant::now();
    let world = &mut *world;
    if config.is_changed() && world.grid.cell_size() != config.cell_size {
        apply_cell_size(&mut world.grid, config.cell_size);
    }
    world.step += 1;
    world.sweeps.clear();
    world.forgotten.clear();
    for index in 0..world.removed.len() {
        let entity = world.removed[index];
        world.forget(entity);
    }
    world.removed.clear();
    // Taken out while the loop below changes the world; put back, emptied, after it.
    let mut refreshed = std::mem::take(&mut world.refreshed);
    for &entity in &refreshed {
        if let Some(placed) = world.record_mut(entity) {
            placed.refresh_queued = false;
        }
    }
    let (mut moved, placed_on_two_threads) = if two_threads && config.parallel {
        sync_moving_on_two_threads(world, &mut colliders, &mut halves)
    } else {
        (sync_moving_in_turn(world, &mut colliders.p0()), 0)
    };
    changed_statics(&statics, |change| {
        moved += usize::from(sync_collider(world, &change));
    });
    let mut all = colliders.p1();
    for &entity in &refreshed {
        if let Ok((data, placed_translation)) = all.get_mut(entity) {
            let change = ColliderChange::with_translation(&data, placed_translation.as_deref());
            moved += usize::from(sync_tracked(world, &change, placed_translation));
        }
    }
    refreshed.clear();
    world.refreshed = refreshed;
    moved -= apply_moves(world);
    diagnostics.colliders = world.grid.len();
    diagnostics.moved = moved;
    diagnostics.skipped = world.tracked - world.grid.len();
    diagnostics.placed_on_two_threads = placed_on_two_threads;
    diagnostics.sync_time = start.elapsed();
}

/// Places the collider `change` describes (making its record if it is new); returns
/// whether it is in the broad phase at its new place. A collider already placed this
/// step (changed and re-marked) is left as it is.
fn sync_collider(world: &mut CollisionWorld, change: &ColliderChange) -> bool {
    let mobility = if change.is_static {
        Mobility::Static
    } else {
        Mobility::Moving
    };
    let entity = change.entity;
    let id = world.id_for(entity, mobility, change.collider.shared_shape());
    world.touched.push(id);
    let step = world.step;
    let placed = world.colliders[id as usize]
        .as_mut()
        .expect("id_for places a collider");
    if placed.changed_step == step && placed.bounds.is_some() {
        return false; // both changed and re-marked: placed once already
    }
    let (was_in_grid, old_mobility) = (placed.bounds.is_some(), placed.mobility);
    // Where it was last step: its `PlacedTranslation` (restored with a snapshot), or
    // without one the record's place, if it was placed then (a new record never was).
    let last = change
        .last_placed
        .unwrap_or(was_in_grid.then_some(placed.iso.translation));
    let start = last.filter(|_| change.is_swept);
    // Its rotation then: the record's, if it was placed (a restored snapshot keeps no
    // rotation, so without a placed record the sweep does not turn).
    let start_rotation = was_in_grid.then_some(placed.iso.rotation);
    let was_filtered = placed.is_filtered();
    placed.body = change.body.unwrap_or(entity);
    placed.has_exclusions = change.has_exclusions;
    let bounds = place(placed, change, mobility, step);
    let now_filtered = placed.is_filtered();
    // Only a moving collider is placed from its local bounds (`new_place`): a static
    // one neither needs them nor grows the list.
    let local_bounds = (mobility == Mobility::Moving)
        .then(|| LocalBounds::of(&placed.shape))
        .flatten();
    world.filtered_colliders =
        world.filtered_colliders + usize::from(now_filtered) - usize::from(was_filtered);
    if let Some(slot) = world.local_bounds.get_mut(id as usize) {
        *slot = local_bounds;
    } else if local_bounds.is_some() {
        world.local_bounds.resize(world.colliders.len(), None);
        world.local_bounds[id as usize] = local_bounds;
    }
    let result = match bounds {
        // Moved within its mobility: queued, for the grid to apply every move of the
        // step in the spatial order of its cells (`apply_moves`).
        Some(bounds) if was_in_grid && old_mobility == mobility => {
            world.moves.push((id, bounds));
            Ok(())
        }
        Some(bounds) if was_in_grid => world.grid.update(id, bounds).and_then(|()| {
            if old_mobility == mobility {
                Ok(())
            } else {
                world.grid.set_mobility(id, mobility)
            }
        }),
        Some(bounds) => world.grid.insert(id, bounds, mobility),
        None => {
            world.grid.remove(id);
            return false;
        }
    };
    match result {
        Ok(()) => {
            if let Some(start) = start {
                record_sweep(world, id, start, start_rotation);
            }
            true
        }
        Err(error) => {
            skip_refused(world, &error);
            false
        }
    }
}

/// Has the grid apply the moves `sync_collider` queued (in its own order: see
/// [`BroadPhase::update_many`]); returns how many it refused, each skipped with a
/// warning and its sweep dropped.
fn apply_moves(world: &mut CollisionWorld) -> usize {
    let mut refused = std::mem::take(&mut world.refused_moves);
    world.grid.update_many(&world.moves, &mut refused);
    world.moves.clear();
    for error in &refused {
        skip_refused(world, error);
        world.sweeps.retain(|sweep| sweep.id != error.id());
    }
    let count = refused.len();
    refused.clear();
    world.refused_moves = refused;
    count
}

/// Takes the collider the grid refused out of it (warning once per entity): it stays
/// skipped until its next change places it again.
fn skip_refused(world: &mut CollisionWorld, error: &BroadPhaseError) {
    let id = error.id();
    let placed = world.colliders[id as usize]
        .as_mut()
        .expect("only recorded colliders reach the grid");
    if placed.warned.first(Warning::BroadPhase) {
        warn!("bevy_sat2d: {}: {error}; skipped", placed.entity);
    }
    placed.bounds = None;
    world.grid.remove(id);
}

/// Records the motion of swept collider `id`, just placed, from `start`, its translation
/// in the last step, and `start_rotation`, its rotation then (if known): the move and
/// the shortest turn ([`RigidMotion::between`](sat2d::RigidMotion::between)). A
/// collider that neither moved nor turned has no sweep. A turning one's box at the end
/// is the box around its every rotation there (its reach around its origin), so that
/// the broad phase finds what its turn sweeps through.
fn record_sweep(
    world: &mut CollisionWorld,
    id: u32,
    start: Vec2,
    start_rotation: Option<sat2d::Rot>,
) {
    let step = world.step;
    let placed = world.colliders[id as usize].as_mut().expect("placed above");
    let motion = placed.iso.translation - start;
    let turn = start_rotation.map_or(0.0, |rotation| {
        rotation.inverse_mul(placed.iso.rotation).angle()
    });
    let Some(bounds) = placed
        .bounds
        .filter(|_| motion != Vec2::ZERO || turn != 0.0)
    else {
        return;
    };
    placed.motion = motion;
    placed.turn = turn;
    placed.motion_step = step;
    let end = if turn == 0.0 {
        bounds.aabb
    } else {
        let reach = placed.shape.reach();
        sat2d::Aabb::from_center_half_extents(placed.iso.translation, Vec2::splat(reach))
            .merged(&bounds.aabb)
    };
    world.sweeps.push(Sweep { id, end, motion });
}

/// Gives the grid `cell_size`, unless it is a fixed side that is not finite and positive:
/// that one is ignored with a warning and the grid keeps its size. Both the plugin's
/// initial size ([`SatPlugin::with_cell_size`](crate::SatPlugin::with_cell_size)) and later
/// changes to [`SatConfig`] come through here.
fn apply_cell_size(grid: &mut SpatialHashGrid, cell_size: CellSize) {
    match cell_size {
        CellSize::Fixed(side) if !(side.is_finite() && side > 0.0) => {
            warn!("bevy_sat2d: ignoring cell size {side}: it must be finite and positive");
        }
        cell_size => grid.set_cell_size(cell_size),
    }
}

#[cfg(test)]
mod tests;
