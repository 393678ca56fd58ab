//! [`Circle`]: a disc centred on the local origin.

use glam::Vec2;

use crate::shape::rounded_convex::RoundedConvex;
use crate::{ShapeError, validate_size};

static ORIGIN: [Vec2; 1] = [Vec2::ZERO];

/// A disc of `radius` centred on the local origin.
///
/// ```
/// use sat2d::Circle;
/// let circle = Circle::try_new(2.0).unwrap();
/// assert_eq!(circle.radius(), 2.0);
/// assert!(Circle::try_new(-1.0).is_err());
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct Circle {
    radius: f32,
}

impl Circle {
    /// A circle of `radius`.
    ///
    /// # Errors
    /// [`ShapeError::InvalidSize`] if `radius` is not finite and greater than zero;
    /// [`ShapeError::OutOfRange`] if it is outside
    /// [`MIN_SIZE`](crate::MIN_SIZE)`..=`[`MAX_SIZE`](crate::MAX_SIZE).
    pub fn try_new(radius: f32) -> Result<Self, ShapeError> {
        validate_size("circle radius", radius)?;
        Ok(Self { radius })
    }

    /// The radius.
    #[inline]
    #[must_use]
    pub fn radius(&self) -> f32 {
        self.radius
    }

    pub(crate) fn rounded(&self) -> RoundedConvex<'_> {
        RoundedConvex {
            points: &ORIGIN,
            normals: &[],
            radius: self.radius,
        }
    }
}
