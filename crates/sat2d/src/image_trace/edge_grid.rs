//! [`EdgeGrid`]: a uniform grid of square cells holding loop edges, each in every cell
//! it passes through, so that two edges that meet share a cell.

use glam::Vec2;

/// The end of a cell's list.
const END: u32 = u32::MAX;

/// Edges, named by the numbers of their two end points, filed by the cells they pass
/// through. An edge is never taken out: one replaced by its halves stays in its
/// cells, and the caller skips it.
pub(crate) struct EdgeGrid {
    layout: Layout,
    /// Each cell's first entry in `entries`, or [`END`].
    heads: Vec<u32>,
    /// Each entry: an edge's start and end point, and the cell's next entry.
    entries: Vec<(u32, u32, u32)>,
}

impl EdgeGrid {
    /// An empty grid over `points` sized for about `edges` edges: cells about two
    /// average spacings wide, and never more than about one cell per edge.
    pub(crate) fn new(points: &[Vec2], edges: usize) -> Self {
        let (min, max) = points.iter().fold(
            (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY)),
            |(min, max), &point| (min.min(point), max.max(point)),
        );
        let (min, max) = if min.x <= max.x {
            (min, max)
        } else {
            (Vec2::ZERO, Vec2::ZERO)
        };
        let extent = max - min;
        let per_side = (edges.max(1) as f32).sqrt();
        // Two spacings of edges spread evenly, but no thinner than the longer side
        // over the edges per side (a thin band of edges would otherwise get a cell per
        // spacing along it, squared).
        let cell = (2.0 * (extent.x * extent.y).sqrt() / per_side)
            .max(extent.max_element() / per_side)
            .max(f32::MIN_POSITIVE.sqrt());
        let columns = (extent.x / cell) as usize + 1;
        let rows = (extent.y / cell) as usize + 1;
        Self {
            layout: Layout {
                origin: min,
                cell,
                columns,
                rows,
                padding: cell * 1e-2 + min.abs().max(max.abs()).max_element() * 1e-5,
            },
            heads: vec![END; columns * rows],
            entries: Vec::with_capacity(edges * 3),
        }
    }

    /// Files the edge from point `start` at `a` to point `end` at `b`.
    pub(crate) fn insert(&mut self, (start, end): (u32, u32), a: Vec2, b: Vec2) {
        let (heads, entries) = (&mut self.heads, &mut self.entries);
        self.layout.for_each_cell(a, b, 0.0, |cell| {
            entries.push((start, end, heads[cell]));
            heads[cell] = (entries.len() - 1) as u32;
        });
    }

    /// The cells, as numbers, that the edge from `a` to `b` passes through, into
    /// `cells` (cleared first).
    pub(crate) fn cells(&self, a: Vec2, b: Vec2, cells: &mut Vec<usize>) {
        self.cells_within(a, b, 0.0, cells);
    }

    /// The cells, as numbers, within `distance` of the edge from `a` to `b` (some a
    /// little farther), into `cells` (cleared first).
    pub(crate) fn cells_within(&self, a: Vec2, b: Vec2, distance: f32, cells: &mut Vec<usize>) {
        cells.clear();
        self.layout
            .for_each_cell(a, b, distance, |cell| cells.push(cell));
    }

    /// The number of cells.
    pub(crate) fn cell_count(&self) -> usize {
        self.heads.len()
    }

    /// The edges filed in cell `cell`, as (start, end) point numbers, latest first.
    pub(crate) fn edges_in(&self, cell: usize) -> impl Iterator<Item = (u32, u32)> + '_ {
        let mut entry = self.heads[cell];
        std::iter::from_fn(move || {
            if entry == END {
                return None;
            }
            let (start, end, next) = self.entries[entry as usize];
            entry = next;
            Some((start, end))
        })
    }
}

/// Where the cells lie.
#[derive(Clone, Copy)]
struct Layout {
    /// The corner of cell `(0, 0)`, the smallest x and y.
    origin: Vec2,
    /// The side of a cell.
    cell: f32,
    columns: usize,
    rows: usize,
    /// How far past an edge to file it, so that rounding never leaves out a cell
    /// holding one of its points.
    padding: f32,
}

impl Layout {
    /// Calls `visit` with each cell within `distance` of the segment from `a` to `b`,
    /// padded a little: column by column, the rows that the segment's stretch over the
    /// column spans, widened by the distance.
    fn for_each_cell(&self, a: Vec2, b: Vec2, distance: f32, mut visit: impl FnMut(usize)) {
        let padding = self.padding + distance;
        let (low, high) = (
            a.min(b) - Vec2::splat(padding),
            a.max(b) + Vec2::splat(padding),
        );
        let column_of = |x: f32| self.index(x - self.origin.x, self.columns);
        let row_of = |y: f32| self.index(y - self.origin.y, self.rows);
        let run = b.x - a.x;
        for column in column_of(low.x)..=column_of(high.x) {
            let left = (self.origin.x + column as f32 * self.cell).max(low.x);
            let right = (self.origin.x + (column + 1) as f32 * self.cell).min(high.x);
            let (bottom, top) = if run.abs() > padding {
                // Within the distance of the segment means within it vertically of the
                // segment's heights over the column widened by it.
                let height_at = |x: f32| a.y + ((x - a.x) / run).clamp(0.0, 1.0) * (b.y - a.y);
                let [one, other] = [left - distance, right + distance].map(height_at);
                (one.min(other) - padding, one.max(other) + padding)
            } else {
                (low.y, high.y)
            };
            for row in row_of(bottom.max(low.y))..=row_of(top.min(high.y)) {
                visit(row * self.columns + column);
            }
        }
    }

    /// The cell index along one axis of offset `offset` from the origin, within
    /// `0..count`.
    fn index(&self, offset: f32, count: usize) -> usize {
        ((offset / self.cell).max(0.0) as usize).min(count - 1)
    }
}
