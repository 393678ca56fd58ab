//! Shared by the character mover's tests: a headless app with the mover plugin, tile
//! floors, movers, and one step at a time.
#![allow(dead_code, missing_docs)]

use bevy::prelude::*;
use bevy_sat2d::prelude::*;

pub const SKIN: f32 = 0.02;

/// A headless app with the collision plugin and the mover plugin.
pub fn app() -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        TransformPlugin,
        SatPlugin::default(),
        CharacterMoverPlugin::default(),
    ));
    app
}

/// A static collider at `position`.
pub fn solid(app: &mut App, collider: Collider, position: Vec2) -> Entity {
    app.world_mut()
        .spawn((
            collider,
            StaticCollider,
            Transform::from_translation(position.extend(0.0)),
        ))
        .id()
}

/// `count` 16×16 tiles side by side from x = 0, their tops at y = 0.
pub fn tile_floor(app: &mut App, count: usize) {
    for index in 0..count {
        let centre = Vec2::new(8.0 + 16.0 * index as f32, -8.0);
        solid(app, Collider::rectangle(16.0, 16.0), centre);
    }
}

/// A mover with `collider` at `position`.
pub fn mover(app: &mut App, collider: Collider, position: Vec2, settings: MoverSettings) -> Entity {
    app.world_mut()
        .spawn((
            collider,
            CharacterMover {
                settings,
                ..default()
            },
            Transform::from_translation(position.extend(0.0)),
        ))
        .id()
}

/// One step with `translation` asked of `entity`; its position after the step.
pub fn step(app: &mut App, entity: Entity, translation: Vec2) -> Vec2 {
    app.world_mut()
        .get_mut::<CharacterMover>(entity)
        .unwrap()
        .translation = Some(translation);
    app.update();
    position(app, entity)
}

pub fn position(app: &App, entity: Entity) -> Vec2 {
    app.world()
        .get::<Transform>(entity)
        .unwrap()
        .translation
        .truncate()
}

pub fn output(app: &App, entity: Entity) -> MoverOutput {
    app.world().get::<MoverOutput>(entity).unwrap().clone()
}
