//! ← and → walk the explainer's candidate axes (see [`AxisWalk`](super::AxisWalk)).

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

use super::state::SatDebugState;
use crate::world::collision_world::CollisionWorld;

/// Steps the explainer's walk on ← / →, unless egui has the keyboard (a text field).
pub(crate) fn step_with_keys(
    keys: Res<ButtonInput<KeyCode>>,
    wants_input: Res<EguiWantsInput>,
    world: Res<CollisionWorld>,
    mut state: ResMut<SatDebugState>,
) {
    let (back, forward) = (
        keys.just_pressed(KeyCode::ArrowLeft),
        keys.just_pressed(KeyCode::ArrowRight),
    );
    if !(back || forward) || wants_input.wants_any_keyboard_input() || !state.draw.explainer {
        return;
    }
    let (Some(a), Some(b)) = (
        state.selected.and_then(|entity| world.collider(entity)),
        state.partner.and_then(|entity| world.collider(entity)),
    ) else {
        return;
    };
    let explanation = sat2d::explain(&a.shape, &a.iso, &b.shape, &b.iso);
    let walk = &mut state.explainer;
    walk.follow_pair(Some((a.entity, b.entity)));
    if forward {
        walk.forward(&explanation.axes);
    } else {
        walk.back();
    }
}
