//! Tiled level: `assets/tiled/cave.tmx`, drawn in the Tiled editor, loaded by
//! `bevy_ecs_tiled` and given colliders by the [`TiledCollidersPlugin`] (feature
//! `tiled`, a `TiledPhysicsBackend`).
//!
//! - The ground tiles (whose tileset shape is the whole tile) are merged into few
//!   rectangles; the slope, the post and the ledge keep the shapes drawn on their
//!   tiles; the objects (a platform, an ellipse, a wedge, a notched polygon, a polyline
//!   ramp) are one collider each, and the point object places the character.
//! - The character on the [`CharacterMover`] runs and jumps (A / D or the arrows, Space
//!   or W; until a key is pressed it runs on its own, jumping what blocks it and
//!   turning at what it cannot clear).
//! - Two crates sink onto the platform and the ramp and are pushed out by the MTVs of
//!   their collision events, resting on the shapes drawn in the editor.
//! - The "Tiled" window names what lies under the cursor (under the character's feet
//!   while the cursor is outside the window): the tile, with its position and tileset
//!   id, or the object, with its name and properties.
//!
//! `bevy_ecs_tiled` draws tiles through `bevy_ecs_tilemap`'s renderer only with its
//! `render` feature; this example draws them as sprites instead, so that it builds with
//! the features the workspace's headless tests use.
//!
//! `cargo run --release --example tiled_level [-- --screenshot PATH --frames N]`

mod common;

use common::push_out::{separation, shift};

use bevy::prelude::*;
use bevy::transform::TransformSystems;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use bevy_sat2d::bevy_ecs_tiled::prelude::*;
use bevy_sat2d::debug_overlay::{collider_at, cursor_world_position};
use bevy_sat2d::prelude::*;
use bevy_sat2d::tiled::{TiledCollidersPlugin, TiledObjects, TiledTileShape};
use bevy_sat2d::tilemap::TilemapTiles;

/// Map pixels to screen pixels: the 320 × 192 map fills the view right of the panel.
const SCALE: f32 = 2.75;
/// Every frame advances the game by this much, so runs (and screenshots) repeat.
const STEP: f32 = 1.0 / 60.0;
const GRAVITY: f32 = -1400.0;
const RUN_SPEED: f32 = 200.0;
const JUMP_SPEED: f32 = 600.0;
/// The character's capsule.
const RADIUS: f32 = 12.0;
const LENGTH: f32 = 18.0;

/// A crate sinking onto the level, pushed out by its contacts.
#[derive(Component)]
struct Crate;

#[derive(Component, Default)]
struct Player {
    velocity: Vec2,
    /// Whether a key was pressed: until then the character runs on its own.
    driven: bool,
}

/// The tileset's image as a texture atlas, for the tile sprites.
#[derive(Resource)]
struct TileSprites {
    image: Handle<Image>,
    layout: Handle<TextureAtlasLayout>,
}

fn main() {
    let mut app = common::windowed_app("sat2d tiled level");
    app.add_plugins((
        TiledPlugin(TiledPluginConfig {
            tiled_types_export_file: None,
            ..default()
        }),
        TiledCollidersPlugin,
        CharacterMoverPlugin::default(),
    ))
    .add_systems(Startup, spawn_map)
    .add_systems(Update, (draw_tiles, run_and_jump, sink_crates))
    .add_systems(
        PostUpdate,
        (
            spawn_player_at_spawn_point.after(TransformSystems::Propagate),
            push_crates_out.after(SatSystems::Events),
        ),
    )
    .add_systems(EguiPrimaryContextPass, name_what_is_under_the_cursor);
    app.run();
}

