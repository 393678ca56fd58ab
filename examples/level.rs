//! Level: a tile level read from `assets/levels/level.txt` (`#` solid, `.` empty, top
//! line the top row) and turned into a [`TileLevel`]: its solid cells become a few
//! merged rectangle colliders, and every hit on one still names the cell it landed on.
//!
//! - Crates slide back and forth across the floor's seams, pulled down and pushed out
//!   by the MTVs of their collision events: no seam between rectangles pushes them
//!   sideways (the contacts against level geometry are seamless).
//! - A character on the [`CharacterMover`] runs and jumps (A / D or the arrows, Space
//!   or W; it runs on its own until a key is pressed).
//! - A turret fires bullets ([`SweptCollider`]s); each removes the cell it hits, and only
//!   the merged rectangles of that cell's chunk are rebuilt.
//!
//! The overlay shows the merged colliders; its "tile cells" switch (on here) draws the
//! cells inside each.
//!
//! `cargo run --release --example level [-- --screenshot PATH --frames N]`

mod common;

use bevy::prelude::*;
use bevy_sat2d::debug_overlay::SatDebugState;
use bevy_sat2d::prelude::*;
use bevy_sat2d::sat2d::tile_grid::{MergedTileGrid, TileGrid};
use common::push_out::{separation, shift};

/// A cell's side, in world units.
const CELL: f32 = 20.0;
/// The chunk side, in cells: a small chunk splits the floor into several rectangles,
/// so the crates cross seams, and a hit rebuilds a small region.
const CHUNK: u32 = 8;
/// Every frame advances the game by this much, so runs (and screenshots) repeat.
const STEP: f32 = 1.0 / 60.0;
const GRAVITY: f32 = -1400.0;
const RUN_SPEED: f32 = 220.0;
const JUMP_SPEED: f32 = 560.0;
const BULLET_SPEED: f32 = 900.0;
/// Frames between two shots.
const FIRE_EVERY: u32 = 6;

#[derive(Component, Default)]
struct Player {
    velocity: Vec2,
    /// Whether a key was pressed: until then the character runs on its own.
    driven: bool,
}

/// A crate sliding at this horizontal speed, turning at walls.
#[derive(Component)]
struct Crate(f32);

#[derive(Component)]
struct Bullet(Vec2);

/// Where the turret stands and how many frames it has fired for.
#[derive(Resource)]
struct Turret {
    at: Vec2,
    frames: u32,
}

fn main() {
    let mut app = common::windowed_app("sat2d level");
    app.add_plugins((CharacterMoverPlugin::default(), TileLevelPlugin::default()))
        .add_systems(Startup, (spawn_level, draw_cells_on))
        .add_systems(Update, (run_and_jump, slide_crates, fire, fly))
        .add_systems(
            PostUpdate,
            (push_crates_out, dig_where_bullets_hit).after(SatSystems::Events),
        )
        .add_observer(fill_tile);
    app.run();
}

