//! A ray that touches a convex core grown by its radius: a start within the
//! tolerance of it, and a graze (a ray that meets its boundary without entering, or
//! passes within the tolerance of it). [`ray_entry`](super::ray_entry) reads these
//! steps; the closed-set rule they follow is the crate docs' "Touching starts and
//! grazes". Works in the frame of the shape and the ray.
//!
//! Why clip again: a face nearly parallel to the ray crosses it where the rounding
//! of its offset and of the rate at which the ray closes on it, divided by that tiny
//! rate, puts it: anywhere along a face that the ray slides past, beyond the ray's
//! end included (a polygon's face 3e-7 off the motion, sliding past a vertex it
//! touched halfway, was entered a third of the motion past its end: a miss). Pushed out by its
//! rounding, such a face lets the ray in no later than where it comes within that
//! rounding of the plane, and the faces the ray crosses steeply decide. Only then:
//! pushed, every entry moves by a rounding or two, and an exact hit would lose its
//! precision. A crossing within the range that comes late by rounding still lies
//! within that rounding of every face, so the shapes touch there.
//!

use glam::Vec2;

use super::chord::Clipped;
use super::ray_target::RayTarget;

/// The ray `origin + t · direction` clipped by `target`'s grown faces, with an entry
/// that a nearly parallel face's rounding pushed past `max_distance` clipped again,
/// the faces pushed out by their rounding (see the module docs).
///
/// ```text
/// clipped = the ray clipped by the grown face half-planes
/// entered past the end, and the entry face's rounding exceeds the tolerance
///     pushed = clipped again, each face pushed out by the rounding
///     the pushed entry lies clear of the end by that rounding → clipped = pushed
/// ```
/// At the end, as against the next part of a concave shape met at the best part's
/// hit, the tie stays a miss.
pub(super) fn clip_near_the_end<T: RayTarget>(
    target: &T,
    origin: Vec2,
    direction: Vec2,
    max_distance: f32,
) -> Clipped {
    let clipped = target.clip(origin, direction, 0.0);
    if clipped.contact() > max_distance {
        let rounding = target.rounding(origin, max_distance);
        if rounding > clipped.enter_rate * target.tolerance() {
            let pushed = target.clip(origin, direction, rounding);
            if pushed.contact() + 2.0 * rounding / pushed.enter_rate < max_distance {
                return pushed;
            }
        }
    }
    clipped
}

/// How a ray's origin lies against the shape, as far as its clipped faces tell.
pub(super) enum Start<C> {
    /// Within the tolerance of the shape: the ray hits at distance 0.
    Touching,
    /// Within the tolerance of every grown face plane, in the corner of one core
    /// point (the point and where on the shape it lies): its disc decides.
    InCorner(C),
    /// Outside some grown face plane by more than the tolerance.
    Apart,
}

/// Where the ray's `origin` starts, given the ray `clipped` by `target`'s grown faces.
/// Only an origin within the tolerance of every grown face plane can touch: the shape
/// lies within those planes.
pub(super) fn touching_start<T: RayTarget>(
    target: &T,
    clipped: &Clipped,
    origin: Vec2,
) -> Start<(Vec2, T::Spot)> {
    if clipped.height > target.tolerance() {
        return Start::Apart;
    }
    match target.corner_of(origin) {
        None => Start::Touching,
        Some(corner) => Start::InCorner(corner),
    }
}

/// Where the ray enters the disc of `radius` around `center` (0 when it starts in
/// it), and the disc's outward unit normal there; a ray that passes within
/// `tolerance` of the disc grazes it, at its closest approach. `None` when it passes
/// farther, or the disc lies behind.
///
/// ```text
/// along = (center − origin) · d,  off = (center − origin) × d   (signed, across the ray)
/// half  = √(r² − off²), or 0 for a graze (r < |off| ≤ r + tolerance)
/// hit   = along − half;  normal ∝ d⊥ · off − d · half
/// ```
/// The normal comes from `off` and `half`, not from `origin + d · hit − center`:
/// that difference of nearly equal points is rounding when the disc is small beside
/// the ray's length, and with radius 0 (a segment's end, met head on) it points
/// wherever a one-ulp overshoot lies, along the ray into the shape. A disc of radius 0
/// has no normal of its own: the caller's `head_on`, a normal from the point's cone
/// that faces the ray, stands for it.
pub(super) fn enter_disc(
    center: Vec2,
    radius: f32,
    tolerance: f32,
    origin: Vec2,
    direction: Vec2,
    head_on: Vec2,
) -> Option<(f32, Vec2)> {
    let to_center = center - origin;
    let along = to_center.dot(direction);
    let off = to_center.perp_dot(direction);
    let half_squared = radius * radius - off * off;
    let half = if half_squared >= 0.0 {
        half_squared.sqrt()
    } else if off.abs() <= radius + tolerance {
        0.0
    } else {
        return None;
    };
    if along + half < 0.0 {
        return None;
    }
    let normal = if radius > 0.0 {
        (direction.perp() * off - direction * half)
            .try_normalize()
            .unwrap_or(head_on)
    } else {
        head_on
    };
    Some(((along - half).max(0.0), normal))
}
