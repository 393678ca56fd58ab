//! Douglas–Peucker simplification of closed loops that never makes a loop cross itself
//! or another loop.
//!
//! ```text
//! for each loop: keep its first point and the point farthest from it, then
//!     for each kept span: keep its point farthest from the span's chord, if farther
//!     than the tolerance, and split there
//! while two simplified edges (of any loops) meet other than at a shared corner:
//!     keep the farthest dropped point of each of the two edges' spans
//! ```
//! The farthest points come from `farthest_point.rs`, the second step from
//! `crossing_repair.rs`. The kept points only grow as the
//! tolerance falls (the splits do not depend on it), so a loop keeps at least as many
//! points at any lower tolerance. Frame: the loops' own (any frame; the tolerance is in
//! its units).

use glam::Vec2;

use super::crossing_repair::repair_crossings;
use super::farthest_point::FarthestPoint;

/// The loops simplified within `tolerance` of themselves, each keeping at least three
/// points (when it has them), none crossing itself or another.
pub(crate) fn simplify_loops(loops: &[&[Vec2]], tolerance: f32) -> Vec<Vec<Vec2>> {
    let kept: Vec<Vec<usize>> = loops
        .iter()
        .map(|walk| douglas_peucker(walk, tolerance, usize::MAX))
        .collect();
    repair_crossings(loops, &kept)
}

/// The indices `walk` keeps, in order: its first point, the point farthest from it,
/// and every point that the spans between kept points stray from by more than
/// `tolerance`; at least three when the loop has three. Should it keep more than
/// `limit`, it stops there: the result then holds more than `limit` indices (and is
/// not the simplified loop), so that an outline far too detailed costs no more than
/// the limit.
pub(crate) fn douglas_peucker(walk: &[Vec2], tolerance: f32, limit: usize) -> Vec<usize> {
    let count = walk.len();
    if count <= 3 {
        return (0..count).collect();
    }
    let farthest = (1..count)
        .max_by(|&a, &b| {
            walk[a]
                .distance_squared(walk[0])
                .total_cmp(&walk[b].distance_squared(walk[0]))
        })
        .unwrap_or(1);
    let mut farthest_point = FarthestPoint::new(walk);
    let mut keep = vec![false; count];
    keep[0] = true;
    keep[farthest] = true;
    let mut spans = vec![(0, farthest), (farthest, count)];
    let mut kept = 2;
    while let Some((start, end)) = spans.pop() {
        if kept > limit {
            return (0..count).filter(|&index| keep[index]).collect();
        }
        if let Some((index, distance)) = farthest_point.farthest_from_chord(start, end)
            && distance > tolerance
        {
            keep[index] = true;
            kept += 1;
            spans.push((start, index));
            spans.push((index, end));
        }
    }
    let mut indices: Vec<usize> = (0..count).filter(|&index| keep[index]).collect();
    if indices.len() < 3 {
        // Both halves within the tolerance: keep the farthest of either as a third.
        let third = [(0, farthest), (farthest, count)]
            .into_iter()
            .filter_map(|(start, end)| farthest_point.farthest_from_chord(start, end))
            .max_by(|a, b| a.1.total_cmp(&b.1));
        if let Some((index, _)) = third {
            indices.push(index);
            indices.sort_unstable();
        }
    }
    indices
}
