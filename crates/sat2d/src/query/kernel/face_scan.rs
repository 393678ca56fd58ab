//! The SAT loop: how far a set of points lies outside each face of a convex core.

use crate::query::kernel::point_lanes::PointLanes;
use crate::shape::rounded_convex::RoundedConvex;

/// The face of `reference` that `points` lie furthest outside of.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Separation {
    /// `max over faces (min over points of the signed distance to the face plane)`.
    /// Negative when the points' hull pokes through every face; `-∞` without faces.
    pub value: f32,
    /// The face that achieved it (the first, on exact ties).
    pub face: usize,
}

/// ```text
/// for each face i of reference (outward normal n, a vertex v on it):
///     s_i = min over points p of n · (p − v)     // the points' deepest reach past the face
///     if s_i > limit: return None               // a separating axis: stop early
/// return the face with the largest s_i
/// ```
/// Normals are stored unit length, so no axis is normalised here; for a convex pair
/// this is the support-function form of SAT, which stays correct under containment
/// (each face plane bounds `maxA − minB` on its axis; the opposite side of the same
/// axis is another face of the Minkowski difference and is tested as such).
#[inline]
pub(crate) fn max_separation(
    reference: RoundedConvex<'_>,
    points: &PointLanes,
    limit: f32,
) -> Option<Separation> {
    let mut best = Separation {
        value: f32::NEG_INFINITY,
        face: 0,
    };
    for (face, (vertex, normal)) in reference.points.iter().zip(reference.normals).enumerate() {
        let separation = points.min_dot(*normal) - normal.dot(*vertex);
        if separation > limit {
            return None;
        }
        if separation > best.value {
            best = Separation {
                value: separation,
                face,
            };
        }
    }
    Some(best)
}
