//! The SAT kernels. Each exists once, in a scalar form on a
//! [`RoundedConvex`] and, where it pays, a lane (SIMD) form on a [`LanePolygon`]:
//!
//! | kernel | scalar | lanes | what it answers |
//! |---|---|---|---|
//! | face scan | [`scan_faces`] | [`scan_face_lanes`] | the SAT separation and the deepest face |
//! | plane distance | [`plane_distance`] | [`plane_distance_lanes`] | how far a point lies outside the face planes |
//! | chord | [`chord`] | [`chord_lanes`] | where a line crosses the shape |
//! | difference clip | [`clip_difference`] | [`clip_difference_lanes`] | where a line from the origin crosses the faces this shape gives a Minkowski difference |
//! | ray entry | [`ray_entry`] | — | where a ray first meets a rounded convex shape, and the normal there (a start or a graze within the tolerance counts) |
//!
//! Pair routines reach them through [`ConvexCore`], so one routine serves both forms.
//! Every kernel works in the frame its inputs share.

mod chord;
mod difference_clip;
mod face_scan;
mod ray_entry;
mod ray_target;
mod ray_touching;

use glam::Vec2;
use wide::f32x8;

use crate::math::segment::closest_point_on_segment;
use crate::shape::face_lanes::LanePolygon;
use crate::shape::rounded_convex::RoundedConvex;

pub(crate) use chord::{Clipped, chord, chord_lanes};
pub(crate) use difference_clip::{clip_difference, clip_difference_lanes};
pub(crate) use face_scan::{
    FaceScan, plane_distance, plane_distance_lanes, scan_face_lanes, scan_faces,
};
pub(crate) use ray_entry::{Feature, ROUNDING_SLACK, RayEntry, ray_entry};
pub(crate) use ray_target::RayTarget;

/// A convex core as the pair routines read it: the kernels in one form.
pub(crate) trait ConvexCore {
    /// The core as points, normals and radius (for clipping and the rarer steps).
    fn rounded(&self) -> RoundedConvex<'_>;

    /// The face scan of this core's faces against `points` (see [`scan_faces`]);
    /// `DETAILS` false computes only the separation.
    fn scan_faces<const DETAILS: bool>(&self, points: &[Vec2], limit: f32) -> Option<FaceScan>;

    /// How far `point` lies outside the face planes (see [`plane_distance`]).
    fn plane_distance(&self, point: Vec2) -> f32;

    /// Where the line `origin + t · direction` crosses the shape grown by `slack`
    /// (see [`chord`]).
    fn chord(&self, origin: Vec2, direction: Vec2, slack: f32) -> Option<(f32, f32)>;

    /// Where the line `t · direction` crosses the planes this core's faces give the
    /// difference `self ⊖ points`, pushed out by `slack` (see [`clip_difference`]).
    /// Always `Some`: a line that misses is reported too, with how far the origin lies
    /// outside the planes, so that the ray entry can tell a touching start or a graze
    /// from a miss.
    fn clip_difference(&self, points: &[Vec2], direction: Vec2, slack: f32) -> Option<Clipped>;

    /// Signed distance from `point` to the core, not counting the radius: negative
    /// inside a polygon core, the Euclidean distance outside.
    fn signed_distance(&self, point: Vec2) -> f32 {
        let core = self.rounded();
        let plane = self.plane_distance(point);
        if core.is_polygon() && plane <= 0.0 {
            return plane;
        }
        core_distance(core, point)
    }

    /// Whether `point` lies in the rounded shape, within `tolerance`.
    fn contains(&self, point: Vec2, tolerance: f32) -> bool {
        self.signed_distance(point) <= self.rounded().radius + tolerance
    }
}

impl ConvexCore for RoundedConvex<'_> {
    #[inline]
    fn rounded(&self) -> RoundedConvex<'_> {
        *self
    }

    #[inline]
    fn scan_faces<const DETAILS: bool>(&self, points: &[Vec2], limit: f32) -> Option<FaceScan> {
        scan_faces::<DETAILS>(*self, points, limit)
    }

    #[inline]
    fn plane_distance(&self, point: Vec2) -> f32 {
        plane_distance(*self, point)
    }

    #[inline]
    fn chord(&self, origin: Vec2, direction: Vec2, slack: f32) -> Option<(f32, f32)> {
        chord(*self, origin, direction, slack)
    }

    #[inline]
    fn clip_difference(&self, points: &[Vec2], direction: Vec2, slack: f32) -> Option<Clipped> {
        clip_difference(*self, points, direction, slack)
    }
}

