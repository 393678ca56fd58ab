//! Layer 3, shapes: [`Shape`], the closed set every query accepts, and the shapes it
//! holds. Each convex shape is also seen as a [`RoundedConvex`] core (Box2D's rounded
//! polygon), the one view the convex queries read.

pub(crate) mod boundary_flags;
mod capsule;
mod circle;
mod concave_polygon;
pub(crate) mod convex_polygon;
mod error;
pub(crate) mod face_lanes;
pub(crate) mod measure;
mod polygon_metrics;
pub(crate) mod polygon_store;
mod preload;
pub(crate) mod rounded_convex;
mod segment;
pub(crate) mod shape_data;
mod shape_kind;
pub use capsule::Capsule;
pub use circle::Circle;
pub use concave_polygon::ConcavePolygon;
pub use convex_polygon::ConvexPolygon;
pub use error::ShapeError;
pub use polygon_metrics::PolygonMetrics;
pub use segment::Segment;
pub use shape_kind::ShapeKind;

use glam::Vec2;

use crate::decompose::convex_hull::convex_hull;
use crate::decompose::outline::clean_outline;
use crate::shape::face_lanes::{LanePolygon, PlacedFaces};
use crate::shape::rounded_convex::RoundedConvex;
use crate::{Iso, MAX_SIZE, MIN_SIZE, Rot, validate_extent, validate_points, validate_size};

/// A 2D shape in its local frame. Place it in the world with an [`Iso`].
///
/// One closed enum: every pair query is a `match (a, b)` over these variants.
///
/// ```
/// use sat2d::{Shape, Iso, Vec2};
/// let ball = Shape::circle(1.0);
/// let crate_ = Shape::rectangle(2.0, 2.0);
/// let l_shape = Shape::polygon(&[
///     Vec2::new(0.0, 0.0), Vec2::new(2.0, 0.0), Vec2::new(2.0, 1.0),
///     Vec2::new(1.0, 1.0), Vec2::new(1.0, 2.0), Vec2::new(0.0, 2.0),
/// ]).unwrap();
/// assert!(l_shape.is_concave());
/// assert!(sat2d::intersects(&ball, &Iso::IDENTITY, &crate_, &Iso::new(Vec2::new(1.5, 0.0), 0.3)));
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
// Saved and loaded as its `ShapeData` (the impls are in `shape_data.rs`).
pub enum Shape {
    /// A disc centred on the local origin.
    Circle(Circle),
    /// A segment with no thickness.
    Segment(Segment),
    /// A segment along local Y swept by a disc.
    Capsule(Capsule),
    /// A convex polygon.
    Polygon(ConvexPolygon),
    /// A simple concave polygon, split into convex parts.
    Concave(ConcavePolygon),
}

impl Shape {
    /// A disc of `radius` centred on the local origin.
    ///
    /// # Panics
    /// If `radius` is not finite, or outside the working range; see
    /// [`Self::try_circle`].
    #[must_use]
    pub fn circle(radius: f32) -> Self {
        Self::try_circle(radius).unwrap_or_else(|error| panic!("Shape::circle: {error}"))
    }

    /// A disc of `radius` centred on the local origin.
    ///
    /// # Errors
    /// [`ShapeError::InvalidSize`] if `radius` is not finite and greater than zero;
    /// [`ShapeError::OutOfRange`] if it is outside
    /// [`MIN_SIZE`](crate::MIN_SIZE)`..=`[`MAX_SIZE`](crate::MAX_SIZE).
    pub fn try_circle(radius: f32) -> Result<Self, ShapeError> {
        Circle::try_new(radius).map(Self::Circle)
    }

    /// A `width × height` rectangle centred on the local origin.
    ///
    /// # Panics
    /// If a side is not finite, or outside the working range; see
    /// [`Self::try_rectangle`].
    #[must_use]
    pub fn rectangle(width: f32, height: f32) -> Self {
        Self::try_rectangle(width, height)
            .unwrap_or_else(|error| panic!("Shape::rectangle: {error}"))
    }

    /// A `width × height` rectangle centred on the local origin.
    ///
    /// # Errors
    /// [`ShapeError::InvalidSize`] if a side is not finite and greater than zero;
    /// [`ShapeError::OutOfRange`] if a side is outside
    /// [`MIN_SIZE`](crate::MIN_SIZE)`..=`[`MAX_SIZE`](crate::MAX_SIZE).
    pub fn try_rectangle(width: f32, height: f32) -> Result<Self, ShapeError> {
        validate_size("rectangle width", width)?;
        validate_size("rectangle height", height)?;
        let half = Vec2::new(width, height) * 0.5;
        Ok(Self::Polygon(ConvexPolygon::from_convex_ccw(vec![
            Vec2::new(-half.x, -half.y),
            Vec2::new(half.x, -half.y),
            Vec2::new(half.x, half.y),
            Vec2::new(-half.x, half.y),
        ])))
    }

