//! [`MergedTileGrid`]: a tile grid with its solid cells merged into rectangles, chunk
//! by chunk, kept up to date as cells change.

use core::fmt;

use glam::UVec2;

use super::greedy_merge::merge_chunk;
use super::{ChunkChange, DEFAULT_CHUNK_SIZE, MAX_CHUNK_SIZE, TileGrid, TileGridError, TileRect};

/// A [`TileGrid`] and the rectangles that cover its solid cells: few colliders for a
/// whole level, each able to name the cell a hit lands on ([`TileRect::hit_cell`]).
///
/// The grid is cut into square chunks of [`Self::chunk_size`] cells; each chunk's
/// solid cells are merged on their own (see the module docs), so no rectangle crosses
/// a chunk boundary and changing a cell rebuilds only its chunk. Every solid cell lies
/// in exactly one rectangle, and no rectangle covers an empty cell.
///
/// ```
/// use sat2d::tile_grid::{MergedTileGrid, TileGrid, UVec2};
/// use sat2d::Vec2;
///
/// let mut grid = TileGrid::new(200, 100, Vec2::splat(8.0));
/// for x in 0..200 {
///     grid.set(UVec2::new(x, 0), true)?; // a floor across the level
/// }
/// let mut level = MergedTileGrid::build(grid);
/// // One rectangle per 64-cell chunk the floor crosses.
/// assert_eq!(level.chunk_counts(), UVec2::new(4, 2));
/// assert_eq!(level.rect_count(), 4);
///
/// // Dig a hole: only chunk (1, 0) is rebuilt, and its floor splits in two.
/// let change = level.set_cell(UVec2::new(100, 0), false)?.expect("the cell was solid");
/// assert_eq!(change.chunk, UVec2::new(1, 0));
/// assert_eq!((change.removed.len(), change.added.len()), (1, 2));
/// assert_eq!(level.rect_count(), 5);
///
/// // A cell past the edge is an error, and changes nothing.
/// assert!(level.set_cell(UVec2::new(200, 0), false).is_err());
///
/// // Many edits at once: change the grid, then rebuild the region they touched.
/// for x in 10..20 {
///     level.grid_mut().set(UVec2::new(x, 0), false)?;
/// }
/// let changes = level.rebuild_region(UVec2::new(10, 0), UVec2::new(19, 0));
/// assert_eq!(changes.len(), 1);
/// assert_eq!(level.rect_count(), 6);
/// # Ok::<(), sat2d::tile_grid::TileGridError>(())
/// ```
#[derive(Clone, PartialEq)]
pub struct MergedTileGrid {
    grid: TileGrid,
    chunk_size: u32,
    chunk_counts: UVec2,
    /// Each chunk's rectangles in the chunk's order, chunks row-major from the bottom.
    chunks: Vec<Vec<TileRect>>,
}

impl MergedTileGrid {
    /// Merges every chunk of `grid`, in chunks of [`DEFAULT_CHUNK_SIZE`] cells.
    #[must_use]
    pub fn build(grid: TileGrid) -> Self {
        Self::build_chunked(grid, DEFAULT_CHUNK_SIZE)
    }

    /// Merges every chunk of `grid`, in chunks of `chunk_size` cells a side. Smaller
    /// chunks rebuild faster after a change but give more rectangles.
    ///
    /// # Errors
    /// [`TileGridError::InvalidChunkSize`] unless `chunk_size` is a power of two from 1
    /// to [`MAX_CHUNK_SIZE`] (a chunk row is then a slice of one storage word).
    pub fn try_with_chunk_size(grid: TileGrid, chunk_size: u32) -> Result<Self, TileGridError> {
        if !(chunk_size.is_power_of_two() && chunk_size <= MAX_CHUNK_SIZE) {
            return Err(TileGridError::InvalidChunkSize { chunk_size });
        }
        Ok(Self::build_chunked(grid, chunk_size))
    }

