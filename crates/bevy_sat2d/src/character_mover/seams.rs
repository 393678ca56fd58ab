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
mod tests {
    use super::*;

    fn floor() -> MoverGround {
        MoverGround {
            entity: Entity::PLACEHOLDER,
            normal: Vec2::Y,
            point: Vec2::new(3.0, 10.0),
        }
    }

    #[test]
    fn a_corner_on_the_ground_plane_reports_the_ground_normal() {
        let normal = seam_normal(Vec2::new(16.0, 10.0), Vec2::NEG_X, Some(&floor()), 0.02);
        assert_eq!(normal, Vec2::Y);
    }

    #[test]
    fn a_wall_above_the_ground_plane_is_kept() {
        let normal = seam_normal(Vec2::new(16.0, 10.02), Vec2::NEG_X, Some(&floor()), 0.02);
        assert_eq!(normal, Vec2::NEG_X);
        assert_eq!(
            seam_normal(Vec2::ZERO, Vec2::NEG_X, None, 0.02),
            Vec2::NEG_X
        );
    }
}
