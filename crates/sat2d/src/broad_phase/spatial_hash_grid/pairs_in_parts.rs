//! [`SpatialHashGrid::pairs_in_parts`]: the pairs, with the moving colliders' walk
//! split into parts that the caller may run on several threads.
//!
//! In a scene of moving colliders most of [`BroadPhase::pairs`]' work is the walk
//! over the sorted moving cells, testing each group's boxes pairwise. The groups are
//! independent, so the walk splits into runs of whole groups, each writing its own
//! list; the lists are joined in part order and the rest of `pairs` (moving–static,
//! oversized, the sort) follows. The core has no threads of its own: the caller runs
//! the parts, on whatever pool it has.

use std::sync::atomic::{AtomicUsize, Ordering};

use super::super::pair_sort::sort_pairs;
use super::{IdPair, SpatialHashGrid};
#[cfg(doc)]
use crate::broad_phase::BroadPhase;

impl SpatialHashGrid {
    /// [`BroadPhase::pairs`], with the moving colliders' pair walk split into
    /// `parts.len()` parts. `run_parts` gets the walk and `parts` (emptied): it must
    /// call the walk once for each part index `0..parts.len()` with that part's list,
    /// on any threads and in any order. The pairs in `out` are those `pairs` gives, in
    /// the same order.
    ///
    /// ```
    /// use sat2d::broad_phase::{BroadPhase, Bounds, Mobility, SpatialHashGrid};
    /// use sat2d::{Iso, Shape};
    ///
    /// let mut grid = SpatialHashGrid::default();
    /// let circle = Shape::circle(1.0);
    /// for id in 0..50 {
    ///     let iso = Iso::from_translation(glam::Vec2::new(id as f32 * 1.5, 0.0));
    ///     grid.insert(id, Bounds::of(&circle, &iso), Mobility::Moving).unwrap();
    /// }
    /// let (mut in_turn, mut in_parts) = (Vec::new(), Vec::new());
    /// grid.pairs(&mut in_turn);
    /// let mut parts = vec![Vec::new(); 3];
    /// grid.pairs_in_parts(&mut in_parts, &mut parts, |walk, parts| {
    ///     // One thread here; a game would hand each part to a thread of its pool.
    ///     for (index, part) in parts.iter_mut().enumerate() {
    ///         walk(index, part);
    ///     }
    /// });
    /// assert_eq!(in_parts, in_turn);
    /// assert_eq!(in_turn.len(), 49);
    /// ```
    ///
    /// # Panics
    /// If `parts` is empty, or `run_parts` does not walk every part.
    pub fn pairs_in_parts<R>(
        &mut self,
        out: &mut Vec<IdPair>,
        parts: &mut [Vec<IdPair>],
        run_parts: R,
    ) where
        R: FnOnce(&(dyn Fn(usize, &mut Vec<IdPair>) + Sync), &mut [Vec<IdPair>]),
    {
        assert!(!parts.is_empty(), "the walk needs at least one part");
        self.start_pairs(out);
        for part in parts.iter_mut() {
            part.clear();
        }
        let count = parts.len();
        let walked = AtomicUsize::new(0);
        {
            let grid = &*self;
            let walk = |part: usize, found: &mut Vec<IdPair>| {
                grid.moving_moving_pairs(part, count, found);
                walked.fetch_add(1, Ordering::Relaxed);
            };
            run_parts(&walk, parts);
        }
        assert_eq!(
            walked.into_inner(),
            count,
            "run_parts must walk every part once"
        );
        for part in parts.iter() {
            out.extend_from_slice(part);
        }
        self.finish_pairs(out);
    }

    /// The start of every pair query: `out` emptied, the grid built or re-tuned if due,
    /// the moving cells listed afresh if any collider is loose.
    pub(super) fn start_pairs(&mut self, out: &mut Vec<IdPair>) {
        out.clear();
        self.prepare();
        if !self.loose.is_empty() {
            self.build_moving_cells();
        }
    }

    /// The end of every pair query, after the moving–moving pairs: the moving–static
    /// and oversized pairs added, and all of `out` sorted.
    pub(super) fn finish_pairs(&mut self, out: &mut Vec<IdPair>) {
        self.moving_static_pairs(out);
        self.oversized_pairs(out);
        // A radix sort on the packed pair: linear, where comparison sorts took a third
        // of the step at 100k colliders. Skipped when the cells already gave them in
        // order (one crowded cell, as in a pile-up): the check stops at the first pair
        // out of order, and the sort would need a scratch copy of every pair.
        if !out.is_sorted() {
            sort_pairs(out, &mut self.pair_scratch);
        }
    }
}
