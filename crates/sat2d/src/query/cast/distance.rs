//! [`distance`]: the gap between two shapes.

use crate::query::kernel::ConvexCore;
use crate::query::minkowski_difference::MinkowskiDifference;
use crate::query::parts::Parts;
use crate::query::route::{Route, route};
use crate::query::transformed_core::TransformedCore;
use crate::shape::rounded_convex::RoundedConvex;
use crate::{Iso, Shape};

/// The distance between A placed by `iso_a` and B placed by `iso_b`: the length of the
/// shortest segment from a point of A to a point of B, so `0` when they touch or
/// overlap. Returns `f32::INFINITY` when either `Iso` is not finite.
///
/// Exact: the distance from the origin to the Minkowski difference `A ⊖ B`, built in
/// one pass over the two cores' edges. For concave shapes the nearest part pair wins.
///
/// ```
/// use sat2d::{Iso, Shape, Vec2};
/// let a = Shape::rectangle(2.0, 2.0);
/// let b = Shape::circle(1.0);
/// let gap = sat2d::distance(&a, &Iso::IDENTITY, &b, &Iso::from_translation(Vec2::new(5.0, 0.0)));
/// assert!((gap - 3.0).abs() < 1e-5);
/// assert_eq!(sat2d::distance(&a, &Iso::IDENTITY, &b, &Iso::IDENTITY), 0.0);
/// ```
#[must_use]
pub fn distance(a: &Shape, iso_a: &Iso, b: &Shape, iso_b: &Iso) -> f32 {
    if !(iso_a.is_finite() && iso_b.is_finite()) {
        return f32::INFINITY;
    }
    let relative = iso_a.inverse_mul(iso_b);
    match route(a, iso_a, b, iso_b) {
        Route::Concave => {
            let (parts_a, parts_b) = (Parts::new(a, &Iso::IDENTITY), Parts::new(b, &relative));
            let mut best = f32::INFINITY;
            for (core_a, (center_a, radius_a)) in parts_a.cores.iter().zip(&parts_a.bounds) {
                for (core_b, (center_b, radius_b)) in parts_b.cores.iter().zip(&parts_b.bounds) {
                    // The bounding circles' gap is a lower bound on the parts' gap.
                    if center_a.distance(*center_b) - radius_a - radius_b >= best {
                        continue;
                    }
                    best = best.min(core_gap(core_a.form().core(), core_b.form().core()));
                    if best == 0.0 {
                        return 0.0;
                    }
                }
            }
            best
        }
        _ => core_gap(a.part(0), TransformedCore::new(b.part(0), &relative).view()),
    }
}

/// The gap between two rounded cores given in one frame.
fn core_gap(a: RoundedConvex<'_>, b: RoundedConvex<'_>) -> f32 {
    let difference = MinkowskiDifference::new(a, b);
    let view = difference.view();
    (view.signed_distance(glam::Vec2::ZERO) - view.radius).max(0.0)
}
