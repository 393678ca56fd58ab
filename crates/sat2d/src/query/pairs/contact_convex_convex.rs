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

/// Whether the other core's point deepest below the reference face lies beyond either
/// end of that face, along it: only then can the cores be farther apart than the
/// face's plane says. (A face of a one-point core has no ends: never.)
fn past_face_end(a: RoundedConvex<'_>, b: RoundedConvex<'_>, reference: Reference) -> bool {
    let (own, other, face) = match reference {
        Reference::A(face) => (a, b, face),
        Reference::B(face) => (b, a, face),
    };
    let count = own.points.len();
    if count < 2 {
        return false;
    }
    let (start, end) = (own.points[face], own.points[(face + 1) % count]);
    // The face's outward normal: the other core's deepest point is the least along it.
    let normal = own.normals[face];
    let Some(deepest) = other
        .points
        .iter()
        .copied()
        .min_by(|p, q| normal.dot(*p).total_cmp(&normal.dot(*q)))
    else {
        return false;
    };
    let along = end - start;
    let at = (deepest - start).dot(along);
    at < 0.0 || at > along.length_squared()
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

    // Cores within the tolerance of each other by their faces' planes may still be
    // farther apart: past the end of a sharp corner's faces, every plane passes near a
    // point that the corner itself leaves far behind (a circle 0.02 across, 0.0101 past
    // the tip of a sliver part 190 long whose faces' planes pass within 0.001 of it,
    // was given a depth of 0.009 instead of 0.0001, and the concave MTV then searched
    // from that false depth). Where the rounded shapes still touch, the closest points
    // give the depth; where they do not, the pair stays touching as `intersects` says.
    let apart_past_a_corner = || {
        separation > 0.0
            && past_face_end(core_a, core_b, reference)
            && (separation + tie_margin..=limit).contains(&closest_points(core_a, core_b).distance)
    };
    let (normal, depth, points) =
        if cores_overlap(core_a, core_b, separation, tolerance) && !apart_past_a_corner() {
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

    /// A small circle, and a small capsule, just past the tip of a long sliver (a part
    /// that fan-shaped decompositions of concave outlines make), where every face
    /// plane of the sliver passes far nearer them than the tip does: the depth is the
    /// rounded shapes' overlap, checked against an `f64` distance, in both orders, all
    /// round the tip. (It was the radius less the planes' distance: 0.0086 deep for a
    /// circle that overlapped by 0.0011. The circle runs on the polygon–circle routine,
    /// the capsule on the generic one.)
    #[test]
    fn a_shape_past_a_sliver_tip_is_as_deep_as_the_tip_reaches() {
        let sliver = Shape::polygon(&SLIVER.map(|(x, y)| Vec2::new(x as f32, y as f32))).unwrap();
        let radius = 0.010_135_833_f32;
        // The capsule's straight part, along local Y, turned to lie along the sliver
        // (its own faces then separate no more than the sliver's do).
        let half_length = 0.000_5_f64;
        let rounded = [
            (Shape::circle(radius), 0.0),
            (
                Shape::capsule(radius, 2.0 * half_length as f32),
                half_length,
            ),
        ];
        let mut measured = 0;
        for (shape, half) in &rounded {
            let tolerance = tolerance(&sliver, shape);
            for step in 0..=24 {
                let angle = (150.0 + 2.5 * f64::from(step)).to_radians();
                for gap in [0.009_f64, 0.0101, 0.0104] {
                    let center = (gap * angle.cos(), gap * angle.sin());
                    let core = [(center.0 - half, center.1), (center.0 + half, center.1)];
                    let expected = (f64::from(radius) - distance_to_sliver(core)).max(0.0);
                    let at = Iso::new(
                        Vec2::new(center.0 as f32, center.1 as f32),
                        core::f32::consts::FRAC_PI_2,
                    );
                    for (contact, order) in [
                        (
                            crate::contact(shape, &at, &sliver, &Iso::IDENTITY),
                            "shape first",
                        ),
                        (
                            crate::contact(&sliver, &Iso::IDENTITY, shape, &at),
                            "sliver first",
                        ),
                    ] {
                        let Some(contact) = contact else { continue };
                        measured += 1;
                        let error = (f64::from(contact.depth) - expected).abs();
                        assert!(
                            error <= f64::from(tolerance) * 0.1,
                            "{shape:?} {order}, angle {angle}, gap {gap}: depth {} against {expected}",
                            contact.depth
                        );
                    }
                }
            }
        }
        assert!(measured > 200, "{measured} contacts measured");
    }

    /// The sliver of the test above: 190 long, its tip at the origin.
    const SLIVER: [(f64, f64); 3] = [(0.0, 0.0), (190.0, -0.095), (190.0, 0.095)];

    /// The distance from the segment `core` (outside it) to the sliver, in `f64`: the
    /// least of the distances from each end to the sliver's sides and from each of the
    /// sliver's corners to the segment.
    fn distance_to_sliver(core: [(f64, f64); 2]) -> f64 {
        let to_segment = |point: (f64, f64), (start, end): ((f64, f64), (f64, f64))| {
            let along = (end.0 - start.0, end.1 - start.1);
            let from = (point.0 - start.0, point.1 - start.1);
            let length = (along.0 * along.0 + along.1 * along.1).max(f64::MIN_POSITIVE);
            let t = ((from.0 * along.0 + from.1 * along.1) / length).clamp(0.0, 1.0);
            (from.0 - t * along.0).hypot(from.1 - t * along.1)
        };
        let sides = (0..3).map(|k| (SLIVER[k], SLIVER[(k + 1) % 3]));
        let ends = sides.flat_map(|side| core.map(|end| to_segment(end, side)));
        let corners = SLIVER.map(|corner| to_segment(corner, (core[0], core[1])));
        ends.chain(corners).fold(f64::INFINITY, f64::min)
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
