//! Internal edges: the corners where two flush tiles meet.
//!
//! A mover walking over a floor of separate tiles can touch the corner of the next
//! tile when it sits a little lower than its skin (rounding, a push-out, a landing).
//! The cast then reports that tile's side, or a corner normal tilted towards it, and a
//! plain collide-and-slide stops or hops there. On one long box the same move meets
//! nothing.
//!
//! The rule: a hit whose point lies on the plane of the ground the mover stands on
//! (within half the skin) is an internal edge of that ground, not an obstacle; it
//! reports the ground's normal. The mover is then lifted back to a skin's height over
//! the ground and the move goes on, as it would over one box. A real wall or step at
//! the ground's level meets the mover above that band (the mover keeps a skin's gap
//! over the ground), so it is not mistaken for a seam.

use bevy::prelude::*;

use super::MoverGround;

/// The normal to use for a hit at `point` with outward `normal`, standing on `ground`:
/// the ground's normal when the hit lies on the ground's plane (an internal edge),
/// otherwise `normal`.
#[must_use]
pub(super) fn seam_normal(
    point: Vec2,
    normal: Vec2,
    ground: Option<&MoverGround>,
    skin: f32,
) -> Vec2 {
    let Some(ground) = ground else {
        return normal;
    };
    let height = (point - ground.point).dot(ground.normal);
    let differs = normal.dot(ground.normal) < 1.0 - 1e-6;
    if differs && height.abs() <= skin * 0.5 {
        ground.normal
    } else {
        normal
    }
}

#[cfg(test)]
mod tests;