impl ConvexCore for LanePolygon<'_> {
    #[inline]
    fn rounded(&self) -> RoundedConvex<'_> {
        LanePolygon::rounded(self)
    }

    #[inline(always)]
    fn scan_faces<const DETAILS: bool>(&self, points: &[Vec2], limit: f32) -> Option<FaceScan> {
        scan_face_lanes::<DETAILS>(self, points.iter().copied(), limit)
    }

    #[inline]
    fn plane_distance(&self, point: Vec2) -> f32 {
        plane_distance_lanes(self, point)
    }

    #[inline]
    fn chord(&self, origin: Vec2, direction: Vec2, slack: f32) -> Option<(f32, f32)> {
        chord_lanes(self, origin, direction, slack)
    }

    #[inline]
    fn clip_difference(&self, points: &[Vec2], direction: Vec2, slack: f32) -> Option<Clipped> {
        clip_difference_lanes(self, points, direction, slack)
    }
}

/// Euclidean distance from `point`, outside a polygon core or anywhere for a point or
/// segment core, to the core.
///
/// A polygon's nearest boundary point to an outside point lies on a face the point is
/// in front of, so only those faces are measured (usually one to three).
fn core_distance(core: RoundedConvex<'_>, point: Vec2) -> f32 {
    let polygon = core.is_polygon();
    core.pieces()
        .enumerate()
        .filter(|(face, (start, _))| !polygon || core.normals[*face].dot(point - *start) >= 0.0)
        .map(|(_, (start, end))| {
            point.distance_squared(closest_point_on_segment(start, end, point))
        })
        .fold(f32::INFINITY, f32::min)
        .sqrt()
}

#[inline]
fn splat(value: f32) -> f32x8 {
    f32x8::splat(value)
}

/// Each lane's larger value, `a > b ? a : b`: the same bits on every target. x86's
/// `maxps` (wide's `fast_max` there) is exactly that; wide's portable `fast_max` (wasm32
/// without SIMD) answers `a < b ? b : a`, which differs for `-0.0` against `+0.0`.
#[inline]
fn lane_max(a: f32x8, b: f32x8) -> f32x8 {
    #[cfg(target_feature = "sse")]
    let larger = a.fast_max(b);
    #[cfg(not(target_feature = "sse"))]
    let larger = a.simd_gt(b).bitselect(a, b);
    larger
}

/// Each lane's smaller value, `a < b ? a : b`, as x86's `minps`: the same bits on
/// every target ([`lane_max`]).
#[inline]
fn lane_min(a: f32x8, b: f32x8) -> f32x8 {
    #[cfg(target_feature = "sse")]
    let smaller = a.fast_min(b);
    #[cfg(not(target_feature = "sse"))]
    let smaller = a.simd_lt(b).bitselect(a, b);
    smaller
}

/// The largest lane, by a tree of three levels rather than a chain of seven (the
/// scans end on this: 5% of a polygon contact). No NaN lane reaches it: placements are
/// range-checked before any kernel runs, and the clipping kernels mask the faces
/// parallel to their line. Were one to, the result could be NaN, where a scan from
/// `-∞` would skip it.
#[inline]
fn horizontal_max(lanes: f32x8) -> f32 {
    let max = |x: f32, y: f32| if y > x { y } else { x };
    let [a, b, c, d, e, f, g, h] = lanes.to_array();
    max(max(max(a, e), max(c, g)), max(max(b, f), max(d, h)))
}

/// The smallest lane, by a tree as [`horizontal_max`].
#[inline]
fn horizontal_min(lanes: f32x8) -> f32 {
    let min = |x: f32, y: f32| if y < x { y } else { x };
    let [a, b, c, d, e, f, g, h] = lanes.to_array();
    min(min(min(a, e), min(c, g)), min(min(b, f), min(d, h)))
}

#[cfg(test)]
mod tests {
    use wide::f32x8;

    use super::{horizontal_max, horizontal_min};

    /// The reduction trees give what a lane-by-lane scan gives, for finite lanes, the
    /// infinities the kernels start from, repeated values and signed zeros (compared
    /// as equal).
    #[test]
    fn reduction_trees_match_a_scan() {
        let mut rng = fastrand::Rng::with_seed(8);
        let special = [f32::INFINITY, f32::NEG_INFINITY, 0.0, -0.0, 1.0, f32::MAX];
        for _ in 0..20_000 {
            let lanes: [f32; 8] = core::array::from_fn(|_| match rng.u8(0..4) {
                0 => special[rng.usize(..special.len())],
                _ => (rng.f32() - 0.5) * 10f32.powi(rng.i32(-6..6)),
            });
            let largest = lanes.iter().copied().fold(f32::NEG_INFINITY, f32::max);
            let smallest = lanes.iter().copied().fold(f32::INFINITY, f32::min);
            assert_eq!(horizontal_max(f32x8::from(lanes)), largest, "{lanes:?}");
            assert_eq!(horizontal_min(f32x8::from(lanes)), smallest, "{lanes:?}");
        }
    }
}
