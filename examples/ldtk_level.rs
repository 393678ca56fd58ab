//! LDtk level: `assets/levels/ldtk/project.ldtk` loaded by `bevy_ecs_ldtk`, its
//! `Collisions` IntGrid layer turned into colliders by the [`LdtkCollidersPlugin`]:
//! value 1 (walls) merged into few rectangles, value 2 (planks) into one-way platforms.
//!
//! - A character on the [`CharacterMover`] runs and jumps (A / D or the arrows, Space or
//!   W; it runs on its own until a key is pressed), up through the planks and onto them.
//! - Crates fall and are pushed out of the walls by their collision events' MTVs.
//! - The label names the tile under the cursor (under the character's feet while the
//!   cursor is outside the window): its `TilePos`, its IntGrid value and what that is;
//!   a right click digs it out (despawns the tile entity: only its chunk is rebuilt).
//! - Digit keys 1 and 2 select the project's levels: the colliders follow.
//!
//! `bevy_ecs_tilemap`'s renderer is off in this workspace (its `render` feature needs a
//! render app the headless tests do not have), so each tile is drawn as a sprite of the
//! tileset here; a game enables `bevy_ecs_tilemap/render` instead.
//!
//! `cargo run --release --example ldtk_level [-- --screenshot PATH --frames N]`

mod common;

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiPrimaryContextPass, egui};
use bevy_sat2d::bevy_ecs_ldtk::prelude::*;
use bevy_sat2d::bevy_ecs_tilemap::prelude::*;
use bevy_sat2d::debug_overlay::{PANEL_WIDTH, cursor_world_position};
use bevy_sat2d::ldtk::{LdtkColliders, LdtkCollidersPlugin};
use bevy_sat2d::prelude::*;
use bevy_sat2d::tilemap::{TilemapTile, TilemapTiles};
use common::push_out::{separation, shift};

/// The camera's zoom: one tile pixel is this many screen pixels.
const ZOOM: f32 = 1.75;
/// The tileset's tiles: a side in pixels, and how many there are in its one row.
const TILE: u32 = 16;
const TILESET_TILES: u32 = 3;
/// Every frame advances the game by this much, so runs (and screenshots) repeat.
const STEP: f32 = 1.0 / 60.0;
const GRAVITY: f32 = -900.0;
const RUN_SPEED: f32 = 120.0;
const JUMP_SPEED: f32 = 390.0;

#[derive(Component, Default)]
struct Player {
    velocity: Vec2,
    /// Whether a key was pressed: until then the character runs on its own.
    driven: bool,
}

#[derive(Component)]
struct Crate;

/// What the window says about the tile under the cursor.
#[derive(Resource, Default)]
struct TileLabel(String);

/// The tileset's layout: one row of 16-pixel tiles.
#[derive(Resource)]
struct TilesetLayout(Handle<TextureAtlasLayout>);

fn main() {
    let mut app = common::windowed_app("sat2d LDtk level");
    app.add_plugins((
        LdtkPlugin,
        CharacterMoverPlugin::default(),
        LdtkCollidersPlugin::default(),
    ))
    // IntGrid value 1 is a wall, 2 a platform solid from above.
    .insert_resource(LdtkColliders::walls([1]).with_one_way([2]))
    .insert_resource(LevelSelection::index(0))
    .init_resource::<TileLabel>()
    .add_systems(Startup, spawn_world)
    // After the common set-up's camera is spawned.
    .add_systems(PostStartup, zoom_camera)
    .add_systems(
        Update,
        (
            draw_tiles,
            select_level,
            run_and_jump,
            drop_crates,
            name_tile,
        ),
    )
    .add_systems(PostUpdate, push_crates_out.after(SatSystems::Events))
    .add_systems(EguiPrimaryContextPass, tile_window);
    app.run();
}

