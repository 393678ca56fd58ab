//! Reference/incident face clipping (Box2D's manifold), for 1–2 contact points.

use glam::Vec2;
use smallvec::SmallVec;

use crate::rounded_convex::RoundedConvex;

/// Candidate contact points from the reference face `face` of `reference` against the
/// incident core. Points sit midway between the two surfaces along the reference
/// normal; callers move them into the overlap region afterwards.
///
/// ```text
/// incident edge = the incident face most anti-parallel to the reference normal
/// clip the incident edge to the slab between the reference face's side planes
/// keep clipped points no further than the radii (+ tolerance) above the face
/// move each kept point halfway toward the reference surface
/// ```
/// A single-point incident core (a circle) yields its one point.
pub(crate) fn clip_faces(
    reference: RoundedConvex<'_>,
    face: usize,
    incident: RoundedConvex<'_>,
    tolerance: f32,
) -> SmallVec<[Vec2; 2]> {
    let normal = reference.normals[face];
    let (reference_start, reference_end) = reference.edge(face);
    let radius = reference.radius + incident.radius;
    let midway = |point: Vec2, separation: f32| {
        point + normal * (0.5 * (reference.radius - incident.radius - separation))
    };
    let mut points = SmallVec::new();
    if incident.edge_count() == 0 {
        let point = incident.points[0];
        points.push(midway(point, normal.dot(point - reference_start)));
        return points;
    }

    let mut incident_face = 0;
    let mut lowest = f32::INFINITY;
    for (index, incident_normal) in incident.normals.iter().enumerate() {
        let dot = normal.dot(*incident_normal);
        if dot < lowest {
            lowest = dot;
            incident_face = index;
        }
    }
    let (incident_start, incident_end) = incident.edge(incident_face);

    // Along the reference face: [0, upper1]. The incident edge runs the other way.
    let tangent = normal.perp();
    let upper1 = (reference_end - reference_start).dot(tangent);
    let upper2 = (incident_start - reference_start).dot(tangent);
    let lower2 = (incident_end - reference_start).dot(tangent);
    let span = upper2 - lower2;
    let lower_point = if lower2 < 0.0 && span > f32::EPSILON {
        incident_end.lerp(incident_start, (0.0 - lower2) / span)
    } else {
        incident_end
    };
    let upper_point = if upper2 > upper1 && span > f32::EPSILON {
        incident_end.lerp(incident_start, (upper1 - lower2) / span)
    } else {
        incident_start
    };
    for point in [lower_point, upper_point] {
        let separation = normal.dot(point - reference_start);
        if separation - radius <= tolerance {
            points.push(midway(point, separation));
        }
    }
    if points.is_empty() {
        // Clipping kept nothing (the incident edge leans away): use its deepest end.
        let deepest = if normal.dot(incident_start) < normal.dot(incident_end) {
            incident_start
        } else {
            incident_end
        };
        points.push(midway(deepest, normal.dot(deepest - reference_start)));
    }
    points
}