    /// A capsule of `radius` whose straight part, `length` long, runs along local Y
    /// (Bevy's `Capsule2d` convention). A `length` of zero gives a circle.
    ///
    /// # Panics
    /// On invalid sizes; see [`Self::try_capsule`].
    #[must_use]
    pub fn capsule(radius: f32, length: f32) -> Self {
        Self::try_capsule(radius, length).unwrap_or_else(|error| panic!("Shape::capsule: {error}"))
    }

    /// A capsule of `radius` whose straight part, `length` long, runs along local Y.
    /// A `length` of zero gives a circle.
    ///
    /// # Errors
    /// [`ShapeError::InvalidSize`] if `radius` is not finite and greater than zero;
    /// [`ShapeError::InvalidLength`] if `length` is negative or not finite;
    /// [`ShapeError::OutOfRange`] if `radius`, or a `length` too long to count as zero
    /// (above `radius × 1e-6`), is outside
    /// [`MIN_SIZE`](crate::MIN_SIZE)`..=`[`MAX_SIZE`](crate::MAX_SIZE).
    pub fn try_capsule(radius: f32, length: f32) -> Result<Self, ShapeError> {
        validate_size("capsule radius", radius)?;
        if !(length.is_finite() && length >= 0.0) {
            return Err(ShapeError::InvalidLength {
                what: "capsule length",
                value: length,
            });
        }
        if length <= radius * 1e-6 {
            return Self::try_circle(radius);
        }
        Capsule::try_new(radius, length).map(Self::Capsule)
    }

    /// The segment from `a` to `b`.
    ///
    /// # Panics
    /// If an end is not finite, the ends coincide, or an end or the length is outside
    /// the working range; see [`Self::try_segment`].
    #[must_use]
    pub fn segment(a: Vec2, b: Vec2) -> Self {
        Self::try_segment(a, b).unwrap_or_else(|error| panic!("Shape::segment: {error}"))
    }

    /// The segment from `a` to `b`.
    ///
    /// # Errors
    /// [`ShapeError::NonFinitePoint`], [`ShapeError::DegenerateSegment`], or
    /// [`ShapeError::OutOfRange`] for a coordinate beyond
    /// [`MAX_COORDINATE`](crate::MAX_COORDINATE) or a length outside
    /// [`MIN_SIZE`](crate::MIN_SIZE)`..=`[`MAX_SIZE`](crate::MAX_SIZE).
    pub fn try_segment(a: Vec2, b: Vec2) -> Result<Self, ShapeError> {
        Segment::try_new(a, b).map(Self::Segment)
    }

    /// A polygon from its outline, in either winding. A convex outline gives
    /// [`Shape::Polygon`]; a simple concave one gives [`Shape::Concave`], split into
    /// convex parts. Consecutive duplicate points are merged and collinear points dropped.
    ///
    /// # Errors
    /// [`ShapeError::TooManyPoints`] above [`MAX_POLYGON_POINTS`](crate::MAX_POLYGON_POINTS),
    /// [`ShapeError::NonFinitePoint`], [`ShapeError::TooFewPoints`],
    /// [`ShapeError::ZeroArea`], [`ShapeError::SelfIntersecting`], (for outlines on
    /// the edge of degeneracy) [`ShapeError::Triangulation`], or
    /// [`ShapeError::OutOfRange`] for a coordinate beyond
    /// [`MAX_COORDINATE`](crate::MAX_COORDINATE) or an extent (the larger side of the
    /// bounding box) outside [`MIN_SIZE`](crate::MIN_SIZE)`..=`[`MAX_SIZE`](crate::MAX_SIZE).
    pub fn polygon(points: &[Vec2]) -> Result<Self, ShapeError> {
        let outline = clean_outline(points)?;
        if outline.is_convex {
            Ok(Self::Polygon(ConvexPolygon::from_convex_ccw(
                outline.points,
            )))
        } else {
            ConcavePolygon::from_simple_ccw(outline.points).map(Self::Concave)
        }
    }