/// The LDtk world, its lower-left corner placed so that level 0 sits in the view, the
/// character and a few crates.
fn spawn_world(
    mut commands: Commands,
    assets: Res<AssetServer>,
    mut layouts: ResMut<Assets<TextureAtlasLayout>>,
) {
    let corner = Vec2::new(-256.0, -150.0);
    commands.spawn(LdtkWorldBundle {
        ldtk_handle: assets.load("levels/ldtk/project.ldtk").into(),
        transform: Transform::from_translation(corner.extend(0.0)),
        ..default()
    });
    let layout = TextureAtlasLayout::from_grid(UVec2::splat(TILE), TILESET_TILES, 1, None, None);
    commands.insert_resource(TilesetLayout(layouts.add(layout)));
    commands.spawn((
        Name::new("player"),
        Player::default(),
        Collider::capsule(5.0, 10.0),
        CharacterMover::default(),
        Sprite::from_color(Color::srgb(0.25, 0.6, 0.45), Vec2::new(10.0, 20.0)),
        Transform::from_xyz(corner.x + 40.0, corner.y + 70.0, 5.0),
    ));
    for (index, x) in [120.0_f32, 200.0, 330.0].into_iter().enumerate() {
        commands.spawn((
            Name::new(format!("crate {index}")),
            Crate,
            Collider::rectangle(12.0, 12.0),
            Sprite::from_color(Color::srgb(0.55, 0.42, 0.25), Vec2::splat(12.0)),
            Transform::from_xyz(corner.x + x, corner.y + 200.0, 4.0),
        ));
    }
}

/// Zooms the camera in on the level, keeping the world origin in the middle of the
/// area right of the overlay panel.
fn zoom_camera(mut cameras: Query<(&mut Projection, &mut Transform), With<Camera2d>>) {
    for (mut projection, mut transform) in &mut cameras {
        if let Projection::Orthographic(orthographic) = projection.as_mut() {
            orthographic.scale = 1.0 / ZOOM;
        }
        transform.translation.x = -PANEL_WIDTH * 0.5 / ZOOM;
    }
}

/// Draws each new tile as a sprite of its tilemap's tileset (the tile entities carry
/// their centre's `Transform`).
fn draw_tiles(
    mut commands: Commands,
    tiles: Query<(Entity, &TileTextureIndex, &TilemapId), Added<TileTextureIndex>>,
    textures: Query<&TilemapTexture>,
    layout: Res<TilesetLayout>,
) {
    for (tile, index, tilemap) in &tiles {
        let Ok(TilemapTexture::Single(image)) = textures.get(tilemap.0) else {
            continue;
        };
        let atlas = TextureAtlas {
            layout: layout.0.clone(),
            index: index.0 as usize,
        };
        commands
            .entity(tile)
            .insert(Sprite::from_atlas_image(image.clone(), atlas));
    }
}

/// Keys 1 and 2 select the project's levels.
fn select_level(keys: Res<ButtonInput<KeyCode>>, mut selection: ResMut<LevelSelection>) {
    for (key, index) in [(KeyCode::Digit1, 0), (KeyCode::Digit2, 1)] {
        if keys.just_pressed(key) {
            *selection = LevelSelection::index(index);
        }
    }
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
    let walled = output.hits.iter().any(|hit| hit.normal.x.abs() > 0.7);
    if player.driven {
        player.velocity.x = (f32::from(right) - f32::from(left)) * RUN_SPEED;
    } else if player.velocity.x == 0.0 || walled {
        let direction = if walled {
            -player.velocity.x.signum()
        } else {
            1.0
        };
        player.velocity.x = direction * RUN_SPEED;
    }
    let bumped = output.hits.iter().any(|hit| hit.normal.y < -0.5);
    if (output.grounded && player.velocity.y < 0.0) || (bumped && player.velocity.y > 0.0) {
        player.velocity.y = 0.0;
    }
    let hop = !player.driven && *frame % 80 == 40;
    if output.grounded && (jump || hop) {
        player.velocity.y = JUMP_SPEED;
    }
    player.velocity.y += GRAVITY * STEP;
    mover.translation = Some(player.velocity * STEP);
    if transform.translation.y < -500.0 {
        player.velocity = Vec2::ZERO;
        mover.translation = Some(Vec2::new(0.0, 600.0));
    }
}

