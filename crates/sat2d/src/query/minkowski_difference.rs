//! The Minkowski difference of two convex cores, for sweeping one against the other.

use glam::Vec2;

use crate::decompose::convex_hull::convex_hull;
use crate::math::segment::edge_normal;
use crate::shape::rounded_convex::RoundedConvex;

/// `A ⊖ B = { a − b }` of two rounded convex cores, itself a rounded convex core:
/// B moved by `t` touches A exactly when `t` lies in it.
pub(crate) struct MinkowskiDifference {
    points: Vec<Vec2>,
    normals: Vec<Vec2>,
    radius: f32,
}

impl MinkowskiDifference {
    /// The hull of every pairwise difference of core points.
    pub fn new(a: RoundedConvex<'_>, b: RoundedConvex<'_>) -> Self {
        let differences: Vec<Vec2> = a
            .points
            .iter()
            .flat_map(|p| b.points.iter().map(move |q| *p - *q))
            .collect();
        let points = convex_hull(&differences);
        let normals = match points.len() {
            0 | 1 => Vec::new(),
            2 => {
                let normal = edge_normal(points[0], points[1]);
                vec![normal, -normal]
            }
            count => (0..count)
                .map(|i| edge_normal(points[i], points[(i + 1) % count]))
                .collect(),
        };
        Self {
            points,
            normals,
            radius: a.radius + b.radius,
        }
    }

    /// A view the convex queries accept.
    pub fn view(&self) -> RoundedConvex<'_> {
        RoundedConvex {
            points: &self.points,
            normals: &self.normals,
            radius: self.radius,
        }
    }
}
