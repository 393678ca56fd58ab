//! [`ConvexPolygon`]: counter-clockwise points with their edge normals.

use glam::Vec2;

use super::polygon_metrics::PolygonMetrics;
use crate::Iso;
use crate::ShapeError;
use crate::decompose::outline::clean_outline;
use crate::math::segment::edge_normal;
use crate::shape::face_lanes::{LanePolygon, PlacedFaces};
use crate::shape::polygon_store::PolygonStore;
use crate::shape::rounded_convex::RoundedConvex;

/// A convex polygon in its local frame: counter-clockwise points, and beside them the
/// outward unit normal of each edge (`normals[i]` belongs to `points[i] → points[i + 1]`).
///
/// A query reads the points, the normals and the face lanes from one allocation, in
/// the order it needs them ([`PolygonStore`]); the bounds a reject reads sit inline.
/// Reflected as one opaque value: its parts are kept consistent by its constructors.
///
/// ```
/// use sat2d::{ConvexPolygon, Vec2};
/// // Clockwise input is accepted and stored counter-clockwise.
/// let square = ConvexPolygon::try_new(&[
///     Vec2::new(0.0, 0.0), Vec2::new(0.0, 1.0), Vec2::new(1.0, 1.0), Vec2::new(1.0, 0.0),
/// ]).unwrap();
/// assert_eq!(square.points().len(), 4);
/// assert!((square.metrics().area - 1.0).abs() < 1e-6);
/// // Each edge normal points away from the inside.
/// for (point, normal) in square.points().iter().zip(square.normals()) {
///     assert!(normal.dot(*point - square.metrics().centroid) > 0.0);
/// }
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
#[cfg_attr(feature = "bevy_reflect", reflect(opaque, Clone, Debug, PartialEq))]
// In this order, what a query reads of it lies in its first 40 bytes: the store's
// length and address, the miter and (first in the metrics) the reach.
#[repr(C)]
pub struct ConvexPolygon {
    /// Points, normals and face lanes, in one allocation.
    store: PolygonStore,
    /// How far, per unit of push, a vertex moves when every face is pushed out: see
    /// [`ConvexPolygon::miter`].
    miter: f32,
    metrics: PolygonMetrics,
}

impl ConvexPolygon {
    /// A convex polygon from points in any winding.
    ///
    /// # Errors
    /// Any outline error of [`Shape::polygon`](crate::Shape::polygon) (among them
    /// [`ShapeError::OutOfRange`] for a coordinate or an extent outside the working
    /// range), or [`ShapeError::NotConvex`] if the points are not convex (use
    /// [`Shape::polygon`](crate::Shape::polygon) for concave outlines).
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
        let metrics = PolygonMetrics::of_outline(&points);
        debug_assert!(
            metrics.area > 0.0,
            "ConvexPolygon must be counter-clockwise"
        );
        Self {
            store: PolygonStore::new(&points, &normals),
            miter: largest_miter(&normals),
            metrics,
        }
    }

    /// The vertices, counter-clockwise.
    #[inline]
    #[must_use]
    pub fn points(&self) -> &[Vec2] {
        self.store.points()
    }

    /// The outward unit normal of each edge.
    #[inline]
    #[must_use]
    pub fn normals(&self) -> &[Vec2] {
        self.store.normals()
    }

    /// Area, centroid and extents.
    #[inline]
    #[must_use]
    pub fn metrics(&self) -> &PolygonMetrics {
        &self.metrics
    }

    pub(crate) fn rounded(&self) -> RoundedConvex<'_> {
        RoundedConvex {
            points: self.store.points(),
            normals: self.store.normals(),
            radius: 0.0,
        }
    }

    /// How far a point within `h` of every face plane (outside the polygon by at most
    /// `h` on each) can lie from the polygon, per unit of `h`: the largest vertex's
    /// miter, `1 / cos(θ / 2)` for the turn `θ` between its two face normals (`√2` at
    /// a square's corner, large at a sharp spike, `∞` if two normals are opposite).
    /// The ray cast's bounding-circle reject grows its margin by it.
    #[inline]
    pub(crate) fn miter(&self) -> f32 {
        self.miter
    }

    /// Reads every cache line of the polygon's data at once (see
    /// [`PolygonStore::preload`]): a query that will read them calls it first.
    #[inline(always)]
    pub(crate) fn preload(&self) {
        self.store.preload();
    }

    /// The polygon in lane form, for polygons of up to 16 vertices.
    #[inline]
    pub(crate) fn lane_view(&self) -> Option<LanePolygon<'_>> {
        self.store.lanes()
    }

    /// Places the polygon in lane form by `iso` into `placed` (normals only with
    /// `NORMALS`, see [`LanePolygon::place_into`]); false (and `placed` untouched) above
    /// 16 vertices.
    #[inline(always)]
    pub(crate) fn place_lanes<const NORMALS: bool>(
        &self,
        iso: &Iso,
        placed: &mut PlacedFaces,
    ) -> bool {
        let Some(lanes) = self.store.lanes() else {
            return false;
        };
        lanes.place_into::<NORMALS>(iso, placed);
        true
    }
}

/// [`ConvexPolygon::miter`] from the outward unit normals, counter-clockwise.
///
/// ```text
/// |n_a + n_b| = 2 · cos(θ / 2)   (no cancellation as 1 + n_a · n_b has near θ = π)
/// miter = 2 / (|n_a + n_b| − 4ε)  over consecutive normals, the normals' rounding held
/// ```
fn largest_miter(normals: &[Vec2]) -> f32 {
    let mut largest: f32 = 1.0;
    for (index, normal) in normals.iter().enumerate() {
        let next = normals[(index + 1) % normals.len()];
        let half_cosine = (*normal + next).length() - 4.0 * f32::EPSILON;
        largest = largest.max(if half_cosine > 0.0 {
            2.0 / half_cosine
        } else {
            f32::INFINITY
        });
    }
    largest
}
