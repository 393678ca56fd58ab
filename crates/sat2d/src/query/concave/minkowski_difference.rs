//! The Minkowski difference of two convex cores, built: the shapes whose boundaries
//! the concave MTV searches (`mtv_search.rs`). (The casts and the distance read
//! a difference through its faces' planes instead, without building it:
//! `query/cast/implicit_difference.rs`.)

use glam::Vec2;
use smallvec::SmallVec;

use crate::Aabb;
use crate::query::concave::clip_side::{Edges, clip_by_side};
use crate::query::concave::convex_window::ConvexWindow;
use crate::shape::boundary_flags::{BOUNDARY_EDGE, CONVEX_CORNER, EVERYWHERE};
use crate::shape::rounded_convex::RoundedConvex;

/// Points a difference holds without allocating: two hexagons' worth (the parts of
/// ordinary concave outlines have three to six points; instructions over seeded
/// 64-point pairs: 8 points 2.28 G, 12 points 2.21 G, 16 points 2.27 G).
const INLINE: usize = 12;

/// `A ⊖ B = { a − b }` of two rounded convex cores, itself a rounded convex core with
/// radius `A.radius + B.radius`, in the frame both are given in. B moved by `t`
/// touches A exactly when `t` lies in it.
///
/// Each point carries [`boundary_flags`](crate::shape::boundary_flags): whether the
/// edge leaving it (`BOUNDARY_EDGE`) and the corner at it (`CONVEX_CORNER`) may lie on
/// the boundary of the union of all part pairs' differences. An edge of A's boundary
/// moved by a convex corner of B's may; a diagonal between two of A's parts, or any
/// edge moved by a reflex corner, never does (the neighbouring pair's difference
/// covers it), and neither do the edges and corners that cutting to a window makes.
#[derive(Clone, Debug)]
pub(crate) struct MinkowskiDifference {
    points: SmallVec<[Vec2; INLINE]>,
    normals: SmallVec<[Vec2; INLINE]>,
    flags: SmallVec<[u8; INLINE]>,
    radius: f32,
}

impl MinkowskiDifference {
    /// Merges the edges of A and of −B by angle (both are convex and counter-clockwise,
    /// so this is one pass, O(n + m), with no hull): each edge of the result is an edge
    /// of A or of −B, parallel edges merged into one.
    ///
    /// ```text
    /// start at A's lowest vertex minus B's highest (the lowest point of each)
    /// while edges remain: take the edge of A or −B with the smaller angle from +X
    ///                     (both when parallel); its normal is its source's normal
    /// ```
    /// Angles are compared exactly, without division: by half-plane, then by the sign
    /// of the cross product. Which side advances is data, not a branch (it changes at
    /// random from step to step, which a branch predictor cannot follow).
    pub fn new(a: RoundedConvex<'_>, b: RoundedConvex<'_>) -> Self {
        Self::with_flags(a, None, b, None)
    }

