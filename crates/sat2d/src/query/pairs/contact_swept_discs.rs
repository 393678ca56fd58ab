//! Circles, capsules and segments against each other: discs swept along segments (a
//! circle's segment is a point, a segment's disc has radius zero).
//!
//! Frame: world space. Each disc's segment is placed once, and the closest points of
//! two segments need no rotation into A's frame. They are found relative to A's first
//! core point, though: far from the origin the placed points are rounded to the world's
//! coarse spacing, and closest points computed there would round their small offset to
//! a multiple of it (a normal of `(1, 0)` where the cores nearly touch). The relative
//! coordinates are exact differences of the placed ones, so the routine solves the
//! placed shapes at full precision.
//!
//! While the two cores stay apart, the Minkowski difference near the origin is a disc of
//! radius `rA + rB` swept over the cores' difference, so the exact MTV runs along the
//! line between the cores' closest points:
//!
//! ```text
//! (pa, pb) = closest points of the core segments, d = |pb − pa|
//! normal   = (pb − pa) / d,  depth = rA + rB − d
//! point    = middle of the chord the two shapes share on that line
//! ```
//!
//! When the cores touch or cross (d ≈ 0) the line has no direction, and when two
//! segments are nearly parallel the contact deserves two points: both cases go to the
//! general convex routine instead.

use glam::Vec2;
use smallvec::SmallVec;

use crate::Contact;
use crate::math::segment::{closest_point_on_segment, segment_closest_points};

/// A disc of `radius` swept from `start` to `end`, in world space.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SweptDisc {
    pub start: Vec2,
    pub end: Vec2,
    pub radius: f32,
}

/// Below this sine of the angle between two segments, they count as parallel.
const PARALLEL_SINE: f32 = 0.05;

impl SweptDisc {
    /// The closest points of the two cores: `(on_a, on_b)`.
    #[inline]
    fn closest_points(&self, other: &Self) -> (Vec2, Vec2) {
        segment_closest_points(self.start, self.end, other.start, other.end)
    }

    /// This disc with `origin` subtracted from its points.
    #[inline]
    fn relative_to(&self, origin: Vec2) -> Self {
        Self {
            start: self.start - origin,
            end: self.end - origin,
            radius: self.radius,
        }
    }
}

/// Whether `inner` lies in `outer` (closed, within `tolerance`): both end discs do,
/// since `outer` is convex.
fn swept_in(inner: &SweptDisc, outer: &SweptDisc, tolerance: f32) -> bool {
    [inner.start, inner.end].into_iter().all(|center| {
        let nearest = closest_point_on_segment(outer.start, outer.end, center);
        nearest.distance(center) + inner.radius <= outer.radius + tolerance
    })
}

/// Whether the two shapes intersect: exact, cores crossing included. Squared like
/// [`intersects_circle_circle`](super::contact_circle_circle::intersects_circle_circle),
/// and as safely: in range, no square exceeds `1e32`.
pub(crate) fn intersects_swept_discs(a: &SweptDisc, b: &SweptDisc, tolerance: f32) -> bool {
    let (a, b) = (a.relative_to(a.start), b.relative_to(a.start));
    let (on_a, on_b) = a.closest_points(&b);
    let reach = a.radius + b.radius + tolerance;
    on_a.distance_squared(on_b) <= reach * reach
}

/// The contact of A and B, `Ok(None)` when they are apart, or `Err(())` for the cases
/// this routine leaves to the general one (cores touching, parallel segments).
pub(crate) fn contact_swept_discs(
    a: &SweptDisc,
    b: &SweptDisc,
    tolerance: f32,
) -> Result<Option<Contact>, ()> {
    let origin = a.start;
    let (a, b) = (&a.relative_to(origin), &b.relative_to(origin));
    let (on_a, on_b) = a.closest_points(b);
    let offset = on_b - on_a;
    let distance = offset.length();
    if distance > a.radius + b.radius + tolerance {
        return Ok(None);
    }
    let (axis_a, axis_b) = (a.end - a.start, b.end - b.start);
    let parallel =
        axis_a.perp_dot(axis_b).abs() <= PARALLEL_SINE * axis_a.length() * axis_b.length();
    let both_segments = axis_a != Vec2::ZERO && axis_b != Vec2::ZERO;
    if distance <= tolerance || (both_segments && parallel) {
        return Err(());
    }
    let normal = offset / distance;
    let enter = (-a.radius).max(distance - b.radius);
    let exit = a.radius.min(distance + b.radius);
    Ok(Some(Contact {
        normal,
        depth: (a.radius + b.radius - distance).max(0.0),
        a_in_b: swept_in(a, b, tolerance),
        b_in_a: swept_in(b, a, tolerance),
        points: SmallVec::from_elem(origin + (on_a + normal * ((enter + exit) * 0.5)), 1),
        minimal: true,
    }))
}
