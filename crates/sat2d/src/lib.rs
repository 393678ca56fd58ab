//! # sat2d
//!
//! Separating-axis collision detection for 2D games: circles, segments, capsules,
//! convex polygons and simple concave polygons. Pair queries answer with the minimum
//! translation vector (MTV), containment flags and contact points; a broad phase finds
//! candidate pairs among up to 100k colliders.
//!
//! ```
//! use sat2d::{Shape, Iso, Vec2};
//!
//! let player = Shape::capsule(0.5, 1.0);
//! let crate_ = Shape::rectangle(2.0, 2.0);
//! let at_player = Iso::new(Vec2::new(1.2, 0.0), 0.0);
//!
//! if let Some(contact) = sat2d::contact(&crate_, &Iso::IDENTITY, &player, &at_player) {
//!     // Push the player (B) out of the crate (A).
//!     let resolved = Iso::new(at_player.translation + contact.mtv(), 0.0);
//!     let after = sat2d::contact(&crate_, &Iso::IDENTITY, &player, &resolved).unwrap();
//!     assert!(after.depth < 1e-4);
//! }
//! ```
//!
//! ## Conventions (every function follows these)
//!
//! - **Frames.** Shapes live in their local frame; an [`Iso`] (rotate, then translate)
//!   places them. Every public query takes world placements and returns world space.
//!   Inside, a pair routine solves in A's local frame (B is carried into it once, the
//!   result mapped back once) unless its module doc says otherwise and why: the
//!   circle–circle and swept-disc routines solve in world space, where a circle needs
//!   no rotation and two segments need only their placed ends.
//! - **Normal from A to B.** [`Contact::normal`] is a unit vector pointing from A toward
//!   B. Moving B by `normal * depth` ([`Contact::mtv`]), or A by its negation, leaves the
//!   shapes at most touching. This holds when one shape contains the other: on each axis
//!   the overlap is `min(maxA − minB, maxB − minA)`, never the length of the common
//!   interval.
//! - **Depth ≥ 0.** Touching shapes intersect with `depth == 0`.
//! - **Closed sets.** A point on the boundary is contained; `a_in_b` means every point
//!   of A lies in B, boundary included, so identical shapes have both flags set.
//! - **Tolerance.** Floating point needs slack for "closed" to mean anything: decisions
//!   use `ε = RELATIVE_TOLERANCE × (A.reach() + B.reach())` where
//!   [`RELATIVE_TOLERANCE`] is `1e-5` and [`Shape::reach`] is the distance from the local
//!   origin to the farthest point of the shape. Shapes built to touch, or sharing a
//!   boundary with their container, are classified as touching or contained.
//! - **Touching starts and grazes.** Casts follow the same closed sets and tolerance.
//!   Shapes that touch or overlap at the start (as [`intersects`] says, within ε) give
//!   [`cast_shape`] fraction 0 whichever way they move, apart and along included; a ray
//!   that starts within the tolerance of a shape hits at distance 0. A ray or sweep
//!   that only grazes a shape (meets its boundary without entering it: along a face,
//!   or past a vertex or a rounded corner) hits it, at the first point of contact.
//!   Rounding puts an exact graze a hair to either side, so one that passes within
//!   the tolerance counts as a graze, and hits at its closest approach with a normal
//!   that faces the ray; one that passes farther misses. For a sweep the tolerance is
//!   the pair's ε; for a ray, about `RELATIVE_TOLERANCE ×` the size of the shape (or
//!   of the convex part) it meets.
//! - **Symmetry.** `contact(b, a)` has the same depth as `contact(a, b)` (within ε) and
//!   the opposite normal; when several axes tie, either may pick another of them.
//! - **Ties.** Among faces whose separations tie (within ε / 10), A's faces win over
//!   B's, and a lower face index wins over a higher one (faces are numbered
//!   counter-clockwise from the first vertex).
//! - **Degenerate cases.** When the two cores are single points at the same place
//!   (concentric circles) no direction is defined: the normal is A's local `+Y`
//!   expressed in world space. When one core's point lies exactly on the other core
//!   (a circle centred on a capsule's or segment's core, its ends included, or on a
//!   polygon's boundary), the normal is a face normal of that core, picked by the tie
//!   rule above; its MTV is minimal and separates, where `+Y` could run along the core
//!   and would not.
//! - **Contact points** lie in the overlap region, each within `depth` of both surfaces:
//!   Box2D's reference/incident clipping, then each point moved to the middle of the
//!   overlap along the normal. A convex pair has one or two points.
//! - **Concave shapes** are split into convex parts, but a [`Contact`] describes the
//!   shape as a whole: `depth` and `normal` form one MTV that separates every part,
//!   `a_in_b`/`b_in_a` are about the whole shape, and [`Contact::points`] holds the
//!   points of every touching part. The MTV is exact: the shortest push after which
//!   no pair of parts overlaps (by more than the tolerance), the point nearest the
//!   origin outside every part pair's Minkowski difference. parry's `contact` answers
//!   a composite shape with its deepest sub-shape contact, avian's contacts are
//!   parry's manifolds, one per pair of sub-shapes, and Box2D has no concave shape (a
//!   concave body is several convex shapes, each with its own manifold). Pushing by
//!   the deepest part's MTV can drive B into a neighbouring part, and no combination
//!   of per-part MTVs is the shortest push out in general.
//!   The exact search has a deterministic work budget (a count of steps, not a clock:
//!   1,500,000 plus 300 per point of both shapes' parts: 2.5 to 3.5 ms for outlines
//!   of about 130 points, where ordinary 64-point pairs need at most about 0.8 ms,
//!   and 10 to 35 ms for 4,096-point outlines on a 2-core machine); past it, the push still
//!   separates every part but may be longer than the shortest, and
//!   [`Contact::is_minimal`] says so. Every ordinary pair of outlines up to 64
//!   points stays within it (seeded random pairs of like size, overlapping anywhere:
//!   the `concave_ordinary` bench and the `concave_mtv` fuzz target); it is reached by
//!   pathological pairs past that size, such as a star of 64 spikes or more at the
//!   centre of another (48-spike ones are solved exactly), and by
//!   outlines of thousands of points. `a_in_b`/`b_in_a` of a concave pair share a
//!   budget of their own (a quarter of 30,000 plus 300 per point): a flag whose area test runs out of it is `false`,
//!   "not shown inside" (a comb at the hub of a star of 1,521 spikes, each tooth's
//!   area clipped against every spike meeting there). A concave polygon may have holes
//!   ([`Shape::polygon_with_holes`]): their edges are boundary like the outline's.
//! - **Bad input.** Constructors validate (the `try_` forms return [`ShapeError`], the
//!   plain forms panic with its message). Queries on valid shapes never panic: a
//!   placement that is not [in range](Iso::is_in_range) (non-finite, or beyond the
//!   working range) gives "no contact".
//! - **Working range.** Sizes (radius, side, capsule or segment length, polygon extent)
//!   lie in [`MIN_SIZE`]`..=`[`MAX_SIZE`] (`1e-6..=1e12`), coordinates (local points,
//!   placements) within ±[`MAX_COORDINATE`] (`1e15`); constructors refuse the rest with
//!   [`ShapeError::OutOfRange`]. Within it every result is finite and scales with the
//!   scene, to `f32` precision: about `1e-7 ×` the largest coordinate.
//! - **The same bits on every target.** Every query gives bit-identical answers on
//!   x86_64 and wasm32 for the same inputs: no routine calls the platform's maths
//!   library, whose `sin`, `cos`, `atan2` and `hypot` differ between targets in the
//!   last bit ([`Rot::from_angle`], [`Rot::angle`] and the bounding circles take the
//!   pure-Rust `libm` crate's), none uses fused multiply-add, and the SIMD kernels'
//!   minimum and maximum pick the same lane on every target (x86's `minps`/`maxps`
//!   rule, written out where there is no SSE). `sqrt`, `floor` and the arithmetic are
//!   exact in IEEE 754 everywhere. The plugin's determinism test checks it.
//! - **Rays.** A [`Ray`]'s direction may have any finite, non-zero length, from the
//!   smallest subnormal `f32` to `f32::MAX`; it is normalized (in `f64`) to unit length.
//! - **Polygons** may have up to [`MAX_POLYGON_POINTS`] points, in either winding;
//!   they are stored counter-clockwise with their edge normals.
//! - **Many pairs over shapes spread in memory.** Each shape's data is one or two
//!   allocations, out of cache in a large scene, and a loop of [`contact`] pays a
//!   memory round trip or two per pair. [`contact_each`] and [`intersects_each`] take
//!   the whole slice of pairs and ask for the memory of the pairs ahead while solving
//!   one (prefetches, through [`Shape::preload`]), with the same answers bit for bit:
//!   at 100,000 scattered polygon pairs, `contact` about 3× faster than the loop,
//!   `intersects` about 4×.

