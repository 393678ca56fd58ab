//! [`Collider`]: the component that makes an entity collide.

use std::sync::Arc;

use bevy::prelude::*;
use bevy::reflect::{ReflectDeserialize, ReflectSerialize};
use sat2d::{Shape, ShapeError, ShapeKind};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::components::collision_layers::CollisionLayers;
use crate::events::colliding_entities::CollidingEntities;
use crate::world::placed_translation::PlacedTranslation;
use crate::world::removal::queue_removed_collider;

/// A collision shape in the entity's local frame, placed in the world by its
/// `GlobalTransform` (so child colliders follow their parents).
///
/// Adding it adds [`CollidingEntities`], [`CollisionLayers`],
/// [`PlacedTranslation`](crate::PlacedTranslation) and `Transform` if missing.
/// Scale is applied: polygons and segments scale exactly (non-uniform too); circles and
/// capsules under non-uniform scale take the larger factor, with one warning per entity.
///
/// The shape is held once and shared: clones of a `Collider` share it, and so does the
/// plugin's [`PlacedCollider`](crate::PlacedCollider) record while the entity's scale is
/// one (a scaled collider's record holds its own scaled copy). For the same reason the
/// component reflects as one opaque value: it can be cloned, compared, printed, and
/// serialized as the shape's [`ShapeData`](sat2d::ShapeData) (checked when read back, as
/// a `.collider.ron` file is), so scenes save and load it, but its fields are not
/// reflected one by one.
///
/// ```
/// use bevy::prelude::*;
/// use bevy_sat2d::prelude::*;
/// fn spawn(mut commands: Commands) {
///     commands.spawn((Collider::circle(10.0), Transform::from_xyz(0.0, 0.0, 0.0)));
///     commands.spawn((Collider::rectangle(40.0, 10.0), Transform::from_xyz(5.0, 0.0, 0.0)));
///     let triangle = [Vec2::ZERO, Vec2::new(10.0, 0.0), Vec2::new(0.0, 10.0)];
///     commands.spawn(Collider::polygon(&triangle).expect("a valid triangle"));
///     commands.spawn(Collider::try_from(Capsule2d::new(2.0, 8.0)).expect("valid sizes"));
/// }
/// # bevy::ecs::system::assert_is_system(spawn);
/// ```
#[derive(Component, Reflect, Clone, Debug, PartialEq)]
#[reflect(opaque)]
#[reflect(Component, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[require(CollidingEntities, CollisionLayers, PlacedTranslation, Transform)]
#[component(on_remove = queue_removed_collider)]
pub struct Collider {
    shape: Arc<Shape>,
}

impl Collider {
    /// A circle of `radius`, centred.
    ///
    /// # Panics
    /// If `radius` is not finite and greater than zero (zero panics too), or lies
    /// outside the working range [`sat2d::MIN_SIZE`]`..=`[`sat2d::MAX_SIZE`]; use
    /// [`Self::try_circle`] for sizes that come from data.
    #[must_use]
    pub fn circle(radius: f32) -> Self {
        Self::from(Shape::circle(radius))
    }

    /// A circle of `radius`, centred, or why it cannot be one.
    ///
    /// ```
    /// use bevy_sat2d::prelude::*;
    /// assert!(Collider::try_circle(2.0).is_ok());
    /// assert!(Collider::try_circle(0.0).is_err());
    /// ```
    ///
    /// # Errors
    /// As [`Shape::try_circle`]: [`ShapeError::InvalidSize`] unless `radius` is finite
    /// and greater than zero, [`ShapeError::OutOfRange`] outside the working range.
    pub fn try_circle(radius: f32) -> Result<Self, ShapeError> {
        Shape::try_circle(radius).map(Self::from)
    }

    /// A rectangle of full size `width × height`, centred.
    ///
    /// # Panics
    /// If a side is not finite and greater than zero (zero panics too), or lies outside
    /// the working range; use [`Self::try_rectangle`] for sizes that come from data.
    #[must_use]
    pub fn rectangle(width: f32, height: f32) -> Self {
        Self::from(Shape::rectangle(width, height))
    }

    /// A rectangle of full size `width × height`, centred, or why it cannot be one.
    ///
    /// # Errors
    /// As [`Shape::try_rectangle`]: [`ShapeError::InvalidSize`] unless both sides are
    /// finite and greater than zero, [`ShapeError::OutOfRange`] outside the working
    /// range.
    pub fn try_rectangle(width: f32, height: f32) -> Result<Self, ShapeError> {
        Shape::try_rectangle(width, height).map(Self::from)
    }

