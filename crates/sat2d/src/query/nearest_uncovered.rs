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
//! and only a square that few shapes meet is solved piece by piece. A shape with many
//! edges is cut down to each quarter it reaches, so deep squares read short shapes.

use core::cmp::Reverse;
use std::collections::BinaryHeap;

use glam::Vec2;
use smallvec::SmallVec;

use crate::Aabb;
use crate::query::boundary_piece::{BoundaryPiece, covers};
use crate::query::minkowski_difference::MinkowskiDifference;
use crate::shape::rounded_convex::RoundedConvex;

/// A square met by at most this many shapes is solved piece by piece.
const FEW: usize = 6;

/// Squares are not split below the window's size over this.
const FINEST: f32 = 4096.0;

/// A square of the quadtree and the shapes that may meet it (`lists[first..end]`).
struct Cell {
    square: Aabb,
    first: usize,
    end: usize,
}

/// The point nearest the origin, closer than `reach`, that lies inside none of
/// `shapes` by more than `slack` (every shape that comes closer than `reach` to the
/// origin must be given, others may be). `None` if every point closer than `reach` is
/// covered.
///
/// ```text
/// queue = { the square of half side reach around the origin, with every shape }
/// best = reach
/// pop the square nearest the origin while it is nearer than best:
///     keep the shapes that meet it; if one covers it whole: drop it
///     none meets it: its point nearest the origin is free; best = its distance
///     few meet it (or it is the finest size): best = min(best, the nearest point
///         inside it that their boundary pieces give and none of them covers)
///     else: push its four quarters with the shapes kept (long ones cut to each)
/// ```
/// Every point nearer than `reach` lies in some square, and a square is dropped only
/// when one shape covers it or it lies beyond `best`, so the answer is exact.
pub(crate) fn nearest_uncovered_point(
    mut shapes: Vec<MinkowskiDifference>,
    reach: f32,
    slack: f32,
) -> Option<Vec2> {
    let mut boxes: Vec<Aabb> = shapes.iter().map(MinkowskiDifference::bounds).collect();
    let finest = reach / FINEST;
    let mut lists: Vec<u32> = (0..shapes.len() as u32).collect();
    let mut cells = vec![Cell {
        square: Aabb::new(Vec2::splat(-reach), Vec2::splat(reach)),
        first: 0,
        end: shapes.len(),
    }];
    let mut queue = BinaryHeap::from([(Reverse(0u32), 0usize)]);
    let (mut best, mut found) = (reach, None);
    'cells: while let Some((Reverse(distance), index)) = queue.pop() {
        if f32::from_bits(distance) >= best {
            break;
        }
        let Cell { square, first, end } = cells[index];
        let kept_from = lists.len();
        for at in first..end {
            let shape = lists[at] as usize;
            match relation(shapes[shape].view(), &boxes[shape], &square, slack) {
                Relation::Apart => {}
                Relation::Meets => lists.push(shape as u32),
                Relation::Covers => {
                    lists.truncate(kept_from);
                    continue 'cells;
                }
            }
        }
        let kept = kept_from..lists.len();
        if kept.is_empty() {
            let nearest = Vec2::ZERO.clamp(square.min, square.max);
            (best, found) = (nearest.length(), Some(nearest));
        } else if kept.len() <= FEW || square.half_extents().x <= finest {
            let local = Local {
                shapes: &shapes,
                list: &lists[kept],
                square,
                slack,
            };
            local.solve(&mut best, &mut found);
        } else {
            let (center, half) = (square.center(), square.half_extents() * 0.5);
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
                // Long shapes cut a little beyond the quarter: their cut edges stay
                // clear of every point the quarter's solve may keep.
                let window = quarter.grown(0.01 * half.x + slack);
                let first = lists.len();
                for at in kept.clone() {
                    let shape = lists[at] as usize;
                    if shapes[shape].is_small() || window.contains(&boxes[shape]) {
                        lists.push(shape as u32);
                    } else if let Some(cut) = shapes[shape].clone().clipped(&window) {
                        lists.push(shapes.len() as u32);
                        boxes.push(cut.bounds());
                        shapes.push(cut);
                    }
                }
                queue.push((Reverse(distance.to_bits()), cells.len()));
                cells.push(Cell {
                    square: quarter,
                    first,
                    end: lists.len(),
                });
            }
        }
    }
    found
}

/// How a shape and a square lie.
enum Relation {
    /// They share no point.
    Apart,
    /// They may share points.
    Meets,
    /// The shape shrunk by the slack holds the whole square.
    Covers,
}

