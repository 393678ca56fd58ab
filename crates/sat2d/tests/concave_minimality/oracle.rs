//! The exactly minimal translation of B out of A, by brute force in `f64`, sharing no
//! code with the crate: every part pair's Minkowski difference as a hull (from
//! `common/exact.rs`) grown by the summed radii, every candidate point on the
//! differences' boundaries, every pair of boundary pieces crossed, and each candidate
//! tested against every difference. No pruning, no bounds.
//!
//! B moved by `t` overlaps part pair `(i, j)` exactly when `t` lies inside
//! `D_ij = A_i ⊖ B_j` (grown by both radii); the minimal translation is the point
//! nearest the origin that lies inside none of them (on a boundary is touching).

use glam::DVec2;
use sat2d::{Iso, Shape};

use crate::common::exact::{cores, hull, hull_signed_distance};

/// One part pair's difference: a convex hull grown by `radius`.
struct Difference {
    hull: Vec<DVec2>,
    radius: f64,
}

/// A piece of a difference's boundary: a straight edge, or the arc around a hull vertex
/// from the outward direction `from` counter-clockwise to `to`.
enum Piece {
    Edge(DVec2, DVec2),
    Arc {
        center: DVec2,
        radius: f64,
        from: DVec2,
        to: DVec2,
    },
}

/// The shortest translation of B (placed by `iso_b`) that leaves it at most touching A
/// (placed by `iso_a`), as a vector in world space.
pub fn minimal_translation(a: &Shape, iso_a: &Iso, b: &Shape, iso_b: &Iso) -> DVec2 {
    minimal_translation_of_pieces(a, iso_a, &[(b, *iso_b)])
}

/// [`minimal_translation`] of a B made of separate `shapes` moved together (a floor of
/// tiles): every part of every shape counts as one of B's parts.
pub fn minimal_translation_of_pieces(a: &Shape, iso_a: &Iso, shapes: &[(&Shape, Iso)]) -> DVec2 {
    let mut differences = Vec::new();
    for part_a in cores(a, iso_a) {
        for part_b in shapes.iter().flat_map(|(b, iso_b)| cores(b, iso_b)) {
            let points: Vec<DVec2> = part_a
                .points
                .iter()
                .flat_map(|p| part_b.points.iter().map(move |q| *p - *q))
                .collect();
            let hull = hull(&points);
            assert!(hull.len() >= 3, "a concave part minus anything has an area");
            differences.push(Difference {
                hull,
                radius: part_a.radius + part_b.radius,
            });
        }
    }
    let scale = differences
        .iter()
        .flat_map(|d| d.hull.iter().map(|p| p.length() + d.radius))
        .fold(1.0, f64::max);
    let free = |point: DVec2| {
        differences
            .iter()
            .all(|d| hull_signed_distance(&d.hull, point) - d.radius >= -1e-9 * scale)
    };
    if free(DVec2::ZERO) {
        return DVec2::ZERO;
    }
    let pieces: Vec<(usize, Piece)> = differences
        .iter()
        .enumerate()
        .flat_map(|(index, d)| pieces(d).into_iter().map(move |piece| (index, piece)))
        .collect();
    let mut candidates: Vec<DVec2> = pieces.iter().flat_map(|(_, p)| own_points(p)).collect();
    for (first, (owner, piece)) in pieces.iter().enumerate() {
        for (other_owner, other) in &pieces[first + 1..] {
            if owner != other_owner {
                candidates.extend(crossings(piece, other));
            }
        }
    }
    candidates.sort_by(|x, y| x.length().total_cmp(&y.length()));
    candidates
        .into_iter()
        .find(|point| free(*point))
        .expect("some boundary point is free")
}

/// The boundary of a hull grown by a radius: its edges pushed out, and an arc at each
/// vertex (just the edges when the radius is zero).
fn pieces(difference: &Difference) -> Vec<Piece> {
    let hull = &difference.hull;
    let count = hull.len();
    let normal = |k: usize| {
        let edge = hull[(k + 1) % count] - hull[k];
        DVec2::new(edge.y, -edge.x).normalize()
    };
    let radius = difference.radius;
    let mut pieces = Vec::new();
    for k in 0..count {
        let n = normal(k);
        pieces.push(Piece::Edge(
            hull[k] + n * radius,
            hull[(k + 1) % count] + n * radius,
        ));
        if radius > 0.0 {
            pieces.push(Piece::Arc {
                center: hull[k],
                radius,
                from: normal((k + count - 1) % count),
                to: n,
            });
        }
    }
    pieces
}

