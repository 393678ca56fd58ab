//! The ray entry: where a ray first meets a convex core grown by its radius, and the
//! outward normal there. Ray casts, shape casts (against a Minkowski difference) and
//! the plugin's sweeps all end here. Works in the frame of the shape and the ray.
//!
//! The steps are written once, over a [`RayTarget`]: a core given by its points
//! ([`RoundedConvex`], here), or a Minkowski difference read through its faces' planes
//! without being built (`query/cast/implicit_difference.rs`).

use glam::Vec2;

use super::ConvexCore;
use super::chord::{Clipped, clip_by_faces_entering};
use super::ray_target::RayTarget;
use super::ray_touching::{Start, clip_near_the_end, enter_disc, touching_start};
use crate::RELATIVE_TOLERANCE;
use crate::shape::rounded_convex::RoundedConvex;

/// What the ray met first; `S` says where on the shape (see [`RayTarget::Spot`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Feature<S> {
    /// The ray starts inside the shape or on its boundary.
    Inside,
    /// A grown face.
    Face(S),
    /// The disc around a point of the core.
    Vertex(S),
}

/// A ray's first point on a shape: `distance` along the ray, the unit outward
/// `normal` there (`-direction` for [`Feature::Inside`]) and the feature hit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct RayEntry<S> {
    pub distance: f32,
    pub normal: Vec2,
    pub feature: Feature<S>,
}

/// Where the ray `origin + t · direction`, `0 ≤ t ≤ max_distance`, first meets
/// `target` grown by its radius. `direction` must be unit length. Exact: no iteration,
/// no tolerance loop.
///
/// ```text
/// clip the ray by the grown face half-planes   (a polygon holding the shape)
/// entered past the ray's end through a face nearly parallel to it
///                                        → clip again, the faces pushed out by their rounding
/// origin within the tolerance of them all, and of the shape → inside (touching)
/// missed them by more than the tolerance → no hit
/// missed them by no more                 → a graze: it enters where it passes closest
/// entered through face k onto the shape  → hit face k
/// entered beside the shape               → the ray is in core point v's corner: hit v's disc or miss
/// started within the half-planes         → in a corner: that point's disc
/// ```
/// Why clip again, and how a touching start and a graze are told apart: see
/// `ray_touching.rs`.
///
/// Why the corner step is exact: between the grown polygon and the shape lie only the
/// corners, each bounded by two grown faces and the disc of one core point. A ray in a
/// corner leaves it through the disc (a hit) or through a grown face (out of the
/// polygon: a miss). A point or segment core has no face or only two, so its "polygon"
/// is the whole plane or a band; the same steps hold.
///
/// Closed sets, with the target's tolerance (see the crate docs): a start within it of
/// the shape is inside, whichever way the ray points, and a ray that misses the faces
/// or a corner's disc by no more than it grazes the shape and hits it, at its closest
/// approach.
pub(crate) fn ray_entry<T: RayTarget>(
    target: &T,
    origin: Vec2,
    direction: Vec2,
    max_distance: f32,
) -> Option<RayEntry<T::Spot>> {
    let tolerance = target.tolerance();
    let clipped = clip_near_the_end(target, origin, direction, max_distance);
    let inside = RayEntry {
        distance: 0.0,
        normal: -direction,
        feature: Feature::Inside,
    };
    let start = match touching_start(target, &clipped, origin) {
        Start::Touching => return Some(inside),
        Start::InCorner(corner) => Some(corner),
        Start::Apart => None,
    };
    let missed = clipped.interval().is_none() && !clipped.within(tolerance);
    // Where the ray meets the faces, or for a graze passes closest to them.
    let contact = clipped.contact();
    if missed || clipped.enter.max(clipped.exit) < 0.0 || contact > max_distance {
        return None;
    }
    // The core point whose corner the ray is in, and a normal from that point's cone
    // that faces the ray, for a disc of radius 0 met head on (see `enter_disc`): the
    // face the ray entered beside, or `−direction` for a ray that starts in the corner
    // (it starts in the point's normal cone and runs straight at the point).
    let ((vertex, spot), head_on) = match clipped.entering_face {
        Some(face) if contact > 0.0 => {
            let grazing = clipped.interval().is_none();
            match target.enter_face(face, origin + direction * contact, grazing) {
                Ok((normal, spot)) => {
                    return Some(RayEntry {
                        distance: contact,
                        normal,
                        feature: Feature::Face(spot),
                    });
                }
                Err(corner) => (corner, target.face_normal(face)),
            }
        }
        _ => match start.or_else(|| target.corner_of(origin)) {
            None => return Some(inside),
            Some(corner) => (corner, -direction),
        },
    };
    let (distance, normal) = enter_disc(
        vertex,
        target.radius(),
        tolerance,
        origin,
        direction,
        head_on,
    )?;
    if distance > max_distance {
        return None;
    }
    if distance <= 0.0 {
        // The origin lies in the disc: rounding put it outside the shape above.
        return Some(inside);
    }
    Some(RayEntry {
        distance,
        normal,
        feature: Feature::Vertex(spot),
    })
}