    /// A polygon with holes: the region inside `outline` and outside every one of
    /// `holes`, as one [`Shape::Concave`] whose contact, casts and distance answer for
    /// the whole region (a shape inside a hole touches nothing). With no holes, the same
    /// as [`Self::polygon`].
    ///
    /// ```
    /// use sat2d::{Iso, Shape, Vec2};
    /// let square = |half: f32| vec![
    ///     Vec2::new(-half, -half), Vec2::new(half, -half),
    ///     Vec2::new(half, half), Vec2::new(-half, half),
    /// ];
    /// let ring = Shape::polygon_with_holes(&square(3.0), &[square(2.0)]).unwrap();
    /// let pebble = Shape::circle(0.5);
    /// // In the hole, clear of its sides: no contact.
    /// assert!(sat2d::contact(&ring, &Iso::IDENTITY, &pebble, &Iso::IDENTITY).is_none());
    /// ```
    ///
    /// # Errors
    /// As [`ConcavePolygon::try_with_holes`].
    pub fn polygon_with_holes(outline: &[Vec2], holes: &[Vec<Vec2>]) -> Result<Self, ShapeError> {
        if holes.is_empty() {
            return Self::polygon(outline);
        }
        ConcavePolygon::try_with_holes(outline, holes).map(Self::Concave)
    }

    /// The convex hull of `points` (any order; interior and collinear points dropped).
    ///
    /// # Errors
    /// [`ShapeError::TooManyPoints`], [`ShapeError::NonFinitePoint`],
    /// [`ShapeError::TooFewPoints`], [`ShapeError::ZeroArea`], or
    /// [`ShapeError::OutOfRange`] as for [`Self::polygon`].
    pub fn convex_hull(points: &[Vec2]) -> Result<Self, ShapeError> {
        if points.len() > crate::MAX_POLYGON_POINTS {
            return Err(ShapeError::TooManyPoints {
                count: points.len(),
                max: crate::MAX_POLYGON_POINTS,
            });
        }
        // Before the hull: its orientation products overflow or underflow beyond the range.
        validate_points(points)?;
        validate_extent(points.iter().copied())?;
        let hull = convex_hull(points);
        match hull.len() {
            0..=1 => Err(ShapeError::TooFewPoints {
                distinct: hull.len(),
            }),
            2 => Err(ShapeError::ZeroArea),
            _ => Self::polygon(&hull),
        }
    }

    /// A regular polygon with `sides` corners on a circle of `circumradius`, the first
    /// corner straight up (+Y), like Bevy's `RegularPolygon`.
    ///
    /// # Errors
    /// [`ShapeError::InvalidSize`] for a bad radius, [`ShapeError::OutOfRange`] for one
    /// outside [`MIN_SIZE`](crate::MIN_SIZE)`..=`[`MAX_SIZE`](crate::MAX_SIZE),
    /// [`ShapeError::TooFewPoints`] for fewer than 3 sides, [`ShapeError::TooManyPoints`]
    /// above the cap.
    pub fn regular_polygon(circumradius: f32, sides: usize) -> Result<Self, ShapeError> {
        validate_size("regular polygon circumradius", circumradius)?;
        if sides < 3 {
            return Err(ShapeError::TooFewPoints { distinct: sides });
        }
        if sides > crate::MAX_POLYGON_POINTS {
            return Err(ShapeError::TooManyPoints {
                count: sides,
                max: crate::MAX_POLYGON_POINTS,
            });
        }
        let step = core::f32::consts::TAU / sides as f32;
        let points: Vec<Vec2> = (0..sides)
            .map(|i| {
                Rot::from_angle(core::f32::consts::FRAC_PI_2 + step * i as f32).direction()
                    * circumradius
            })
            .collect();
        Self::polygon(&points)
    }

    /// Which variant this is.
    #[must_use]
    pub fn kind(&self) -> ShapeKind {
        match self {
            Self::Circle(_) => ShapeKind::Circle,
            Self::Segment(_) => ShapeKind::Segment,
            Self::Capsule(_) => ShapeKind::Capsule,
            Self::Polygon(_) => ShapeKind::Polygon,
            Self::Concave(_) => ShapeKind::Concave,
        }
    }

    /// Whether this is a concave polygon (queried part by part).
    #[must_use]
    pub fn is_concave(&self) -> bool {
        matches!(self, Self::Concave(_))
    }

    /// How many convex parts queries run on: one, except for concave polygons.
    #[must_use]
    pub fn part_count(&self) -> usize {
        match self {
            Self::Concave(polygon) => polygon.parts().len(),
            _ => 1,
        }
    }

