//! What a [`Shape`] measures: area, centroid, reach and bounding volumes, in its local
//! frame or placed by an [`Iso`].

use glam::Vec2;

use super::Shape;
use crate::{Aabb, BoundingCircle, Iso};

impl Shape {
    /// The enclosed area (zero for a segment).
    #[must_use]
    pub fn area(&self) -> f32 {
        match self {
            Self::Circle(circle) => core::f32::consts::PI * circle.radius() * circle.radius(),
            Self::Segment(_) => 0.0,
            Self::Capsule(capsule) => {
                let radius = capsule.radius();
                core::f32::consts::PI * radius * radius + 4.0 * radius * capsule.half_length()
            }
            Self::Polygon(polygon) => polygon.metrics().area,
            Self::Concave(polygon) => polygon.metrics().area,
        }
    }

    /// The centre of mass in the local frame (uniform density).
    #[must_use]
    pub fn centroid(&self) -> Vec2 {
        match self {
            Self::Circle(_) | Self::Capsule(_) => Vec2::ZERO,
            Self::Segment(segment) => (segment.a() + segment.b()) * 0.5,
            Self::Polygon(polygon) => polygon.metrics().centroid,
            Self::Concave(polygon) => polygon.metrics().centroid,
        }
    }

    /// The largest distance from the local origin to any point of the shape. Queries
    /// scale their tolerance by it.
    #[must_use]
    pub fn reach(&self) -> f32 {
        match self {
            Self::Circle(circle) => circle.radius(),
            Self::Segment(segment) => segment.a().length().max(segment.b().length()),
            Self::Capsule(capsule) => capsule.half_length() + capsule.radius(),
            Self::Polygon(polygon) => polygon.metrics().reach,
            Self::Concave(polygon) => polygon.metrics().reach,
        }
    }

    /// The bounding box in the local frame.
    #[must_use]
    pub fn local_aabb(&self) -> Aabb {
        self.aabb(&Iso::IDENTITY)
    }

    /// The bounding box of the shape placed by `iso`. Exact (tight) for every shape.
    #[must_use]
    pub fn aabb(&self, iso: &Iso) -> Aabb {
        match self {
            Self::Circle(circle) => circle_aabb(circle.radius(), iso),
            Self::Segment(segment) => points_aabb(segment.points(), iso, 0.0),
            Self::Capsule(capsule) => {
                points_aabb(capsule.segment().points(), iso, capsule.radius())
            }
            Self::Polygon(polygon) => points_aabb(polygon.points(), iso, 0.0),
            Self::Concave(polygon) => points_aabb(polygon.outline(), iso, 0.0),
        }
    }

    /// A circle enclosing the shape placed by `iso`, centred on its centroid (on the
    /// local origin for circles and capsules). Cheaper to update than the AABB: no
    /// per-vertex work.
    #[must_use]
    pub fn bounding_circle(&self, iso: &Iso) -> BoundingCircle {
        let (center, radius) = self.local_bounding_circle();
        placed_circle(center, radius, iso)
    }

    /// The centre (local frame) and radius of [`Self::bounding_circle`].
    pub(crate) fn local_bounding_circle(&self) -> (Vec2, f32) {
        match self {
            Self::Circle(circle) => (Vec2::ZERO, circle.radius()),
            Self::Segment(segment) => ((segment.a() + segment.b()) * 0.5, segment.length() * 0.5),
            Self::Capsule(capsule) => (Vec2::ZERO, capsule.half_length() + capsule.radius()),
            Self::Polygon(polygon) => (
                polygon.metrics().centroid,
                polygon.metrics().bounding_radius,
            ),
            Self::Concave(polygon) => (
                polygon.metrics().centroid,
                polygon.metrics().bounding_radius,
            ),
        }
    }
}

/// The box of a circle of `radius` centred on the local origin, placed by `iso`.
pub(crate) fn circle_aabb(radius: f32, iso: &Iso) -> Aabb {
    Aabb::from_center_half_extents(iso.translation, Vec2::splat(radius))
}

/// The circle of `radius` about local point `center`, placed by `iso`.
pub(crate) fn placed_circle(center: Vec2, radius: f32, iso: &Iso) -> BoundingCircle {
    BoundingCircle::new(iso.transform_point(center), radius)
}

/// The box around `points` placed by `iso`, grown by `radius`.
#[inline]
pub(crate) fn points_aabb(points: &[Vec2], iso: &Iso, radius: f32) -> Aabb {
    let first = iso.transform_point(points[0]);
    let (min, max) = points[1..].iter().fold((first, first), |(min, max), p| {
        let world = iso.transform_point(*p);
        (min.min(world), max.max(world))
    });
    Aabb::new(min - Vec2::splat(radius), max + Vec2::splat(radius))
}