    fn build_chunked(grid: TileGrid, chunk_size: u32) -> Self {
        let chunk_counts = UVec2::new(
            grid.width().div_ceil(chunk_size),
            grid.height().div_ceil(chunk_size),
        );
        let mut merged = Self {
            grid,
            chunk_size,
            chunk_counts,
            chunks: vec![Vec::new(); chunk_counts.x as usize * chunk_counts.y as usize],
        };
        for index in 0..merged.chunks.len() {
            let chunk_min = merged.chunk_of_index(index) * chunk_size;
            merge_chunk(
                &merged.grid,
                chunk_min,
                chunk_size,
                &mut merged.chunks[index],
            );
        }
        merged
    }

    /// The grid.
    #[inline]
    #[must_use]
    pub fn grid(&self) -> &TileGrid {
        &self.grid
    }

    /// The grid, to change many cells before one [`Self::rebuild_region`]. The
    /// rectangles stay as they were until the region is rebuilt.
    #[inline]
    #[must_use]
    pub fn grid_mut(&mut self) -> &mut TileGrid {
        &mut self.grid
    }

    /// The grid, giving up the rectangles.
    #[must_use]
    pub fn into_grid(self) -> TileGrid {
        self.grid
    }

    /// Cells on a side of a chunk.
    #[inline]
    #[must_use]
    pub fn chunk_size(&self) -> u32 {
        self.chunk_size
    }

    /// Chunks across and up; the last column and row of chunks may be cut short by
    /// the grid's edge.
    #[inline]
    #[must_use]
    pub fn chunk_counts(&self) -> UVec2 {
        self.chunk_counts
    }

    /// The chunk holding `cell`.
    #[inline]
    #[must_use]
    pub fn chunk_of(&self, cell: UVec2) -> UVec2 {
        cell / self.chunk_size
    }

    /// The cells `chunk` spans, cut at the grid's edge.
    ///
    /// # Panics
    /// If `chunk` is not one of the grid's chunks.
    #[must_use]
    pub fn chunk_cells(&self, chunk: UVec2) -> TileRect {
        assert!(chunk.cmplt(self.chunk_counts).all(), "no chunk {chunk}");
        let min = chunk * self.chunk_size;
        TileRect::new(
            min,
            (self.grid.size() - min).min(UVec2::splat(self.chunk_size)),
        )
    }

    /// The rectangles of `chunk`, by lower-left cell (row by row from the bottom).
    ///
    /// # Panics
    /// If `chunk` is not one of the grid's chunks.
    #[must_use]
    pub fn chunk_rects(&self, chunk: UVec2) -> &[TileRect] {
        assert!(chunk.cmplt(self.chunk_counts).all(), "no chunk {chunk}");
        &self.chunks[self.chunk_index(chunk)]
    }

