//! The sparse cell table of a [`SpatialHashGrid`](super::SpatialHashGrid): integer cell
//! coordinates to the slots of the colliders touching the cell.

use std::collections::hash_map::Entry;

use glam::Vec2;
use rustc_hash::FxHashMap;

use super::cell_entries::CellEntries;
pub(super) use super::cell_entries::CellEntry;
use crate::Aabb;

/// The cell coordinate of `value`: `floor(value / side)`. Float-to-int casts saturate, so
/// a coordinate of `1e12` lands in the last cell instead of overflowing. (Written out
/// because `f32::floor` is a libm call on baseline x86-64.)
#[inline]
pub(super) fn cell_coordinate(value: f32, inverse_side: f32) -> i32 {
    let scaled = value * inverse_side;
    let truncated = scaled as i32;
    if scaled < truncated as f32 {
        truncated.saturating_sub(1)
    } else {
        truncated
    }
}

/// The hash key of cell `(x, y)`.
#[inline]
pub(super) fn cell_key(x: i32, y: i32) -> u64 {
    (u64::from(x as u32) << 32) | u64::from(y as u32)
}

/// The key of the cell holding `point`.
#[inline]
pub(super) fn cell_key_of(point: Vec2, inverse_side: f32) -> u64 {
    cell_key(
        cell_coordinate(point.x, inverse_side),
        cell_coordinate(point.y, inverse_side),
    )
}

/// The inclusive block of cells a box touches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct CellRange {
    min: (i32, i32),
    max: (i32, i32),
}

impl CellRange {
    /// The cells `aabb` touches.
    #[inline]
    pub(super) fn of(aabb: &Aabb, inverse_side: f32) -> Self {
        Self {
            min: (
                cell_coordinate(aabb.min.x, inverse_side),
                cell_coordinate(aabb.min.y, inverse_side),
            ),
            max: (
                cell_coordinate(aabb.max.x, inverse_side),
                cell_coordinate(aabb.max.y, inverse_side),
            ),
        }
    }

    /// The lowest and the highest cell of the block.
    #[inline]
    pub(super) fn corners(&self) -> ((i32, i32), (i32, i32)) {
        (self.min, self.max)
    }

    /// How many cells the block holds (never overflows).
    #[inline]
    pub(super) fn cell_count(&self) -> u64 {
        let width = i64::from(self.max.0) - i64::from(self.min.0) + 1;
        let height = i64::from(self.max.1) - i64::from(self.min.1) + 1;
        width.unsigned_abs().saturating_mul(height.unsigned_abs())
    }

    /// The coordinates of every cell in the block, row by row.
    pub(super) fn cells(&self) -> impl Iterator<Item = (i32, i32)> + use<> {
        let (min, max) = (self.min, self.max);
        (min.1..=max.1).flat_map(move |y| (min.0..=max.0).map(move |x| (x, y)))
    }

    /// The keys of every cell in the block, row by row.
    pub(super) fn keys(&self) -> impl Iterator<Item = u64> + use<> {
        self.cells().map(|(x, y)| cell_key(x, y))
    }

    /// Whether the block holds cell `(x, y)`.
    #[inline]
    pub(super) fn holds(&self, (x, y): (i32, i32)) -> bool {
        (self.min.0..=self.max.0).contains(&x) && (self.min.1..=self.max.1).contains(&y)
    }
}

/// The world-space box of cell `(x, y)`.
fn cell_box(x: i32, y: i32, side: f32) -> Aabb {
    let min = Vec2::new(x as f32, y as f32) * side;
    Aabb::new(min, min + Vec2::splat(side))
}

/// Cell key → entries of the colliders touching that cell, the first few in the table
/// itself ([`CellEntries`]). Empty cells are removed, and their lists kept for reuse so
/// that moving colliders do not allocate.
#[derive(Clone, Debug, Default)]
pub(super) struct CellMap {
    cells: FxHashMap<u64, CellEntries>,
    spare: Vec<Vec<CellEntry>>,
}

