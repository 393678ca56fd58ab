//! [`RoundedConvex`]: the one representation every convex query runs on.
//!
//! Box2D's trick: a circle is a point with a radius, a capsule is a segment with a
//! radius, a polygon is a polygon with radius zero. All convex pair queries are
//! written once against this view.

use glam::Vec2;

/// A convex "core" (1 point, 2 points or a CCW polygon) swept by a disc of `radius`.
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

    /// Signed distance from `point` to the core (not counting the radius):
    /// negative inside a polygon core, the Euclidean distance outside.
    pub fn core_signed_distance(&self, point: Vec2) -> f32 {
        let mut plane = f32::NEG_INFINITY;
        for (vertex, normal) in self.points.iter().zip(self.normals) {
            plane = plane.max(normal.dot(point - *vertex));
        }
        if self.points.len() >= 3 && plane <= 0.0 {
            return plane;
        }
        self.core_distance(point)
    }

    /// Whether `point` lies in the rounded shape, within `tolerance`.
    #[inline]
    pub fn contains(&self, point: Vec2, tolerance: f32) -> bool {
        self.core_signed_distance(point) <= self.radius + tolerance
    }

    /// Euclidean distance from `point` to the core (zero inside a polygon core only if
    /// the caller already knows it is outside; use [`Self::core_signed_distance`]).
    pub fn core_distance(&self, point: Vec2) -> f32 {
        if self.points.len() == 1 {
            return point.distance(self.points[0]);
        }
        (0..self.edge_count())
            .map(|edge| {
                let (start, end) = self.edge(edge);
                point.distance(closest_point_on_segment(start, end, point))
            })
            .fold(f32::INFINITY, f32::min)
    }
}

/// The point of segment `start → end` closest to `point`.
#[inline]
pub(crate) fn closest_point_on_segment(start: Vec2, end: Vec2, point: Vec2) -> Vec2 {
    let edge = end - start;
    let length_squared = edge.length_squared();
    if length_squared <= 0.0 {
        return start;
    }
    let t = ((point - start).dot(edge) / length_squared).clamp(0.0, 1.0);
    start + edge * t
}

/// The outward unit normal of a CCW edge `start → end` (its right-hand perpendicular).
#[inline]
pub(crate) fn edge_normal(start: Vec2, end: Vec2) -> Vec2 {
    let edge = end - start;
    Vec2::new(edge.y, -edge.x).normalize()
}
