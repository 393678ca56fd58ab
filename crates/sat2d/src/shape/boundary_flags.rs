//! Which edges and corners of a concave polygon's convex parts lie on the polygon's own
//! boundary: the facts that let the exact concave MTV (`query/concave/`) skip the seams
//! between parts.
//!
//! Frame-free: flags, not coordinates.
//!
//! The Minkowski difference of two shapes made of parts is the union of the part
//! pairs' differences, and its boundary lies on the *reduced convolution* (Behar and
//! Lien, 2011): an edge of one shape's boundary moved by a convex corner of the other's.
//! A part's edge inside the polygon (a diagonal shared with another part) gives a piece
//! of a difference that the neighbouring part's difference covers; a reflex corner of
//! the polygon cannot touch an edge from outside without crossing it. Neither can lie
//! on the union's boundary, so the search never needs their points.

use crate::Shape;

/// Set on a part's point when the edge from it to the next point lies on the
/// polygon's boundary (its outline or a hole's), or may: an edge that merged a
/// boundary edge with a diagonal running straight on counts.
pub(crate) const BOUNDARY_EDGE: u8 = 1;

/// Set on a part's point when it is a convex corner of the polygon's boundary (the
/// region turns left there, on the outline or on a hole).
pub(crate) const CONVEX_CORNER: u8 = 2;

/// Both flags: a convex shape's every edge and corner.
pub(crate) const EVERYWHERE: u8 = BOUNDARY_EDGE | CONVEX_CORNER;

impl Shape {
    /// Which edges and corners of convex part `index` lie on the shape's boundary
    /// (this module's flags), one byte per point of [`Self::part`]; `None` for a convex
    /// shape, whose every edge and corner does.
    #[inline]
    pub(crate) fn part_flags(&self, index: usize) -> Option<&[u8]> {
        match self {
            Self::Concave(polygon) => Some(polygon.part_flags(index)),
            _ => None,
        }
    }
}

/// The flags of each part's points, for parts given as index walks into `points`
/// (counter-clockwise) whose loops start at 0 and at each of `hole_starts` (the outline
/// counter-clockwise, the holes clockwise: the region on the left of every edge).
///
/// ```text
/// an edge (i, j) of a part is on the boundary unless another part has (j, i)
/// a point is a convex corner when its loop turns left there (in f64)
/// ```
/// Hole bridges are no exception: a bridge's two sides are edges of two parts (or of
/// one part and a later one), so each has its twin.
pub(crate) fn part_boundary_flags(
    points: &[glam::Vec2],
    hole_starts: &[u32],
    parts: &[Vec<u32>],
) -> Vec<Vec<u8>> {
    let mut edges: rustc_hash::FxHashSet<(u32, u32)> = rustc_hash::FxHashSet::default();
    for part in parts {
        for k in 0..part.len() {
            edges.insert((part[k], part[(k + 1) % part.len()]));
        }
    }
    let convex = convex_corners(points, hole_starts);
    parts
        .iter()
        .map(|part| {
            (0..part.len())
                .map(|k| {
                    let (from, to) = (part[k], part[(k + 1) % part.len()]);
                    let edge = if edges.contains(&(to, from)) {
                        0
                    } else {
                        BOUNDARY_EDGE
                    };
                    let corner = if convex[from as usize] {
                        CONVEX_CORNER
                    } else {
                        0
                    };
                    edge | corner
                })
                .collect()
        })
        .collect()
}

/// Whether each of `points` is a convex corner of its loop (loops as in
/// [`part_boundary_flags`]).
fn convex_corners(points: &[glam::Vec2], hole_starts: &[u32]) -> Vec<bool> {
    let starts = core::iter::once(0).chain(hole_starts.iter().map(|&start| start as usize));
    let ends = hole_starts
        .iter()
        .map(|&start| start as usize)
        .chain([points.len()]);
    let mut convex = vec![false; points.len()];
    for (start, end) in starts.zip(ends) {
        let count = end - start;
        for k in 0..count {
            let previous = points[start + (k + count - 1) % count].as_dvec2();
            let here = points[start + k].as_dvec2();
            let next = points[start + (k + 1) % count].as_dvec2();
            convex[start + k] = (here - previous).perp_dot(next - here) > 0.0;
        }
    }
    convex
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec2;

    /// An L: six corners, five convex and one reflex, split into two parts along a
    /// diagonal from the reflex corner.
    #[test]
    fn an_l_marks_its_diagonal_inside_and_its_reflex_corner_not_convex() {
        let points = [
            Vec2::new(0.0, 0.0),
            Vec2::new(3.0, 0.0),
            Vec2::new(3.0, 1.0),
            Vec2::new(1.0, 1.0),
            Vec2::new(1.0, 3.0),
            Vec2::new(0.0, 3.0),
        ];
        let parts = vec![vec![0, 1, 2, 3], vec![0, 3, 4, 5]];
        let flags = part_boundary_flags(&points, &[], &parts);
        // Part one: 0→1, 1→2, 2→3 on the outline; 3→0 the diagonal. Corner 3 reflex.
        assert_eq!(flags[0], vec![EVERYWHERE, EVERYWHERE, EVERYWHERE, 0]);
        // Part two: 0→3 the diagonal; 3→4, 4→5, 5→0 on the outline.
        assert_eq!(
            flags[1],
            vec![CONVEX_CORNER, BOUNDARY_EDGE, EVERYWHERE, EVERYWHERE]
        );
    }
}
