//! [`BoundaryPiece`]: the boundary of a rounded convex shape in pieces (each edge pushed
//! out by the radius, and the arc around each corner between its edges' normals),
//! where two pieces cross, and [`covers`] and [`shrunk_chord`], where a shape holds
//! points (strictly, by more than a slack). The concave MTV looks for its answer
//! among these pieces' points.
//!
//! Frame-free: pieces and shapes are in the frame they are given in (A's local frame
//! for the concave MTV), and "nearest" means nearest that frame's origin.

use glam::Vec2;
use smallvec::SmallVec;

use crate::Aabb;
use crate::math::segment::crossing_parameters;
use crate::query::kernel::{ConvexCore, chord};
use crate::shape::boundary_flags::{BOUNDARY_EDGE, CONVEX_CORNER, EVERYWHERE};
use crate::shape::rounded_convex::RoundedConvex;

/// Where two pieces cross: at most two points.
pub(crate) type Crossings = SmallVec<[Vec2; 2]>;

/// A piece of a rounded convex boundary.
#[derive(Clone, Copy, Debug)]
pub(crate) enum BoundaryPiece {
    /// A straight piece.
    Edge { start: Vec2, end: Vec2 },
    /// The arc of `radius` around `center` from unit direction `from` counter-clockwise
    /// to unit direction `to` (less than a half turn).
    Arc {
        center: Vec2,
        radius: f32,
        from: Vec2,
        to: Vec2,
    },
}

