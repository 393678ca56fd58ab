//! The chord: where a line crosses a convex core grown by its radius.
//!
//! Contact points are settled on it, and the concave MTV finds with it where a
//! difference crosses a square's sides (`concave/square_cover.rs`). It exists in a
//! scalar form ([`chord`], any rounded core) and a lane form ([`chord_lanes`], a
//! polygon of up to 16 faces). Both work in the frame of the core and the line.

use glam::Vec2;
use wide::f32x8;

use super::{horizontal_max, horizontal_min, splat};
use crate::shape::face_lanes::LanePolygon;
use crate::shape::rounded_convex::RoundedConvex;

/// The parameters `[enter, exit]` where the line `origin + t · direction` crosses
/// `shape` grown by `slack`, or `None` if it misses. `direction` must be unit length.
///
/// ```text
/// polygon core:  clip the line by every face half-plane
/// rounded core:  union of the line's pieces in the core, in each vertex disc and in
///                each edge's band; the shape is convex, so the union is one interval
/// ```
pub(crate) fn chord(
    shape: RoundedConvex<'_>,
    origin: Vec2,
    direction: Vec2,
    slack: f32,
) -> Option<(f32, f32)> {
    let radius = shape.radius + slack;
    if shape.radius == 0.0 && shape.points.len() >= 3 {
        return clip_by_faces(shape.points, shape.normals, origin, direction, slack);
    }
    let mut union: Option<(f32, f32)> = None;
    let mut include = |piece: Option<(f32, f32)>| {
        if let Some((enter, exit)) = piece {
            union = Some(match union {
                Some((low, high)) => (low.min(enter), high.max(exit)),
                None => (enter, exit),
            });
        }
    };
    if shape.points.len() >= 3 {
        include(clip_by_faces(
            shape.points,
            shape.normals,
            origin,
            direction,
            0.0,
        ));
    }
    for point in shape.points {
        include(chord_disc(*point, radius, origin, direction));
    }
    for edge in 0..shape.edge_count() {
        let (start, end) = shape.edge(edge);
        let normal = shape.normals[edge];
        let along = (end - start).normalize();
        let band = [
            (normal, normal.dot(start) + radius),
            (-normal, -normal.dot(start) + radius),
            (-along, -along.dot(start)),
            (along, along.dot(end)),
        ];
        include(clip_by_planes(band, origin, direction));
    }
    union
}

/// The line clipped by the polygon's face half-planes `n · x ≤ n · vertex + slack`.
fn clip_by_faces(
    points: &[Vec2],
    normals: &[Vec2],
    origin: Vec2,
    direction: Vec2,
    slack: f32,
) -> Option<(f32, f32)> {
    clip_by_faces_entering(points, normals, origin, direction, slack)
        .map(|clipped| (clipped.enter, clipped.exit))
}

/// A line clipped by half-planes: `[enter, exit]`, and the face it enters through
/// (`None` when no face bounds it from behind).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Clipped {
    pub enter: f32,
    pub exit: f32,
    pub entering_face: Option<usize>,
}

/// [`clip_by_faces`], also naming the face the line enters through.
pub(super) fn clip_by_faces_entering(
    points: &[Vec2],
    normals: &[Vec2],
    origin: Vec2,
    direction: Vec2,
    slack: f32,
) -> Option<Clipped> {
    let planes = normals
        .iter()
        .enumerate()
        .map(|(face, normal)| (*normal, normal.dot(face_point(points, face)) + slack));
    clip_by_planes_entering(planes, origin, direction)
}

/// A point on face `face` of a core with these `points`. A segment's two faces lie on
/// one line: both are measured from its first point, so rounding cannot leave a band
/// of negative width that nothing enters.
#[inline]
pub(super) fn face_point(points: &[Vec2], face: usize) -> Vec2 {
    points[if points.len() == 2 { 0 } else { face }]
}

