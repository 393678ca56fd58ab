//! Pair queries: [`intersects`], [`contact`], [`contains_point`].
//!
//! Every query solves in A's local frame (B is carried into it once), then maps the
//! result back to the world once. The shape-pair table is a single `match`:
//!
//! | A \ B            | circle          | polygon         | segment, capsule | concave |
//! |------------------|-----------------|-----------------|------------------|---------|
//! | circle           | circle–circle   | polygon–circle† | convex–convex    | concave |
//! | polygon          | polygon–circle  | polygon–polygon | convex–convex    | concave |
//! | segment, capsule | convex–convex   | convex–convex   | convex–convex    | concave |
//! | concave          | concave         | concave         | concave          | concave |
//!
//! "convex–convex" is one SAT routine on rounded convex cores (a circle is a point
//! with a radius, a capsule a segment with a radius); it answers every pair.
//! polygon–polygon and polygon–circle are the same algorithm specialised for the
//! most common pairs. † runs with the roles swapped and flips the result. ‡ discs swept
//! along segments (circles, capsules, segments): the closest points of the two cores
//! give the exact MTV while the cores are apart; touching cores and parallel segments
//! go to convex–convex.

mod closest_points;
mod contact;
mod containment;
mod core_intersection;
mod explain;
mod kernel;
mod manifold;
mod minkowski_difference;
mod pairs;
mod transformed_core;

use glam::Vec2;

use crate::{Iso, Shape};
use pairs::contact_circle_circle::{contact_circle_circle, intersects_circle_circle};
use pairs::contact_concave::{contact_concave, intersects_concave};
use pairs::contact_convex_convex::{contact_convex_convex, intersects_convex_convex};
use pairs::contact_polygon_circle::{contact_polygon_circle, intersects_polygon_circle};
use pairs::contact_polygon_polygon::{contact_polygon_polygon, intersects_polygon_polygon};
use pairs::contact_swept_discs::{SweptDisc, contact_swept_discs, intersects_swept_discs};
use transformed_core::TransformedCore;

pub use contact::Contact;
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
/// normal or points. Returns `false` if either `Iso` is not finite.
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
    if !(iso_a.is_finite() && iso_b.is_finite()) {
        return false;
    }
    let tolerance = tolerance(a, b);
    match (a, b) {
        (Shape::Circle(circle_a), Shape::Circle(circle_b)) => intersects_circle_circle(
            iso_a.translation,
            circle_a.radius(),
            iso_b.translation,
            circle_b.radius(),
            tolerance,
        ),
        (Shape::Polygon(polygon_a), Shape::Polygon(polygon_b))
            if let (Some(lanes_a), Some(lanes_b)) = (polygon_a.lanes(), polygon_b.lanes()) =>
        {
            intersects_polygon_polygon(
                (polygon_a, lanes_a),
                (polygon_b, lanes_b),
                &iso_a.inverse_mul(iso_b),
                tolerance,
            )
        }
        (Shape::Polygon(polygon), Shape::Circle(circle)) => intersects_polygon_circle(
            polygon,
            iso_a.inverse_transform_point(iso_b.translation),
            circle.radius(),
            tolerance,
        ),
        (Shape::Circle(circle), Shape::Polygon(polygon)) => intersects_polygon_circle(
            polygon,
            iso_b.inverse_transform_point(iso_a.translation),
            circle.radius(),
            tolerance,
        ),
        (Shape::Concave(_), _) | (_, Shape::Concave(_)) => {
            intersects_concave(a, b, &iso_a.inverse_mul(iso_b), tolerance)
        }
        _ if let (Some(disc_a), Some(disc_b)) = (swept_disc(a, iso_a), swept_disc(b, iso_b)) => {
            intersects_swept_discs(&disc_a, &disc_b, tolerance)
        }
        _ => {
            let b_in_a = TransformedCore::new(b.part(0), &iso_a.inverse_mul(iso_b));
            intersects_convex_convex(a.part(0), b_in_a.view(), &b_in_a.lanes, tolerance)
        }
    }
}