    /// Convex part `index` in lane form, if it is a polygon of up to 16 vertices.
    #[inline(always)]
    pub(crate) fn part_lanes(&self, index: usize) -> Option<LanePolygon<'_>> {
        match self {
            Self::Polygon(polygon) => polygon.lane_view(),
            Self::Concave(polygon) => polygon.parts()[index].lane_view(),
            _ => None,
        }
    }

    /// Places convex part `index` in lane form by `iso` into `placed`, if it is a
    /// polygon of up to 16 vertices; false (and `placed` untouched) otherwise.
    #[inline(always)]
    pub(crate) fn place_part_lanes<const NORMALS: bool>(
        &self,
        index: usize,
        iso: &Iso,
        placed: &mut PlacedFaces,
    ) -> bool {
        match self {
            Self::Polygon(polygon) => polygon.place_lanes::<NORMALS>(iso, placed),
            Self::Concave(polygon) => polygon.parts()[index].place_lanes::<NORMALS>(iso, placed),
            _ => false,
        }
    }

    /// Convex part `index` as a rounded convex core.
    pub(crate) fn part(&self, index: usize) -> RoundedConvex<'_> {
        match self {
            Self::Circle(circle) => circle.rounded(),
            Self::Segment(segment) => segment.rounded(0.0),
            Self::Capsule(capsule) => capsule.rounded(),
            Self::Polygon(polygon) => polygon.rounded(),
            Self::Concave(polygon) => polygon.parts()[index].rounded(),
        }
    }

    /// Whether [`Self::try_scaled`] by `scale` is exact. Polygons and segments scale
    /// exactly; circles and capsules only under uniform scale.
    #[must_use]
    pub fn scales_exactly(&self, scale: Vec2) -> bool {
        match self {
            Self::Circle(_) => scale.x.abs() == scale.y.abs(),
            Self::Capsule(_) => scale.x.abs() == scale.y.abs(),
            _ => true,
        }
    }

    /// This shape with its local frame scaled by `scale` (negative factors mirror).
    ///
    /// Polygons and segments scale exactly, non-uniform scale included. A circle's radius
    /// scales by the larger factor; a capsule's length scales by `|scale.y|` (its axis) and
    /// its radius by the larger factor, so the result always encloses the exact image.
    ///
    /// # Errors
    /// [`ShapeError::InvalidSize`] for a zero or non-finite factor;
    /// [`ShapeError::OutOfRange`] for a factor whose magnitude is above
    /// [`MAX_SIZE`](crate::MAX_SIZE)` / `[`MIN_SIZE`](crate::MIN_SIZE) (`1e18`) or below
    /// its inverse, and otherwise any error of the constructor that builds the result
    /// (e.g. [`ShapeError::OutOfRange`] for a size scaled out of the working range).
    pub fn try_scaled(&self, scale: Vec2) -> Result<Self, ShapeError> {
        // Beyond this ratio a factor carries the shape's sizes out of range; within it,
        // no scaled coordinate overflows `f32`.
        let largest_factor = MAX_SIZE / MIN_SIZE;
        for factor in [scale.x, scale.y] {
            if !factor.is_finite() || factor == 0.0 {
                return Err(ShapeError::InvalidSize {
                    what: "scale factor",
                    value: factor,
                });
            }
            if !(largest_factor.recip()..=largest_factor).contains(&factor.abs()) {
                return Err(ShapeError::OutOfRange {
                    what: "scale factor",
                    value: factor,
                });
            }
        }
        let larger = scale.x.abs().max(scale.y.abs());
        match self {
            Self::Circle(circle) => Self::try_circle(circle.radius() * larger),
            Self::Segment(segment) => Self::try_segment(segment.a() * scale, segment.b() * scale),
            Self::Capsule(capsule) => Self::try_capsule(
                capsule.radius() * larger,
                capsule.half_length() * 2.0 * scale.y.abs(),
            ),
            Self::Polygon(polygon) => {
                let points: Vec<Vec2> = polygon.points().iter().map(|p| *p * scale).collect();
                Self::polygon(&points)
            }
            Self::Concave(polygon) => {
                let scaled = |points: &[Vec2]| points.iter().map(|p| *p * scale).collect();
                let holes: Vec<Vec<Vec2>> = polygon.holes().map(scaled).collect();
                Self::polygon_with_holes(&scaled(polygon.outline()), &holes)
            }
        }
    }
}
