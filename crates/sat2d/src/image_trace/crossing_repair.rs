//! Crossing repair: simplified loops pulled apart again by putting back traced points
//! where two simplified edges meet, or where an edge would swallow another loop,
//! testing only the edges near each fix.
//!
//! ```text
//! file every simplified edge in the grid cells it passes through, and each loop's
//!     first point (always kept) in a second grid
//! queue every pair of edges that meet (tested cell by cell), least first: pairs
//!     ordered by their lesser edge, then their greater; edges by their smallest x,
//!     then by loop and place along it
//! repeat:
//!     while the queue holds a pair of edges both still present:
//!         split both (fix below), and queue each pair a half makes with an edge
//!         in its cells
//!     the edges not yet checked (at first all) that sweep another loop's first
//!         point (`swept_region.rs`), least first: split each
//! until neither finds anything
//! fix an edge: keep the farthest dropped point of its span, splitting it in two
//! ```
//! A span that keeps every point is the traced outline itself, and traced loops never
//! meet, so the repair ends. Fixing the least meeting each time is what testing every
//! edge against every other after each fix would do, so the loops come out the same
//! (and where no edge swallows a loop, just as before that check); each fix costs the
//! edges in the cells of its halves. An edge sweeps only what lies within its span's
//! reach of it, so the loops it could swallow are the first points in the cells near
//! it. Frame: the loops' own.

use std::cmp::{Ordering, Reverse};
use std::collections::BinaryHeap;

use glam::Vec2;

use super::edge_grid::EdgeGrid;
use super::farthest_point::FarthestPoint;
use super::swept_region::Span;
use crate::math::segment::segments_touch;

/// A point that no simplified loop keeps.
const NOT_KEPT: u32 = u32::MAX;

/// `loops` keeping the points `kept` (each loop's kept indices, ascending, its first
/// point among them), and whatever more it takes for no two edges to meet other than
/// neighbours at their shared corner, and for every loop to stay inside the same loops
/// as before (no edge sweeping over another loop).
pub(crate) fn repair_crossings(loops: &[&[Vec2]], kept: &[Vec<usize>]) -> Vec<Vec<Vec2>> {
    let mut repair = Repair::new(loops, kept);
    repair.queue_all_meetings();
    let mut unchecked = repair.present_edges();
    loop {
        while let Some(Reverse(meeting)) = repair.queue.pop() {
            let (low, high) = (meeting.low, meeting.high);
            if repair.is_present(low.start, low.end) && repair.is_present(high.start, high.end) {
                // Only traced edges meet when neither can be split: nothing to repair
                // (the caller's shape check reports it).
                repair.split_all(
                    &[(low.start, low.end), (high.start, high.end)],
                    &mut unchecked,
                );
            }
        }
        let mut swallowing: Vec<EdgeKey> = Vec::new();
        for (start, end) in std::mem::take(&mut unchecked) {
            if repair.is_present(start, end) && repair.swallows(start, end) {
                swallowing.push(repair.key((start, end)));
            }
        }
        if swallowing.is_empty() {
            return repair.loops();
        }
        swallowing.sort_unstable();
        for edge in swallowing {
            if repair.is_present(edge.start, edge.end) {
                repair.split_all(&[(edge.start, edge.end)], &mut unchecked);
            }
        }
    }
}

/// The repair's state: every loop's points numbered one loop after another.
struct Repair<'a> {
    loops: &'a [&'a [Vec2]],
    points: Vec<Vec2>,
    /// Each loop's farthest-point queries, made when first split.
    farthest: Vec<Option<FarthestPoint<'a>>>,
    /// Where each loop's points start in the numbering, and the total last.
    starts: Vec<u32>,
    /// For each kept point, the next kept point of its loop; [`NOT_KEPT`] otherwise.
    next_kept: Vec<u32>,
    grid: EdgeGrid,
    /// Each loop's first point, filed as an edge from it to itself.
    firsts: EdgeGrid,
    queue: BinaryHeap<Reverse<Meeting>>,
    /// Cell numbers, reused.
    cells: Vec<usize>,
}

