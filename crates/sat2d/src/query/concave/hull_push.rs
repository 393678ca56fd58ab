//! [`hull_push`]: the MTV of the two shapes' convex hulls, a push that separates the
//! shapes themselves. The concave MTV is never longer, so its search starts with this
//! point as the best known, and answers with it when its work budget runs out.
//!
//! Frame: A's local frame, B's parts carried into it; the answer is a translation of B
//! in that frame.

use glam::Vec2;

use crate::decompose::convex_hull::convex_hull;
use crate::math::segment::edge_normal;
use crate::query::concave::boundary_piece::BoundaryPiece;
use crate::query::concave::minkowski_difference::MinkowskiDifference;
use crate::query::parts::Parts;
use crate::shape::rounded_convex::RoundedConvex;

/// The shortest translation of B that leaves the convex hulls of A's and of B's parts
/// at most touching, and so every part pair; `None` when a hull is degenerate (fewer
/// than three points where there are several parts, which valid shapes never give).
/// `work` is the number of points read (`O(n log n)` to build the hulls).
///
/// ```text
/// hull_a, hull_b = each shape's one part as it is, or the hull of its parts' points
///                  (their radius kept: the parts of one shape share it)
/// D = hull_a ⊖ hull_b   (B moved by t meets A's hull exactly when t lies in D)
/// push = the point of D's boundary nearest the origin
/// ```
pub(crate) fn hull_push(parts_a: &Parts, parts_b: &Parts) -> Option<Vec2> {
    let (hull_a, hull_b) = (Hull::of(parts_a)?, Hull::of(parts_b)?);
    let difference = MinkowskiDifference::new(hull_a.view(), hull_b.view());
    let view = difference.view();
    if view.points.len() < 3 {
        return None;
    }
    BoundaryPiece::of(view)
        .map(|piece| piece.nearest())
        .min_by(|x, y| x.length_squared().total_cmp(&y.length_squared()))
}

/// A shape's convex hull: its one part as it is, or the hull of its parts' points.
struct Hull<'a> {
    points: Vec<Vec2>,
    normals: Vec<Vec2>,
    radius: f32,
    whole: Option<RoundedConvex<'a>>,
}

impl<'a> Hull<'a> {
    fn of(parts: &'a Parts) -> Option<Self> {
        if let [only] = parts.cores.as_slice() {
            return Some(Self {
                points: Vec::new(),
                normals: Vec::new(),
                radius: 0.0,
                whole: Some(only.form().core()),
            });
        }
        let mut radius: f32 = 0.0;
        let mut all = Vec::new();
        for core in &parts.cores {
            let core = core.form().core();
            radius = radius.max(core.radius);
            all.extend_from_slice(core.points);
        }
        let points = convex_hull(&all);
        if points.len() < 3 {
            return None;
        }
        let normals = (0..points.len())
            .map(|k| edge_normal(points[k], points[(k + 1) % points.len()]))
            .collect();
        Some(Self {
            points,
            normals,
            radius,
            whole: None,
        })
    }

    fn view(&self) -> RoundedConvex<'_> {
        self.whole.unwrap_or(RoundedConvex {
            points: &self.points,
            normals: &self.normals,
            radius: self.radius,
        })
    }
}
