//! The ray entry: where a ray first meets a convex core grown by its radius, and the
//! outward normal there. Ray casts, shape casts (against a Minkowski difference) and
//! the plugin's sweeps all end here. Works in the frame of the core and the ray.

use glam::Vec2;

use super::ConvexCore;
use super::chord::{chord_disc, clip_by_faces_entering};
use crate::shape::rounded_convex::RoundedConvex;

/// What the ray met first.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Feature {
    /// The ray starts inside the shape or on its boundary.
    Inside,
    /// The grown face `index`, at `along` (0 to 1) from its edge's start to its end.
    Face { index: usize, along: f32 },
    /// The disc around core point `index`.
    Vertex(usize),
}

/// A ray's first point on a shape: `distance` along the ray, the unit outward
/// `normal` there (`-direction` for [`Feature::Inside`]) and the feature hit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct RayEntry {
    pub distance: f32,
    pub normal: Vec2,
    pub feature: Feature,
}

/// Where the ray `origin + t · direction`, `0 ≤ t ≤ max_distance`, first meets `core`
/// grown by its radius. `direction` must be unit length. Exact: no iteration, no
/// tolerance loop.
///
/// ```text
/// clip the ray by the grown face half-planes   (a polygon holding the shape)
/// missed them                           → no hit
/// entered through face k within its edge → hit face k
/// entered beyond the edge's end v         → the ray is in v's corner: hit v's disc or miss
/// started within the half-planes          → inside, or in a corner: the nearest vertex's disc
/// ```
/// Why the corner step is exact: between the grown polygon and the shape lie only the
/// corners, each bounded by two grown faces and the disc of one vertex. A ray in a
/// corner leaves it through the disc (a hit) or through a grown face (out of the
/// polygon: a miss). A point or segment core has no face or only two, so its "polygon"
/// is the whole plane or a band; the same steps hold.
pub(crate) fn ray_entry(
    core: RoundedConvex<'_>,
    origin: Vec2,
    direction: Vec2,
    max_distance: f32,
) -> Option<RayEntry> {
    let radius = core.radius;
    let clipped = clip_by_faces_entering(core.points, core.normals, origin, direction, radius)?;
    if clipped.exit < 0.0 || clipped.enter > max_distance {
        return None;
    }
    let corner = match clipped.entering_face {
        Some(face) if clipped.enter > 0.0 => {
            let (start, end) = core.edge(face);
            let normal = core.normals[face];
            let on_core = origin + direction * clipped.enter - normal * radius;
            let edge = end - start;
            let along = (on_core - start).dot(edge) / edge.length_squared();
            // A polygon has no corners to leave: its faces meet at the vertices.
            let slack = if radius == 0.0 && core.is_polygon() {
                f32::INFINITY
            } else {
                EDGE_SLACK
            };
            if (-slack..=1.0 + slack).contains(&along) {
                return Some(RayEntry {
                    distance: clipped.enter,
                    normal,
                    feature: Feature::Face {
                        index: face,
                        along: along.clamp(0.0, 1.0),
                    },
                });
            }
            let next = if face + 1 == core.points.len() {
                0
            } else {
                face + 1
            };
            if along < 0.0 { face } else { next }
        }
        _ => {
            if core.contains(origin, 0.0) {
                return Some(RayEntry {
                    distance: 0.0,
                    normal: -direction,
                    feature: Feature::Inside,
                });
            }
            nearest_point(core.points, origin)
        }
    };
    let vertex = core.points[corner];
    let (enter, _) = chord_disc(vertex, radius, origin, direction)?;
    if !(0.0..=max_distance).contains(&enter) {
        return None;
    }
    let point = origin + direction * enter;
    Some(RayEntry {
        distance: enter,
        normal: (point - vertex).try_normalize().unwrap_or(-direction),
        feature: Feature::Vertex(corner),
    })
}

/// How far past an edge's ends (as a fraction of the edge) a face hit still counts, so
/// a ray through a sharp end of a segment is not lost to rounding.
const EDGE_SLACK: f32 = 1e-6;

/// The index of the point of `points` nearest `target`.
fn nearest_point(points: &[Vec2], target: Vec2) -> usize {
    let mut best = (0, f32::INFINITY);
    for (index, point) in points.iter().enumerate() {
        let distance = point.distance_squared(target);
        if distance < best.1 {
            best = (index, distance);
        }
    }
    best.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Shape;

    fn entry(shape: &Shape, origin: Vec2, direction: Vec2) -> Option<RayEntry> {
        ray_entry(shape.part(0), origin, direction.normalize(), 100.0)
    }

    #[test]
    fn a_box_is_entered_through_the_face_it_faces() {
        let square = Shape::rectangle(2.0, 2.0);
        let hit = entry(&square, Vec2::new(-5.0, 0.5), Vec2::X).unwrap();
        assert!((hit.distance - 4.0).abs() < 1e-6);
        assert_eq!(hit.normal, -Vec2::X);
        assert!(matches!(hit.feature, Feature::Face { .. }));
        assert!(entry(&square, Vec2::new(-5.0, 1.5), Vec2::X).is_none());
        let inside = entry(&square, Vec2::new(0.2, 0.1), Vec2::Y).unwrap();
        assert_eq!((inside.distance, inside.feature), (0.0, Feature::Inside));
    }

    #[test]
    fn a_capsule_is_entered_through_its_side_or_its_cap() {
        // Core from (0, -1) to (0, 1), radius 0.5.
        let capsule = Shape::capsule(0.5, 2.0);
        let side = entry(&capsule, Vec2::new(-3.0, 0.0), Vec2::X).unwrap();
        assert!((side.distance - 2.5).abs() < 1e-6);
        assert!((side.normal + Vec2::X).length() < 1e-6);
        let cap = entry(&capsule, Vec2::new(0.0, 5.0), Vec2::NEG_Y).unwrap();
        assert!((cap.distance - 3.5).abs() < 1e-6);
        assert!((cap.normal - Vec2::Y).length() < 1e-6);
        assert!(matches!(cap.feature, Feature::Vertex(_)));
        // Past the cap's disc, though inside the band of its sides: a miss.
        assert!(entry(&capsule, Vec2::new(0.45, 5.0), Vec2::new(0.1, -1.0)).is_none());
    }

    #[test]
    fn a_circle_is_a_disc_around_its_one_point() {
        let circle = Shape::circle(1.0);
        let hit = entry(&circle, Vec2::new(0.0, -3.0), Vec2::Y).unwrap();
        assert!((hit.distance - 2.0).abs() < 1e-6);
        assert!((hit.normal + Vec2::Y).length() < 1e-6);
        assert!(entry(&circle, Vec2::new(1.01, -3.0), Vec2::Y).is_none());
        assert!(entry(&circle, Vec2::new(0.0, 3.0), Vec2::Y).is_none()); // behind
    }
}
