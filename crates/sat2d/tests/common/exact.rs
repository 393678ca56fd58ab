//! An independent oracle in f64: the signed distance between two convex shapes from
//! the hull of their Minkowski difference (no separating axes involved).

use glam::DVec2;
use sat2d::{Iso, Shape, Vec2};

/// A convex core (point, segment or CCW polygon) plus a radius, in world space, f64.
#[derive(Clone, Debug)]
pub struct Core {
    pub points: Vec<DVec2>,
    pub radius: f64,
}

fn place(iso: &Iso, point: Vec2) -> DVec2 {
    let (cos, sin) = (iso.rotation.cos as f64, iso.rotation.sin as f64);
    let (x, y) = (point.x as f64, point.y as f64);
    DVec2::new(
        cos * x - sin * y + iso.translation.x as f64,
        sin * x + cos * y + iso.translation.y as f64,
    )
}

/// The convex parts of `shape` placed by `iso`.
pub fn cores(shape: &Shape, iso: &Iso) -> Vec<Core> {
    let core = |points: &[Vec2], radius: f32| Core {
        points: points.iter().map(|p| place(iso, *p)).collect(),
        radius: radius as f64,
    };
    match shape {
        Shape::Circle(circle) => vec![core(&[Vec2::ZERO], circle.radius())],
        Shape::Segment(segment) => vec![core(segment.points(), 0.0)],
        Shape::Capsule(capsule) => vec![core(capsule.segment().points(), capsule.radius())],
        Shape::Polygon(polygon) => vec![core(polygon.points(), 0.0)],
        Shape::Concave(polygon) => polygon
            .parts()
            .iter()
            .map(|part| core(part.points(), 0.0))
            .collect(),
    }
}

/// Convex hull in f64 (monotone chain), CCW, collinear points dropped.
pub fn hull(points: &[DVec2]) -> Vec<DVec2> {
    let mut sorted = points.to_vec();
    sorted.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    sorted.dedup();
    if sorted.len() < 3 {
        return sorted;
    }
    let cross = |o: DVec2, a: DVec2, b: DVec2| (a - o).perp_dot(b - o);
    let mut lower: Vec<DVec2> = Vec::new();
    for &p in &sorted {
        while lower.len() >= 2 && cross(lower[lower.len() - 2], lower[lower.len() - 1], p) <= 0.0 {
            lower.pop();
        }
        lower.push(p);
    }
    let mut upper: Vec<DVec2> = Vec::new();
    for &p in sorted.iter().rev() {
        while upper.len() >= 2 && cross(upper[upper.len() - 2], upper[upper.len() - 1], p) <= 0.0 {
            upper.pop();
        }
        upper.push(p);
    }
    lower.pop();
    upper.pop();
    lower.extend(upper);
    lower
}

fn segment_distance(point: DVec2, start: DVec2, end: DVec2) -> f64 {
    let edge = end - start;
    let length_squared = edge.length_squared();
    let t = if length_squared > 0.0 {
        ((point - start).dot(edge) / length_squared).clamp(0.0, 1.0)
    } else {
        0.0
    };
    point.distance(start + edge * t)
}

/// Signed distance from `point` to a convex point set given by its hull (negative inside).
pub fn hull_signed_distance(hull: &[DVec2], point: DVec2) -> f64 {
    match hull.len() {
        0 => f64::INFINITY,
        1 => point.distance(hull[0]),
        2 => segment_distance(point, hull[0], hull[1]),
        count => {
            let mut distance = f64::INFINITY;
            let mut inside = true;
            for i in 0..count {
                let (start, end) = (hull[i], hull[(i + 1) % count]);
                distance = distance.min(segment_distance(point, start, end));
                if (end - start).perp_dot(point - start) < 0.0 {
                    inside = false;
                }
            }
            if inside { -distance } else { distance }
        }
    }
}

/// Signed distance between two rounded convex cores: their distance when apart, minus
/// the penetration depth when they overlap.
pub fn signed_distance(a: &Core, b: &Core) -> f64 {
    let differences: Vec<DVec2> = a
        .points
        .iter()
        .flat_map(|p| b.points.iter().map(move |q| *p - *q))
        .collect();
    hull_signed_distance(&hull(&differences), DVec2::ZERO) - a.radius - b.radius
}

/// Signed distance from `point` to one core (negative inside).
pub fn point_signed_distance(core: &Core, point: DVec2) -> f64 {
    hull_signed_distance(&hull(&core.points), point) - core.radius
}

/// Signed distance from `point` to a union of cores: exact outside, negative inside.
pub fn union_signed_distance(cores: &[Core], point: DVec2) -> f64 {
    cores
        .iter()
        .map(|core| point_signed_distance(core, point))
        .fold(f64::INFINITY, f64::min)
}

/// Largest amount by which `inner` sticks out of convex `outer` (≤ 0: contained).
pub fn protrusion(inner: &Core, outer: &Core) -> f64 {
    let outer_hull = hull(&outer.points);
    inner
        .points
        .iter()
        .map(|p| hull_signed_distance(&outer_hull, *p) + inner.radius - outer.radius)
        .fold(f64::NEG_INFINITY, f64::max)
}

/// `shape`'s size, for relative tolerances.
pub fn size(a: &Shape, b: &Shape) -> f64 {
    (a.reach() + b.reach()) as f64
}

/// Converts to f64.
pub fn wide(v: Vec2) -> DVec2 {
    DVec2::new(v.x as f64, v.y as f64)
}

/// Signed distance from `point` to the whole shape placed by `iso`: exact inside and
/// out (concave shapes use their outline, not their parts).
pub fn shape_signed_distance(shape: &Shape, iso: &Iso, point: DVec2) -> f64 {
    let Shape::Concave(polygon) = shape else {
        return point_signed_distance(&cores(shape, iso)[0], point);
    };
    let outline: Vec<DVec2> = polygon.outline().iter().map(|p| place(iso, *p)).collect();
    let count = outline.len();
    let mut inside = false;
    let mut distance = f64::INFINITY;
    for i in 0..count {
        let (start, end) = (outline[i], outline[(i + 1) % count]);
        distance = distance.min(segment_distance(point, start, end));
        if (start.y > point.y) != (end.y > point.y) {
            let x = start.x + (point.y - start.y) / (end.y - start.y) * (end.x - start.x);
            if point.x < x {
                inside = !inside;
            }
        }
    }
    if inside { -distance } else { distance }
}

/// How deep the deepest pair of the two shapes' convex parts overlaps, exactly
/// (negative: apart).
pub fn deepest_overlap(a: &Shape, iso_a: &Iso, b: &Shape, iso_b: &Iso) -> f64 {
    let (parts_a, parts_b) = (cores(a, iso_a), cores(b, iso_b));
    parts_a
        .iter()
        .flat_map(|p| parts_b.iter().map(move |q| -signed_distance(p, q)))
        .fold(f64::NEG_INFINITY, f64::max)
}
