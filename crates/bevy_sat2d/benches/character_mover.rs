//! 1,000 character movers walking a tile level, headless, in release mode.
//!
//! `cargo bench -p bevy_sat2d --no-default-features --bench character_mover` times
//! `app.update()` with `MinimalPlugins + TransformPlugin + SatPlugin +
//! CharacterMoverPlugin` on a level of 40 floors, each 100 separate 16×16 tiles with a
//! 6-unit ledge every 10 tiles, and 25 box and capsule movers per floor walking back and
//! forth under a pull down (every mover moves and casts every step: slides, step-ups,
//! snaps, ground probes). It prints the step's median, the part the collision step
//! itself took (the plugin's stage times), and the rest per mover.

// The same criterion-estimate reader as sat2d's benches.
#[path = "../../sat2d/benches/common/mod.rs"]
mod common;

use std::hint::black_box;

use bevy::prelude::*;
use bevy_sat2d::prelude::*;
use common::median_ns;
use criterion::Criterion;

const FLOORS: usize = 40;
const TILES: usize = 100;
const MOVERS_PER_FLOOR: usize = 25;
const TILE: f32 = 16.0;
/// Floors are this far apart, so movers on one never reach the next.
const FLOOR_SPACING: f32 = 64.0;

/// Walks back and forth at `speed` per step.
#[derive(Component)]
struct Walker {
    speed: f32,
}

fn level() -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        TransformPlugin,
        SatPlugin::default(),
        CharacterMoverPlugin::default(),
    ))
    .add_systems(Update, walk);
    let settings = MoverSettings {
        step_height: 8.0,
        snap_to_ground: 8.0,
        ..default()
    };
    for floor in 0..FLOORS {
        let base = floor as f32 * FLOOR_SPACING;
        for tile in 0..TILES {
            let x = (tile as f32 + 0.5) * TILE;
            app.world_mut().spawn((
                Collider::rectangle(TILE, TILE),
                StaticCollider,
                Transform::from_xyz(x, base - TILE * 0.5, 0.0),
            ));
            if tile % 10 == 5 {
                app.world_mut().spawn((
                    Collider::rectangle(TILE, 6.0),
                    StaticCollider,
                    Transform::from_xyz(x, base + 3.0, 0.0),
                ));
            }
        }
        for index in 0..MOVERS_PER_FLOOR {
            let x = 24.0 + index as f32 * (TILES as f32 * TILE - 48.0) / MOVERS_PER_FLOOR as f32;
            let (collider, half) = if index % 2 == 0 {
                (Collider::rectangle(10.0, 12.0), 6.0)
            } else {
                (Collider::capsule(4.0, 6.0), 7.0)
            };
            let speed = if index % 3 == 0 { -1.5 } else { 2.0 };
            app.world_mut().spawn((
                collider,
                CharacterMover {
                    settings,
                    ..default()
                },
                Walker { speed },
                Transform::from_xyz(x, base + half + 0.02, 0.0),
            ));
        }
    }
    app.update();
    app
}

/// Sets each mover's step, turning around at the level's ends and where the last
/// step was blocked.
fn walk(mut movers: Query<(&Transform, &mut CharacterMover, &mut Walker, &MoverOutput)>) {
    let end = TILES as f32 * TILE - 12.0;
    for (transform, mut mover, mut walker, output) in &mut movers {
        let x = transform.translation.x;
        let blocked = output.hits.iter().any(|hit| hit.normal.x.abs() > 0.9);
        if (x < 12.0 && walker.speed < 0.0) || (x > end && walker.speed > 0.0) || blocked {
            walker.speed = -walker.speed;
        }
        mover.translation = Some(Vec2::new(walker.speed, -1.0));
    }
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    let mut group = criterion.benchmark_group("character_mover");
    group.sample_size(20);
    let mut diagnostics = None;
    let mut grounded = 0;
    group.bench_function("1k_movers", |bencher| {
        let mut app = level();
        bencher.iter(|| {
            app.update();
            black_box(app.world().resource::<SatDiagnostics>().contacts)
        });
        diagnostics = Some(app.world().resource::<SatDiagnostics>().clone());
        let mut outputs = app.world_mut().query::<&MoverOutput>();
        grounded = outputs
            .iter(app.world())
            .filter(|output| output.grounded)
            .count();
    });
    group.finish();
    criterion.final_summary();
    let movers = FLOORS * MOVERS_PER_FLOOR;
    if let (Some(ns), Some(diagnostics)) = (median_ns("character_mover", "1k_movers"), diagnostics)
    {
        let step_ms = ns / 1e6;
        let stages = diagnostics.sync_time
            + diagnostics.broad_phase_time
            + diagnostics.narrow_phase_time
            + diagnostics.events_time;
        let collision_ms = stages.as_secs_f64() * 1e3;
        println!(
            "\n{movers} movers ({grounded} grounded at the end), {} colliders: step \
             {step_ms:.3} ms (collision step {collision_ms:.3} ms, the rest {:.2} µs per mover)",
            diagnostics.colliders,
            (step_ms - collision_ms) * 1e3 / movers as f64,
        );
    }
}
