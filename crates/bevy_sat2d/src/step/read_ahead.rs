//! Asking for the memory of the colliders or pairs ahead of the work on them, where a
//! scene is too large for its data to stay in cache: the stages that read one shape
//! per collider or per pair (the sync, the narrow phase) use it.
//!
//! Each collider's shape is an allocation of its own (an `Arc` shared with its
//! [`Collider`](crate::Collider)), and a polygon's points another: at 100k colliders
//! both are cache misses, and a loop that reads them as it works waits on each in
//! turn. Each is asked for a few places ahead by a prefetch, which unlike a load never
//! holds the core up while the line travels: the work then finds the lines in cache.
//! Each round trip gets its own distance, as the address of the next is in the line
//! the last one brings (the record or side, then the shape, then a polygon's points).

use bevy::prelude::Entity;
use prefetch_index::prefetch_index;
use sat2d::Shape;

use crate::world::collision_world::CollisionWorld;

/// How many rows ahead of the one it places the sync asks for a collider's record and
/// shape.
pub(crate) const ROWS_AHEAD: usize = 16;

/// How many rows ahead of the one it places the sync asks for a polygon's points
/// ([`ask_for_points`]; its shape and local bounds, asked for earlier, have arrived).
/// Less than [`ROWS_AHEAD`].
pub(crate) const POINTS_AHEAD: usize = 8;

/// How many pairs ahead of its test the narrow phase asks for a pair's two sides.
pub(crate) const SIDES_AHEAD: usize = 12;

/// How many pairs ahead of its test the narrow phase asks for a pair's two shapes (the
/// sides, asked for [`SIDES_AHEAD`] pairs ahead, have arrived).
pub(crate) const SHAPES_AHEAD: usize = 8;

/// How many pairs ahead of its test the narrow phase asks for the stores of a pair's
/// polygons ([`Shape::preload`]; the shapes have arrived).
pub(crate) const STORES_AHEAD: usize = 4;

/// Asks for the cache line where `value` starts, without waiting for it (a prefetch):
/// the core goes on, and the line is in cache by the time it is read.
#[inline(always)]
pub(crate) fn ask_for<T>(value: &T) {
    prefetch_index(core::slice::from_ref(value), 0);
}

/// From this many colliders on, the sync asks for each row's memory ahead. Below it
/// the ring of rows costs what it saves (10k rotating colliders: sync 0.73–0.82 ms
/// without it, 0.82–0.92 ms with it). The narrow phase asks at every size.
pub(crate) const READ_AHEAD_FROM: usize = 32_768;

/// Asks for what placing the collider of `entity` with `shape` reads: its record (by
/// entity index, as [`CollisionWorld::id_for`] finds it), its local bounds and its
/// shape.
#[inline(always)]
pub(crate) fn ask_for_row(world: &CollisionWorld, entity: &Entity, shape: &Shape) {
    let index = entity.index_u32() as usize;
    prefetch_index(&world.colliders, index);
    if index < world.local_bounds.len() {
        prefetch_index(&world.local_bounds, index);
    }
    ask_for(shape);
}

/// Asks for a polygon's points ([`Shape::preload`]) if placing the collider of `entity`
/// reads them: only when it has no local bounds (asked for by [`ask_for_row`], they
/// have arrived).
#[inline(always)]
pub(crate) fn ask_for_points(world: &CollisionWorld, entity: &Entity, shape: &Shape) {
    let index = entity.index_u32() as usize;
    if world.local_bounds.get(index).is_none_or(Option::is_none) {
        shape.preload();
    }
}
