//! SAT for any pair of rounded convex cores: polygons, segments, capsules, circles.
//!
//! Everything here runs in A's local frame, with B already carried into it.

use glam::Vec2;
use smallvec::SmallVec;

use crate::Contact;
use crate::query::closest_points::closest_points;
use crate::query::containment::convex_in_convex;
use crate::query::core_intersection::{core_intersection, crossing};
use crate::query::kernel::chord::chord;
use crate::query::kernel::face_scan::{Separation, max_separation};
use crate::query::kernel::point_lanes::PointLanes;
use crate::query::manifold::clip::clip_faces;
use crate::shape::rounded_convex::RoundedConvex;

/// Whether two rounded convex cores intersect (closed, within `tolerance`). Stops at
/// the first separating face. `b_lanes` are B's points as [`PointLanes`].
pub(crate) fn intersects_convex_convex(
    a: RoundedConvex<'_>,
    b: RoundedConvex<'_>,
    b_lanes: &PointLanes,
    tolerance: f32,
) -> bool {
    let limit = a.radius + b.radius + tolerance;
    let Some(separation_a) = max_separation(a, b_lanes, limit) else {
        return false;
    };
    let Some(separation_b) = max_separation(b, &PointLanes::new(a.points), limit) else {
        return false;
    };
    let separation = separation_a.value.max(separation_b.value);
    cores_overlap(a, b, separation, tolerance) || closest_points(a, b).distance <= limit
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
///     in a face's region: that face's normal; else the closest-points direction
/// points: clip the reference face against the incident edge (Box2D), then move each
///         point to the middle of the overlap along the normal
/// ```
pub(crate) fn contact_convex_convex(
    a: RoundedConvex<'_>,
    b: RoundedConvex<'_>,
    b_lanes: &PointLanes,
    tolerance: f32,
) -> Option<Contact> {
    let radius = a.radius + b.radius;
    let limit = radius + tolerance;
    let separation_a = max_separation(a, b_lanes, limit)?;
    let separation_b = max_separation(b, &PointLanes::new(a.points), limit)?;
    let tie_margin = tolerance * 0.1;
    let (separation, reference) = if separation_b.value > separation_a.value + tie_margin {
        (separation_b, Reference::B(separation_b.face))
    } else {
        (separation_a, Reference::A(separation_a.face))
    };
    let has_faces = separation.value > f32::NEG_INFINITY;

    let (normal, depth, points) = if cores_overlap(a, b, separation.value, tolerance) {
        let (normal, depth, mut points) =
            face_contact(a, b, separation, reference, radius, tolerance);
        settle_points(a, b, normal, &mut points, None, tolerance);
        (normal, depth, points)
    } else {
        // Cores apart: only rounded shapes get here. The line of closest points always
        // crosses the overlap, so the middle of that chord is a contact point.
        let closest = closest_points(a, b);
        if closest.distance > limit {
            return None;
        }
        let direction = if closest.distance > f32::MIN_POSITIVE {
            (closest.on_b - closest.on_a) / closest.distance
        } else {
            // Coincident centres: A's local +Y, documented in the crate docs.
            Vec2::Y
        };
        let surface_a = closest.on_a + direction * a.radius;
        let surface_b = closest.on_b - direction * b.radius;
        let mut between = (surface_a + surface_b) * 0.5;
        settle(a, b, direction, &mut between, tolerance);
        let in_face_region = has_faces && closest.distance <= separation.value + tolerance;
        if in_face_region && a.edge_count() > 0 && b.edge_count() > 0 {
            // Edge beside edge (a capsule along a box side): clip for two points.
            let (normal, depth, mut points) =
                face_contact(a, b, separation, reference, radius, tolerance);
            settle_points(a, b, normal, &mut points, Some(between), tolerance);
            (normal, depth, points)
        } else if in_face_region {
            let (normal, depth, _) = face_contact(a, b, separation, reference, radius, tolerance);
            (normal, depth, SmallVec::from_elem(between, 1))
        } else {
            let depth = (radius - closest.distance).max(0.0);
            (direction, depth, SmallVec::from_elem(between, 1))
        }
    };
    Some(Contact {
        normal,
        depth,
        a_in_b: convex_in_convex(a, b, tolerance),
        b_in_a: convex_in_convex(b, a, tolerance),
        points,
    })
}

/// Normal, depth and candidate points when a face decides the pair.
fn face_contact(
    a: RoundedConvex<'_>,
    b: RoundedConvex<'_>,
    separation: Separation,
    reference: Reference,
    radius: f32,
    tolerance: f32,
) -> (Vec2, f32, SmallVec<[Vec2; 2]>) {
    let depth = (radius - separation.value).max(0.0);
    match reference {
        Reference::A(face) => (a.normals[face], depth, clip_faces(a, face, b, tolerance)),
        Reference::B(face) => (-b.normals[face], depth, clip_faces(b, face, a, tolerance)),
    }
}

/// Keeps each candidate point that lies in both shapes (Box2D's midway points almost
/// always do); moves any other to the middle of the overlap region along `normal`
/// (the chord of A ∩ B through it), which matters when one shape contains the other.
/// Candidates whose line misses the overlap are dropped; if none
/// is left, `known_inside` is used, else the extremes (along the tangent) of the
/// cores' common region.
pub(crate) fn settle_points(
    a: RoundedConvex<'_>,
    b: RoundedConvex<'_>,
    normal: Vec2,
    points: &mut SmallVec<[Vec2; 2]>,
    known_inside: Option<Vec2>,
    tolerance: f32,
) {
    let fallback = points[0];
    points.retain(|point| {
        (a.contains(*point, tolerance) && b.contains(*point, tolerance))
            || settle(a, b, normal, point, tolerance)
    });
    if !points.is_empty() {
        return;
    }
    if let Some(point) = known_inside {
        points.push(point);
        return;
    }
    let region = core_intersection(a, b);
    if !region.is_empty() {
        let tangent = normal.perp();
        let by_tangent = |p: &&Vec2, q: &&Vec2| tangent.dot(**p).total_cmp(&tangent.dot(**q));
        let low = *region.iter().min_by(by_tangent).expect("not empty");
        let high = *region.iter().max_by(by_tangent).expect("not empty");
        for mut point in [low, high] {
            if settle(a, b, normal, &mut point, tolerance)
                && points.iter().all(|kept| kept.distance(point) > tolerance)
            {
                points.push(point);
            }
        }
    }
    if points.is_empty() {
        points.push(fallback);
    }
}

/// Moves `point` to the middle of the overlap chord along `normal`; false if the line
/// through it misses the overlap.
fn settle(
    a: RoundedConvex<'_>,
    b: RoundedConvex<'_>,
    normal: Vec2,
    point: &mut Vec2,
    tolerance: f32,
) -> bool {
    let (Some(in_a), Some(in_b)) = (
        chord(a, *point, normal, tolerance),
        chord(b, *point, normal, tolerance),
    ) else {
        return false;
    };
    let enter = in_a.0.max(in_b.0);
    let exit = in_a.1.min(in_b.1);
    if enter > exit + tolerance {
        return false;
    }
    *point += normal * ((enter + exit) * 0.5);
    true
}
