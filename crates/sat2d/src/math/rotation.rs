//! [`Rot`]: a 2D rotation stored as a unit complex number.

use core::ops::Mul;

use glam::Vec2;

/// A rotation in the plane, stored as its cosine and sine (a unit complex number).
///
/// Angles are in radians and counter-clockwise.
///
/// ```
/// use sat2d::{Rot, Vec2};
/// let quarter = Rot::from_angle(core::f32::consts::FRAC_PI_2);
/// let rotated = quarter * Vec2::X;
/// assert!((rotated - Vec2::Y).length() < 1e-6);
/// assert!((quarter.inverse() * rotated - Vec2::X).length() < 1e-6);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct Rot {
    /// Cosine of the angle.
    pub cos: f32,
    /// Sine of the angle.
    pub sin: f32,
}

impl Rot {
    /// The rotation by zero radians.
    pub const IDENTITY: Self = Self { cos: 1.0, sin: 0.0 };

    /// The rotation by `angle` radians, counter-clockwise.
    ///
    /// The sine and cosine come from the `libm` crate, not the platform's maths
    /// library, so the same angle gives the same bits on every target.
    #[inline]
    #[must_use]
    pub fn from_angle(angle: f32) -> Self {
        let (sin, cos) = libm::sincosf(angle);
        Self { cos, sin }
    }

    /// The angle of this rotation in radians, in `(-π, π]` (`libm`'s `atan2f`, the
    /// same bits on every target).
    #[inline]
    #[must_use]
    pub fn angle(self) -> f32 {
        libm::atan2f(self.sin, self.cos)
    }

    /// The unit vector at this rotation's angle: `self * Vec2::X`.
    #[inline]
    #[must_use]
    pub fn direction(self) -> Vec2 {
        Vec2::new(self.cos, self.sin)
    }

    /// Rotates `vector` by this rotation.
    #[inline]
    #[must_use]
    pub fn rotate(self, vector: Vec2) -> Vec2 {
        Vec2::new(
            self.cos * vector.x - self.sin * vector.y,
            self.sin * vector.x + self.cos * vector.y,
        )
    }

    /// Rotates `vector` by the inverse of this rotation.
    #[inline]
    #[must_use]
    pub fn inverse_rotate(self, vector: Vec2) -> Vec2 {
        Vec2::new(
            self.cos * vector.x + self.sin * vector.y,
            -self.sin * vector.x + self.cos * vector.y,
        )
    }

    /// The inverse rotation.
    #[inline]
    #[must_use]
    pub fn inverse(self) -> Self {
        Self {
            cos: self.cos,
            sin: -self.sin,
        }
    }

    /// `self⁻¹ * other`: `other` expressed relative to `self`.
    #[inline]
    #[must_use]
    pub fn inverse_mul(self, other: Self) -> Self {
        Self {
            cos: self.cos * other.cos + self.sin * other.sin,
            sin: self.cos * other.sin - self.sin * other.cos,
        }
    }

    /// Whether both components are finite.
    #[inline]
    #[must_use]
    pub fn is_finite(self) -> bool {
        self.cos.is_finite() && self.sin.is_finite()
    }
}

impl Default for Rot {
    fn default() -> Self {
        Self::IDENTITY
    }
}

impl Mul for Rot {
    type Output = Self;

    /// Composes rotations: `(a * b) * v == a * (b * v)`.
    #[inline]
    fn mul(self, other: Self) -> Self {
        Self {
            cos: self.cos * other.cos - self.sin * other.sin,
            sin: self.sin * other.cos + self.cos * other.sin,
        }
    }
}

impl Mul<Vec2> for Rot {
    type Output = Vec2;

    #[inline]
    fn mul(self, vector: Vec2) -> Vec2 {
        self.rotate(vector)
    }
}
