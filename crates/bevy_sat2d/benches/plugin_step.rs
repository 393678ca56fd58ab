//! One collision step of the whole plugin, headless, in release mode.
//!
//! `cargo bench -p bevy_sat2d --bench plugin_step` times `app.update()` with
//! `MinimalPlugins + TransformPlugin + SatPlugin` on seeded scenes:
//! - 1k, 10k and 100k moving mixed colliders (every collider moves every step, at the
//!   stress example's density);
//! - 100k static + 1k moving, the moving ones among the static ones;
//! - the same at half the density, where the moving colliders have the 1k scene's
//!   pairs;
//! - 100k plain entities (a `Transform`, no collider) + 1k moving among them;
//! - the 1k scene itself beside 100k plain entities: the plugin's work is the 1k
//!   scene's, so the step differs only by what Bevy's own per-entity systems cost for
//!   that many entities, whatever the collision plugin;
//! - the `_reading_contacts` scenes, which also ask for every touching pair's contact
//!   after each step (`CollisionWorld::contacts`), as a game that needs all of them
//!   would: the step itself computes none.
//!
//! It then prints the medians, the scaling step(100k)/step(10k), the static-heavy/1k
//! ratio, and the plugin's own stage times with what the rest of the step took.
//!
//! `SAT2D_THREADS=N` sets how many threads work on the step, through Bevy's
//! `TaskPoolOptions` set explicitly: N = 1 tests the pairs on the step's own thread
//! (`SatPlugin::single_threaded`), N ≥ 2 gives the compute pool N − 1 threads, which
//! the step's thread joins. Unset, Bevy's defaults (on 2 cores: a pool of one thread,
//! so two threads test pairs). The results are the same at any count (the plugin's
//! `events_do_not_depend_on_threads` test).

// The same criterion-estimate reader as sat2d's benches.
#[path = "../../sat2d/benches/common/mod.rs"]
mod common;
mod scene;

use std::hint::black_box;

use bevy::app::{TaskPoolOptions, TaskPoolPlugin, TaskPoolThreadAssignmentPolicy};
use bevy::prelude::*;
use bevy_sat2d::prelude::*;
use common::median_ns;
use core::time::Duration;
use criterion::{BatchSize, BenchmarkId, Criterion};

#[derive(Component)]
struct Velocity(Vec2);

#[derive(Resource)]
struct HalfBox(Vec2);

/// The threads `SAT2D_THREADS` asks for, if set.
fn threads() -> Option<usize> {
    let threads = std::env::var("SAT2D_THREADS").ok()?;
    let threads = threads
        .parse::<usize>()
        .ok()
        .filter(|&threads| threads >= 1)
        .expect("SAT2D_THREADS is a thread count of at least 1");
    Some(threads)
}

/// Bevy's minimal plugins and the collision plugin, with [`threads`] applied.
fn plugins_for(app: &mut App) {
    let Some(threads) = threads() else {
        app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default()));
        return;
    };
    let pool = threads.saturating_sub(1).max(1);
    let options = TaskPoolOptions {
        compute: TaskPoolThreadAssignmentPolicy {
            min_threads: pool,
            max_threads: pool,
            percent: 1.0,
            on_thread_spawn: None,
            on_thread_destroy: None,
        },
        ..TaskPoolOptions::default()
    };
    let plugin = if threads == 1 {
        SatPlugin::default().single_threaded()
    } else {
        SatPlugin::default()
    };
    app.add_plugins((
        MinimalPlugins.set(TaskPoolPlugin {
            task_pool_options: options,
        }),
        TransformPlugin,
        plugin,
    ));
}

/// What a scene's entities beside its moving colliders are.
#[derive(Clone, Copy)]
enum Others {
    /// Static colliders among the moving ones, at the same density.
    Static,
    /// Static colliders among the moving ones, at half the density: each moving
    /// collider touches about as many statics as the `moving`-collider scene's touch
    /// moving ones, so the scene has that scene's pairs. Its ratio beyond
    /// [`Others::PlainBeside`]'s is what the statics cost the plugin beyond their pairs.
    SparseStatic,
    /// Entities with a `Transform` and no collider, among the moving ones (which are
    /// then as sparse as in the static scene).
    Plain,
    /// Entities with a `Transform` and no collider, spawned beside a scene of moving
    /// colliders that is the `moving`-collider scene itself, same box and same pairs:
    /// the step differs from that scene's only by what Bevy's own systems cost for the
    /// extra entities, the floor of any static scene's ratio, whatever the plugin.
    PlainBeside,
}

