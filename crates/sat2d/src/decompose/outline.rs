//! Cleaning and validating a polygon outline before it becomes a shape.
//!
//! Pipeline: cap the count → reject NaN/inf, coordinates and an extent out of range →
//! merge consecutive duplicates → drop collinear points (a back-tracking spike is a
//! self-intersection) → need 3 points → orient counter-clockwise → reject
//! self-intersections.

use glam::Vec2;

use crate::math::segment::segments_touch;
use crate::{MAX_POLYGON_POINTS, ShapeError, validate_extent, validate_points};

/// Relative tolerance for merging points and dropping collinear ones.
const OUTLINE_TOLERANCE: f32 = 1e-6;

/// A validated simple outline: counter-clockwise, no duplicate or collinear points.
#[derive(Debug)]
pub(crate) struct Outline {
    pub points: Vec<Vec2>,
    /// Whether every turn is a left turn.
    pub is_convex: bool,
}

/// Validates `input` as a simple polygon outline.
pub(crate) fn clean_outline(input: &[Vec2]) -> Result<Outline, ShapeError> {
    if input.len() > MAX_POLYGON_POINTS {
        return Err(ShapeError::TooManyPoints {
            count: input.len(),
            max: MAX_POLYGON_POINTS,
        });
    }
    validate_points(input)?;
    // Before merging: its distances underflow to zero below the range.
    validate_extent(input.iter().copied())?;
    let scale = input
        .iter()
        .fold(0.0f32, |scale, p| scale.max(p.abs().max_element()))
        .max(f32::MIN_POSITIVE);
    let merge_distance = scale * OUTLINE_TOLERANCE;

    // Points paired with their index in the input, for error messages.
    let mut points: Vec<(Vec2, usize)> = Vec::with_capacity(input.len());
    for (index, point) in input.iter().enumerate() {
        if points
            .last()
            .is_none_or(|(last, _)| last.distance(*point) > merge_distance)
        {
            points.push((*point, index));
        }
    }
    while points.len() > 1 && points[0].0.distance(points[points.len() - 1].0) <= merge_distance {
        points.pop();
    }
    if points.len() < 3 {
        return Err(ShapeError::TooFewPoints {
            distinct: points.len(),
        });
    }
    if all_collinear(&points) {
        return Err(ShapeError::ZeroArea);
    }
    remove_collinear(&mut points)?;
    if points.len() < 3 {
        return Err(ShapeError::ZeroArea);
    }
    if signed_area(points.iter().map(|(p, _)| *p)) < 0.0 {
        points.reverse();
    }
    check_simple(&points)?;
    let coordinates: Vec<Vec2> = points.iter().map(|(p, _)| *p).collect();
    let is_convex = (0..coordinates.len()).all(|i| turn(&coordinates, i) > 0.0);
    Ok(Outline {
        points: coordinates,
        is_convex,
    })
}

/// Whether every point lies on the line through the first point and the point
/// farthest from it.
fn all_collinear(points: &[(Vec2, usize)]) -> bool {
    let origin = points[0].0;
    let far = points
        .iter()
        .map(|(p, _)| *p)
        .max_by(|p, q| {
            p.distance_squared(origin)
                .total_cmp(&q.distance_squared(origin))
        })
        .unwrap_or(origin);
    let axis = far - origin;
    let limit = OUTLINE_TOLERANCE * axis.length_squared();
    points
        .iter()
        .all(|(p, _)| axis.perp_dot(*p - origin).abs() <= limit)
}

/// The signed area (positive for counter-clockwise), by the shoelace formula taken
/// relative to the first point, so that far from the origin it keeps its precision.
/// Zero for fewer than three points.
///
/// Each product is exact in `f64` and the sum is taken there: the terms of a concave
/// outline cancel, and in `f32` the sum would keep little of what is left.
pub(crate) fn signed_area(points: impl Iterator<Item = Vec2> + Clone) -> f32 {
    let mut points = points.peekable();
    let Some(&origin) = points.peek() else {
        return 0.0;
    };
    let relative = points.map(|point| (point - origin).as_dvec2());
    let next = relative.clone().cycle().skip(1);
    (relative.zip(next).map(|(a, b)| a.perp_dot(b)).sum::<f64>() * 0.5) as f32
}

