//! The greedy merge: one chunk's solid cells into few non-overlapping rectangles.

use glam::UVec2;

use super::grid::low_bits;
use super::{MAX_CHUNK_SIZE, TileGrid, TileRect};

/// Appends to `out` rectangles that cover exactly the solid cells of the chunk whose
/// lower-left cell is `chunk_min` (`chunk_size` a side, clipped to the grid), in order
/// of their lower-left cell, row by row from the bottom and left to right.
///
/// Greedy meshing on bit rows: each chunk row is one word, so a run of solid cells is
/// found with two bit scans and tested against a whole row with one `and`.
///
/// ```text
/// rows[r] = solid bits of chunk row r, not yet covered
/// for r from the bottom row up:
///     while rows[r] has a bit set:
///         run = the lowest run of set bits in rows[r]        (grow along x)
///         top = r + 1
///         while top is a row and rows[top] holds all of run:  (extend up)
///             top += 1
///         clear run from rows[r .. top]; emit run × (r .. top)
/// ```
///
/// The cost is one pass over the chunk's rows plus one step per rectangle and per row
/// it spans, with no allocation beyond `out`'s growth.
pub(super) fn merge_chunk(
    grid: &TileGrid,
    chunk_min: UVec2,
    chunk_size: u32,
    out: &mut Vec<TileRect>,
) {
    debug_assert!(chunk_size.is_power_of_two() && chunk_size <= MAX_CHUNK_SIZE);
    debug_assert!(chunk_min.x.is_multiple_of(chunk_size) && chunk_min.y.is_multiple_of(chunk_size));
    let columns = chunk_size.min(grid.width() - chunk_min.x);
    let row_count = chunk_size.min(grid.height() - chunk_min.y) as usize;
    let mut rows = [0u64; MAX_CHUNK_SIZE as usize];
    for (r, bits) in rows[..row_count].iter_mut().enumerate() {
        *bits = grid.row_bits(chunk_min.y + r as u32, chunk_min.x, columns);
    }
    let first_new = out.len();
    for r in 0..row_count {
        while rows[r] != 0 {
            let start = rows[r].trailing_zeros();
            let length = (rows[r] >> start).trailing_ones();
            let run = low_bits(length) << start;
            rows[r] &= !run;
            let mut top = r + 1;
            while top < row_count && rows[top] & run == run {
                rows[top] &= !run;
                top += 1;
            }
            out.push(TileRect::new(
                chunk_min + UVec2::new(start, r as u32),
                UVec2::new(length, (top - r) as u32),
            ));
        }
    }
    debug_assert!(out[first_new..].iter().all(|rect| {
        let chunk_end = chunk_min + UVec2::new(columns, row_count as u32);
        rect.min.cmpge(chunk_min).all() && rect.end().cmple(chunk_end).all()
    }));
}
