//! [`BoundaryPiece`]: the boundary of a rounded convex shape in pieces (each edge pushed
//! out by the radius, and the arc around each corner between its edges' normals), and
//! where another rounded convex shape covers a piece. The concave MTV walks these
//! pieces of the part pairs' Minkowski differences.
//!
//! Frame-free: pieces and shapes are in the frame they are given in (A's local frame
//! for the concave MTV), and distances are measured from that frame's origin.

use core::f32::consts::TAU;

use glam::Vec2;
use smallvec::SmallVec;

use crate::Aabb;
use crate::query::kernel::{ConvexCore, chord, plane_distance};
use crate::shape::rounded_convex::RoundedConvex;

/// Where along a piece another shape covers it: open intervals of the piece's
/// parameter (their ends are on that shape's boundary, so not covered).
pub(crate) type Covered = SmallVec<[(f32, f32); 4]>;

/// A piece of a rounded convex boundary, with a parameter running from 0 to
/// [`end`](Self::end) along it.
#[derive(Clone, Copy, Debug)]
pub(crate) enum BoundaryPiece {
    /// A straight piece from `start` along unit `direction`; the parameter is the
    /// distance from `start`, up to `length`.
    Edge {
        start: Vec2,
        direction: Vec2,
        length: f32,
    },
    /// The arc of `radius` around `center` from unit direction `from`, turning
    /// counter-clockwise by `sweep` (less than a half turn); the parameter is the angle.
    Arc {
        center: Vec2,
        radius: f32,
        from: Vec2,
        sweep: f32,
    },
}

