//! Ear clipping: a simple polygon into triangles.
//!
//! ```text
//! while more than 3 vertices remain:
//!     find a convex vertex whose triangle (previous, vertex, next) holds no reflex vertex
//!     emit that triangle and unlink the vertex
//! ```
//! Only reflex vertices can lie inside an ear, so only they are tested: O(n·r).

use glam::Vec2;

use crate::ShapeError;

/// Triangulates a simple counter-clockwise outline with no duplicate or collinear
/// points, or such an outline with holes bridged in ([`bridge_holes`]: there a point
/// may be visited twice, on either side of a bridge). Triangles are counter-clockwise
/// index triples into `points`.
///
/// [`bridge_holes`]: super::bridge_holes::bridge_holes
///
/// A vertex that becomes collinear with its neighbours during clipping is unlinked
/// without a triangle (it lies on the segment joining them, so no area is lost).
pub(crate) fn ear_clip(points: &[Vec2]) -> Result<Vec<[u32; 3]>, ShapeError> {
    let count = points.len();
    debug_assert!(count >= 3);
    let scale = points
        .iter()
        .fold(0.0f32, |scale, p| scale.max(p.abs().max_element()));
    // Twice the area below which a triangle counts as flat.
    let flat = scale * scale * 1e-10;

    let mut previous: Vec<usize> = (0..count).map(|i| (i + count - 1) % count).collect();
    let mut next: Vec<usize> = (0..count).map(|i| (i + 1) % count).collect();
    let turn = |previous: usize, vertex: usize, next: usize| {
        (points[vertex] - points[previous]).perp_dot(points[next] - points[vertex])
    };
    let mut reflex: Vec<bool> = (0..count)
        .map(|i| turn(previous[i], i, next[i]) < 0.0)
        .collect();
    let mut reflex_list: Vec<usize> = (0..count).filter(|&i| reflex[i]).collect();
    let mut removed = vec![false; count];

    let mut triangles = Vec::with_capacity(count - 2);
    let mut remaining = count;
    let mut vertex = 0;
    let mut misses = 0;
    while remaining > 3 {
        let (before, after) = (previous[vertex], next[vertex]);
        let area = turn(before, vertex, after);
        let clip = if area.abs() <= flat {
            Some(false)
        } else if area > 0.0
            && !holds_reflex(points, &reflex_list, &reflex, [before, vertex, after])
        {
            Some(true)
        } else {
            None
        };
        match clip {
            Some(emit) => {
                if emit {
                    triangles.push([before as u32, vertex as u32, after as u32]);
                }
                next[before] = after;
                previous[after] = before;
                removed[vertex] = true;
                reflex[vertex] = false;
                remaining -= 1;
                misses = 0;
                for neighbour in [before, after] {
                    reflex[neighbour] = turn(previous[neighbour], neighbour, next[neighbour]) < 0.0;
                }
                reflex_list.retain(|&i| reflex[i]);
                vertex = after;
            }
            None => {
                misses += 1;
                if misses > remaining {
                    return Err(ShapeError::Triangulation { remaining });
                }
                vertex = after;
            }
        }
    }
    let (before, after) = (previous[vertex], next[vertex]);
    if turn(before, vertex, after) > flat {
        triangles.push([before as u32, vertex as u32, after as u32]);
    }
    debug_assert!(removed.iter().filter(|r| !**r).count() == 3);
    Ok(triangles)
}

/// Whether any reflex vertex other than the triangle's own lies in the closed triangle.
/// A vertex at one of the triangle's corners (the other visit of a bridged point) does
/// not block it.
fn holds_reflex(
    points: &[Vec2],
    reflex_list: &[usize],
    reflex: &[bool],
    triangle: [usize; 3],
) -> bool {
    let [a, b, c] = triangle.map(|i| points[i]);
    reflex_list.iter().any(|&i| {
        if !reflex[i] || triangle.contains(&i) {
            return false;
        }
        let p = points[i];
        if p == a || p == b || p == c {
            return false;
        }
        (b - a).perp_dot(p - a) >= 0.0
            && (c - b).perp_dot(p - b) >= 0.0
            && (a - c).perp_dot(p - c) >= 0.0
    })
}
