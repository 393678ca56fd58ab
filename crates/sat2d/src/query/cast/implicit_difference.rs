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
use crate::RELATIVE_TOLERANCE;
use crate::math::segment::edge_normal;
use crate::query::closest_points::ClosestPoints;
use crate::query::kernel::{Clipped, ConvexCore, ROUNDING_SLACK, RayTarget};
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
    /// Two points or segments, moved together so that A's first point is the origin
    /// (see [`Recentred`]); `None` when either core is a polygon.
    recentred: Option<Recentred>,
    /// How far outside the grown difference a point still touches it: the pair's
    /// tolerance, as `intersects` uses it. A start within it is touching; an entry
    /// point within it (and the rounding) of the difference is on a face.
    tolerance: f32,
}

/// The points of two point or segment cores less A's first point, `shift`.
///
/// Why: `A ⊖ B` does not change when both move alike, but its planes and closest
/// points are formed from the cores' coordinates, whose rounding grows with their
/// distance from the origin. The routes that meet two of these cores solve in world
/// space, where a pair 1e5 out lost its planes to rounding of 0.01 and tunnelled.
/// Moved, the coordinates are differences of nearby `f32`s (exact, by Sterbenz's
/// lemma, for points within a factor of 2 of each other), and the answers keep the
/// precision they have at the origin. Polygons need none: their route solves in A's
/// frame, where A lies at the origin already.
struct Recentred {
    shift: Vec2,
    points_a: [Vec2; 2],
    points_b: [Vec2; 2],
}

impl<'a, A: ConvexCore, B: ConvexCore> ImplicitDifference<'a, A, B> {
    /// The difference of `a` and `b`, both in A's frame; `tolerance` as for the pair.
    pub fn new(a: &'a A, b: &'a B, tolerance: f32) -> Self {
        let (core_a, core_b) = (a.rounded(), b.rounded());
        let recentred = (!core_a.is_polygon() && !core_b.is_polygon()).then(|| {
            let shift = core_a.points[0];
            let moved = |points: &[Vec2]| {
                core::array::from_fn(|index| points[index.min(points.len() - 1)] - shift)
            };
            Recentred {
                shift,
                points_a: moved(core_a.points),
                points_b: moved(core_b.points),
            }
        });
        Self {
            a,
            b,
            core_a,
            core_b,
            recentred,
            tolerance,
        }
    }