//! ## Where things are
//!
//! The modules are layers; each uses only the ones above it.
//!
//! | layer | folder | what it holds |
//! |---|---|---|
//! | 1 | `math/` | [`Rot`], [`Iso`], and segment geometry (closest points, crossings) |
//! | 2 | `bounding/` | [`Aabb`], [`BoundingCircle`] |
//! | 3 | `shape/` | [`Shape`] and its kinds, [`ShapeData`], [`ShapeError`], [`PolygonMetrics`], the rounded-convex view and the lane layout |
//! | 4 | `decompose/` | outline cleaning, ear clipping, Hertel–Mehlhorn, convex hull |
//! | 5 | `query/` | [`intersects`], [`contact`], [`contains_point`], [`explain`], over many pairs [`contact_each`] and [`intersects_each`]: the pair table (`query/route.rs`), one routine per pair (`query/pairs/`), the SAT kernels (`query/kernel/`), contact points (`query/manifold/`) |
//! | 6 | [`broad_phase`] | [`SpatialHashGrid`](broad_phase::SpatialHashGrid), [`BruteForce`](broad_phase::BruteForce) |
//! | 7 | [`tile_grid`] | [`TileGrid`](tile_grid::TileGrid), [`MergedTileGrid`](tile_grid::MergedTileGrid): solid cells merged into rectangle colliders per chunk, rebuilt per chunk |
//!
//! - **The MTV** is computed by the face scan in `query/kernel/face_scan.rs` and turned
//!   into a [`Contact`] by `query/pairs/contact_convex_convex.rs`. Concave shapes:
//!   `query/pairs/contact_concave.rs` finds the touching part pairs (through an AABB
//!   tree over the parts), and `query/concave/` the exact MTV: the
//!   part pairs' Minkowski differences near the origin, searched for the nearest point
//!   none of them covers by a quadtree branch and bound (`query/concave/nearest_uncovered.rs`),
//!   at a cost that follows the parts near the contact, not the product of the part
//!   counts.
//! - **Contact points** come from `query/manifold/` (clip, then settle).
//! - **The pair table** is `query/route.rs`; every operation matches on it.

