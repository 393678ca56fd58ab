//! The Minkowski difference of two convex cores: the shape the casts, the distance and
//! the concave MTV run their rays against.

use glam::Vec2;
use smallvec::SmallVec;

use crate::shape::rounded_convex::RoundedConvex;

/// `A ⊖ B = { a − b }` of two rounded convex cores, itself a rounded convex core with
/// radius `A.radius + B.radius`, in the frame both are given in. B moved by `t`
/// touches A exactly when `t` lies in it, so a ray from the origin along B's motion
/// relative to A is a shape cast, and the distance from the origin is the gap.
///
/// Each point remembers the vertices of A and B it came from, so a hit on the
/// difference maps back to a point of A.
pub(crate) struct MinkowskiDifference {
    points: SmallVec<[Vec2; 16]>,
    normals: SmallVec<[Vec2; 16]>,
    /// For each point, the index of A's vertex and of B's whose difference it is.
    sources: SmallVec<[(u32, u32); 16]>,
    radius: f32,
}

impl MinkowskiDifference {
    /// Merges the edges of A and of −B by angle (both are convex and counter-clockwise,
    /// so this is one pass, O(n + m), with no hull): each edge of the result is an edge
    /// of A or of −B, parallel edges merged into one.
    ///
    /// ```text
    /// start at A's lowest vertex minus B's highest (the lowest point of each)
    /// while edges remain: take the edge of A or −B with the smaller angle
    ///                     (both when parallel); its normal is its source's normal
    /// ```
    pub fn new(a: RoundedConvex<'_>, b: RoundedConvex<'_>) -> Self {
        let (edges_a, edges_b) = (closed_edge_count(a), closed_edge_count(b));
        let mut difference = Self {
            points: SmallVec::new(),
            normals: SmallVec::new(),
            sources: SmallVec::new(),
            radius: a.radius + b.radius,
        };
        let next = |index: usize, count: usize| if index + 1 == count { 0 } else { index + 1 };
        let (mut index_a, mut index_b) = (lowest(a.points, 1.0), lowest(b.points, -1.0));
        let (mut taken_a, mut taken_b) = (0, 0);
        // The angle of each side's next edge, recomputed only when that side advances.
        let angle_a = |index: usize| {
            let end = a.points[next(index, a.points.len())];
            pseudo_angle(end - a.points[index])
        };
        let angle_b = |index: usize| {
            let end = b.points[next(index, b.points.len())];
            pseudo_angle(b.points[index] - end)
        };
        let (mut next_a, mut next_b) = (
            (edges_a > 0).then(|| angle_a(index_a)),
            (edges_b > 0).then(|| angle_b(index_b)),
        );
        loop {
            difference
                .points
                .push(a.points[index_a] - b.points[index_b]);
            difference.sources.push((index_a as u32, index_b as u32));
            let (take_a, take_b) = match (next_a, next_b) {
                (Some(from_a), Some(from_b)) => (from_a <= from_b, from_b <= from_a),
                (Some(_), None) => (true, false),
                (None, Some(_)) => (false, true),
                (None, None) => break,
            };
            difference.normals.push(if take_a {
                a.normals[index_a]
            } else {
                -b.normals[index_b]
            });
            if take_a {
                index_a = next(index_a, a.points.len());
                taken_a += 1;
                next_a = (taken_a < edges_a).then(|| angle_a(index_a));
            }
            if take_b {
                index_b = next(index_b, b.points.len());
                taken_b += 1;
                next_b = (taken_b < edges_b).then(|| angle_b(index_b));
            }
            if next_a.is_none() && next_b.is_none() {
                break;
            }
        }
        difference
    }

    /// A view the kernels accept.
    pub fn view(&self) -> RoundedConvex<'_> {
        RoundedConvex {
            points: &self.points,
            normals: &self.normals,
            radius: self.radius,
        }
    }

    /// The point of A's core behind the point `along` (0 to 1) of the difference's edge
    /// `edge`: the difference's point is that point of A minus a point of B.
    pub fn source_on_a(&self, a: RoundedConvex<'_>, edge: usize, along: f32) -> Vec2 {
        let start = a.points[self.sources[edge].0 as usize];
        let end_index = if edge + 1 == self.sources.len() {
            0
        } else {
            edge + 1
        };
        let end = a.points[self.sources[end_index].0 as usize];
        start.lerp(end, along)
    }
}

