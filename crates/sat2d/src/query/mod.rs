//! Layer 5, queries: [`intersects`], [`contact`], [`contains_point`], [`explain`].
//!
//! How a query runs: [`route`](route::route) picks the routine for the shape pair
//! (the table is in `route.rs`), the routine solves in the frame it states (A's local
//! frame unless it says otherwise), and the result is mapped to world space once.
//!
//! - `route.rs`: the pair table. `pairs/`: one routine per row of it.
//! - `kernel/`: the SAT kernels (face scan, plane distance, chord), scalar and lanes.
//! - `manifold/`: contact points (clip, then settle into the overlap).
//! - `concave/`: the exact MTV of shapes made of convex parts (`mtv_search.rs`) and
//!   what it stands on: which part pairs are near (`part_pairs.rs`, through
//!   `aabb_tree.rs`), their Minkowski differences (`minkowski_difference.rs`, a
//!   many-sided part cut down by `convex_window.rs`), and the nearest point no
//!   difference covers (`nearest_uncovered.rs`, with `square_cover.rs`,
//!   `square_solve.rs` and `boundary_piece.rs`), bounded by a count of work
//!   (`work_budget.rs`) and seeded with the convex hulls' push (`hull_push.rs`). Its
//!   module doc walks through the algorithm.
//! - `cast/`: [`cast_ray`], [`cast_shape`] and [`distance`].
//! - `parts.rs`: a shape's convex parts placed in one frame, for the routines that
//!   loop over part pairs (concave contact, casts, distance).
//! - `core_form.rs`, `transformed_core.rs`: a convex part in the form the kernels
//!   read, carried into another frame once.
//! - `closest_points.rs`, `core_intersection.rs`, `containment.rs`: the geometry the
//!   routines share.
//! - `contact.rs`: the [`Contact`] they return; `explain.rs`: the SAT axis by axis.

mod bounding_reject;
mod cast;
mod closest_points;
mod concave;
mod contact;
mod contact_with_neighbours;
mod containment;
mod core_form;
mod core_intersection;
mod each_pair;
mod explain;
mod kernel;
mod manifold;
mod pairs;
mod parts;
#[cfg(test)]
mod regular_core;
mod route;
mod transformed_core;

use glam::Vec2;

use crate::math::{both_in_range, coordinates_in_range};
use crate::{Iso, Shape};
use bounding_reject::bounding_discs_apart;
use core_form::{ConvexPairRoutine, on_convex_pair};
use kernel::ConvexCore;
use pairs::contact_circle_circle::{contact_circle_circle, intersects_circle_circle};
use pairs::contact_concave::{contact_concave, intersects_concave, solved_reversed};
use pairs::contact_convex_convex::{
    contact_convex_convex, intersects_convex_convex, intersects_lane_polygons,
};
use pairs::contact_polygon_circle::{contact_polygon_circle, intersects_polygon_circle};
use pairs::contact_swept_discs::{contact_swept_discs, intersects_swept_discs};
use route::{Route, route};

pub use cast::{
    Ray, RayError, RayHit, RigidMotion, ShapeHit, TURNING_CAST_MAX_ITERATIONS, TURNING_CAST_TARGET,
    TURNING_CAST_TOLERANCE, cast_ray, cast_shape, cast_turning_shape, distance,
};
pub use contact::Contact;
pub use contact_with_neighbours::contact_with_neighbours;
pub use each_pair::{PairRef, contact_each, intersects_each};
pub use explain::{AxisProjection, AxisSource, SatExplanation, explain};

/// The tolerance that makes "closed set" decisions robust in `f32`, relative to the
/// shapes' size: `RELATIVE_TOLERANCE × (A.reach() + B.reach())`.
pub const RELATIVE_TOLERANCE: f32 = 1e-5;

/// The absolute tolerance for a pair of shapes.
#[inline]
#[must_use]
pub fn tolerance(a: &Shape, b: &Shape) -> f32 {
    RELATIVE_TOLERANCE * (a.reach() + b.reach())
}

