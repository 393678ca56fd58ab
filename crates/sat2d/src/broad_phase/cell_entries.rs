//! What a grid cell holds: a [`CellEntry`] per collider touching it, in
//! [`CellEntries`], the first few held in the cell itself.

use crate::{Aabb, BoundingCircle};

/// What a cell holds of a collider: a copy of its id and bounds, so that the pair loops
/// read cells front to back instead of chasing every collider through memory.
#[derive(Clone, Copy, Debug)]
pub(super) struct CellEntry {
    pub id: u32,
    pub aabb: Aabb,
    pub circle: BoundingCircle,
}

impl CellEntry {
    /// Whether the boxes and the circles overlap.
    #[inline]
    pub(super) fn overlaps(&self, other: &Self) -> bool {
        // `&`, not `&&`: the circles cost less than a mispredicted branch.
        self.aabb.intersects(&other.aabb) & self.circle.intersects(&other.circle)
    }
}

/// How many entries a cell holds in place before it moves them to a list of its own.
pub(super) const INLINE_ENTRIES: usize = 4;

/// The entries of one cell of a `CellMap`, in the order they
/// were pushed (a removal moves the last one into the gap, as `Vec::swap_remove`).
///
/// Up to [`INLINE_ENTRIES`] live in place, in the map's own table: a sparse cell costs one
/// load (its bucket) where a list elsewhere cost two (the bucket, then the list), and a
/// walk over the table reads such cells front to back. A cell that outgrows them moves to
/// a list, and keeps it until it empties, so a count wavering around the limit does not
/// move the entries back and forth. Emptied lists go back to the map's spares, so that
/// cells coming and going allocate nothing once the spares have grown.
#[derive(Clone, Debug)]
pub(super) enum CellEntries {
    /// At most [`INLINE_ENTRIES`], the first `len` of `entries`.
    Inline {
        len: u8,
        entries: [CellEntry; INLINE_ENTRIES],
    },
    /// More than fit in place at some point since the cell was made.
    Listed(Vec<CellEntry>),
}

impl CellEntries {
    /// A cell holding `entry` alone.
    #[inline]
    pub(super) fn one(entry: CellEntry) -> Self {
        Self::Inline {
            len: 1,
            entries: [entry; INLINE_ENTRIES],
        }
    }

    /// The entries.
    #[inline]
    pub(super) fn as_slice(&self) -> &[CellEntry] {
        match self {
            Self::Inline { len, entries } => &entries[..usize::from(*len)],
            Self::Listed(entries) => entries,
        }
    }

    /// The entries, to change in place.
    #[inline]
    pub(super) fn as_mut_slice(&mut self) -> &mut [CellEntry] {
        match self {
            Self::Inline { len, entries } => &mut entries[..usize::from(*len)],
            Self::Listed(entries) => entries,
        }
    }

    /// Adds `entry` after the others; a full cell moves them to a list from `spare` (or
    /// a new one).
    #[inline]
    pub(super) fn push(&mut self, entry: CellEntry, spare: &mut Vec<Vec<CellEntry>>) {
        match self {
            Self::Inline { len, entries } if usize::from(*len) < INLINE_ENTRIES => {
                entries[usize::from(*len)] = entry;
                *len += 1;
            }
            Self::Inline { entries, .. } => {
                let mut list = spare.pop().unwrap_or_default();
                list.extend_from_slice(entries);
                list.push(entry);
                *self = Self::Listed(list);
            }
            Self::Listed(list) => list.push(entry),
        }
    }

    /// Removes the entry at `index`, the last one taking its place.
    #[inline]
    pub(super) fn swap_remove(&mut self, index: usize) {
        match self {
            Self::Inline { len, entries } => {
                let last = usize::from(*len) - 1;
                entries[index] = entries[last];
                *len -= 1;
            }
            Self::Listed(list) => {
                list.swap_remove(index);
            }
        }
    }

    /// Whether the cell holds no entry.
    #[inline]
    pub(super) fn is_empty(&self) -> bool {
        self.as_slice().is_empty()
    }

    /// Gives the cell's list, if it has one, emptied, to `spare`.
    pub(super) fn release(self, spare: &mut Vec<Vec<CellEntry>>) {
        if let Self::Listed(mut list) = self {
            list.clear();
            spare.push(list);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Vec2;

    fn entry(id: u32) -> CellEntry {
        let at = Vec2::splat(id as f32);
        CellEntry {
            id,
            aabb: Aabb::new(at, at + Vec2::ONE),
            circle: BoundingCircle::new(at, 1.0),
        }
    }

    fn ids(cell: &CellEntries) -> Vec<u32> {
        cell.as_slice().iter().map(|entry| entry.id).collect()
    }

    /// Pushes and removals in and past the inline room keep `Vec`'s order exactly.
    #[test]
    fn keeps_the_order_a_vec_keeps() {
        let mut spare = Vec::new();
        let mut cell = CellEntries::one(entry(0));
        let mut expected = vec![0];
        for id in 1..7 {
            cell.push(entry(id), &mut spare);
            expected.push(id);
            assert_eq!(ids(&cell), expected);
            if id == 3 {
                cell.swap_remove(1);
                expected.swap_remove(1);
                assert_eq!(ids(&cell), expected);
            }
        }
        assert!(matches!(cell, CellEntries::Listed(_)));
        while !expected.is_empty() {
            cell.swap_remove(0);
            expected.swap_remove(0);
            assert_eq!(ids(&cell), expected);
        }
        assert!(cell.is_empty());
        cell.release(&mut spare);
        assert_eq!(spare.len(), 1);
        assert!(spare[0].is_empty() && spare[0].capacity() > INLINE_ENTRIES);
    }

    /// A cell that outgrows its room takes a spare list rather than a new one.
    #[test]
    fn takes_a_spare_list() {
        let mut spare = vec![Vec::with_capacity(64)];
        let mut cell = CellEntries::one(entry(0));
        for id in 1..=INLINE_ENTRIES as u32 {
            cell.push(entry(id), &mut spare);
        }
        assert!(spare.is_empty());
        let CellEntries::Listed(list) = &cell else {
            panic!("a full cell moves to a list");
        };
        assert_eq!(list.capacity(), 64);
        assert_eq!(ids(&cell), (0..=INLINE_ENTRIES as u32).collect::<Vec<_>>());
    }
}
