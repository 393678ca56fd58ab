//! [`AabbTree`]: a bounding-volume hierarchy over a fixed list of boxes, built once per
//! query, for the routines that would otherwise test every box against every other
//! (a concave shape's parts, the part pairs' Minkowski differences).
//!
//! Frame-free: the boxes and the query boxes are in whatever frame the caller uses.

use core::cmp::Reverse;
use core::ops::ControlFlow;
use std::collections::BinaryHeap;

use smallvec::SmallVec;

use crate::Aabb;

/// The most boxes a leaf holds.
const LEAF: usize = 4;

/// Up to this many boxes, [`AabbTree::each_meeting`] reads every box in turn: a box
/// test costs less than a node's, and a query that meets most of them (a concave
/// search's window, which holds every part) would open every node.
const FLAT: usize = 64;

/// A static binary tree of boxes: each node's box holds its children's.
pub(crate) struct AabbTree {
    /// Node 0 is the root; an inner node's children are `first` and `first + 1`.
    nodes: Vec<Node>,
    /// The boxes' indices, grouped so that each leaf's lie side by side.
    order: Vec<u32>,
    /// The boxes, in `order`'s order once built.
    boxes: Vec<Aabb>,
}

/// A node: a leaf when `count > 0` (`order[first..first + count]`), otherwise an inner
/// node whose children are nodes `first` and `first + 1`.
#[derive(Clone, Copy, Debug)]
struct Node {
    bounds: Aabb,
    first: u32,
    count: u32,
}

impl AabbTree {
    /// A tree over `boxes` (their indices are what queries report).
    ///
    /// ```text
    /// node(boxes) = a leaf if at most LEAF boxes
    ///               else split at the median centre along the longer axis of the
    ///               centres' extent: node(lower half), node(upper half)
    /// ```
    /// `O(n log n)`; the median is selected, not sorted.
    pub fn new(boxes: &[Aabb]) -> Self {
        let mut tree = Self {
            nodes: Vec::with_capacity(2 * boxes.len().div_ceil(LEAF)),
            order: (0..boxes.len() as u32).collect(),
            boxes: Vec::new(),
        };
        if boxes.is_empty() {
            return tree;
        }
        tree.nodes.push(Node {
            bounds: boxes[0],
            first: 0,
            count: 0,
        });
        // (node, start, end) of the `order` slice each pending node covers.
        let mut pending: SmallVec<[(usize, usize, usize); 32]> = SmallVec::new();
        pending.push((0, 0, boxes.len()));
        while let Some((node, start, end)) = pending.pop() {
            let slice = &mut tree.order[start..end];
            let bounds = slice
                .iter()
                .map(|i| boxes[*i as usize])
                .reduce(|x, y| x.merged(&y))
                .unwrap_or(boxes[0]);
            if slice.len() <= LEAF {
                tree.nodes[node] = Node {
                    bounds,
                    first: start as u32,
                    count: slice.len() as u32,
                };
                continue;
            }
            let (low, high) = slice.iter().fold(
                (glam::Vec2::splat(f32::INFINITY), glam::Vec2::NEG_INFINITY),
                |(low, high), i| {
                    let center = boxes[*i as usize].center();
                    (low.min(center), high.max(center))
                },
            );
            let axis = usize::from(high.y - low.y > high.x - low.x);
            let middle = slice.len() / 2;
            slice.select_nth_unstable_by(middle, |x, y| {
                let (x, y) = (boxes[*x as usize].center(), boxes[*y as usize].center());
                x[axis].total_cmp(&y[axis])
            });
            let children = tree.nodes.len();
            tree.nodes[node] = Node {
                bounds,
                first: children as u32,
                count: 0,
            };
            tree.nodes.extend([tree.nodes[node]; 2]);
            pending.push((children, start, start + middle));
            pending.push((children + 1, start + middle, end));
        }
        tree.boxes = tree.order.iter().map(|i| boxes[*i as usize]).collect();
        tree
    }

