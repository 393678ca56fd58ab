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
//! the image's top-left corner (the centre of pixel `(i, j)` is `(i + 0.5, j + 0.5)`);
//! the loops are returned with y flipped to point up.
//!
//! ```text
//! link: for each cell, row by row: next[entry edge] = exit edge, for each piece;
//!     remember the cells with a piece joining the right and bottom sides
//! walk: for each cell remembered, in order:
//!     a loop not yet walked whose piece here joins the right and bottom sides starts
//!     here (its first cell: its top and left sides are shared with earlier cells)
//!     follow next from that piece's entry, labelling each edge with the loop's number
//!     keep the points if the loop's area reaches the minimum, else drop them
//! ```
//! Both passes take time in proportion to the cells and the crossings, and memory to
//! one `u32` per grid edge (zeroed memory, touched only near crossings) and one point
//! per kept crossing. Loops come out in the order of their first cells, each starting
//! at its first piece's entry, as a scan of every piece of every cell would find them.

use glam::Vec2;

use super::AlphaMask;
use super::traced_loops::{NO_LOOP, TracedLoops, WALKED};

/// How far from a sample a crossing may lie, as a fraction of the sample spacing, so
/// that no two crossings (and so no two loops) share a point.
const SAMPLE_MARGIN: f32 = 1e-3;

/// The cell's sides clockwise from its top: top, right, bottom, left (side `i` runs
/// from corner `i` to corner `i + 1`, the corners clockwise from the top-left).
const SIDES: usize = 4;

/// The right and bottom sides.
const RIGHT: u8 = 1;
const BOTTOM: u8 = 2;

/// The pieces of each cell kind: indexed by whether the centre of a saddle is clear,
/// then by the four corners' opacity as bits (top-left 1, top-right 2, bottom-right 4,
/// bottom-left 8); each an (entry side, exit side) pair, at most two, in the order of
/// their exit sides.
const PIECES: [[Pieces; 16]; 2] = [pieces_table(false), pieces_table(true)];

/// At most two pieces, and how many.
#[derive(Clone, Copy)]
struct Pieces {
    pairs: [(u8, u8); 2],
    count: u8,
}

/// [`PIECES`] for one saddle reading: walking the sides clockwise, a side exits where
/// an opaque corner is followed by a clear one and enters where a clear corner is
/// followed by an opaque one; each exit joins the next entry clockwise, or, in a
/// saddle whose centre is clear, the entry before it.
const fn pieces_table(centre_clear: bool) -> [Pieces; 16] {
    let mut table = [Pieces {
        pairs: [(0, 0); 2],
        count: 0,
    }; 16];
    let mut kind = 1;
    while kind < 15 {
        let saddle = kind == 0b0101 || kind == 0b1010;
        let mut exit = 0;
        while exit < SIDES {
            if is_opaque(kind, exit) && !is_opaque(kind, exit + 1) {
                let mut step = 1;
                while step < SIDES {
                    let side = if saddle && centre_clear {
                        (exit + SIDES - step) % SIDES
                    } else {
                        (exit + step) % SIDES
                    };
                    if !is_opaque(kind, side) && is_opaque(kind, side + 1) {
                        let pieces = &mut table[kind];
                        pieces.pairs[pieces.count as usize] = (side as u8, exit as u8);
                        pieces.count += 1;
                        break;
                    }
                    step += 1;
                }
            }
            exit += 1;
        }
        kind += 1;
    }
    table
}

/// Whether corner `corner` (counted modulo 4) of a cell of kind `kind` is opaque.
const fn is_opaque(kind: usize, corner: usize) -> bool {
    (kind >> (corner % SIDES)) & 1 == 1
}

