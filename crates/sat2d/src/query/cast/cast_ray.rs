//! [`cast_ray`]: where a ray first meets a shape.

use glam::Vec2;

use super::outline_normal::{outline_normal, vertex_slack};
use crate::query::kernel::{ConvexCore, Feature, ray_entry};
use crate::query::parts::part_bounds;
use crate::{Iso, RELATIVE_TOLERANCE, Ray, RayHit, Shape};

/// Where `ray` first meets `shape` placed by `iso`, within `max_distance` of its
/// origin, or `None`.
///
/// Shapes are solid: a ray that starts inside `shape` or on its boundary (within the
/// tolerance of [`contains_point`](crate::contains_point), so the two agree) hits at
/// distance 0 with normal `-ray.direction()`. For a concave polygon the nearest part
/// wins, and the normal is one of the whole boundary's: an edge's outward normal, or
/// at a boundary vertex one inside that vertex's normal cone, never the normal of an
/// edge between two parts. Returns `None` when `max_distance` is negative or NaN, or
/// `iso` is not [in range](Iso::is_in_range).
/// Exact: the hit is computed, not searched for.
///
/// ```
/// use sat2d::{Iso, Ray, Shape, Vec2};
/// let ball = Shape::circle(1.0);
/// let at = Iso::from_translation(Vec2::new(5.0, 0.0));
/// let ray = Ray::new(Vec2::ZERO, Vec2::X);
/// let hit = sat2d::cast_ray(&ball, &at, &ray, 10.0).unwrap();
/// assert!((hit.distance - 4.0).abs() < 1e-5);
/// assert!((hit.point - Vec2::new(4.0, 0.0)).length() < 1e-5);
/// assert!((hit.normal - -Vec2::X).length() < 1e-5);
/// assert!(sat2d::cast_ray(&ball, &at, &ray, 3.0).is_none()); // too short
/// ```
#[must_use]
pub fn cast_ray(shape: &Shape, iso: &Iso, ray: &Ray, max_distance: f32) -> Option<RayHit> {
    if max_distance.is_nan() || max_distance < 0.0 || !iso.is_in_range() {
        return None;
    }
    let origin = iso.inverse_transform_point(ray.origin());
    let direction = iso.inverse_transform_vector(ray.direction());
    let inside = RayHit {
        distance: 0.0,
        point: ray.origin(),
        normal: -ray.direction(),
    };
    if starts_on(shape, origin) {
        return Some(inside);
    }
    let (entry, part) = if let Shape::Concave(_) = shape {
        let mut best = None;
        let mut reach = max_distance;
        for part in 0..shape.part_count() {
            // Skip parts whose bounding circle lies off the ray or beyond the best hit.
            let (center, radius) = part_bounds(shape, part);
            let to_center = center - origin;
            let along = to_center.dot(direction);
            if to_center.perp_dot(direction).abs() > radius
                || along + radius < 0.0
                || along - radius > reach
            {
                continue;
            }
            if let Some(entry) = ray_entry(&shape.part(part), origin, direction, reach) {
                reach = entry.distance;
                best = Some((entry, part));
                if entry.feature == Feature::Inside {
                    break;
                }
            }
        }
        best
    } else {
        ray_entry(&shape.part(0), origin, direction, max_distance).map(|entry| (entry, 0))
    }?;
    let normal = match (shape, entry.feature) {
        (_, Feature::Inside) => return Some(inside),
        // A part's normal, made one of the whole boundary's.
        (Shape::Concave(polygon), _) => {
            let point = origin + direction * entry.distance;
            let slack = vertex_slack(
                RELATIVE_TOLERANCE * shape.reach(),
                origin.length() + entry.distance,
            );
            outline_normal(polygon, part, point, entry.normal, slack)
        }
        _ => entry.normal,
    };
    Some(RayHit {
        distance: entry.distance,
        point: ray.at(entry.distance),
        normal: iso.transform_vector(normal),
    })
}

/// Whether a ray starting at `origin` (in the shape's frame) starts in the shape or on
/// its boundary, within the tolerance [`contains_point`](crate::contains_point) uses,
/// so that the two agree. The bounding circle rules out most origins first.
fn starts_on(shape: &Shape, origin: Vec2) -> bool {
    let tolerance = RELATIVE_TOLERANCE * shape.reach();
    origin.length() <= shape.reach() + tolerance
        && (0..shape.part_count()).any(|part| shape.part(part).contains(origin, tolerance))
}