/// Crates sink a little each frame: the push out of what they touch, by the events'
/// MTVs, keeps them on top.
fn drop_crates(mut crates: Query<&mut Transform, With<Crate>>) {
    for mut transform in &mut crates {
        transform.translation.y -= 1.5;
    }
}

fn push_crates_out(
    mut events: MessageReader<CollisionEvent>,
    world: Res<CollisionWorld>,
    mut crates: Query<(Entity, &mut Transform, &mut GlobalTransform), With<Crate>>,
) {
    let events: Vec<CollisionEvent> = events.read().copied().collect();
    for (entity, mut transform, mut global) in &mut crates {
        shift(
            &mut transform,
            &mut global,
            separation(entity, &events, &world),
        );
    }
}

/// The tile of an IntGrid layer under `point`.
fn tile_at(
    point: Vec2,
    layers: &Query<Entity, With<LayerMetadata>>,
    cells: &TileCells,
    tiles: &TilemapTiles,
) -> Option<TilemapTile> {
    layers
        .iter()
        .find_map(|layer| tiles.tile(cells.cell_at(layer, point)?))
}

/// Names the tile under the cursor (or under the character's feet) in the window's
/// label and outlines it; a right click digs it out.
fn name_tile(
    window: Single<&Window, With<PrimaryWindow>>,
    cameras: Query<(&Camera, &GlobalTransform)>,
    mouse: Res<ButtonInput<MouseButton>>,
    player: Single<&Transform, With<Player>>,
    layers: Query<Entity, With<LayerMetadata>>,
    cells: TileCells,
    tiles: TilemapTiles,
    values: Query<(&IntGridCell, &GlobalTransform)>,
    grid_sizes: Query<&TilemapGridSize>,
    mut label: ResMut<TileLabel>,
    mut gizmos: Gizmos,
    mut commands: Commands,
) {
    let cursor = cursor_world_position(&window, &cameras);
    let point = cursor.unwrap_or(player.translation.truncate() - Vec2::new(0.0, 16.0));
    let Some(tile) = tile_at(point, &layers, &cells, &tiles) else {
        label.0 = "tile: -".into();
        return;
    };
    let found = tile.entity.and_then(|entity| values.get(entity).ok());
    let value = found.map(|(cell, _)| cell);
    let what = match value.map(|cell| cell.value) {
        Some(1) => "wall",
        Some(2) => "one-way platform",
        Some(_) => "other",
        None => "empty",
    };
    let value = value.map_or_else(|| "-".into(), |cell| cell.value.to_string());
    let position = tile.position;
    label.0 = format!(
        "tile ({}, {}): IntGrid {value}, {what}",
        position.x, position.y
    );
    // The tile entity sits at the tile's centre; outline it one grid cell wide.
    if let (Some((_, transform)), Ok(size)) = (found, grid_sizes.get(tile.tilemap)) {
        let centre = Isometry2d::from_translation(transform.translation().truncate());
        gizmos.rect_2d(centre, Vec2::from(size), Color::srgb(1.0, 0.9, 0.2));
    }
    if cursor.is_some()
        && mouse.just_pressed(MouseButton::Right)
        && let Some(entity) = tile.entity
    {
        commands.entity(entity).despawn();
    }
}

fn tile_window(mut contexts: bevy_egui::EguiContexts, label: Res<TileLabel>) -> Result {
    egui::Window::new("LDtk level")
        .anchor(egui::Align2::RIGHT_BOTTOM, [-10.0, -10.0])
        .show(contexts.ctx_mut()?, |ui| {
            ui.label(&label.0);
            ui.label("right click: dig the tile · 1 / 2: level · A / D, Space: run, jump");
        });
    Ok(())
}