/// How `shape` (with its box `bounds`) and `square` lie: apart when a face plane of the
/// core, or its box, separates them with room for the radius (an overestimate of
/// meeting near rounded corners, which only costs time); covering when all four
/// corners are covered (the shape is convex).
fn relation(shape: RoundedConvex<'_>, bounds: &Aabb, square: &Aabb, slack: f32) -> Relation {
    if !bounds.intersects(square) {
        return Relation::Apart;
    }
    let (center, half) = (square.center(), square.half_extents());
    for (vertex, normal) in shape.points.iter().zip(shape.normals) {
        let nearest = normal.dot(center - *vertex) - normal.abs().dot(half);
        if nearest > shape.radius {
            return Relation::Apart;
        }
    }
    let corners = [
        square.min,
        square.max,
        Vec2::new(square.min.x, square.max.y),
        Vec2::new(square.max.x, square.min.y),
    ];
    if corners.iter().all(|corner| covers(shape, *corner, slack)) {
        Relation::Covers
    } else {
        Relation::Meets
    }
}

/// A square met by few shapes, solved piece by piece.
struct Local<'a> {
    shapes: &'a [MinkowskiDifference],
    list: &'a [u32],
    square: Aabb,
    slack: f32,
}

impl Local<'_> {
    /// Lowers `best` to the nearest free point inside the square, if nearer.
    ///
    /// ```text
    /// pieces = the boundary pieces of the shapes met that reach into the square
    /// candidates = each piece's nearest point and ends, and where pieces of two
    ///              shapes cross
    /// keep those inside the square that no shape met covers
    /// ```
    /// A candidate is tested only against the shapes that meet the square, so only
    /// candidates inside it (or within half the slack, where no other shape can cover
    /// them by more than the slack) are kept.
    fn solve(&self, best: &mut f32, found: &mut Option<Vec2>) {
        let inside = self.square.grown(0.5 * self.slack);
        let mut pieces: SmallVec<[(u32, BoundaryPiece, Aabb); 32]> = SmallVec::new();
        for &owner in self.list {
            for piece in BoundaryPiece::of(self.shapes[owner as usize].view()) {
                let bounds = piece.bounds();
                if bounds.intersects(&inside) && piece.nearest().length() < *best {
                    pieces.push((owner, piece, bounds));
                }
            }
        }
        let mut consider = |point: Vec2| {
            if point.length() < *best
                && inside.contains_point(point)
                && !self
                    .list
                    .iter()
                    .any(|shape| covers(self.shapes[*shape as usize].view(), point, self.slack))
            {
                (*best, *found) = (point.length(), Some(point));
            }
        };
        for (index, (owner, piece, bounds)) in pieces.iter().enumerate() {
            consider(piece.nearest());
            piece.ends().into_iter().for_each(&mut consider);
            for (other_owner, other, other_bounds) in &pieces[index + 1..] {
                if other_owner != owner && bounds.intersects(other_bounds) {
                    piece.crossings(other).into_iter().for_each(&mut consider);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SQUARE: [Vec2; 4] = [
        Vec2::new(-1.0, -1.0),
        Vec2::new(1.0, -1.0),
        Vec2::new(1.0, 1.0),
        Vec2::new(-1.0, 1.0),
    ];
    const NORMALS: [Vec2; 4] = [Vec2::NEG_Y, Vec2::X, Vec2::Y, Vec2::NEG_X];

    /// The square of half side `half` around `center`, grown by `radius`.
    fn square(center: Vec2, half: f32, radius: f32) -> MinkowskiDifference {
        let points = SQUARE.map(|p| p * half);
        let square = RoundedConvex {
            points: &points,
            normals: &NORMALS,
            radius: 0.0,
        };
        let at = [-center];
        let point = RoundedConvex {
            points: &at,
            normals: &[],
            radius,
        };
        MinkowskiDifference::new(square, point)
    }

    #[test]
    fn finds_the_side_of_two_squares_and_the_rim_of_a_rounded_one() {
        // Two overlapping squares cover the origin; the nearest uncovered point is
        // straight up or down, 1 away.
        let both = vec![
            square(Vec2::new(-0.5, 0.0), 1.0, 0.0),
            square(Vec2::new(0.5, 0.0), 1.0, 0.0),
        ];
        let point = nearest_uncovered_point(both, 4.0, 1e-5).unwrap();
        assert!((point.length() - 1.0).abs() < 1e-5, "{point}");
        assert!(point.x.abs() < 1e-5, "{point}");
        // A small square grown by 1: its rim is 1.1 away along the axes, and
        // farther along the diagonals.
        let point = nearest_uncovered_point(vec![square(Vec2::ZERO, 0.1, 1.0)], 4.0, 1e-5);
        assert!((point.unwrap().length() - 1.1).abs() < 1e-5, "{point:?}");
        assert!(nearest_uncovered_point(vec![square(Vec2::ZERO, 0.1, 1.0)], 1.05, 1e-5).is_none());
    }
}