/// How many edges a core has walked all the way round: a segment's two sides, a
/// polygon's faces, none for a point.
fn closed_edge_count(core: RoundedConvex<'_>) -> usize {
    match core.points.len() {
        1 => 0,
        count => count,
    }
}

/// The index of the lowest point of `points` scaled by `sign` (ties: the leftmost),
/// where a counter-clockwise walk's edge angles start.
fn lowest(points: &[Vec2], sign: f32) -> usize {
    let mut best = 0;
    for (index, point) in points.iter().enumerate().skip(1) {
        let (point, current) = (*point * sign, points[best] * sign);
        if point.y < current.y || (point.y == current.y && point.x < current.x) {
            best = index;
        }
    }
    best
}

/// A number in `[0, 4)` that grows with the angle of `v` from `+X`, counter-clockwise:
/// the order of `atan2` without the trigonometry.
#[inline]
fn pseudo_angle(v: Vec2) -> f32 {
    let ratio = v.x / (v.x.abs() + v.y.abs());
    if v.y >= 0.0 { 1.0 - ratio } else { 3.0 + ratio }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math::segment::edge_normal;

    fn normals(points: &[Vec2]) -> Vec<Vec2> {
        (0..points.len())
            .map(|i| edge_normal(points[i], points[(i + 1) % points.len()]))
            .collect()
    }

    fn core<'a>(points: &'a [Vec2], normals: &'a [Vec2]) -> RoundedConvex<'a> {
        RoundedConvex {
            points,
            normals,
            radius: 0.0,
        }
    }

    #[test]
    fn two_squares_make_a_square_twice_the_size() {
        let square = [
            Vec2::new(-1.0, -1.0),
            Vec2::new(1.0, -1.0),
            Vec2::new(1.0, 1.0),
            Vec2::new(-1.0, 1.0),
        ];
        let square_normals = normals(&square);
        let view = core(&square, &square_normals);
        let difference = MinkowskiDifference::new(view, view);
        let expected = square.map(|p| p * 2.0);
        assert_eq!(difference.points.as_slice(), expected.as_slice());
        assert_eq!(difference.normals.as_slice(), square_normals.as_slice());
    }

    #[test]
    fn a_triangle_minus_a_segment_is_their_hull_with_normals_on_its_edges() {
        let triangle = [
            Vec2::new(0.0, 0.0),
            Vec2::new(2.0, 0.0),
            Vec2::new(0.0, 2.0),
        ];
        let triangle_normals = normals(&triangle);
        let segment = [Vec2::new(0.0, 0.0), Vec2::new(1.0, 1.0)];
        let segment_normal = edge_normal(segment[0], segment[1]);
        let segment_normals = [segment_normal, -segment_normal];
        let difference = MinkowskiDifference::new(
            core(&triangle, &triangle_normals),
            core(&segment, &segment_normals),
        );
        let expected = crate::decompose::convex_hull::convex_hull(
            &triangle
                .iter()
                .flat_map(|a| segment.iter().map(move |b| *a - *b))
                .collect::<Vec<_>>(),
        );
        let view = difference.view();
        assert_eq!(view.points.len(), expected.len());
        for point in &expected {
            assert!(view.points.iter().any(|p| p.distance(*point) < 1e-6));
        }
        for edge in 0..view.points.len() {
            let (start, end) = view.edge(edge);
            assert!((view.normals[edge] - edge_normal(start, end)).length() < 1e-6);
        }
    }

    #[test]
    fn parallel_segments_give_a_segment_and_points_give_a_point() {
        let segment = [Vec2::new(0.0, 0.0), Vec2::new(2.0, 0.0)];
        let segment_normals = [Vec2::NEG_Y, Vec2::Y];
        let view = core(&segment, &segment_normals);
        let difference = MinkowskiDifference::new(view, view);
        assert_eq!(
            difference.points.as_slice(),
            [Vec2::new(-2.0, 0.0), Vec2::new(2.0, 0.0)].as_slice()
        );
        assert_eq!(difference.normals.as_slice(), segment_normals.as_slice());
        let point = [Vec2::new(1.0, 2.0)];
        let lone = core(&point, &[]);
        let difference = MinkowskiDifference::new(lone, lone);
        assert_eq!(difference.points.as_slice(), [Vec2::ZERO].as_slice());
        assert!(difference.normals.is_empty());
    }
}
