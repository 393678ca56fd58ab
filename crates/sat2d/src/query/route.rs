//! [`route`]: the one table that decides which routine answers a shape pair.
//!
//! | A \ B            | circle           | polygon          | segment, capsule | concave |
//! |------------------|------------------|------------------|------------------|---------|
//! | circle           | circle–circle    | polygon–circle ↔ | swept discs      | concave |
//! | polygon          | polygon–circle   | convex           | convex           | concave |
//! | segment, capsule | swept discs      | convex           | swept discs      | concave |
//! | concave          | concave          | concave          | concave          | concave |
//!
//! - **circle–circle**: the line between the centres (world space).
//! - **polygon–circle**: the Voronoi regions of the polygon's deepest face. ↔ marks the
//!   reversed order: the same routine with the roles swapped, its result flipped.
//! - **swept discs**: circles, capsules and segments as discs swept along segments; the
//!   closest points of the two segments give the exact MTV while the cores are apart.
//!   When the cores touch or two segments run nearly parallel, the pair falls through
//!   to **convex**.
//! - **convex**: SAT on rounded convex cores. The routine is generic over the kernel
//!   form: a polygon of up to 16 vertices is read through the lane kernels, any other
//!   core through the scalar ones ([`CoreForm`](super::core_form::CoreForm)).
//!   `intersects` of two such polygons runs the same scans without a placed copy of B
//!   (`intersects_lane_polygons`).
//! - **concave**: the convex routine part by part, and one MTV for the whole shape.
//!
//! Every operation (`intersects`, `contact`, and any query added later) matches on the
//! [`Route`]; none matches on the shapes again.

use glam::Vec2;

use super::pairs::contact_circle_circle::CirclePair;
use super::pairs::contact_polygon_circle::PolygonCircle;
use super::pairs::contact_swept_discs::SweptDisc;
use crate::{Iso, Shape};

/// Which routine answers a pair, with what it needs already placed in its frame.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Route<'a> {
    /// Two circles, centres in world space.
    CircleCircle(CirclePair),
    /// A polygon and a circle, the centre in the polygon's frame (`polygon_iso`);
    /// `flipped` when the circle is A.
    PolygonCircle(PolygonCircle<'a>),
    /// Circles, capsules and segments (except two circles), placed in world space.
    SweptDiscs(SweptDisc, SweptDisc),
    /// Any other convex pair.
    Convex,
    /// At least one concave polygon.
    Concave,
}

/// The route for A placed by `iso_a` and B placed by `iso_b`.
///
/// Always inlined: each caller then keeps only the fields its arm reads, in registers.
#[must_use]
#[inline(always)]
pub(crate) fn route<'a>(a: &'a Shape, iso_a: &'a Iso, b: &'a Shape, iso_b: &'a Iso) -> Route<'a> {
    use Shape::{Capsule, Circle, Concave, Polygon, Segment};
    let polygon_circle =
        |polygon, polygon_iso: &'a Iso, circle: &crate::Circle, circle_iso: &Iso, flipped| {
            Route::PolygonCircle(PolygonCircle {
                polygon,
                polygon_iso,
                center: polygon_iso.inverse_transform_point(circle_iso.translation),
                radius: circle.radius(),
                flipped,
            })
        };
    match (a, b) {
        (Concave(_), _) | (_, Concave(_)) => Route::Concave,
        (Circle(circle_a), Circle(circle_b)) => Route::CircleCircle(CirclePair {
            center_a: iso_a.translation,
            radius_a: circle_a.radius(),
            rotation_a: iso_a.rotation,
            center_b: iso_b.translation,
            radius_b: circle_b.radius(),
        }),
        (Polygon(polygon), Circle(circle)) => polygon_circle(polygon, iso_a, circle, iso_b, false),
        (Circle(circle), Polygon(polygon)) => polygon_circle(polygon, iso_b, circle, iso_a, true),
        (Circle(_) | Capsule(_) | Segment(_), Circle(_) | Capsule(_) | Segment(_)) => {
            Route::SweptDiscs(swept_disc(a, iso_a), swept_disc(b, iso_b))
        }
        (Polygon(_), Polygon(_) | Capsule(_) | Segment(_))
        | (Capsule(_) | Segment(_), Polygon(_)) => Route::Convex,
    }
}

/// A circle, capsule or segment as a disc swept along a world-space segment.
fn swept_disc(shape: &Shape, iso: &Iso) -> SweptDisc {
    let (start, end, radius) = match shape {
        Shape::Circle(circle) => (Vec2::ZERO, Vec2::ZERO, circle.radius()),
        Shape::Capsule(capsule) => {
            let [start, end] = *capsule.segment().points();
            (start, end, capsule.radius())
        }
        Shape::Segment(segment) => (segment.a(), segment.b(), 0.0),
        Shape::Polygon(_) | Shape::Concave(_) => unreachable!("route sends only discs here"),
    };
    SweptDisc {
        start: iso.transform_point(start),
        end: iso.transform_point(end),
        radius,
    }
}
