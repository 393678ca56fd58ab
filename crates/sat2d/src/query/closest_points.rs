//! Closest points between two convex cores that do not overlap.

use glam::Vec2;

use crate::shape::rounded_convex::{RoundedConvex, closest_point_on_segment};

/// The nearest pair of points between two cores, and their distance.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ClosestPoints {
    pub on_a: Vec2,
    pub on_b: Vec2,
    pub distance: f32,
}

/// Closest points between two disjoint convex cores.
///
/// ```text
/// for each vertex of A and each edge of B: nearest point on the edge
/// for each vertex of B and each edge of A: nearest point on the edge
/// (two single points: the points themselves)
/// keep the nearest pair
/// ```
/// Exact for disjoint convex sets: their closest pair always involves a vertex. Only
/// rounded shapes reach this (a circle or capsule is involved), so one side has at
/// most two vertices and the cost is linear.
pub(crate) fn closest_points(a: RoundedConvex<'_>, b: RoundedConvex<'_>) -> ClosestPoints {
    // `distance` holds the squared distance until the end.
    let mut best = ClosestPoints {
        on_a: a.points[0],
        on_b: b.points[0],
        distance: f32::INFINITY,
    };
    let mut consider = |on_a: Vec2, on_b: Vec2| {
        let distance = on_a.distance_squared(on_b);
        if distance < best.distance {
            best = ClosestPoints {
                on_a,
                on_b,
                distance,
            };
        }
    };
    if a.edge_count() == 0 && b.edge_count() == 0 {
        consider(a.points[0], b.points[0]);
    }
    for edge in 0..b.edge_count() {
        let (start, end) = b.edge(edge);
        for point in a.points {
            consider(*point, closest_point_on_segment(start, end, *point));
        }
    }
    for edge in 0..a.edge_count() {
        let (start, end) = a.edge(edge);
        for point in b.points {
            consider(closest_point_on_segment(start, end, *point), *point);
        }
    }
    best.distance = best.distance.sqrt();
    best
}
