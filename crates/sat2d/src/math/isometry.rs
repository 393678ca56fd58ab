//! [`Iso`]: a rigid placement (rotation, then translation).

use core::ops::Mul;

use glam::{Vec2, Vec4};

use crate::{MAX_COORDINATE, Rot};

/// A rigid transform: rotate about the local origin, then translate.
///
/// Shapes are defined in their own local frame; an `Iso` places them in the world.
///
/// ```
/// use sat2d::{Iso, Vec2};
/// let iso = Iso::new(Vec2::new(10.0, 0.0), core::f32::consts::FRAC_PI_2);
/// let world = iso.transform_point(Vec2::X);
/// assert!((world - Vec2::new(10.0, 1.0)).length() < 1e-5);
/// assert!((iso.inverse_transform_point(world) - Vec2::X).length() < 1e-5);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct Iso {
    /// Where the local origin lands.
    pub translation: Vec2,
    /// The rotation applied before translating.
    pub rotation: Rot,
}

impl Iso {
    /// The identity placement.
    pub const IDENTITY: Self = Self {
        translation: Vec2::ZERO,
        rotation: Rot::IDENTITY,
    };

    /// Rotates by `angle` radians (counter-clockwise), then translates by `translation`.
    #[inline]
    #[must_use]
    pub fn new(translation: Vec2, angle: f32) -> Self {
        Self {
            translation,
            rotation: Rot::from_angle(angle),
        }
    }

    /// A pure translation.
    #[inline]
    #[must_use]
    pub fn from_translation(translation: Vec2) -> Self {
        Self {
            translation,
            rotation: Rot::IDENTITY,
        }
    }

    /// Maps a point from the local frame to the world.
    #[inline]
    #[must_use]
    pub fn transform_point(&self, point: Vec2) -> Vec2 {
        self.rotation.rotate(point) + self.translation
    }

    /// Maps a point from the world to the local frame.
    #[inline]
    #[must_use]
    pub fn inverse_transform_point(&self, point: Vec2) -> Vec2 {
        self.rotation.inverse_rotate(point - self.translation)
    }

    /// Maps a direction from the local frame to the world (rotation only).
    #[inline]
    #[must_use]
    pub fn transform_vector(&self, vector: Vec2) -> Vec2 {
        self.rotation.rotate(vector)
    }

    /// Maps a direction from the world to the local frame (rotation only).
    #[inline]
    #[must_use]
    pub fn inverse_transform_vector(&self, vector: Vec2) -> Vec2 {
        self.rotation.inverse_rotate(vector)
    }

    /// The inverse placement: `iso.inverse().transform_point(iso.transform_point(p)) == p`.
    #[inline]
    #[must_use]
    pub fn inverse(&self) -> Self {
        let rotation = self.rotation.inverse();
        Self {
            translation: rotation.rotate(-self.translation),
            rotation,
        }
    }

    /// `self⁻¹ * other`: the placement of `other`'s frame expressed in `self`'s frame.
    ///
    /// Pair queries use this to solve in A's local frame.
    #[inline(always)]
    #[must_use]
    pub fn inverse_mul(&self, other: &Self) -> Self {
        Self {
            translation: self.inverse_transform_point(other.translation),
            rotation: self.rotation.inverse_mul(other.rotation),
        }
    }

    /// Whether every component is finite. Queries check the stricter
    /// [`Self::is_in_range`].
    #[inline]
    #[must_use]
    pub fn is_finite(&self) -> bool {
        self.translation.is_finite() && self.rotation.is_finite()
    }

    /// Whether queries accept this placement: each translation coordinate within
    /// ±[`MAX_COORDINATE`] (so finite), and the rotation finite and of unit length
    /// within `1e-3` (`cos² + sin²`; [`Rot::from_angle`] is within `1e-7`). Queries
    /// treat any other placement as "no contact" (`intersects` is false, `contact`
    /// `None`, `contains_point` false).
    ///
    /// ```
    /// use sat2d::{Iso, Rot, Vec2, MAX_COORDINATE};
    /// assert!(Iso::new(Vec2::new(MAX_COORDINATE, -MAX_COORDINATE), 1.0).is_in_range());
    /// assert!(!Iso::from_translation(Vec2::new(3e38, 0.0)).is_in_range());
    /// assert!(!Iso::from_translation(Vec2::new(f32::NAN, 0.0)).is_in_range());
    /// let stretched = Iso { translation: Vec2::ZERO, rotation: Rot { cos: 2.0, sin: 0.0 } };
    /// assert!(!stretched.is_in_range());
    /// ```
    #[inline]
    #[must_use]
    pub fn is_in_range(&self) -> bool {
        both_in_range(self, self)
    }
}

/// Whether `a` and `b` are both [in range](Iso::is_in_range), in one branch: the pair
/// queries' entry check, on their hot path, and the one place the range is tested
/// (`is_in_range` is this with `a` and `b` the same).
#[inline(always)]
#[must_use]
pub(crate) fn both_in_range(a: &Iso, b: &Iso) -> bool {
    let translations = Vec4::new(
        a.translation.x,
        a.translation.y,
        b.translation.x,
        b.translation.y,
    );
    let rotations = Vec4::new(
        a.rotation.cos,
        a.rotation.sin,
        b.rotation.cos,
        b.rotation.sin,
    );
    let squares = rotations * rotations;
    let lengths = Vec2::new(squares.x + squares.y, squares.z + squares.w);
    // NaN fails both comparisons; `&` rather than `&&`, so nothing branches in between.
    translations.abs().cmple(Vec4::splat(MAX_COORDINATE)).all()
        & (lengths - Vec2::ONE).abs().cmple(Vec2::splat(1e-3)).all()
}

/// Whether both coordinates of `point` lie within ±[`MAX_COORDINATE`] (false for NaN).
#[inline]
#[must_use]
pub(crate) fn coordinates_in_range(point: Vec2) -> bool {
    point.abs().cmple(Vec2::splat(MAX_COORDINATE)).all()
}

impl Mul for Iso {
    type Output = Self;

    /// Composes placements: `(a * b).transform_point(p) == a.transform_point(b.transform_point(p))`.
    #[inline]
    fn mul(self, other: Self) -> Self {
        Self {
            translation: self.transform_point(other.translation),
            rotation: self.rotation * other.rotation,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_in_range_is_each_in_range() {
        let stretched = Rot {
            cos: 1.01,
            sin: 0.0,
        };
        let placements = [
            Iso::IDENTITY,
            Iso::new(Vec2::new(MAX_COORDINATE, -MAX_COORDINATE), 2.0),
            Iso::from_translation(Vec2::new(MAX_COORDINATE * 1.01, 0.0)),
            Iso::from_translation(Vec2::new(0.0, -3e38)),
            Iso::from_translation(Vec2::new(f32::NAN, 0.0)),
            Iso::from_translation(Vec2::new(0.0, f32::INFINITY)),
            Iso {
                translation: Vec2::ONE,
                rotation: stretched,
            },
            Iso {
                translation: Vec2::ONE,
                rotation: Rot {
                    cos: f32::NAN,
                    sin: 0.0,
                },
            },
        ];
        for a in &placements {
            for b in &placements {
                assert_eq!(
                    both_in_range(a, b),
                    a.is_in_range() && b.is_in_range(),
                    "{a:?} {b:?}"
                );
            }
        }
        assert!(placements.iter().filter(|iso| iso.is_in_range()).count() == 2);
    }
}
