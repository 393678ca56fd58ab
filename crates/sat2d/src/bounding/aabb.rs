//! [`Aabb`]: an axis-aligned bounding box.

use glam::Vec2;

/// An axis-aligned box, closed: a point on its boundary is inside.
///
/// ```
/// use sat2d::{Aabb, Vec2};
/// let a = Aabb::new(Vec2::ZERO, Vec2::ONE);
/// let b = Aabb::new(Vec2::ONE, Vec2::splat(2.0));
/// assert!(a.intersects(&b)); // they share a corner
/// assert_eq!(a.merged(&b), Aabb::new(Vec2::ZERO, Vec2::splat(2.0)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct Aabb {
    /// The lower-left corner.
    pub min: Vec2,
    /// The upper-right corner.
    pub max: Vec2,
}

impl Aabb {
    /// A box from its corners. `min` must not exceed `max` on either axis.
    #[inline]
    #[must_use]
    pub fn new(min: Vec2, max: Vec2) -> Self {
        debug_assert!(
            !(min.cmpgt(max).any()),
            "Aabb::new: min {min} exceeds max {max}"
        );
        Self { min, max }
    }

    /// A box from its centre and half extents.
    #[inline]
    #[must_use]
    pub fn from_center_half_extents(center: Vec2, half_extents: Vec2) -> Self {
        Self::new(center - half_extents, center + half_extents)
    }

    /// The smallest box holding every point. Returns `None` for an empty slice.
    #[must_use]
    pub fn from_points(points: &[Vec2]) -> Option<Self> {
        let (first, rest) = points.split_first()?;
        let (min, max) = rest
            .iter()
            .fold((*first, *first), |(min, max), p| (min.min(*p), max.max(*p)));
        Some(Self { min, max })
    }

    /// The centre.
    #[inline]
    #[must_use]
    pub fn center(&self) -> Vec2 {
        (self.min + self.max) * 0.5
    }

    /// Half the size on each axis.
    #[inline]
    #[must_use]
    pub fn half_extents(&self) -> Vec2 {
        (self.max - self.min) * 0.5
    }

    /// The full size on each axis.
    #[inline]
    #[must_use]
    pub fn size(&self) -> Vec2 {
        self.max - self.min
    }

    /// Whether the two closed boxes share at least one point.
    #[inline]
    #[must_use]
    pub fn intersects(&self, other: &Self) -> bool {
        // `&`, not `&&`: four compares cost less than the branches' mispredictions.
        (self.min.x <= other.max.x)
            & (other.min.x <= self.max.x)
            & (self.min.y <= other.max.y)
            & (other.min.y <= self.max.y)
    }

    /// Whether `point` lies in the closed box.
    #[inline]
    #[must_use]
    pub fn contains_point(&self, point: Vec2) -> bool {
        (self.min.x <= point.x)
            & (point.x <= self.max.x)
            & (self.min.y <= point.y)
            & (point.y <= self.max.y)
    }

    /// Whether `other` lies entirely inside this box.
    #[inline]
    #[must_use]
    pub fn contains(&self, other: &Self) -> bool {
        // `&`, not `&&`: four compares cost less than the branches' mispredictions.
        (self.min.x <= other.min.x)
            & (self.min.y <= other.min.y)
            & (other.max.x <= self.max.x)
            & (other.max.y <= self.max.y)
    }

    /// The smallest box holding both.
    #[inline]
    #[must_use]
    pub fn merged(&self, other: &Self) -> Self {
        Self {
            min: self.min.min(other.min),
            max: self.max.max(other.max),
        }
    }

    /// This box grown by `margin` on every side.
    #[inline]
    #[must_use]
    pub fn grown(&self, margin: f32) -> Self {
        Self {
            min: self.min - Vec2::splat(margin),
            max: self.max + Vec2::splat(margin),
        }
    }

    /// Whether every coordinate is finite.
    #[inline]
    #[must_use]
    pub fn is_finite(&self) -> bool {
        self.min.is_finite() && self.max.is_finite()
    }
}
