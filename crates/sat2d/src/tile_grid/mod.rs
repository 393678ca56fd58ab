//! Tile grids: levels built from solid and empty cells, turned into few rectangle
//! colliders that still name the cell a hit lands on, and rebuilt chunk by chunk when
//! cells change (destructible terrain).
//!
//! - [`TileGrid`] holds the cells, one bit each, placed in the world (y up: cell
//!   `(0, 0)` is the lower-left one). Build it empty ([`TileGrid::try_new`]), from one
//!   `bool` per cell ([`TileGrid::try_from_cells`]) or from text, first line on top
//!   ([`TileGrid::try_from_text`]).
//! - [`MergedTileGrid`] cuts the grid into square chunks ([`DEFAULT_CHUNK_SIZE`] = 64
//!   cells a side) and merges each chunk's solid cells into [`TileRect`]s: every solid
//!   cell lies in exactly one rectangle, none covers an empty cell, none crosses a
//!   chunk boundary. Changing a cell ([`MergedTileGrid::set_cell`]) rebuilds its chunk
//!   alone and reports a [`ChunkChange`]: the rectangles to drop and to add. A cell
//!   outside the grid gives [`TileGridError::CellOutsideGrid`] and changes nothing;
//!   no cell setter or look-up panics, whatever the cell.
//! - A [`TileRect`] becomes a collider as [`TileRect::shape`] at [`TileRect::iso`];
//!   [`TileRect::hit_cell`] turns a contact point on it back into a cell.
//!
//! The merge is greedy meshing, run on bit rows: along each row the next run of solid
//! cells, then up while the rows above hold the whole run and are not cut in two by it
//! (see `tile_grid/greedy_merge.rs`). A chunk never gets more rectangles than its row
//! runs (one rectangle per run, the trivial merge), so thin grids lose nothing. It is
//! not the fewest rectangles possible (that problem is costly), but it is linear in the
//! cells and deterministic: the same cells always give the same rectangles in the same
//! order. A 1000 × 1000 level builds in well under a millisecond; a chunk rebuilds in
//! microseconds.
//!
//! ```
//! use sat2d::tile_grid::{MergedTileGrid, TileGrid, UVec2};
//! use sat2d::{Iso, Shape, Vec2};
//!
//! let grid = TileGrid::try_from_text("
//! ....XX
//! XXXXXX
//! ", 'X', Vec2::splat(16.0))?;
//! let mut level = MergedTileGrid::build(grid);
//! assert_eq!(level.rect_count(), 2); // the floor, and the block on it
//!
//! // A ball sinking into the floor above cell (2, 0): which tile does it touch?
//! let ball = Shape::circle(4.0);
//! let at = Iso::from_translation(Vec2::new(40.0, 19.0));
//! let mut touched = Vec::new();
//! for (_, rect) in level.rects() {
//!     let grid = level.grid();
//!     if let Some(contact) = sat2d::contact(&rect.shape(grid), &rect.iso(grid), &ball, &at) {
//!         // The rectangle is A, so the normal points out of it: `-normal` points in.
//!         let point = contact.points()[0];
//!         touched.push(rect.hit_cell(grid, point, Some(-contact.normal)));
//!     }
//! }
//! assert_eq!(touched, [UVec2::new(2, 0)]);
//!
//! // Destroy that tile: only its chunk is rebuilt; the floor splits in two.
//! let change = level.set_cell(UVec2::new(2, 0), false)?.expect("the cell was solid");
//! assert_eq!(change.chunk, UVec2::ZERO);
//! assert_eq!((change.removed.len(), change.added.len()), (1, 2));
//! # Ok::<(), sat2d::tile_grid::TileGridError>(())
//! ```

mod chunk_change;
mod error;
mod greedy_merge;
mod grid;
mod merged_tile_grid;
mod text;
mod tile_rect;

pub use chunk_change::ChunkChange;
pub use error::TileGridError;
pub use glam::UVec2;
pub use grid::TileGrid;
pub use merged_tile_grid::MergedTileGrid;
pub use tile_rect::TileRect;

/// The chunk size [`MergedTileGrid::build`] uses: 64 cells a side, one storage word
/// per chunk row.
pub const DEFAULT_CHUNK_SIZE: u32 = 64;

/// The largest chunk size, in cells a side: a chunk row must fit one 64-bit word.
pub const MAX_CHUNK_SIZE: u32 = 64;

/// The most cells a [`TileGrid`] may have, counting each row's width rounded up to a
/// multiple of 64: `2²⁸`, which is 32 MiB of cells (a 16384 × 16384 level).
pub const MAX_TILE_CELLS: u64 = 1 << 28;

/// The largest side a cell may have: [`MAX_SIZE`](crate::MAX_SIZE) over
/// [`MAX_CHUNK_SIZE`], so that every merged rectangle is a valid [`Shape`](crate::Shape).
pub const MAX_CELL_SIZE: f32 = crate::MAX_SIZE / MAX_CHUNK_SIZE as f32;
