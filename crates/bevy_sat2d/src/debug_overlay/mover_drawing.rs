//! The overlay's drawing of each [`CharacterMover`]'s last move, read from its
//! [`MoverOutput`]: grounded or airborne, the ground's surface and normal, what it ran
//! into, and how far it moved. Its casts are spatial queries, drawn with the others
//! when [`SatDebugDraw::queries`](super::SatDebugDraw::queries) is on.

use bevy::prelude::*;

use super::colors;
use super::gizmo_drawing::SatGizmos;
use super::state::SatDebugState;
use crate::{CharacterMover, MoverOutput, SatSystems};

/// Half the length of the ground surface mark, in world units.
const GROUND_HALF_LENGTH: f32 = 10.0;
/// The length of the ground normal and hit normal arrows.
const NORMAL_LENGTH: f32 = 14.0;
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
    movers: Query<(&GlobalTransform, &MoverOutput), With<CharacterMover>>,
) {
    for (global, output) in &movers {
        draw_mover(&mut gizmos, global.translation().truncate(), output);
    }
}

/// The marks of one mover at `centre`: the ground's surface and normal at the point it
/// stands on (or a ring when in the air), each hit with its normal, and an arrow over
/// the step's move ending at the mover.
pub(crate) fn draw_mover(gizmos: &mut Gizmos<SatGizmos>, centre: Vec2, output: &MoverOutput) {
    match output.ground.filter(|_| output.grounded) {
        Some(ground) => {
            let along = ground.normal.perp() * GROUND_HALF_LENGTH;
            gizmos.line_2d(
                ground.point - along,
                ground.point + along,
                colors::MOVER_GROUNDED,
            );
            gizmos.arrow_2d(
                ground.point,
                ground.point + ground.normal * NORMAL_LENGTH,
                colors::MOVER_GROUNDED,
            );
        }
        None => {
            gizmos.circle_2d(centre, MARK_RADIUS, colors::MOVER_AIRBORNE);
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
    if output.translation != Vec2::ZERO {
        gizmos.arrow_2d(centre - output.translation, centre, colors::MOVER_MOVE);
    }
}

#[cfg(test)]
mod tests;
