//! [`NearStatic`]: the static colliders in the cells a moving collider covers, kept
//! between steps.
//!
//! A moving collider among a static level finds its static neighbours by looking up
//! each of its cells in the static cell map, a hash probe and a cache miss apiece in a
//! map of a whole level's cells. Between two steps it usually keeps its cells (it moves
//! less than a cell) and the level does not change, so the lookup would find the same
//! colliders: the list is kept, and looked up again only when the cells or the static
//! colliders (any of them: the grid's static epoch) changed.

use super::{CellEntry, CellMap, CellRange};

/// The static colliders in the cells of `range`, as of static epoch `epoch`, each once.
#[derive(Clone, Debug, Default)]
pub(super) struct NearStatic {
    /// The cells looked up, or `None` before the first lookup.
    range: Option<CellRange>,
    /// The grid's static epoch at the lookup.
    epoch: u64,
    /// The entries found, sorted by id, without repeats.
    entries: Vec<CellEntry>,
}

impl NearStatic {
    /// Makes the list that of the cells of `range` in `cells` at static epoch `epoch`,
    /// looking them up only if it is another range or epoch than the list's.
    pub(super) fn look_up(&mut self, range: CellRange, epoch: u64, cells: &CellMap) {
        if self.range == Some(range) && self.epoch == epoch {
            return;
        }
        self.range = Some(range);
        self.epoch = epoch;
        self.entries.clear();
        for key in range.keys() {
            self.entries.extend_from_slice(cells.get(key));
        }
        // A collider in several of the cells is listed once.
        if range.cell_count() > 1 {
            self.entries.sort_unstable_by_key(|entry| entry.id);
            self.entries.dedup_by_key(|entry| entry.id);
        }
    }

    /// The static colliders found by the last lookup.
    pub(super) fn entries(&self) -> &[CellEntry] {
        &self.entries
    }
}