/// Whether the closed loop `walk` winds around `point` (even–odd rule, in `f64`).
pub(crate) fn winds_around(walk: &[Vec2], point: Vec2) -> bool {
    let mut inside = false;
    for (index, a) in walk.iter().enumerate() {
        let b = walk[(index + 1) % walk.len()];
        let (a, b, p) = (a.as_dvec2(), b.as_dvec2(), point.as_dvec2());
        if (a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x) {
            inside = !inside;
        }
    }
    inside
}

/// The cross product of the edges around vertex `i`: positive for a left turn.
fn turn(points: &[Vec2], i: usize) -> f32 {
    let n = points.len();
    let previous = points[(i + n - 1) % n];
    let next = points[(i + 1) % n];
    (points[i] - previous).perp_dot(next - points[i])
}

/// Drops points that lie on the line through their neighbours. A point where the
/// outline doubles back on itself (a zero-width spike) is a self-intersection.
fn remove_collinear(points: &mut Vec<(Vec2, usize)>) -> Result<(), ShapeError> {
    let mut changed = true;
    while changed && points.len() >= 3 {
        changed = false;
        let mut i = 0;
        while i < points.len() && points.len() >= 3 {
            let n = points.len();
            let previous = points[(i + n - 1) % n];
            let (current, index) = points[i];
            let next = points[(i + 1) % n];
            let incoming = current - previous.0;
            let outgoing = next.0 - current;
            let cross = incoming.perp_dot(outgoing);
            let limit = OUTLINE_TOLERANCE * incoming.length() * outgoing.length();
            if cross.abs() <= limit {
                if incoming.dot(outgoing) < 0.0 && n > 3 {
                    return Err(ShapeError::SelfIntersecting {
                        first: previous.1,
                        second: index,
                    });
                }
                points.remove(i);
                changed = true;
            } else {
                i += 1;
            }
        }
    }
    Ok(())
}

/// Rejects outlines where two edges meet anywhere but at their shared vertex.
fn check_simple(points: &[(Vec2, usize)]) -> Result<(), ShapeError> {
    let coordinates: Vec<Vec2> = points.iter().map(|(point, _)| *point).collect();
    match first_meeting(&[&coordinates]) {
        Some(((_, first), (_, second))) => Err(ShapeError::SelfIntersecting {
            first: points[first].1,
            second: points[second].1,
        }),
        None => Ok(()),
    }
}

/// The first two edges of the closed `loops` found to meet anywhere but at the vertex
/// two neighbours of one loop share, each as (loop, edge from point `edge` to the
/// next), lower first; `None` when every loop is simple and no two loops touch.
///
/// Edges are sorted by their lowest x so that each edge is only tested against the
/// edges whose x-range overlaps its own: O(n log n + k) on ordinary outlines.
pub(crate) fn first_meeting(loops: &[&[Vec2]]) -> Option<((usize, usize), (usize, usize))> {
    let edges: Vec<(usize, usize)> = loops
        .iter()
        .enumerate()
        .flat_map(|(walk, points)| (0..points.len()).map(move |edge| (walk, edge)))
        .collect();
    let ends = |(walk, edge): (usize, usize)| {
        let points = loops[walk];
        (points[edge], points[(edge + 1) % points.len()])
    };
    let min_x = |edge| {
        let (a, b) = ends(edge);
        a.x.min(b.x)
    };
    let mut order: Vec<(usize, usize)> = edges;
    order.sort_by(|&a, &b| min_x(a).total_cmp(&min_x(b)).then(a.cmp(&b)));
    for (rank, &first) in order.iter().enumerate() {
        let (a0, a1) = ends(first);
        let max_x = a0.x.max(a1.x);
        for &second in &order[rank + 1..] {
            if min_x(second) > max_x {
                break;
            }
            let (b0, b1) = ends(second);
            let length = loops[first.0].len();
            let same_loop = first.0 == second.0;
            let first_then_second = same_loop && (first.1 + 1) % length == second.1;
            let second_then_first = same_loop && (second.1 + 1) % length == first.1;
            let meets = if first_then_second || second_then_first {
                // Neighbours share one vertex; they may not overlap beyond it.
                let (shared, other_a, other_b) = if first_then_second {
                    (a1, a0, b1)
                } else {
                    (a0, a1, b0)
                };
                (other_a - shared).perp_dot(other_b - shared) == 0.0
                    && (other_a - shared).dot(other_b - shared) > 0.0
            } else {
                segments_touch(a0, a1, b0, b1)
            };
            if meets {
                return Some((first.min(second), first.max(second)));
            }
        }
    }
    None
}
