//! The pair loops of [`SpatialHashGrid`]: moving–moving within the moving cells,
//! moving–static through the static cells, and the oversized colliders.
//!
//! A pair found in several shared cells is reported only from the cell that holds the
//! lower-left corner of the boxes' overlap: that corner lies in both boxes, so its cell
//! is visited by both, exactly once.

use super::{
    CellEntry, CellMap, CellRange, IdPair, NearStatic, Placement, Proxy, SpatialHashGrid,
    cell_key_of,
};

/// How many cells ahead [`SpatialHashGrid::moving_moving_pairs`] reads a cell's entries.
const CELLS_AHEAD: usize = 4;

impl SpatialHashGrid {
    /// Whether `a` and `b`, overlapping and found together in cell `key`, are reported
    /// from it: only from the cell holding the lower-left corner of their overlap.
    #[inline]
    fn reported_here(&self, key: u64, a: &CellEntry, b: &CellEntry) -> bool {
        let corner = a.aabb.min.max(b.aabb.min);
        cell_key_of(corner, self.inverse_side) == key
    }

    pub(super) fn moving_moving_pairs(&self, out: &mut Vec<IdPair>) {
        // Each cell's entries live in an allocation of their own, in no spatial order:
        // the entries of the cell `CELLS_AHEAD` further along the walk are read first,
        // so that their load overlaps this cell's tests.
        let mut ahead = self.moving_cells.iter().skip(CELLS_AHEAD);
        for (key, entries) in self.moving_cells.iter() {
            if let Some((_, next)) = ahead.next() {
                std::hint::black_box(next.first().map(|entry| entry.id));
            }
            for (index, a) in entries.iter().enumerate() {
                for b in &entries[index + 1..] {
                    if a.overlaps(b) && self.reported_here(key, a, b) {
                        out.push(ordered(a.id, b.id));
                    }
                }
            }
        }
    }

    /// Pairs of each moving collider in cells with the static ones: the oversized
    /// statics tested directly, those in its cells through its [`NearStatic`] list
    /// (each static once, so no cell rule is needed), looked up again only when stale.
    pub(super) fn moving_static_pairs(&mut self, out: &mut Vec<IdPair>) {
        // Taken out while the lists below are walked; put back, with its room, after.
        let mut static_oversized = std::mem::take(&mut self.static_oversized);
        static_oversized.clear();
        static_oversized.extend(
            self.oversized_slots
                .iter()
                .map(|&slot| &self.proxies[slot as usize])
                .filter(|proxy| proxy.mobility.is_static())
                .map(Proxy::entry),
        );
        if self.near_static.len() < self.proxies.len() {
            self.near_static
                .resize_with(self.proxies.len(), NearStatic::default);
        }
        for &slot in &self.moving_slots {
            let proxy = &self.proxies[slot as usize];
            let Placement::Cells(range) = proxy.placement else {
                continue;
            };
            let moving = proxy.entry();
            for big in &static_oversized {
                if moving.overlaps(big) {
                    out.push(ordered(moving.id, big.id));
                }
            }
            if self.static_cells.len() == 0 {
                continue;
            }
            let near = &mut self.near_static[slot as usize];
            near.look_up(range, self.static_epoch, &self.static_cells);
            for other in near.entries() {
                if moving.overlaps(other) {
                    out.push(ordered(moving.id, other.id));
                }
            }
        }
        self.static_oversized = static_oversized;
    }

    pub(super) fn oversized_pairs(&self, out: &mut Vec<IdPair>) {
        for (index, &slot) in self.oversized_slots.iter().enumerate() {
            let big = &self.proxies[slot as usize];
            for &other_slot in &self.oversized_slots[index + 1..] {
                let other = &self.proxies[other_slot as usize];
                let both_static = big.mobility.is_static() && other.mobility.is_static();
                if !both_static && big.bounds.overlaps(&other.bounds) {
                    out.push(ordered(big.id, other.id));
                }
            }
            // A static oversized collider meets the moving ones in `moving_static_pairs`.
            if !big.mobility.is_static() {
                self.oversized_against_cells(big, &self.moving_cells, out);
                self.oversized_against_cells(big, &self.static_cells, out);
            }
        }
    }

    /// Pairs of the oversized `big` with the colliders of `cells`: through the cells its
    /// box covers, or through every occupied cell when those are fewer.
    fn oversized_against_cells(&self, big: &Proxy, cells: &CellMap, out: &mut Vec<IdPair>) {
        let big = big.entry();
        let mut visit = |key: u64, entries: &[CellEntry]| {
            for other in entries {
                if big.overlaps(other) && self.reported_here(key, &big, other) {
                    out.push(ordered(big.id, other.id));
                }
            }
        };
        let range = CellRange::of(&big.aabb, self.inverse_side);
        if range.cell_count() <= cells.len() as u64 {
            for key in range.keys() {
                visit(key, cells.get(key));
            }
        } else {
            for (key, entries) in cells.iter() {
                visit(key, entries);
            }
        }
    }
}

#[inline]
fn ordered(a: u32, b: u32) -> IdPair {
    if a < b { (a, b) } else { (b, a) }
}
