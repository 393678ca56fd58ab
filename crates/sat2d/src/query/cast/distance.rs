//! [`distance`]: the gap between two shapes.

use glam::Vec2;

use super::boundary_gap::boundary_gap;
use super::closest_features::{Nearest, nearest};
use crate::math::both_in_range;
use crate::math::segment::segment_closest_points;
use crate::query::closest_points::ClosestPoints;
use crate::query::concave::meeting_parts::a_point_in_the_other;
use crate::query::core_form::{ConvexPairRoutine, CoreForm, PlacedCore, on_convex_pair};
use crate::query::kernel::ConvexCore;
use crate::query::parts::Parts;
use crate::query::route::{Route, route};
use crate::{Iso, Shape, tolerance};

/// The distance between A placed by `iso_a` and B placed by `iso_b`: the length of the
/// shortest segment from a point of A to a point of B, so `0` when they touch or
/// overlap. Returns `f32::INFINITY` when either `Iso` is not
/// [in range](Iso::is_in_range).
///
/// Exact, by the kind of pair: two circles by their centres; circles, capsules and
/// segments by the closest points of their segments; any other convex pair (a circle
/// as its centre) by a face scan each way (SAT), and where the cores are apart, the
/// closest points near the face that separates them most. For concave shapes: 0 when
/// a point of either lies in the other, else the nearest pair of boundary edges (two
/// trees of the edges' boxes, nearest first), less the radii.
///
/// ```
/// use sat2d::{Iso, Shape, Vec2};
/// let a = Shape::rectangle(2.0, 2.0);
/// let b = Shape::circle(1.0);
/// let gap = sat2d::distance(&a, &Iso::IDENTITY, &b, &Iso::from_translation(Vec2::new(5.0, 0.0)));
/// assert!((gap - 3.0).abs() < 1e-5);
/// assert_eq!(sat2d::distance(&a, &Iso::IDENTITY, &b, &Iso::IDENTITY), 0.0);
/// ```
#[must_use]
pub fn distance(a: &Shape, iso_a: &Iso, b: &Shape, iso_b: &Iso) -> f32 {
    if !both_in_range(iso_a, iso_b) {
        return f32::INFINITY;
    }
    match separation(a, iso_a, b, iso_b) {
        Separation::Touching => 0.0,
        Separation::Apart { distance, .. } => distance,
    }
}

/// How two shapes lie, in world space: touching (or overlapping), or apart with the
/// nearest point of each.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Separation {
    /// The shapes share a point (their gap is 0).
    Touching,
    /// The shapes are `distance > 0` apart; `on_a` and `on_b` are the nearest points of
    /// their surfaces, `distance` apart, and `normal` the unit vector from `on_a` to
    /// `on_b` (measured between the cores, which stay apart by more than the gap when
    /// the shapes are rounded, so rounding error does not tilt it).
    Apart {
        distance: f32,
        on_a: Vec2,
        on_b: Vec2,
        normal: Vec2,
    },
}

impl Separation {
    /// The surfaces' nearest points from the cores' closest points, less the radii, in
    /// the frame those are given in, then placed in the world by `frame`.
    #[inline]
    fn of_cores(closest: ClosestPoints, radius_a: f32, radius_b: f32, frame: &Iso) -> Self {
        let gap = closest.distance - radius_a - radius_b;
        let direction = (closest.on_b - closest.on_a).try_normalize();
        let Some(direction) = direction.filter(|_| gap > 0.0) else {
            return Self::Touching;
        };
        Self::Apart {
            distance: gap,
            on_a: frame.transform_point(closest.on_a + direction * radius_a),
            on_b: frame.transform_point(closest.on_b - direction * radius_b),
            normal: frame.transform_vector(direction),
        }
    }

    /// The same with A and B swapped.
    #[inline]
    fn flipped(self) -> Self {
        match self {
            Self::Touching => Self::Touching,
            Self::Apart {
                distance,
                on_a,
                on_b,
                normal,
            } => Self::Apart {
                distance,
                on_a: on_b,
                on_b: on_a,
                normal: -normal,
            },
        }
    }
}

