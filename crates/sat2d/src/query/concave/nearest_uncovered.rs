//! [`nearest_uncovered_point`]: the point nearest the origin that a set of rounded
//! convex shapes leaves uncovered, by branch and bound over a quadtree.
//!
//! Frame-free: the shapes are given in one frame and distances are measured from its
//! origin (for the concave MTV: A's local frame, the shapes the part pairs'
//! Minkowski differences).
//!
//! The answer lies on some shape's boundary, where no other shape covers it: at a
//! boundary piece's own nearest point to the origin, at a piece's end, or where the
//! boundaries of two shapes cross. Testing every such point against every shape costs
//! the cube of their number, and where many shapes pile up near the origin (finely
//! toothed parts meshing) nearly every point lies deep inside the union. The quadtree spends its effort only near the union's boundary: a square that
//! one shape covers whole is dropped at once, a square that no shape meets is free,
//! (`square_cover.rs` tells both), and only a square that few shapes meet is solved
//! piece by piece (`square_solve.rs`). A shape with many
//! edges is cut down to each quarter it reaches, so deep squares read short shapes.

use core::cmp::Reverse;
use std::collections::BinaryHeap;

use glam::Vec2;

use crate::Aabb;
use crate::query::concave::lazy_difference::{Build, LazyDifference};
use crate::query::concave::square_cover::{corners, covered_by_two, covers_square, meets};
use crate::query::concave::square_solve::SquareSolve;
use crate::query::concave::work_budget::{BOX, BUILD, TEST, WorkBudget};

/// A square met by more than this many shapes is tried for a cover by two of them
/// once a split stalls, and more than four times as many are listed by box only
/// ([`BOXES_ONLY`]).
const FEW: usize = 24;

/// A square met by at most this many shapes is solved piece by piece: the solve
/// crosses every pair of their pieces, so a square splits sooner rather than later.
/// (Two concentric 32-spike stars, a half-size one inside: 11.2 million
/// instructions with 24, 9.5 million with 6.)
const SOLVE_FEW: usize = 6;

/// A square whose shapes have at most this many points in all is solved piece by
/// piece once [`STALLS`] splits in a row have kept nearly all of them: a small star
/// inside a large circle gives dozens of nearly equal rims all the way round, which
/// no square smaller than their spread pulls apart.
const FEW_POINTS: usize = 256;

/// See [`FEW_POINTS`].
const STALLS: u8 = 2;

/// A square listing more shapes than this keeps those whose box meets it, without
/// reading their faces. (Seeded 64-point outline pairs, the slowest of 400: 1.34 ms
/// reading every shape's faces, 1.05 ms with `2 × FEW`; the spiky 63/54-point fuzz
/// find: 12.6 million instructions with `2 × FEW`, 11.4 million with `4 × FEW`.)
const BOXES_ONLY: usize = 4 * FEW;

/// Squares are not split below the window's size over this.
const FINEST: f32 = 4096.0;

/// A square of the quadtree and the shapes that may meet it (`lists[first..end]`).
struct Cell {
    square: Aabb,
    first: usize,
    end: usize,
    /// How many splits in a row, down to this square, kept nearly every shape.
    stalls: u8,
}

/// Where [`nearest_uncovered_point`] looks.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Window {
    /// The search looks at points nearer the origin than this.
    pub reach: f32,
    /// Every point nearer the origin than this is known to be covered (an earlier
    /// search with this reach found no free point): squares within it are dropped
    /// unread.
    pub covered: f32,
}

/// What [`nearest_uncovered_point`] found.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Outcome {
    /// The nearest free point found (`None`: every point closer than `reach` is
    /// covered, or the budget ran out before a free point was found). Free is proven
    /// even when the search is incomplete: a point is kept only once every shape that
    /// meets its square has been read and found not to cover it (a test the budget
    /// refused counts as covering), so it is never a guess.
    pub point: Option<Vec2>,
    /// Whether the search ran to the end, so that `point` is the nearest.
    pub complete: bool,
}