/// `moving` colliders bouncing in a box with `others` more entities, as [`Others`] says.
fn stepped_scene(moving: usize, others: usize, kind: Others) -> App {
    let mut app = App::new();
    plugins_for(&mut app);
    let mixed = match kind {
        Others::PlainBeside => moving,
        Others::Static | Others::SparseStatic | Others::Plain => moving + others,
    };
    let half_box = match kind {
        Others::SparseStatic => scene::half_box(2 * mixed),
        Others::Static | Others::Plain | Others::PlainBeside => scene::half_box(mixed),
    };
    app.add_systems(Update, bounce)
        .insert_resource(HalfBox(half_box));
    scene::spawn_mixed(&mut app, mixed, half_box, |entity, index, rng| {
        if index < moving {
            entity.insert(Velocity(
                Vec2::from_angle(rng.f32() * std::f32::consts::TAU) * (0.3 + rng.f32()),
            ));
        } else if let Others::Plain = kind {
            entity.remove::<Collider>();
        } else {
            entity.insert(StaticCollider);
        }
    });
    if let Others::PlainBeside = kind {
        app.world_mut().spawn_batch(
            (0..others).map(|index| {
                Transform::from_xyz((index % 1000) as f32, (index / 1000) as f32, 0.0)
            }),
        );
    }
    app.update();
    app
}

fn bounce(half_box: Res<HalfBox>, mut movers: Query<(&mut Transform, &mut Velocity)>) {
    let half_box = half_box.0;
    movers
        .par_iter_mut()
        .for_each(|(mut transform, mut velocity)| {
            let mut position = transform.translation.truncate() + velocity.0;
            for axis in 0..2 {
                if position[axis].abs() > half_box[axis] {
                    position[axis] = position[axis].clamp(-half_box[axis], half_box[axis]);
                    velocity.0[axis] = -velocity.0[axis];
                }
            }
            transform.translation = position.extend(0.0);
        });
}

/// A tile level's side in tiles: `STATIC_TILES_SIDE²` square tiles, edge to edge.
const STATIC_TILES_SIDE: usize = 316;

/// An app with the plugin and no collider yet, for the spawn scene.
fn empty_app() -> App {
    let mut app = App::new();
    plugins_for(&mut app);
    app.update();
    app
}

/// Spawns a square level of static 16-unit tiles in one batch, sharing one shape.
fn spawn_tile_level(app: &mut App) {
    let tile = Collider::rectangle(16.0, 16.0);
    let side = STATIC_TILES_SIDE;
    app.world_mut()
        .spawn_batch((0..side * side).map(move |index| {
            let at = Vec2::new((index % side) as f32, (index / side) as f32) * 16.0;
            (
                tile.clone(),
                StaticCollider,
                Transform::from_translation(at.extend(0.0)),
            )
        }));
}

/// The median of `times`, in milliseconds.
fn median_of(times: &mut [Duration]) -> f64 {
    times.sort_unstable();
    times
        .get(times.len() / 2)
        .map_or(0.0, Duration::as_secs_f64)
        * 1e3
}

