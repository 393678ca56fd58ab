//! Reading a batch of colliders' shapes ahead of the work on them, where a scene is
//! too large for its shapes to stay in cache: the stages that read one shape per
//! collider or per pair (the sync, the narrow phase) use it.
//!
//! Each collider's shape is an allocation of its own (an `Arc` shared with its
//! [`Collider`](crate::Collider)), and a polygon's points another: at 100k colliders
//! both are cache misses, and a loop that reads them as it works waits on each in
//! turn. Read in a short loop first, every load independent of the others, the misses
//! of a whole batch are in flight at once; the work then finds the lines in cache.

use bevy::prelude::Entity;
use prefetch_index::prefetch_index;
use sat2d::Shape;

use crate::world::collision_world::CollisionWorld;

/// How many rows ahead of the one it places the sync asks for a collider's record and
/// shape.
pub(crate) const ROWS_AHEAD: usize = 16;

/// How many rows ahead of the one it places the sync asks for a polygon's points
/// ([`Shape::preload`]; its shape, asked for earlier, has arrived). Less than
/// [`ROWS_AHEAD`].
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

/// From this many colliders (or ids) on, a stage reads each batch ahead. Below it the
/// shapes stay in cache and the reads ahead are pure cost (at 10k colliders, one
/// thread, the narrow phase 0.263–0.267 ms without them, 0.328–0.336 ms with).
pub(crate) const READ_AHEAD_FROM: usize = 32_768;

/// Asks for what placing the collider of `entity` with `shape` reads: its record (by
/// entity index, as [`CollisionWorld::id_for`] finds it) and its shape.
#[inline(always)]
pub(crate) fn ask_for_row(world: &CollisionWorld, entity: &Entity, shape: &Shape) {
    prefetch_index(&world.colliders, entity.index_u32() as usize);
    ask_for(shape);
}
