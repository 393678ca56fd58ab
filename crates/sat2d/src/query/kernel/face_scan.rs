//! The face scan: how far a set of points lies outside each face of a convex core.
//!
//! This is the SAT's inner loop, and the deepest-face search of every pair routine.
//! It exists in a scalar form ([`scan_faces`], on a [`RoundedConvex`]) and a lane form
//! ([`scan_face_lanes`], on a [`LanePolygon`] of up to 16 faces). Both work in the
//! frame the core and the points share.

use glam::Vec2;
use wide::f32x8;

use super::{horizontal_max, lane_max, lane_min, splat};
use crate::shape::face_lanes::{FaceBlock, LanePolygon, MAX_LANES};
use crate::shape::rounded_convex::RoundedConvex;

/// The result of a face scan.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FaceScan {
    /// `max over faces (min over points of the signed distance to the face plane)`:
    /// the SAT separation. Negative when the points' hull pokes through every face;
    /// `-∞` for a core without faces (a point).
    pub separation: f32,
    /// The face achieving it (the lowest index on exact ties).
    pub face: usize,
    /// `max over faces (max over points …)`: at most zero when every point lies
    /// behind every face, that is, inside a polygon core.
    pub sticks_out: f32,
}

impl FaceScan {
    const NO_FACES: Self = Self {
        separation: f32::NEG_INFINITY,
        face: 0,
        sticks_out: f32::NEG_INFINITY,
    };
}

/// Scans `reference`'s faces against `points`; `None` as soon as one face separates
/// them by more than `limit` (a separating axis).
///
/// ```text
/// for each face i (outward unit normal n, a vertex v on it):
///     s_i = min over points p of n · (p − v)     // the points' deepest reach past it
///     if s_i > limit: return None               // a separating axis: stop early
/// return the face with the largest s_i
/// ```
/// For a convex pair this is the support-function form of SAT, which stays right
/// under containment: each face plane bounds `maxA − minB` on its axis, and the other
/// side of the same axis is a face of the other shape, scanned the other way.
///
/// With `DETAILS` false `sticks_out` is not computed (it is `-∞`): what `intersects`
/// and the one-point deepest-face search need, at a lower cost. This scalar form
/// reports `face` either way; the lane form only with `DETAILS`.
#[inline]
pub(crate) fn scan_faces<const DETAILS: bool>(
    reference: RoundedConvex<'_>,
    points: &[Vec2],
    limit: f32,
) -> Option<FaceScan> {
    let mut scan = FaceScan::NO_FACES;
    for (face, (vertex, normal)) in reference.points.iter().zip(reference.normals).enumerate() {
        let offset = normal.dot(*vertex);
        let (mut low, mut high) = (f32::INFINITY, f32::NEG_INFINITY);
        for point in points {
            let reach = normal.dot(*point);
            // Comparisons rather than `min`/`max`: no NaN handling in the inner loop.
            if reach < low {
                low = reach;
            }
            if DETAILS && reach > high {
                high = reach;
            }
        }
        let separation = low - offset;
        if separation > limit {
            return None;
        }
        if separation > scan.separation {
            scan.separation = separation;
            scan.face = face;
        }
        if DETAILS {
            scan.sticks_out = scan.sticks_out.max(high - offset);
        }
    }
    Some(scan)
}

/// [`scan_faces`] in lane form: the faces are the vector lanes and each point is
/// broadcast once, so every face's `min` and `max` come out together and nothing is
/// reduced across lanes inside the loop.
///
/// ```text
/// for each point p:                       (broadcast)
///     for each face i (a vector lane):  d_i = n_i · p
///         low_i = min(low_i, d_i); high_i = max(high_i, d_i)
/// separation_i = low_i − offset_i; sticks_out = max_i(high_i − offset_i)
/// ```
///
/// `points` is any source of points in the reference's frame, read once per block: a
/// slice's, or another polygon's carried into this frame as they are read (so the
/// caller keeps no placed copy).
#[inline(always)]
pub(crate) fn scan_face_lanes<const DETAILS: bool>(
    reference: &LanePolygon<'_>,
    points: impl Iterator<Item = Vec2> + Clone,
    limit: f32,
) -> Option<FaceScan> {
    let mut outside = splat(f32::NEG_INFINITY);
    let mut deepest = splat(f32::NEG_INFINITY);
    let mut separations = [f32x8::ZERO; MAX_LANES / 8];
    for (index, block) in reference.blocks.iter().enumerate() {
        let (low, high) = dot_range::<DETAILS>(block, points.clone());
        let offsets = f32x8::from(block.offsets);
        if DETAILS {
            outside = lane_max(outside, high - offsets);
        }
        separations[index] = low - offsets;
        deepest = lane_max(deepest, separations[index]);
    }
    let separation = horizontal_max(deepest);
    if separation > limit {
        return None;
    }
    if !DETAILS {
        return Some(FaceScan {
            separation,
            ..FaceScan::NO_FACES
        });
    }
    // The lowest face that reaches the maximum (padding repeats the last face).
    let target = splat(separation);
    let face = separations[..reference.blocks.len()]
        .iter()
        .enumerate()
        .find_map(|(index, block)| {
            let hits = block.simd_eq(target).to_bitmask();
            (hits != 0).then(|| index * 8 + hits.trailing_zeros() as usize)
        })
        .unwrap_or(0);
    Some(FaceScan {
        separation,
        face,
        sticks_out: horizontal_max(outside),
    })
}

/// One block's `(min, max)` (`max` only with `DETAILS`) over `points` of `normal · point`, lane by lane.
#[inline]
pub(super) fn dot_range<const DETAILS: bool>(
    block: &FaceBlock,
    points: impl Iterator<Item = Vec2>,
) -> (f32x8, f32x8) {
    let (normal_x, normal_y) = (f32x8::from(block.normal_xs), f32x8::from(block.normal_ys));
    let (mut low, mut high) = (splat(f32::INFINITY), splat(f32::NEG_INFINITY));
    for point in points {
        let dot = normal_x * splat(point.x) + normal_y * splat(point.y);
        low = lane_min(low, dot);
        if DETAILS {
            high = lane_max(high, dot);
        }
    }
    (low, high)
}

/// How far `point` lies outside the core's face planes: `max over faces of
/// n · (point − v)` (negative inside a polygon core, `-∞` without faces).
#[inline]
pub(crate) fn plane_distance(core: RoundedConvex<'_>, point: Vec2) -> f32 {
    core.points
        .iter()
        .zip(core.normals)
        .map(|(vertex, normal)| normal.dot(point - *vertex))
        .fold(f32::NEG_INFINITY, f32::max)
}

/// [`plane_distance`] in lane form.
#[inline]
pub(crate) fn plane_distance_lanes(polygon: &LanePolygon<'_>, point: Vec2) -> f32 {
    let (x, y) = (splat(point.x), splat(point.y));
    let mut high = splat(f32::NEG_INFINITY);
    for block in polygon.blocks {
        let distance = f32x8::from(block.normal_xs) * x + f32x8::from(block.normal_ys) * y
            - f32x8::from(block.offsets);
        high = lane_max(high, distance);
    }
    horizontal_max(high)
}