/// The point nearest the origin, closer than `reach`, that lies inside none of
/// `shapes` by more than `slack` (every shape that comes closer than `reach` to the
/// origin must be given, others may be). `None` if every point closer than `reach` is
/// covered. `known` is a free point already known, closer than `reach` (the answer is
/// no farther). Each shape read spends `budget` (a unit per point read); once it is
/// spent the search stops with the nearest free point found so far, incomplete.
///
/// ```text
/// queue = { the square of half side reach around the origin, with every shape }
/// best = reach
/// pop the square nearest the origin while it is nearer than best:
///     keep the shapes that meet it; if one, or two together, cover it whole: drop it
///     none meets it: its point nearest the origin is free; best = its distance
///     few shapes meet it (or few points that splits do not pull apart, or it is
///     the finest size): best = min(best, the nearest point inside it that their
///     boundary pieces give and none of them covers)
///     else: push its four quarters with the shapes kept (long ones cut to each)
/// ```
/// Every point nearer than `reach` lies in some square, and a square is dropped only
/// when shapes cover it or it lies beyond `best`, so the answer is exact. The cost
/// follows the union's boundary near the answer; the worst case is hundreds of
/// boundaries through one point (two many-spiked stars with a common centre), which
/// no split pulls apart and the finest square solves among them all.
pub(crate) fn nearest_uncovered_point(
    shapes: &mut Vec<LazyDifference>,
    build: Build<'_>,
    Window { reach, covered }: Window,
    slack: f32,
    known: Option<Vec2>,
    budget: &mut WorkBudget,
) -> Outcome {
    let mut boxes: Vec<Aabb> = shapes.iter().map(LazyDifference::bounds).collect();
    // Which shapes are used whole, never cut: read at every split, so kept apart
    // from the shapes themselves (fixed once a shape is listed: one waiting to be
    // built is small, and so is what it builds).
    let mut small: Vec<bool> = shapes.iter().map(LazyDifference::is_small).collect();
    let finest = reach / FINEST;
    // Room for the squares' lists of a typical search without growing.
    let mut lists: Vec<u32> = Vec::with_capacity(16 * shapes.len());
    lists.extend(0..shapes.len() as u32);
    let mut cells = vec![Cell {
        square: Aabb::new(Vec2::splat(-reach), Vec2::splat(reach)),
        first: 0,
        end: shapes.len(),
        stalls: 0,
    }];
    let mut queue = BinaryHeap::from([(Reverse(0u32), 0usize)]);
    let (mut best, mut found) = match known {
        Some(point) if point.length() < reach => (point.length(), Some(point)),
        _ => (reach, None),
    };
    let incomplete = |found| Outcome {
        point: found,
        complete: false,
    };
    'cells: while let Some((Reverse(distance), index)) = queue.pop() {
        if f32::from_bits(distance) >= best {
            break;
        }
        let Cell {
            square,
            first,
            end,
            stalls,
        } = cells[index];
        // Wholly within the disc an earlier search proved covered.
        if corners(&square)
            .iter()
            .all(|corner| corner.length() < covered)
        {
            continue;
        }
        // First the shapes whose box holds the square, the only ones that can cover
        // it: a covered square (most, deep in the union) is dropped before the others'
        // faces are read.
        for &shape in &lists[first..end] {
            let shape = shape as usize;
            if boxes[shape].contains(&square) {
                let Some(difference) = shapes[shape].get(build, budget) else {
                    return incomplete(found);
                };
                if !budget.spend(TEST + difference.view().points.len()) {
                    return incomplete(found);
                }
                if covers_square(difference.view(), &square, slack) {
                    continue 'cells;
                }
            }
        }
        // Many shapes: those whose box meets the square, their faces unread (a
        // square deep in many differences keeps nearly all of them, and reading every
        // face costs more than the quarters' extra shapes). Few: those whose faces
        // leave room for it, of those built; one still waiting is kept by its box
        // (built only to be tested against a square, it would cost more than the
        // quarters carrying it: until a cover test or a solve reads it).
        let kept_from = lists.len();
        // Every box is read: charged at once, then the list copied and filtered in
        // place, without a branch (which boxes meet the square follows no pattern a
        // branch predictor can learn).
        if !budget.spend(BOX * (end - first)) {
            return incomplete(found);
        }
        lists.extend_from_within(first..end);
        let mut write = kept_from;
        for read in kept_from..lists.len() {
            let shape = lists[read];
            lists[write] = shape;
            write += usize::from(boxes[shape as usize].intersects(&square));
        }
        lists.truncate(write);
        if end - first <= BOXES_ONLY {
            let mut write = kept_from;
            for read in kept_from..lists.len() {
                let shape = lists[read];
                let kept = match shapes[shape as usize].already_built() {
                    Some(difference) => {
                        if !budget.spend(TEST + difference.view().points.len()) {
                            return incomplete(found);
                        }
                        meets(difference.view(), &square)
                    }
                    None => true,
                };
                lists[write] = shape;
                write += usize::from(kept);
            }
            lists.truncate(write);
        }
        let kept = kept_from..lists.len();
        let stalls = if kept.len() * 10 >= (end - first) * 9 {
            stalls.saturating_add(1)
        } else {
            0
        };
        // Two shapes covering the square along a seam: tried once a split has kept
        // nearly all its shapes (a seam runs on through every quarter, and only this
        // test drops it; elsewhere splitting pulls the shapes apart sooner than the
        // test pays).
        if stalls >= 1
            && kept.len() > FEW
            && covered_by_two(
                (shapes, build),
                &boxes,
                &lists[kept.clone()],
                &square,
                slack,
                budget,
            )
        {
            lists.truncate(kept_from);
            continue;
        }
        // Few shapes, or not many points whose boundaries splitting does not pull
        // apart (nearly equal rims running together): solve here. (Every shape has
        // three points or more: the sum is only taken over short lists.)
        let few = kept.len() <= SOLVE_FEW
            || (stalls >= STALLS
                && kept.len() <= FEW_POINTS / 3
                && points_in(shapes, build, &lists[kept.clone()], budget) <= FEW_POINTS);
        if budget.is_spent() {
            return incomplete(found);
        }
        if kept.is_empty() {
            let nearest = Vec2::ZERO.clamp(square.min, square.max);
            (best, found) = (nearest.length(), Some(nearest));
        } else if few || square.half_extents().x <= finest {
            let local = SquareSolve {
                shapes,
                build,
                list: &lists[kept],
                square,
                slack,
                covered,
            };
            local.solve(&mut best, &mut found, budget);
            if budget.is_spent() {
                return incomplete(found);
            }
        } else {
            let (center, half) = (square.center(), square.half_extents() * 0.5);
            // Quarters share the square's list unless some shape must be cut to them.
            let whole = lists[kept.clone()]
                .iter()
                .all(|shape| small[*shape as usize]);
            for offset in [
                Vec2::new(-half.x, -half.y),
                Vec2::new(half.x, -half.y),
                Vec2::new(-half.x, half.y),
                Vec2::new(half.x, half.y),
            ] {
                let quarter = Aabb::from_center_half_extents(center + offset, half);
                let distance = Vec2::ZERO.clamp(quarter.min, quarter.max).length();
                if distance >= best {
                    continue;
                }
                let (first, end) = if whole {
                    (kept.start, kept.end)
                } else {
                    // Long shapes cut a little beyond the quarter: their cut edges
                    // stay clear of every point the quarter's solve may keep.
                    let window = quarter.grown(0.01 * half.x + slack);
                    let first = lists.len();
                    for at in kept.clone() {
                        let shape = lists[at] as usize;
                        let cost = if small[shape] {
                            TEST
                        } else {
                            BUILD + 4 * shapes[shape].expect_built().view().points.len()
                        };
                        if !budget.spend(cost) {
                            return incomplete(found);
                        }
                        if small[shape] || window.contains(&boxes[shape]) {
                            lists.push(shape as u32);
                        } else if let Some(cut) =
                            shapes[shape].expect_built().clone().clipped(&window)
                        {
                            lists.push(shapes.len() as u32);
                            boxes.push(cut.bounds());
                            small.push(cut.is_small());
                            shapes.push(LazyDifference::built(cut));
                        }
                    }
                    (first, lists.len())
                };
                queue.push((Reverse(distance.to_bits()), cells.len()));
                cells.push(Cell {
                    square: quarter,
                    first,
                    end,
                    stalls,
                });
            }
        }
    }
    Outcome {
        point: found,
        complete: true,
    }
}

/// How many points the shapes `list` names hold in all (each built if it waits).
/// Stops counting once `budget` is spent.
fn points_in(
    shapes: &[LazyDifference],
    build: Build<'_>,
    list: &[u32],
    budget: &mut WorkBudget,
) -> usize {
    let mut points = 0;
    for shape in list {
        match shapes[*shape as usize].get(build, budget) {
            Some(difference) => points += difference.view().points.len(),
            None => break,
        }
    }
    points
}

#[cfg(test)]
mod tests;
