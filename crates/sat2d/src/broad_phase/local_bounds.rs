//! [`LocalBounds`]: what [`Bounds::of`] reads of a small shape, kept apart from it.

use glam::Vec2;

use super::Bounds;
use crate::shape::measure::{circle_aabb, placed_circle, points_aabb};
use crate::{Iso, Shape};

/// The most points [`LocalBounds`] holds: a triangle's, a rectangle's, a segment's or
/// a capsule's core.
pub const LOCAL_BOUNDS_POINTS: usize = 4;

/// What a shape's [`Bounds`] are made from, in its local frame, held in 52 bytes with
/// no pointer: a circle's radius, or up to [`LOCAL_BOUNDS_POINTS`] points and the
/// radius they are grown by, and the bounding circle's centre and radius.
///
/// A collider that moves every step has its bounds placed every step. With
/// [`Bounds::of`] that reads the shape, and a polygon's points behind it: in a large
/// scene, two lines out of cache per collider, one waiting on the other. A caller that
/// keeps a `LocalBounds` beside each collider, in an array it reads in order, places
/// them from it instead. [`Self::placed`] gives exactly what [`Bounds::of`] gives, bit
/// for bit: the same formulas on the same numbers.
///
/// ```
/// use sat2d::broad_phase::{Bounds, LocalBounds};
/// use sat2d::{Iso, Shape, Vec2};
/// let shape = Shape::rectangle(4.0, 2.0);
/// let iso = Iso::new(Vec2::new(3.0, -1.0), 0.7);
/// let local = LocalBounds::of(&shape).expect("a rectangle has four points");
/// assert_eq!(local.placed(&iso), Bounds::of(&shape, &iso));
/// // A shape of more points has none: place it from the shape itself.
/// assert!(LocalBounds::of(&Shape::regular_polygon(3.0, 6)?).is_none());
/// # Ok::<(), sat2d::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LocalBounds {
    /// What the box is made from.
    outline: Outline,
    /// The bounding circle's centre, local frame.
    circle_center: Vec2,
    /// The bounding circle's radius.
    circle_radius: f32,
}

/// What a [`LocalBounds`] box is made from.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Outline {
    /// A circle of this radius about the local origin.
    Circle(f32),
    /// `points`, grown by `radius`: the shape's points, the first repeated after
    /// itself to fill the four (the box of the same points, to the bit: a point's
    /// repeat right after it leaves the running minimum and maximum as they are).
    Points {
        points: [Vec2; LOCAL_BOUNDS_POINTS],
        radius: f32,
    },
}

impl LocalBounds {
    /// What [`Bounds::of`] reads of `shape`, or `None` for a shape of more than
    /// [`LOCAL_BOUNDS_POINTS`] points (a concave polygon always), whose bounds are
    /// placed from the shape.
    #[must_use]
    pub fn of(shape: &Shape) -> Option<Self> {
        let outline = match shape {
            Shape::Circle(circle) => Outline::Circle(circle.radius()),
            Shape::Segment(segment) => Outline::of_points(segment.points(), 0.0)?,
            Shape::Capsule(capsule) => {
                Outline::of_points(capsule.segment().points(), capsule.radius())?
            }
            Shape::Polygon(polygon) => Outline::of_points(polygon.points(), 0.0)?,
            Shape::Concave(_) => return None,
        };
        let (circle_center, circle_radius) = shape.local_bounding_circle();
        Some(Self {
            outline,
            circle_center,
            circle_radius,
        })
    }

    /// The bounds of the shape placed by `iso`: [`Bounds::of`] of the shape this was
    /// made from, exactly.
    #[inline]
    #[must_use]
    pub fn placed(&self, iso: &Iso) -> Bounds {
        let aabb = match &self.outline {
            Outline::Circle(radius) => circle_aabb(*radius, iso),
            Outline::Points { points, radius } => points_aabb(points, iso, *radius),
        };
        Bounds::new(
            aabb,
            placed_circle(self.circle_center, self.circle_radius, iso),
        )
    }
}

impl Outline {
    /// `points` grown by `radius`, or `None` if there are more than
    /// [`LOCAL_BOUNDS_POINTS`] of them.
    fn of_points(points: &[Vec2], radius: f32) -> Option<Self> {
        let (&first, rest) = points.split_first()?;
        if rest.len() >= LOCAL_BOUNDS_POINTS {
            return None;
        }
        // [first, first, …, rest]: the repeats come right after the first point.
        let mut held = [first; LOCAL_BOUNDS_POINTS];
        held[LOCAL_BOUNDS_POINTS - rest.len()..].copy_from_slice(rest);
        Some(Self::Points {
            points: held,
            radius,
        })
    }
}
