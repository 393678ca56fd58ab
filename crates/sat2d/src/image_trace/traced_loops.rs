//! [`TracedLoops`]: every loop marching squares found, the points of those large
//! enough to keep, and which loop crosses each grid edge, so that a hole can find the
//! region around it by looking along one row of the grid.

use glam::Vec2;

/// No loop crosses this grid edge (and, while tracing, no piece starts there). Zero, so
/// that the table starts as zeroed memory the system hands out untouched.
pub(crate) const NO_LOOP: u32 = 0;

/// Set on a grid edge's entry once its loop is walked: the other bits number the loop.
/// Before that, the entry is the piece's exit edge plus one.
pub(crate) const WALKED: u32 = 1 << 31;

/// Every traced loop, numbered in the order marching squares met them, with y up (so
/// outer boundaries run counter-clockwise and have positive area, holes clockwise).
pub(crate) struct TracedLoops {
    /// The points of the kept loops, one loop after another.
    points: Vec<Vec2>,
    /// Each loop's signed area.
    areas: Vec<f32>,
    /// Each loop's anchor: a horizontal grid edge it crosses in the leftmost column
    /// it crosses any, whose left sample is opaque (see [`Self::loop_left_of`]).
    anchors: Vec<u32>,
    /// The kept loops in order, each with where its points start in `points`.
    kept: Vec<(u32, u32)>,
    /// For each grid edge, `WALKED` and the loop crossing it, or [`NO_LOOP`].
    edge_loops: Vec<u32>,
}

impl TracedLoops {
    /// An empty set over the grid edges `edge_loops`, filled in by marching squares.
    pub(crate) fn new(edge_loops: Vec<u32>) -> Self {
        Self {
            points: Vec::new(),
            areas: Vec::new(),
            anchors: Vec::new(),
            kept: Vec::new(),
            edge_loops,
        }
    }

    /// The number of loops.
    pub(crate) fn count(&self) -> usize {
        self.areas.len()
    }

    /// Loop `index`'s signed area (positive for an outer boundary).
    pub(crate) fn area(&self, index: usize) -> f32 {
        self.areas[index]
    }

    /// The points of loop `index`.
    ///
    /// # Panics
    /// If the loop was not kept (smaller than the minimum area when traced).
    pub(crate) fn points(&self, index: usize) -> &[Vec2] {
        let position = self
            .kept
            .binary_search_by_key(&(index as u32), |&(kept, _)| kept)
            .expect("only the points of kept loops are stored");
        let start = self.kept[position].1 as usize;
        let end = self
            .kept
            .get(position + 1)
            .map_or(self.points.len(), |&(_, next)| next as usize);
        &self.points[start..end]
    }

    /// The grid edges' loops, for marching squares to link and label.
    pub(crate) fn edge_loops_mut(&mut self) -> &mut [u32] {
        &mut self.edge_loops
    }

    /// The points buffer, for marching squares to push the next loop's points onto.
    pub(crate) fn points_mut(&mut self) -> &mut Vec<Vec2> {
        &mut self.points
    }

    /// Ends the loop whose points were pushed since `first_point`, with its `anchor`:
    /// keeps its points when its area is at least `min_area` (either sign), drops them
    /// otherwise.
    pub(crate) fn finish_loop(&mut self, first_point: usize, anchor: u32, min_area: f32) {
        let area = signed_area(&self.points[first_point..]);
        if area.abs() >= min_area {
            self.kept
                .push((self.areas.len() as u32, first_point as u32));
        } else {
            self.points.truncate(first_point);
        }
        self.areas.push(area);
        self.anchors.push(anchor);
    }

    /// The loop met first looking left, along the anchor's grid row, from the opaque
    /// sample left of loop `index`'s anchor.
    ///
    /// Why it is the loop around, or beside, `index` in the same region: the samples
    /// passed on the way are opaque and side by side, so they are one region with the
    /// anchor's opaque sample, and the loop met is where that run of samples ends: a
    /// boundary of the same region, its outer boundary or another of its holes. For
    /// a hole, that other hole has a point left of the anchor, so it reaches further
    /// left, and asking again from it ends (at the outer boundary).
    pub(crate) fn loop_left_of(&self, index: usize) -> usize {
        // Horizontal grid edges are the even ones; the one left of edge `e` is `e − 2`.
        // The grid's clear ring ends every row's run of opaque samples.
        let mut edge = self.anchors[index] as usize;
        loop {
            edge -= 2;
            let label = self.edge_loops[edge];
            if label != NO_LOOP {
                debug_assert!(label & WALKED != 0, "every crossing is walked");
                return (label & !WALKED) as usize;
            }
        }
    }
}

/// The signed area of the closed loop `points` (positive counter-clockwise): the
/// shoelace formula relative to the first point, summed in `f64` in order, as
/// `decompose::outline::signed_area` takes it (the same value), over a slice.
fn signed_area(points: &[Vec2]) -> f32 {
    let Some(&origin) = points.first() else {
        return 0.0;
    };
    let mut sum = -0.0f64;
    let mut previous = Vec2::ZERO.as_dvec2();
    for &point in points[1..].iter().chain([&origin]) {
        let relative = (point - origin).as_dvec2();
        sum += previous.perp_dot(relative);
        previous = relative;
    }
    (sum * 0.5) as f32
}
