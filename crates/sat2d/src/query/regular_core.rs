//! [`RegularCore`]: a regular polygon as a [`RoundedConvex`] core, for the query
//! modules' unit tests (a many-sided part, built once here instead of in each test).
//!
//! Frame: the polygon's own, centred on the origin, its first vertex on `+X`.

use glam::Vec2;

use crate::math::segment::edge_normal;
use crate::shape::rounded_convex::RoundedConvex;

/// The points and edge normals of a regular polygon, owned, viewed as a core.
pub(crate) struct RegularCore {
    points: Vec<Vec2>,
    normals: Vec<Vec2>,
}

impl RegularCore {
    /// A regular polygon of `sides` vertices on a circle of `circumradius`,
    /// counter-clockwise from `+X`.
    pub fn new(sides: usize, circumradius: f32) -> Self {
        let points: Vec<Vec2> = (0..sides)
            .map(|i| {
                Vec2::from_angle(i as f32 * core::f32::consts::TAU / sides as f32) * circumradius
            })
            .collect();
        let normals = (0..sides)
            .map(|k| edge_normal(points[k], points[(k + 1) % sides]))
            .collect();
        Self { points, normals }
    }

    /// The polygon as a core of radius 0.
    pub fn core(&self) -> RoundedConvex<'_> {
        RoundedConvex {
            points: &self.points,
            normals: &self.normals,
            radius: 0.0,
        }
    }
}