/// How A and B overlap, or `None` if they do not intersect.
///
/// The [`Contact`] follows the crate conventions: normal from A to B, `depth ≥ 0`,
/// moving B by `normal * depth` separates them (also when one contains the other),
/// and for a concave shape the MTV separates the shape as a whole. Returns `None` if
/// either `Iso` is not finite.
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
    if !(iso_a.is_finite() && iso_b.is_finite()) {
        return None;
    }
    let tolerance = tolerance(a, b);
    match (a, b) {
        (Shape::Circle(circle_a), Shape::Circle(circle_b)) => contact_circle_circle(
            iso_a.translation,
            circle_a.radius(),
            iso_a.rotation,
            iso_b.translation,
            circle_b.radius(),
            tolerance,
        ),
        (Shape::Polygon(polygon_a), Shape::Polygon(polygon_b))
            if let (Some(lanes_a), Some(lanes_b)) = (polygon_a.lanes(), polygon_b.lanes()) =>
        {
            contact_polygon_polygon(
                (polygon_a, lanes_a),
                (polygon_b, lanes_b),
                &iso_a.inverse_mul(iso_b),
                tolerance,
            )
            .map(|c| c.transformed(iso_a))
        }
        (Shape::Polygon(polygon), Shape::Circle(circle)) => contact_polygon_circle(
            polygon,
            iso_a.inverse_transform_point(iso_b.translation),
            circle.radius(),
            tolerance,
        )
        .map(|c| c.transformed(iso_a)),
        // The same routine with the roles swapped, then the result seen from A.
        (Shape::Circle(circle), Shape::Polygon(polygon)) => contact_polygon_circle(
            polygon,
            iso_b.inverse_transform_point(iso_a.translation),
            circle.radius(),
            tolerance,
        )
        .map(|c| c.transformed(iso_b).flipped()),
        (Shape::Concave(_), _) | (_, Shape::Concave(_)) => {
            contact_concave(a, b, &iso_a.inverse_mul(iso_b), tolerance)
                .map(|c| c.transformed(iso_a))
        }
        _ if let (Some(disc_a), Some(disc_b)) = (swept_disc(a, iso_a), swept_disc(b, iso_b))
            && let Ok(contact) = contact_swept_discs(&disc_a, &disc_b, tolerance) =>
        {
            contact
        }
        _ => {
            let b_in_a = TransformedCore::new(b.part(0), &iso_a.inverse_mul(iso_b));
            contact_convex_convex(a.part(0), b_in_a.view(), &b_in_a.lanes, tolerance)
                .map(|c| c.transformed(iso_a))
        }
    }
}

/// A circle, capsule or segment as a disc swept along a world-space segment.
fn swept_disc(shape: &Shape, iso: &Iso) -> Option<SweptDisc> {
    let (start, end, radius) = match shape {
        Shape::Circle(circle) => (Vec2::ZERO, Vec2::ZERO, circle.radius()),
        Shape::Capsule(capsule) => {
            let [start, end] = *capsule.segment().points();
            (start, end, capsule.radius())
        }
        Shape::Segment(segment) => (segment.a(), segment.b(), 0.0),
        Shape::Polygon(_) | Shape::Concave(_) => return None,
    };
    Some(SweptDisc {
        start: iso.transform_point(start),
        end: iso.transform_point(end),
        radius,
    })
}

/// Whether `point` lies in the shape placed by `iso` (boundary included, within
/// `RELATIVE_TOLERANCE × shape.reach()`). Returns `false` for a non-finite `iso` or
/// point.
///
/// ```
/// use sat2d::{Shape, Iso, Vec2};
/// let capsule = Shape::capsule(1.0, 2.0);
/// assert!(sat2d::contains_point(&capsule, &Iso::IDENTITY, Vec2::new(0.0, 2.0))); // on the cap
/// assert!(!sat2d::contains_point(&capsule, &Iso::IDENTITY, Vec2::new(1.0, 1.5)));
/// ```
#[must_use]
pub fn contains_point(shape: &Shape, iso: &Iso, point: Vec2) -> bool {
    if !(iso.is_finite() && point.is_finite()) {
        return false;
    }
    let local = iso.inverse_transform_point(point);
    let tolerance = RELATIVE_TOLERANCE * shape.reach();
    (0..shape.part_count()).any(|index| {
        let part = shape.part(index);
        part.core_signed_distance(local) <= part.radius + tolerance
    })
}
