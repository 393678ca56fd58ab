//! Polygon against circle: Voronoi regions of the face that separates most.
//!
//! Frame: the polygon's local frame, with the circle's centre carried into it. The
//! circle–polygon order runs the same routine and flips the result.

use glam::Vec2;
use smallvec::SmallVec;

use crate::query::kernel::ConvexCore;
use crate::query::manifold::settle_points;
use crate::shape::rounded_convex::RoundedConvex;
use crate::{Contact, ConvexPolygon, Iso};

/// A polygon and a circle, the centre in the polygon's frame: the polygon–circle row
/// of the route table, in either order, as every operation reads it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PolygonCircle<'a> {
    /// The polygon.
    pub polygon: &'a ConvexPolygon,
    /// The polygon's placement: its frame is the one the routines solve in.
    pub polygon_iso: &'a Iso,
    /// The circle's centre, in the polygon's frame.
    pub center: Vec2,
    /// The circle's radius.
    pub radius: f32,
    /// Whether the circle is A: the routines solve polygon first, and the caller sees
    /// the result from A.
    pub flipped: bool,
}

impl PolygonCircle<'_> {
    /// The circle as a core of one point, in the polygon's frame.
    #[inline]
    pub fn circle(&self) -> RoundedConvex<'_> {
        RoundedConvex {
            points: core::slice::from_ref(&self.center),
            normals: &[],
            radius: self.radius,
        }
    }
}

/// The face the centre lies furthest outside of, and by how much: the face scan with
/// one point, on the lanes for a polygon of up to 16 faces (every face at once, no
/// early out), else on the scalar faces. `None` past `limit`.
#[inline]
fn deepest_face(polygon: &ConvexPolygon, center: Vec2, limit: f32) -> Option<(f32, usize)> {
    let scan = match polygon.lane_view() {
        // The lane form reports the face only with details.
        Some(lanes) => lanes.scan_faces::<true>(&[center], limit),
        None => polygon.rounded().scan_faces::<false>(&[center], limit),
    }?;
    Some((scan.separation, scan.face))
}

/// The polygon point nearest an outside `center`, given the face it lies furthest
/// outside of: one of that face's ends, or its foot on the face.
///
/// ```text
/// before the face's first vertex  → that vertex
/// past the face's second vertex   → that vertex
/// otherwise                       → the foot of the perpendicular (face region)
/// ```
#[inline]
fn nearest_on_face(
    polygon: &ConvexPolygon,
    face: usize,
    center: Vec2,
    separation: f32,
) -> (Vec2, bool) {
    let points = polygon.points();
    let start = points[face];
    let end = points[(face + 1) % points.len()];
    if (center - start).dot(end - start) < 0.0 {
        (start, false)
    } else if (center - end).dot(start - end) < 0.0 {
        (end, false)
    } else {
        (center - polygon.normals()[face] * separation, true)
    }
}

/// Whether the circle (centre in the polygon's frame) meets the polygon.
pub(crate) fn intersects_polygon_circle(pair: &PolygonCircle<'_>, tolerance: f32) -> bool {
    let limit = pair.radius + tolerance;
    let Some((separation, face)) = deepest_face(pair.polygon, pair.center, limit) else {
        return false;
    };
    if separation <= tolerance {
        return true;
    }
    let (nearest, _) = nearest_on_face(pair.polygon, face, pair.center, separation);
    nearest.distance_squared(pair.center) <= limit * limit
}

/// The contact of a polygon (A) and a circle (B, centre given in A's frame), in A's
/// frame.
pub(crate) fn contact_polygon_circle(pair: &PolygonCircle<'_>, tolerance: f32) -> Option<Contact> {
    let PolygonCircle {
        polygon,
        center,
        radius,
        ..
    } = *pair;
    let limit = radius + tolerance;
    let (separation, face) = deepest_face(polygon, center, limit)?;
    // Past the tip of a sharp corner the face planes all pass nearer the centre than
    // the corner does (`contact_convex_convex.rs`): the corner's distance decides there,
    // as long as the circle still touches.
    let past_a_corner = || {
        let (nearest, face_region) = nearest_on_face(polygon, face, center, separation);
        !face_region && (separation + 0.1 * tolerance..=limit).contains(&nearest.distance(center))
    };
    let (normal, depth, point) =
        if separation <= tolerance && (separation <= 0.0 || !past_a_corner()) {
            // Centre inside (or on) the polygon: out through the face it is nearest to.
            let normal = polygon.normals()[face];
            // The overlap along the normal through the centre runs from the circle's far
            // side (−radius) to the polygon's face (−separation) or the circle's near side.
            let exit = (-separation).min(radius);
            (
                normal,
                radius - separation,
                center + normal * ((exit - radius) * 0.5),
            )
        } else {
            let (nearest, face_region) = nearest_on_face(polygon, face, center, separation);
            let distance = nearest.distance(center);
            if distance > limit {
                return None;
            }
            let (normal, depth) = if face_region || distance <= f32::MIN_POSITIVE {
                (polygon.normals()[face], radius - separation)
            } else {
                ((center - nearest) / distance, radius - distance)
            };
            (
                normal,
                depth.max(0.0),
                (nearest + center - normal * radius) * 0.5,
            )
        };

    let mut points: SmallVec<[Vec2; 2]> = SmallVec::from_elem(point, 1);
    let in_polygon = match polygon.lane_view() {
        Some(lanes) => lanes.contains(point, tolerance),
        None => polygon.rounded().contains(point, tolerance),
    };
    let in_circle = point.distance_squared(center) <= limit * limit;
    if !(in_polygon && in_circle) {
        settle_points(
            &polygon.rounded(),
            &pair.circle(),
            normal,
            &mut points,
            None,
            tolerance,
        );
    }
    let polygon_in_circle = polygon
        .points()
        .iter()
        .all(|vertex| vertex.distance_squared(center) <= limit * limit);
    Some(Contact {
        normal,
        depth,
        a_in_b: polygon_in_circle,
        b_in_a: separation <= -radius + tolerance,
        points,
        minimal: true,
    })
}