/// Where on a core given by its points a ray met it: the face or core point `index`,
/// and for a face, `along` (0 to 1) from its edge's start to its end.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct CoreSpot {
    pub index: usize,
    pub along: f32,
}

impl RayTarget for RoundedConvex<'_> {
    type Spot = CoreSpot;

    #[inline]
    fn radius(&self) -> f32 {
        self.radius
    }

    /// `RELATIVE_TOLERANCE` times the radius and half the core's width (from its first
    /// point to its middle one): for a circle's or capsule's core, the tolerance its
    /// pair routines give the shape's own part of it.
    #[inline]
    fn tolerance(&self) -> f32 {
        let width = self.points[0].distance(self.points[self.points.len() / 2]);
        RELATIVE_TOLERANCE * (self.radius + 0.5 * width)
    }

    #[inline]
    fn clip(&self, origin: Vec2, direction: Vec2, push: f32) -> Clipped {
        let grown = self.radius + push;
        clip_by_faces_entering(self.points, self.normals, origin, direction, grown)
    }

    /// The offsets and the heights are formed from the origin, the core's points
    /// (within its width of the first) and the radius.
    #[inline]
    fn rounding(&self, origin: Vec2, reach: f32) -> f32 {
        let extent = 2.0 * self.tolerance() / RELATIVE_TOLERANCE;
        let coordinates = origin.length() + self.points[0].length() + extent;
        (coordinates + reach) * ROUNDING_SLACK
    }

    /// On the face when the entry point, moved back onto the core, lies within the
    /// face's edge; else in the corner of the edge's nearer end.
    fn enter_face(
        &self,
        face: usize,
        point: Vec2,
        grazing: bool,
    ) -> Result<(Vec2, CoreSpot), (Vec2, CoreSpot)> {
        let (start, end) = self.edge(face);
        let normal = self.normals[face];
        let on_core = point - normal * self.radius;
        let edge = end - start;
        let along = (on_core - start).dot(edge) / edge.length_squared();
        // A polygon has no corners to leave: its faces meet at the vertices (a graze
        // may pass beyond them, and goes to the vertex's disc).
        let slack = if self.radius == 0.0 && self.is_polygon() && !grazing {
            f32::INFINITY
        } else {
            EDGE_SLACK
        };
        if (-slack..=1.0 + slack).contains(&along) {
            return Ok((
                normal,
                CoreSpot {
                    index: face,
                    along: along.clamp(0.0, 1.0),
                },
            ));
        }
        let next = if face + 1 == self.points.len() {
            0
        } else {
            face + 1
        };
        let index = if along < 0.0 { face } else { next };
        Err((self.points[index], CoreSpot { index, along: 0.0 }))
    }

    #[inline]
    fn face_normal(&self, face: usize) -> Vec2 {
        self.normals[face]
    }

    fn corner_of(&self, point: Vec2) -> Option<(Vec2, CoreSpot)> {
        if self.contains(point, self.tolerance()) {
            return None;
        }
        let index = nearest_point(self.points, point);
        Some((self.points[index], CoreSpot { index, along: 0.0 }))
    }
}

/// How far, relative to the size of the coordinates it is formed from, a plane's
/// offset, a height over it or a closest point may be off: an `f32` rounding or two of
/// each of those coordinates (`2ε`, not a fixed fraction: a fixed `1e-6` let a sweep
/// 1e5 long pass a rounded corner 0.08 clear and still hit it).
pub(crate) const ROUNDING_SLACK: f32 = 2.0 * f32::EPSILON;

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

    fn entry(shape: &Shape, origin: Vec2, direction: Vec2) -> Option<RayEntry<CoreSpot>> {
        ray_entry(&shape.part(0), origin, direction.normalize(), 100.0)
    }

    #[test]
    fn a_box_is_entered_through_the_face_it_faces() {
        let square = Shape::rectangle(2.0, 2.0);
        let hit = entry(&square, Vec2::new(-5.0, 0.5), Vec2::X).unwrap();
        assert!((hit.distance - 4.0).abs() < 1e-6);
        assert_eq!(hit.normal, -Vec2::X);
        assert!(matches!(hit.feature, Feature::Face(_)));
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
