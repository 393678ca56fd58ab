//! Platformer: a character moved with the keyboard and resolved against a tile level by
//! the MTV, in the frame the overlap is detected. Tiles are static colliders.
//!
//! A / D or the arrows move, Space or W jumps.
//!
//! `cargo run --release --example platformer [-- --screenshot PATH --frames N]`

mod common;

use bevy::prelude::*;
use bevy_sat2d::prelude::*;
use common::fills::{Fill, filled, tint_fills};
use common::push_out::{separation, shift};

const TILE: f32 = 32.0;
const GRAVITY: f32 = -1400.0;
const RUN_SPEED: f32 = 260.0;
const JUMP_SPEED: f32 = 620.0;

/// The level: `#` is a tile, `.` is air; the bottom row is y = 0.
const LEVEL: [&str; 9] = [
    "............................",
    "............................",
    "..................####......",
    "............................",
    "..........####..........##..",
    "....................#.......",
    "...####.............#.......",
    "#...................#......#",
    "############################",
];

#[derive(Component, Default)]
struct Player {
    velocity: Vec2,
    grounded: bool,
}

fn main() {
    let mut app = common::windowed_app("sat2d platformer");
    app.add_systems(Startup, spawn_level)
        .add_systems(Update, (run_and_jump, tint_fills))
        .add_systems(PostUpdate, resolve_player.after(SatSystems::Events));
    app.run();
}

fn spawn_level(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let origin = Vec2::new(-(LEVEL[0].len() as f32) * TILE * 0.5, -300.0);
    let tile = Collider::rectangle(TILE, TILE);
    for (row, line) in LEVEL.iter().rev().enumerate() {
        for (column, cell) in line.chars().enumerate() {
            if cell != '#' {
                continue;
            }
            let position = origin + Vec2::new(column as f32 + 0.5, row as f32 + 0.5) * TILE;
            let visual = filled(
                &tile,
                Fill::new(Color::srgb(0.25, 0.27, 0.33)),
                &mut meshes,
                &mut materials,
            );
            let mut entity = commands.spawn((
                Name::new(format!("tile {column},{row}")),
                tile.clone(),
                StaticCollider,
                Transform::from_translation(position.extend(0.0)),
            ));
            if let Some(visual) = visual {
                entity.insert(visual);
            }
        }
    }
    let body = Collider::capsule(12.0, 24.0);
    let visual = filled(
        &body,
        Fill::new(Color::srgb(0.2, 0.45, 0.35)),
        &mut meshes,
        &mut materials,
    );
    let mut player = commands.spawn((
        Name::new("player"),
        body,
        Player::default(),
        Transform::from_xyz(origin.x + 10.5 * TILE, origin.y + TILE + 24.0, 1.0),
    ));
    if let Some(visual) = visual {
        player.insert(visual);
    }
}

fn run_and_jump(
    keys: Res<ButtonInput<KeyCode>>,
    time: Res<Time>,
    player: Single<(&mut Transform, &mut Player)>,
) {
    let (mut transform, mut player) = player.into_inner();
    let step = time.delta_secs().min(1.0 / 30.0);
    let right = keys.any_pressed([KeyCode::KeyD, KeyCode::ArrowRight]);
    let left = keys.any_pressed([KeyCode::KeyA, KeyCode::ArrowLeft]);
    player.velocity.x = (f32::from(right) - f32::from(left)) * RUN_SPEED;
    if player.grounded && keys.any_just_pressed([KeyCode::Space, KeyCode::KeyW, KeyCode::ArrowUp]) {
        player.velocity.y = JUMP_SPEED;
    }
    player.velocity.y += GRAVITY * step;
    transform.translation += (player.velocity * step).extend(0.0);
    if transform.translation.y < -600.0 {
        *transform = Transform::from_xyz(0.0, 100.0, 1.0);
        player.velocity = Vec2::ZERO;
    }
}

/// Pushes the player out of the tiles it overlaps this frame; landing stops the fall.
fn resolve_player(
    mut events: MessageReader<CollisionEvent>,
    player: Single<(Entity, &mut Transform, &mut GlobalTransform, &mut Player)>,
) {
    let (entity, mut transform, mut global, mut player) = player.into_inner();
    let events: Vec<CollisionEvent> = events
        .read()
        .filter(|event| event.involves(entity))
        .cloned()
        .collect();
    let push = separation(entity, &events);
    player.grounded = push.y > 0.0;
    if push.y != 0.0 && push.y.signum() != player.velocity.y.signum() {
        player.velocity.y = 0.0;
    }
    if push != Vec2::ZERO {
        shift(&mut transform, &mut global, push);
    }
}
