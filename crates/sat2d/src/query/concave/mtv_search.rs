//! [`MtvSearch`]: the exact MTV of two shapes made of convex parts. The folder's doc
//! (`mod.rs`) walks through the whole algorithm.
//!
//! Frame: A's local frame, B's parts carried into it; the answer is a translation of B
//! in that frame.
//!
//! B moved by `t` overlaps part pair `(i, j)` exactly when `t` lies inside their
//! Minkowski difference `D_ij = A_i ⊖ B_j` (a rounded convex shape: the cores'
//! difference grown by both radii). So the shortest translation that leaves every pair
//! at most touching is the point nearest the origin that lies inside no `D_ij`
//! (touching allowed: on a boundary is outside): the point of the boundary of the
//! union of the differences nearest the origin. It is found by
//! [`nearest_uncovered_point`], exactly, among the differences' boundary points: the
//! origin's projection on an edge, a corner arc's nearest point, a piece's end, or
//! where the boundaries of two differences cross. No direction is guessed.
//!
//! Only differences near the origin are built: the search runs in a window of radius
//! `reach` around it, widened until it holds an answer. A difference farther than
//! `reach` cannot cover a point nearer than `reach`, so an answer found within the
//! window is the answer. Part pairs come from the [`PartPairs`] tree, and each
//! difference is cut to the window ([`MinkowskiDifference::clipped`]): the cost grows
//! with the parts near the contact, not with the product of the part counts.

use core::ops::ControlFlow;

use glam::Vec2;

use crate::Aabb;
use crate::query::concave::minkowski_difference::MinkowskiDifference;
use crate::query::concave::nearest_uncovered::nearest_uncovered_point;
use crate::query::concave::part_pairs::PartPairs;
use crate::query::kernel::plane_distance;
use crate::query::parts::Parts;

/// Up to this many part pairs, the search starts with a window that holds the answer.
const FEW_PAIRS: usize = 64;

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
    /// reach = 1.25 · deepest, or past the fallback's length for few part pairs
    /// loop:
    ///     differences = every D_ij that comes within reach of the origin, cut to it
    ///     t = the nearest point within reach that no difference covers
    ///     if found: return t
    ///     once reach passes the fallback's length: return the fallback
    ///     reach = 2 · reach
    /// ```
    /// With few part pairs every difference is cheap to build and to search, so the
    /// first window holds them all and the answer (the fallback point itself is free).
    pub fn run(&self) -> Vec2 {
        let limit = self.fallback.length();
        let (parts_a, parts_b) = self.parts;
        let mut reach = if parts_a.cores.len() * parts_b.cores.len() <= FEW_PAIRS {
            1.01 * limit + self.slack
        } else {
            (1.25 * self.deepest).max(self.slack)
        };
        loop {
            let differences = self.differences_within(reach);
            if let Some(point) = nearest_uncovered_point(differences, reach, self.slack) {
                return point;
            }
            if reach > limit {
                return self.fallback;
            }
            reach *= 2.0;
        }
    }

    /// The part pairs' differences that come within `reach` of the origin, cut to a
    /// window around it.
    fn differences_within(&self, reach: f32) -> Vec<MinkowskiDifference> {
        let (parts_a, parts_b) = self.parts;
        let mut differences = Vec::new();
        // A little beyond `reach`: the cut edges stay clear of every point kept.
        let window = Aabb::new(Vec2::splat(-1.01 * reach), Vec2::splat(1.01 * reach));
        let _ = self.pairs.each_within(reach, |i, j| {
            let ((center_a, radius_a), (center_b, radius_b)) =
                (parts_a.bounds[i], parts_b.bounds[j]);
            if center_a.distance(center_b) - radius_a - radius_b < reach
                && let Some(difference) = MinkowskiDifference::within(
                    parts_a.cores[i].form().core(),
                    &self.pairs.boxes_a[i],
                    parts_b.cores[j].form().core(),
                    &self.pairs.boxes_b[j],
                    &window,
                )
            {
                // Within the window the cut difference is the difference, so this
                // keeps exactly those that come within `reach` (the face planes'
                // distance is at most the Euclidean one).
                let view = difference.view();
                if plane_distance(view, Vec2::ZERO) - view.radius < reach {
                    differences.push(difference);
                }
            }
            ControlFlow::Continue(())
        });
        differences
    }
}
