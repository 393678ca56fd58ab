//! What rollback costs a whole game: the frames per second of the rollback tests' game
//! (two movers on scripted inputs, coins, bouncing and swept crates, a sliding
//! platform, a tile level; `tests/plugin/rollback_support/`) run by bevy_ggrs's
//! `SyncTestSession` at check distances 2 and 7 (every frame loads the snapshot of that
//! many frames ago and simulates them again, saving a snapshot after each), against
//! the same game run straight through with no rollback library.
//!
//! `cargo bench -p bevy_sat2d --no-default-features --bench rollback_sync_test`

use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bevy_ggrs::GgrsSchedule;
use bevy_sat2d::prelude::*;

#[path = "../tests/plugin/rollback_support/ggrs_game.rs"]
mod ggrs_game;
#[path = "../tests/plugin/rollback_support/ggrs_scene.rs"]
mod ggrs_scene;

use ggrs_game::{GameFrame, Mismatches, Mode, add_game, read_scripted_inputs};

/// Frames run before timing (the scene settles, the snapshot queues fill).
const WARM_UP: u32 = 60;
/// Frames timed per run.
const FRAMES: u32 = 600;
/// Runs per mode; the median is reported.
const RUNS: usize = 5;

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

/// Updates `app` until its game has run `frames` frames.
fn run_until(app: &mut App, frames: u32) {
    while app.world().resource::<GameFrame>().0 < frames {
        app.update();
    }
}

/// The game's frames per second in `mode`: a fresh app warmed up, then `FRAMES`
/// frames timed.
fn frames_per_second(mode: Mode) -> f64 {
    let mut app = game_app(mode);
    run_until(&mut app, WARM_UP);
    let start = Instant::now();
    run_until(&mut app, WARM_UP + FRAMES);
    let elapsed = start.elapsed();
    assert!(
        app.world().resource::<Mismatches>().0.is_empty(),
        "{mode:?}: the SyncTest found a mismatch"
    );
    f64::from(FRAMES) / elapsed.as_secs_f64()
}

fn main() {
    for mode in [
        Mode::Plain,
        Mode::SyncTest { check_distance: 2 },
        Mode::SyncTest { check_distance: 7 },
    ] {
        let mut rates: Vec<f64> = (0..RUNS).map(|_| frames_per_second(mode)).collect();
        rates.sort_unstable_by(f64::total_cmp);
        println!(
            "{mode:?}: {:.0} frames/s (median of {RUNS} runs of {FRAMES} frames; {:.0}-{:.0})",
            rates[RUNS / 2],
            rates[0],
            rates[RUNS - 1],
        );
    }
}