    /// The least of `measure(i, j)` over this tree's boxes `i` and `other`'s boxes `j`,
    /// where `measure` is a distance between what the boxes hold (so never less than
    /// the boxes' own distance): node pairs are opened nearest first, and none is
    /// opened, nor a pair measured, whose boxes lie as far apart as the least distance
    /// measured so far. `∞` when either tree is empty.
    ///
    /// ```text
    /// heap = {(distance(root, other's root), the roots)}
    /// pop the nearest node pair while it is nearer than best:
    ///     two leaves → measure each box pair nearer than best
    ///     else       → push the pairs of the larger node's children with the other
    /// ```
    pub fn nearest_pair(
        &self,
        other: &AabbTree,
        mut measure: impl FnMut(usize, usize) -> f32,
    ) -> f32 {
        let mut best = f32::INFINITY;
        if self.nodes.is_empty() || other.nodes.is_empty() {
            return best;
        }
        // Distances as bits, which order non-negative floats.
        let apart = |a: &Aabb, b: &Aabb| {
            (a.min - b.max)
                .max(b.min - a.max)
                .max(glam::Vec2::ZERO)
                .length()
        };
        let mut heap = BinaryHeap::new();
        heap.push(Reverse((
            apart(&self.nodes[0].bounds, &other.nodes[0].bounds).to_bits(),
            0u32,
            0u32,
        )));
        while let Some(Reverse((distance, mine, theirs))) = heap.pop() {
            if f32::from_bits(distance) >= best {
                break;
            }
            let (node, other_node) = (self.nodes[mine as usize], other.nodes[theirs as usize]);
            if node.count > 0 && other_node.count > 0 {
                for slot in node.first..node.first + node.count {
                    for other_slot in other_node.first..other_node.first + other_node.count {
                        let (bounds, other_bounds) = (
                            &self.boxes[slot as usize],
                            &other.boxes[other_slot as usize],
                        );
                        if apart(bounds, other_bounds) < best {
                            let (i, j) =
                                (self.order[slot as usize], other.order[other_slot as usize]);
                            best = best.min(measure(i as usize, j as usize));
                        }
                    }
                }
                continue;
            }
            // Open the node that is not a leaf, the larger (by its box's diagonal, not
            // its area: a box round one straight edge has none) when both are inner.
            let extent = |node: &Node| node.bounds.size().length_squared();
            let open_mine =
                other_node.count > 0 || (node.count == 0 && extent(&node) >= extent(&other_node));
            let children = |first: u32| [first, first + 1];
            let pairs = if open_mine {
                children(node.first).map(|child| (child, theirs))
            } else {
                children(other_node.first).map(|child| (mine, child))
            };
            for (child, other_child) in pairs {
                let distance = apart(
                    &self.nodes[child as usize].bounds,
                    &other.nodes[other_child as usize].bounds,
                );
                if distance < best {
                    heap.push(Reverse((distance.to_bits(), child, other_child)));
                }
            }
        }
        best
    }

    /// Calls `visit` with the index of every box that meets `query` (closed boxes:
    /// touching counts), until `visit` breaks; returns whether it did.
    pub fn each_meeting(
        &self,
        query: &Aabb,
        mut visit: impl FnMut(usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if self.nodes.is_empty() {
            return ControlFlow::Continue(());
        }
        // Few boxes: read them all, in their order in the tree.
        if self.boxes.len() <= FLAT {
            for (item, bounds) in self.order.iter().zip(&self.boxes) {
                if bounds.intersects(query) {
                    visit(*item as usize)?;
                }
            }
            return ControlFlow::Continue(());
        }
        let mut stack: SmallVec<[u32; 64]> = SmallVec::new();
        stack.push(0);
        while let Some(index) = stack.pop() {
            let node = self.nodes[index as usize];
            if !node.bounds.intersects(query) {
                continue;
            }
            if node.count == 0 {
                stack.extend([node.first, node.first + 1]);
                continue;
            }
            let leaf = node.first as usize..(node.first + node.count) as usize;
            for (item, bounds) in self.order[leaf.clone()].iter().zip(&self.boxes[leaf]) {
                if bounds.intersects(query) {
                    visit(*item as usize)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec2;

    #[test]
    fn finds_exactly_the_boxes_that_meet_the_query() {
        let mut rng = fastrand::Rng::with_seed(7);
        let boxes: Vec<Aabb> = (0..300)
            .map(|_| {
                let min = Vec2::new(rng.f32() * 100.0, rng.f32() * 100.0);
                Aabb::new(min, min + Vec2::new(rng.f32() * 8.0, rng.f32() * 3.0))
            })
            .collect();
        let tree = AabbTree::new(&boxes);
        for _ in 0..100 {
            let min = Vec2::new(rng.f32() * 100.0, rng.f32() * 100.0);
            let query = Aabb::new(min, min + Vec2::splat(rng.f32() * 20.0));
            let mut found = Vec::new();
            let _ = tree.each_meeting(&query, |index| {
                found.push(index);
                ControlFlow::Continue(())
            });
            found.sort_unstable();
            let expected: Vec<usize> = (0..boxes.len())
                .filter(|i| boxes[*i].intersects(&query))
                .collect();
            assert_eq!(found, expected);
        }
        let empty = AabbTree::new(&[]);
        assert!(
            empty
                .each_meeting(&boxes[0], |_| ControlFlow::Break(()))
                .is_continue()
        );
    }
}