    /// A capsule along local Y (Bevy's `Capsule2d` convention): `radius` around a
    /// straight part `length` long. A `length` of zero gives a circle.
    ///
    /// # Panics
    /// If `radius` is not finite and greater than zero, `length` is negative or not
    /// finite, or either lies outside the working range; use [`Self::try_capsule`] for
    /// sizes that come from data.
    #[must_use]
    pub fn capsule(radius: f32, length: f32) -> Self {
        Self::from(Shape::capsule(radius, length))
    }

    /// A capsule along local Y, or why it cannot be one.
    ///
    /// # Errors
    /// As [`Shape::try_capsule`]: [`ShapeError::InvalidSize`] for the radius,
    /// [`ShapeError::InvalidLength`] for the length, [`ShapeError::OutOfRange`] outside
    /// the working range.
    pub fn try_capsule(radius: f32, length: f32) -> Result<Self, ShapeError> {
        Shape::try_capsule(radius, length).map(Self::from)
    }

    /// The segment from `a` to `b`.
    ///
    /// # Panics
    /// If an end is not finite, the ends coincide, or an end or the length lies outside
    /// the working range; use [`Self::try_segment`] for ends that come from data.
    #[must_use]
    pub fn segment(a: Vec2, b: Vec2) -> Self {
        Self::from(Shape::segment(a, b))
    }

    /// The segment from `a` to `b`, or why it cannot be one.
    ///
    /// # Errors
    /// As [`Shape::try_segment`]: [`ShapeError::NonFinitePoint`],
    /// [`ShapeError::DegenerateSegment`] for coinciding ends, [`ShapeError::OutOfRange`]
    /// outside the working range.
    pub fn try_segment(a: Vec2, b: Vec2) -> Result<Self, ShapeError> {
        Shape::try_segment(a, b).map(Self::from)
    }

    /// A convex or simple concave polygon; see [`Shape::polygon`].
    ///
    /// # Errors
    /// The [`ShapeError`] naming what is wrong with the outline.
    pub fn polygon(points: &[Vec2]) -> Result<Self, ShapeError> {
        Shape::polygon(points).map(Self::from)
    }

    /// The convex hull of `points`; see [`Shape::convex_hull`].
    ///
    /// # Errors
    /// When the points span no area.
    pub fn convex_hull(points: &[Vec2]) -> Result<Self, ShapeError> {
        Shape::convex_hull(points).map(Self::from)
    }

    /// The shape, in the entity's local frame and unscaled.
    #[must_use]
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// The kind of shape.
    #[must_use]
    pub fn kind(&self) -> ShapeKind {
        self.shape.kind()
    }

    /// The shared shape, for records that hold it without copying.
    pub(crate) fn shared_shape(&self) -> &Arc<Shape> {
        &self.shape
    }
}

impl From<Shape> for Collider {
    fn from(shape: Shape) -> Self {
        Self {
            shape: Arc::new(shape),
        }
    }
}

impl From<Collider> for Shape {
    /// The shape, copied only if another collider or record still shares it.
    fn from(collider: Collider) -> Self {
        Arc::unwrap_or_clone(collider.shape)
    }
}

/// Serialized as the shape alone (its [`ShapeData`](sat2d::ShapeData)).
impl Serialize for Collider {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.shape.as_ref().serialize(serializer)
    }
}

/// Read back through [`ShapeData`](sat2d::ShapeData), so an invalid shape is an error.
impl<'de> Deserialize<'de> for Collider {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Shape::deserialize(deserializer).map(Self::from)
    }
}

/// Bevy's primitives convert with `TryFrom`: each can hold sizes or points that make no
/// shape (negative radius, collinear triangle), and those are errors, not panics.
macro_rules! try_from_primitive {
    ($primitive:ty, |$value:ident| $build:expr) => {
        impl TryFrom<$primitive> for Collider {
            type Error = ShapeError;

            fn try_from($value: $primitive) -> Result<Self, ShapeError> {
                $build.map(Self::from)
            }
        }
    };
}

try_from_primitive!(Circle, |circle| Shape::try_circle(circle.radius));
try_from_primitive!(Rectangle, |rectangle| Shape::try_rectangle(
    rectangle.half_size.x * 2.0,
    rectangle.half_size.y * 2.0
));
try_from_primitive!(Capsule2d, |capsule| Shape::try_capsule(
    capsule.radius,
    capsule.half_length * 2.0
));
try_from_primitive!(Segment2d, |segment| Shape::try_segment(
    segment.vertices[0],
    segment.vertices[1]
));
try_from_primitive!(Triangle2d, |triangle| Shape::polygon(&triangle.vertices));
try_from_primitive!(RegularPolygon, |polygon| {
    let points: Vec<Vec2> = polygon.vertices(0.0).into_iter().collect();
    Shape::polygon(&points)
});
try_from_primitive!(ConvexPolygon, |polygon| Shape::polygon(polygon.vertices()));
try_from_primitive!(Polygon, |polygon| Shape::polygon(&polygon.vertices));

#[cfg(test)]
mod tests;
