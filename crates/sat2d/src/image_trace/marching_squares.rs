//! Marching squares: every boundary of an alpha mask's opaque pixels, as closed loops
//! at sub-pixel precision.
//!
//! Samples are the pixel centres, with a ring of transparent samples around the image
//! so that every outline closes. Each cell between four samples is crossed by zero, one
//! or two pieces of outline, each from one cell side to another, at the point where the
//! alpha interpolated along the side crosses the threshold:
//!
//! ```text
//! for each cell (corners clockwise on screen: top-left, top-right, bottom-right, bottom-left):
//!     walking the sides clockwise, a side "exits" where an opaque corner is followed by a
//!     clear one, and "enters" where a clear corner is followed by an opaque one
//!     join each exit to the next entry clockwise (the opaque corners are one region),
//!     except in a saddle (two opposite opaque corners) whose centre, the mean of the
//!     four, is clear: there each exit joins the entry before it (two regions)
//! ```
//!
//! A piece runs from its entry to its exit, so the opaque side is always on its left as
//! seen on screen: outer boundaries run counter-clockwise as seen, holes clockwise
//! (and so once y is flipped to point up, outer boundaries have positive area). Pieces
//! meet at
//! the crossing points of the sample grid's edges, each shared by two cells, and are
//! chained into loops by that point. Frame: pixel coordinates, x right and y down from
//! the image's top-left corner (the centre of pixel `(i, j)` is `(i + 0.5, j + 0.5)`).

use glam::Vec2;

use super::AlphaMask;

/// How far from a sample a crossing may lie, as a fraction of the sample spacing, so
/// that no two crossings (and so no two loops) share a point.
const SAMPLE_MARGIN: f32 = 1e-3;

/// No piece starts at this grid edge.
const NONE: u32 = u32::MAX;

/// Every boundary of the pixels whose alpha reaches `threshold`, as closed loops in
/// pixel coordinates, opaque side on the left as seen on screen.
pub(crate) fn trace_loops(mask: &AlphaMask<'_>, threshold: f32) -> Vec<Vec<Vec2>> {
    let grid = SampleGrid::new(mask, threshold);
    // next[edge] is the grid edge where the piece starting at `edge` ends.
    let mut next = vec![NONE; grid.edge_count()];
    let mut starts = Vec::new();
    for row in 0..grid.rows - 1 {
        for column in 0..grid.columns - 1 {
            grid.cell_pieces(column, row, |from, to| {
                next[from as usize] = to;
                starts.push(from);
            });
        }
    }
    let mut loops = Vec::new();
    for start in starts {
        if next[start as usize] == NONE {
            continue; // already walked
        }
        let mut walk = Vec::new();
        let mut edge = start;
        while next[edge as usize] != NONE {
            walk.push(grid.crossing(edge));
            let following = next[edge as usize];
            next[edge as usize] = NONE;
            edge = following;
        }
        loops.push(walk);
    }
    loops
}

/// The samples: pixel centres with a clear ring around the image.
struct SampleGrid<'a> {
    mask: &'a AlphaMask<'a>,
    threshold: f32,
    /// Samples per row and per column, the ring included.
    columns: usize,
    rows: usize,
}

impl<'a> SampleGrid<'a> {
    fn new(mask: &'a AlphaMask<'a>, threshold: f32) -> Self {
        Self {
            mask,
            threshold,
            columns: mask.width() as usize + 2,
            rows: mask.height() as usize + 2,
        }
    }

    /// The alpha of sample `(column, row)`: pixel `(column − 1, row − 1)`, or clear on
    /// the ring.
    #[inline]
    fn alpha(&self, column: usize, row: usize) -> f32 {
        let (width, height) = (self.mask.width() as usize, self.mask.height() as usize);
        if column == 0 || row == 0 || column > width || row > height {
            0.0
        } else {
            self.mask.values()[(row - 1) * width + column - 1]
        }
    }

    fn edge_count(&self) -> usize {
        2 * self.columns * self.rows
    }

    /// The grid edge from sample `(column, row)` to the right (`vertical` false) or
    /// down (`vertical` true).
    #[inline]
    fn edge(&self, column: usize, row: usize, vertical: bool) -> u32 {
        (2 * (row * self.columns + column) + usize::from(vertical)) as u32
    }

    /// Where the alpha along grid edge `edge` crosses the threshold.
    fn crossing(&self, edge: u32) -> Vec2 {
        let edge = edge as usize;
        let vertical = edge % 2 == 1;
        let (column, row) = ((edge / 2) % self.columns, (edge / 2) / self.columns);
        let (other_column, other_row) = if vertical {
            (column, row + 1)
        } else {
            (column + 1, row)
        };
        let (start, end) = (self.alpha(column, row), self.alpha(other_column, other_row));
        let along =
            ((self.threshold - start) / (end - start)).clamp(SAMPLE_MARGIN, 1.0 - SAMPLE_MARGIN);
        // Sample (column, row) is the centre of pixel (column − 1, row − 1).
        let sample = Vec2::new(column as f32 - 0.5, row as f32 - 0.5);
        sample
            + if vertical {
                Vec2::new(0.0, along)
            } else {
                Vec2::new(along, 0.0)
            }
    }

    /// Calls `piece(from, to)` for each piece of outline in the cell whose top-left
    /// sample is `(column, row)`: from the grid edge of its entry side to that of its
    /// exit side.
    fn cell_pieces(&self, column: usize, row: usize, mut piece: impl FnMut(u32, u32)) {
        let corners = [
            self.alpha(column, row),
            self.alpha(column + 1, row),
            self.alpha(column + 1, row + 1),
            self.alpha(column, row + 1),
        ];
        let opaque = corners.map(|alpha| alpha >= self.threshold);
        if opaque.iter().all(|&o| o) || opaque.iter().all(|&o| !o) {
            return;
        }
        // The sides clockwise: top, right, bottom, left (each from corner i to i + 1).
        let sides = [
            self.edge(column, row, false),
            self.edge(column + 1, row, true),
            self.edge(column, row + 1, false),
            self.edge(column, row, true),
        ];
        let exits = (0..4).filter(|&side| opaque[side] && !opaque[(side + 1) % 4]);
        let is_entry = |side: usize| !opaque[side] && opaque[(side + 1) % 4];
        let saddle = opaque[0] == opaque[2] && opaque[1] == opaque[3];
        let centre_clear = saddle && corners.iter().sum::<f32>() * 0.25 < self.threshold;
        for exit in exits {
            let entry = if centre_clear {
                (1..4)
                    .map(|back| (exit + 4 - back) % 4)
                    .find(|&side| is_entry(side))
            } else {
                (1..4)
                    .map(|ahead| (exit + ahead) % 4)
                    .find(|&side| is_entry(side))
            };
            if let Some(entry) = entry {
                piece(sides[entry], sides[exit]);
            }
        }
    }
}
