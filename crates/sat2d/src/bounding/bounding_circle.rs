//! [`BoundingCircle`]: a circle around a shape, the cheapest overlap pre-test (one
//! distance against one sum of radii).

use glam::Vec2;

/// A circle that encloses a shape. Closed: circles that touch intersect.
///
/// ```
/// use sat2d::{BoundingCircle, Vec2};
/// let a = BoundingCircle::new(Vec2::ZERO, 1.0);
/// let b = BoundingCircle::new(Vec2::new(2.0, 0.0), 1.0);
/// assert!(a.intersects(&b)); // touching
/// assert!(!a.intersects(&BoundingCircle::new(Vec2::new(2.1, 0.0), 1.0)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct BoundingCircle {
    /// The centre.
    pub center: Vec2,
    /// The radius, not negative.
    pub radius: f32,
}

impl BoundingCircle {
    /// A circle from its centre and radius.
    #[inline]
    #[must_use]
    pub fn new(center: Vec2, radius: f32) -> Self {
        debug_assert!(
            radius >= 0.0,
            "BoundingCircle::new: negative radius {radius}"
        );
        Self { center, radius }
    }

    /// Whether the two closed circles share a point (no square root).
    #[inline]
    #[must_use]
    pub fn intersects(&self, other: &Self) -> bool {
        let reach = self.radius + other.radius;
        self.center.distance_squared(other.center) <= reach * reach
    }

    /// Whether `point` lies in the closed circle.
    #[inline]
    #[must_use]
    pub fn contains_point(&self, point: Vec2) -> bool {
        self.center.distance_squared(point) <= self.radius * self.radius
    }

    /// Whether the centre and radius are finite.
    #[inline]
    #[must_use]
    pub fn is_finite(&self) -> bool {
        self.center.is_finite() && self.radius.is_finite()
    }
}