    /// [`Self::new`] for cores whose points carry boundary flags (`None`: every edge
    /// and corner on the boundary, a convex shape's core), which the difference's
    /// points inherit: an edge of A is on the boundary when it is and B's corner it is
    /// moved by is convex, and the same with A and B swapped; a corner when both
    /// corners are convex; two parallel edges merged into one when either is.
    pub fn with_flags(
        a: RoundedConvex<'_>,
        flags_a: Option<&[u8]>,
        b: RoundedConvex<'_>,
        flags_b: Option<&[u8]>,
    ) -> Self {
        debug_assert!(flags_a.is_none_or(|flags| flags.len() == a.points.len()));
        debug_assert!(flags_b.is_none_or(|flags| flags.len() == b.points.len()));
        let flag_a = |index: usize| flags_a.map_or(EVERYWHERE, |flags| flags[index]);
        let flag_b = |index: usize| flags_b.map_or(EVERYWHERE, |flags| flags[index]);
        let (count_a, count_b) = (a.points.len(), b.points.len());
        let (edges_a, edges_b) = (closed_edge_count(a), closed_edge_count(b));
        let capacity = (edges_a + edges_b).max(1);
        let mut points: SmallVec<[Vec2; INLINE]> = SmallVec::from_elem(Vec2::ZERO, capacity);
        let mut normals: SmallVec<[Vec2; INLINE]> = SmallVec::from_elem(Vec2::ZERO, capacity);
        let mut flags: SmallVec<[u8; INLINE]> = SmallVec::from_elem(0, capacity);
        // Written through plain slices: a small vector's index checks where it lives
        // on every access.
        let (out_points, out_normals, out_flags) = (
            points.as_mut_slice(),
            normals.as_mut_slice(),
            flags.as_mut_slice(),
        );
        let next = |index: usize, count: usize| if index + 1 == count { 0 } else { index + 1 };
        let (mut index_a, mut index_b) = (lowest(a.points, 1.0), lowest(b.points, -1.0));
        let (mut left_a, mut left_b) = (edges_a, edges_b);
        let mut point_b = b.points[index_b];
        let mut written = 0;
        loop {
            let (next_a, next_b) = (next(index_a, count_a), next(index_b, count_b));
            let point_a = a.points[index_a];
            out_points[written] = point_a - point_b;
            let (here_a, here_b) = (flag_a(index_a), flag_b(index_b));
            out_flags[written] = here_a & here_b & CONVEX_CORNER;
            written += 1;
            if left_a == 0 && left_b == 0 {
                break;
            }
            // The next edge of A, and of −B (B's edge walked backwards).
            let after_b = b.points[next_b];
            let (edge_a, edge_b) = (a.points[next_a] - point_a, point_b - after_b);
            // Positive when A's edge comes first, negative when −B's does, zero when
            // parallel. `&` and `|`, not `&&` and `||`: no branch to mispredict.
            let order = angle_order(edge_a, edge_b);
            let take_a = (left_a > 0) & ((left_b == 0) | (order >= 0));
            let take_b = (left_b > 0) & ((left_a == 0) | (order <= 0));
            let normal_a = a.normals.get(index_a).copied().unwrap_or_default();
            let normal_b = -b.normals.get(index_b).copied().unwrap_or_default();
            out_normals[written - 1] = Vec2::select(glam::BVec2::splat(take_a), normal_a, normal_b);
            // A's edge moved by B's corner, or B's edge moved by A's corner.
            let from_a = take_a & (here_a & BOUNDARY_EDGE != 0) & (here_b & CONVEX_CORNER != 0);
            let from_b = take_b & (here_b & BOUNDARY_EDGE != 0) & (here_a & CONVEX_CORNER != 0);
            let parallel = take_a & take_b & ((here_a | here_b) & BOUNDARY_EDGE != 0);
            out_flags[written - 1] |= u8::from(from_a | from_b | parallel) * BOUNDARY_EDGE;
            index_a = if take_a { next_a } else { index_a };
            (index_b, point_b) = if take_b {
                (next_b, after_b)
            } else {
                (index_b, point_b)
            };
            left_a -= usize::from(take_a);
            left_b -= usize::from(take_b);
            if left_a == 0 && left_b == 0 {
                break;
            }
        }
        points.truncate(written);
        flags.truncate(written);
        normals.truncate(if edges_a + edges_b == 0 { 0 } else { written });
        Self {
            points,
            normals,
            flags,
            radius: a.radius + b.radius,
        }
    }