/// Every boundary of the pixels whose alpha reaches `threshold`, as closed loops with
/// y up, opaque side on the left; the points kept only for loops whose area (either
/// sign) reaches `min_area`.
pub(crate) fn trace_loops(mask: &AlphaMask<'_>, threshold: f32, min_area: f32) -> TracedLoops {
    let grid = SampleGrid::new(mask, threshold);
    let mut loops = TracedLoops::new(vec![NO_LOOP; grid.edge_count()]);
    let corners = grid.link_pieces(loops.edge_loops_mut());
    for cell in corners {
        let (column, row) = (cell as usize % grid.columns, cell as usize / grid.columns);
        let right = grid.edge(column + 1, row, true);
        let bottom = grid.edge(column, row + 1, false);
        let next = loops.edge_loops_mut();
        let start = if next[right as usize] == bottom + 1 {
            right
        } else if next[bottom as usize] == right + 1 {
            bottom
        } else {
            continue; // walked already
        };
        grid.walk_loop(&mut loops, start, min_area);
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

    /// Whether each sample of row `row` is opaque, into `opaque`.
    fn opaque_row(&self, row: usize, opaque: &mut [bool]) {
        opaque.fill(false);
        let width = self.mask.width() as usize;
        if row == 0 || row == self.rows - 1 {
            return;
        }
        let pixels = &self.mask.values()[(row - 1) * width..row * width];
        for (sample, &alpha) in opaque[1..=width].iter_mut().zip(pixels) {
            *sample = alpha >= self.threshold;
        }
    }

    /// The number of grid edges (below 2³¹: [`AlphaMask::try_new`] checks).
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

    /// Sets `next[entry] = exit + 1` for each piece of outline in every cell, from the
    /// grid edge of its entry side to that of its exit side; returns the cells (as
    /// `row × columns + column`, in order) with a piece joining their right and bottom
    /// sides.
    fn link_pieces(&self, next: &mut [u32]) -> Vec<u32> {
        let mut corners = Vec::new();
        let mut above = vec![false; self.columns];
        let mut below = vec![false; self.columns];
        self.opaque_row(0, &mut above);
        for row in 0..self.rows - 1 {
            self.opaque_row(row + 1, &mut below);
            for column in 0..self.columns - 1 {
                let kind = usize::from(above[column])
                    | usize::from(above[column + 1]) << 1
                    | usize::from(below[column + 1]) << 2
                    | usize::from(below[column]) << 3;
                if kind == 0 || kind == 15 {
                    continue;
                }
                let saddle = kind == 0b0101 || kind == 0b1010;
                let pieces = PIECES[usize::from(saddle && self.centre_clear(column, row))][kind];
                let sides = [
                    self.edge(column, row, false),
                    self.edge(column + 1, row, true),
                    self.edge(column, row + 1, false),
                    self.edge(column, row, true),
                ];
                for &(entry, exit) in &pieces.pairs[..pieces.count as usize] {
                    next[sides[entry as usize] as usize] = sides[exit as usize] + 1;
                    if (entry, exit) == (RIGHT, BOTTOM) || (entry, exit) == (BOTTOM, RIGHT) {
                        corners.push((row * self.columns + column) as u32);
                    }
                }
            }
            std::mem::swap(&mut above, &mut below);
        }
        corners
    }

    /// Whether the centre of the cell whose top-left sample is `(column, row)`, the
    /// mean of its corners, is clear.
    fn centre_clear(&self, column: usize, row: usize) -> bool {
        let corners = [
            self.alpha(column, row),
            self.alpha(column + 1, row),
            self.alpha(column + 1, row + 1),
            self.alpha(column, row + 1),
        ];
        corners.iter().sum::<f32>() * 0.25 < self.threshold
    }

    /// Walks the loop through grid edge `start`, labelling its edges with its number
    /// and pushing its points (y flipped) onto `loops`.
    fn walk_loop(&self, loops: &mut TracedLoops, start: u32, min_area: f32) {
        let number = WALKED | loops.count() as u32;
        let first_point = loops.points_mut().len();
        // The horizontal edge in the leftmost column the loop crosses.
        let mut anchor = (NO_LOOP, usize::MAX);
        let mut edge = start;
        loop {
            let following = loops.edge_loops_mut()[edge as usize];
            if following & WALKED != 0 {
                break; // back at the start
            }
            let following = following - 1;
            let point = self.crossing(edge);
            loops.points_mut().push(Vec2::new(point.x, -point.y));
            let column = (edge as usize / 2) % self.columns;
            if edge.is_multiple_of(2) && column < anchor.1 {
                anchor = (edge, column);
            }
            loops.edge_loops_mut()[edge as usize] = number;
            edge = following;
        }
        debug_assert!(anchor.0 != NO_LOOP, "every loop crosses a grid row");
        loops.finish_loop(first_point, anchor.0, min_area);
    }
}
