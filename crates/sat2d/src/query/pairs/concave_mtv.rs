//! The exact MTV of two shapes made of convex parts.
//!
//! Frame: A's local frame, B's parts carried into it; the answer is a translation of B
//! in that frame.
//!
//! B moved by `t` overlaps part pair `(i, j)` exactly when `t` lies inside their
//! Minkowski difference `D_ij = A_i ⊖ B_j` (a rounded convex shape: the cores'
//! difference grown by both radii). So the shortest translation that leaves every pair
//! at most touching is the point nearest the origin that lies inside no `D_ij`
//! (touching allowed: on a boundary is outside). Such a point lies on the boundary of
//! some `D_ij` (an edge pushed out by the radius, or a corner's arc), at the piece's
//! own nearest point to the origin, at one of its ends, or where another difference's
//! boundary crosses it. For each piece this module takes away what the other
//! differences cover and keeps the nearest point left; the nearest over all pieces is
//! the MTV. No direction is guessed.
//!
//! Only differences near the origin are built: the search runs in a window of radius
//! `reach` around it, widened until it holds an answer. A difference farther than
//! `reach` cannot cover a point nearer than `reach`, so an answer found within the
//! window is the answer. Part pairs come from the [`PartPairs`] tree, differences are
//! cut to the window ([`MinkowskiDifference::near_origin`]), and each piece meets only
//! the differences an [`AabbTree`] finds around it: the cost grows with the parts near
//! the contact, not with the product of the part counts.

use core::ops::ControlFlow;

use glam::Vec2;

use crate::Aabb;
use crate::query::aabb_tree::AabbTree;
use crate::query::boundary_piece::{BoundaryPiece, Covered};
use crate::query::kernel::plane_distance;
use crate::query::minkowski_difference::MinkowskiDifference;
use crate::query::part_pairs::PartPairs;
use crate::query::parts::Parts;

/// How B must move to leave A, given as the two shapes' parts in A's frame.
pub(crate) struct MtvSearch<'a> {
    /// A's parts and B's parts, placed in A's frame.
    pub parts: (&'a Parts, &'a Parts),
    /// The part pairs near each other.
    pub pairs: &'a PartPairs,
    /// How far the deepest single pair of parts overlaps: no MTV is shorter.
    pub deepest: f32,
    /// A translation known to separate the shapes (their bounding circles' push): no
    /// MTV is longer, and it is the answer if rounding leaves the search empty-handed.
    pub fallback: Vec2,
    /// How far inside a difference a point may lie and still count as outside (the
    /// closed-set rule in `f32`).
    pub slack: f32,
}

impl MtvSearch<'_> {
    /// The shortest translation of B, in A's frame, after which no pair of parts
    /// overlaps by more than `slack`.
    ///
    /// ```text
    /// reach = 1.25 · deepest
    /// loop:
    ///     differences = every D_ij that comes within reach of the origin, cut to it
    ///     t = the nearest free boundary point within reach (see nearest_free_point)
    ///     if found: return t
    ///     once reach passes the fallback's length: return the fallback
    ///     reach = 2 · reach
    /// ```
    pub fn run(&self) -> Vec2 {
        let limit = self.fallback.length();
        let mut reach = (1.25 * self.deepest).max(self.slack);
        loop {
            let differences = self.differences_within(reach);
            if let Some(point) = nearest_free_point(&differences, reach, self.slack) {
                return point;
            }
            if reach > limit {
                return self.fallback;
            }
            reach *= 2.0;
        }
    }

    /// The part pairs' differences that come within `reach` of the origin, cut to it.
    fn differences_within(&self, reach: f32) -> Vec<MinkowskiDifference> {
        let (parts_a, parts_b) = self.parts;
        let mut differences = Vec::new();
        let _ = self.pairs.each_within(reach, |i, j| {
            let ((center_a, radius_a), (center_b, radius_b)) =
                (parts_a.bounds[i], parts_b.bounds[j]);
            if center_a.distance(center_b) - radius_a - radius_b < reach {
                let difference = MinkowskiDifference::new(
                    parts_a.cores[i].form().core(),
                    parts_b.cores[j].form().core(),
                );
                // The face planes' distance is at most the Euclidean one.
                let view = difference.view();
                if plane_distance(view, Vec2::ZERO) - view.radius < reach {
                    differences.extend(difference.near_origin(reach));
                }
            }
            ControlFlow::Continue(())
        });
        differences
    }
}

/// The point nearest the origin, closer than `reach`, that lies on the boundary of one
/// of `differences` and inside none by more than `slack`.
///
/// ```text
/// pieces = every boundary piece of every difference, nearest the origin first
/// best = reach
/// for each piece while its distance < best:
///     covered = where each other difference whose box meets the piece's covers it
///     for each end of a covered stretch, each end of the piece, and the piece's own
///     nearest point, that no stretch covers: best = min(best, its distance)
/// ```
fn nearest_free_point(differences: &[MinkowskiDifference], reach: f32, slack: f32) -> Option<Vec2> {
    let boxes: Vec<Aabb> = differences
        .iter()
        .map(|difference| {
            let view = difference.view();
            Aabb::from_points(view.points)
                .map_or(Aabb::new(Vec2::ZERO, Vec2::ZERO), |b| b.grown(view.radius))
        })
        .collect();
    let tree = AabbTree::new(&boxes);
    let mut pieces: Vec<(f32, usize, BoundaryPiece)> = differences
        .iter()
        .enumerate()
        .flat_map(|(owner, difference)| {
            BoundaryPiece::of(difference.view()).filter_map(move |piece| {
                let distance = piece.at(piece.nearest()).length();
                (distance < reach).then_some((distance, owner, piece))
            })
        })
        .collect();
    pieces.sort_unstable_by(|x, y| x.0.total_cmp(&y.0));

    let (mut best, mut found) = (reach, None);
    let mut covered = Covered::new();
    for (distance, owner, piece) in pieces {
        if distance >= best {
            break;
        }
        covered.clear();
        let end = piece.end();
        let whole = tree.each_meeting(&piece.bounds(), |other| {
            if other != owner {
                for stretch in piece.covered_by(differences[other].view(), slack) {
                    if stretch.0 < 0.0 && stretch.1 > end {
                        return ControlFlow::Break(());
                    }
                    covered.push(stretch);
                }
            }
            ControlFlow::Continue(())
        });
        if whole.is_break() {
            continue;
        }
        let free = |t: f32| !covered.iter().any(|(enter, exit)| *enter < t && t < *exit);
        let ends = covered.iter().flat_map(|(enter, exit)| [*enter, *exit]);
        for t in [0.0, end, piece.nearest()].into_iter().chain(ends) {
            if !(0.0..=end).contains(&t) || !free(t) {
                continue;
            }
            let point = piece.at(t);
            if point.length() < best {
                (best, found) = (point.length(), Some(point));
            }
        }
    }
    found
}
