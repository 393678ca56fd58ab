//! [`TileGrid`]: a rectangle of solid and empty cells, one bit each.

use core::fmt;

use glam::{UVec2, Vec2};

use super::{MAX_CELL_SIZE, MAX_TILE_CELLS, TileGridError};
use crate::{Aabb, MAX_COORDINATE, MIN_SIZE};

/// Cells per storage word: a row is stored as whole `u64`s.
pub(super) const WORD_BITS: u32 = 64;

/// A grid of solid and empty cells placed in the world, y up.
///
/// Cell `(x, y)` covers the closed box from `origin + (x, y) × cell_size` to
/// `origin + (x + 1, y + 1) × cell_size`: cell `(0, 0)` is the lower-left one. Each
/// cell is one bit, so a 1000 × 1000 level takes 125 KiB.
///
/// ```
/// use sat2d::tile_grid::{TileGrid, UVec2};
/// use sat2d::Vec2;
///
/// let mut grid = TileGrid::new(4, 3, Vec2::new(2.0, 1.0)).with_origin(Vec2::new(-4.0, 0.0));
/// assert_eq!(grid.set(UVec2::new(1, 2), true), Ok(true));
/// assert_eq!(grid.set(UVec2::new(1, 2), true), Ok(false)); // already solid: nothing changed
/// assert!(grid.is_solid(UVec2::new(1, 2)));
/// // A cell outside the grid is an error, never a panic, and changes nothing.
/// assert!(grid.set(UVec2::new(4, 0), true).is_err());
/// assert_eq!(grid.get(UVec2::new(4, 0)), None);
///
/// // World (-1.5, 2.5) lies in column 1 ((−1.5 + 4) / 2 = 1.25) and row 2.
/// assert_eq!(grid.cell_at(Vec2::new(-1.5, 2.5)), Some(UVec2::new(1, 2)));
/// let bounds = grid.cell_bounds(UVec2::new(1, 2));
/// assert_eq!((bounds.min, bounds.max), (Vec2::new(-2.0, 2.0), Vec2::new(0.0, 3.0)));
/// ```
#[derive(Clone, PartialEq)]
pub struct TileGrid {
    width: u32,
    height: u32,
    cell_size: Vec2,
    origin: Vec2,
    words_per_row: usize,
    /// Row-major bits, bottom row first: cell `(x, y)` is bit `x % 64` of word
    /// `y × words_per_row + x / 64`. Bits past `width` in a row's last word stay zero.
    words: Vec<u64>,
}

impl TileGrid {
    /// An all-empty `width × height` grid of `cell_size` cells, with its origin at zero.
    ///
    /// # Panics
    /// On the inputs [`Self::try_new`] refuses, with the error's message.
    #[must_use]
    pub fn new(width: u32, height: u32, cell_size: Vec2) -> Self {
        Self::try_new(width, height, cell_size)
            .unwrap_or_else(|error| panic!("TileGrid::new: {error}"))
    }

    /// An all-empty `width × height` grid of `cell_size` cells, with its origin at zero.
    ///
    /// # Errors
    /// [`TileGridError::ZeroSize`] if `width` or `height` is zero;
    /// [`TileGridError::InvalidCellSize`] if a side of `cell_size` is not finite and
    /// greater than zero; [`TileGridError::OutOfRange`] if a side is outside
    /// [`MIN_SIZE`]`..=`[`MAX_CELL_SIZE`] or the grid's world extent exceeds
    /// [`MAX_COORDINATE`]; [`TileGridError::TooManyCells`] above [`MAX_TILE_CELLS`].
    pub fn try_new(width: u32, height: u32, cell_size: Vec2) -> Result<Self, TileGridError> {
        validate_dimensions(width, height, cell_size)?;
        let words_per_row = width.div_ceil(WORD_BITS) as usize;
        Ok(Self {
            width,
            height,
            cell_size,
            origin: Vec2::ZERO,
            words_per_row,
            words: vec![0; words_per_row * height as usize],
        })
    }

    /// A grid from one `bool` per cell (`true` is solid), row-major with the bottom row
    /// first: cell `(x, y)` is `cells[y × width + x]`.
    ///
    /// # Errors
    /// Those of [`Self::try_new`], then [`TileGridError::CellCountMismatch`] if `cells`
    /// does not hold `width × height` values.
    pub fn try_from_cells(
        width: u32,
        height: u32,
        cell_size: Vec2,
        cells: &[bool],
    ) -> Result<Self, TileGridError> {
        let mut grid = Self::try_new(width, height, cell_size)?;
        let expected = width as usize * height as usize;
        if cells.len() != expected {
            return Err(TileGridError::CellCountMismatch {
                expected,
                found: cells.len(),
            });
        }
        for (y, row) in cells.chunks_exact(width as usize).enumerate() {
            for (x, _) in row.iter().enumerate().filter(|(_, solid)| **solid) {
                grid.write(UVec2::new(x as u32, y as u32), true);
            }
        }
        Ok(grid)
    }

