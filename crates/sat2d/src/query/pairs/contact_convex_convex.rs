//! SAT for any pair of convex cores: polygons, segments, capsules, circles.
//!
//! Frame: A's local frame, with B already carried into it by the caller. The routine
//! is generic over [`ConvexCore`], so a polygon pair of up to 16 vertices runs on the
//! lane kernels and every other pair on the scalar ones, through the same steps.

use glam::Vec2;
use smallvec::SmallVec;

use crate::Contact;
use crate::query::closest_points::closest_points;
use crate::query::containment::convex_in_convex;
use crate::query::core_intersection::crossing;
use crate::query::kernel::{ConvexCore, FaceScan};
use crate::query::manifold::{Candidates, clip_faces, settle_point, settle_points};
use crate::shape::rounded_convex::RoundedConvex;

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
