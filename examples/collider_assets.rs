//! Colliders loaded from `assets/*.collider.ron`, hot reloaded: edit a file while this
//! runs (e.g. the points of `wedge.collider.ron`) and the collider changes in place. A
//! malformed file logs an error naming the problem and keeps the last good shape.
//!
//! The rock is a sprite whose collider file names its image
//! (`sprites/rock.collider.ron`): the outline, holes included, is traced from the PNG's
//! alpha when it loads, and traced again when the PNG changes on disk.
//!
//! `cargo run --release --example collider_assets [-- --screenshot PATH --frames N]`

mod common;

use bevy::prelude::*;
use bevy_sat2d::prelude::*;
use common::dragging::{Draggable, DraggingPlugin};
use common::fills::{Fill, filled, tint_fills};

const FILES: [(&str, Vec2); 5] = [
    ("crate.collider.ron", Vec2::new(-220.0, 120.0)),
    ("pill.collider.ron", Vec2::new(-180.0, 130.0)),
    ("wedge.collider.ron", Vec2::new(40.0, 110.0)),
    ("star.collider.ron", Vec2::new(-60.0, -120.0)),
    ("ball.collider.ron", Vec2::new(220.0, -80.0)),
];

fn main() {
    let mut app = common::windowed_app("sat2d collider assets");
    app.add_plugins(DraggingPlugin)
        .add_systems(Startup, spawn)
        .add_systems(Update, (refill, tint_fills));
    app.run();
}

fn spawn(mut commands: Commands, assets: Res<AssetServer>) {
    commands.spawn((
        Name::new("sprites/rock.collider.ron"),
        Sprite::from_image(assets.load("sprites/rock.png")),
        ColliderHandle(assets.load("sprites/rock.collider.ron")),
        Transform::from_xyz(190.0, 110.0, 0.5),
        Draggable,
    ));
    for (index, (file, position)) in FILES.into_iter().enumerate() {
        commands.spawn((
            Name::new(file),
            ColliderHandle(assets.load(file)),
            Transform::from_translation(position.extend(index as f32 * 0.01)),
            Draggable,
            Fill::new(Color::hsl(index as f32 * 70.0, 0.3, 0.3)),
        ));
    }
}

/// Rebuilds the fill mesh whenever the collider is (re)loaded.
fn refill(
    mut commands: Commands,
    changed: Query<(Entity, &Collider, &Fill), Changed<Collider>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    for (entity, collider, fill) in &changed {
        if let Some(visual) = filled(collider, *fill, &mut meshes, &mut materials) {
            commands.entity(entity).insert(visual);
        }
    }
}