/// Whether A and B share at least one point (closed sets: touching counts).
///
/// Faster than [`contact`]: stops at the first separating axis and computes no depth,
/// normal or points. Returns `false` if either `Iso` is not
/// [in range](Iso::is_in_range) (non-finite, or beyond the working range).
///
/// ```
/// use sat2d::{Shape, Iso, Vec2};
/// let a = Shape::rectangle(2.0, 2.0);
/// let b = Shape::circle(1.0);
/// assert!(sat2d::intersects(&a, &Iso::IDENTITY, &b, &Iso::from_translation(Vec2::new(2.0, 0.0)))); // touching
/// assert!(!sat2d::intersects(&a, &Iso::IDENTITY, &b, &Iso::from_translation(Vec2::new(2.1, 0.0))));
/// ```
#[must_use]
pub fn intersects(a: &Shape, iso_a: &Iso, b: &Shape, iso_b: &Iso) -> bool {
    if !both_in_range(iso_a, iso_b) {
        return false;
    }
    let tolerance = tolerance(a, b);
    // A circle's own test is as cheap as the reject (circle–polygon: 22 ns a pair).
    let has_circle = matches!(a, Shape::Circle(_)) || matches!(b, Shape::Circle(_));
    (has_circle || !bounding_discs_apart(a, iso_a, b, iso_b, tolerance))
        && intersects_routed(a, iso_a, b, iso_b, tolerance)
}

/// [`intersects`] of two placements in range, by the pair's routine (no reject first).
fn intersects_routed(a: &Shape, iso_a: &Iso, b: &Shape, iso_b: &Iso, tolerance: f32) -> bool {
    match route(a, iso_a, b, iso_b) {
        Route::CircleCircle(circles) => intersects_circle_circle(&circles, tolerance),
        Route::PolygonCircle(pair) => intersects_polygon_circle(&pair, tolerance),
        Route::SweptDiscs(disc_a, disc_b) => intersects_swept_discs(&disc_a, &disc_b, tolerance),
        Route::Convex => {
            let relative = iso_a.inverse_mul(iso_b);
            match (a.part_lanes(0), b.part_lanes(0)) {
                // Two small polygons: the same scans without a placed copy of B.
                (Some(lanes_a), Some(lanes_b)) => {
                    intersects_lane_polygons(&lanes_a, &lanes_b, &relative, tolerance)
                }
                _ => on_convex_pair(a, b, &relative, Intersects(tolerance)),
            }
        }
        // The order and frame `contact` solves in, so the two agree whichever order is
        // asked (a touch within the tolerance can fall either side in another frame).
        Route::Concave if solved_reversed(a, iso_a, b, iso_b) => {
            intersects_concave(b, a, &iso_b.inverse_mul(iso_a), tolerance)
        }
        Route::Concave => intersects_concave(a, b, &iso_a.inverse_mul(iso_b), tolerance),
    }
}

/// How A and B overlap, or `None` if they do not intersect.
///
/// The [`Contact`] follows the crate conventions: normal from A to B, `depth ≥ 0`,
/// moving B by `normal * depth` separates them (also when one contains the other),
/// and for a concave shape the MTV separates the shape as a whole. Returns `None` if
/// either `Iso` is not [in range](Iso::is_in_range) (non-finite, or beyond the working
/// range); otherwise the depth, normal and points are finite.
///
/// ```
/// use sat2d::{Shape, Iso, Vec2};
/// let big = Shape::rectangle(10.0, 10.0);
/// let small = Shape::circle(1.0);
/// // The circle sits inside the box, 1 unit from its right side.
/// let c = sat2d::contact(&big, &Iso::IDENTITY, &small, &Iso::from_translation(Vec2::new(3.0, 0.0))).unwrap();
/// assert!(c.b_in_a && !c.a_in_b);
/// assert!((c.normal - Vec2::X).length() < 1e-5);
/// assert!((c.depth - 3.0).abs() < 1e-5); // 2 to reach the wall + its radius
/// ```
#[must_use]
pub fn contact(a: &Shape, iso_a: &Iso, b: &Shape, iso_b: &Iso) -> Option<Contact> {
    if !both_in_range(iso_a, iso_b) {
        return None;
    }
    let tolerance = tolerance(a, b);
    if bounding_discs_apart(a, iso_a, b, iso_b, tolerance) {
        return None;
    }
    contact_routed(a, iso_a, b, iso_b, tolerance)
}

