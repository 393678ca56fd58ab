//! Rollback with the real thing: the game of issue 38 run by bevy_ggrs's
//! `SyncTestSession` (each frame it loads the snapshot of `check_distance` frames ago,
//! simulates them again and compares their checksums) at check distances 2 and 7, with
//! no mismatch; and every frame it keeps is the same, events and positions, as in the
//! same game run straight through without a rollback library.
//! 1,500 frames each: about 17 s of CPU for both in a debug build.

use std::time::Duration;

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bevy_ggrs::GgrsSchedule;
use bevy_sat2d::prelude::*;

use crate::rollback_support::ggrs_game::{
    GameFrame, History, Mismatches, Mode, Stats, add_game, read_scripted_inputs,
};

/// The headless app of the game, one game frame per update.
fn game_app(mode: Mode) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        TransformPlugin,
        SatPlugin::new(GgrsSchedule),
    ))
    .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
        1.0 / 60.0,
    )));
    add_game(&mut app, mode);
    if let Mode::SyncTest { .. } = mode {
        app.add_systems(bevy_ggrs::ReadInputs, read_scripted_inputs);
    }
    app
}

/// Runs `app` until it has simulated `frames` frames; returns each frame's hash.
fn run(mut app: App, frames: u32) -> (App, Vec<u64>) {
    // The first update has no time elapsed, hence no bevy_ggrs frame: a bound, not a count.
    for _ in 0..frames * 2 + 10 {
        let world = app.world();
        if world.resource::<GameFrame>().0 >= frames || !world.resource::<Mismatches>().0.is_empty()
        {
            break;
        }
        app.update();
    }
    let history = app.world().resource::<History>().0.clone();
    (app, history)
}

fn sync_test(check_distance: usize, frames: u32) {
    let (_, plain) = run(game_app(Mode::Plain), frames);
    let (app, rolled) = run(game_app(Mode::SyncTest { check_distance }), frames);
    let mismatch = app.world().resource::<Mismatches>().0.first().copied();
    assert_eq!(
        mismatch, None,
        "check distance {check_distance}: the SyncTest's checksums differed at that frame"
    );
    assert_eq!(rolled.len(), frames as usize, "frames run");
    assert_eq!(plain.len(), frames as usize, "frames run");
    let first_difference = plain
        .iter()
        .zip(&rolled)
        .position(|(plain, rolled)| plain != rolled);
    assert_eq!(
        first_difference, None,
        "check distance {check_distance}: a kept frame differs from the plain run's"
    );
}

/// The game exercises what a rollback could break: `Started` events, swept hits,
/// coins taken, crates bounced, a player carried by the platform.
#[test]
fn the_ggrs_game_plays() {
    let (app, _) = run(game_app(Mode::Plain), 600);
    let stats = app.world().resource::<Stats>();
    assert!(stats.started > 50, "{stats:?}");
    assert!(stats.swept_hits > 5, "{stats:?}");
    assert!(stats.coins_taken >= 2, "{stats:?}");
    assert!(stats.crate_bounces > 20, "{stats:?}");
    assert!(stats.frames_on_platform > 20, "{stats:?}");
}

const FRAMES: u32 = 1_500;

#[test]
fn ggrs_sync_test_at_check_distance_two() {
    sync_test(2, FRAMES);
}

#[test]
fn ggrs_sync_test_at_check_distance_seven() {
    sync_test(7, FRAMES);
}
