//! Drag colliders with the mouse; rotate the grabbed (or selected) one with R / T.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;
use bevy_sat2d::debug_overlay::{
    SatDebugState, collider_at, cursor_world_position, pointer_over_ui,
};
use bevy_sat2d::prelude::*;

/// Marks colliders the mouse may drag.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct Draggable;

/// The collider being dragged, and where it was grabbed relative to its origin.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct Grab(pub Option<(Entity, Vec2)>);

/// Radians per second for R (counter-clockwise) and T (clockwise).
const ROTATION_SPEED: f32 = 2.0;

pub struct DraggingPlugin;

impl Plugin for DraggingPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Grab>()
            .add_systems(Update, (drag, rotate).chain());
    }
}

fn drag(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Single<&Window, With<PrimaryWindow>>,
    cameras: Query<(&Camera, &GlobalTransform)>,
    world: Res<CollisionWorld>,
    wants_input: Res<EguiWantsInput>,
    state: Res<SatDebugState>,
    draggable: Query<(), With<Draggable>>,
    mut transforms: Query<&mut Transform>,
    mut grab: ResMut<Grab>,
) {
    if buttons.just_released(MouseButton::Left) {
        grab.0 = None;
    }
    let Some(cursor) = cursor_world_position(&window, &cameras) else {
        return;
    };
    if buttons.just_pressed(MouseButton::Left) && !pointer_over_ui(&window, &wants_input, &state) {
        grab.0 = collider_at(&world, cursor)
            .filter(|entity| draggable.contains(*entity))
            .and_then(|entity| {
                let transform = transforms.get(entity).ok()?;
                Some((entity, cursor - transform.translation.truncate()))
            });
    }
    if let Some((entity, offset)) = grab.0
        && let Ok(mut transform) = transforms.get_mut(entity)
    {
        let target = cursor - offset;
        transform.translation.x = target.x;
        transform.translation.y = target.y;
    }
}

fn rotate(
    keys: Res<ButtonInput<KeyCode>>,
    time: Res<Time>,
    grab: Res<Grab>,
    state: Res<SatDebugState>,
    mut transforms: Query<&mut Transform, With<Draggable>>,
) {
    let direction = f32::from(keys.pressed(KeyCode::KeyR)) - f32::from(keys.pressed(KeyCode::KeyT));
    if direction == 0.0 {
        return;
    }
    let target = grab.0.map(|(entity, _)| entity).or(state.selected);
    if let Some(entity) = target
        && let Ok(mut transform) = transforms.get_mut(entity)
    {
        transform.rotate_z(direction * ROTATION_SPEED * time.delta_secs());
    }
}
