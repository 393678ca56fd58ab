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
//! A span that keeps every point is the traced outline itself, and traced loops never
//! meet, so the repair ends. Frame: the loops' own (any frame; the tolerance is in its
//! units).

use glam::Vec2;

use crate::decompose::outline::first_meeting;
use crate::math::segment::closest_point_on_segment;

/// The loops simplified within `tolerance` of themselves, each keeping at least three
/// points (when it has them), none crossing itself or another.
pub(crate) fn simplify_loops(loops: &[Vec<Vec2>], tolerance: f32) -> Vec<Vec<Vec2>> {
    let mut kept: Vec<Vec<usize>> = loops
        .iter()
        .map(|walk| douglas_peucker(walk, tolerance))
        .collect();
    loop {
        let simplified: Vec<Vec<Vec2>> = loops
            .iter()
            .zip(&kept)
            .map(|(walk, indices)| indices.iter().map(|&index| walk[index]).collect())
            .collect();
        let views: Vec<&[Vec2]> = simplified.iter().map(Vec::as_slice).collect();
        let Some((first, second)) = first_meeting(&views) else {
            return simplified;
        };
        let mut refined = false;
        for (walk, edge) in [first, second] {
            refined |= split_span(&loops[walk], &mut kept[walk], edge);
        }
        if !refined {
            // Only traced edges meet: nothing to repair (the caller's shape check
            // reports it).
            return simplified;
        }
    }
}

/// The indices `walk` keeps, in order: its first point, the point farthest from it,
/// and every point that the spans between kept points stray from by more than
/// `tolerance`; at least three when the loop has three.
fn douglas_peucker(walk: &[Vec2], tolerance: f32) -> Vec<usize> {
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
    let mut keep = vec![false; count];
    keep[0] = true;
    keep[farthest] = true;
    let mut spans = vec![(0, farthest), (farthest, count)];
    while let Some((start, end)) = spans.pop() {
        if let Some((index, distance)) = farthest_from_chord(walk, start, end)
            && distance > tolerance
        {
            keep[index] = true;
            spans.push((start, index));
            spans.push((index, end));
        }
    }
    let mut indices: Vec<usize> = (0..count).filter(|&index| keep[index]).collect();
    if indices.len() < 3 {
        // Both halves within the tolerance: keep the farthest of either as a third.
        let third = [(0, farthest), (farthest, count)]
            .into_iter()
            .filter_map(|(start, end)| farthest_from_chord(walk, start, end))
            .max_by(|a, b| a.1.total_cmp(&b.1));
        if let Some((index, _)) = third {
            indices.push(index);
            indices.sort_unstable();
        }
    }
    indices
}

/// The point strictly between positions `start` and `end` of the closed `walk`
/// (`end` may be `walk.len()`, meaning the first point again) farthest from the chord
/// joining them, with its distance; `None` when they are neighbours.
fn farthest_from_chord(walk: &[Vec2], start: usize, end: usize) -> Option<(usize, f32)> {
    let (a, b) = (walk[start], walk[end % walk.len()]);
    (start + 1..end)
        .map(|index| {
            (
                index,
                walk[index].distance(closest_point_on_segment(a, b, walk[index])),
            )
        })
        .max_by(|x, y| x.1.total_cmp(&y.1))
}

/// Keeps the farthest dropped point of the span behind simplified edge `edge` (from
/// kept point `edge` to the next); whether there was one.
fn split_span(walk: &[Vec2], kept: &mut Vec<usize>, edge: usize) -> bool {
    let start = kept[edge];
    let end = kept.get(edge + 1).copied().unwrap_or(walk.len());
    match farthest_from_chord(walk, start, end) {
        Some((index, _)) => {
            kept.insert(edge + 1, index);
            true
        }
        None => false,
    }
}