    /// The cores as the difference reads them: recentred when they are points or
    /// segments, and the shift that puts their closest points back.
    #[inline]
    fn cores(&self) -> (RoundedConvex<'_>, RoundedConvex<'_>, Vec2) {
        match &self.recentred {
            Some(moved) => (
                RoundedConvex {
                    points: &moved.points_a[..self.core_a.points.len()],
                    ..self.core_a
                },
                RoundedConvex {
                    points: &moved.points_b[..self.core_b.points.len()],
                    ..self.core_b
                },
                moved.shift,
            ),
            None => (self.core_a, self.core_b, Vec2::ZERO),
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

impl<A: ConvexCore, B: ConvexCore> RayTarget for ImplicitDifference<'_, A, B> {
    /// The closest points of A and of B moved to where the ray met the difference.
    type Spot = ClosestPoints;

    #[inline]
    fn radius(&self) -> f32 {
        self.core_a.radius + self.core_b.radius
    }

    #[inline]
    fn tolerance(&self) -> f32 {
        self.tolerance
    }

    /// A's faces clip `t · direction`; B's faces clip `B ⊖ A` along `−direction`,
    /// which crosses it at the same `t` (and the origin lies as far outside each).
    fn clip(&self, origin: Vec2, direction: Vec2, push: f32) -> Clipped {
        debug_assert_eq!(
            origin,
            Vec2::ZERO,
            "the difference's ray starts at the origin"
        );
        let faces_of_a = self.faces_of_a();
        let (a, b, _) = self.cores();
        let push = self.radius() + push;
        if self.recentred.is_some() {
            clip_both(&a, &b, faces_of_a, direction, push)
        } else {
            clip_both(self.a, self.b, faces_of_a, direction, push)
        }
    }

    /// The offsets are formed from both cores' points, as the difference reads them
    /// (recentred or in A's frame), and the radii: each core's lie within twice its
    /// shape's reach of its first point, and the pair's tolerance is
    /// `RELATIVE_TOLERANCE` times the two reaches.
    #[inline]
    fn rounding(&self, origin: Vec2, reach: f32) -> f32 {
        let (a, b, _) = self.cores();
        let extent = 2.0 * self.tolerance / RELATIVE_TOLERANCE;
        let coordinates = origin.length() + a.points[0].length() + b.points[0].length() + extent;
        (coordinates + reach) * ROUNDING_SLACK
    }

    fn enter_face(
        &self,
        face: usize,
        point: Vec2,
        grazing: bool,
    ) -> Result<(Vec2, ClosestPoints), (Vec2, ClosestPoints)> {
        // `point` lies over this face's plane higher than over any other.
        let (core_a, core_b, shift) = self.cores();
        let closest = closest_near_face(core_a, core_b, point, self.face(face));
        // A polygon's faces meet at its vertices: with no radius there are no corners
        // (as in the ray entry on a core), unless the ray only grazes, passing beyond
        // a sharp vertex within the tolerance of both its planes. Otherwise the entry point and the closest
        // points carry the rounding of the coordinates they come from: the entry's
        // (its distance along the ray) and the cores' (far from the origin when the
        // route solves in world space), so the slack grows with them.
        let polygon = self.core_a.is_polygon() || self.core_b.is_polygon();
        let scale = point.length() + core_a.points[0].length() + core_b.points[0].length();
        let slack = self.tolerance + scale * ROUNDING_SLACK;
        let corner = closest.on_a - closest.on_b + point;
        let closest = shifted(closest, shift);
        if (self.radius() == 0.0 && polygon && !grazing)
            || closest.distance <= self.radius() + slack
        {
            Ok((self.normal(face), closest))
        } else {
            Err((corner, closest))
        }
    }

    #[inline]
    fn face_normal(&self, face: usize) -> Vec2 {
        self.normal(face)
    }

    fn corner_of(&self, point: Vec2) -> Option<(Vec2, ClosestPoints)> {
        debug_assert_eq!(
            point,
            Vec2::ZERO,
            "the difference's ray starts at the origin"
        );
        let (near, shift) = match self.cores() {
            (a, b, shift) if self.recentred.is_some() => (nearest(&a, &b), shift),
            _ => (nearest(self.a, self.b), Vec2::ZERO),
        };
        match near {
            Nearest::Overlapping => None,
            Nearest::Apart(closest) if closest.distance <= self.radius() + self.tolerance => None,
            Nearest::Apart(closest) => Some((closest.on_a - closest.on_b, shifted(closest, shift))),
        }
    }
}

/// Closest points found on recentred cores, moved back by `shift`.
#[inline]
fn shifted(closest: ClosestPoints, shift: Vec2) -> ClosestPoints {
    ClosestPoints {
        on_a: closest.on_a + shift,
        on_b: closest.on_b + shift,
        ..closest
    }
}

/// The ray `t · direction` clipped by the planes of `A ⊖ B`, pushed out by `push`: A's
/// faces clip it directly; B's faces clip `B ⊖ A` along `−direction`, which crosses it
/// at the same `t` (and the origin lies as far outside each). B's faces are numbered
/// after A's `faces_of_a`.
#[inline(always)]
fn clip_both(
    a: &impl ConvexCore,
    b: &impl ConvexCore,
    faces_of_a: usize,
    direction: Vec2,
    push: f32,
) -> Clipped {
    let (Some(by_a), Some(by_b)) = (
        a.clip_difference(b.rounded().points, direction, push),
        b.clip_difference(a.rounded().points, -direction, push),
    ) else {
        unreachable!("the difference clip reports misses too");
    };
    let (enter, enter_rate, entering_face) = if by_b.enter > by_a.enter {
        (
            by_b.enter,
            by_b.enter_rate,
            by_b.entering_face.map(|j| faces_of_a + j),
        )
    } else {
        (by_a.enter, by_a.enter_rate, by_a.entering_face)
    };
    let (exit, exit_rate) = if by_b.exit < by_a.exit {
        (by_b.exit, by_b.exit_rate)
    } else {
        (by_a.exit, by_a.exit_rate)
    };
    Clipped {
        enter,
        exit,
        entering_face,
        enter_rate,
        exit_rate,
        height: by_a.height.max(by_b.height),
        aside: by_a.aside.max(by_b.aside),
    }
}
