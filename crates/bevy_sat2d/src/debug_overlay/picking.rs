//! Selecting colliders by clicking them in the world.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;

use super::state::SatDebugState;
use crate::world::collision_world::CollisionWorld;

/// The world point under the cursor, seen through the first active 2D camera.
#[must_use]
pub fn cursor_world_position(
    window: &Window,
    cameras: &Query<(&Camera, &GlobalTransform)>,
) -> Option<Vec2> {
    let cursor = window.cursor_position()?;
    cameras
        .iter()
        .filter(|(camera, _)| camera.is_active)
        .find_map(|(camera, transform)| camera.viewport_to_world_2d(transform, cursor).ok())
}

/// The collider under `point` a user most likely means: the smallest one.
#[must_use]
pub fn collider_at(world: &CollisionWorld, point: Vec2) -> Option<Entity> {
    world
        .entities_at(point)
        .into_iter()
        .filter_map(|entity| world.collider(entity))
        .min_by(|a, b| a.shape.area().total_cmp(&b.shape.area()))
        .map(|placed| placed.entity)
}

/// Whether the pointer is over the overlay panel or any egui window, so a click there
/// must not act on the world behind it.
#[must_use]
pub fn pointer_over_ui(
    window: &Window,
    wants_input: &EguiWantsInput,
    state: &SatDebugState,
) -> bool {
    wants_input.wants_any_pointer_input()
        || window
            .cursor_position()
            .is_some_and(|cursor| cursor.x <= state.panel_width)
}

/// Left click selects the collider under the cursor (nothing: clears the selection);
/// Shift + left click picks the explainer's second collider. Clicks on the panel or on
/// any egui window are ignored.
pub(crate) fn pick_colliders(
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    window: Single<&Window, With<PrimaryWindow>>,
    cameras: Query<(&Camera, &GlobalTransform)>,
    world: Res<CollisionWorld>,
    wants_input: Res<EguiWantsInput>,
    mut state: ResMut<SatDebugState>,
) {
    if !buttons.just_pressed(MouseButton::Left) || pointer_over_ui(&window, &wants_input, &state) {
        return;
    }
    let Some(point) = cursor_world_position(&window, &cameras) else {
        return;
    };
    let hit = collider_at(&world, point);
    if keys.pressed(KeyCode::ShiftLeft) || keys.pressed(KeyCode::ShiftRight) {
        state.partner = hit;
    } else {
        state.selected = hit;
        if hit.is_none() {
            state.partner = None;
        }
    }
}