/// How A placed by `iso_a` and B placed by `iso_b` lie ([`Separation`]), by the route
/// of the pair (see [`distance`]). Both placements must be in range.
#[inline]
pub(crate) fn separation(a: &Shape, iso_a: &Iso, b: &Shape, iso_b: &Iso) -> Separation {
    match route(a, iso_a, b, iso_b) {
        Route::CircleCircle(circles) => {
            let (on_a, on_b) = (circles.center_a, circles.center_b);
            let closest = ClosestPoints {
                on_a,
                on_b,
                distance: on_a.distance(on_b),
            };
            Separation::of_cores(closest, circles.radius_a, circles.radius_b, &Iso::IDENTITY)
        }
        Route::PolygonCircle(pair) => {
            // In the polygon's frame, the circle as a core of one point.
            let circle = pair.circle();
            let apart = match pair.polygon.lane_view() {
                Some(lanes) => core_separation(&lanes, &circle, pair.polygon_iso),
                None => core_separation(&pair.polygon.rounded(), &circle, pair.polygon_iso),
            };
            if pair.flipped { apart.flipped() } else { apart }
        }
        Route::SweptDiscs(disc_a, disc_b) => {
            // World space: the cores' closest points, less both radii.
            let (on_a, on_b) =
                segment_closest_points(disc_a.start, disc_a.end, disc_b.start, disc_b.end);
            let closest = ClosestPoints {
                on_a,
                on_b,
                distance: on_a.distance(on_b),
            };
            Separation::of_cores(closest, disc_a.radius, disc_b.radius, &Iso::IDENTITY)
        }
        Route::Convex => on_convex_pair(a, b, &iso_a.inverse_mul(iso_b), Gap { frame: iso_a }),
        Route::Concave => concave_separation(a, b, iso_a, &iso_a.inverse_mul(iso_b)),
    }
}

/// How part `part_a` of A placed by `iso_a` and part `part_b` of B placed by `iso_b`
/// lie ([`Separation`]): their cores measured in A's frame (B's part carried into it
/// once), the answer placed in the world.
pub(super) fn part_separation(
    a: &Shape,
    part_a: usize,
    iso_a: &Iso,
    b: &Shape,
    part_b: usize,
    iso_b: &Iso,
) -> Separation {
    let placed = PlacedCore::new(b, part_b, &iso_a.inverse_mul(iso_b));
    match CoreForm::of(a, part_a) {
        CoreForm::Lanes(core_a) => core_separation(&core_a, &placed.form(), iso_a),
        CoreForm::Scalar(core_a) => core_separation(&core_a, &placed.form(), iso_a),
    }
}

/// How two shapes lie, one of them concave, measured in A's frame (B placed by
/// `relative`, A's frame placed by `iso_a`): touching when a point of either lies in the other (so one holds the other,
/// or they overlap), else their boundaries' gap (`boundary_gap.rs`), 0 too when their
/// edges cross.
///
/// Not through the parts: a concave shape's parts can be long where its edges are
/// short (a star's fan of thin triangles), and neither their circles nor their boxes
/// then rule out the part pairs that are not nearest (163 ms for two stars of 2,692 and
/// 3,126 points 356 apart, in the instrumented fuzz build).
fn concave_separation(a: &Shape, b: &Shape, iso_a: &Iso, relative: &Iso) -> Separation {
    let (parts_a, parts_b) = (Parts::new(a, &Iso::IDENTITY), Parts::new(b, relative));
    if a_point_in_the_other(&parts_a, &parts_b, tolerance(a, b)) {
        return Separation::Touching;
    }
    let (closest, radius_a, radius_b) = boundary_gap(a, b, relative);
    Separation::of_cores(closest, radius_a, radius_b, iso_a)
}

/// How two rounded cores given in one frame (A's) lie, computed there and placed in
/// the world by `frame`.
#[inline(always)]
fn core_separation(a: &impl ConvexCore, b: &impl ConvexCore, frame: &Iso) -> Separation {
    match nearest(a, b) {
        Nearest::Overlapping => Separation::Touching,
        Nearest::Apart(closest) => {
            Separation::of_cores(closest, a.rounded().radius, b.rounded().radius, frame)
        }
    }
}

/// [`core_separation`] as a routine for [`on_convex_pair`], A's frame placed by `frame`.
struct Gap<'a> {
    frame: &'a Iso,
}

impl ConvexPairRoutine for Gap<'_> {
    type Output = Separation;
    const READS_NORMALS_OF_B: bool = false;
    #[inline(always)]
    fn run(self, a: &impl ConvexCore, b: &impl ConvexCore) -> Separation {
        core_separation(a, b, self.frame)
    }
}
