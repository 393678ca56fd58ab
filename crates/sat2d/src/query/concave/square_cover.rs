//! How rounded convex shapes cover an axis-aligned square: the tests that let the
//! quadtree of `nearest_uncovered.rs` drop a square without solving it.
//!
//! Frame-free: shapes and squares are in one frame. "Covers" is strict, by more than
//! the slack ([`covers`]), so a covered square holds no free point.

use core::cmp::Reverse;

use glam::Vec2;
use smallvec::SmallVec;

use crate::Aabb;
use crate::query::concave::boundary_piece::{covers, shrunk_chord};
use crate::query::concave::lazy_difference::{Build, LazyDifference};
use crate::query::concave::work_budget::{TEST, WorkBudget};
use crate::shape::rounded_convex::RoundedConvex;

/// All four corners covered.
pub(crate) const ALL_CORNERS: u8 = 0b1111;

/// A square met by more than a few shapes is tried for a cover by two of them: up to
/// this many shapes, all of them; past it, only those whose box holds the square, and
/// at most this many. (Where many meet, they are mostly thin ones, each covering a
/// corner or two, and no two of them cover a square: finely toothed parts meshing.
/// But a tiny many-part shape deep in a large one gives every seam between the large
/// one's parts dozens of large differences from each side, and without the test the
/// quadtree follows each seam down to its finest squares: seconds, not milliseconds.)
const PAIRED: usize = 64;

/// The most pairs of shapes tried as a square's cover.
const PAIR_TRIES: usize = 4;

/// The square's corners, counter-clockwise from the lower left.
pub(crate) fn corners(square: &Aabb) -> [Vec2; 4] {
    [
        square.min,
        Vec2::new(square.max.x, square.min.y),
        square.max,
        Vec2::new(square.min.x, square.max.y),
    ]
}

/// Whether `shape` may meet `square` (whose box meets it): false when a face plane of
/// the core separates them with room for the radius (an overestimate of meeting near
/// rounded corners, which only costs time).
pub(crate) fn meets(shape: RoundedConvex<'_>, square: &Aabb) -> bool {
    let (center, half) = (square.center(), square.half_extents());
    shape
        .points
        .iter()
        .zip(shape.normals)
        .all(|(vertex, normal)| {
            normal.dot(center - *vertex) - normal.abs().dot(half) <= shape.radius
        })
}

/// Whether `shape` covers the whole of `square` (by more than `slack`): all four
/// corners covered, the shape being convex. (Callers first check that the shape's box
/// holds the square.)
pub(crate) fn covers_square(shape: RoundedConvex<'_>, square: &Aabb, slack: f32) -> bool {
    // Each face against the square's corner farthest along its normal: the scan stops
    // at the first face a corner passes (most shapes tested leave a corner out), and
    // a square every corner of which lies inside the core (and the shape shrunk by the
    // slack) is granted without the corners' test. Both with room for rounding (half
    // the slack, far more than the rounding of a point's height), so that the answers
    // are the corners' test's, sooner.
    let (center, half) = (square.center(), square.half_extents());
    let refuse = shape.radius - 0.5 * slack;
    let mut farthest = f32::NEG_INFINITY;
    for (vertex, normal) in shape.points.iter().zip(shape.normals) {
        let height = normal.dot(center - *vertex) + normal.abs().dot(half);
        if height >= refuse || height.is_nan() {
            return false;
        }
        farthest = farthest.max(height);
    }
    let grant = (shape.radius - slack).min(0.0) - 0.5 * slack;
    (!shape.normals.is_empty() && farthest < grant)
        || corners(square)
            .iter()
            .all(|corner| covers(shape, *corner, slack))
}

/// Which corners of `square` `shape` covers: bit `k` for corner `k` (counter-clockwise
/// from the lower left, as [`corners`] lists them).
pub(crate) fn covered_corners(shape: RoundedConvex<'_>, square: &Aabb, slack: f32) -> u8 {
    corners(square)
        .iter()
        .enumerate()
        .filter(|(_, corner)| covers(shape, **corner, slack))
        .fold(0, |mask, (k, _)| mask | (1 << k))
}

/// Whether `first` and `second` together cover `square` (the corners `first` leaves
/// must be among those `second` covers).
///
/// ```text
/// the part of the square outside first lies in the hull of its extreme points:
///     the corners first leaves, and where first's boundary crosses the square's sides
/// so: second covers all of those  =>  second covers that part
/// ```
/// (A point of `first`'s boundary inside the square is not extreme: the tangent there
/// runs outside `first` on both sides.) A sufficient test: two convex shapes that
/// overlap along a seam across the square pass it, which is what it is for (the
/// differences of two neighbouring parts of a concave shape, each against the same
/// part of the other shape).
pub(crate) fn pair_covers(
    first: RoundedConvex<'_>,
    second: RoundedConvex<'_>,
    square: &Aabb,
    slack: f32,
) -> bool {
    let corners = corners(square);
    (0..4).all(|side| {
        let (start, end) = (corners[side], corners[(side + 1) % 4]);
        let length = start.distance(end);
        let direction = (end - start) / length;
        shrunk_chord(first, start, direction, slack).is_none_or(|(enter, exit)| {
            [enter, exit]
                .into_iter()
                .filter(|t| 0.0 < *t && *t < length)
                .all(|t| covers(second, start + direction * t, slack))
        })
    })
}

