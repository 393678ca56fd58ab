//! [`RigidMotion`]: how a shape moves during one unit of time, turning as it goes.

use glam::Vec2;

use crate::math::{both_in_range, coordinates_in_range};
use crate::shape::rounded_convex::RoundedConvex;
use crate::{Iso, Rot, Shape};

/// A rigid motion over one unit of time (a body's motion during a step): the shape
/// starts at `start`, its centre of rotation moves in a straight line at
/// `linear_velocity`, and the shape turns about that centre at `angular_velocity`
/// (radians per unit of time, counter-clockwise).
///
/// The centre of rotation is the point `local_center` of the shape's local frame (its
/// local origin unless [`with_local_center`](Self::with_local_center) says otherwise).
/// At time `t` the shape is placed by [`at(t)`](Self::at): turned by
/// `angular_velocity · t` from `start`'s rotation, its centre moved by
/// `linear_velocity · t`. A motion with no turn is the straight-line motion of
/// [`cast_shape`](crate::cast_shape).
///
/// ```
/// use sat2d::{Iso, RigidMotion, Vec2};
/// use core::f32::consts::PI;
/// // Half a turn while moving 4 units right, about the local origin.
/// let motion = RigidMotion::new(Iso::IDENTITY, Vec2::new(4.0, 0.0), PI);
/// let halfway = motion.at(0.5);
/// assert!((halfway.translation - Vec2::new(2.0, 0.0)).length() < 1e-6);
/// assert!((halfway.rotation.angle() - PI / 2.0).abs() < 1e-6);
/// // About the point (1, 0) instead: that point moves in a straight line.
/// let about = motion.with_local_center(Vec2::X);
/// assert!((about.at(1.0).transform_point(Vec2::X) - Vec2::new(5.0, 0.0)).length() < 1e-5);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct RigidMotion {
    /// The placement at time 0.
    pub start: Iso,
    /// The centre of rotation, in the shape's local frame.
    pub local_center: Vec2,
    /// How far the centre of rotation moves per unit of time, in world space.
    pub linear_velocity: Vec2,
    /// How far the shape turns per unit of time, in radians, counter-clockwise.
    pub angular_velocity: f32,
}

impl RigidMotion {
    /// A shape placed by `start`, moving at `linear_velocity` and turning at
    /// `angular_velocity` about its local origin.
    #[inline]
    #[must_use]
    pub fn new(start: Iso, linear_velocity: Vec2, angular_velocity: f32) -> Self {
        Self {
            start,
            local_center: Vec2::ZERO,
            linear_velocity,
            angular_velocity,
        }
    }

    /// A shape that stays at `placement`.
    #[inline]
    #[must_use]
    pub fn still(placement: Iso) -> Self {
        Self::new(placement, Vec2::ZERO, 0.0)
    }

    /// The motion from `start` to `end` over one unit of time, turning about the local
    /// origin by the shortest turn between their rotations: at most half a turn either
    /// way, so a body that turned farther during the step is swept the short way round
    /// (give its angular velocity with [`new`](Self::new) instead).
    ///
    /// ```
    /// use sat2d::{Iso, RigidMotion, Vec2};
    /// let start = Iso::new(Vec2::ZERO, 3.0);
    /// let end = Iso::new(Vec2::new(1.0, 0.0), -3.0); // 0.28 rad on, across ±π
    /// let motion = RigidMotion::between(&start, &end);
    /// assert!((motion.angular_velocity - (2.0 * core::f32::consts::PI - 6.0)).abs() < 1e-5);
    /// assert!((motion.at(1.0).translation - end.translation).length() < 1e-6);
    /// ```
    #[inline]
    #[must_use]
    pub fn between(start: &Iso, end: &Iso) -> Self {
        Self::new(
            *start,
            end.translation - start.translation,
            start.rotation.inverse_mul(end.rotation).angle(),
        )
    }

    /// The same motion turning about `local_center` (in the shape's local frame): that
    /// point, not the local origin, moves at `linear_velocity`.
    #[inline]
    #[must_use]
    pub fn with_local_center(self, local_center: Vec2) -> Self {
        Self {
            local_center,
            ..self
        }
    }

    /// The placement at time `time`: turned by `angular_velocity · time` about the
    /// centre of rotation, which has moved by `linear_velocity · time`.
    #[inline]
    #[must_use]
    pub fn at(&self, time: f32) -> Iso {
        let rotation = self.start.rotation * Rot::from_angle(self.angular_velocity * time);
        let center = self.start.transform_point(self.local_center) + self.linear_velocity * time;
        Iso {
            translation: center - rotation.rotate(self.local_center),
            rotation,
        }
    }

    /// Whether the motion stays within the working range over its unit of time: the
    /// start [in range](Iso::is_in_range), the velocities finite, and the placement at
    /// time 1 in range.
    #[must_use]
    pub fn is_in_range(&self) -> bool {
        self.start.is_in_range()
            && coordinates_in_range(self.local_center)
            && coordinates_in_range(self.linear_velocity)
            && self.angular_velocity.is_finite()
            && both_in_range(&self.start, &self.at(1.0))
    }

    /// How far `shape`'s farthest point lies from the centre of rotation: no point of
    /// the shape moves faster than `|angular_velocity|` times this, relative to the
    /// centre. The lesser of two bounds: through the shape's bounding circle, and
    /// through its reach from the local origin.
    #[inline]
    #[must_use]
    pub(crate) fn turning_radius(&self, shape: &Shape) -> f32 {
        let circle = shape.bounding_circle(&Iso::IDENTITY);
        (circle.center.distance(self.local_center) + circle.radius)
            .min(self.local_center.length() + shape.reach())
    }

    /// How far the farthest point of `core` (a convex core in the shape's local frame)
    /// lies from the centre of rotation: its farthest vertex's distance plus its radius.
    #[inline]
    #[must_use]
    pub(crate) fn turning_radius_of(&self, core: RoundedConvex<'_>) -> f32 {
        core.points
            .iter()
            .map(|point| point.distance_squared(self.local_center))
            .fold(0.0, f32::max)
            .sqrt()
            + core.radius
    }
}
