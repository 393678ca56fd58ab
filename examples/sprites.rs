//! Colliders traced from sprites: pebbles fall onto two rocks whose colliders come from
//! the rock PNG's alpha, holes included, and rest on their irregular outlines.
//!
//! - The left rock names its image in a collider file (`sprites/rock.collider.ron`):
//!   traced when the PNG loads, and traced again when it changes on disk (edit the PNG
//!   while this runs).
//! - The right rock is traced in code with `Collider::from_image`, larger and turned,
//!   once its image has loaded.
//!
//! Pebbles are pushed out by their events' MTVs (the README's pattern) and drop again
//! from the top when they fall off. The overlay draws each rock's outline, holes and
//! convex parts; drag a rock to see the pebbles roll.
//!
//! `cargo run --release --example sprites [-- --screenshot PATH --frames N]`

mod common;

use bevy::prelude::*;
use bevy_sat2d::prelude::*;
use common::dragging::{Draggable, DraggingPlugin};
use common::push_out::{separation, shift};

/// How far a pebble falls per frame.
const FALL: f32 = 2.5;

/// The rock whose collider is traced in code once its image has loaded.
#[derive(Component)]
struct TracedInCode(Handle<Image>);

#[derive(Component)]
struct Pebble;

fn main() {
    let mut app = common::windowed_app("sat2d sprites");
    app.add_plugins(DraggingPlugin)
        .add_systems(Startup, spawn)
        .add_systems(Update, (trace_when_loaded, fall))
        .add_systems(PostUpdate, push_pebbles_out.after(SatSystems::Events));
    app.run();
}

fn spawn(mut commands: Commands, assets: Res<AssetServer>) {
    let image: Handle<Image> = assets.load("sprites/rock.png");
    commands.spawn((
        Name::new("rock (collider file)"),
        Sprite::from_image(image.clone()),
        ColliderHandle(assets.load("sprites/rock.collider.ron")),
        StaticCollider,
        Transform::from_xyz(-150.0, -120.0, 0.0),
        Draggable,
    ));
    commands.spawn((
        Name::new("rock (from_image)"),
        Sprite::from_image(image.clone()),
        TracedInCode(image),
        StaticCollider,
        Transform::from_xyz(170.0, -90.0, 0.0)
            .with_rotation(Quat::from_rotation_z(0.6))
            .with_scale(Vec3::splat(1.6)),
        Draggable,
    ));
    // Seven above each rock, staggered.
    for index in 0..14 {
        let (centre, spread) = if index < 7 {
            (-150.0, 15.0)
        } else {
            (170.0, 24.0)
        };
        let x = centre + ((index % 7) as f32 - 3.0) * spread;
        commands.spawn((
            Name::new(format!("pebble {index}")),
            Pebble,
            Collider::circle(7.0),
            Sprite::from_color(Color::srgb(0.55, 0.75, 0.95), Vec2::splat(10.0)),
            Transform::from_xyz(x, 40.0 + (index % 3) as f32 * 30.0, 1.0),
        ));
    }
}

/// Gives the rock traced in code its collider (the largest region) once the image is
/// loaded.
fn trace_when_loaded(
    mut commands: Commands,
    images: Res<Assets<Image>>,
    rocks: Query<(Entity, &TracedInCode), Without<Collider>>,
) {
    for (entity, rock) in &rocks {
        let Some(image) = images.get(&rock.0) else {
            continue;
        };
        match Collider::from_image(image, &ImageColliderSettings::default()) {
            Ok(colliders) => {
                if let Some(largest) = colliders.into_iter().next() {
                    commands.entity(entity).insert(largest);
                }
            }
            Err(error) => {
                error!("rock: {error}");
                commands.entity(entity).remove::<TracedInCode>();
            }
        }
    }
}

/// Pebbles sink a little each frame, once both rocks have their colliders; the push
/// out of the rocks keeps them on top. One that falls off drops again from the top.
fn fall(
    mut pebbles: Query<&mut Transform, With<Pebble>>,
    loading: Query<(), (With<StaticCollider>, Without<Collider>)>,
) {
    if !loading.is_empty() {
        return;
    }
    for mut transform in &mut pebbles {
        transform.translation.y -= FALL;
        if transform.translation.y < -400.0 {
            transform.translation.y = 300.0;
        }
    }
}

/// The README's push-out pattern: each pebble moves out of what it touches by the MTVs
/// of its events, this frame.
fn push_pebbles_out(
    mut events: MessageReader<CollisionEvent>,
    world: Res<CollisionWorld>,
    mut pebbles: Query<(Entity, &mut Transform, &mut GlobalTransform), With<Pebble>>,
) {
    let events: Vec<CollisionEvent> = events.read().copied().collect();
    for (entity, mut transform, mut global) in &mut pebbles {
        let push = separation(entity, &events, &world);
        shift(&mut transform, &mut global, push);
    }
}