    /// This grid with cell `(0, 0)`'s lower-left corner at `origin`.
    ///
    /// # Panics
    /// On the origins [`Self::try_with_origin`] refuses.
    #[must_use]
    pub fn with_origin(self, origin: Vec2) -> Self {
        self.try_with_origin(origin)
            .unwrap_or_else(|error| panic!("TileGrid::with_origin: {error}"))
    }

    /// This grid with cell `(0, 0)`'s lower-left corner at `origin`.
    ///
    /// # Errors
    /// [`TileGridError::InvalidOrigin`] if `origin` is not finite, or a corner of the
    /// grid would lie beyond ±[`MAX_COORDINATE`].
    pub fn try_with_origin(mut self, origin: Vec2) -> Result<Self, TileGridError> {
        let far = origin + self.size().as_vec2() * self.cell_size;
        let in_range = |p: Vec2| p.is_finite() && p.abs().max_element() <= MAX_COORDINATE;
        if !(in_range(origin) && in_range(far)) {
            return Err(TileGridError::InvalidOrigin { origin });
        }
        self.origin = origin;
        Ok(self)
    }

    /// Columns.
    #[inline]
    #[must_use]
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Rows.
    #[inline]
    #[must_use]
    pub fn height(&self) -> u32 {
        self.height
    }

    /// `(width, height)` in cells.
    #[inline]
    #[must_use]
    pub fn size(&self) -> UVec2 {
        UVec2::new(self.width, self.height)
    }

    /// The world size of one cell.
    #[inline]
    #[must_use]
    pub fn cell_size(&self) -> Vec2 {
        self.cell_size
    }

    /// The world position of cell `(0, 0)`'s lower-left corner.
    #[inline]
    #[must_use]
    pub fn origin(&self) -> Vec2 {
        self.origin
    }

    /// The world box the whole grid covers.
    #[must_use]
    pub fn bounds(&self) -> Aabb {
        Aabb::new(
            self.origin,
            self.origin + self.size().as_vec2() * self.cell_size,
        )
    }

    /// Whether `cell` lies inside the grid: its column below the width and its row
    /// below the height. Filter cells with it to change only those inside, e.g. the
    /// cells of an explosion at the level's edge.
    #[inline]
    #[must_use]
    pub fn contains_cell(&self, cell: UVec2) -> bool {
        cell.x < self.width && cell.y < self.height
    }

    /// `Ok` if `cell` lies inside the grid.
    ///
    /// # Errors
    /// [`TileGridError::CellOutsideGrid`] if it does not.
    #[inline]
    pub fn check_cell(&self, cell: UVec2) -> Result<(), TileGridError> {
        if self.contains_cell(cell) {
            Ok(())
        } else {
            Err(TileGridError::CellOutsideGrid {
                cell,
                width: self.width,
                height: self.height,
            })
        }
    }

    /// Whether `cell` is solid, or `None` if it lies outside the grid.
    #[inline]
    #[must_use]
    pub fn get(&self, cell: UVec2) -> Option<bool> {
        self.contains_cell(cell).then(|| self.read(cell))
    }

    /// Whether `cell` is solid. Cells outside the grid read as empty (the space around
    /// a level is open); [`Self::get`] tells them apart.
    #[inline]
    #[must_use]
    pub fn is_solid(&self, cell: UVec2) -> bool {
        self.contains_cell(cell) && self.read(cell)
    }

    /// Makes `cell` solid or empty; returns whether it changed (clearing an empty cell,
    /// or filling a solid one, changes nothing).
    ///
    /// # Errors
    /// [`TileGridError::CellOutsideGrid`] if `cell` lies outside the grid; the grid is
    /// left unchanged.
    #[inline]
    pub fn set(&mut self, cell: UVec2, solid: bool) -> Result<bool, TileGridError> {
        self.check_cell(cell)?;
        Ok(self.write(cell, solid))
    }

    /// How many cells are solid.
    #[must_use]
    pub fn solid_count(&self) -> u64 {
        self.words
            .iter()
            .map(|word| u64::from(word.count_ones()))
            .sum()
    }