/// Whether unit `direction` lies on the arc from `from` counter-clockwise to `to`
/// (an arc of less than a half turn).
fn on_arc(from: DVec2, to: DVec2, direction: DVec2) -> bool {
    from.perp_dot(direction) >= -1e-12 && direction.perp_dot(to) >= -1e-12
}

/// The points of one piece that can be nearest the origin: its ends, and the point
/// nearest the origin of the whole edge or arc.
fn own_points(piece: &Piece) -> Vec<DVec2> {
    match piece {
        Piece::Edge(start, end) => {
            let edge = *end - *start;
            let t = (-start.dot(edge) / edge.length_squared()).clamp(0.0, 1.0);
            vec![*start, *end, *start + edge * t]
        }
        Piece::Arc {
            center,
            radius,
            from,
            to,
        } => {
            let mut points = vec![*center + *from * *radius, *center + *to * *radius];
            if center.length() > 0.0 {
                let inward = -center.normalize();
                if on_arc(*from, *to, inward) {
                    points.push(*center + inward * *radius);
                }
            }
            points
        }
    }
}

/// Where two pieces cross.
fn crossings(first: &Piece, second: &Piece) -> Vec<DVec2> {
    match (first, second) {
        (Piece::Edge(a0, a1), Piece::Edge(b0, b1)) => {
            let (da, db) = (*a1 - *a0, *b1 - *b0);
            let denominator = da.perp_dot(db);
            if denominator.abs() < 1e-300 {
                return Vec::new();
            }
            let offset = *b0 - *a0;
            let (t, u) = (
                offset.perp_dot(db) / denominator,
                offset.perp_dot(da) / denominator,
            );
            if (0.0..=1.0).contains(&t) && (0.0..=1.0).contains(&u) {
                vec![*a0 + da * t]
            } else {
                Vec::new()
            }
        }
        (Piece::Edge(start, end), arc @ Piece::Arc { .. })
        | (arc @ Piece::Arc { .. }, Piece::Edge(start, end)) => {
            let Piece::Arc { center, radius, .. } = arc else {
                unreachable!()
            };
            let edge = *end - *start;
            let offset = *start - *center;
            let (a, b, c) = (
                edge.length_squared(),
                2.0 * offset.dot(edge),
                offset.length_squared() - radius * radius,
            );
            let discriminant = b * b - 4.0 * a * c;
            if discriminant < 0.0 {
                return Vec::new();
            }
            [-1.0, 1.0]
                .into_iter()
                .map(|sign| (-b + sign * discriminant.sqrt()) / (2.0 * a))
                .filter(|t| (0.0..=1.0).contains(t))
                .map(|t| *start + edge * t)
                .filter(|point| arc_holds(arc, *point))
                .collect()
        }
        (
            first @ Piece::Arc {
                center: c0,
                radius: r0,
                ..
            },
            second @ Piece::Arc {
                center: c1,
                radius: r1,
                ..
            },
        ) => {
            let between = *c1 - *c0;
            let distance = between.length();
            if distance == 0.0 || distance > r0 + r1 || distance < (r0 - r1).abs() {
                return Vec::new();
            }
            let along = (r0 * r0 - r1 * r1 + distance * distance) / (2.0 * distance);
            let across = (r0 * r0 - along * along).max(0.0).sqrt();
            let (axis, side) = (between / distance, between.perp() / distance);
            [-1.0, 1.0]
                .into_iter()
                .map(|sign| *c0 + axis * along + side * (sign * across))
                .filter(|point| arc_holds(first, *point) && arc_holds(second, *point))
                .collect()
        }
    }
}

/// Whether a point on an arc's circle lies on the arc itself.
fn arc_holds(arc: &Piece, point: DVec2) -> bool {
    let Piece::Arc {
        center, from, to, ..
    } = arc
    else {
        return true;
    };
    on_arc(*from, *to, (point - *center).normalize())
}
