//! [`PolygonMetrics`]: the measures every polygon outline has, computed once.

use glam::{DVec2, Vec2};

use crate::Aabb;
use crate::decompose::outline::signed_area;

/// Area, centroid and extents of a polygon in its local frame, computed once when the
/// polygon is built. [`ConvexPolygon`](crate::ConvexPolygon) and
/// [`ConcavePolygon`](crate::ConcavePolygon) both hold one.
///
/// ```
/// use sat2d::{ConvexPolygon, Vec2};
/// let square = ConvexPolygon::try_new(&[
///     Vec2::new(0.0, 0.0), Vec2::new(1.0, 0.0), Vec2::new(1.0, 1.0), Vec2::new(0.0, 1.0),
/// ]).unwrap();
/// let metrics = square.metrics();
/// assert!((metrics.area - 1.0).abs() < 1e-6);
/// assert!((metrics.centroid - Vec2::splat(0.5)).length() < 1e-6);
/// assert!((metrics.reach - 2f32.sqrt()).abs() < 1e-6); // the far corner
/// assert_eq!(metrics.local_aabb.max, Vec2::ONE);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
// `reach` first: the bounding reject reads it, and nothing else of the metrics, on
// every pair (see `ConvexPolygon`'s layout).
#[repr(C)]
pub struct PolygonMetrics {
    /// The largest distance from the local origin to a vertex.
    pub reach: f32,
    /// The enclosed area.
    pub area: f32,
    /// The centre of mass (uniform density).
    pub centroid: Vec2,
    /// The largest distance from [`Self::centroid`] to a vertex.
    pub bounding_radius: f32,
    /// The bounding box.
    pub local_aabb: Aabb,
}

impl PolygonMetrics {
    /// The metrics of a simple counter-clockwise outline (at least three points).
    pub(crate) fn of_outline(points: &[Vec2]) -> Self {
        debug_assert!(points.len() >= 3);
        let area = signed_area(points.iter().copied());
        let centroid = centroid(points, area);
        Self {
            area,
            centroid,
            bounding_radius: farthest(points, centroid),
            reach: farthest(points, Vec2::ZERO),
            local_aabb: Aabb::from_points(points).expect("an outline has points"),
        }
    }
}

impl PolygonMetrics {
    /// The metrics of a region: a simple counter-clockwise `outline` less the `holes`
    /// inside it (any winding). Holes change the area and the centroid; the extents are
    /// the outline's.
    pub(crate) fn of_region(outline: &[Vec2], holes: &[&[Vec2]]) -> Self {
        let whole = Self::of_outline(outline);
        if holes.is_empty() {
            return whole;
        }
        let mut area = f64::from(whole.area);
        let mut moment = whole.centroid.as_dvec2() * area;
        for hole in holes {
            let hole_area = f64::from(signed_area(hole.iter().copied()).abs());
            let hole_centroid = centroid(hole, signed_area(hole.iter().copied()));
            area -= hole_area;
            moment -= hole_centroid.as_dvec2() * hole_area;
        }
        let centroid = (moment / area).as_vec2();
        Self {
            area: area as f32,
            centroid,
            bounding_radius: farthest(outline, centroid),
            ..whole
        }
    }
}

/// The largest distance from `center` to any of `points`.
fn farthest(points: &[Vec2], center: Vec2) -> f32 {
    points
        .iter()
        .map(|point| point.distance(center))
        .fold(0.0, f32::max)
}

/// The centroid of a simple polygon of signed `area` (its winding's sign): triangles fanned from the
/// first point, relative to it for precision far from the origin.
///
/// In `f64`: each term is a length times twice a triangle's area (three lengths,
/// `1e36` at [`MAX_SIZE`](crate::MAX_SIZE)), and a concave fan's terms may sum past
/// `f32::MAX` before they cancel.
fn centroid(points: &[Vec2], area: f32) -> Vec2 {
    let origin = points[0];
    let mut weighted = DVec2::ZERO;
    for i in 1..points.len() - 1 {
        let a = (points[i] - origin).as_dvec2();
        let b = (points[i + 1] - origin).as_dvec2();
        weighted += (a + b) * a.perp_dot(b);
    }
    origin + (weighted / (6.0 * f64::from(area))).as_vec2()
}
