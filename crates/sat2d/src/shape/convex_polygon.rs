//! [`ConvexPolygon`]: counter-clockwise points with their edge normals.

use glam::Vec2;

use crate::Iso;
use crate::decompose::outline::{clean_outline, signed_area};
use crate::math::segment::edge_normal;
use crate::shape::face_lanes::{FaceLanes, LanePolygon, PlacedFaces};
use crate::shape::rounded_convex::RoundedConvex;
use crate::{Aabb, ShapeError};

/// A convex polygon in its local frame: counter-clockwise points, and beside them the
/// outward unit normal of each edge (`normals[i]` belongs to `points[i] → points[i + 1]`).
///
/// ```
/// use sat2d::{ConvexPolygon, Vec2};
/// // Clockwise input is accepted and stored counter-clockwise.
/// let square = ConvexPolygon::try_new(&[
///     Vec2::new(0.0, 0.0), Vec2::new(0.0, 1.0), Vec2::new(1.0, 1.0), Vec2::new(1.0, 0.0),
/// ]).unwrap();
/// assert_eq!(square.points().len(), 4);
/// assert!((square.area() - 1.0).abs() < 1e-6);
/// assert!((square.centroid() - Vec2::splat(0.5)).length() < 1e-6);
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct ConvexPolygon {
    points: Vec<Vec2>,
    normals: Vec<Vec2>,
    centroid: Vec2,
    area: f32,
    /// Largest distance from the centroid to a vertex.
    bounding_radius: f32,
    /// Largest distance from the local origin to a vertex.
    reach: f32,
    /// The same data laid out for the SAT loops (up to 16 vertices).
    #[cfg_attr(feature = "bevy_reflect", reflect(ignore))]
    lanes: Option<FaceLanes>,
}

impl ConvexPolygon {
    /// A convex polygon from points in any winding.
    ///
    /// # Errors
    /// Any outline error of [`ShapeError`], or [`ShapeError::NotConvex`] if the points
    /// are not convex (use [`Shape::polygon`](crate::Shape::polygon) for concave outlines).
    pub fn try_new(points: &[Vec2]) -> Result<Self, ShapeError> {
        let outline = clean_outline(points)?;
        if !outline.is_convex {
            return Err(ShapeError::NotConvex);
        }
        Ok(Self::from_convex_ccw(outline.points))
    }

    /// Builds from points already known to be convex and counter-clockwise with no
    /// duplicates or collinear triples.
    pub(crate) fn from_convex_ccw(points: Vec<Vec2>) -> Self {
        debug_assert!(points.len() >= 3);
        let count = points.len();
        let normals: Vec<Vec2> = (0..count)
            .map(|i| edge_normal(points[i], points[(i + 1) % count]))
            .collect();
        let area = signed_area(points.iter().copied());
        debug_assert!(area > 0.0, "ConvexPolygon must be counter-clockwise");
        let centroid = polygon_centroid(&points, area);
        let bounding_radius = farthest(&points, centroid);
        let reach = farthest(&points, Vec2::ZERO);
        let lanes = FaceLanes::new(&points, &normals);
        Self {
            lanes,
            points,
            normals,
            centroid,
            area,
            bounding_radius,
            reach,
        }
    }

    /// The vertices, counter-clockwise.
    #[inline]
    #[must_use]
    pub fn points(&self) -> &[Vec2] {
        &self.points
    }

    /// The outward unit normal of each edge.
    #[inline]
    #[must_use]
    pub fn normals(&self) -> &[Vec2] {
        &self.normals
    }

    /// The centre of mass (uniform density).
    #[inline]
    #[must_use]
    pub fn centroid(&self) -> Vec2 {
        self.centroid
    }

    /// The enclosed area.
    #[inline]
    #[must_use]
    pub fn area(&self) -> f32 {
        self.area
    }

    /// The largest distance from [`Self::centroid`] to a vertex.
    #[inline]
    #[must_use]
    pub fn bounding_radius(&self) -> f32 {
        self.bounding_radius
    }

    /// The largest distance from the local origin to a vertex.
    #[inline]
    #[must_use]
    pub fn reach(&self) -> f32 {
        self.reach
    }

    /// The bounding box in the local frame.
    #[must_use]
    pub fn local_aabb(&self) -> Aabb {
        Aabb::from_points(&self.points).expect("a polygon has points")
    }

    /// The polygon in lane form, for polygons of up to 16 vertices.
    #[inline]
    pub(crate) fn lane_view(&self) -> Option<LanePolygon<'_>> {
        let lanes = self.lanes.as_ref()?;
        Some(lanes.view(&self.points, &self.normals))
    }

    /// The polygon in lane form placed by `iso`, for polygons of up to 16 vertices.
    #[inline]
    pub(crate) fn placed_lanes(&self, iso: &Iso) -> Option<PlacedFaces> {
        let lanes = self.lanes.as_ref()?;
        Some(lanes.placed(&self.points, &self.normals, iso))
    }

    pub(crate) fn rounded(&self) -> RoundedConvex<'_> {
        RoundedConvex {
            points: &self.points,
            normals: &self.normals,
            radius: 0.0,
        }
    }
}

/// The largest distance from `center` to any of `points`.
pub(crate) fn farthest(points: &[Vec2], center: Vec2) -> f32 {
    points
        .iter()
        .map(|p| p.distance_squared(center))
        .fold(0.0, f32::max)
        .sqrt()
}

/// The centroid of a simple polygon of (positive) `area`.
pub(crate) fn polygon_centroid(points: &[Vec2], area: f32) -> Vec2 {
    // Triangles fanned from the first point, relative to it for precision.
    let origin = points[0];
    let mut weighted = Vec2::ZERO;
    for i in 1..points.len() - 1 {
        let a = points[i] - origin;
        let b = points[i + 1] - origin;
        weighted += (a + b) * a.perp_dot(b);
    }
    origin + weighted / (6.0 * area)
}