// The layers, in order.
mod math;
// Bounding volumes.
mod bounding;
// Shapes.
mod shape;
// Decomposition.
mod decompose;
// Queries.
mod query;
// The broad phase.
pub mod broad_phase;
// Shapes traced from an image's alpha.
pub mod image_trace;
// Tile grids, merged into rectangles.
pub mod tile_grid;

pub use bounding::{Aabb, BoundingCircle};
pub use glam::Vec2;
pub use math::{Iso, Rot};
pub use query::{
    AxisProjection, AxisSource, Contact, PairRef, RELATIVE_TOLERANCE, Ray, RayError, RayHit,
    RigidMotion, SatExplanation, ShapeHit, TURNING_CAST_MAX_ITERATIONS, TURNING_CAST_TARGET,
    TURNING_CAST_TOLERANCE, cast_ray, cast_shape, cast_turning_shape, contact, contact_each,
    contact_with_neighbours, contains_point, distance, explain, intersects, intersects_each,
    tolerance,
};
pub use shape::shape_data::ShapeData;
pub use shape::{
    Capsule, Circle, ConcavePolygon, ConvexPolygon, PolygonMetrics, Segment, Shape, ShapeError,
    ShapeKind,
};

/// The most points a polygon outline may have.
pub const MAX_POLYGON_POINTS: usize = 4096;

/// The smallest size a shape may have (a radius, a side, a capsule's non-zero length, a
/// segment's length, a polygon's extent): below it constructors return
/// [`ShapeError::OutOfRange`]. See the working range in the crate docs.
pub const MIN_SIZE: f32 = 1e-6;

/// The largest size a shape may have; above it constructors return
/// [`ShapeError::OutOfRange`]. Sizes and coordinates in range keep every product the
/// queries form finite in `f32` (or in `f64`, where four lengths are multiplied).
pub const MAX_SIZE: f32 = 1e12;

/// The largest magnitude of a coordinate: of a shape's local points, and of a
/// placement's translation. Constructors refuse local points beyond it
/// ([`ShapeError::OutOfRange`]); queries treat a placement beyond it as they treat a
/// non-finite one (see [`Iso::is_in_range`]).
pub const MAX_COORDINATE: f32 = 1e15;

/// Checks a size: finite and strictly positive ([`ShapeError::InvalidSize`]), then in
/// `MIN_SIZE..=MAX_SIZE` ([`ShapeError::OutOfRange`]).
pub(crate) fn validate_size(what: &'static str, value: f32) -> Result<(), ShapeError> {
    if !(value.is_finite() && value > 0.0) {
        Err(ShapeError::InvalidSize { what, value })
    } else if !(MIN_SIZE..=MAX_SIZE).contains(&value) {
        Err(ShapeError::OutOfRange { what, value })
    } else {
        Ok(())
    }
}

/// Checks points: every coordinate finite ([`ShapeError::NonFinitePoint`], by index),
/// then within ±`MAX_COORDINATE` ([`ShapeError::OutOfRange`]).
pub(crate) fn validate_points(points: &[Vec2]) -> Result<(), ShapeError> {
    if let Some(index) = points.iter().position(|p| !p.is_finite()) {
        return Err(ShapeError::NonFinitePoint { index });
    }
    match points.iter().find(|p| !math::coordinates_in_range(**p)) {
        Some(point) => Err(ShapeError::OutOfRange {
            what: "point coordinate",
            value: if point.x.abs() > MAX_COORDINATE {
                point.x
            } else {
                point.y
            },
        }),
        None => Ok(()),
    }
}

/// Checks the extent of points already validated by [`validate_points`]: the larger
/// side of their bounding box, when it is not zero (coincident points are the caller's
/// error to report), must lie in `MIN_SIZE..=MAX_SIZE` ([`ShapeError::OutOfRange`]).
pub(crate) fn validate_extent(points: impl IntoIterator<Item = Vec2>) -> Result<(), ShapeError> {
    let (min, max) = points.into_iter().fold(
        (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY)),
        |(min, max), point| (min.min(point), max.max(point)),
    );
    let extent = (max - min).max_element();
    if extent > 0.0 {
        validate_size("polygon extent", extent)?;
    }
    Ok(())
}