impl BoundaryPiece {
    /// The pieces of `shape`'s boundary, for a polygon core: each edge pushed out by
    /// the radius and, when there is a radius, the arc at each corner from the normal
    /// of the edge before it to the normal of the edge after it.
    pub fn of(shape: RoundedConvex<'_>) -> impl Iterator<Item = Self> + '_ {
        Self::on_boundary(shape, None)
    }

    /// The pieces of [`of`](Self::of) that may lie on the boundary of a union, by the
    /// shape's [boundary flags](crate::shape::boundary_flags) (`None`: all of them):
    /// the arc at a corner flagged convex, the edge leaving a point flagged as on the
    /// boundary.
    pub fn on_boundary<'a>(
        shape: RoundedConvex<'a>,
        flags: Option<&'a [u8]>,
    ) -> impl Iterator<Item = Self> + 'a {
        let count = shape.points.len();
        debug_assert!(count >= 3, "pieces of a polygon core");
        let flag = move |k: usize| flags.map_or(EVERYWHERE, |flags| flags[k]);
        (0..count).flat_map(move |k| {
            let (start, end) = shape.edge(k);
            let (before, normal) = (shape.normals[(k + count - 1) % count], shape.normals[k]);
            // A corner that rounding left straight (or bent the wrong way) has no arc.
            let arc = (flag(k) & CONVEX_CORNER != 0
                && shape.radius > 0.0
                && before.perp_dot(normal) > 0.0)
                .then_some(Self::Arc {
                    center: start,
                    radius: shape.radius,
                    from: before,
                    to: normal,
                });
            let offset = normal * shape.radius;
            let edge = (flag(k) & BOUNDARY_EDGE != 0 && start != end).then_some(Self::Edge {
                start: start + offset,
                end: end + offset,
            });
            arc.into_iter().chain(edge)
        })
    }

    /// The piece's two ends.
    #[inline]
    pub fn ends(&self) -> [Vec2; 2] {
        match *self {
            Self::Edge { start, end } => [start, end],
            Self::Arc {
                center,
                radius,
                from,
                to,
            } => [center + from * radius, center + to * radius],
        }
    }

    /// The piece's point nearest the origin.
    pub fn nearest(&self) -> Vec2 {
        match *self {
            Self::Edge { start, end } => {
                let edge = end - start;
                start + edge * (-start.dot(edge) / edge.length_squared()).clamp(0.0, 1.0)
            }
            Self::Arc { center, radius, .. } => {
                // The circle's point nearest the origin lies toward it from the centre.
                match (-center).try_normalize() {
                    Some(toward) if self.holds(toward) => center + toward * radius,
                    _ => {
                        let [first, last] = self.ends();
                        if first.length_squared() <= last.length_squared() {
                            first
                        } else {
                            last
                        }
                    }
                }
            }
        }
    }

    /// The distance from the origin to the piece's farthest point (an arc's: at
    /// most its centre's distance plus its radius).
    pub fn farthest(&self) -> f32 {
        match *self {
            Self::Edge { start, end } => start.length().max(end.length()),
            Self::Arc { center, radius, .. } => center.length() + radius,
        }
    }

    /// The box around the piece.
    pub fn bounds(&self) -> Aabb {
        let [first, last] = self.ends();
        let mut bounds = Aabb::new(first.min(last), first.max(last));
        if let Self::Arc { center, radius, .. } = *self {
            // The arc's extreme points on each axis, where it passes them.
            for axis in [Vec2::X, Vec2::Y, Vec2::NEG_X, Vec2::NEG_Y] {
                if self.holds(axis) {
                    let point = center + axis * radius;
                    bounds = bounds.merged(&Aabb::new(point, point));
                }
            }
        }
        bounds
    }

    /// Where the two pieces cross.
    ///
    /// ```text
    /// edge, edge: the lines' crossing, if on both
    /// edge, arc:  the line's crossings with the arc's circle, on the edge and the arc
    /// arc, arc:   the circles' crossings, on both arcs
    /// ```
    pub fn crossings(&self, other: &Self) -> Crossings {
        let mut points = Crossings::new();
        match (*self, *other) {
            (
                Self::Edge { start, end },
                Self::Edge {
                    start: from,
                    end: to,
                },
            ) => {
                // Both ends of one clearly on one side of the other's line: no crossing
                // (most pairs; the exact parameters are solved in `f64`).
                if one_side(start, end, from, to) || one_side(from, to, start, end) {
                    return points;
                }
                if let Some((t, u)) = crossing_parameters(start, end, from, to)
                    && (0.0..=1.0).contains(&t)
                    && (0.0..=1.0).contains(&u)
                {
                    points.push(start.lerp(end, t));
                }
            }
            (Self::Edge { start, end }, arc @ Self::Arc { center, radius, .. })
            | (arc @ Self::Arc { center, radius, .. }, Self::Edge { start, end }) => {
                // |start + t·edge − center|² = radius², for t in [0, 1], in `f64`: the
                // discriminant multiplies four lengths.
                let (start, end, center) = (start.as_dvec2(), end.as_dvec2(), center.as_dvec2());
                let (edge, offset, radius) = (end - start, start - center, f64::from(radius));
                let (a, b) = (edge.length_squared(), offset.dot(edge));
                // The offset's part across the edge directly: `|offset|² − b²/a`
                // cancels for a line that grazes the circle.
                let across = offset.perp_dot(edge);
                let root_squared = a * radius * radius - across * across;
                if root_squared >= 0.0 && a > 0.0 {
                    let root = root_squared.sqrt();
                    for t in [(-b - root) / a, (-b + root) / a] {
                        let point = (start + edge * t).as_vec2();
                        if (0.0..=1.0).contains(&t) && arc.holds_point(point) {
                            points.push(point);
                        }
                    }
                }
            }
            (
                Self::Arc { center, radius, .. },
                Self::Arc {
                    center: other_center,
                    radius: other_radius,
                    ..
                },
            ) => {
                let between = other_center - center;
                let distance = between.length();
                if distance > 0.0
                    && distance <= radius + other_radius
                    && distance >= (radius - other_radius).abs()
                {
                    // By the law of cosines, along and across the line of centres.
                    let along = (radius * radius - other_radius * other_radius
                        + distance * distance)
                        / (2.0 * distance);
                    let across = (radius * radius - along * along).max(0.0).sqrt();
                    let (axis, side) = (between / distance, between.perp() / distance);
                    for sign in [1.0, -1.0] {
                        let point = center + axis * along + side * (sign * across);
                        if self.holds_point(point) && other.holds_point(point) {
                            points.push(point);
                        }
                    }
                }
            }
        }
        points
    }

    /// Whether unit `direction` from an arc's centre points at the arc (always true
    /// for an edge).
    #[inline]
    fn holds(&self, direction: Vec2) -> bool {
        match *self {
            Self::Edge { .. } => true,
            Self::Arc { from, to, .. } => {
                from.perp_dot(direction) >= 0.0 && direction.perp_dot(to) >= 0.0
            }
        }
    }

    /// Whether `point`, on the arc's circle, lies on the arc itself.
    #[inline]
    fn holds_point(&self, point: Vec2) -> bool {
        match *self {
            Self::Edge { .. } => true,
            Self::Arc { center, .. } => self.holds(point - center),
        }
    }
}

