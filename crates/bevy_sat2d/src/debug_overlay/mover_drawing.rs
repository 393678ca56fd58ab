//! The overlay's drawing of each [`CharacterMover`]'s last move, read from its
//! [`MoverOutput`]: a mark over the mover saying grounded (with the ground's normal) or
//! airborne, what it ran into, and how far it moved. Its casts are spatial queries, drawn with the others
//! when [`SatDebugDraw::queries`](super::SatDebugDraw::queries) is on.

use bevy::prelude::*;

use super::colors;
use super::gizmo_drawing::SatGizmos;
use super::state::SatDebugState;
use crate::character_mover::mover::CharacterMover;
use crate::character_mover::mover_output::MoverOutput;
use crate::sat_systems::SatSystems;
use crate::world::collision_world::CollisionWorld;

/// How far above the mover's box its mark floats, in world units.
const MARK_GAP: f32 = 8.0;
/// The length of the ground normal and hit normal arrows.
const NORMAL_LENGTH: f32 = 16.0;
/// The radius of the airborne ring and of a hit marker.
const MARK_RADIUS: f32 = 4.0;

/// Adds the mover drawing to the overlay.
pub(crate) fn add_mover_drawing(app: &mut App) {
    app.add_systems(
        PostUpdate,
        draw_movers
            .after(SatSystems::Events)
            .run_if(super::overlay_visible.and_then(movers_drawn)),
    );
}

fn movers_drawn(state: Res<SatDebugState>) -> bool {
    state.draw.movers
}

/// One mark per mover, where the last step left it (the output is written in the same
/// step, before the collision stages).
fn draw_movers(
    mut gizmos: Gizmos<SatGizmos>,
    world: Res<CollisionWorld>,
    movers: Query<(Entity, &GlobalTransform, &CharacterMover, &MoverOutput)>,
) {
    for (entity, global, mover, output) in &movers {
        let centre = global.translation().truncate();
        let half_extents = world
            .collider(entity)
            .and_then(|placed| placed.bounds)
            .map_or(Vec2::ZERO, |bounds| bounds.aabb.half_extents());
        let mark = MoverMark::above(centre, half_extents, *mover.settings.up);
        draw_mover(&mut gizmos, &mark, output);
    }
}

/// Where a mover's mark goes: just above its box along `up` (a sprite or mesh fills
/// the box, and gizmo lines inside it would be hidden), as wide as the box across.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct MoverMark {
    /// The middle of the mark.
    pub at: Vec2,
    /// Half the bar, across `up`.
    pub across: Vec2,
    /// The mover's up.
    pub up: Vec2,
}

impl MoverMark {
    /// The mark of a mover centred at `centre` with box half extents `half_extents`.
    pub(crate) fn above(centre: Vec2, half_extents: Vec2, up: Vec2) -> Self {
        let reach_up = up.x.abs() * half_extents.x + up.y.abs() * half_extents.y;
        let across = up.perp();
        let reach_across = across.x.abs() * half_extents.x + across.y.abs() * half_extents.y;
        Self {
            at: centre + up * (reach_up + MARK_GAP),
            across: across * reach_across.max(MARK_RADIUS),
            up,
        }
    }
}

/// The marks of one mover: over it, a green bar and the ground's normal when grounded
/// or an orange ring in the air, and an arrow over the step's move ending there; each
/// surface it ran into as a red point with the surface's normal.
pub(crate) fn draw_mover(gizmos: &mut Gizmos<SatGizmos>, mark: &MoverMark, output: &MoverOutput) {
    match output.ground.filter(|_| output.grounded) {
        Some(ground) => {
            gizmos.line_2d(
                mark.at - mark.across,
                mark.at + mark.across,
                colors::MOVER_GROUNDED,
            );
            gizmos.arrow_2d(
                mark.at,
                mark.at + ground.normal * NORMAL_LENGTH,
                colors::MOVER_GROUNDED,
            );
        }
        None => {
            gizmos.circle_2d(mark.at, MARK_RADIUS, colors::MOVER_AIRBORNE);
        }
    }
    for hit in &output.hits {
        gizmos.circle_2d(hit.point, MARK_RADIUS * 0.5, colors::MOVER_HIT);
        gizmos.arrow_2d(
            hit.point,
            hit.point + hit.normal * NORMAL_LENGTH,
            colors::MOVER_HIT,
        );
    }
    if output.translation.length_squared() > 1e-6 {
        gizmos.arrow_2d(mark.at - output.translation, mark.at, colors::MOVER_MOVE);
    }
}

#[cfg(test)]
mod tests;
