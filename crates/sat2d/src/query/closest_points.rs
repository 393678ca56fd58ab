//! Closest points between two convex cores that do not overlap.

use glam::Vec2;

use crate::math::segment::segment_closest_points;
use crate::shape::rounded_convex::RoundedConvex;

/// The nearest pair of points between two cores, and their distance.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ClosestPoints {
    pub on_a: Vec2,
    pub on_b: Vec2,
    pub distance: f32,
}

/// Closest points between two convex cores, in the frame they share.
///
/// ```text
/// for each piece of A and each piece of B (an edge, or a lone point):
///     the closest points of the two segments
/// keep the nearest pair
/// ```
/// Exact for disjoint cores (their closest pair lies on some pair of edges). For
/// overlapping cores the distance is zero only where boundaries cross; callers ask
/// only once the face scan has found the cores apart, or (the SAT explainer) for a
/// direction.
pub(crate) fn closest_points(a: RoundedConvex<'_>, b: RoundedConvex<'_>) -> ClosestPoints {
    let mut best = ClosestPoints {
        on_a: a.points[0],
        on_b: b.points[0],
        distance: f32::INFINITY,
    };
    // `distance` holds the squared distance until the end.
    for (a0, a1) in a.pieces() {
        for (b0, b1) in b.pieces() {
            let (on_a, on_b) = segment_closest_points(a0, a1, b0, b1);
            let distance = on_a.distance_squared(on_b);
            if distance < best.distance {
                best = ClosestPoints {
                    on_a,
                    on_b,
                    distance,
                };
            }
        }
    }
    best.distance = best.distance.sqrt();
    best
}
