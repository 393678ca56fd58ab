//! Platformer: a box-shaped character on the [`CharacterMover`]: a floor of separate
//! tiles it crosses without snagging, a ramp, a plateau, stairs it walks down and up,
//! one-way platforms it jumps through, and a moving platform that carries it. A crate
//! rests on the floor, touching it.
//!
//! The overlay draws every shape cast the mover makes (its "Draw queries" switch is
//! on), and marks the mover's grounded state ("Draw movers": the ground's surface and
//! normal in green when grounded, an orange ring in the air) and what it ran into.
//!
//! A / D or the arrows move, Space or W jumps.
//!
//! `cargo run --release --example platformer [-- --screenshot PATH --frames N]`

mod common;

use bevy::prelude::*;
use bevy_sat2d::debug_overlay::SatDebugState;
use bevy_sat2d::prelude::*;
use common::fills::{Fill, filled, tint_fills};

const TILE: f32 = 32.0;
const GRAVITY: f32 = -1400.0;
const RUN_SPEED: f32 = 260.0;
const JUMP_SPEED: f32 = 620.0;
/// The character's half size.
const HALF: Vec2 = Vec2::new(10.0, 14.0);

/// The level: `#` is a tile, `-` a one-way platform, `.` is air; the bottom row is
/// y = 0. The ramp, the stairs and the moving platform are added by hand.
const LEVEL: [&str; 9] = [
    "............................",
    "............................",
    "............................",
    "....................---.....",
    "............................",
    "...............----.........",
    "........##..................",
    "#.......##.................#",
    "############################",
];

#[derive(Component, Default)]
struct Player {
    velocity: Vec2,
}

/// Moves back and forth along x around `centre`.
#[derive(Component)]
struct MovingPlatform {
    centre: Vec2,
}

fn main() {
    let mut app = common::windowed_app("sat2d platformer");
    app.add_plugins(CharacterMoverPlugin::default())
        .add_systems(Startup, (spawn_level, draw_queries_on))
        .add_systems(Update, (run_and_jump, move_platforms, tint_fills));
    app.run();
}

/// The level's bottom-left corner in the world.
fn origin() -> Vec2 {
    Vec2::new(-(LEVEL[0].len() as f32) * TILE * 0.5, -300.0)
}

/// The overlay draws every query, so the mover's casts show.
fn draw_queries_on(mut state: ResMut<SatDebugState>) {
    state.draw.queries = true;
}

/// Spawns `collider` at `position` with a fill of `colour`.
fn spawn_solid(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<ColorMaterial>,
    name: String,
    collider: Collider,
    position: Vec2,
    colour: Color,
) -> Entity {
    let visual = filled(&collider, Fill::new(colour), meshes, materials);
    let mut entity = commands.spawn((
        Name::new(name),
        collider,
        Transform::from_translation(position.extend(0.0)),
    ));
    if let Some(visual) = visual {
        entity.insert(visual);
    }
    entity.id()
}

