//! [`cast_ray`]: where a ray first meets a shape.

use glam::Vec2;

use super::outline_normal::{outline_normal, vertex_slack};
use crate::query::bounding_reject::{manhattan, miter_of, reject_margin};
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
    if passes_clear(shape, origin, direction, max_distance) {
        return None;
    }
    cast_ray_exact(shape, iso, ray, origin, direction, max_distance)
}

/// [`cast_ray`] past its bounding-circle reject: `origin` and `direction` are the
/// ray's in the shape's frame.
fn cast_ray_exact(
    shape: &Shape,
    iso: &Iso,
    ray: &Ray,
    origin: Vec2,
    direction: Vec2,
    max_distance: f32,
) -> Option<RayHit> {
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
            if misses_disc(center, radius, origin, direction, reach) {
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

/// Whether the ray (in the shape's frame) passes clear of the shape by more than
/// anything [`cast_ray_exact`] could count as a hit: of its bounding circle, and for a
/// capsule or a segment of its core grown by the radius. Most misses end here, before
/// the faces are read (parry rejects a ball by its quadratic and a cuboid by its slabs
/// the same way). Concave shapes skip it: their parts have their own circles.
///
/// ```text
/// slack  = 2 · RELATIVE_TOLERANCE · reach                  (a graze or touching start)
///        + 16ε · (|origin|₁ + 4 · reach + max_distance)   (the faces' offsets pushed out
///                                                          by their rounding, and the
///                                                          rounding of both tests)
/// margin = slack × the polygon's miter (1 for a disc, a capsule or a segment)
/// clear  = the ray misses the bounding disc grown by the margin,
///          or meets it only past max_distance + margin,
///          or (capsule, segment) its line passes the core farther than radius + margin
/// ```
/// The exact path accepts no more than `RELATIVE_TOLERANCE ×` the size of the shape
/// outside it as a graze or a touching start, and pushes faces out by at most `2ε ×`
/// the coordinates they are formed from (`ROUNDING_SLACK`). A disc's or a capsule's
/// tolerance is a distance; a polygon's is a height over every face plane, which puts
/// the accepted region's vertices up to the miter times as far out (a spike of 1.5°:
/// 76 times). The slack holds both several times over (`|origin|₁ ≥ |origin|`, no
/// square root), so a rejected ray is one the exact path misses too (the property test
/// below checks it).
#[inline]
fn passes_clear(shape: &Shape, origin: Vec2, direction: Vec2, max_distance: f32) -> bool {
    let Some(miter) = miter_of(shape) else {
        return false;
    };
    let (center, radius, reach) = match shape {
        Shape::Polygon(polygon) => {
            let metrics = polygon.metrics();
            (metrics.centroid, metrics.bounding_radius, metrics.reach)
        }
        Shape::Circle(circle) => (Vec2::ZERO, circle.radius(), circle.radius()),
        _ => {
            let bounds = shape.bounding_circle(&Iso::IDENTITY);
            (bounds.center, bounds.radius, shape.reach())
        }
    };
    let margin = reject_margin(
        miter,
        2.0 * RELATIVE_TOLERANCE * reach,
        manhattan(origin) + 4.0 * reach + max_distance,
    );
    if misses_disc(
        center,
        radius + margin,
        origin,
        direction,
        max_distance + margin,
    ) {
        return true;
    }
    let (segment, radius) = match shape {
        Shape::Capsule(capsule) => (capsule.segment(), capsule.radius()),
        Shape::Segment(segment) => (segment, 0.0),
        _ => return false,
    };
    // Signed distances of the core's ends across the line: on one side, the nearer
    // end is the core's nearest point to the line.
    let (off_a, off_b) = (
        (segment.a() - origin).perp_dot(direction),
        (segment.b() - origin).perp_dot(direction),
    );
    off_a * off_b > 0.0 && off_a.abs().min(off_b.abs()) > radius + margin
}

/// Whether the ray `origin + t · direction`, `0 ≤ t ≤ max_distance` (`direction` unit
/// length), misses the disc of `radius` around `center`: the line passes farther
/// from the centre than the radius, or the disc lies wholly behind the origin or past
/// `max_distance` along the line.
#[inline]
fn misses_disc(
    center: Vec2,
    radius: f32,
    origin: Vec2,
    direction: Vec2,
    max_distance: f32,
) -> bool {
    let to_center = center - origin;
    let along = to_center.dot(direction);
    to_center.perp_dot(direction).abs() > radius
        || along + radius < 0.0
        || along - radius > max_distance
}

#[cfg(test)]
mod tests {
    use glam::Vec2;

    use super::{cast_ray_exact, passes_clear};
    use crate::{Iso, Ray, Shape};

    /// A seeded shape of any kind, scaled by `size`, some built away from their origin.
    fn random_shape(rng: &mut fastrand::Rng, size: f32) -> Shape {
        let offset = if rng.bool() {
            Vec2::ZERO
        } else {
            Vec2::new(rng.f32() - 0.5, rng.f32() - 0.5) * size * 100.0
        };
        let point = |rng: &mut fastrand::Rng| {
            offset + Vec2::new(rng.f32() - 0.5, rng.f32() - 0.5) * size * 2.0
        };
        match rng.usize(0..6) {
            0 => Shape::circle(size * (0.2 + rng.f32())),
            1 => Shape::capsule(size * (0.1 + rng.f32()), size * (0.1 + 2.0 * rng.f32())),
            2 => Shape::segment(point(rng), point(rng)),
            3 => Shape::regular_polygon(size * (0.2 + rng.f32()), rng.usize(3..=12)).unwrap(),
            4 => {
                let points: Vec<Vec2> = (0..rng.usize(3..=12)).map(|_| point(rng)).collect();
                Shape::convex_hull(&points).unwrap()
            }
            _ => {
                let l = [
                    (0.0, 0.0),
                    (2.0, 0.0),
                    (2.0, 0.5),
                    (0.5, 0.5),
                    (0.5, 2.0),
                    (0.0, 2.0),
                ];
                let points: Vec<Vec2> = l
                    .iter()
                    .map(|&(x, y)| offset + Vec2::new(x, y) * size)
                    .collect();
                Shape::polygon(&points).unwrap()
            }
        }
    }

    /// The bounding-circle reject never drops a ray the exact path hits: rays passing
    /// the shape's farthest point (where the shape meets its bounding circle) or any
    /// point of the circle tangentially, from a little inside to a little outside it
    /// (grazes within the tolerance included), ending around the tangent point, at
    /// scales from 1e-3 to 1e3 and placements up to 1e6 from the world origin.
    #[test]
    fn the_bounding_circle_reject_drops_no_hit() {
        let mut rng = fastrand::Rng::with_seed(26);
        let (mut rejected, mut grazes_outside, mut hits) = (0, 0, 0);
        for case in 0..200_000 {
            let size = 10f32.powf(rng.f32() * 6.0 - 3.0);
            let shape = random_shape(&mut rng, size);
            let bounds = shape.bounding_circle(&Iso::IDENTITY);
            let farthest = (0..shape.part_count())
                .flat_map(|part| shape.part(part).points.to_vec())
                .max_by(|p, q| {
                    p.distance(bounds.center)
                        .total_cmp(&q.distance(bounds.center))
                })
                .unwrap();
            let outward = match (farthest - bounds.center).try_normalize() {
                Some(outward) if rng.bool() => outward,
                _ => Vec2::from_angle(rng.f32() * core::f32::consts::TAU),
            };
            // Tangent to the bounding circle at `outward`, or along a capsule's or a
            // segment's side (nearly), offset across it by `beside`.
            let beside = bounds.radius * (rng.f32() * 90.0 - 30.0) * 1e-6;
            let side = match &shape {
                Shape::Capsule(capsule) => Some((capsule.segment().clone(), capsule.radius())),
                Shape::Segment(segment) => Some((segment.clone(), 0.0)),
                _ => None,
            };
            let (tangent_point, along) = match side {
                Some((segment, radius)) if rng.bool() => {
                    let core = segment.b() - segment.a();
                    let across = core.perp().normalize() * if rng.bool() { 1.0 } else { -1.0 };
                    let at = segment.a() + core * (rng.f32() * 1.4 - 0.2);
                    let tilt = (rng.f32() - 0.5) * 1e-3;
                    let along = Vec2::from_angle(tilt).rotate(core.normalize());
                    (at + across * (radius + beside), along)
                }
                _ => (
                    bounds.center + outward * (bounds.radius + beside),
                    outward.perp() * if rng.bool() { 1.0 } else { -1.0 },
                ),
            };
            let length = bounds.radius * 10f32.powf(rng.f32() * 3.0 - 0.5);
            let origin = tangent_point - along * length;
            let max_distance = if rng.bool() {
                length * 4.0
            } else {
                length + bounds.radius * (rng.f32() * 120.0 - 60.0) * 1e-6
            };
            let iso = Iso::new(
                Vec2::from_angle(rng.f32() * 7.0) * 10f32.powf(rng.f32() * 6.0),
                rng.f32() * 7.0,
            );
            let ray = Ray::new(iso.transform_point(origin), iso.transform_vector(along));
            // As `cast_ray` forms them.
            let local_origin = iso.inverse_transform_point(ray.origin());
            let local_direction = iso.inverse_transform_vector(ray.direction());
            let exact = cast_ray_exact(
                &shape,
                &iso,
                &ray,
                local_origin,
                local_direction,
                max_distance,
            );
            if passes_clear(&shape, local_origin, local_direction, max_distance) {
                rejected += 1;
                assert_eq!(exact, None, "case {case}: {shape:?} {iso:?} {ray:?}");
            } else if let Some(hit) = exact {
                hits += 1;
                let off = (hit.point - iso.transform_point(bounds.center)).length();
                if beside > 0.0 && off > bounds.radius {
                    grazes_outside += 1;
                }
            }
        }
        assert!(
            rejected > 20_000 && hits > 20_000 && grazes_outside > 1_000,
            "{rejected} rejected, {hits} hits, {grazes_outside} grazes outside the circle"
        );
    }
}
