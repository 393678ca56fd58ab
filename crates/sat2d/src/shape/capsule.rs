//! [`Capsule`]: a segment along local Y swept by a disc.

use glam::Vec2;

use crate::shape::rounded_convex::RoundedConvex;
use crate::{Segment, ShapeError, validate_size};

/// A stadium: the segment from `(0, -length / 2)` to `(0, length / 2)` swept by a disc of
/// `radius`. This is Bevy's `Capsule2d` convention (the segment runs along local Y).
///
/// ```
/// use sat2d::Capsule;
/// let capsule = Capsule::try_new(1.0, 4.0).unwrap();
/// assert_eq!(capsule.half_length(), 2.0);
/// assert_eq!(capsule.radius(), 1.0);
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct Capsule {
    segment: Segment,
    radius: f32,
}

impl Capsule {
    /// A capsule of `radius` whose straight part is `length` long (total height
    /// `length + 2 * radius`).
    ///
    /// # Errors
    /// [`ShapeError::InvalidSize`] if `radius` or `length` is not finite and greater than
    /// zero; [`ShapeError::OutOfRange`] if either is outside
    /// [`MIN_SIZE`](crate::MIN_SIZE)`..=`[`MAX_SIZE`](crate::MAX_SIZE).
    /// (`Shape::capsule` with a zero length builds a circle instead.)
    pub fn try_new(radius: f32, length: f32) -> Result<Self, ShapeError> {
        validate_size("capsule radius", radius)?;
        validate_size("capsule length", length)?;
        let half = Vec2::new(0.0, length * 0.5);
        Ok(Self {
            segment: Segment::try_new(-half, half)?,
            radius,
        })
    }

    /// The radius of the rounded ends.
    #[inline]
    #[must_use]
    pub fn radius(&self) -> f32 {
        self.radius
    }

    /// Half the length of the straight part.
    #[inline]
    #[must_use]
    pub fn half_length(&self) -> f32 {
        self.segment.b().y
    }

    /// The core segment, from `(0, -half_length)` to `(0, half_length)`.
    #[inline]
    #[must_use]
    pub fn segment(&self) -> &Segment {
        &self.segment
    }

    pub(crate) fn rounded(&self) -> RoundedConvex<'_> {
        self.segment.rounded(self.radius)
    }
}
