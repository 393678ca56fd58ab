//! Rollback: a two-player game run by bevy_ggrs's `SyncTestSession`, which every frame
//! loads the snapshot of 7 frames ago, simulates those frames again and compares their
//! checksums: what a networked game does when a late input arrives, every frame.
//!
//! The game is the one the plugin's rollback tests play
//! (`crates/bevy_sat2d/tests/plugin/rollback_support/`): two players moved by their
//! inputs through the `CharacterMover`, coins taken on `Started` (despawned with
//! bevy_ggrs's `despawn_rollback`), crates that bounce on `Started`, a swept crate
//! flying through a thin post, a sliding platform, a tile level. The collision step runs
//! in `GgrsSchedule`, its state registered with one call, `SatRollback::register`. A
//! desync would be logged as an error; there is none.
//!
//! Player 1: A / D run, W jumps. Player 2: the arrows.
//!
//! `cargo run --release --example rollback [-- --screenshot PATH --frames N]`

mod common;

#[path = "../crates/bevy_sat2d/tests/plugin/rollback_support/ggrs_game.rs"]
mod ggrs_game;
#[path = "../crates/bevy_sat2d/tests/plugin/rollback_support/ggrs_scene.rs"]
mod ggrs_scene;

use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use bevy_ggrs::prelude::*;
use bevy_ggrs::{LocalInputs, LocalPlayers};
use bevy_sat2d::debug_overlay::PANEL_WIDTH;
use bevy_sat2d::prelude::*;
use ggrs_game::{GameConfig, JUMP, LEFT, Mode, RIGHT, add_game};

/// Each player's keys: left, right, jump.
const KEYS: [[KeyCode; 3]; 2] = [
    [KeyCode::KeyA, KeyCode::KeyD, KeyCode::KeyW],
    [KeyCode::ArrowLeft, KeyCode::ArrowRight, KeyCode::ArrowUp],
];

fn main() {
    let mut app = common::windowed_app_with("sat2d rollback", SatPlugin::new(GgrsSchedule));
    add_game(&mut app, Mode::SyncTest { check_distance: 7 });
    // bevy_ggrs steps by the clock: for a screenshot, one game frame per app frame, so
    // that the picture at frame N is the same on a fast machine and a slow one.
    if std::env::args().any(|arg| arg == "--screenshot") {
        app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
            std::time::Duration::from_nanos(16_666_667),
        ));
    }
    app.add_systems(ReadInputs, read_keyboard)
        .add_systems(PostStartup, zoom_in)
        .add_observer(|mismatch: On<SyncTestMismatch>| {
            error!(
                "desync: frames {:?} differ",
                mismatch.event().mismatched_frames
            );
        });
    app.run();
}

/// bevy_ggrs's input system: each local player's keys as input bits.
fn read_keyboard(
    mut commands: Commands,
    players: Res<LocalPlayers>,
    keys: Res<ButtonInput<KeyCode>>,
) {
    let inputs: HashMap<usize, u8> = players
        .0
        .iter()
        .map(|&handle| {
            let [left, right, jump] = KEYS[handle % 2];
            let bits = [(left, LEFT), (right, RIGHT), (jump, JUMP)]
                .into_iter()
                .filter(|&(key, _)| keys.pressed(key))
                .fold(0, |bits, (_, bit)| bits | bit);
            (handle, bits)
        })
        .collect();
    commands.insert_resource(LocalInputs::<GameConfig>(inputs));
}

/// The level is 384 × 192 units: the camera shows it at twice its size, centred right
/// of the overlay's panel.
fn zoom_in(mut cameras: Query<(&mut Projection, &mut Transform), With<Camera2d>>) {
    for (mut projection, mut transform) in &mut cameras {
        if let Projection::Orthographic(orthographic) = projection.as_mut() {
            orthographic.scale = 0.5;
        }
        transform.translation = Vec3::new(-PANEL_WIDTH * 0.25, 64.0, 0.0);
    }
}
