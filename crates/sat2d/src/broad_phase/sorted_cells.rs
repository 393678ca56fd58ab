//! [`SortedCells`]: the moving colliders' cells, rebuilt in one pass and a radix sort
//! whenever they moved, instead of moved entry by entry in a hash map.
//!
//! In a hash map, every moving collider costs a probe per cell it covers, each at a
//! place in memory of its own: once the map outgrows the cache, each is a miss. When
//! most moving colliders moved, listing every `(cell, collider)` afresh and sorting the
//! list by cell costs a few passes that read and write memory in order, and nothing
//! else:
//!
//! ```text
//! for each moving collider c, in slot order:      entries += c's id and bounds
//!     for each cell k its box covers:             cells += (key(k), index of c)
//! radix-sort cells by key (stable: each cell's colliders stay in slot order)
//! ```
//!
//! A key is the Morton key of the cell, taken relative to the lowest cell of the build
//! so that a compact world's keys have few significant bits and the sort few passes.
//! Cells `2¹⁶` apart share a key; a shared key only puts more colliders in a group to
//! test, never loses or repeats a pair (see [`SortedCells::key_of`]).

use glam::Vec2;

use super::IdPair;
use super::cell_entries::CellEntry;
use super::cell_map::{CellRange, cell_coordinate};
use super::morton::morton_key;
use super::pair_sort::sort_by_first;

/// The cells of the moving colliders as of the last [`rebuild`](Self::rebuild): the
/// colliders' entries, and `(key, entry index)` per cell each covers, sorted by key.
#[derive(Clone, Debug, Default)]
pub(super) struct SortedCells {
    /// The cell keys are taken relative to: the lowest cell of the build.
    origin: (i32, i32),
    /// One entry per collider, in the order they were given.
    entries: Vec<CellEntry>,
    /// The grid slot of each entry.
    slots: Vec<u32>,
    /// The cells each entry covers, for the second pass of a build.
    ranges: Vec<CellRange>,
    /// `(key, index into entries)` per cell of each entry, sorted by key.
    cells: Vec<IdPair>,
    /// Scratch room for the sort.
    scratch: Vec<IdPair>,
}

impl SortedCells {
    /// Forgets every collider.
    pub(super) fn clear(&mut self) {
        self.entries.clear();
        self.slots.clear();
        self.cells.clear();
    }

    /// Lists afresh the colliders `(slot, cells covered, entry)` of `colliders`.
    pub(super) fn rebuild(&mut self, colliders: impl Iterator<Item = (u32, CellRange, CellEntry)>) {
        self.clear();
        self.ranges.clear();
        let mut origin = (i32::MAX, i32::MAX);
        for (slot, range, entry) in colliders {
            let (min, _) = range.corners();
            origin = (origin.0.min(min.0), origin.1.min(min.1));
            self.slots.push(slot);
            self.ranges.push(range);
            self.entries.push(entry);
        }
        self.origin = origin;
        for (index, range) in (0_u32..).zip(&self.ranges) {
            for (x, y) in range.cells() {
                self.cells.push((self.key_of((x, y)), index));
            }
        }
        sort_by_first(&mut self.cells, &mut self.scratch);
    }

    /// The key of cell `(x, y)`. Two colliders share a key group for every cell key they
    /// both cover; a collider covers fewer than `2¹⁶` cells across (more makes it
    /// oversized), so it is in a group at most once, and a pair reported only from the
    /// group of the key of its overlap's lower-left cell is reported exactly once.
    #[inline]
    pub(super) fn key_of(&self, (x, y): (i32, i32)) -> u32 {
        morton_key(x.wrapping_sub(self.origin.0), y.wrapping_sub(self.origin.1))
    }

    /// The key of the cell holding `point`.
    #[inline]
    pub(super) fn key_at(&self, point: Vec2, inverse_side: f32) -> u32 {
        self.key_of((
            cell_coordinate(point.x, inverse_side),
            cell_coordinate(point.y, inverse_side),
        ))
    }

    /// Every key group with more than one collider, in part `part` of `parts`: its key
    /// and the `(key, entry index)` of its colliders. The cells are split into `parts`
    /// runs of about equal length, each cut where a key ends, so each group falls in
    /// one part whole; the parts' groups, in part order, are every such group.
    pub(super) fn shared_groups_in(
        &self,
        part: usize,
        parts: usize,
    ) -> impl Iterator<Item = (u32, &[IdPair])> {
        let cut = |part: usize| {
            let mut index = self.cells.len() * part / parts;
            while index > 0
                && index < self.cells.len()
                && self.cells[index].0 == self.cells[index - 1].0
            {
                index += 1;
            }
            index
        };
        self.cells[cut(part)..cut(part + 1)]
            .chunk_by(|a, b| a.0 == b.0)
            .filter(|group| group.len() > 1)
            .map(|group| (group[0].0, group))
    }