/// [`contact`] of two placements in range, by the pair's routine (no reject first).
fn contact_routed(
    a: &Shape,
    iso_a: &Iso,
    b: &Shape,
    iso_b: &Iso,
    tolerance: f32,
) -> Option<Contact> {
    match route(a, iso_a, b, iso_b) {
        Route::CircleCircle(circles) => contact_circle_circle(&circles, tolerance),
        Route::PolygonCircle(pair) => {
            // The circle–polygon order runs the same routine, then sees the result from A.
            let contact = contact_polygon_circle(&pair, tolerance)?.transformed(pair.polygon_iso);
            Some(if pair.flipped {
                contact.flipped()
            } else {
                contact
            })
        }
        Route::SweptDiscs(disc_a, disc_b) => {
            match contact_swept_discs(&disc_a, &disc_b, tolerance) {
                Ok(contact) => contact,
                // Touching cores and parallel segments: the general convex routine.
                Err(()) => contact_convex(a, iso_a, b, iso_b, tolerance),
            }
        }
        Route::Convex => contact_convex(a, iso_a, b, iso_b, tolerance),
        // One order whichever is asked, so the two orders agree to the bit.
        Route::Concave if solved_reversed(a, iso_a, b, iso_b) => {
            contact_concave(b, a, &iso_b.inverse_mul(iso_a), tolerance)
                .map(|contact| contact.transformed(iso_b).flipped())
        }
        Route::Concave => contact_concave(a, b, &iso_a.inverse_mul(iso_b), tolerance)
            .map(|contact| contact.transformed(iso_a)),
    }
}

/// The convex route: B carried into A's frame, solved there, mapped back.
fn contact_convex(
    a: &Shape,
    iso_a: &Iso,
    b: &Shape,
    iso_b: &Iso,
    tolerance: f32,
) -> Option<Contact> {
    preload(a);
    preload(b);
    on_convex_pair(a, b, &iso_a.inverse_mul(iso_b), ContactOf(tolerance))
        .map(|contact| contact.transformed(iso_a))
}

/// Reads a polygon's data, every cache line of it at once, before the convex contact
/// reads it face by face (`ConvexPolygon::preload`). Only the convex contact calls it:
/// its clipping reads a point and a normal at the face the scan found, an address
/// known late, where `intersects` and the polygon–circle routine mostly stop after the
/// scan and would read lines they never need (both measured slower with it).
#[inline(always)]
fn preload(shape: &Shape) {
    if let Shape::Polygon(polygon) = shape {
        polygon.preload();
    }
}

/// [`intersects_convex_convex`] as a routine for [`on_convex_pair`].
struct Intersects(f32);

impl ConvexPairRoutine for Intersects {
    type Output = bool;
    const READS_NORMALS_OF_B: bool = false;
    #[inline(always)]
    fn run(self, a: &impl ConvexCore, b: &impl ConvexCore) -> bool {
        intersects_convex_convex(a, b, self.0)
    }
}

/// [`contact_convex_convex`] as a routine for [`on_convex_pair`].
struct ContactOf(f32);

impl ConvexPairRoutine for ContactOf {
    type Output = Option<Contact>;
    const READS_NORMALS_OF_B: bool = true;
    #[inline(always)]
    fn run(self, a: &impl ConvexCore, b: &impl ConvexCore) -> Option<Contact> {
        contact_convex_convex(a, b, self.0)
    }
}

/// Whether `point` lies in the shape placed by `iso` (boundary included, within
/// `RELATIVE_TOLERANCE × shape.reach()`). Returns `false` for an `iso` that is not
/// [in range](Iso::is_in_range), and for a point with a coordinate beyond
/// ±[`MAX_COORDINATE`](crate::MAX_COORDINATE) (or NaN).
///
/// ```
/// use sat2d::{Shape, Iso, Vec2};
/// let capsule = Shape::capsule(1.0, 2.0);
/// assert!(sat2d::contains_point(&capsule, &Iso::IDENTITY, Vec2::new(0.0, 2.0))); // on the cap
/// assert!(!sat2d::contains_point(&capsule, &Iso::IDENTITY, Vec2::new(1.0, 1.5)));
/// ```
#[must_use]
pub fn contains_point(shape: &Shape, iso: &Iso, point: Vec2) -> bool {
    if !(iso.is_in_range() && coordinates_in_range(point)) {
        return false;
    }
    let local = iso.inverse_transform_point(point);
    let tolerance = RELATIVE_TOLERANCE * shape.reach();
    (0..shape.part_count()).any(|index| shape.part(index).contains(local, tolerance))
}
