//! The pair loops of [`SpatialHashGrid`]: moving–moving within the sorted moving cells,
//! moving–static through the static cells, and the oversized colliders.
//!
//! A pair found in several shared cells is reported only from the cell that holds the
//! lower-left corner of the boxes' overlap: that corner lies in both boxes, so its cell
//! is visited by both, exactly once.
//!
//! [`SortedCells`]: crate::broad_phase::sorted_cells::SortedCells

use super::{
    CellEntry, CellMap, CellRange, IdPair, NearStatic, Placement, Proxy, SpatialHashGrid,
    cell_key_of,
};

impl SpatialHashGrid {
    /// Whether `a` and `b`, overlapping and found together in cell `key`, are reported
    /// from it: only from the cell holding the lower-left corner of their overlap.
    #[inline]
    fn reported_here(&self, key: u64, a: &CellEntry, b: &CellEntry) -> bool {
        let corner = a.aabb.min.max(b.aabb.min);
        cell_key_of(corner, self.inverse_side) == key
    }

    /// Whether `a` and `b`, overlapping and found together in the moving cells' group
    /// of `key`, are reported from it: only from the group of the cell holding the
    /// lower-left corner of their overlap (see [`SortedCells::key_of`]).
    #[inline]
    fn reported_in_group(&self, key: u32, a: &CellEntry, b: &CellEntry) -> bool {
        let corner = a.aabb.min.max(b.aabb.min);
        self.moving_cells.key_at(corner, self.inverse_side) == key
    }

    /// Pairs of moving colliders in part `part` of `parts` of the sorted moving cells
    /// (see [`SortedCells::shared_groups_in`]): within each group, which the moving
    /// cells must be built for (no loose collider).
    pub(super) fn moving_moving_pairs(&self, part: usize, parts: usize, out: &mut Vec<IdPair>) {
        debug_assert!(self.loose.is_empty(), "the moving cells are built");
        let cells = &self.moving_cells;
        for (key, group) in cells.shared_groups_in(part, parts) {
            for (index, &(_, a)) in group.iter().enumerate() {
                let (a, _) = cells.entry(a);
                for &(_, b) in &group[index + 1..] {
                    let (b, _) = cells.entry(b);
                    if a.overlaps(b) && self.reported_in_group(key, a, b) {
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
        if static_oversized.is_empty() && self.static_cells.len() == 0 {
            // No static collider: no moving collider to visit.
            self.static_oversized = static_oversized;
            return;
        }
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
                self.oversized_against_moving(big, out);
                self.oversized_against_cells(big, &self.static_cells, out);
            }
        }
    }

    /// Pairs of the oversized `big` with the moving colliders in cells: through the
    /// groups of the cells its box covers, or through every group when those are fewer
    /// (or when its box spans `2¹⁶` cells, where two of its cells could share a key).
    fn oversized_against_moving(&self, big: &Proxy, out: &mut Vec<IdPair>) {
        let big = big.entry();
        let cells = &self.moving_cells;
        let mut visit = |key: u32, group: &[IdPair]| {
            for &(_, index) in group {
                let (other, _) = cells.entry(index);
                if big.overlaps(other) && self.reported_in_group(key, &big, other) {
                    out.push(ordered(big.id, other.id));
                }
            }
        };
        let range = CellRange::of(&big.aabb, self.inverse_side);
        let ((min_x, min_y), (max_x, max_y)) = range.corners();
        let narrow = i64::from(max_x) - i64::from(min_x) < 1 << 16
            && i64::from(max_y) - i64::from(min_y) < 1 << 16;
        if narrow && range.cell_count() <= cells.cell_entry_count() as u64 {
            for cell in range.cells() {
                let key = cells.key_of(cell);
                visit(key, cells.group(key));
            }
        } else {
            for (key, group) in cells.groups() {
                visit(key, group);
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
