//! Whether one shape lies entirely inside another (closed sets, with tolerance).

use glam::Vec2;

use crate::Aabb;
use crate::decompose::outline::signed_area;
use crate::math::segment::{closest_point_on_segment, crossing_parameters, segment_closest_points};
use crate::query::concave::convex_window::ConvexWindow;
use crate::query::concave::work_budget::WorkBudget;
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
    inner.points.iter().all(|point| {
        (margin >= 0.0 && inside_polygon(outer, *point)) || outer.signed_distance(*point) <= margin
    })
}

/// Whether `point` lies in `core`'s polygon (its radius not counted), in `O(log n)`
/// for a many-sided one: `true` only where it surely does (up to rounding on the
/// boundary), `false` where the caller must look closer. Cores of up to 16 points,
/// and points, segments, answer `false`: their exact tests cost as little.
///
/// ```text
/// the fan from vertex 0: find the wedge (p0, pk, pk+1) the point lies in, by
/// bisection on the side of the rays p0→pk; inside iff left of the edge pk→pk+1
/// ```
fn inside_polygon(core: RoundedConvex<'_>, point: Vec2) -> bool {
    let points = core.points;
    let count = points.len();
    if count <= 16 {
        return false;
    }
    let origin = points[0];
    let offset = point - origin;
    let side = |k: usize| (points[k] - origin).perp_dot(offset);
    if side(1) < 0.0 || side(count - 1) > 0.0 {
        return false;
    }
    // side(low) ≥ 0 and side(high) ≤ 0 throughout.
    let (mut low, mut high) = (1, count - 1);
    while high - low > 1 {
        let middle = (low + high) / 2;
        if side(middle) >= 0.0 {
            low = middle;
        } else {
            high = middle;
        }
    }
    core.normals[low].dot(point - points[low]) <= 0.0
}