fn spawn_map(
    mut commands: Commands,
    assets: Res<AssetServer>,
    mut layouts: ResMut<Assets<TextureAtlasLayout>>,
) {
    commands.spawn((
        TiledMap(assets.load("tiled/cave.tmx")),
        TilemapAnchor::Center,
        Transform::from_scale(Vec3::new(SCALE, SCALE, 1.0)),
    ));
    // Above the platform and the ramp's flat top (map pixels 72 and 208 across, the
    // map centred on the origin).
    for (index, x) in [72.0_f32, 208.0].into_iter().enumerate() {
        commands.spawn((
            Name::new(format!("crate {index}")),
            Crate,
            Collider::rectangle(30.0, 30.0),
            Sprite::from_color(Color::srgb(0.55, 0.42, 0.25), Vec2::splat(30.0)),
            Transform::from_xyz((x - 160.0) * SCALE, 150.0, 5.0),
        ));
    }
    commands.insert_resource(TileSprites {
        image: assets.load("tiled/cave_tiles.png"),
        layout: layouts.add(TextureAtlasLayout::from_grid(
            UVec2::splat(16),
            5,
            1,
            None,
            None,
        )),
    });
}

/// Gives each new tile a sprite of its tileset image at its cell's centre (what
/// `bevy_ecs_tilemap`'s renderer would draw).
fn draw_tiles(
    mut commands: Commands,
    tiles: Query<(Entity, &TilePos, &TiledTileId, &TileFlip, &ChildOf), Added<TiledTile>>,
    tilemaps: Query<&TiledMapReference>,
    maps: Query<(&TiledMap, &TilemapAnchor)>,
    assets: Res<Assets<TiledMapAsset>>,
    sprites: Res<TileSprites>,
) {
    for (tile, position, id, flip, tilemap) in &tiles {
        let Some((map, anchor)) = tilemaps
            .get(tilemap.parent())
            .ok()
            .and_then(|map| maps.get(map.0).ok())
        else {
            continue;
        };
        let Some(asset) = assets.get(&map.0) else {
            continue;
        };
        let grid_size = grid_size_from_map(&asset.map);
        let tile_size = TilemapTileSize::new(grid_size.x, grid_size.y);
        let center = position.center_in_world(
            &asset.tilemap_size,
            &grid_size,
            &tile_size,
            &TilemapType::Square,
            anchor,
        );
        commands.entity(tile).insert((
            Sprite {
                image: sprites.image.clone(),
                texture_atlas: Some(TextureAtlas {
                    layout: sprites.layout.clone(),
                    index: id.0 as usize,
                }),
                flip_x: flip.x,
                flip_y: flip.y,
                ..default()
            },
            Transform::from_translation(center.extend(0.0)),
        ));
    }
}

/// The character appears at the map's point object named "spawn", once the map's
/// transforms are propagated.
fn spawn_player_at_spawn_point(
    mut commands: Commands,
    points: Query<(&TiledName, &GlobalTransform), Added<TiledObject>>,
) {
    for (name, global) in &points {
        if name.0 == "spawn" {
            commands.spawn((
                Name::new("player"),
                Player::default(),
                Collider::capsule(RADIUS, LENGTH),
                CharacterMover::default(),
                Sprite::from_color(
                    Color::srgb(0.25, 0.6, 0.45),
                    Vec2::new(2.0 * RADIUS, 2.0 * RADIUS + LENGTH),
                ),
                Transform::from_translation(global.translation().truncate().extend(10.0)),
            ));
        }
    }
}

/// Crates sink 2 units a frame: the push out of what they touch keeps them on top.
fn sink_crates(mut crates: Query<&mut Transform, With<Crate>>) {
    for mut transform in &mut crates {
        transform.translation.y -= 2.0;
    }
}

/// The README's push-out pattern: each crate leaves what it overlaps by the MTVs.
fn push_crates_out(
    mut events: MessageReader<CollisionEvent>,
    world: Res<CollisionWorld>,
    mut crates: Query<(Entity, &mut Transform, &mut GlobalTransform), With<Crate>>,
) {
    let events: Vec<CollisionEvent> = events.read().copied().collect();
    for (entity, mut transform, mut global) in &mut crates {
        let push = separation(entity, &events, &world);
        shift(&mut transform, &mut global, push);
    }
}

