//! The closest points of two convex cores, found near one face of their Minkowski
//! difference: what the distance and the shape casts ask once the face scan (or the
//! difference clip) has named that face. Works in A's frame, B carried into it.
//!
//! Why one face is enough: seen from a point outside a convex polygon, the height of
//! the point over each face's plane rises and then falls as the faces turn (the
//! directions that separate a point from a convex set form one arc), and the nearest
//! point of the polygon lies on the face where that height peaks. A face of `A ⊖ B` is
//! an edge of A minus B's nearest vertex, or a vertex of A minus an edge of B, so its
//! nearest point is the closest pair of that edge and the edges beside that vertex.
//! The faces beside it are measured too, so that two nearly equal heights, which
//! rounding may order either way, cannot pick the wrong one.

use glam::Vec2;

use crate::math::segment::{closest_point_on_segment, segment_closest_points};
use crate::query::closest_points::ClosestPoints;
use crate::query::kernel::ConvexCore;
use crate::shape::rounded_convex::RoundedConvex;

/// A face of the difference `A ⊖ B`: one of A's faces, or one of B's reversed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum DifferenceFace {
    /// A's face `i`.
    A(usize),
    /// B's face `j`, whose normal the difference reverses.
    B(usize),
}

/// How two cores lie.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Nearest {
    /// The cores share a point.
    Overlapping,
    /// The cores are apart (or touch), with their closest points.
    Apart(ClosestPoints),
}

/// How cores A and B, both in A's frame, lie: overlapping, or apart with their closest
/// points.
///
/// ```text
/// sA, i = the deepest separation over A's faces and its face; sB, j over B's
/// s = max(sA, sB) ≤ 0, a polygon among them → overlapping (every face of A ⊖ B was scanned,
///                                           and the origin is behind them all)
/// else → the closest points near the face that separates most (A's i unless B's j does more)
/// ```
/// Two segments (or a point) have a difference whose ends are not faces: their closest
/// points are measured whatever the scan says, over the whole segments (see
/// [`closest_near_face`]).
#[inline(always)]
pub(crate) fn nearest(a: &impl ConvexCore, b: &impl ConvexCore) -> Nearest {
    let (core_a, core_b) = (a.rounded(), b.rounded());
    let (Some(scan_a), Some(scan_b)) = (
        a.scan_faces::<true>(core_b.points, f32::INFINITY),
        b.scan_faces::<true>(core_a.points, f32::INFINITY),
    ) else {
        unreachable!("a face scan with no limit always answers");
    };
    if scan_a.separation.max(scan_b.separation) <= 0.0
        && (core_a.is_polygon() || core_b.is_polygon())
    {
        return Nearest::Overlapping;
    }
    let face = if scan_b.separation > scan_a.separation {
        DifferenceFace::B(scan_b.face)
    } else {
        DifferenceFace::A(scan_a.face)
    };
    Nearest::Apart(closest_near_face(core_a, core_b, Vec2::ZERO, face))
}

/// The closest points of core A and core B moved by `shift` (both in A's frame, the
/// result too: `on_b` lies on the moved B), given the face of `A ⊖ B` whose plane
/// `shift` lies highest over. Exact when the cores are apart or touch, and for two
/// segments (or a point) in every case: those are measured whole, crossings included.
///
/// ```text
/// reference = the face's own core and edge e; other = the other core
/// v = other's vertex deepest toward e (least far along e's outward normal)
/// v projects onto e within its ends → v and its projection   (the face's height: no
///                                      point of the difference can be nearer)
/// else, c = e's end on that side      → the nearest of: c against each edge of other
///                                      that meets at v, v against the reference's
///                                      edge that meets e at c
/// ```
/// The difference's face then ends at `c − v`, its nearest point; the two faces that
/// can follow it are measured too, so that two nearly equal heights, which rounding
/// may order either way, cannot pick the wrong face.
#[inline(always)]
pub(crate) fn closest_near_face(
    a: RoundedConvex<'_>,
    b: RoundedConvex<'_>,
    shift: Vec2,
    face: DifferenceFace,
) -> ClosestPoints {
    // Two segments (or a point): their difference is a parallelogram or less, and
    // their segments' closest points are the whole answer, crossings included.
    if !a.is_polygon() && !b.is_polygon() {
        let ends = |core: RoundedConvex<'_>, shift: Vec2| {
            (
                core.points[0] + shift,
                core.points[core.points.len() - 1] + shift,
            )
        };
        let ((a0, a1), (b0, b1)) = (ends(a, Vec2::ZERO), ends(b, shift));
        let (on_a, on_b) = segment_closest_points(a0, a1, b0, b1);
        return ClosestPoints {
            on_a,
            on_b,
            distance: on_a.distance(on_b),
        };
    }
    let (on_a, on_b, squared) = match face {
        DifferenceFace::A(i) => near(a, Vec2::ZERO, b, shift, i),
        DifferenceFace::B(j) => {
            let (on_b, on_a, squared) = near(b, shift, a, Vec2::ZERO, j);
            (on_a, on_b, squared)
        }
    };
    ClosestPoints {
        on_a,
        on_b,
        distance: squared.sqrt(),
    }
}

