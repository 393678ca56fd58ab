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
//! - **concave**: the convex routine part by part, and one MTV for the whole shape.
//!
//! Every operation (`intersects`, `contact`, and any query added later) matches on the
//! [`Route`]; none matches on the shapes again.

use crate::{Circle, ConvexPolygon, Shape};

/// Which routine answers a pair, with the shapes it needs.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Route<'a> {
    /// Two circles.
    CircleCircle(&'a Circle, &'a Circle),
    /// A polygon and a circle; `flipped` when the circle is A.
    PolygonCircle {
        polygon: &'a ConvexPolygon,
        circle: &'a Circle,
        flipped: bool,
    },
    /// Circles, capsules and segments, except two circles.
    SweptDiscs,
    /// Any other convex pair.
    Convex,
    /// At least one concave polygon.
    Concave,
}

/// The route for the pair `(a, b)`.
#[must_use]
pub(crate) fn route<'a>(a: &'a Shape, b: &'a Shape) -> Route<'a> {
    use Shape::{Capsule, Circle, Concave, Polygon, Segment};
    match (a, b) {
        (Concave(_), _) | (_, Concave(_)) => Route::Concave,
        (Circle(circle_a), Circle(circle_b)) => Route::CircleCircle(circle_a, circle_b),
        (Polygon(polygon), Circle(circle)) => Route::PolygonCircle {
            polygon,
            circle,
            flipped: false,
        },
        (Circle(circle), Polygon(polygon)) => Route::PolygonCircle {
            polygon,
            circle,
            flipped: true,
        },
        (Circle(_) | Capsule(_) | Segment(_), Circle(_) | Capsule(_) | Segment(_)) => {
            Route::SweptDiscs
        }
        (Polygon(_), Polygon(_) | Capsule(_) | Segment(_))
        | (Capsule(_) | Segment(_), Polygon(_)) => Route::Convex,
    }
}
