//! The chord: where a line crosses a convex core grown by its radius.
//!
//! Contact points are settled on it, and the concave MTV finds with it where a
//! difference crosses a square's sides (`concave/square_cover.rs`). It exists in a
//! scalar form ([`chord`], any rounded core) and a lane form ([`chord_lanes`], a
//! polygon of up to 16 faces). Both work in the frame of the core and the line.

use glam::Vec2;
use wide::f32x8;

use super::{horizontal_max, horizontal_min, lane_max, lane_min, splat};
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
    clip_by_faces_entering(points, normals, origin, direction, slack).interval()
}

/// A line clipped by half-planes: `[enter, exit]`, the faces that bound it, and what
/// the ray kernel asks of a line that misses them or starts outside them.
///
/// A line that misses has `enter > exit`, or runs outside a half-plane parallel to it
/// (`aside > 0`); [`Clipped::interval`] is then `None`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Clipped {
    /// The parameter where the line enters the last of the half-planes it enters.
    pub enter: f32,
    /// The parameter where it leaves the first of those it leaves.
    pub exit: f32,
    /// The face it enters through (`None` when no face bounds it from behind).
    pub entering_face: Option<usize>,
    /// `|n · direction|` of the entering face (`∞` when none): with `exit_rate`,
    /// how fast the line crosses the two faces that bound it.
    pub enter_rate: f32,
    /// `|n · direction|` of the face that sets `exit` (`∞` when none).
    pub exit_rate: f32,
    /// How far the line's origin lies outside the half-planes: the largest
    /// `n · origin − offset`, at most 0 when it lies within them all.
    pub height: f32,
    /// How far the line runs outside the half-planes parallel to it (the largest
    /// `n · origin − offset` over them; `−∞` when none is parallel).
    pub aside: f32,
}

impl Clipped {
    /// Nothing clipped yet: the whole line.
    pub(super) const WHOLE: Self = Self {
        enter: f32::NEG_INFINITY,
        exit: f32::INFINITY,
        entering_face: None,
        enter_rate: f32::INFINITY,
        exit_rate: f32::INFINITY,
        height: f32::NEG_INFINITY,
        aside: f32::NEG_INFINITY,
    };

    /// `[enter, exit]`, or `None` when the line misses.
    #[inline]
    pub fn interval(&self) -> Option<(f32, f32)> {
        (self.enter <= self.exit && self.aside <= 0.0).then_some((self.enter, self.exit))
    }

    /// Where the line first touches the half-planes: `enter` when it meets them, or
    /// for a line that misses them (`enter > exit`), where it passes closest.
    ///
    /// ```text
    /// heights over the two faces that bound it:  h_enter(t) = rate_enter · (enter − t)
    ///                                            h_exit(t)  = rate_exit · (t − exit)
    /// closest: the larger height least, where they are equal
    ///   t = exit + (enter − exit) · rate_enter / (rate_enter + rate_exit)
    /// ```
    /// Why not `enter`: a face nearly parallel to the line crosses it where the
    /// rounding of its plane, divided by its tiny rate, puts it, far past the other
    /// face; a graze taken there lies that far beyond the shape (a box's face running
    /// almost along the motion past a vertex hit 8e-5 late, 13 times the tolerance).
    /// Weighted by the rates, the face the line crosses steeply, whose parameter is
    /// exact to its rounding, decides; for a line [`within`](Self::within) a slack,
    /// both heights at `t` are at most that slack. A leaving face with no rate (`∞`:
    /// none bounds that end) leaves its parameter, `exit`.
    #[inline]
    pub fn contact(&self) -> f32 {
        if self.enter <= self.exit || self.enter_rate == f32::INFINITY {
            return self.enter;
        }
        // 0 when the leaving face has no rate.
        let share = self.enter_rate / (self.enter_rate + self.exit_rate);
        self.exit + (self.enter - self.exit) * share
    }

    /// Whether the line misses the half-planes by at most `slack`: it meets them all
    /// pushed out by `slack`, as far as the two faces that bound it (or a parallel
    /// one) tell. A line crosses a face pushed out by `slack` `slack / rate` earlier
    /// (or later), so `[enter, exit]` widens by that at each end.
    #[inline]
    pub fn within(&self, slack: f32) -> bool {
        self.aside <= slack
            && self.enter - self.exit <= slack / self.enter_rate + slack / self.exit_rate
    }
}

/// [`clip_by_faces`], also naming the face the line enters through.
pub(super) fn clip_by_faces_entering(
    points: &[Vec2],
    normals: &[Vec2],
    origin: Vec2,
    direction: Vec2,
    slack: f32,
) -> Clipped {
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
/// the one it enters through (Cyrus–Beck). Every plane is read, so a miss still
/// reports how far the origin lies outside them.
///
/// ```text
/// for each plane:  room = offset − n · origin,  rate = n · direction
///                  height = max(height, −room)
///                  parallel (|rate| ≤ ε):  aside = max(aside, −room)
///                  entering (rate < 0):    enter = max(enter, room / rate)
///                  leaving  (rate > 0):    exit  = min(exit, room / rate)
/// ```
#[inline]
pub(super) fn clip_by_planes_entering(
    planes: impl IntoIterator<Item = (Vec2, f32)>,
    origin: Vec2,
    direction: Vec2,
) -> Clipped {
    let mut clipped = Clipped::WHOLE;
    for (face, (normal, offset)) in planes.into_iter().enumerate() {
        let room = offset - normal.dot(origin);
        let rate = normal.dot(direction);
        clipped.height = clipped.height.max(-room);
        if rate.abs() <= f32::EPSILON {
            clipped.aside = clipped.aside.max(-room);
            continue;
        }
        let t = room / rate;
        if rate > 0.0 {
            if t < clipped.exit {
                clipped.exit = t;
                clipped.exit_rate = rate;
            }
        } else if t > clipped.enter {
            clipped.enter = t;
            clipped.enter_rate = -rate;
            clipped.entering_face = Some(face);
        }
    }
    clipped
}

/// The line clipped by the half-planes `normal · x ≤ offset`.
fn clip_by_planes(
    planes: impl IntoIterator<Item = (Vec2, f32)>,
    origin: Vec2,
    direction: Vec2,
) -> Option<(f32, f32)> {
    clip_by_planes_entering(planes, origin, direction).interval()
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
        exit = lane_min(exit, leaving.bitselect(t, splat(f32::INFINITY)));
        enter = lane_max(enter, entering.bitselect(t, splat(f32::NEG_INFINITY)));
        // A face parallel to the line that the line lies outside of: no chord.
        let outside = !(leaving | entering) & room.simd_lt(f32x8::ZERO);
        misses |= outside.any();
    }
    let (enter, exit) = (horizontal_max(enter), horizontal_min(exit));
    (!misses && enter <= exit).then_some((enter, exit))
}

/// The line's chord through the disc of `radius` around `center`.
fn chord_disc(center: Vec2, radius: f32, origin: Vec2, direction: Vec2) -> Option<(f32, f32)> {
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