/// The closest points of `reference` (moved by `reference_shift`) near its face
/// `face`, and `other` (moved by `other_shift`): `(on_reference, on_other, squared
/// distance)`. See [`closest_near_face`].
#[inline(always)]
fn near(
    reference: RoundedConvex<'_>,
    reference_shift: Vec2,
    other: RoundedConvex<'_>,
    other_shift: Vec2,
    face: usize,
) -> (Vec2, Vec2, f32) {
    let placed_edge = |index: usize| {
        let (start, end) = reference.edge(index);
        (start + reference_shift, end + reference_shift)
    };
    let (start, end) = placed_edge(face);
    let outward = Vec2::new(end.y - start.y, start.x - end.x);
    // The shifts move every point alike, so they do not change which vertex is deepest.
    let support = deepest(other.points, outward);
    let count = other.points.len();
    // Indices run at most one lap past the end: a subtraction, not a division.
    let wrap = |index: usize, count: usize| if index >= count { index - count } else { index };
    let at = |index: usize| other.points[wrap(index, count)] + other_shift;
    let vertex = at(support);
    // Within the edge, the projection is as far as the face's plane, and no point of
    // the difference lies beyond that plane.
    let edge = end - start;
    let (along, length_squared) = (edge.dot(vertex - start), edge.length_squared());
    if (0.0..=length_squared).contains(&along) {
        let projection = start + edge * (along / length_squared);
        return (projection, vertex, projection.distance_squared(vertex));
    }
    let (before, after) = (at(support + count - 1), at(support + 1));
    let faces = reference.points.len();
    let (corner, (beside_start, beside_end)) = if along < 0.0 {
        (start, placed_edge(wrap(face + faces - 1, faces)))
    } else {
        (end, placed_edge(wrap(face + 1, faces)))
    };
    let mut best = (corner, vertex, corner.distance_squared(vertex));
    let mut consider = |on_reference: Vec2, on_other: Vec2| {
        let squared = on_reference.distance_squared(on_other);
        if squared < best.2 {
            best = (on_reference, on_other, squared);
        }
    };
    // A lone point (a circle's centre) has no edges to follow.
    if count > 1 {
        for (other_start, other_end) in [(before, vertex), (vertex, after)] {
            consider(
                corner,
                closest_point_on_segment(other_start, other_end, corner),
            );
        }
    }
    consider(
        closest_point_on_segment(beside_start, beside_end, vertex),
        vertex,
    );
    best
}

/// The index of the first of `points` least far along `direction`. Two running
/// minima, over the even and the odd points, so that each waits on half as many
/// comparisons.
#[inline(always)]
fn deepest(points: &[Vec2], direction: Vec2) -> usize {
    let (mut even, mut odd) = ((0, f32::INFINITY), (1, f32::INFINITY));
    let mut pairs = points.chunks_exact(2);
    for (pair, chunk) in pairs.by_ref().enumerate() {
        let (first, second) = (direction.dot(chunk[0]), direction.dot(chunk[1]));
        if first < even.1 {
            even = (2 * pair, first);
        }
        if second < odd.1 {
            odd = (2 * pair + 1, second);
        }
    }
    if let [last] = pairs.remainder() {
        let reach = direction.dot(*last);
        if reach < even.1 {
            even = (points.len() - 1, reach);
        }
    }
    // The first on a tie, as one running minimum would find.
    if odd.1 < even.1 || (odd.1 == even.1 && odd.0 < even.0) {
        odd.0
    } else {
        even.0
    }
}