fn spawn_level(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let origin = origin();
    let stone = Color::srgb(0.25, 0.27, 0.33);
    let wood = Color::srgb(0.36, 0.3, 0.2);
    for (row, line) in LEVEL.iter().rev().enumerate() {
        for (column, cell) in line.chars().enumerate() {
            let centre = origin + Vec2::new(column as f32 + 0.5, row as f32 + 0.5) * TILE;
            let name = format!("tile {column},{row}");
            let (collider, colour, one_way) = match cell {
                '#' => (Collider::rectangle(TILE, TILE), stone, false),
                '-' => (Collider::rectangle(TILE, 8.0), wood, true),
                _ => continue,
            };
            // A one-way platform is a thin plank at the top of its cell.
            let centre = if one_way {
                centre + Vec2::Y * (TILE * 0.5 - 4.0)
            } else {
                centre
            };
            let entity = spawn_solid(
                &mut commands,
                &mut meshes,
                &mut materials,
                name,
                collider,
                centre,
                colour,
            );
            commands.entity(entity).insert(StaticCollider);
            if one_way {
                commands.entity(entity).insert(OneWayPlatform::default());
            }
        }
    }
    let floor = origin + Vec2::Y * TILE;
    // A ramp up to the plateau at columns 8 and 9 (two tiles high, about 27°).
    let ramp = Collider::polygon(&[
        Vec2::new(4.0 * TILE, 0.0),
        Vec2::new(8.0 * TILE, 0.0),
        Vec2::new(8.0 * TILE, 2.0 * TILE),
    ])
    .expect("a triangle");
    let entity = spawn_solid(
        &mut commands,
        &mut meshes,
        &mut materials,
        "ramp".into(),
        ramp,
        floor,
        stone,
    );
    commands.entity(entity).insert(StaticCollider);
    // Stairs down from the plateau: half-tile steps, within the step height.
    for step in 0..3 {
        let height = TILE * 0.5 * (3 - step) as f32;
        let centre = floor + Vec2::new((10.5 + step as f32) * TILE, height * 0.5);
        let entity = spawn_solid(
            &mut commands,
            &mut meshes,
            &mut materials,
            format!("stair {step}"),
            Collider::rectangle(TILE, height),
            centre,
            stone,
        );
        commands.entity(entity).insert(StaticCollider);
    }
    // A moving platform over the right part of the level.
    let centre = floor + Vec2::new(24.0 * TILE, 2.5 * TILE);
    let entity = spawn_solid(
        &mut commands,
        &mut meshes,
        &mut materials,
        "moving platform".into(),
        Collider::rectangle(3.0 * TILE, 12.0),
        centre,
        wood,
    );
    commands.entity(entity).insert(MovingPlatform { centre });
    // A crate resting on the floor: it touches the tile under it.
    spawn_solid(
        &mut commands,
        &mut meshes,
        &mut materials,
        "crate".into(),
        Collider::rectangle(24.0, 24.0),
        floor + Vec2::new(1.5 * TILE, 12.0),
        wood,
    );
    let body = Collider::rectangle(HALF.x * 2.0, HALF.y * 2.0);
    let player = spawn_solid(
        &mut commands,
        &mut meshes,
        &mut materials,
        "player".into(),
        body,
        floor + Vec2::new(2.5 * TILE, HALF.y + 0.02),
        Color::srgb(0.2, 0.45, 0.35),
    );
    commands.entity(player).insert((
        Player::default(),
        CharacterMover {
            settings: MoverSettings {
                step_height: 18.0,
                snap_to_ground: 18.0,
                max_slope_angle: 50f32.to_radians(),
                ..default()
            },
            ..default()
        },
        Transform::from_translation((floor + Vec2::new(2.5 * TILE, HALF.y + 0.02)).extend(1.0)),
    ));
}

/// Turns the keys into a velocity and hands this frame's move to the mover. The
/// mover's output is last frame's move: landing and bumping a ceiling stop the fall or
/// the rise.
fn run_and_jump(
    keys: Res<ButtonInput<KeyCode>>,
    time: Res<Time>,
    player: Single<(
        &mut Transform,
        &mut Player,
        &mut CharacterMover,
        &MoverOutput,
    )>,
) {
    let (mut transform, mut player, mut mover, output) = player.into_inner();
    let step = time.delta_secs().min(1.0 / 30.0);
    let right = keys.any_pressed([KeyCode::KeyD, KeyCode::ArrowRight]);
    let left = keys.any_pressed([KeyCode::KeyA, KeyCode::ArrowLeft]);
    player.velocity.x = (f32::from(right) - f32::from(left)) * RUN_SPEED;
    if output.grounded && player.velocity.y < 0.0 {
        player.velocity.y = 0.0;
    }
    let bumped = output.hits.iter().any(|hit| hit.normal.y < -0.5);
    if bumped && player.velocity.y > 0.0 {
        player.velocity.y = 0.0;
    }
    if output.grounded && keys.any_just_pressed([KeyCode::Space, KeyCode::KeyW, KeyCode::ArrowUp]) {
        player.velocity.y = JUMP_SPEED;
    }
    player.velocity.y += GRAVITY * step;
    mover.translation = Some(player.velocity * step);
    if transform.translation.y < -600.0 {
        *transform = Transform::from_xyz(0.0, 100.0, 1.0);
        player.velocity = Vec2::ZERO;
    }
}

fn move_platforms(time: Res<Time>, mut platforms: Query<(&mut Transform, &MovingPlatform)>) {
    for (mut transform, platform) in &mut platforms {
        let offset = (time.elapsed_secs() * 0.8).sin() * 2.0 * TILE;
        transform.translation = (platform.centre + Vec2::X * offset).extend(0.0);
    }
}