    /// Every rectangle with its chunk, chunk by chunk (rows of chunks from the bottom).
    pub fn rects(&self) -> impl Iterator<Item = (UVec2, &TileRect)> + '_ {
        self.chunks
            .iter()
            .enumerate()
            .flat_map(move |(index, rects)| {
                let chunk = self.chunk_of_index(index);
                rects.iter().map(move |rect| (chunk, rect))
            })
    }

    /// How many rectangles there are.
    #[must_use]
    pub fn rect_count(&self) -> usize {
        self.chunks.iter().map(Vec::len).sum()
    }

    /// The rectangle covering `cell`, if it is solid (and the rectangles are up to
    /// date); `None` for an empty cell or one outside the grid.
    #[must_use]
    pub fn rect_at(&self, cell: UVec2) -> Option<&TileRect> {
        if !self.grid.is_solid(cell) {
            return None;
        }
        self.chunks[self.chunk_index(self.chunk_of(cell))]
            .iter()
            .find(|rect| rect.contains_cell(cell))
    }

    /// Makes `cell` solid or empty and, if it changed, rebuilds its chunk and returns
    /// how the chunk's rectangles changed. `Ok(None)` means nothing changed (clearing
    /// an empty cell, filling a solid one) and nothing was rebuilt.
    ///
    /// # Errors
    /// [`TileGridError::CellOutsideGrid`] if `cell` lies outside the grid; nothing is
    /// changed or rebuilt.
    pub fn set_cell(
        &mut self,
        cell: UVec2,
        solid: bool,
    ) -> Result<Option<ChunkChange>, TileGridError> {
        if !self.grid.set(cell, solid)? {
            return Ok(None);
        }
        Ok(Some(self.rebuild_chunk(self.chunk_of(cell))))
    }

    /// Rebuilds every chunk that overlaps the cells from `min` to `max` (both included,
    /// cut at the grid's edge), after changes made through [`Self::grid_mut`]. Returns
    /// the changes of the chunks whose rectangles changed, in chunk order (rows of
    /// chunks from the bottom). A region with `min > max` on an axis, or wholly outside
    /// the grid, rebuilds nothing.
    pub fn rebuild_region(&mut self, min: UVec2, max: UVec2) -> Vec<ChunkChange> {
        let max = max.min(self.grid.size() - UVec2::ONE);
        if min.cmpgt(max).any() {
            return Vec::new();
        }
        let (first, last) = (self.chunk_of(min), self.chunk_of(max));
        let mut changes = Vec::new();
        for y in first.y..=last.y {
            for x in first.x..=last.x {
                let change = self.rebuild_chunk(UVec2::new(x, y));
                if !change.is_empty() {
                    changes.push(change);
                }
            }
        }
        changes
    }

    /// Rebuilds every chunk; see [`Self::rebuild_region`].
    pub fn rebuild_all(&mut self) -> Vec<ChunkChange> {
        self.rebuild_region(UVec2::ZERO, self.grid.size() - UVec2::ONE)
    }

    /// Merges `chunk` again after changes made through [`Self::grid_mut`] and returns
    /// whether its rectangles changed, without listing how: for a caller that keeps
    /// its own list per chunk and compares it with [`Self::chunk_rects`] anyway (a
    /// [`ChunkChange`] costs two more lists). Same cells, same rectangles: the merge is
    /// deterministic, so `false` means the chunk's rectangles are exactly as before.
    ///
    /// ```
    /// use sat2d::tile_grid::{MergedTileGrid, TileGrid, UVec2};
    /// use sat2d::Vec2;
    ///
    /// let mut level = MergedTileGrid::build(TileGrid::try_from_text("###", '#', Vec2::ONE)?);
    /// level.grid_mut().set(UVec2::new(1, 0), false)?;
    /// assert!(level.remerge_chunk(UVec2::ZERO)); // the floor split in two
    /// assert_eq!(level.rect_count(), 2);
    /// assert!(!level.remerge_chunk(UVec2::ZERO)); // nothing changed since
    /// # Ok::<(), sat2d::tile_grid::TileGridError>(())
    /// ```
    ///
    /// # Panics
    /// If `chunk` is not one of the grid's chunks.
    pub fn remerge_chunk(&mut self, chunk: UVec2) -> bool {
        assert!(chunk.cmplt(self.chunk_counts).all(), "no chunk {chunk}");
        let index = self.chunk_index(chunk);
        let before = self.remerge(chunk);
        before != self.chunks[index]
    }

    /// Merges `chunk` again and reports the difference.
    fn rebuild_chunk(&mut self, chunk: UVec2) -> ChunkChange {
        let before = self.remerge(chunk);
        ChunkChange::between(chunk, &before, &self.chunks[self.chunk_index(chunk)])
    }

    /// Merges `chunk` again; returns its rectangles from before.
    fn remerge(&mut self, chunk: UVec2) -> Vec<TileRect> {
        let index = self.chunk_index(chunk);
        let mut rects = Vec::with_capacity(self.chunks[index].len() + 2);
        merge_chunk(
            &self.grid,
            chunk * self.chunk_size,
            self.chunk_size,
            &mut rects,
        );
        core::mem::replace(&mut self.chunks[index], rects)
    }

    #[inline]
    fn chunk_index(&self, chunk: UVec2) -> usize {
        chunk.y as usize * self.chunk_counts.x as usize + chunk.x as usize
    }

    #[inline]
    fn chunk_of_index(&self, index: usize) -> UVec2 {
        let columns = self.chunk_counts.x as usize;
        UVec2::new((index % columns) as u32, (index / columns) as u32)
    }
}

impl fmt::Debug for MergedTileGrid {
    /// The grid's summary, the chunking and the rectangle count.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter
            .debug_struct("MergedTileGrid")
            .field("grid", &self.grid)
            .field("chunk_size", &self.chunk_size)
            .field("chunk_counts", &self.chunk_counts)
            .field("rect_count", &self.rect_count())
            .finish()
    }
}
