//! [`TileGrid::try_from_text`]: a grid drawn as lines of text, the way levels are often
//! kept in assets.

use glam::{UVec2, Vec2};

use super::{TileGrid, TileGridError};

impl TileGrid {
    /// A grid drawn as text: one line per row, the **first line the top row**, one
    /// character per cell; `solid` marks a solid cell and any other character an empty
    /// one. Empty lines before the first row and after the last are skipped (so a
    /// string literal may start and end with a line break); `\r\n` line ends work.
    ///
    /// ```
    /// use sat2d::tile_grid::{TileGrid, UVec2};
    /// use sat2d::Vec2;
    ///
    /// let grid = TileGrid::try_from_text("
    /// X...
    /// XX..
    /// XXXX
    /// ", 'X', Vec2::ONE)?;
    /// assert_eq!(grid.size(), UVec2::new(4, 3));
    /// assert!(grid.is_solid(UVec2::new(3, 0))); // the last line is row 0
    /// assert!(grid.is_solid(UVec2::new(0, 2)) && !grid.is_solid(UVec2::new(1, 2)));
    /// # Ok::<(), sat2d::tile_grid::TileGridError>(())
    /// ```
    ///
    /// # Errors
    /// [`TileGridError::ZeroSize`] if no line is left (or the lines are empty);
    /// [`TileGridError::RaggedRows`] if a line's character count differs from the first
    /// line's; then those of [`Self::try_new`] for the size found.
    pub fn try_from_text(text: &str, solid: char, cell_size: Vec2) -> Result<Self, TileGridError> {
        let lines: Vec<&str> = text.lines().collect();
        let first = lines.iter().position(|line| !line.is_empty());
        let last = lines.iter().rposition(|line| !line.is_empty());
        let rows = match (first, last) {
            (Some(first), Some(last)) => &lines[first..=last],
            _ => &[][..],
        };
        let width = rows.first().map_or(0, |line| line.chars().count());
        for (line, row) in rows.iter().enumerate() {
            let found = row.chars().count();
            if found != width {
                return Err(TileGridError::RaggedRows {
                    line,
                    expected: width,
                    found,
                });
            }
        }
        let size = |count: usize| u32::try_from(count).unwrap_or(u32::MAX);
        let height = size(rows.len());
        let mut grid = Self::try_new(size(width), height, cell_size)?;
        for (line, row) in rows.iter().enumerate() {
            let y = height - 1 - line as u32;
            for (x, _) in row.chars().enumerate().filter(|(_, c)| *c == solid) {
                grid.write(UVec2::new(x as u32, y), true);
            }
        }
        Ok(grid)
    }
}
