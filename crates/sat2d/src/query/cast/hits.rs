//! What the casts return: [`RayHit`] and [`ShapeHit`].

use glam::Vec2;

/// Where a [`Ray`](crate::Ray) first meets a shape, in world space.
///
/// `point == ray.at(distance)`, and `normal` is the shape's unit outward normal there.
/// A ray that starts inside the shape, or on its boundary, hits at distance 0 with
/// `normal == -ray.direction()` (shapes are solid). A ray that only grazes the shape
/// (along a face, or past a vertex, within the tolerance: see "Touching starts and
/// grazes" in the crate docs) hits it, with a normal that faces the ray.
///
/// ```
/// use sat2d::{Iso, Ray, Shape, Vec2};
/// let wall = Shape::rectangle(2.0, 10.0);
/// let ray = Ray::new(Vec2::new(-5.0, 0.0), Vec2::X);
/// let hit = sat2d::cast_ray(&wall, &Iso::IDENTITY, &ray, 100.0).unwrap();
/// assert!((hit.distance - 4.0).abs() < 1e-5);
/// assert_eq!(hit.normal, -Vec2::X);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct RayHit {
    /// How far along the ray, in world units.
    pub distance: f32,
    /// The hit point.
    pub point: Vec2,
    /// The shape's unit outward normal at the hit point.
    pub normal: Vec2,
}

/// When and where two moving shapes first touch, from
/// [`cast_shape`](crate::cast_shape).
///
/// The sweep runs over one unit of time: `fraction` is that time (0 to 1), `point` the
/// point where they touch, in world space at that time, and `normal` the unit contact
/// normal from A to B at that time. Shapes that already touch or overlap at the start
/// give `fraction == 0` and the normal and first point of their
/// [`Contact`](crate::Contact).
///
/// ```
/// use sat2d::{Iso, Shape, Vec2};
/// let ball = Shape::circle(1.0);
/// let wall = Shape::rectangle(2.0, 10.0);
/// let at = Iso::from_translation(Vec2::new(-10.0, 0.0));
/// // The ball moves 20 units right; the wall stands still.
/// let hit = sat2d::cast_shape(&ball, &at, Vec2::new(20.0, 0.0), &wall, &Iso::IDENTITY, Vec2::ZERO)
///     .unwrap();
/// assert!((hit.fraction - 0.4).abs() < 1e-5); // 8 of the 20 units
/// assert!((hit.point - Vec2::new(-1.0, 0.0)).length() < 1e-4);
/// assert!((hit.normal - Vec2::X).length() < 1e-5);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct ShapeHit {
    /// The time of first touch, from 0 (the start) to 1 (the end of the motion).
    pub fraction: f32,
    /// Where they touch at that time, in world space.
    pub point: Vec2,
    /// The unit contact normal from A to B at that time.
    pub normal: Vec2,
}