/// Whether `first` and `second` lie on one side of the line through `start` and `end`,
/// by more than rounding could move them.
#[inline]
fn one_side(start: Vec2, end: Vec2, first: Vec2, second: Vec2) -> bool {
    let line = end - start;
    let (to_first, to_second) = (first - start, second - start);
    let (side_first, side_second) = (line.perp_dot(to_first), line.perp_dot(to_second));
    let scale = line.abs().max_element()
        * to_first
            .abs()
            .max_element()
            .max(to_second.abs().max_element());
    let margin = 1e-5 * scale;
    side_first.min(side_second) > margin || side_first.max(side_second) < -margin
}

/// Where the line `origin + t · direction` (`direction` of unit length) runs inside
/// `shape` shrunk by `slack`, shrunk as [`covers`] shrinks it.
pub(crate) fn shrunk_chord(
    shape: RoundedConvex<'_>,
    origin: Vec2,
    direction: Vec2,
    slack: f32,
) -> Option<(f32, f32)> {
    let shrunk = shape.radius - slack;
    if shrunk >= 0.0 {
        chord(shape, origin, direction, -slack)
    } else {
        let sharp = RoundedConvex {
            radius: 0.0,
            ..shape
        };
        chord(sharp, origin, direction, shrunk)
    }
}

/// Whether `shape` shrunk by `slack` holds `point` (strictly): the closed-set rule in
/// `f32`. A shape whose radius is below `slack` is shrunk as a polygon (faces moved
/// in, corners kept sharp).
pub(crate) fn covers(shape: RoundedConvex<'_>, point: Vec2, slack: f32) -> bool {
    let shrunk = shape.radius - slack;
    // The face planes' distance is at most the Euclidean one, and equals it inside:
    // one face's plane at `shrunk` or beyond leaves the point out, and the scan stops
    // there (most points tested lie outside).
    let mut plane = f32::NEG_INFINITY;
    for (vertex, normal) in shape.points.iter().zip(shape.normals) {
        let distance = normal.dot(point - *vertex);
        if distance >= shrunk {
            return false;
        }
        plane = plane.max(distance);
    }
    shrunk <= 0.0 || plane <= 0.0 || shape.signed_distance(point) < shrunk
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rounded_square_has_four_edges_and_four_quarter_arcs_that_cross_others() {
        let points = [
            Vec2::new(-1.0, -1.0),
            Vec2::new(1.0, -1.0),
            Vec2::new(1.0, 1.0),
            Vec2::new(-1.0, 1.0),
        ];
        let normals = [Vec2::NEG_Y, Vec2::X, Vec2::Y, Vec2::NEG_X];
        let shape = RoundedConvex {
            points: &points,
            normals: &normals,
            radius: 0.5,
        };
        let pieces: Vec<BoundaryPiece> = BoundaryPiece::of(shape).collect();
        assert_eq!(pieces.len(), 8);
        // The bottom edge, pushed down by the radius, is nearest the origin at its middle.
        let bottom = pieces[1];
        assert!((bottom.nearest() - Vec2::new(0.0, -1.5)).length() < 1e-6);
        // The lower-left arc spans from -X to -Y around (-1, -1).
        let corner = pieces[0];
        let bounds = corner.bounds();
        assert!((bounds.min - Vec2::splat(-1.5)).length() < 1e-6);
        assert!((bounds.max - Vec2::splat(-1.0)).length() < 1e-6);
        // A vertical line through x = -1.2 crosses that arc once, and the bottom
        // edge's line not at all (it stops at x = -1).
        let line = BoundaryPiece::Edge {
            start: Vec2::new(-1.2, -3.0),
            end: Vec2::new(-1.2, 0.0),
        };
        let crossing = line.crossings(&corner);
        assert_eq!(crossing.len(), 1);
        assert!((crossing[0].distance(Vec2::new(-1.0, -1.0)) - 0.5).abs() < 1e-6);
        assert!(line.crossings(&bottom).is_empty());
        assert!(covers(shape, Vec2::new(1.2, 1.2), 1e-5));
        assert!(!covers(shape, Vec2::new(1.4, 1.4), 1e-5));
        assert!(!covers(shape, Vec2::new(0.0, 1.5), 1e-5));
    }
}