/// Criterion's median for one scene, in milliseconds.
fn median_ms(name: &str) -> Option<f64> {
    median_ns("plugin_step", name).map(|ns| ns / 1e6)
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    if let Some(threads) = threads() {
        println!("SAT2D_THREADS={threads}: the step on {threads} thread(s)");
    }
    // (name, moving, others, whether every contact is read after each step, what the
    // others are)
    let scenes = [
        ("1k", 1_000, 0, false, Others::Static),
        ("10k", 10_000, 0, false, Others::Static),
        ("100k", 100_000, 0, false, Others::Static),
        (
            "100k_static_1k_moving",
            1_000,
            100_000,
            false,
            Others::Static,
        ),
        (
            "100k_sparse_static_1k_moving",
            1_000,
            100_000,
            false,
            Others::SparseStatic,
        ),
        ("100k_plain_1k_moving", 1_000, 100_000, false, Others::Plain),
        (
            "1k_beside_100k_plain",
            1_000,
            100_000,
            false,
            Others::PlainBeside,
        ),
        ("10k_reading_contacts", 10_000, 0, true, Others::Static),
        ("100k_reading_contacts", 100_000, 0, true, Others::Static),
    ];
    // Per scene: the diagnostics of the last step and each stage's time in every step.
    let mut last = Vec::new();
    let mut group = criterion.benchmark_group("plugin_step");
    group.sample_size(10);
    for (name, moving, others, read_contacts, kind) in scenes {
        group.bench_function(BenchmarkId::from_parameter(name), |bencher| {
            let mut app = stepped_scene(moving, others, kind);
            let mut stages: [Vec<Duration>; 4] = Default::default();
            bencher.iter(|| {
                app.update();
                if read_contacts {
                    let world = app.world().resource::<CollisionWorld>();
                    black_box(world.contacts().map(|(_, _, c)| c.depth).sum::<f32>());
                }
                let diagnostics = app.world().resource::<SatDiagnostics>();
                let times = [
                    diagnostics.sync_time,
                    diagnostics.broad_phase_time,
                    diagnostics.narrow_phase_time,
                    diagnostics.events_time,
                ];
                for (stage, time) in stages.iter_mut().zip(times) {
                    stage.push(time);
                }
                black_box(diagnostics.contacts)
            });
            let diagnostics = app.world().resource::<SatDiagnostics>().clone();
            last.retain(|(other, _, _)| *other != name);
            last.push((
                name,
                diagnostics,
                stages.map(|mut times| median_of(&mut times)),
            ));
        });
    }
    group.bench_function(
        BenchmarkId::from_parameter("100k_static_spawn"),
        |bencher| {
            bencher.iter_batched(
                empty_app,
                |mut app| {
                    spawn_tile_level(&mut app);
                    app.update();
                    app
                },
                BatchSize::PerIteration,
            );
        },
    );
    group.finish();
    criterion.final_summary();

    println!(
        "\n{:<24} {:>10} {:>8} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9}",
        "scene", "step", "pairs", "contacts", "sync", "broad", "narrow", "events", "rest"
    );
    for (name, diagnostics, [sync, broad, narrow, events]) in &last {
        let step = median_ms(name);
        let rest = step.map_or_else(
            || "-".into(),
            |ms| format!("{:.3}ms", ms - (sync + broad + narrow + events)),
        );
        let step = step.map_or_else(|| "-".into(), |ms| format!("{ms:.3} ms"));
        println!(
            "{name:<24} {step:>10} {:>8} {:>9} {sync:>7.3}ms {broad:>7.3}ms {narrow:>7.3}ms \
             {events:>7.3}ms {rest:>9}",
            diagnostics.candidate_pairs, diagnostics.contacts,
        );
    }
    println!(
        "(stage times: medians over the measured steps; rest: the step less the four \
         stages, what Bevy's own systems and schedule cost)"
    );
    if let Some(spawn) = median_ms("100k_static_spawn") {
        println!("100k static tiles spawned, to the end of the first step: {spawn:.2} ms");
        print_spawn_breakdown();
    }
    if let (Some(big), Some(small)) = (median_ms("100k"), median_ms("10k")) {
        println!(
            "scaling step(100k)/step(10k) = {:.1} (target <= 12)",
            big / small
        );
    }
    if let (Some(heavy), Some(small)) = (median_ms("100k_static_1k_moving"), median_ms("1k")) {
        println!(
            "100k static + 1k moving vs 1k moving: {:.2}x",
            heavy / small
        );
    }
    if let (Some(sparse), Some(small)) =
        (median_ms("100k_sparse_static_1k_moving"), median_ms("1k"))
    {
        println!(
            "100k static at half the density + 1k moving (the 1k scene's pairs) vs 1k \
             moving: {:.2}x",
            sparse / small
        );
    }
    if let (Some(plain), Some(small)) = (median_ms("100k_plain_1k_moving"), median_ms("1k")) {
        println!(
            "100k plain entities + 1k moving vs 1k moving: {:.2}x",
            plain / small
        );
    }
    if let (Some(beside), Some(small)) = (median_ms("1k_beside_100k_plain"), median_ms("1k")) {
        println!(
            "the 1k scene beside 100k plain entities vs 1k moving: {:.2}x (Bevy's own cost \
             of 100k entities, whatever the plugin: the floor of the static scene's ratio)",
            beside / small
        );
    }
}

/// One more spawn of the 100k static tiles, timed in parts: the spawn itself, the whole
/// first update, and the plugin's stages within it.
fn print_spawn_breakdown() {
    let mut app = empty_app();
    let start = std::time::Instant::now();
    spawn_tile_level(&mut app);
    let spawned = start.elapsed();
    app.update();
    let updated = start.elapsed() - spawned;
    let diagnostics = app.world().resource::<SatDiagnostics>();
    let ms = |duration: Duration| duration.as_secs_f64() * 1e3;
    println!(
        "  of which: spawn {:.2} ms, first update {:.2} ms (sync {:.2}, broad {:.2}, \
         narrow {:.2}, events {:.2} ms)",
        ms(spawned),
        ms(updated),
        ms(diagnostics.sync_time),
        ms(diagnostics.broad_phase_time),
        ms(diagnostics.narrow_phase_time),
        ms(diagnostics.events_time),
    );
}