/// Whether convex `inner` lies inside a simple polygon (maybe with holes) given by the
/// edges of its `boundary` (the outline's and every hole's) and its convex parts
/// (which tile it), all in one frame. `parts` need only hold the parts that come
/// within `tolerance` of `inner`'s box (the others change no answer below), so that a
/// many-part polygon costs what its parts near `inner` cost; the boundary is read only
/// for a circle or a segment (a shape of one part, tested once).
///
/// ```text
/// circle:   the centre is inside, and at least the radius from the boundary
/// segment:  cut it where it meets the boundary; every piece's middle is inside
/// capsule:  the segment test, and the segment keeps the radius from the boundary
/// polygon:  every vertex is inside some part, no vertex of a part (the outline's
///           vertices) pokes into it, and the parts cover its area:
///           Σ area(inner ∩ part) = area(inner)
///           (up to a strip one tolerance wide along its perimeter)
/// ```
/// The area test cannot be fooled by boundaries that coincide (a box filling a slot
/// touches the outline everywhere yet lies outside); the vertex tests catch thin
/// spikes and notches whose area is below the area test's slack.
///
/// A polygon `inner` spends `budget` (see [`WorkBudget`]): a unit per point of the
/// parts near it, read by the vertex tests, and per clip of the area test the points
/// of both. Once the budget is refused the answer is `false`, "not shown inside".
pub(crate) fn convex_in_concave(
    inner: RoundedConvex<'_>,
    boundary: &[(Vec2, Vec2)],
    parts: &[RoundedConvex<'_>],
    tolerance: f32,
    budget: &mut WorkBudget,
) -> bool {
    match inner.points {
        [center] => {
            boundary_contains(boundary, *center, tolerance)
                && boundary_distance(boundary, |start, end| {
                    center.distance(closest_point_on_segment(start, end, *center))
                }) >= inner.radius - tolerance
        }
        [start, end] => {
            segment_in_boundary(*start, *end, boundary, tolerance)
                && (inner.radius == 0.0
                    || boundary_distance(boundary, |a, b| segment_distance(*start, *end, a, b))
                        >= inner.radius - tolerance)
        }
        points => {
            debug_assert!(
                inner.radius == 0.0,
                "rounded polygons need a clearance test"
            );
            // (A point outside a polygon by more than the tolerance is outside its
            // face planes by more, which is cheaper to see: no Euclidean distance.)
            let around = Aabb::from_points(points)
                .map_or(Aabb::new(Vec2::ZERO, Vec2::ZERO), |bounds| {
                    bounds.grown(tolerance)
                });
            if !budget.spend(parts.iter().map(|part| part.points.len()).sum()) {
                return false;
            }
            if !points.iter().all(|point| {
                parts
                    .iter()
                    .any(|part| part_holds(*part, *point, tolerance))
            }) || parts.iter().any(|part| {
                part.points.iter().any(|vertex| {
                    around.contains_point(*vertex) && inner.plane_distance(*vertex) < -tolerance
                })
            }) {
                return false;
            }
            let area = signed_area(points.iter().copied());
            let perimeter: f32 = (0..points.len())
                .map(|i| points[i].distance(points[(i + 1) % points.len()]))
                .sum();
            // A part no wider than about twice the tolerance lies within its perimeter's
            // strip: the area test below, whose covered area is never negative, cannot
            // fail, so it is not run (a comb's hair-thin teeth at the hub of a star
            // whose fan parts all meet there would each clip against hundreds).
            if area <= tolerance * perimeter {
                return true;
            }
            // Inside one part: inside the polygon, no areas needed (most parts of a
            // shape deep in another lie in one of its parts).
            if parts
                .iter()
                .any(|part| convex_in_convex(inner, *part, tolerance))
            {
                return true;
            }
            // A many-sided part is first cut to `inner`'s box, in one pass: its
            // intersection with `inner` is unchanged, and clipping by the rest would
            // cost a pass over `inner` per side.
            // The parts tile the polygon, so the sum only grows: it stops as soon as it
            // covers enough (on average halfway through the parts near `inner`).
            let enough = area - tolerance * perimeter;
            let mut covered = 0.0;
            for part in parts {
                if !budget.spend(part.points.len() + points.len()) {
                    return false;
                }
                let window = ConvexWindow::new(*part, None, &around);
                covered += window.view().map_or(0.0, |cut| {
                    signed_area(core_intersection(inner, cut).into_iter())
                });
                if covered >= enough {
                    return true;
                }
            }
            false
        }
    }
}

/// Whether `part` holds `point` within `tolerance`: its face planes first (cheap, and
/// enough inside a polygon or well outside it), the Euclidean distance only near it.
pub(crate) fn part_holds(part: RoundedConvex<'_>, point: Vec2, tolerance: f32) -> bool {
    if inside_polygon(part, point) {
        return true;
    }
    let plane = part.plane_distance(point);
    (part.is_polygon() && plane <= 0.0)
        || (plane <= part.radius + tolerance && part.contains(point, tolerance))
}

/// The smallest `distance(start, end)` over the boundary's edges.
fn boundary_distance(boundary: &[(Vec2, Vec2)], distance: impl Fn(Vec2, Vec2) -> f32) -> f32 {
    boundary
        .iter()
        .map(|&(start, end)| distance(start, end))
        .fold(f32::INFINITY, f32::min)
}

/// Whether the segment lies in the closed polygon: it is cut wherever it meets the
/// boundary, and the middle of every piece (and both ends) must be inside.
fn segment_in_boundary(start: Vec2, end: Vec2, boundary: &[(Vec2, Vec2)], tolerance: f32) -> bool {
    let direction = end - start;
    let length_squared = direction.length_squared();
    let mut cuts: Vec<f32> = vec![0.0, 1.0];
    for &(edge_start, edge_end) in boundary {
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
        .all(|t| boundary_contains(boundary, start + direction * *t, tolerance))
        && cuts.windows(2).all(|pair| {
            boundary_contains(
                boundary,
                start + direction * ((pair[0] + pair[1]) * 0.5),
                tolerance,
            )
        })
}

/// Whether `point` is in the closed polygon whose boundary edges (outline and holes)
/// are `boundary` (on an edge within `tolerance` counts as inside), by the crossing
/// rule.
pub(crate) fn boundary_contains(boundary: &[(Vec2, Vec2)], point: Vec2, tolerance: f32) -> bool {
    let mut inside = false;
    for &(start, end) in boundary {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::regular_core::RegularCore;

    /// A box's corners (counter-clockwise) and outward face normals.
    fn box_core(min: Vec2, max: Vec2) -> ([Vec2; 4], [Vec2; 4]) {
        (
            [min, Vec2::new(max.x, min.y), max, Vec2::new(min.x, max.y)],
            [Vec2::NEG_Y, Vec2::X, Vec2::Y, Vec2::NEG_X],
        )
    }

    /// A polygon's view, no radius.
    fn polygon_view<'a>(points: &'a [Vec2], normals: &'a [Vec2]) -> RoundedConvex<'a> {
        RoundedConvex {
            points,
            normals,
            radius: 0.0,
        }
    }

    /// Whether the box `min..max` lies in the L made of the boxes (0,0)..(2,1) and
    /// (0,1)..(1,2), with a budget of `units`.
    fn box_in_l(min: Vec2, max: Vec2, units: u64) -> bool {
        let (foot, foot_normals) = box_core(Vec2::ZERO, Vec2::new(2.0, 1.0));
        let (upright, upright_normals) = box_core(Vec2::Y, Vec2::new(1.0, 2.0));
        let (inner, inner_normals) = box_core(min, max);
        let parts = [
            polygon_view(&foot, &foot_normals),
            polygon_view(&upright, &upright_normals),
        ];
        let inner = polygon_view(&inner, &inner_normals);
        convex_in_concave(inner, &[], &parts, 1e-4, &mut WorkBudget::with_units(units))
    }

    #[test]
    fn a_box_across_two_parts_is_inside_only_within_its_budget() {
        let (min, max) = (Vec2::new(0.25, 0.5), Vec2::new(0.75, 1.5));
        // The vertex tests read both parts' 8 points, then each part is clipped (8
        // units apiece): the second clip completes the area.
        assert!(box_in_l(min, max, 24));
        assert!(
            !box_in_l(min, max, 23),
            "a refused budget is \"not shown inside\""
        );
        // Poking out of the L is never inside, whatever the budget.
        assert!(!box_in_l(
            Vec2::new(0.75, 0.5),
            Vec2::new(1.25, 1.5),
            u64::MAX
        ));
    }

    #[test]
    fn a_needle_within_the_tolerance_strip_needs_no_area() {
        // 5e-5 wide across both parts: its area is below tolerance × perimeter, so the
        // area test could not fail and no part is clipped (the budget holds only the
        // vertex tests' 8 units).
        let (min, max) = (Vec2::new(0.5, 0.5), Vec2::new(0.500_05, 1.5));
        assert!(box_in_l(min, max, 8));
        assert!(!box_in_l(min, max, 7));
    }

    #[test]
    fn the_bisected_polygon_test_agrees_with_the_planes() {
        let polygon = RegularCore::new(100, 2.0);
        let core = polygon.core();
        let mut rng = fastrand::Rng::with_seed(5);
        for _ in 0..2_000 {
            let point = Vec2::new(rng.f32() - 0.5, rng.f32() - 0.5) * 5.0;
            let plane = core.plane_distance(point);
            if plane.abs() > 1e-5 {
                assert_eq!(inside_polygon(core, point), plane < 0.0, "{point}");
            }
        }
    }
}
