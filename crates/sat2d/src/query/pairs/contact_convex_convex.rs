//! SAT for any pair of convex cores: polygons, segments, capsules, circles.
//!
//! Frame: A's local frame, with B already carried into it by the caller. The routine
//! is generic over [`ConvexCore`], so a polygon pair of up to 16 vertices runs on the
//! lane kernels and every other pair on the scalar ones, through the same steps.

use glam::Vec2;
use smallvec::SmallVec;

use crate::query::closest_points::closest_points;
use crate::query::containment::convex_in_convex;
use crate::query::core_intersection::crossing;
use crate::query::kernel::{ConvexCore, FaceScan, scan_face_lanes};
use crate::query::manifold::{Candidates, clip_faces, settle_point, settle_points};
use crate::shape::face_lanes::LanePolygon;
use crate::shape::rounded_convex::RoundedConvex;
use crate::{Contact, Iso};

/// Whether two convex cores intersect (closed, within `tolerance`). Stops at the
/// first separating face.
pub(crate) fn intersects_convex_convex(
    a: &impl ConvexCore,
    b: &impl ConvexCore,
    tolerance: f32,
) -> bool {
    let (core_a, core_b) = (a.rounded(), b.rounded());
    let limit = core_a.radius + core_b.radius + tolerance;
    let Some(scan_a) = a.scan_faces::<false>(core_b.points, limit) else {
        return false;
    };
    let Some(scan_b) = b.scan_faces::<false>(core_a.points, limit) else {
        return false;
    };
    let separation = scan_a.separation.max(scan_b.separation);
    cores_overlap(core_a, core_b, separation, tolerance)
        || closest_points(core_a, core_b).distance <= limit
}

/// [`intersects_convex_convex`] for two polygons in lane form, A in its own frame and
/// B in its own, placed in A's by `relative`, without a placed copy of B: A's faces are
/// scanned against B's points carried into A's frame as they are read, and B's faces
/// are placed by value. The arithmetic is that of placing B first, so the answer is
/// the convex routine's to the bit (polygon cores: the faces are every axis).
#[inline(always)]
pub(crate) fn intersects_lane_polygons(
    a: &LanePolygon<'_>,
    b: &LanePolygon<'_>,
    relative: &Iso,
    tolerance: f32,
) -> bool {
    let carried = b
        .points
        .iter()
        .map(|point| relative.transform_point(*point));
    let Some(scan_a) = scan_face_lanes::<false>(a, carried, tolerance) else {
        return false;
    };
    let b_faces = b.placed_blocks(relative);
    let Some(scan_b) =
        scan_face_lanes::<false>(&b_faces.view(), a.points.iter().copied(), tolerance)
    else {
        return false;
    };
    // As `cores_overlap`: a NaN separation is no overlap.
    let separation = scan_a.separation.max(scan_b.separation);
    separation.is_finite() && separation <= tolerance
}

/// Whether the cores themselves overlap, given the deepest face separation.
///
/// The face normals of two cores are all the axes SAT needs unless both cores are
/// degenerate (a point or a segment): their Minkowski difference is then a segment or
/// a point whose ends are not faces, so a point and a segment, or two parallel
/// segments, overlap only if they actually cross.
fn cores_overlap(
    a: RoundedConvex<'_>,
    b: RoundedConvex<'_>,
    separation: f32,
    tolerance: f32,
) -> bool {
    // `-∞` (no faces at all) is not an overlap: two points need their distance.
    if !separation.is_finite() || separation > tolerance {
        return false;
    }
    a.points.len() >= 3 || b.points.len() >= 3 || crossing(a, b).is_some()
}

/// Which face decided the pair.
#[derive(Clone, Copy)]
enum Reference {
    /// Face of A; its normal already points from A to B.
    A(usize),
    /// Face of B; its normal points from B to A.
    B(usize),
}

