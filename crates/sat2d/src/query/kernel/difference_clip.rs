//! The difference clip: where a line from the origin crosses the Minkowski difference
//! `reference ⊖ points` through the planes of the reference's faces, without building
//! the difference.
//!
//! Face `i` of the reference (outward unit normal `n_i`, a vertex `v_i` on it) is also
//! a face of `reference ⊖ points`, whose plane is pushed out by the points' deepest
//! reach along `−n_i`: `n_i · x ≤ n_i · v_i − min_p n_i · p`. That reach is the face
//! scan's inner loop, so this clip costs one face scan. The other faces of a
//! difference `A ⊖ B` are B's, reversed: the same clip of `B ⊖ A` along the reversed
//! line gives them, at the same parameters.
//!
//! It exists in a scalar form ([`clip_difference`], any rounded core) and a lane form
//! ([`clip_difference_lanes`], a polygon of up to 16 faces). Both work in the frame
//! the core and the points share.

use glam::Vec2;
use wide::f32x8;

use super::chord::{Clipped, clip_by_planes_entering, face_point};
use super::face_scan::dot_range;
use super::{horizontal_max, horizontal_min, lane_max, lane_min, splat};
use crate::shape::face_lanes::{LanePolygon, MAX_LANES};
use crate::shape::rounded_convex::RoundedConvex;

/// The line `t · direction` (from the origin; `direction` unit length) clipped by the
/// planes that `reference`'s faces give the difference `reference ⊖ points`, each
/// pushed out by `slack`: `[enter, exit]`, the face it enters through, and how far the
/// origin lies outside the planes (see [`Clipped`]). Always `Some`: a line that misses
/// is reported too (`enter > exit`, or `aside > 0`), so that the ray kernel can tell a
/// start that touches, or a graze, from a miss.
///
/// ```text
/// for each face i:  room_i = n_i · v_i − min_p n_i · p + slack   (plane ahead of the origin)
///                   rate_i = n_i · direction
///                   entering (rate < 0): enter = max(enter, room / rate)
///                   leaving  (rate > 0): exit  = min(exit, room / rate)
///                   parallel:            aside = max(aside, −room)
///                   height = max(height, −room)
/// ```
pub(crate) fn clip_difference(
    reference: RoundedConvex<'_>,
    points: &[Vec2],
    direction: Vec2,
    slack: f32,
) -> Option<Clipped> {
    let planes = reference.normals.iter().enumerate().map(|(face, normal)| {
        let mut low = f32::INFINITY;
        for point in points {
            let reach = normal.dot(*point);
            if reach < low {
                low = reach;
            }
        }
        (
            *normal,
            normal.dot(face_point(reference.points, face)) - low + slack,
        )
    });
    Some(clip_by_planes_entering(planes, Vec2::ZERO, direction))
}

/// [`clip_difference`] for a polygon in lane form: the faces are the lanes, each point
/// broadcast once, as in the face scan.
#[inline]
pub(crate) fn clip_difference_lanes(
    polygon: &LanePolygon<'_>,
    points: &[Vec2],
    direction: Vec2,
    slack: f32,
) -> Option<Clipped> {
    let (direction_x, direction_y) = (splat(direction.x), splat(direction.y));
    let parallel = splat(f32::EPSILON);
    let mut enters = [splat(f32::NEG_INFINITY); MAX_LANES / 8];
    let mut exits = [splat(f32::INFINITY); MAX_LANES / 8];
    let mut enter = splat(f32::NEG_INFINITY);
    let mut exit = splat(f32::INFINITY);
    let mut height = splat(f32::NEG_INFINITY);
    let mut aside = splat(f32::NEG_INFINITY);
    for (index, block) in polygon.blocks.iter().enumerate() {
        let (low, _) = dot_range::<false>(block, points.iter().copied());
        let (normal_x, normal_y) = (f32x8::from(block.normal_xs), f32x8::from(block.normal_ys));
        let room = f32x8::from(block.offsets) - low + splat(slack);
        let rate = normal_x * direction_x + normal_y * direction_y;
        let t = room / rate;
        let leaving = rate.simd_gt(parallel);
        let entering = rate.simd_lt(-parallel);
        exits[index] = leaving.bitselect(t, splat(f32::INFINITY));
        exit = lane_min(exit, exits[index]);
        enters[index] = entering.bitselect(t, splat(f32::NEG_INFINITY));
        enter = lane_max(enter, enters[index]);
        height = lane_max(height, -room);
        // A face parallel to the line: how far the line runs outside it.
        aside = lane_max(
            aside,
            (leaving | entering).bitselect(splat(f32::NEG_INFINITY), -room),
        );
    }
    let (enter, exit) = (horizontal_max(enter), horizontal_min(exit));
    let blocks = polygon.blocks.len();
    // The lowest face whose parameter is `target` among `lanes` (padding repeats the
    // last face).
    let face_at = |lanes: &[f32x8], target: f32| {
        let target = splat(target);
        lanes[..blocks]
            .iter()
            .enumerate()
            .find_map(|(index, block)| {
                let hits = block.simd_eq(target).to_bitmask();
                (hits != 0).then(|| index * 8 + hits.trailing_zeros() as usize)
            })
    };
    // From the lanes: a placed polygon may carry no normal slice.
    let rate_of = |face: Option<usize>| {
        face.map_or(f32::INFINITY, |face| {
            let block = &polygon.blocks[face / 8];
            let normal = Vec2::new(block.normal_xs[face % 8], block.normal_ys[face % 8]);
            normal.dot(direction).abs()
        })
    };
    let entering_face = (enter > f32::NEG_INFINITY)
        .then(|| face_at(&enters, enter))
        .flatten();
    // Both rates, whether or not this clip misses: the ray entry asks them of a line
    // that misses the whole difference (a graze, perhaps), and a line can miss it
    // though it meets the planes of each core's faces alone (see `Clipped::contact`).
    let exit_rate = if exit < f32::INFINITY {
        rate_of(face_at(&exits, exit))
    } else {
        f32::INFINITY
    };
    Some(Clipped {
        enter,
        exit,
        entering_face,
        enter_rate: rate_of(entering_face),
        exit_rate,
        height: horizontal_max(height),
        aside: horizontal_max(aside),
    })
}
