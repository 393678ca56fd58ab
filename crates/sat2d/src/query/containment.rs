//! Whether one shape lies entirely inside another (closed sets, with tolerance).

use glam::Vec2;

use crate::decompose::outline::signed_area;
use crate::math::segment::{closest_point_on_segment, crossing_parameters, segment_closest_points};
use crate::query::core_intersection::core_intersection;
use crate::query::kernel::ConvexCore;
use crate::shape::rounded_convex::RoundedConvex;

/// Whether `inner ⊆ outer` for two convex cores in one frame.
///
/// A rounded convex `inner` lies in `outer` iff every core vertex `p` of `inner` has
/// `signed_distance(outer core, p) ≤ outer.radius − inner.radius`: the signed distance
/// to a convex core is convex, so its maximum over `inner` is at a vertex, plus the
/// radius.
pub(crate) fn convex_in_convex(
    inner: RoundedConvex<'_>,
    outer: RoundedConvex<'_>,
    tolerance: f32,
) -> bool {
    let margin = outer.radius - inner.radius + tolerance;
    inner
        .points
        .iter()
        .all(|point| outer.signed_distance(*point) <= margin)
}

/// Whether convex `inner` lies inside a simple polygon given by its counter-clockwise
/// `outline` and its convex `parts` (which tile it), all in one frame.
///
/// ```text
/// circle:   the centre is inside, and at least the radius from the outline
/// segment:  cut it where it meets the outline; every piece's middle is inside
/// capsule:  the segment test, and the segment keeps the radius from the outline
/// polygon:  every vertex is inside the outline, no outline vertex pokes into it,
///           and the parts cover its area: Σ area(inner ∩ part) = area(inner)
///           (up to a strip one tolerance wide along its perimeter)
/// ```
/// The area test cannot be fooled by boundaries that coincide (a box filling a slot
/// touches the outline everywhere yet lies outside); the vertex tests catch thin
/// spikes and notches whose area is below the area test's slack.
pub(crate) fn convex_in_concave<'a>(
    inner: RoundedConvex<'_>,
    outline: &[Vec2],
    parts: impl Iterator<Item = RoundedConvex<'a>>,
    tolerance: f32,
) -> bool {
    match inner.points {
        [center] => {
            outline_contains(outline, *center, tolerance)
                && outline_distance(outline, |start, end| {
                    center.distance(closest_point_on_segment(start, end, *center))
                }) >= inner.radius - tolerance
        }
        [start, end] => {
            segment_in_outline(*start, *end, outline, tolerance)
                && (inner.radius == 0.0
                    || outline_distance(outline, |a, b| segment_distance(*start, *end, a, b))
                        >= inner.radius - tolerance)
        }
        points => {
            debug_assert!(
                inner.radius == 0.0,
                "rounded polygons need a clearance test"
            );
            if !points
                .iter()
                .all(|point| outline_contains(outline, *point, tolerance))
                || outline
                    .iter()
                    .any(|vertex| inner.signed_distance(*vertex) < -tolerance)
            {
                return false;
            }
            let area = signed_area(points.iter().copied());
            let perimeter: f32 = (0..points.len())
                .map(|i| points[i].distance(points[(i + 1) % points.len()]))
                .sum();
            let covered: f32 = parts
                .map(|part| signed_area(core_intersection(inner, part).into_iter()))
                .sum();
            covered >= area - tolerance * perimeter
        }
    }
}

/// The smallest `distance(start, end)` over the outline's edges.
fn outline_distance(outline: &[Vec2], distance: impl Fn(Vec2, Vec2) -> f32) -> f32 {
    (0..outline.len())
        .map(|i| distance(outline[i], outline[(i + 1) % outline.len()]))
        .fold(f32::INFINITY, f32::min)
}

/// Whether the segment lies in the closed polygon: it is cut wherever it meets the
/// outline, and the middle of every piece (and both ends) must be inside.
fn segment_in_outline(start: Vec2, end: Vec2, outline: &[Vec2], tolerance: f32) -> bool {
    let direction = end - start;
    let length_squared = direction.length_squared();
    let mut cuts: Vec<f32> = vec![0.0, 1.0];
    for i in 0..outline.len() {
        let (edge_start, edge_end) = (outline[i], outline[(i + 1) % outline.len()]);
        if let Some((t, u)) = crossing_parameters(start, end, edge_start, edge_end) {
            if (0.0..=1.0).contains(&t) && (0.0..=1.0).contains(&u) {
                cuts.push(t);
            }
        } else {
            // Parallel: where the edge's ends project onto the segment.
            for point in [edge_start, edge_end] {
                cuts.push(((point - start).dot(direction) / length_squared).clamp(0.0, 1.0));
            }
        }
    }
    cuts.sort_by(f32::total_cmp);
    cuts.iter()
        .all(|t| outline_contains(outline, start + direction * *t, tolerance))
        && cuts.windows(2).all(|pair| {
            outline_contains(
                outline,
                start + direction * ((pair[0] + pair[1]) * 0.5),
                tolerance,
            )
        })
}

/// Whether `point` is in the closed polygon `outline` (on the boundary within
/// `tolerance` counts as inside), by the crossing rule.
pub(crate) fn outline_contains(outline: &[Vec2], point: Vec2, tolerance: f32) -> bool {
    let count = outline.len();
    let mut inside = false;
    for index in 0..count {
        let start = outline[index];
        let end = outline[(index + 1) % count];
        if point.distance_squared(closest_point_on_segment(start, end, point))
            <= tolerance * tolerance
        {
            return true;
        }
        if (start.y > point.y) != (end.y > point.y) {
            let x = start.x + (point.y - start.y) / (end.y - start.y) * (end.x - start.x);
            if point.x < x {
                inside = !inside;
            }
        }
    }
    inside
}

/// The distance between two closed segments.
fn segment_distance(a0: Vec2, a1: Vec2, b0: Vec2, b1: Vec2) -> f32 {
    let (on_a, on_b) = segment_closest_points(a0, a1, b0, b1);
    on_a.distance(on_b)
}
