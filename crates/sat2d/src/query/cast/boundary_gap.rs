//! [`boundary_gap`]: the gap, and the nearest points, between two shapes that do not overlap, at least one of
//! them concave, measured between their boundaries' edges rather than their parts.
//! Works in A's frame.
//!
//! Two closed regions that do not meet are nearest at points of their boundaries, so
//! their gap is the least distance between an edge of one and an edge of the other:
//! an outline's and its holes' edges, a convex polygon's edges, or the core segment (or
//! point) of a circle, capsule or segment, less its radius. Edges are short where a
//! concave shape's parts are long (a star's fan of thin triangles 200 across), so a
//! tree of their boxes rules out all but the pairs near the answer.

use glam::Vec2;

use crate::math::segment::segment_closest_points;
use crate::query::closest_points::ClosestPoints;
use crate::query::concave::aabb_tree::AabbTree;
use crate::{Aabb, Iso, Shape};

/// A shape's boundary in A's frame: its edges (a point is an edge from itself to
/// itself) and the radius the shape adds around them.
struct Boundary {
    edges: Vec<(Vec2, Vec2)>,
    radius: f32,
}

impl Boundary {
    /// `shape`'s boundary, placed by `iso`.
    fn of(shape: &Shape, iso: &Iso) -> Self {
        let placed = |point: Vec2| iso.transform_point(point);
        let walk = |points: &[Vec2], edges: &mut Vec<(Vec2, Vec2)>| {
            edges.extend((0..points.len()).map(|index| {
                let next = if index + 1 == points.len() {
                    0
                } else {
                    index + 1
                };
                (placed(points[index]), placed(points[next]))
            }));
        };
        let mut edges = Vec::new();
        let radius = match shape {
            Shape::Circle(circle) => {
                edges.push((placed(Vec2::ZERO), placed(Vec2::ZERO)));
                circle.radius()
            }
            Shape::Segment(segment) => {
                edges.push((placed(segment.a()), placed(segment.b())));
                0.0
            }
            Shape::Capsule(capsule) => {
                let end = Vec2::new(0.0, capsule.half_length());
                edges.push((placed(-end), placed(end)));
                capsule.radius()
            }
            Shape::Polygon(polygon) => {
                walk(polygon.points(), &mut edges);
                0.0
            }
            Shape::Concave(polygon) => {
                walk(polygon.outline(), &mut edges);
                for hole in polygon.holes() {
                    walk(hole, &mut edges);
                }
                0.0
            }
        };
        Self { edges, radius }
    }

    /// The length of the longest edge (0 for a point).
    fn longest_edge(&self) -> f32 {
        self.edges
            .iter()
            .map(|(start, end)| start.distance_squared(*end))
            .fold(0.0, f32::max)
            .sqrt()
    }

    /// Each edge's box.
    fn boxes(&self) -> Vec<Aabb> {
        self.edges
            .iter()
            .map(|&(start, end)| Aabb::new(start.min(end), start.max(end)))
            .collect()
    }
}

/// The nearest edges of A (at the origin of its frame) and B (placed by `relative`),
/// which must not overlap: their closest points in A's frame, and A's and B's radii
/// (the gap is their distance less both radii). The edge pairs come from two trees of
/// the edges' boxes, nearest first ([`AabbTree::nearest_pair`]).
///
/// Measured in the frame of the shape with the longest edge: a long edge keeps a tight
/// box in its own shape's frame (a comb's teeth, a level's walls), and turned into the
/// other's it would not (a 97-unit edge turned by a few degrees made the trees measure
/// 1.8 million edge pairs instead of 7).
pub(super) fn boundary_gap(a: &Shape, b: &Shape, relative: &Iso) -> (ClosestPoints, f32, f32) {
    let (local_a, local_b) = (
        Boundary::of(a, &Iso::IDENTITY),
        Boundary::of(b, &Iso::IDENTITY),
    );
    let in_b = local_b.longest_edge() > local_a.longest_edge();
    let (still, placed) = if in_b {
        (local_b, Boundary::of(a, &relative.inverse()))
    } else {
        (local_a, Boundary::of(b, relative))
    };
    let (tree_still, tree_placed) = (
        AabbTree::new(&still.boxes()),
        AabbTree::new(&placed.boxes()),
    );
    let closest_of = |i: usize, j: usize| {
        let ((start_a, end_a), (start_b, end_b)) = (still.edges[i], placed.edges[j]);
        segment_closest_points(start_a, end_a, start_b, end_b)
    };
    // The nearest pair of edges measured so far.
    let mut best = (f32::INFINITY, 0, 0);
    tree_still.nearest_pair(&tree_placed, |i, j| {
        let (on_still, on_placed) = closest_of(i, j);
        let distance = on_still.distance(on_placed);
        if distance < best.0 {
            best = (distance, i, j);
        }
        distance
    });
    let (distance, i, j) = best;
    let (on_still, on_placed) = closest_of(i, j);
    let closest = if in_b {
        ClosestPoints {
            on_a: relative.transform_point(on_placed),
            on_b: relative.transform_point(on_still),
            distance,
        }
    } else {
        ClosestPoints {
            on_a: on_still,
            on_b: on_placed,
            distance,
        }
    };
    if in_b {
        (closest, placed.radius, still.radius)
    } else {
        (closest, still.radius, placed.radius)
    }
}
