//! The broad phase: which pairs of colliders are close enough to deserve a narrow-phase
//! test.
//!
//! Colliders are plain `u32` ids chosen by the caller, each with [`Bounds`] (an AABB
//! and a bounding circle) and a [`Mobility`]. A broad phase reports a candidate pair
//! `(a, b)` when both boxes overlap *and* both circles overlap (closed sets: touching
//! counts), unless both ids are [`Mobility::Static`].
//!
//! Two implementations share the [`BroadPhase`] trait:
//!
//! - [`SpatialHashGrid`]: a sparse uniform grid, roughly linear in the number of
//!   colliders, with static colliders kept apart so that they cost nothing until
//!   something moves near them.
//! - [`BruteForce`]: every pair, `O(n²)`; the oracle in tests and the baseline in
//!   benchmarks.
//!
//! Pair lists are sorted by `(a, b)` with `a < b`, so output is deterministic and two
//! implementations can be compared directly.
//!
//! A caller that moves many colliders every step can keep each one's [`LocalBounds`]
//! (what [`Bounds::of`] reads of a shape of up to four points, 52 bytes) and place its
//! bounds from that, without reading the shape.
//!
//! ```
//! use sat2d::broad_phase::{BroadPhase, Bounds, Mobility, SpatialHashGrid};
//! use sat2d::{Iso, Shape, Vec2};
//!
//! let mut grid = SpatialHashGrid::default();
//! let ball = Shape::circle(1.0);
//! let floor = Shape::rectangle(100.0, 1.0);
//! grid.insert(1, Bounds::of(&ball, &Iso::from_translation(Vec2::new(0.0, 1.0))), Mobility::Moving)?;
//! grid.insert(2, Bounds::of(&floor, &Iso::IDENTITY), Mobility::Static)?;
//! grid.insert(3, Bounds::of(&ball, &Iso::from_translation(Vec2::new(30.0, 9.0))), Mobility::Moving)?;
//!
//! let mut pairs = Vec::new();
//! grid.pairs(&mut pairs);
//! assert_eq!(pairs, [(1, 2)]);
//! # Ok::<(), sat2d::broad_phase::BroadPhaseError>(())
//! ```

mod bounds;
mod brute_force;
mod cell_entries;
mod cell_map;
mod cell_size;
mod error;
mod id_index;
mod local_bounds;
mod mobility;
mod morton;
mod pair_sort;
mod sorted_cells;
mod spatial_hash_grid;

pub use bounds::Bounds;
pub use brute_force::BruteForce;
pub use cell_size::{AUTO_CELL_FACTOR, AUTO_SAMPLE, CellSize};
pub use error::BroadPhaseError;
pub use local_bounds::{LOCAL_BOUNDS_POINTS, LocalBounds};
pub use mobility::Mobility;
pub use pair_sort::{sort_by_first, sort_pairs};
pub use spatial_hash_grid::{
    OVERSIZED_CELLS, SPATIAL_ORDER_FROM, STATIC_OVERSIZED_CELLS, SpatialHashGrid,
};

use crate::Aabb;
use glam::Vec2;

/// A pair of ids, smaller id first.
pub type IdPair = (u32, u32);

/// The interface every broad phase offers.
pub trait BroadPhase {
    /// Adds `id`. Fails on non-finite bounds or an id already present; the broad phase
    /// is unchanged on failure.
    fn insert(
        &mut self,
        id: u32,
        bounds: Bounds,
        mobility: Mobility,
    ) -> Result<(), BroadPhaseError>;

    /// Moves `id` to new bounds. Fails on non-finite bounds or an unknown id; the
    /// broad phase is unchanged on failure.
    fn update(&mut self, id: u32, bounds: Bounds) -> Result<(), BroadPhaseError>;

    /// Moves each `(id, bounds)` of `updates` as [`update`](Self::update) does, every
    /// one on its own: a refused update leaves its collider unchanged and appends its
    /// error (which names the id) to `refused`; the others are applied. The ids should
    /// be distinct: an id listed twice ends at one of its bounds, which one is not
    /// specified, because an implementation may apply the updates in any order.
    /// [`SpatialHashGrid`] applies a large batch in the Morton order of the cells, so
    /// that colliders sharing cells move one after another while those cells are in
    /// cache.
    fn update_many(&mut self, updates: &[(u32, Bounds)], refused: &mut Vec<BroadPhaseError>) {
        update_in_turn(self, updates.iter().copied(), refused);
    }

    /// Changes whether `id` is static. Fails on an unknown id.
    fn set_mobility(&mut self, id: u32, mobility: Mobility) -> Result<(), BroadPhaseError>;

    /// Removes `id`; returns whether it was present. Unknown ids are a no-op.
    fn remove(&mut self, id: u32) -> bool;

    /// The bounds and mobility of `id`, if present.
    fn get(&self, id: u32) -> Option<(Bounds, Mobility)>;

    /// How many ids are present.
    fn len(&self) -> usize;

    /// Whether no id is present.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Removes every id.
    fn clear(&mut self);

    /// Writes every candidate pair into `out` (cleared first), sorted, smaller id first:
    /// both boxes and both bounding circles overlap, and at least one id is moving.
    fn pairs(&mut self, out: &mut Vec<IdPair>);

    /// Writes every id whose box overlaps `aabb` into `out` (cleared first), sorted.
    fn query_aabb(&self, aabb: &Aabb, out: &mut Vec<u32>);

    /// Writes every id whose box and bounding circle hold `point` into `out` (cleared
    /// first), sorted.
    fn query_point(&self, point: Vec2, out: &mut Vec<u32>);
}

/// [`BroadPhase::update_many`] as a plain loop: each update in the order given, the
/// refused ones' errors appended to `refused`.
fn update_in_turn<B: BroadPhase + ?Sized>(
    broad_phase: &mut B,
    updates: impl Iterator<Item = (u32, Bounds)>,
    refused: &mut Vec<BroadPhaseError>,
) {
    for (id, bounds) in updates {
        if let Err(error) = broad_phase.update(id, bounds) {
            refused.push(error);
        }
    }
}
