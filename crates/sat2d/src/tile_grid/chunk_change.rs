//! [`ChunkChange`]: how a chunk's rectangles changed when it was rebuilt.

use core::cmp::Ordering;

use glam::UVec2;

use super::TileRect;

/// The rectangles a chunk lost and gained in a rebuild; the rest are unchanged. A
/// game keeps one collider per rectangle: it removes the colliders of `removed`, adds
/// colliders for `added`, and leaves the others alone.
///
/// Both lists are in the chunk's order (by lower-left cell, row by row from the
/// bottom, left to right).
///
/// ```
/// use sat2d::tile_grid::{MergedTileGrid, TileGrid, TileRect, UVec2};
/// use sat2d::Vec2;
///
/// let mut level = MergedTileGrid::build(TileGrid::try_from_text("###", '#', Vec2::ONE)?);
/// let change = level.set_cell(UVec2::new(1, 0), false)?.expect("the cell was solid");
/// assert_eq!(change.chunk, UVec2::ZERO);
/// assert_eq!(change.removed, [TileRect::new(UVec2::ZERO, UVec2::new(3, 1))]);
/// assert_eq!(change.added, [
///     TileRect::new(UVec2::ZERO, UVec2::ONE),
///     TileRect::new(UVec2::new(2, 0), UVec2::ONE),
/// ]);
/// # Ok::<(), sat2d::tile_grid::TileGridError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChunkChange {
    /// Which chunk: its column and row among the chunks.
    pub chunk: UVec2,
    /// Rectangles it had before and not after.
    pub removed: Vec<TileRect>,
    /// Rectangles it has now and did not have before.
    pub added: Vec<TileRect>,
}

impl ChunkChange {
    /// The difference from `before` to `after`, both in the chunk's order.
    ///
    /// A merge of two sorted lists: rectangles of one chunk never overlap, so no two
    /// share a lower-left cell and that cell orders them.
    pub(super) fn between(chunk: UVec2, before: &[TileRect], after: &[TileRect]) -> Self {
        debug_assert!(before.is_sorted_by(|a, b| order(a, b).is_lt()));
        debug_assert!(after.is_sorted_by(|a, b| order(a, b).is_lt()));
        let mut change = Self {
            chunk,
            removed: Vec::new(),
            added: Vec::new(),
        };
        let (mut i, mut j) = (0, 0);
        while i < before.len() && j < after.len() {
            let (old, new) = (before[i], after[j]);
            match order(&old, &new) {
                Ordering::Less => {
                    change.removed.push(old);
                    i += 1;
                }
                Ordering::Greater => {
                    change.added.push(new);
                    j += 1;
                }
                Ordering::Equal => {
                    if old != new {
                        change.removed.push(old);
                        change.added.push(new);
                    }
                    i += 1;
                    j += 1;
                }
            }
        }
        change.removed.extend_from_slice(&before[i..]);
        change.added.extend_from_slice(&after[j..]);
        change
    }

    /// Whether nothing changed.
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.removed.is_empty() && self.added.is_empty()
    }
}

/// The chunk's order: by lower-left cell, row first.
fn order(a: &TileRect, b: &TileRect) -> Ordering {
    (a.min.y, a.min.x).cmp(&(b.min.y, b.min.x))
}
