//! [`TileGridError`]: why a tile grid could not be built, or a cell not changed.

use glam::{UVec2, Vec2};

/// Why a tile-grid constructor refused its input, or why a cell could not be changed.
/// The `try_` constructors return one of these (the plain ones panic with its message);
/// the cell setters return [`TileGridError::CellOutsideGrid`] and change nothing.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum TileGridError {
    /// The grid has no cells: its width or its height is zero.
    #[error("a tile grid needs at least one column and one row, got {width} × {height}")]
    ZeroSize {
        /// Columns asked for.
        width: u32,
        /// Rows asked for.
        height: u32,
    },
    /// A side of the cell size is negative, zero, NaN or infinite.
    #[error("cell size must be finite and greater than zero on both axes, got {cell_size}")]
    InvalidCellSize {
        /// The cell size that was given.
        cell_size: Vec2,
    },
    /// A finite size outside the working range: a cell side outside
    /// [`MIN_SIZE`](crate::MIN_SIZE)`..=`[`MAX_CELL_SIZE`](super::MAX_CELL_SIZE), or a
    /// grid whose world extent reaches beyond [`MAX_COORDINATE`](crate::MAX_COORDINATE).
    #[error("{what} is outside the working range, got {value:e}")]
    OutOfRange {
        /// Which quantity was out of range, e.g. `"cell width"`.
        what: &'static str,
        /// The value it had.
        value: f32,
    },
    /// The origin is not finite, or places part of the grid beyond
    /// ±[`MAX_COORDINATE`](crate::MAX_COORDINATE).
    #[error("origin {origin} is not finite or puts the grid beyond the working range")]
    InvalidOrigin {
        /// The origin that was given.
        origin: Vec2,
    },
    /// More cells than [`MAX_TILE_CELLS`](super::MAX_TILE_CELLS), counting each row's
    /// width rounded up to a multiple of 64 (the grid stores a row as whole 64-bit words).
    #[error("a {width} × {height} tile grid has more than {max} cells")]
    TooManyCells {
        /// Columns asked for.
        width: u32,
        /// Rows asked for.
        height: u32,
        /// The cap.
        max: u64,
    },
    /// The cell slice does not hold `width × height` values.
    #[error("expected {expected} cells (width × height), got {found}")]
    CellCountMismatch {
        /// `width × height`.
        expected: usize,
        /// The slice's length.
        found: usize,
    },
    /// A line of a text grid is not as long as the first line.
    #[error("line {line} of the text grid has {found} characters, the first has {expected}")]
    RaggedRows {
        /// Index of the offending line, counted from the first line kept (the top row).
        line: usize,
        /// Characters on the first line.
        expected: usize,
        /// Characters on this line.
        found: usize,
    },
    /// The chunk size is not a power of two from 1 to [`MAX_CHUNK_SIZE`](super::MAX_CHUNK_SIZE).
    #[error("chunk size must be a power of two from 1 to 64, got {chunk_size}")]
    InvalidChunkSize {
        /// The chunk size that was given.
        chunk_size: u32,
    },
    /// A cell outside the grid: its column is at or past the width, or its row at or
    /// past the height. A cell computed from a negative signed coordinate (with
    /// `as u32` or `IVec2::as_uvec2`) wraps to a huge one, and lands here too.
    #[error("cell {cell} is outside the {width} × {height} grid")]
    CellOutsideGrid {
        /// The cell asked for.
        cell: UVec2,
        /// The grid's columns.
        width: u32,
        /// The grid's rows.
        height: u32,
    },
}