impl<'a> Repair<'a> {
    fn new(loops: &'a [&'a [Vec2]], kept: &[Vec<usize>]) -> Self {
        let points: Vec<Vec2> = loops.iter().flat_map(|walk| walk.iter().copied()).collect();
        let mut starts = Vec::with_capacity(loops.len() + 1);
        let mut next_kept = vec![NOT_KEPT; points.len()];
        let mut start = 0;
        for (walk, indices) in loops.iter().zip(kept) {
            starts.push(start as u32);
            debug_assert!(indices.first() == Some(&0) || walk.is_empty());
            for (position, &index) in indices.iter().enumerate() {
                let following = indices.get(position + 1).copied().unwrap_or(indices[0]);
                next_kept[start + index] = (start + following) as u32;
            }
            start += walk.len();
        }
        starts.push(start as u32);
        let edges = kept.iter().map(Vec::len).sum();
        let mut grid = EdgeGrid::new(&points, edges);
        for (point, &next) in next_kept.iter().enumerate() {
            if next != NOT_KEPT {
                grid.insert((point as u32, next), points[point], points[next as usize]);
            }
        }
        let mut firsts = EdgeGrid::new(&points, loops.len());
        for (&first, &last) in starts.iter().zip(&starts[1..]) {
            if first < last {
                firsts.insert(
                    (first, first),
                    points[first as usize],
                    points[first as usize],
                );
            }
        }
        Self {
            loops,
            points,
            farthest: loops.iter().map(|_| None).collect(),
            starts,
            next_kept,
            grid,
            firsts,
            queue: BinaryHeap::new(),
            cells: Vec::new(),
        }
    }

    /// Every simplified edge, as (start, end) point numbers.
    fn present_edges(&self) -> Vec<(u32, u32)> {
        (0..self.next_kept.len() as u32)
            .filter_map(|point| {
                let next = self.next_kept[point as usize];
                (next != NOT_KEPT).then_some((point, next))
            })
            .collect()
    }

    /// Splits each of `edges` that has a dropped point, files the halves, queues the
    /// meetings they make, and adds them to `unchecked`.
    fn split_all(&mut self, edges: &[(u32, u32)], unchecked: &mut Vec<(u32, u32)>) {
        let mut halves = Vec::with_capacity(2 * edges.len());
        for &(start, end) in edges {
            if let Some(middle) = self.split(start, end) {
                halves.push((start, middle));
                halves.push((middle, end));
            }
        }
        for &half in &halves {
            self.grid
                .insert(half, self.point(half.0), self.point(half.1));
        }
        let mut cells = std::mem::take(&mut self.cells);
        for &half in &halves {
            self.grid
                .cells(self.point(half.0), self.point(half.1), &mut cells);
            for &cell in &cells {
                self.queue_meetings_in(cell, Some(half));
            }
        }
        self.cells = cells;
        unchecked.extend(halves);
    }

    /// The loop whose points' numbers hold `point`, and its first and end numbers.
    fn loop_of(&self, point: u32) -> (usize, u32, u32) {
        let walk = self.starts.partition_point(|&first| first <= point) - 1;
        (walk, self.starts[walk], self.starts[walk + 1])
    }

    /// Whether the edge from point `start` to point `end` sweeps over another loop's
    /// first point.
    fn swallows(&mut self, start: u32, end: u32) -> bool {
        let (walk, first, last) = self.loop_of(start);
        // The span back to the loop's first point ends past its last.
        let span_end = if end == first { last } else { end };
        let span = Span {
            walk: self.loops[walk],
            start: (start - first) as usize,
            end: (span_end - first) as usize,
        };
        let Some((reach, min, max)) = span.reach() else {
            return false;
        };
        let (a, b) = span.chord();
        let mut cells = std::mem::take(&mut self.cells);
        self.firsts.cells_within(a, b, reach, &mut cells);
        let swallows = cells.iter().any(|&cell| {
            self.firsts.edges_in(cell).any(|(other, _)| {
                let point = self.point(other);
                other != first
                    && point.cmpge(min).all()
                    && point.cmple(max).all()
                    && span.holds(point)
            })
        });
        self.cells = cells;
        swallows
    }

    fn point(&self, number: u32) -> Vec2 {
        self.points[number as usize]
    }

    /// Whether the edge from point `start` to point `end` is still a simplified edge.
    fn is_present(&self, start: u32, end: u32) -> bool {
        self.next_kept[start as usize] == end
    }

    /// Queues every meeting of two edges filed together.
    fn queue_all_meetings(&mut self) {
        for cell in 0..self.grid.cell_count() {
            self.queue_meetings_in(cell, None);
        }
    }

    /// Queues each meeting in `cell` of `edge` with another present edge there, or,
    /// without `edge`, of any two present edges there.
    fn queue_meetings_in(&mut self, cell: usize, edge: Option<(u32, u32)>) {
        let present: Vec<(u32, u32)> = self
            .grid
            .edges_in(cell)
            .filter(|&(start, end)| self.is_present(start, end))
            .collect();
        let mut meetings = Vec::new();
        let mut test = |first: (u32, u32), second: (u32, u32)| {
            if first.0 != second.0 && self.meet(first, second) {
                let (one, other) = (self.key(first), self.key(second));
                meetings.push(Reverse(Meeting {
                    low: one.min(other),
                    high: one.max(other),
                }));
            }
        };
        match edge {
            Some(edge) => present.iter().for_each(|&other| test(edge, other)),
            None => {
                for (rank, &first) in present.iter().enumerate() {
                    present[rank + 1..]
                        .iter()
                        .for_each(|&second| test(first, second));
                }
            }
        }
        self.queue.extend(meetings);
    }

    /// Whether two distinct edges meet: neighbours beyond their shared corner (lying
    /// back along each other), others anywhere.
    fn meet(&self, (a_start, a_end): (u32, u32), (b_start, b_end): (u32, u32)) -> bool {
        let (a0, a1) = (self.point(a_start), self.point(a_end));
        let (b0, b1) = (self.point(b_start), self.point(b_end));
        let shared = if a_end == b_start {
            Some((a1, a0, b1))
        } else if b_end == a_start {
            Some((a0, a1, b0))
        } else {
            None
        };
        match shared {
            Some((corner, one, other)) => {
                (one - corner).perp_dot(other - corner) == 0.0
                    && (one - corner).dot(other - corner) > 0.0
            }
            None => segments_touch(a0, a1, b0, b1),
        }
    }

    fn key(&self, (start, end): (u32, u32)) -> EdgeKey {
        EdgeKey {
            min_x: self.point(start).x.min(self.point(end).x),
            start,
            end,
        }
    }

    /// Keeps the farthest dropped point between points `start` and `end` (the next
    /// kept one), if any, and returns it.
    fn split(&mut self, start: u32, end: u32) -> Option<u32> {
        let (walk, first, last) = self.loop_of(start);
        // The span back to the loop's first point ends past its last.
        let span_end = if end == first { last } else { end };
        let (middle, _) = self.farthest[walk]
            .get_or_insert_with(|| FarthestPoint::new(self.loops[walk]))
            .farthest_from_chord((start - first) as usize, (span_end - first) as usize)?;
        let middle = first + middle as u32;
        self.next_kept[start as usize] = middle;
        self.next_kept[middle as usize] = end;
        Some(middle)
    }

    /// Each loop's kept points, from its first.
    fn loops(&self) -> Vec<Vec<Vec2>> {
        self.starts
            .windows(2)
            .map(|bounds| {
                let (first, last) = (bounds[0], bounds[1]);
                let mut walk = Vec::new();
                if first == last {
                    return walk;
                }
                let mut point = first;
                loop {
                    walk.push(self.point(point));
                    point = self.next_kept[point as usize];
                    if point == first {
                        return walk;
                    }
                }
            })
            .collect()
    }
}

/// An edge and where it comes in the order of fixes: by its smallest x, then by its
/// start's number (its loop, then its place along the loop).
#[derive(Clone, Copy, Debug)]
struct EdgeKey {
    min_x: f32,
    start: u32,
    end: u32,
}

impl Ord for EdgeKey {
    fn cmp(&self, other: &Self) -> Ordering {
        self.min_x
            .total_cmp(&other.min_x)
            .then(self.start.cmp(&other.start))
            .then(self.end.cmp(&other.end))
    }
}

impl PartialOrd for EdgeKey {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for EdgeKey {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for EdgeKey {}

/// Two edges that meet, the lesser first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Meeting {
    low: EdgeKey,
    high: EdgeKey,
}

#[cfg(test)]
mod tests;
