//! Reference/incident face clipping (Box2D's manifold), for one or two contact points,
//! in the frame of the two cores.

use glam::Vec2;
use smallvec::SmallVec;

use crate::shape::rounded_convex::RoundedConvex;

/// Candidate contact points: up to two, midway between the surfaces.
pub(crate) type Candidates = SmallVec<[Vec2; 2]>;

/// The index of the face most anti-parallel to `reference_normal`.
#[inline]
fn incident_face(reference_normal: Vec2, normals: impl Iterator<Item = Vec2>) -> usize {
    let mut best = 0;
    let mut lowest = f32::INFINITY;
    for (index, normal) in normals.enumerate() {
        let dot = reference_normal.dot(normal);
        if dot < lowest {
            lowest = dot;
            best = index;
        }
    }
    best
}

/// One face against the edge facing it.
#[derive(Clone, Copy)]
struct FacePair {
    /// The reference face, `start → end`, counter-clockwise on its shape.
    reference: (Vec2, Vec2),
    /// Its outward unit normal.
    normal: Vec2,
    reference_radius: f32,
    /// The incident edge, `start → end`, counter-clockwise on its shape.
    incident: (Vec2, Vec2),
    incident_radius: f32,
}

/// ```text
/// clip the incident edge to the slab between the reference face's side planes
/// keep clipped points no further than the radii (+ tolerance) above the face
/// move each kept point halfway toward the reference surface
/// ```
/// Callers check the points and move any outside the overlap ([`settle_points`](super::settle_points)).
fn clip_edges(pair: FacePair, tolerance: f32) -> Candidates {
    let FacePair {
        reference: (reference_start, reference_end),
        normal,
        reference_radius,
        incident: (incident_start, incident_end),
        incident_radius,
    } = pair;
    let radius = reference_radius + incident_radius;
    let midway = |point: Vec2, separation: f32| {
        point + normal * (0.5 * (reference_radius - incident_radius - separation))
    };

    // Along the reference face: [0, upper1]. The incident edge runs the other way.
    let tangent = normal.perp();
    let upper1 = (reference_end - reference_start).dot(tangent);
    let upper2 = (incident_start - reference_start).dot(tangent);
    let lower2 = (incident_end - reference_start).dot(tangent);
    let span = upper2 - lower2;
    let lower_point = if lower2 < 0.0 && span > f32::EPSILON {
        incident_end.lerp(incident_start, -lower2 / span)
    } else {
        incident_end
    };
    let upper_point = if upper2 > upper1 && span > f32::EPSILON {
        incident_end.lerp(incident_start, (upper1 - lower2) / span)
    } else {
        incident_start
    };
    let mut points = Candidates::new();
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

/// Candidate contact points from the reference face `face` of `reference` against the
/// incident core. A single-point incident core (a circle) yields its one point.
pub(crate) fn clip_faces(
    reference: RoundedConvex<'_>,
    face: usize,
    incident: RoundedConvex<'_>,
    tolerance: f32,
) -> Candidates {
    let normal = reference.normals[face];
    let (reference_start, _) = reference.edge(face);
    if incident.edge_count() == 0 {
        let point = incident.points[0];
        let separation = normal.dot(point - reference_start);
        let mut points = Candidates::new();
        points.push(point + normal * (0.5 * (reference.radius - incident.radius - separation)));
        return points;
    }
    let incident_index = incident_face(normal, incident.normals.iter().copied());
    clip_edges(
        FacePair {
            reference: reference.edge(face),
            normal,
            reference_radius: reference.radius,
            incident: incident.edge(incident_index),
            incident_radius: incident.radius,
        },
        tolerance,
    )
}
