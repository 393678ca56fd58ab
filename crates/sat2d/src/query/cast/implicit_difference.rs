//! [`ImplicitDifference`]: the Minkowski difference `A ⊖ B` of two convex cores, read
//! through its faces' planes and never built, as a target for the ray entry.
//!
//! Why: building the difference merges the two outlines by angle, each step waiting
//! on the last. The planes of its faces need no order: A's faces pushed out by B's
//! deepest reach, B's reversed and pushed out by A's (two difference clips, each the
//! cost of a face scan, in lanes for polygons of up to 16 vertices). Only where the
//! ray enters is the difference looked at closely, by the closest points of A and of
//! B moved there (`closest_features.rs`): within the grown radius, the ray is on a
//! face; beyond it, in the corner of the difference's point nearest it.
//!
//! Frame: A's local frame, B carried into it; the ray starts at the origin.

use glam::Vec2;

use super::closest_features::{DifferenceFace, Nearest, closest_near_face, nearest};
use crate::math::segment::edge_normal;
use crate::query::closest_points::ClosestPoints;
use crate::query::kernel::{Clipped, ConvexCore, RayTarget};
use crate::shape::rounded_convex::RoundedConvex;

/// `A ⊖ B` of two convex cores given in A's frame, grown by both radii, for
/// [`ray_entry`](crate::query::kernel::ray_entry) from the origin.
///
/// Its faces are numbered A's first (`0..A's face count`), then B's.
pub(crate) struct ImplicitDifference<'a, A, B> {
    a: &'a A,
    b: &'a B,
    core_a: RoundedConvex<'a>,
    core_b: RoundedConvex<'a>,
    /// How far outside the grown difference an entry point may lie and still count
    /// as on a face (rounding puts it a hair either side).
    tolerance: f32,
}

impl<'a, A: ConvexCore, B: ConvexCore> ImplicitDifference<'a, A, B> {
    /// The difference of `a` and `b`, both in A's frame; `tolerance` as for the pair.
    pub fn new(a: &'a A, b: &'a B, tolerance: f32) -> Self {
        Self {
            a,
            b,
            core_a: a.rounded(),
            core_b: b.rounded(),
            tolerance,
        }
    }

    /// How many faces A gives the difference: a polygon's faces, a segment's two
    /// sides, none for a point.
    fn faces_of_a(&self) -> usize {
        match self.core_a.points.len() {
            1 => 0,
            count => count,
        }
    }

    /// Face `index` of the difference.
    fn face(&self, index: usize) -> DifferenceFace {
        match index.checked_sub(self.faces_of_a()) {
            None => DifferenceFace::A(index),
            Some(j) => DifferenceFace::B(j),
        }
    }

    /// The difference's outward unit normal on face `index`.
    fn normal(&self, index: usize) -> Vec2 {
        // B placed in lanes may carry no normals: its edge gives them.
        let of = |core: RoundedConvex<'_>, face: usize| {
            core.normals.get(face).copied().unwrap_or_else(|| {
                let (start, end) = core.edge(face);
                edge_normal(start, end)
            })
        };
        match self.face(index) {
            DifferenceFace::A(i) => of(self.core_a, i),
            DifferenceFace::B(j) => -of(self.core_b, j),
        }
    }
}

/// How far, relative to its distance along the ray, an entry point may stray from the
/// grown difference and still count as on a face: a few `f32` roundings.
const ALONG_RAY_SLACK: f32 = 1e-6;

impl<A: ConvexCore, B: ConvexCore> RayTarget for ImplicitDifference<'_, A, B> {
    /// The closest points of A and of B moved to where the ray met the difference.
    type Spot = ClosestPoints;

    #[inline]
    fn radius(&self) -> f32 {
        self.core_a.radius + self.core_b.radius
    }

    /// A's faces clip `t · direction`; B's faces clip `B ⊖ A` along `−direction`,
    /// which crosses it at the same `t`.
    fn clip(&self, origin: Vec2, direction: Vec2) -> Option<Clipped> {
        debug_assert_eq!(
            origin,
            Vec2::ZERO,
            "the difference's ray starts at the origin"
        );
        let radius = self.radius();
        let by_a = self
            .a
            .clip_difference(self.core_b.points, direction, radius)?;
        let by_b = self
            .b
            .clip_difference(self.core_a.points, -direction, radius)?;
        let entering_face = if by_b.enter > by_a.enter {
            by_b.entering_face.map(|j| self.faces_of_a() + j)
        } else {
            by_a.entering_face
        };
        let (enter, exit) = (by_a.enter.max(by_b.enter), by_a.exit.min(by_b.exit));
        (enter <= exit).then_some(Clipped {
            enter,
            exit,
            entering_face,
        })
    }

    fn enter_face(
        &self,
        face: usize,
        point: Vec2,
    ) -> Result<(Vec2, ClosestPoints), (Vec2, ClosestPoints)> {
        // `point` lies over this face's plane higher than over any other.
        let closest = closest_near_face(self.core_a, self.core_b, point, self.face(face));
        // A polygon's faces meet at its vertices: with no radius there are no corners
        // (as in the ray entry on a core). Otherwise the entry point carries the
        // rounding of the distance along the ray, so the slack grows with it.
        let polygon = self.core_a.is_polygon() || self.core_b.is_polygon();
        let slack = self.tolerance + point.length() * ALONG_RAY_SLACK;
        if (self.radius() == 0.0 && polygon) || closest.distance <= self.radius() + slack {
            Ok((self.normal(face), closest))
        } else {
            Err((closest.on_a - closest.on_b + point, closest))
        }
    }

    fn corner_of(&self, point: Vec2) -> Option<(Vec2, ClosestPoints)> {
        debug_assert_eq!(
            point,
            Vec2::ZERO,
            "the difference's ray starts at the origin"
        );
        match nearest(self.a, self.b) {
            Nearest::Overlapping => None,
            Nearest::Apart(closest) if closest.distance <= self.radius() => None,
            Nearest::Apart(closest) => Some((closest.on_a - closest.on_b, closest)),
        }
    }
}
