//! [`Bounds`]: what the broad phase knows of a collider.

use glam::Vec2;

use super::BroadPhaseError;
use crate::{Aabb, BoundingCircle, Iso, Shape};

/// A collider's box and bounding circle. Two bounds overlap when both their boxes and
/// their circles do (closed sets).
///
/// ```
/// use sat2d::broad_phase::Bounds;
/// use sat2d::{Iso, Shape, Vec2};
/// let a = Bounds::of(&Shape::circle(1.0), &Iso::IDENTITY);
/// let b = Bounds::of(&Shape::circle(1.0), &Iso::from_translation(Vec2::new(1.8, 1.8)));
/// assert!(a.aabb.intersects(&b.aabb)); // the boxes overlap at a corner...
/// assert!(!a.overlaps(&b)); // ...but the circles do not
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bounds {
    /// The axis-aligned box.
    pub aabb: Aabb,
    /// A circle enclosing the collider.
    pub circle: BoundingCircle,
}

impl Bounds {
    /// Bounds from a box and a circle.
    #[inline]
    #[must_use]
    pub fn new(aabb: Aabb, circle: BoundingCircle) -> Self {
        Self { aabb, circle }
    }

    /// Bounds of a box alone: the circle is the box's circumcircle, so it never
    /// rejects a pair the boxes accept unless the corners are far apart.
    #[inline]
    #[must_use]
    pub fn from_aabb(aabb: Aabb) -> Self {
        let half = aabb.half_extents();
        // `hypot`, not `length`: squaring overflows for half-extents from about 2e19.
        // `libm`'s, not the platform's: the same bits on every target.
        Self::new(
            aabb,
            BoundingCircle::new(aabb.center(), libm::hypotf(half.x, half.y)),
        )
    }

    /// The bounds of `shape` placed by `iso`.
    #[must_use]
    pub fn of(shape: &Shape, iso: &Iso) -> Self {
        Self::new(shape.aabb(iso), shape.bounding_circle(iso))
    }

    /// Whether both the boxes and the circles overlap.
    #[inline]
    #[must_use]
    pub fn overlaps(&self, other: &Self) -> bool {
        // `&`, not `&&`: the circles cost less than a mispredicted branch.
        self.aabb.intersects(&other.aabb) & self.circle.intersects(&other.circle)
    }

    /// Whether the box and the circle both hold `point`.
    #[inline]
    #[must_use]
    pub fn contains_point(&self, point: Vec2) -> bool {
        self.aabb.contains_point(point) && self.circle.contains_point(point)
    }

    /// `Ok` if [`Self::is_valid`], else the error a broad phase returns for collider `id`.
    ///
    /// # Errors
    /// [`BroadPhaseError::InvalidBounds`].
    #[inline]
    pub fn check(&self, id: u32) -> Result<(), BroadPhaseError> {
        if self.is_valid() {
            Ok(())
        } else {
            Err(BroadPhaseError::InvalidBounds(id))
        }
    }

    /// `Ok` if collider `id` may be inserted with these bounds: they pass
    /// [`Self::check`], and `id` is not `present` already. What every broad phase's
    /// [`insert`](super::BroadPhase::insert) checks before it changes anything.
    ///
    /// # Errors
    /// [`BroadPhaseError::InvalidBounds`] first, then [`BroadPhaseError::DuplicateId`].
    #[inline]
    pub(super) fn check_new(&self, id: u32, present: bool) -> Result<(), BroadPhaseError> {
        self.check(id)?;
        if present {
            return Err(BroadPhaseError::DuplicateId(id));
        }
        Ok(())
    }

    /// Whether every number is finite, the box ordered and the radius not negative.
    #[inline]
    #[must_use]
    pub fn is_valid(&self) -> bool {
        self.aabb.is_finite()
            && self.circle.is_finite()
            && self.aabb.min.cmple(self.aabb.max).all()
            && self.circle.radius >= 0.0
    }
}
