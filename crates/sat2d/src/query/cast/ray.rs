//! [`Ray`]: a half-line with a unit direction, and [`RayError`] for the input that
//! cannot make one.

use glam::Vec2;

/// A half-line from `origin` along a unit `direction`, in world space.
///
/// The direction is normalized on construction, so [`RayHit::distance`](crate::RayHit)
/// is a length in world units. Build with [`Ray::try_new`] when the input may be bad.
///
/// ```
/// use sat2d::{Ray, Vec2};
/// let ray = Ray::new(Vec2::new(1.0, 2.0), Vec2::new(0.0, 3.0));
/// assert_eq!(ray.direction(), Vec2::Y);
/// assert_eq!(ray.at(2.0), Vec2::new(1.0, 4.0));
/// assert!(Ray::try_new(Vec2::ZERO, Vec2::ZERO).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct Ray {
    origin: Vec2,
    direction: Vec2,
}

/// Why [`Ray::try_new`] refused its input.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
pub enum RayError {
    /// The origin has a NaN or infinite coordinate.
    #[error("the ray's origin {0} is not finite")]
    NonFiniteOrigin(Vec2),
    /// The direction is zero, NaN or infinite, so it has no unit form. (Any finite,
    /// non-zero length has one, however small or large.)
    #[error("the ray's direction {0} is zero or not finite")]
    InvalidDirection(Vec2),
}

impl Ray {
    /// A ray from `origin` along `direction`: any finite, non-zero length, from the
    /// smallest subnormal `f32` to `f32::MAX`; it is normalized to unit length.
    ///
    /// ```
    /// use sat2d::{Ray, Vec2};
    /// let tiny = Ray::try_new(Vec2::ZERO, Vec2::new(3e-30, -4e-30)).unwrap();
    /// assert!((tiny.direction() - Vec2::new(0.6, -0.8)).length() < 1e-6);
    /// let huge = Ray::try_new(Vec2::ZERO, Vec2::new(f32::MAX, f32::MAX)).unwrap();
    /// assert!((huge.direction().length() - 1.0).abs() < 1e-6);
    /// ```
    ///
    /// # Errors
    /// [`RayError::NonFiniteOrigin`] or [`RayError::InvalidDirection`].
    pub fn try_new(origin: Vec2, direction: Vec2) -> Result<Self, RayError> {
        if !origin.is_finite() {
            return Err(RayError::NonFiniteOrigin(origin));
        }
        let unit = unit_direction(direction).ok_or(RayError::InvalidDirection(direction))?;
        Ok(Self {
            origin,
            direction: unit,
        })
    }

    /// A ray from `origin` along `direction` (any finite, non-zero length; it is
    /// normalized, as in [`Ray::try_new`]).
    ///
    /// # Panics
    /// On the input [`Ray::try_new`] refuses, with its error's message.
    #[must_use]
    pub fn new(origin: Vec2, direction: Vec2) -> Self {
        Self::try_new(origin, direction).unwrap_or_else(|error| panic!("{error}"))
    }

    /// Where the ray starts.
    #[inline]
    #[must_use]
    pub fn origin(&self) -> Vec2 {
        self.origin
    }

    /// Its unit direction.
    #[inline]
    #[must_use]
    pub fn direction(&self) -> Vec2 {
        self.direction
    }

    /// The point `distance` along the ray.
    #[inline]
    #[must_use]
    pub fn at(&self, distance: f32) -> Vec2 {
        self.origin + self.direction * distance
    }
}

/// `direction` at unit length, or `None` when it is zero or not finite.
///
/// Normalized in `f64`, where the squared length of any finite `f32` vector neither
/// overflows (`f32::MAX² ≈ 1e77`) nor underflows (the smallest subnormal squared is
/// about `2e-90`): in `f32` the square leaves the range below about `1e-19` and above
/// about `1.8e19`, and subnormal components lose the digits that set the direction.
fn unit_direction(direction: Vec2) -> Option<Vec2> {
    if !direction.is_finite() || direction == Vec2::ZERO {
        return None;
    }
    Some(direction.as_dvec2().normalize().as_vec2())
}
