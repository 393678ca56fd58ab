//! [`TileRect`]: a rectangle of cells, the collider that stands in for the solid cells
//! it covers.

use glam::{UVec2, Vec2};

use super::TileGrid;
use crate::{Aabb, Iso, RELATIVE_TOLERANCE, Shape};

/// A rectangle of cells: `size.x × size.y` cells from `min` (its lower-left cell) to
/// `min + size - 1`, both included. The rectangles of a
/// [`MergedTileGrid`](super::MergedTileGrid) cover solid cells only, at most
/// [`MAX_CHUNK_SIZE`](super::MAX_CHUNK_SIZE) cells a side.
///
/// A rectangle becomes a collider as [`Self::shape`] placed at [`Self::iso`]; a hit on
/// that collider names its cell through [`Self::hit_cell`].
///
/// ```
/// use sat2d::tile_grid::{TileGrid, TileRect, UVec2};
/// use sat2d::{Shape, Vec2};
///
/// let grid = TileGrid::new(8, 8, Vec2::new(2.0, 1.0));
/// let rect = TileRect::new(UVec2::new(1, 2), UVec2::new(3, 1));
/// assert_eq!(rect.center(&grid), Vec2::new(5.0, 2.5));
/// assert_eq!(rect.shape(&grid), Shape::rectangle(6.0, 1.0));
///
/// // A hit at world (4.0, 3.0), on the top face and on the line between cells 1 and 2
/// // of the row: the direction into the rectangle picks the side.
/// let point = Vec2::new(4.0, 3.0);
/// assert_eq!(rect.hit_cell(&grid, point, Some(Vec2::new(-1.0, -1.0))), UVec2::new(1, 2));
/// assert_eq!(rect.hit_cell(&grid, point, Some(Vec2::new(1.0, -1.0))), UVec2::new(2, 2));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TileRect {
    /// The lower-left cell.
    pub min: UVec2,
    /// Cells on each axis, at least 1.
    pub size: UVec2,
}

impl TileRect {
    /// The rectangle of `size` cells whose lower-left cell is `min`.
    #[inline]
    #[must_use]
    pub fn new(min: UVec2, size: UVec2) -> Self {
        debug_assert!(
            size.cmpgt(UVec2::ZERO).all(),
            "TileRect::new: empty size {size}"
        );
        Self { min, size }
    }

    /// One past the upper-right cell: `min + size`.
    #[inline]
    #[must_use]
    pub fn end(&self) -> UVec2 {
        self.min + self.size
    }

    /// How many cells it covers.
    #[inline]
    #[must_use]
    pub fn cell_count(&self) -> u64 {
        u64::from(self.size.x) * u64::from(self.size.y)
    }

    /// Whether `cell` is one of its cells.
    #[inline]
    #[must_use]
    pub fn contains_cell(&self, cell: UVec2) -> bool {
        cell.cmpge(self.min).all() && cell.cmplt(self.end()).all()
    }

    /// The closed world box it covers in `grid`.
    #[must_use]
    pub fn bounds(&self, grid: &TileGrid) -> Aabb {
        let cell_size = grid.cell_size();
        Aabb::new(
            grid.origin() + self.min.as_vec2() * cell_size,
            grid.origin() + self.end().as_vec2() * cell_size,
        )
    }

    /// The world position of its centre in `grid`.
    #[inline]
    #[must_use]
    pub fn center(&self, grid: &TileGrid) -> Vec2 {
        grid.origin() + (self.min.as_vec2() + self.size.as_vec2() * 0.5) * grid.cell_size()
    }

    /// Where its [`Self::shape`] sits in the world: a translation to [`Self::center`].
    #[inline]
    #[must_use]
    pub fn iso(&self, grid: &TileGrid) -> Iso {
        Iso::from_translation(self.center(grid))
    }

    /// A rectangle [`Shape`] of its world size, centred on its local origin.
    ///
    /// # Panics
    /// If its world size leaves the working range: only for a rectangle wider or
    /// taller than [`MAX_CHUNK_SIZE`](super::MAX_CHUNK_SIZE) cells, which a
    /// [`MergedTileGrid`](super::MergedTileGrid) never makes.
    #[must_use]
    pub fn shape(&self, grid: &TileGrid) -> Shape {
        let size = self.size.as_vec2() * grid.cell_size();
        Shape::rectangle(size.x, size.y)
    }

    /// The cell of this rectangle that a hit at the world `point` names, e.g. a contact
    /// point. `inward` is a direction into the rectangle (for a contact with the
    /// rectangle as A, `-normal`), or `None`.
    ///
    /// The answer is always one of its cells, so a solid one for a rectangle of a
    /// [`MergedTileGrid`](super::MergedTileGrid). For a point on or in the rectangle
    /// the cell's closed bounds hold the point, to within `1e-5 ×` (1 + its distance
    /// from the grid's origin) cells; when it touches several cells (it lies on a line
    /// between them), `inward` picks the one it points into. A point outside names the
    /// nearest cell.
    #[must_use]
    pub fn hit_cell(&self, grid: &TileGrid, point: Vec2, inward: Option<Vec2>) -> UVec2 {
        let local = (point - grid.origin()) / grid.cell_size();
        let inward = inward.unwrap_or(Vec2::ZERO);
        UVec2::new(
            pick_cell(local.x, self.min.x, self.end().x, inward.x),
            pick_cell(local.y, self.min.y, self.end().y, inward.y),
        )
    }
}

/// On one axis: the cell in `min..end` holding `coordinate` (in cell units).
///
/// ```text
/// clamp the coordinate into [min, end]
/// if it lies on an inner line k between cells (within the tolerance) and the
///     inward direction is not zero on this axis: the cell on its side, k − 1 or k
/// else: floor, kept in min ..= end − 1 (the far edge belongs to the last cell)
/// ```
fn pick_cell(coordinate: f32, min: u32, end: u32, inward: f32) -> u32 {
    let coordinate = coordinate.clamp(min as f32, end as f32);
    let line = coordinate.round();
    let slack = RELATIVE_TOLERANCE * (1.0 + coordinate.abs());
    // NaN fails this test and falls through to the floor, which `as` turns into 0.
    if (coordinate - line).abs() <= slack && inward != 0.0 {
        let line = line as u32;
        if min < line && line < end {
            return if inward < 0.0 { line - 1 } else { line };
        }
    }
    (coordinate as u32).clamp(min, end - 1)
}
