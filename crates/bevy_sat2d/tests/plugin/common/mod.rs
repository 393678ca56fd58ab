//! Shared by the plugin's integration tests: a headless app and an event log.
#![allow(dead_code, missing_docs)]

use bevy::ecs::message::MessageCursor;
use bevy::prelude::*;
use bevy_sat2d::prelude::*;

pub mod random_scene;

/// A headless app with the plugin: `MinimalPlugins + TransformPlugin + SatPlugin`.
pub fn app_with(plugin: SatPlugin) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin, plugin));
    app
}

/// The default headless app.
pub fn app() -> App {
    app_with(SatPlugin::default())
}

/// Reads every `CollisionEvent` written since the last call.
pub struct EventLog {
    cursor: MessageCursor<CollisionEvent>,
}

impl EventLog {
    pub fn new(app: &App) -> Self {
        Self {
            cursor: app
                .world()
                .resource::<Messages<CollisionEvent>>()
                .get_cursor(),
        }
    }

    pub fn drain(&mut self, app: &App) -> Vec<CollisionEvent> {
        self.cursor
            .read(app.world().resource::<Messages<CollisionEvent>>())
            .cloned()
            .collect()
    }

    /// Runs one update and returns its events.
    pub fn step(&mut self, app: &mut App) -> Vec<CollisionEvent> {
        app.update();
        self.drain(app)
    }
}

pub fn at(x: f32, y: f32) -> Transform {
    Transform::from_xyz(x, y, 0.0)
}

/// Spawns a circle collider of `radius` at `(x, 0)`.
pub fn spawn_circle(app: &mut App, radius: f32, x: f32) -> Entity {
    app.world_mut()
        .spawn((Collider::circle(radius), at(x, 0.0)))
        .id()
}

pub fn set_x(app: &mut App, entity: Entity, x: f32) {
    app.world_mut()
        .get_mut::<Transform>(entity)
        .expect("entity has a transform")
        .translation
        .x = x;
}

/// Moves `entity` to `position` (z = 0).
pub fn move_to(app: &mut App, entity: Entity, position: Vec2) {
    app.world_mut()
        .get_mut::<Transform>(entity)
        .expect("entity has a transform")
        .translation = position.extend(0.0);
}

/// The entities `entity` touches as of the last step, sorted.
pub fn touching(app: &App, entity: Entity) -> Vec<Entity> {
    app.world()
        .get::<CollidingEntities>(entity)
        .expect("colliders get CollidingEntities")
        .sorted()
}