    /// Every key group: its key and the `(key, entry index)` of its colliders.
    pub(super) fn groups(&self) -> impl Iterator<Item = (u32, &[IdPair])> {
        self.cells
            .chunk_by(|a, b| a.0 == b.0)
            .map(|group| (group[0].0, group))
    }

    /// The `(key, entry index)` of the colliders in the group of `key`.
    pub(super) fn group(&self, key: u32) -> &[IdPair] {
        let start = self.cells.partition_point(|&(other, _)| other < key);
        let end = start + self.cells[start..].partition_point(|&(other, _)| other == key);
        &self.cells[start..end]
    }

    /// The entry at `index` and its slot.
    #[inline]
    pub(super) fn entry(&self, index: u32) -> (&CellEntry, u32) {
        (&self.entries[index as usize], self.slots[index as usize])
    }

    /// How many `(cell, collider)` the build listed.
    pub(super) fn cell_entry_count(&self) -> usize {
        self.cells.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Aabb, BoundingCircle};

    fn collider(slot: u32, min: (i32, i32), max: (i32, i32)) -> (u32, CellRange, CellEntry) {
        let aabb = Aabb::new(
            Vec2::new(min.0 as f32, min.1 as f32),
            Vec2::new(max.0 as f32 + 0.5, max.1 as f32 + 0.5),
        );
        let entry = CellEntry {
            id: slot + 100,
            aabb,
            circle: BoundingCircle::new(aabb.center(), 1.0),
        };
        (slot, CellRange::of(&aabb, 1.0), entry)
    }

    /// Each collider is listed in the group of every cell it covers, once, in slot
    /// order within a group.
    #[test]
    fn lists_each_collider_in_each_of_its_cells() {
        let mut cells = SortedCells::default();
        let colliders = [
            collider(0, (-3, 2), (-2, 2)),
            collider(1, (-2, 2), (-2, 3)),
            collider(2, (5, 5), (5, 5)),
        ];
        cells.rebuild(colliders.into_iter());
        assert_eq!(cells.cell_entry_count(), 5);
        let ids = |cell| -> Vec<u32> {
            let key = cells.key_of(cell);
            cells
                .group(key)
                .iter()
                .map(|&(_, index)| cells.entry(index).0.id)
                .collect()
        };
        assert_eq!(ids((-2, 2)), [100, 101]);
        assert_eq!(ids((-3, 2)), [100]);
        assert_eq!(ids((-2, 3)), [101]);
        assert_eq!(ids((5, 5)), [102]);
        assert!(ids((0, 0)).is_empty());
        let shared: Vec<u32> = cells.shared_groups_in(0, 1).map(|(key, _)| key).collect();
        assert_eq!(shared, [cells.key_of((-2, 2))]);
        assert_eq!(cells.groups().count(), 4);
        cells.clear();
        assert_eq!(cells.groups().count(), 0);
    }

    /// Split into any number of parts, the shared groups are the same groups, each
    /// whole in one part, in the same order: crowded cells (long groups) and empty
    /// parts included.
    #[test]
    fn parts_hold_every_shared_group_whole_and_in_order() {
        let mut rng = fastrand::Rng::with_seed(9);
        let mut cells = SortedCells::default();
        let colliders: Vec<_> = (0..300)
            .map(|slot| {
                // A third crowd into a 3×3 corner; the rest spread over 40×40 cells.
                let spread = if slot % 3 == 0 { 3 } else { 40 };
                let min = (rng.i32(0..spread), rng.i32(0..spread));
                let max = (min.0 + rng.i32(0..3), min.1 + rng.i32(0..3));
                collider(slot, min, max)
            })
            .collect();
        cells.rebuild(colliders.into_iter());
        let whole: Vec<(u32, Vec<IdPair>)> = cells
            .shared_groups_in(0, 1)
            .map(|(key, group)| (key, group.to_vec()))
            .collect();
        assert!(whole.len() > 50, "{} shared groups", whole.len());
        for parts in 1..=7 {
            let joined: Vec<(u32, Vec<IdPair>)> = (0..parts)
                .flat_map(|part| cells.shared_groups_in(part, parts))
                .map(|(key, group)| (key, group.to_vec()))
                .collect();
            assert_eq!(joined, whole, "{parts} parts");
        }
        let crowded = whole.iter().map(|(_, group)| group.len()).max().unwrap();
        assert!(crowded > 20, "a crowded cell: {crowded} colliders");
        // More parts than cells: the extra parts are empty.
        let many = cells.cell_entry_count() + 5;
        let joined = (0..many)
            .flat_map(|part| cells.shared_groups_in(part, many))
            .count();
        assert_eq!(joined, whole.len());
    }
}