/// The contact between two rounded convex cores, in A's frame.
///
/// ```text
/// sA = deepest separation over A's faces, sB = over B's faces   (early out past the radii)
/// reference = A's face, unless B's separates by more than a tie margin
/// if the cores overlap (s ≤ tolerance):  depth = radii − s along the reference normal
/// else (only rounded shapes get here):   closest points between the cores;
///     in a face's region (within the tie margin): that face's normal;
///     else the closest-points direction
/// points: clip the reference face against the incident edge (Box2D), then move each
///         point to the middle of the overlap along the normal
/// ```
pub(crate) fn contact_convex_convex(
    a: &impl ConvexCore,
    b: &impl ConvexCore,
    tolerance: f32,
) -> Option<Contact> {
    let (core_a, core_b) = (a.rounded(), b.rounded());
    let radius = core_a.radius + core_b.radius;
    let limit = radius + tolerance;
    let scan_a = a.scan_faces::<true>(core_b.points, limit)?;
    let scan_b = b.scan_faces::<true>(core_a.points, limit)?;
    let tie_margin = tolerance * 0.1;
    let (separation, reference) = if scan_b.separation > scan_a.separation + tie_margin {
        (scan_b.separation, Reference::B(scan_b.face))
    } else {
        (scan_a.separation, Reference::A(scan_a.face))
    };
    let has_faces = separation > f32::NEG_INFINITY;
    let face_contact = || face_contact(core_a, core_b, separation, reference, radius, tolerance);

    let (normal, depth, points) = if cores_overlap(core_a, core_b, separation, tolerance) {
        let (normal, depth, mut points) = face_contact();
        settle_points(a, b, normal, &mut points, None, tolerance);
        (normal, depth, points)
    } else {
        // Cores apart: only rounded shapes get here. The line of closest points always
        // crosses the overlap, so the middle of that chord is a contact point.
        let closest = closest_points(core_a, core_b);
        if closest.distance > limit {
            return None;
        }
        let direction = if closest.distance > f32::MIN_POSITIVE {
            (closest.on_b - closest.on_a) / closest.distance
        } else {
            // Coincident cores: A's local +Y, documented in the crate docs.
            Vec2::Y
        };
        let surface_a = closest.on_a + direction * core_a.radius;
        let surface_b = closest.on_b - direction * core_b.radius;
        let mut between = (surface_a + surface_b) * 0.5;
        settle_point(a, b, direction, &mut between, tolerance);
        // A face's normal where it ties with the closest-points direction, by the tie
        // rule's margin. Cores that do not cross are apart, so a separation below zero
        // is rounding (two segments on one line, straddling it by an ulp): such cores
        // touch, and their closest points give no direction. (With the whole tolerance
        // as the margin, a capsule tip just past a segment's tip, radius below ε, took
        // the face, up to ε deeper than the push along the line.)
        let in_face_region = has_faces && closest.distance <= separation.max(0.0) + tie_margin;
        if in_face_region && core_a.edge_count() > 0 && core_b.edge_count() > 0 {
            // Edge beside edge (a capsule along a box side): clip for two points.
            let (normal, depth, mut points) = face_contact();
            settle_points(a, b, normal, &mut points, Some(between), tolerance);
            (normal, depth, points)
        } else if in_face_region {
            let (normal, depth, _) = face_contact();
            (normal, depth, SmallVec::from_elem(between, 1))
        } else {
            let depth = (radius - closest.distance).max(0.0);
            (direction, depth, SmallVec::from_elem(between, 1))
        }
    };
    Some(Contact {
        normal,
        depth,
        a_in_b: contained(core_a, core_b, &scan_b, tolerance),
        b_in_a: contained(core_b, core_a, &scan_a, tolerance),
        points,
        minimal: true,
    })
}

/// Whether `inner ⊆ outer`, given the scan of `outer`'s faces against `inner`'s
/// points: for two unrounded cores in a polygon, no point sticks out of a face;
/// otherwise the general test.
fn contained(
    inner: RoundedConvex<'_>,
    outer: RoundedConvex<'_>,
    outer_scan: &FaceScan,
    tolerance: f32,
) -> bool {
    if outer.is_polygon() && outer.radius == 0.0 && inner.radius == 0.0 {
        outer_scan.sticks_out <= tolerance
    } else {
        convex_in_convex(inner, outer, tolerance)
    }
}

/// Normal, depth and candidate points when a face decides the pair.
fn face_contact(
    a: RoundedConvex<'_>,
    b: RoundedConvex<'_>,
    separation: f32,
    reference: Reference,
    radius: f32,
    tolerance: f32,
) -> (Vec2, f32, Candidates) {
    let depth = (radius - separation).max(0.0);
    match reference {
        Reference::A(face) => (a.normals[face], depth, clip_faces(a, face, b, tolerance)),
        Reference::B(face) => (-b.normals[face], depth, clip_faces(b, face, a, tolerance)),
    }
}

#[cfg(test)]
mod tests {
    use glam::Vec2;

    use super::intersects_lane_polygons;
    use crate::query::core_form::{ConvexPairRoutine, on_convex_pair};
    use crate::query::kernel::ConvexCore;
    use crate::{Iso, Shape, tolerance};

    struct Generic(f32);

    impl ConvexPairRoutine for Generic {
        type Output = bool;
        const READS_NORMALS_OF_B: bool = false;
        fn run(self, a: &impl ConvexCore, b: &impl ConvexCore) -> bool {
            super::intersects_convex_convex(a, b, self.0)
        }
    }

    /// The lane pair answers as the generic routine on B's placed copy, to the bit,
    /// on seeded polygon pairs from apart to deep, touching ones included.
    #[test]
    fn lane_polygons_answer_as_the_generic_routine() {
        let mut rng = fastrand::Rng::with_seed(9);
        let (mut hits, mut misses) = (0, 0);
        for case in 0..20_000 {
            let sides = (rng.usize(3..=16), rng.usize(3..=16));
            let a = Shape::regular_polygon(rng.f32() + 0.5, sides.0).unwrap();
            let b = Shape::regular_polygon(rng.f32() + 0.5, sides.1).unwrap();
            let relative = if case % 4 == 0 {
                // Two boxes side by side, exactly touching.
                Iso::new(Vec2::new(2.0, rng.f32() - 0.5), 0.0)
            } else {
                let at = Vec2::new(rng.f32() * 5.0 - 2.5, rng.f32() * 5.0 - 2.5);
                Iso::new(at, rng.f32() * 7.0)
            };
            let (a, b) = if case % 4 == 0 {
                (Shape::rectangle(2.0, 2.0), Shape::rectangle(2.0, 1.0))
            } else {
                (a, b)
            };
            let tolerance = tolerance(&a, &b);
            let lanes = (a.part_lanes(0).unwrap(), b.part_lanes(0).unwrap());
            let fast = intersects_lane_polygons(&lanes.0, &lanes.1, &relative, tolerance);
            let generic = on_convex_pair(&a, &b, &relative, Generic(tolerance));
            assert_eq!(fast, generic, "case {case}: {relative:?}");
            if fast {
                hits += 1;
            } else {
                misses += 1;
            }
        }
        assert!(
            hits > 5_000 && misses > 5_000,
            "{hits} hits, {misses} misses"
        );
    }
}