/// The map, read from the assets folder at start-up.
fn read_map() -> String {
    let root =
        std::env::var("BEVY_ASSET_ROOT").unwrap_or_else(|_| env!("CARGO_MANIFEST_DIR").into());
    let path = std::path::Path::new(&root).join("assets/levels/level.txt");
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

fn draw_cells_on(mut state: ResMut<SatDebugState>) {
    state.draw.tile_cells = true;
}

fn spawn_level(mut commands: Commands) {
    let grid = TileGrid::try_from_text(&read_map(), '#', Vec2::splat(CELL))
        .expect("the map is a rectangle of '#' and '.'");
    let merged = MergedTileGrid::try_with_chunk_size(grid, CHUNK).expect("a power of two");
    let size = merged.grid().size().as_vec2() * CELL;
    // The level's lower-left corner, so that it sits in the middle of the view.
    let corner = Vec2::new(-size.x * 0.5, -size.y * 0.5 - 20.0);
    commands.spawn((
        Name::new("level"),
        TileLevel::from_merged(merged),
        Transform::from_translation(corner.extend(0.0)),
        Visibility::default(),
    ));
    let floor = corner.y + 3.0 * CELL;
    for (index, x) in [-360.0_f32, 40.0, 260.0].into_iter().enumerate() {
        let speed = if index % 2 == 0 { 70.0 } else { -90.0 };
        commands.spawn((
            Name::new(format!("crate {index}")),
            Collider::rectangle(16.0, 16.0),
            Crate(speed),
            Sprite::from_color(Color::srgb(0.55, 0.42, 0.25), Vec2::splat(16.0)),
            Transform::from_xyz(x, floor + 8.0, 1.0),
        ));
    }
    commands.spawn((
        Name::new("player"),
        Player::default(),
        Collider::capsule(7.0, 12.0),
        CharacterMover::default(),
        Sprite::from_color(Color::srgb(0.25, 0.6, 0.45), Vec2::new(14.0, 26.0)),
        Transform::from_xyz(corner.x + 3.0 * CELL, floor + 14.0, 2.0),
    ));
    commands.insert_resource(Turret {
        at: Vec2::new(size.x * 0.5 - 2.0 * CELL, corner.y + size.y - CELL),
        frames: 0,
    });
}

/// Gives each collider the level spawns a fill of its rectangle's size.
fn fill_tile(add: On<Add, TileCollider>, tiles: Query<&TileCollider>, mut commands: Commands) {
    let Ok(tile) = tiles.get(add.entity) else {
        return;
    };
    let size = tile.rect.size.as_vec2() * CELL;
    commands
        .entity(add.entity)
        .insert(Sprite::from_color(Color::srgb(0.24, 0.26, 0.32), size));
}

/// Keys, or running on its own (turning at walls, jumping now and then), into this
/// frame's move.
fn run_and_jump(
    keys: Res<ButtonInput<KeyCode>>,
    player: Single<(&mut Player, &mut CharacterMover, &MoverOutput, &Transform)>,
    mut frame: Local<u32>,
) {
    let (mut player, mut mover, output, transform) = player.into_inner();
    *frame += 1;
    let right = keys.any_pressed([KeyCode::KeyD, KeyCode::ArrowRight]);
    let left = keys.any_pressed([KeyCode::KeyA, KeyCode::ArrowLeft]);
    let jump = keys.any_just_pressed([KeyCode::Space, KeyCode::KeyW, KeyCode::ArrowUp]);
    player.driven |= right || left || jump;
    if player.driven {
        player.velocity.x = (f32::from(right) - f32::from(left)) * RUN_SPEED;
    } else {
        let walled = output.hits.iter().any(|hit| hit.normal.x.abs() > 0.7);
        if player.velocity.x == 0.0 || walled {
            let direction = if walled {
                -player.velocity.x.signum()
            } else {
                1.0
            };
            player.velocity.x = direction * RUN_SPEED;
        }
    }
    if output.grounded && player.velocity.y < 0.0 {
        player.velocity.y = 0.0;
    }
    if output.hits.iter().any(|hit| hit.normal.y < -0.5) && player.velocity.y > 0.0 {
        player.velocity.y = 0.0;
    }
    let hop = !player.driven && *frame % 90 == 45;
    if output.grounded && (jump || hop) {
        player.velocity.y = JUMP_SPEED;
    }
    player.velocity.y += GRAVITY * STEP;
    mover.translation = Some(player.velocity * STEP);
    if transform.translation.y < -600.0 {
        player.velocity = Vec2::ZERO;
        mover.translation = Some(Vec2::new(0.0, 700.0));
    }
}

/// Crates slide at their speed and sink a little into the floor each frame: the push
/// out of it, by the events' MTVs, keeps them on top.
fn slide_crates(mut crates: Query<(&mut Transform, &Crate)>) {
    for (mut transform, slide) in &mut crates {
        transform.translation += Vec3::new(slide.0 * STEP, -1.0, 0.0);
    }
}

/// The README's push-out pattern, and a turn when a wall pushed the crate back.
fn push_crates_out(
    mut events: MessageReader<CollisionEvent>,
    world: Res<CollisionWorld>,
    mut crates: Query<(Entity, &mut Transform, &mut GlobalTransform, &mut Crate)>,
) {
    let events: Vec<CollisionEvent> = events.read().copied().collect();
    for (entity, mut transform, mut global, mut slide) in &mut crates {
        let push = separation(entity, &events, &world);
        if push.x * slide.0 < 0.0 {
            slide.0 = -slide.0;
        }
        shift(&mut transform, &mut global, push);
    }
}

/// Fires a bullet every few frames, sweeping its aim across the level.
fn fire(mut commands: Commands, mut turret: ResMut<Turret>) {
    turret.frames += 1;
    if !turret.frames.is_multiple_of(FIRE_EVERY) {
        return;
    }
    let shot = (turret.frames / FIRE_EVERY) as f32;
    let angle = std::f32::consts::PI + 0.35 + 0.5 * (shot * 0.37).sin();
    commands.spawn((
        Name::new("bullet"),
        Collider::circle(3.0),
        SweptCollider,
        Bullet(Vec2::from_angle(angle) * BULLET_SPEED),
        Sprite::from_color(Color::srgb(1.0, 0.85, 0.3), Vec2::splat(6.0)),
        Transform::from_translation(turret.at.extend(3.0)),
    ));
}

fn fly(mut commands: Commands, mut bullets: Query<(Entity, &mut Transform, &Bullet)>) {
    for (entity, mut transform, bullet) in &mut bullets {
        transform.translation += (bullet.0 * STEP).extend(0.0);
        if transform.translation.truncate().length() > 1500.0 {
            commands.entity(entity).despawn();
        }
    }
}

/// A bullet that hits the level removes the cell it hit (the contact names it), then
/// goes; one that hits anything else just goes.
fn dig_where_bullets_hit(
    mut commands: Commands,
    mut events: MessageReader<CollisionEvent>,
    bullets: Query<(), With<Bullet>>,
    mut cells: TileCells,
) {
    for event in events.read() {
        let CollisionEvent::Started { a, b, .. } = *event else {
            continue;
        };
        let Some(bullet) = [a, b].into_iter().find(|entity| bullets.contains(*entity)) else {
            continue;
        };
        if let Some(hit) = cells.collision_cell(event)
            && let Err(error) = cells.set_cell(hit, false)
        {
            warn!("bullet hit not dug: {error}");
        }
        commands.entity(bullet).try_despawn();
    }
}