/// The line clipped by the half-planes `normal · x ≤ offset`, numbered in order, and
/// the one it enters through (Cyrus–Beck).
#[inline]
pub(super) fn clip_by_planes_entering(
    planes: impl IntoIterator<Item = (Vec2, f32)>,
    origin: Vec2,
    direction: Vec2,
) -> Option<Clipped> {
    let mut clipped = Clipped {
        enter: f32::NEG_INFINITY,
        exit: f32::INFINITY,
        entering_face: None,
    };
    for (face, (normal, offset)) in planes.into_iter().enumerate() {
        let before = clipped.enter;
        if !clip_one(
            normal,
            offset,
            origin,
            direction,
            &mut clipped.enter,
            &mut clipped.exit,
        ) {
            return None;
        }
        if clipped.enter > before {
            clipped.entering_face = Some(face);
        }
    }
    (clipped.enter <= clipped.exit).then_some(clipped)
}

/// The line clipped by the half-planes `normal · x ≤ offset`.
fn clip_by_planes(
    planes: impl IntoIterator<Item = (Vec2, f32)>,
    origin: Vec2,
    direction: Vec2,
) -> Option<(f32, f32)> {
    clip_by_planes_entering(planes, origin, direction).map(|clipped| (clipped.enter, clipped.exit))
}

/// Narrows `[enter, exit]` by one half-plane; false if the line misses it entirely.
#[inline]
fn clip_one(
    normal: Vec2,
    offset: f32,
    origin: Vec2,
    direction: Vec2,
    enter: &mut f32,
    exit: &mut f32,
) -> bool {
    let room = offset - normal.dot(origin);
    let rate = normal.dot(direction);
    if rate.abs() <= f32::EPSILON {
        return room >= 0.0;
    }
    let t = room / rate;
    if rate > 0.0 {
        *exit = exit.min(t);
    } else {
        *enter = enter.max(t);
    }
    true
}

/// [`chord`] for a polygon in lane form: every face clips the line at once.
#[inline]
pub(crate) fn chord_lanes(
    polygon: &LanePolygon<'_>,
    origin: Vec2,
    direction: Vec2,
    slack: f32,
) -> Option<(f32, f32)> {
    let (origin_x, origin_y) = (splat(origin.x), splat(origin.y));
    let (direction_x, direction_y) = (splat(direction.x), splat(direction.y));
    let parallel = splat(f32::EPSILON);
    let mut enter = splat(f32::NEG_INFINITY);
    let mut exit = splat(f32::INFINITY);
    let mut misses = false;
    for block in polygon.blocks {
        let (normal_x, normal_y) = (f32x8::from(block.normal_xs), f32x8::from(block.normal_ys));
        let room =
            f32x8::from(block.offsets) + splat(slack) - (normal_x * origin_x + normal_y * origin_y);
        let rate = normal_x * direction_x + normal_y * direction_y;
        let t = room / rate;
        let leaving = rate.simd_gt(parallel);
        let entering = rate.simd_lt(-parallel);
        exit = exit.fast_min(leaving.bitselect(t, splat(f32::INFINITY)));
        enter = enter.fast_max(entering.bitselect(t, splat(f32::NEG_INFINITY)));
        // A face parallel to the line that the line lies outside of: no chord.
        let outside = !(leaving | entering) & room.simd_lt(f32x8::ZERO);
        misses |= outside.any();
    }
    let (enter, exit) = (horizontal_max(enter), horizontal_min(exit));
    (!misses && enter <= exit).then_some((enter, exit))
}

/// The line's chord through the disc of `radius` around `center`.
pub(super) fn chord_disc(
    center: Vec2,
    radius: f32,
    origin: Vec2,
    direction: Vec2,
) -> Option<(f32, f32)> {
    let to_center = center - origin;
    let middle = to_center.dot(direction);
    // The perpendicular offset directly: `|c|² − middle²` cancels badly for small discs.
    let off_line = to_center.perp_dot(direction);
    let half_squared = radius * radius - off_line * off_line;
    if half_squared < 0.0 {
        return None;
    }
    let half = half_squared.sqrt();
    Some((middle - half, middle + half))
}
