//! [`RoundedConvex`]: the view of a convex shape that the scalar query kernels read.
//!
//! Box2D's rounded polygon: a circle is a point with a radius, a capsule a segment with
//! a radius, a convex polygon a polygon with radius zero. The general convex route, the
//! concave parts and the SAT explainer run on this view; polygon pairs of up to
//! 16 vertices also have a lane layout ([`FaceBlock`](super::face_lanes::FaceBlock))
//! that the same kernels read in SIMD form.

use glam::Vec2;

/// A convex core (1 point, 2 points or a counter-clockwise polygon) swept by a disc of
/// `radius`, in whatever frame its points are given in.
///
/// Invariants: `points` are counter-clockwise; `normals[i]` is the outward unit normal
/// of the edge `points[i] → points[i + 1]`. A single point has no normals; a segment
/// has two, opposite (`normals[1] == -normals[0]`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct RoundedConvex<'a> {
    pub points: &'a [Vec2],
    pub normals: &'a [Vec2],
    pub radius: f32,
}

impl RoundedConvex<'_> {
    /// Number of distinct edges: a segment has one, a point none.
    #[inline]
    pub fn edge_count(&self) -> usize {
        match self.points.len() {
            0 | 1 => 0,
            2 => 1,
            n => n,
        }
    }

    /// Whether the core is a polygon (three points or more) rather than a point or a
    /// segment.
    #[inline]
    pub fn is_polygon(&self) -> bool {
        self.points.len() >= 3
    }

    /// The edge `index` as its two ends.
    #[inline]
    pub fn edge(&self, index: usize) -> (Vec2, Vec2) {
        let next = if index + 1 == self.points.len() {
            0
        } else {
            index + 1
        };
        (self.points[index], self.points[next])
    }

    /// The core's pieces as segments: its edges, or for a single point that point as a
    /// segment of length zero.
    #[inline]
    pub fn pieces(&self) -> impl Iterator<Item = (Vec2, Vec2)> + '_ {
        let count = self.edge_count().max(1);
        (0..count).map(|index| match self.points {
            [point] => (*point, *point),
            _ => self.edge(index),
        })
    }
}