impl CellMap {
    /// Adds `entry` to every cell of `range`.
    pub(super) fn insert(&mut self, range: &CellRange, entry: CellEntry) {
        for key in range.keys() {
            self.insert_into(key, entry);
        }
    }

    /// Moves `entry` from the cells of `old` to those of `new`: cells in both are
    /// refreshed in place, so a collider crossing one cell border touches only the cells
    /// it leaves and enters (no remove-and-reinsert of the cells it keeps).
    pub(super) fn shift(&mut self, old: &CellRange, new: &CellRange, entry: CellEntry) {
        for (x, y) in old.cells() {
            if !new.holds((x, y)) {
                self.remove_from(cell_key(x, y), entry.id);
            }
        }
        for (x, y) in new.cells() {
            let key = cell_key(x, y);
            if old.holds((x, y)) {
                self.refresh_in(key, entry);
            } else {
                self.insert_into(key, entry);
            }
        }
    }

    fn insert_into(&mut self, key: u64, entry: CellEntry) {
        match self.cells.entry(key) {
            Entry::Occupied(mut cell) => cell.get_mut().push(entry, &mut self.spare),
            Entry::Vacant(cell) => {
                cell.insert(CellEntries::one(entry));
            }
        }
    }

    fn refresh_in(&mut self, key: u64, entry: CellEntry) {
        if let Some(entries) = self.cells.get_mut(&key)
            && let Some(old) = entries
                .as_mut_slice()
                .iter_mut()
                .find(|old| old.id == entry.id)
        {
            *old = entry;
        }
    }

    fn remove_from(&mut self, key: u64, id: u32) {
        let Some(entries) = self.cells.get_mut(&key) else {
            return;
        };
        if let Some(index) = entries.as_slice().iter().position(|entry| entry.id == id) {
            entries.swap_remove(index);
        }
        if entries.is_empty()
            && let Some(empty) = self.cells.remove(&key)
        {
            empty.release(&mut self.spare);
        }
    }

    /// Removes the entry of `id` from every cell of `range`.
    pub(super) fn remove(&mut self, range: &CellRange, id: u32) {
        for key in range.keys() {
            self.remove_from(key, id);
        }
    }

    /// The entries in cell `key`.
    #[inline]
    pub(super) fn get(&self, key: u64) -> &[CellEntry] {
        self.cells.get(&key).map_or(&[], CellEntries::as_slice)
    }

    /// Every occupied cell: its key and its entries.
    pub(super) fn iter(&self) -> impl Iterator<Item = (u64, &[CellEntry])> {
        self.cells
            .iter()
            .map(|(key, entries)| (*key, entries.as_slice()))
    }

    /// Every occupied cell's coordinates.
    pub(super) fn coordinates(&self) -> impl Iterator<Item = (i32, i32)> + '_ {
        self.cells
            .keys()
            .map(|key| ((key >> 32) as u32 as i32, *key as u32 as i32))
    }

    /// Whether the cell at `coordinates` is occupied.
    pub(super) fn contains(&self, coordinates: (i32, i32)) -> bool {
        self.cells
            .contains_key(&cell_key(coordinates.0, coordinates.1))
    }

    /// How many cells are occupied.
    pub(super) fn len(&self) -> usize {
        self.cells.len()
    }

    /// Empties every cell, keeping at most as many spare lists as there were cells.
    pub(super) fn clear(&mut self) {
        let keep = self.cells.len();
        for (_, entries) in self.cells.drain() {
            entries.release(&mut self.spare);
        }
        self.spare.truncate(keep);
    }
}

/// The world-space box of the cell at `coordinates`.
pub(super) fn coordinates_box(coordinates: (i32, i32), side: f32) -> Aabb {
    cell_box(coordinates.0, coordinates.1, side)
}
