//! [`PlacedCore`]: one convex part of a collider in the world, as the SAT explainer
//! projects it (core points plus a radius), so its figures can reach the extreme points.

use bevy::math::Vec2;
use sat2d::{Iso, Shape};

/// A convex part placed in the world: its core's points and its rounding radius (a
/// circle is one point with a radius, a capsule a segment with one).
#[derive(Clone, Debug, PartialEq)]
pub struct PlacedCore {
    /// The core's points, in world space.
    pub points: Vec<Vec2>,
    /// The radius around the core.
    pub radius: f32,
}

impl PlacedCore {
    /// Part `index` of `shape` placed by `iso` (a convex shape has only part 0).
    #[must_use]
    pub fn of(shape: &Shape, iso: &Iso, index: usize) -> Self {
        let (local, radius): (&[Vec2], f32) = match shape {
            Shape::Circle(circle) => (&[Vec2::ZERO], circle.radius()),
            Shape::Segment(segment) => (segment.points(), 0.0),
            Shape::Capsule(capsule) => (capsule.segment().points(), capsule.radius()),
            Shape::Polygon(polygon) => (polygon.points(), 0.0),
            Shape::Concave(polygon) => (polygon.parts()[index].points(), 0.0),
        };
        Self {
            points: local
                .iter()
                .map(|point| iso.transform_point(*point))
                .collect(),
            radius,
        }
    }

    /// The boundary points whose shadows are the ends of this part's interval on unit
    /// `axis`: `(at the minimum, at the maximum)`.
    #[must_use]
    pub fn extremes(&self, axis: Vec2) -> (Vec2, Vec2) {
        let by_depth = |p: &&Vec2, q: &&Vec2| p.dot(axis).total_cmp(&q.dot(axis));
        let low = self
            .points
            .iter()
            .min_by(by_depth)
            .copied()
            .unwrap_or(Vec2::ZERO);
        let high = self
            .points
            .iter()
            .max_by(by_depth)
            .copied()
            .unwrap_or(Vec2::ZERO);
        (low - axis * self.radius, high + axis * self.radius)
    }

    /// How far the part reaches along unit `direction` (its support value).
    #[must_use]
    pub fn reach(&self, direction: Vec2) -> f32 {
        self.points
            .iter()
            .map(|point| point.dot(direction))
            .fold(f32::NEG_INFINITY, f32::max)
            + self.radius
    }
}