    /// The solid cells, row by row from the bottom, left to right.
    pub fn solid_cells(&self) -> impl Iterator<Item = UVec2> + '_ {
        self.words
            .iter()
            .enumerate()
            .flat_map(move |(index, &word)| {
                let y = (index / self.words_per_row) as u32;
                let x0 = (index % self.words_per_row) as u32 * WORD_BITS;
                let mut rest = word;
                core::iter::from_fn(move || {
                    (rest != 0).then(|| {
                        let bit = rest.trailing_zeros();
                        rest &= rest - 1;
                        UVec2::new(x0 + bit, y)
                    })
                })
            })
    }

    /// The cell whose closed bounds hold the world `point`, or `None` outside the grid
    /// (or for a non-finite point). A point on the line between two cells names the
    /// cell above or right of it; one on the grid's top or right edge names the edge
    /// cell.
    #[must_use]
    pub fn cell_at(&self, point: Vec2) -> Option<UVec2> {
        let local = (point - self.origin) / self.cell_size;
        let size = self.size().as_vec2();
        // Written so that NaN fails the test.
        let inside = local.x >= 0.0 && local.y >= 0.0 && local.x <= size.x && local.y <= size.y;
        // `as u32` truncates the non-negative coordinates, i.e. floors them.
        inside.then(|| {
            UVec2::new(
                (local.x as u32).min(self.width - 1),
                (local.y as u32).min(self.height - 1),
            )
        })
    }

    /// The closed world box `cell` covers. The cell need not lie inside the grid.
    #[inline]
    #[must_use]
    pub fn cell_bounds(&self, cell: UVec2) -> Aabb {
        let min = self.origin + cell.as_vec2() * self.cell_size;
        Aabb::new(min, min + self.cell_size)
    }

    /// The solid bits of cells `x .. x + count` in row `y`, cell `x` in bit 0. The span
    /// must lie within one storage word (`x % 64 + count ≤ 64`) and inside the grid.
    #[inline]
    pub(super) fn row_bits(&self, y: u32, x: u32, count: u32) -> u64 {
        debug_assert!((1..=WORD_BITS).contains(&count) && x % WORD_BITS + count <= WORD_BITS);
        debug_assert!(y < self.height && x + count <= self.width.next_multiple_of(WORD_BITS));
        let word = self.words[y as usize * self.words_per_row + (x / WORD_BITS) as usize];
        (word >> (x % WORD_BITS)) & low_bits(count)
    }

    /// Whether the in-grid `cell` is solid.
    #[inline]
    fn read(&self, cell: UVec2) -> bool {
        let (word, bit) = self.locate(cell);
        self.words[word] & bit != 0
    }

    /// Makes the in-grid `cell` solid or empty; returns whether it changed.
    #[inline]
    pub(super) fn write(&mut self, cell: UVec2, solid: bool) -> bool {
        let (word, bit) = self.locate(cell);
        let before = self.words[word];
        self.words[word] = if solid { before | bit } else { before & !bit };
        self.words[word] != before
    }

    /// The word and bit mask of an in-grid cell.
    #[inline]
    fn locate(&self, cell: UVec2) -> (usize, u64) {
        debug_assert!(self.contains_cell(cell), "cell {cell} outside the grid");
        let word = cell.y as usize * self.words_per_row + (cell.x / WORD_BITS) as usize;
        (word, 1 << (cell.x % WORD_BITS))
    }
}

/// The lowest `count` bits set, for `count` in `0..=64`.
#[inline]
pub(super) fn low_bits(count: u32) -> u64 {
    debug_assert!(count <= WORD_BITS);
    if count == 0 {
        0
    } else {
        u64::MAX >> (WORD_BITS - count)
    }
}

/// Checks a grid's dimensions: see [`TileGrid::try_new`].
fn validate_dimensions(width: u32, height: u32, cell_size: Vec2) -> Result<(), TileGridError> {
    if width == 0 || height == 0 {
        return Err(TileGridError::ZeroSize { width, height });
    }
    if !(cell_size.is_finite() && cell_size.cmpgt(Vec2::ZERO).all()) {
        return Err(TileGridError::InvalidCellSize { cell_size });
    }
    for (what, value) in [("cell width", cell_size.x), ("cell height", cell_size.y)] {
        if !(MIN_SIZE..=MAX_CELL_SIZE).contains(&value) {
            return Err(TileGridError::OutOfRange { what, value });
        }
    }
    // Rows are stored as whole words, so the padded width is what takes memory.
    let stored = u64::from(width).next_multiple_of(u64::from(WORD_BITS)) * u64::from(height);
    if stored > MAX_TILE_CELLS {
        return Err(TileGridError::TooManyCells {
            width,
            height,
            max: MAX_TILE_CELLS,
        });
    }
    let extent = UVec2::new(width, height).as_vec2() * cell_size;
    for (what, value) in [("grid width", extent.x), ("grid height", extent.y)] {
        if value > MAX_COORDINATE {
            return Err(TileGridError::OutOfRange { what, value });
        }
    }
    Ok(())
}

impl fmt::Debug for TileGrid {
    /// The dimensions and the solid count; a million cells would drown a test failure.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter
            .debug_struct("TileGrid")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("cell_size", &self.cell_size)
            .field("origin", &self.origin)
            .field("solid_count", &self.solid_count())
            .finish()
    }
}
