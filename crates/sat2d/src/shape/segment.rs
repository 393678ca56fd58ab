//! [`Segment`]: a line segment with no thickness.

use glam::Vec2;

use crate::math::segment::edge_normal;
use crate::shape::rounded_convex::RoundedConvex;
use crate::{ShapeError, validate_points, validate_size};

/// A line segment between two distinct points of the local frame.
///
/// It is a degenerate polygon of two points whose two faces point opposite ways,
/// so it reuses the polygon code; a [`Capsule`](crate::Capsule) is a segment with a radius.
///
/// ```
/// use sat2d::{Segment, Vec2};
/// let segment = Segment::try_new(Vec2::ZERO, Vec2::X).unwrap();
/// assert_eq!(segment.length(), 1.0);
/// assert!(Segment::try_new(Vec2::X, Vec2::X).is_err());
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct Segment {
    points: [Vec2; 2],
    normals: [Vec2; 2],
}

impl Segment {
    /// The segment from `a` to `b`.
    ///
    /// # Errors
    /// [`ShapeError::NonFinitePoint`] for a NaN or infinite end,
    /// [`ShapeError::DegenerateSegment`] if the ends coincide (within `1e-6 ×` their
    /// largest coordinate), and [`ShapeError::OutOfRange`] for a coordinate beyond
    /// [`MAX_COORDINATE`](crate::MAX_COORDINATE) or a length outside
    /// [`MIN_SIZE`](crate::MIN_SIZE)`..=`[`MAX_SIZE`](crate::MAX_SIZE).
    pub fn try_new(a: Vec2, b: Vec2) -> Result<Self, ShapeError> {
        validate_points(&[a, b])?;
        // In f64: in f32 the length of a segment below the range underflows to zero.
        let scale = f64::from(a.abs().max(b.abs()).max_element());
        let length = a.as_dvec2().distance(b.as_dvec2());
        if length <= scale * 1e-6 {
            return Err(ShapeError::DegenerateSegment);
        }
        validate_size("segment length", length as f32)?;
        let normal = edge_normal(a, b);
        Ok(Self {
            points: [a, b],
            normals: [normal, -normal],
        })
    }

    /// The first end.
    #[inline]
    #[must_use]
    pub fn a(&self) -> Vec2 {
        self.points[0]
    }

    /// The second end.
    #[inline]
    #[must_use]
    pub fn b(&self) -> Vec2 {
        self.points[1]
    }

    /// Both ends, `[a, b]`.
    #[inline]
    #[must_use]
    pub fn points(&self) -> &[Vec2; 2] {
        &self.points
    }

    /// The unit normal on the right of `a → b`; the other face has the opposite normal.
    #[inline]
    #[must_use]
    pub fn normal(&self) -> Vec2 {
        self.normals[0]
    }

    /// The distance between the ends.
    #[inline]
    #[must_use]
    pub fn length(&self) -> f32 {
        self.points[0].distance(self.points[1])
    }

    pub(crate) fn rounded(&self, radius: f32) -> RoundedConvex<'_> {
        RoundedConvex {
            points: &self.points,
            normals: &self.normals,
            radius,
        }
    }
}
