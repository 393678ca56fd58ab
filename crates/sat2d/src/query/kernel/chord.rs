//! Where a line crosses a rounded convex shape.

use glam::Vec2;

use crate::shape::rounded_convex::RoundedConvex;

/// The parameters `[enter, exit]` where the line `origin + t · direction` crosses
/// `shape` grown by `slack`, or `None` if it misses. `direction` must be unit length.
///
/// ```text
/// polygon core:  clip the line by every face half-plane
/// rounded core:  union of the line's pieces in the core, in each vertex disc and in
///                each edge's band; the shape is convex, so the union is one interval
/// ```
pub(crate) fn chord(
    shape: RoundedConvex<'_>,
    origin: Vec2,
    direction: Vec2,
    slack: f32,
) -> Option<(f32, f32)> {
    let radius = shape.radius + slack;
    if shape.radius == 0.0 && shape.points.len() >= 3 {
        return clip_by_faces(shape.points, shape.normals, origin, direction, slack);
    }
    let mut union: Option<(f32, f32)> = None;
    let mut include = |piece: Option<(f32, f32)>| {
        if let Some((enter, exit)) = piece {
            union = Some(match union {
                Some((low, high)) => (low.min(enter), high.max(exit)),
                None => (enter, exit),
            });
        }
    };
    if shape.points.len() >= 3 {
        include(clip_by_faces(
            shape.points,
            shape.normals,
            origin,
            direction,
            0.0,
        ));
    }
    for point in shape.points {
        include(chord_disc(*point, radius, origin, direction));
    }
    for edge in 0..shape.edge_count() {
        let (start, end) = shape.edge(edge);
        let normal = shape.normals[edge];
        let along = (end - start).normalize();
        let band = [normal, -normal, -along, along];
        let offsets = [
            normal.dot(start) + radius,
            -normal.dot(start) + radius,
            -along.dot(start),
            along.dot(end),
        ];
        include(clip_by_planes(&band, &offsets, origin, direction));
    }
    union
}

/// The line clipped by the half-planes `normal · x ≤ normal · vertex + slack`.
fn clip_by_faces(
    points: &[Vec2],
    normals: &[Vec2],
    origin: Vec2,
    direction: Vec2,
    slack: f32,
) -> Option<(f32, f32)> {
    let mut enter = f32::NEG_INFINITY;
    let mut exit = f32::INFINITY;
    for (vertex, normal) in points.iter().zip(normals) {
        if !clip_one(
            *normal,
            normal.dot(*vertex) + slack,
            origin,
            direction,
            &mut enter,
            &mut exit,
        ) {
            return None;
        }
    }
    (enter <= exit).then_some((enter, exit))
}

/// The line clipped by the half-planes `normals[i] · x ≤ offsets[i]`.
fn clip_by_planes(
    normals: &[Vec2],
    offsets: &[f32],
    origin: Vec2,
    direction: Vec2,
) -> Option<(f32, f32)> {
    let mut enter = f32::NEG_INFINITY;
    let mut exit = f32::INFINITY;
    for (normal, offset) in normals.iter().zip(offsets) {
        if !clip_one(*normal, *offset, origin, direction, &mut enter, &mut exit) {
            return None;
        }
    }
    (enter <= exit).then_some((enter, exit))
}

/// Narrows `[enter, exit]` by one half-plane; false if the line misses it entirely.
#[inline]
fn clip_one(
    normal: Vec2,
    offset: f32,
    origin: Vec2,
    direction: Vec2,
    enter: &mut f32,
    exit: &mut f32,
) -> bool {
    let room = offset - normal.dot(origin);
    let rate = normal.dot(direction);
    if rate.abs() <= f32::EPSILON {
        return room >= 0.0;
    }
    let t = room / rate;
    if rate > 0.0 {
        *exit = exit.min(t);
    } else {
        *enter = enter.max(t);
    }
    true
}

/// The line's chord through the disc of `radius` around `center`.
fn chord_disc(center: Vec2, radius: f32, origin: Vec2, direction: Vec2) -> Option<(f32, f32)> {
    let to_center = center - origin;
    let middle = to_center.dot(direction);
    // The perpendicular offset directly: `|c|² − middle²` cancels badly for small discs.
    let off_line = to_center.perp_dot(direction);
    let half_squared = radius * radius - off_line * off_line;
    if half_squared < 0.0 {
        return None;
    }
    let half = half_squared.sqrt();
    Some((middle - half, middle + half))
}