impl BoundaryPiece {
    /// The pieces of `shape`'s boundary, for a polygon core: each edge pushed out by
    /// the radius and, when there is a radius, the arc at each corner from the normal
    /// of the edge before it to the normal of the edge after it.
    pub fn of(shape: RoundedConvex<'_>) -> impl Iterator<Item = Self> + '_ {
        let count = shape.points.len();
        debug_assert!(count >= 3, "pieces of a polygon core");
        (0..count).flat_map(move |k| {
            let (start, end) = shape.edge(k);
            let normal = shape.normals[k];
            let offset = normal * shape.radius;
            let edge = Self::Edge {
                start: start + offset,
                direction: (end - start).normalize_or_zero(),
                length: start.distance(end),
            };
            let before = shape.normals[if k == 0 { count - 1 } else { k - 1 }];
            let turn = before.perp_dot(normal).atan2(before.dot(normal));
            let arc = (shape.radius > 0.0 && turn > 0.0).then_some(Self::Arc {
                center: start,
                radius: shape.radius,
                from: before,
                sweep: turn,
            });
            // A corner left where rounding merged two points is no edge.
            arc.into_iter().chain((edge.end() > 0.0).then_some(edge))
        })
    }

    /// The parameter's last value: the edge's length or the arc's sweep.
    #[inline]
    pub fn end(&self) -> f32 {
        match *self {
            Self::Edge { length, .. } => length,
            Self::Arc { sweep, .. } => sweep,
        }
    }

    /// The point at parameter `t`.
    #[inline]
    pub fn at(&self, t: f32) -> Vec2 {
        match *self {
            Self::Edge {
                start, direction, ..
            } => start + direction * t,
            Self::Arc {
                center,
                radius,
                from,
                ..
            } => center + Vec2::from_angle(t).rotate(from) * radius,
        }
    }

    /// The parameter of the piece's point nearest the origin.
    pub fn nearest(&self) -> f32 {
        match *self {
            Self::Edge {
                start,
                direction,
                length,
            } => (-start.dot(direction)).clamp(0.0, length),
            Self::Arc {
                center,
                from,
                sweep,
                ..
            } => {
                // The circle's point nearest the origin lies toward it from the centre.
                let toward = -center;
                let angle = angle_from(from, toward);
                if toward != Vec2::ZERO && angle <= sweep {
                    angle
                } else if self.at(0.0).length_squared() <= self.at(sweep).length_squared() {
                    0.0
                } else {
                    sweep
                }
            }
        }
    }

    /// The box around the piece.
    pub fn bounds(&self) -> Aabb {
        let (first, last) = (self.at(0.0), self.at(self.end()));
        let mut bounds = Aabb::new(first.min(last), first.max(last));
        if let Self::Arc {
            center,
            radius,
            from,
            sweep,
        } = *self
        {
            // The arc's extreme points on each axis, where it passes them.
            for axis in [Vec2::X, Vec2::Y, Vec2::NEG_X, Vec2::NEG_Y] {
                if angle_from(from, axis) <= sweep {
                    let point = center + axis * radius;
                    bounds = bounds.merged(&Aabb::new(point, point));
                }
            }
        }
        bounds
    }

    /// Where `shape` shrunk by `slack` covers the piece (`shape` a polygon core, in the
    /// piece's frame): open intervals of the parameter, in no particular order,
    /// unclamped (they may reach past either end).
    ///
    /// ```text
    /// edge: the chord of its line through the shrunk shape (one interval)
    /// arc:  cut it wherever its circle crosses the shrunk shape's boundary (the lines
    ///       of its faces and the circles at its corners); every piece between two
    ///       cuts whose middle is inside is covered
    /// ```
    /// A shape whose radius is below `slack` is shrunk as a polygon (faces moved in,
    /// corners kept sharp).
    pub fn covered_by(&self, shape: RoundedConvex<'_>, slack: f32) -> Covered {
        let shrunk = shape.radius - slack;
        let sharp = RoundedConvex {
            radius: 0.0,
            ..shape
        };
        let mut covered = Covered::new();
        match *self {
            Self::Edge {
                start, direction, ..
            } => {
                let chord = if shrunk >= 0.0 {
                    chord(shape, start, direction, -slack)
                } else {
                    chord(sharp, start, direction, shrunk)
                };
                covered.extend(chord.filter(|(enter, exit)| enter < exit));
            }
            Self::Arc {
                center,
                radius,
                from,
                sweep,
            } => {
                let mut cuts: SmallVec<[f32; 16]> = SmallVec::from_slice(&[0.0, sweep]);
                let mut cut = |direction: Vec2| {
                    let angle = angle_from(from, direction);
                    if angle < sweep {
                        cuts.push(angle);
                    }
                };
                for (vertex, normal) in shape.points.iter().zip(shape.normals) {
                    // `n · (center + radius · u) = n · vertex + shrunk`.
                    let cosine = (normal.dot(*vertex - center) + shrunk) / radius;
                    if cosine.abs() <= 1.0 {
                        let sine = (1.0 - cosine * cosine).sqrt();
                        cut(*normal * cosine + normal.perp() * sine);
                        cut(*normal * cosine - normal.perp() * sine);
                    }
                    let between = *vertex - center;
                    let distance = between.length();
                    if shrunk > 0.0 && distance > 0.0 {
                        // The circle of `shrunk` around the vertex, by the law of cosines.
                        let cosine = (radius * radius + distance * distance - shrunk * shrunk)
                            / (2.0 * radius * distance);
                        if cosine.abs() <= 1.0 {
                            let (axis, sine) = (between / distance, (1.0 - cosine * cosine).sqrt());
                            cut(axis * cosine + axis.perp() * sine);
                            cut(axis * cosine - axis.perp() * sine);
                        }
                    }
                }
                cuts.sort_unstable_by(f32::total_cmp);
                let inside = |point: Vec2| {
                    if shrunk > 0.0 {
                        shape.signed_distance(point) < shrunk
                    } else {
                        plane_distance(sharp, point) < shrunk
                    }
                };
                // An end that is inside is covered: the interval reaches past it.
                let (before, after) = (
                    if inside(self.at(0.0)) { -1.0 } else { 0.0 },
                    if inside(self.at(sweep)) {
                        sweep + 1.0
                    } else {
                        sweep
                    },
                );
                for pair in cuts.windows(2) {
                    let (mut low, mut high) = (pair[0], pair[1]);
                    if high > low && inside(self.at(0.5 * (low + high))) {
                        low = if low == 0.0 { before } else { low };
                        high = if high == sweep { after } else { high };
                        match covered.last_mut() {
                            Some(last) if last.1 >= low => last.1 = high,
                            _ => covered.push((low, high)),
                        }
                    }
                }
            }
        }
        covered
    }
}

/// The angle from unit `from` counter-clockwise to `direction`, in `[0, 2π)`.
#[inline]
fn angle_from(from: Vec2, direction: Vec2) -> f32 {
    let angle = from.perp_dot(direction).atan2(from.dot(direction));
    if angle < 0.0 { angle + TAU } else { angle }
}
