//! Polygon against polygon: the most common pair, on structure-of-arrays lanes.
//!
//! Same algorithm as the generic convex routine, but B's face normals and offsets move
//! into A's frame in one vector pass, and each face scan yields both the SAT
//! separation (the minimum over the other polygon's vertices) and how far that polygon
//! sticks out of the face (the maximum, for the containment flags).

use crate::query::manifold::clip::{FacePair, clip_edges, incident_face};
use crate::query::pairs::contact_convex_convex::settle_points;
use crate::query::transformed_core::TransformedCore;
use crate::shape::face_lanes::{FaceLanes, chord, max_plane_distance, max_separation, scan_faces};
use crate::{Contact, ConvexPolygon, Iso};

/// Whether two polygons intersect; `relative` is B's pose in A's frame.
pub(crate) fn intersects_polygon_polygon(
    (a, a_lanes): (&ConvexPolygon, &FaceLanes),
    (b, b_lanes): (&ConvexPolygon, &FaceLanes),
    relative: &Iso,
    tolerance: f32,
) -> bool {
    let b_placed = b_lanes.placed(b.points(), relative);
    max_separation(a_lanes.blocks(), b_placed.points()) <= tolerance
        && max_separation(b_placed.blocks(), a.points()) <= tolerance
}

/// The contact of two polygons in A's frame; `relative` is B's pose in A's frame.
pub(crate) fn contact_polygon_polygon(
    (a, a_lanes): (&ConvexPolygon, &FaceLanes),
    (b, b_lanes): (&ConvexPolygon, &FaceLanes),
    relative: &Iso,
    tolerance: f32,
) -> Option<Contact> {
    let b_placed = b_lanes.placed(b.points(), relative);
    let (count_a, count_b) = (a_lanes.count(), b_lanes.count());
    let scan_a = scan_faces(a_lanes.blocks(), count_a, b_placed.points());
    if scan_a.separation > tolerance {
        return None;
    }
    let scan_b = scan_faces(b_placed.blocks(), count_b, a.points());
    if scan_b.separation > tolerance {
        return None;
    }

    // Ties (within a tenth of the tolerance) go to A's faces.
    let (normal, separation, pair) = if scan_b.separation > scan_a.separation + tolerance * 0.1 {
        let face = scan_b.face;
        let reference_normal = b_placed.normal(face);
        let incident = incident_face(reference_normal, a.normals().iter().copied());
        let b_points = b_placed.points();
        let pair = FacePair {
            reference: (b_points[face], b_points[(face + 1) % count_b]),
            normal: reference_normal,
            reference_radius: 0.0,
            incident: (a.points()[incident], a.points()[(incident + 1) % count_a]),
            incident_radius: 0.0,
        };
        (-reference_normal, scan_b.separation, pair)
    } else {
        let face = scan_a.face;
        let reference_normal = a.normals()[face];
        let incident = incident_face(reference_normal, (0..count_b).map(|i| b_placed.normal(i)));
        let b_points = b_placed.points();
        let pair = FacePair {
            reference: (a.points()[face], a.points()[(face + 1) % count_a]),
            normal: reference_normal,
            reference_radius: 0.0,
            incident: (b_points[incident], b_points[(incident + 1) % count_b]),
            incident_radius: 0.0,
        };
        (reference_normal, scan_a.separation, pair)
    };

    let mut points = clip_edges(pair, tolerance);
    // Box2D's points sit midway between the surfaces; near an acute corner, or when
    // one polygon contains the other, one can fall outside. Move such a point to the
    // middle of the overlap along the normal (both chords computed lane-wise).
    let (faces_a, faces_b) = (a_lanes.blocks(), b_placed.blocks());
    let mut unsettled = false;
    for point in &mut points {
        if max_plane_distance(faces_a, *point) <= tolerance
            && max_plane_distance(faces_b, *point) <= tolerance
        {
            continue;
        }
        match (
            chord(faces_a, *point, normal, tolerance),
            chord(faces_b, *point, normal, tolerance),
        ) {
            (Some(in_a), Some(in_b)) if in_a.0.max(in_b.0) <= in_a.1.min(in_b.1) + tolerance => {
                *point += normal * ((in_a.0.max(in_b.0) + in_a.1.min(in_b.1)) * 0.5);
            }
            _ => unsettled = true,
        }
    }
    if unsettled {
        // The line misses the overlap: fall back to the general search.
        let b_core = TransformedCore::new(b.rounded(), relative);
        settle_points(
            a.rounded(),
            b_core.view(),
            normal,
            &mut points,
            None,
            tolerance,
        );
    }
    Some(Contact {
        normal,
        depth: (-separation).max(0.0),
        a_in_b: scan_b.sticks_out <= tolerance,
        b_in_a: scan_a.sticks_out <= tolerance,
        points,
    })
}
