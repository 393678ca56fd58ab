//! [`PartPairs`]: which parts of two shapes come near each other, found through an
//! [`AabbTree`] over B's parts, so that a concave query's cost grows with the pairs
//! that meet rather than with the product of the part counts.

use core::ops::ControlFlow;

use crate::Aabb;
use crate::query::concave::aabb_tree::AabbTree;
use crate::query::parts::Parts;

/// The boxes of A's and B's parts, all in A's frame, and a tree over the boxes of the
/// shape with fewer parts (a tree of one part against 2,000 costs nothing to build;
/// 2,000 queries of it cost little).
pub(crate) struct PartPairs {
    /// The box of each of A's parts, its radius included.
    pub boxes_a: Vec<Aabb>,
    /// The box of each of B's parts, its radius included.
    pub boxes_b: Vec<Aabb>,
    tree: AabbTree,
    /// Whether the tree holds A's boxes (else B's).
    tree_of_a: bool,
}

impl PartPairs {
    /// The index for `parts_a` and `parts_b`, both placed in A's frame.
    pub fn new(parts_a: &Parts, parts_b: &Parts) -> Self {
        let (boxes_a, boxes_b) = (part_boxes(parts_a), part_boxes(parts_b));
        let tree_of_a = boxes_a.len() < boxes_b.len();
        Self {
            tree: AabbTree::new(if tree_of_a { &boxes_a } else { &boxes_b }),
            boxes_a,
            boxes_b,
            tree_of_a,
        }
    }

    /// Calls `visit(i, j)` for every part `i` of A and part `j` of B whose boxes come
    /// within `margin` of each other on both axes (in no fixed order), until `visit`
    /// breaks; returns whether it did.
    ///
    /// Two parts that come within `margin` (Euclidean) always do; so, since part `j`
    /// moved by `t` meets part `i` exactly when `t` lies in their Minkowski difference,
    /// every pair whose difference comes within `margin` of the origin is visited.
    pub fn each_within(
        &self,
        margin: f32,
        mut visit: impl FnMut(usize, usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if self.tree_of_a {
            for (j, bounds) in self.boxes_b.iter().enumerate() {
                self.tree
                    .each_meeting(&bounds.grown(margin), |i| visit(i, j))?;
            }
        } else {
            for (i, bounds) in self.boxes_a.iter().enumerate() {
                self.tree
                    .each_meeting(&bounds.grown(margin), |j| visit(i, j))?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Whether `test(i, j)` holds for some pair [`each_within`](Self::each_within)
    /// visits (it stops at the first).
    pub fn any_within(&self, margin: f32, mut test: impl FnMut(usize, usize) -> bool) -> bool {
        self.each_within(margin, |i, j| {
            if test(i, j) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .is_break()
    }

    /// Calls `visit(i, j)` for every part `i` of A and part `j` of B whose boxes meet
    /// (within `margin`) while B moves by `motion` and A stands still (in no fixed
    /// order): B's box swept along the motion against A's, or A's swept back along it
    /// against B's.
    pub fn each_along(&self, motion: glam::Vec2, margin: f32, mut visit: impl FnMut(usize, usize)) {
        let swept = |bounds: &Aabb, by: glam::Vec2| {
            bounds
                .merged(&Aabb::new(bounds.min + by, bounds.max + by))
                .grown(margin)
        };
        if self.tree_of_a {
            for (j, bounds) in self.boxes_b.iter().enumerate() {
                let _ = self.tree.each_meeting(&swept(bounds, motion), |i| {
                    visit(i, j);
                    ControlFlow::Continue(())
                });
            }
        } else {
            for (i, bounds) in self.boxes_a.iter().enumerate() {
                let _ = self.tree.each_meeting(&swept(bounds, -motion), |j| {
                    visit(i, j);
                    ControlFlow::Continue(())
                });
            }
        }
    }
}

/// Each part's box, its radius included.
fn part_boxes(parts: &Parts) -> Vec<Aabb> {
    parts
        .cores
        .iter()
        .map(|core| {
            let core = core.form().core();
            Aabb::from_points(core.points)
                .map_or(Aabb::new(glam::Vec2::ZERO, glam::Vec2::ZERO), |bounds| {
                    bounds.grown(core.radius)
                })
        })
        .collect()
}