/// Keys, or running on its own (turning at walls, jumping now and then), into this
/// frame's move.
fn run_and_jump(
    keys: Res<ButtonInput<KeyCode>>,
    player: Single<(&mut Player, &mut CharacterMover, &MoverOutput, &Transform)>,
) {
    let (mut player, mut mover, output, transform) = player.into_inner();
    let right = keys.any_pressed([KeyCode::KeyD, KeyCode::ArrowRight]);
    let left = keys.any_pressed([KeyCode::KeyA, KeyCode::ArrowLeft]);
    let jump = keys.any_just_pressed([KeyCode::Space, KeyCode::KeyW, KeyCode::ArrowUp]);
    player.driven |= right || left || jump;
    if player.driven {
        player.velocity.x = (f32::from(right) - f32::from(left)) * RUN_SPEED;
    } else {
        let walled = output.hits.iter().any(|hit| hit.normal.x.abs() > 0.7);
        if walled && output.grounded {
            // Something blocks the way: jump it.
            player.velocity.y = JUMP_SPEED;
        } else if player.velocity.x == 0.0 || walled {
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
    if output.grounded && jump {
        player.velocity.y = JUMP_SPEED;
    }
    player.velocity.y += GRAVITY * STEP;
    mover.translation = Some(player.velocity * STEP);
    if transform.translation.y < -600.0 {
        player.velocity = Vec2::ZERO;
        mover.translation = Some(Vec2::new(0.0, 600.0));
    }
}

/// The "Tiled" window: what lies under the cursor, or under the character's feet while
/// the cursor is over nothing (or outside the window).
fn name_what_is_under_the_cursor(
    mut contexts: EguiContexts,
    window: Single<&Window>,
    cameras: Query<(&Camera, &GlobalTransform)>,
    player: Query<&Transform, With<Player>>,
    world: Res<CollisionWorld>,
    cells: TileCells,
    tiles: TilemapTiles,
    tile_ids: Query<&TiledTileId>,
    shapes: Query<&TiledTileShape>,
    objects: TiledObjects,
) -> Result {
    let cursor = cursor_world_position(&window, &cameras);
    let feet = player.iter().next().map(|transform| {
        transform.translation.truncate() - Vec2::Y * (RADIUS + LENGTH / 2.0 + 4.0)
    });
    let under =
        |point: Option<Vec2>| point.and_then(|point| Some((collider_at(&world, point)?, point)));
    let (place, collider) = match under(cursor) {
        Some(found) => ("the cursor", Some(found)),
        None => ("the character's feet", under(feet)),
    };
    let text = match collider {
        None => "nothing".to_owned(),
        Some((collider, point)) => {
            if let Ok(shape) = shapes.get(collider) {
                format!(
                    "tile ({}, {}), tileset id {} (its own shape)",
                    shape.position.x, shape.position.y, shape.tile_id
                )
            } else if let Some(tile) = cells
                .hit_cell(collider, point, None)
                .and_then(|hit| tiles.tile(hit))
            {
                let id = tile.entity.and_then(|tile| tile_ids.get(tile).ok());
                format!(
                    "tile ({}, {}), tileset id {} (merged cells)",
                    tile.position.x,
                    tile.position.y,
                    id.map_or("?".to_owned(), |id| id.0.to_string())
                )
            } else if let Some(object) = objects.object(collider) {
                let mut properties: Vec<String> = object
                    .object
                    .properties
                    .iter()
                    .map(|(key, value)| format!("{key} = {value:?}"))
                    .collect();
                properties.sort();
                format!(
                    "object {} \"{}\" {}",
                    object.id,
                    object.name,
                    properties.join(", ")
                )
            } else {
                "a collider of no tile or object".to_owned()
            }
        }
    };
    egui::Window::new("Tiled")
        .anchor(egui::Align2::RIGHT_TOP, [-10.0, 10.0])
        .resizable(false)
        .show(contexts.ctx_mut()?, |ui| {
            ui.label(format!("Under {place}:"));
            ui.label(text);
        });
    Ok(())
}
