//! Bridging holes into their outline, so that one ear clipping triangulates a polygon
//! with holes (Eberly, "Triangulation by Ear Clipping", section 3).
//!
//! ```text
//! for each hole, rightmost first:
//!     M = the hole's rightmost vertex
//!     cast a ray from M towards +x; it first meets the boundary so far at I
//!     P = I if I is a vertex, else the edge's end of larger x
//!     if a reflex vertex lies in the triangle (M, I, P), P = the one nearest the ray
//!     splice the hole in at P: … P, M, (the hole around), M, P, …
//! ```
//! The result visits some vertices twice: once on each side of a bridge (a slit of no
//! width). Frame: whatever frame the loops are in; the ray test runs in `f64`.

use glam::{DVec2, Vec2};

/// One boundary walk through the outline (counter-clockwise, `loops[0]`) and every
/// hole (clockwise, `loops[1..]`), as indices into the loops' points laid end to end.
/// The holes must lie strictly inside the outline and apart from each other.
pub(crate) fn bridge_holes(loops: &[Vec<Vec2>]) -> Vec<u32> {
    let mut starts = Vec::with_capacity(loops.len());
    let mut points: Vec<DVec2> = Vec::new();
    for walk in loops {
        starts.push(points.len() as u32);
        points.extend(walk.iter().map(|point| point.as_dvec2()));
    }
    let mut sequence: Vec<u32> = (0..loops[0].len() as u32).collect();
    // Each hole's rightmost vertex, rightmost hole first.
    let mut holes: Vec<(usize, u32)> = (1..loops.len())
        .map(|hole| {
            let start = starts[hole];
            let rightmost = (start..start + loops[hole].len() as u32)
                .max_by(|&a, &b| points[a as usize].x.total_cmp(&points[b as usize].x))
                .expect("a hole has points");
            (hole, rightmost)
        })
        .collect();
    holes.sort_by(|a, b| points[b.1 as usize].x.total_cmp(&points[a.1 as usize].x));
    for (hole, rightmost) in holes {
        let at = bridge_position(&points, &sequence, points[rightmost as usize]);
        let (start, length) = (starts[hole], loops[hole].len() as u32);
        let walk = (0..=length).map(|step| start + (rightmost - start + step) % length);
        let spliced: Vec<u32> = walk.chain([sequence[at]]).collect();
        sequence.splice(at + 1..at + 1, spliced);
    }
    sequence
}

/// The position in `sequence` of the vertex the hole vertex `m` bridges to: visible
/// from `m`, and with `m` inside the angle the boundary makes there (a vertex visited
/// twice has two such angles).
fn bridge_position(points: &[DVec2], sequence: &[u32], m: DVec2) -> usize {
    let count = sequence.len();
    let at = |position: usize| points[sequence[position % count] as usize];
    // The nearest crossing of the ray y = m.y, x ≥ m.x, with an edge of the boundary.
    let mut nearest: Option<(f64, usize)> = None;
    for position in 0..count {
        let (a, b) = (at(position), at(position + 1));
        if (a.y > m.y) == (b.y > m.y) && a.y != m.y && b.y != m.y || a.y == b.y {
            continue;
        }
        let x = if a.y == m.y {
            a.x
        } else if b.y == m.y {
            b.x
        } else {
            a.x + (m.y - a.y) / (b.y - a.y) * (b.x - a.x)
        };
        if x >= m.x && nearest.is_none_or(|(best, _)| x < best) {
            // The end of larger x, or the vertex the ray meets.
            let pick = if a.y == m.y {
                position
            } else if b.y == m.y || b.x > a.x {
                position + 1
            } else {
                position
            };
            nearest = Some((x, pick % count));
        }
    }
    let (hit_x, mut best) = nearest.expect("a hole lies inside its outline");
    let hit = DVec2::new(hit_x, m.y);
    let candidate = at(best);
    if candidate != hit {
        // Something may hide P: the reflex vertex inside (M, I, P) nearest the ray's
        // angle, then nearest M.
        let triangle = [m, hit, candidate];
        let mut best_key = (f64::INFINITY, f64::INFINITY);
        for position in 0..count {
            let point = at(position);
            if point == candidate || !is_reflex(points, sequence, position) {
                continue;
            }
            if in_triangle(triangle, point) {
                let offset = point - m;
                let key = ((offset.y / offset.length()).abs(), offset.length_squared());
                if key < best_key {
                    best_key = key;
                    best = position;
                }
            }
        }
    }
    // Of the occurrences of the chosen vertex, the one whose angle holds M.
    let chosen = sequence[best];
    (0..count)
        .filter(|&position| sequence[position] == chosen)
        .find(|&position| angle_holds(points, sequence, position, m))
        .unwrap_or(best)
}

/// Whether the boundary turns right (a reflex vertex, counter-clockwise walk) at
/// `position`.
fn is_reflex(points: &[DVec2], sequence: &[u32], position: usize) -> bool {
    let count = sequence.len();
    let at = |offset: usize| points[sequence[(position + offset) % count] as usize];
    let (previous, current, next) = (at(count - 1), at(0), at(1));
    (current - previous).perp_dot(next - current) < 0.0
}

/// Whether `point` lies in the interior angle of the boundary at `position` (on its
/// left, between the incoming and outgoing edges), closed.
fn angle_holds(points: &[DVec2], sequence: &[u32], position: usize, point: DVec2) -> bool {
    let count = sequence.len();
    let at = |offset: usize| points[sequence[(position + offset) % count] as usize];
    let (previous, current, next) = (at(count - 1), at(0), at(1));
    let left_of_incoming = (current - previous).perp_dot(point - current) >= 0.0;
    let left_of_outgoing = (next - current).perp_dot(point - current) >= 0.0;
    if (current - previous).perp_dot(next - current) >= 0.0 {
        left_of_incoming && left_of_outgoing
    } else {
        left_of_incoming || left_of_outgoing
    }
}

/// Whether `point` lies in the closed triangle, in either winding.
fn in_triangle([a, b, c]: [DVec2; 3], point: DVec2) -> bool {
    let sides = [
        (b - a).perp_dot(point - a),
        (c - b).perp_dot(point - b),
        (a - c).perp_dot(point - c),
    ];
    sides.iter().all(|&side| side >= 0.0) || sides.iter().all(|&side| side <= 0.0)
}
