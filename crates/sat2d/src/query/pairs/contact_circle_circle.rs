//! Circle against circle: no axes to search, just the line between the centres.

use glam::Vec2;
use smallvec::SmallVec;

use crate::{Contact, Rot};

/// Two circles, centres in world space: the circle–circle row of the route table, as
/// every operation reads it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CirclePair {
    /// A's centre.
    pub center_a: Vec2,
    /// A's radius.
    pub radius_a: f32,
    /// A's rotation: concentric circles take A's local `+Y` as their normal.
    pub rotation_a: Rot,
    /// B's centre.
    pub center_b: Vec2,
    /// B's radius.
    pub radius_b: f32,
}

/// Whether two discs intersect (closed, within `tolerance`); no square root.
///
/// The squares cannot overflow: placements in range put centres within `3e15` of each
/// other (squared below `1e32`), and radii are at most `1e12`.
#[inline]
pub(crate) fn intersects_circle_circle(circles: &CirclePair, tolerance: f32) -> bool {
    let reach = circles.radius_a + circles.radius_b + tolerance;
    circles.center_a.distance_squared(circles.center_b) <= reach * reach
}

/// The contact of two discs, in the frame the centres are given in.
///
/// ```text
/// normal = unit(center_b − center_a)       (concentric: A's local +Y, via rotation_a)
/// depth  = radius_a + radius_b − distance
/// point  = middle of the chord the two discs share on the line of centres
/// ```
pub(crate) fn contact_circle_circle(circles: &CirclePair, tolerance: f32) -> Option<Contact> {
    if !intersects_circle_circle(circles, tolerance) {
        return None;
    }
    let CirclePair {
        center_a,
        radius_a,
        rotation_a,
        center_b,
        radius_b,
    } = *circles;
    let offset = center_b - center_a;
    let distance = offset.length();
    let normal = if distance > f32::MIN_POSITIVE {
        offset / distance
    } else {
        rotation_a.rotate(Vec2::Y)
    };
    let enter = (-radius_a).max(distance - radius_b);
    let exit = radius_a.min(distance + radius_b);
    Some(Contact {
        normal,
        depth: (radius_a + radius_b - distance).max(0.0),
        a_in_b: distance + radius_a <= radius_b + tolerance,
        b_in_a: distance + radius_b <= radius_a + tolerance,
        points: SmallVec::from_elem(center_a + normal * ((enter + exit) * 0.5), 1),
        minimal: true,
    })
}