    /// `A ⊖ B` as it is within `window`, for cores `a` and `b` whose boxes (radii
    /// included) are `bounds_a` and `bounds_b`: each core first cut down to the points
    /// that can give a point of the difference in the window ([`ConvexWindow`]), then
    /// merged, then [clipped](Self::clipped). `None` when nothing of it reaches the
    /// window.
    ///
    /// A point `t = a − b + r` (`|r|` at most both radii) lies in the window only for
    /// `a` in the window moved over B's box, and `b` in A's box less the window.
    pub fn within(
        (a, flags_a): (RoundedConvex<'_>, Option<&[u8]>),
        bounds_a: &Aabb,
        (b, flags_b): (RoundedConvex<'_>, Option<&[u8]>),
        bounds_b: &Aabb,
        window: &Aabb,
    ) -> Option<Self> {
        let region_a =
            Aabb::new(window.min + bounds_b.min, window.max + bounds_b.max).grown(a.radius);
        let region_b =
            Aabb::new(bounds_a.min - window.max, bounds_a.max - window.min).grown(b.radius);
        let (a, b) = (
            ConvexWindow::new(a, flags_a, &region_a),
            ConvexWindow::new(b, flags_b, &region_b),
        );
        Self::with_flags(a.view()?, a.flags(), b.view()?, b.flags()).clipped(window)
    }

    /// The difference cut down to `window`: the core clipped to `window` grown by the
    /// radius (Sutherland–Hodgman), so that a difference with many edges keeps only
    /// the few that can matter there (one with at most [`Self::SMALL`] points is kept
    /// whole: cutting it saves nothing). Within `window` it is the same set as before:
    /// a point `t = p + r` of it in `window`, with `|r| ≤ radius`, has its core point
    /// `p` in the grown box. Its new edges and their rounding lie outside `window`
    /// (touching it at most): callers cut to a window a little larger than the region
    /// they read. `None` when nothing of the core is left. The frame is the
    /// difference's own.
    ///
    /// Every kept edge keeps its normal, and each new edge takes its box side's: a
    /// normal recomputed from two rounded points a thousandth apart (a rounded
    /// corner's short edges, 75 units out) can be off by a few thousandths of a
    /// radian, and its plane then cuts into the difference further along.
    pub fn clipped(self, window: &Aabb) -> Option<Self> {
        let clip = window.grown(self.radius);
        if self.is_small() || self.points.iter().all(|point| clip.contains_point(*point)) {
            return Some(self);
        }
        let sides = [
            (Vec2::NEG_Y, -clip.min.y),
            (Vec2::X, clip.max.x),
            (Vec2::Y, clip.max.y),
            (Vec2::NEG_X, -clip.min.x),
        ];
        let mut region: Edges = (self.points.iter().copied())
            .zip(self.normals)
            .zip(self.flags)
            .map(|((point, normal), flags)| (point, normal, flags))
            .collect();
        let mut next = Edges::new();
        for (side_normal, offset) in sides {
            clip_by_side(&region, side_normal, offset, &mut next);
            core::mem::swap(&mut region, &mut next);
        }
        // Rounding can leave a point twice where a corner lies on a side: the edge
        // between the two is dropped, the first point kept with the second's edge.
        let merge = clip.size().max_element() * 2.0 * f32::EPSILON;
        let (mut points, mut normals): (SmallVec<[Vec2; INLINE]>, SmallVec<[Vec2; INLINE]>) =
            (SmallVec::new(), SmallVec::new());
        let mut flags: SmallVec<[u8; INLINE]> = SmallVec::new();
        for (point, normal, flag) in region {
            match points.last() {
                Some(last) if last.distance(point) <= merge => {
                    *normals.last_mut().expect("one per point") = normal;
                    *flags.last_mut().expect("one per point") |= flag;
                }
                _ => {
                    points.push(point);
                    normals.push(normal);
                    flags.push(flag);
                }
            }
        }
        while points.len() > 1 && points[0].distance(points[points.len() - 1]) <= merge {
            points.pop();
            normals.pop();
            let last = flags.pop().expect("one per point");
            flags[0] |= last & CONVEX_CORNER;
        }
        (points.len() >= 3).then_some(Self {
            points,
            normals,
            flags,
            radius: self.radius,
        })
    }

    /// Differences with at most this many points are used whole: cutting them to a
    /// window saves less than it costs. (Two cores of up to
    /// [`convex_window::SMALL`](crate::query::concave::convex_window) points each give
    /// no more.)
    pub const SMALL: usize = 32;

    /// Whether the difference has at most [`Self::SMALL`] points, so that
    /// [`clipped`](Self::clipped) keeps it whole.
    pub fn is_small(&self) -> bool {
        self.points.len() <= Self::SMALL
    }

    /// The box around the difference, its radius included.
    pub fn bounds(&self) -> Aabb {
        Aabb::from_points(&self.points).map_or(Aabb::new(Vec2::ZERO, Vec2::ZERO), |core| {
            core.grown(self.radius)
        })
    }

    /// How far from the origin the difference reaches: its farthest point's distance.
    pub fn farthest(&self) -> f32 {
        self.points
            .iter()
            .map(|point| point.length())
            .fold(0.0, f32::max)
            + self.radius
    }

    /// Each point's boundary flags (see the type's doc).
    pub fn flags(&self) -> &[u8] {
        &self.flags
    }

    /// A view the kernels accept.
    pub fn view(&self) -> RoundedConvex<'_> {
        RoundedConvex {
            points: &self.points,
            normals: &self.normals,
            radius: self.radius,
        }
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

/// How the angles from `+X` (counter-clockwise, in `[0, 2π)`) of two non-zero
/// vectors compare: positive when `u`'s is smaller, negative when `v`'s is, zero when
/// they are equal. `atan2`'s order without the trigonometry, a division or a branch.
#[inline]
fn angle_order(u: Vec2, v: Vec2) -> i32 {
    // The lower half-plane (angles in `[π, 2π)`) comes after the upper one.
    let lower = |w: Vec2| i32::from((w.y < 0.0) | ((w.y == 0.0) & (w.x < 0.0)));
    // In the same half, `v` lies counter-clockwise of `u` exactly when `u × v > 0`.
    let cross = u.perp_dot(v);
    let turn = i32::from(cross > 0.0) - i32::from(cross < 0.0);
    // The halves decide when they differ (weight 2 outvotes the turn's 1).
    2 * (lower(v) - lower(u)) + turn
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