/// Whether two of the shapes `kept` (with their `boxes`; built by `build` as they are read) together cover the square: a
/// seam between two neighbouring parts' differences, dropped at once instead of
/// followed down to the finest squares. Which shapes are looked at: see [`PAIRED`].
/// Shapes covering more corners are tried first, and at most [`PAIR_TRIES`] pairs.
/// Spends a unit of `budget` per point read (and reports no cover once it is spent).
pub(crate) fn covered_by_two(
    (shapes, build): (&[LazyDifference], Build<'_>),
    boxes: &[Aabb],
    kept: &[u32],
    square: &Aabb,
    slack: f32,
    budget: &mut WorkBudget,
) -> bool {
    let many = kept.len() > PAIRED;
    let mut cornering: SmallVec<[(u32, u8); 16]> = kept
        .iter()
        .filter(|shape| !many || boxes[**shape as usize].contains(square))
        .take(PAIRED)
        .map(|shape| {
            // Only the corners inside the shape's box can be covered: most shapes
            // hold none, and no face is read for them.
            let bounds = &boxes[*shape as usize];
            let inside = corners(square)
                .iter()
                .enumerate()
                .filter(|(_, corner)| bounds.contains_point(**corner))
                .fold(0u8, |mask, (k, _)| mask | (1 << k));
            if inside == 0 {
                return (*shape, 0);
            }
            // A refused build or test claims no corner: no cover is ever a guess.
            let Some(difference) = shapes[*shape as usize].get(build, budget) else {
                return (*shape, 0);
            };
            let view = difference.view();
            if !budget.spend(TEST + 4 * view.points.len()) {
                return (*shape, 0);
            }
            (*shape, covered_corners(view, square, slack) & inside)
        })
        .filter(|(_, corners)| *corners != 0)
        .collect();
    cornering.sort_unstable_by_key(|(shape, corners)| (Reverse(corners.count_ones()), *shape));
    let mut tries = 0;
    for (index, (first, mask)) in cornering.iter().enumerate() {
        for (second, other) in &cornering[index + 1..] {
            if mask | other != ALL_CORNERS {
                continue;
            }
            let (first, second) = (
                shapes[*first as usize].expect_built().view(),
                shapes[*second as usize].expect_built().view(),
            );
            if !budget.spend(TEST + 8 * (first.points.len() + second.points.len())) {
                return false;
            }
            if pair_covers(first, second, square, slack)
                || pair_covers(second, first, square, slack)
            {
                return true;
            }
            tries += 1;
            if tries == PAIR_TRIES {
                return false;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    const NORMALS: [Vec2; 4] = [Vec2::NEG_Y, Vec2::X, Vec2::Y, Vec2::NEG_X];

    fn rectangle(min: Vec2, max: Vec2) -> [Vec2; 4] {
        corners(&Aabb::new(min, max))
    }

    fn shape(points: &[Vec2; 4]) -> RoundedConvex<'_> {
        RoundedConvex {
            points,
            normals: &NORMALS,
            radius: 0.0,
        }
    }

    #[test]
    fn two_overlapping_halves_cover_a_square_that_neither_covers() {
        let square = Aabb::new(Vec2::ZERO, Vec2::ONE);
        let (left, right) = (
            rectangle(Vec2::new(-1.0, -1.0), Vec2::new(0.6, 2.0)),
            rectangle(Vec2::new(0.4, -1.0), Vec2::new(2.0, 2.0)),
        );
        let (left, right) = (shape(&left), shape(&right));
        assert!(meets(left, &square));
        assert!(!covers_square(left, &square, 1e-5));
        assert_eq!(covered_corners(left, &square, 1e-5), 0b1001);
        assert_eq!(covered_corners(right, &square, 1e-5), 0b0110);
        assert!(pair_covers(left, right, &square, 1e-5));
        // Halves that only meet along a line leave it free.
        let (gap_left, gap_right) = (
            rectangle(Vec2::new(-1.0, -1.0), Vec2::new(0.5, 2.0)),
            rectangle(Vec2::new(0.5, -1.0), Vec2::new(2.0, 2.0)),
        );
        assert!(!pair_covers(
            shape(&gap_left),
            shape(&gap_right),
            &square,
            1e-5
        ));
        // A shape beyond the square is apart from it.
        let far = rectangle(Vec2::splat(3.0), Vec2::splat(4.0));
        let far = shape(&far);
        assert!(!meets(far, &square));
    }
}
