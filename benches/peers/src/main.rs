//! bevy_sat2d vs avian2d 0.7: collision detection on the same seeded scene, headless,
//! in release mode.
//!
//! `cargo run --release --manifest-path benches/peers/Cargo.toml`
//!
//! (With `-- static`, the static-level comparison of [`static_level`] instead; with
//! `-- rotating`, the sparse scene of [`rotating`] whose colliders also turn every step,
//! at 1k, 10k and 100k; with `-- profile SCENE`, one bevy_sat2d app alone for `perf
//! record`, see [`profile`]; with `-- latency`, the machine's memory latency by
//! footprint, see [`latency`].)
//!
//! The scene (fastrand seed 10_000): 10,000 colliders in a 900 × 660 box, a quarter each
//! of circles (r 2–6), rectangles, capsules and triangles, each moving at 20–80 units/s
//! and bouncing off the walls. One `Update` system (the same function in every app) moves
//! every `Transform` by `velocity × 1/60 s` and reflects it at the walls; both collision
//! plugins then pick the new transforms up in `PostUpdate`. Every app advances its clocks
//! by exactly 1/60 s per `app.update()` (`TimeUpdateStrategy::ManualDuration`).
//!
//! Apps timed (20 warm-up updates each, then 200 updates each timed one by one, the apps
//! taking turns every 20 updates so that background load hits all of them alike):
//!
//! - `empty`: `MinimalPlugins + TransformPlugin` + the mover, same entities without any
//!   collider: the fixed cost both collision apps share.
//! - `bevy_sat2d`: the above + `SatPlugin::default()` (PostUpdate) and a `Collider` each.
//! - `avian2d`: the above + avian's collision-detection plugins only (see
//!   [`avian_collision_only`]), run in `PostUpdate`, so exactly one physics step per
//!   `app.update()`; every collider is a `RigidBody::Kinematic` `Sensor` moved by its
//!   `Transform` (its `LinearVelocity` stays zero).
//! - `avian2d full` (for information): the whole `PhysicsPlugins::new(PostUpdate)` with
//!   the same kinematic sensors, moved the avian way, by `LinearVelocity`. Not the same
//!   work as the others (solver schedule, integration, speculative contacts), so it gets no
//!   ratio against bevy_sat2d.
//!
//! Both collision apps keep a `CollidingEntities` per collider and emit start/end events,
//! so the work they do per step is comparable; the last step's touching pairs of the two
//! are compared pair by pair at the end.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;

mod scene;
use scene::*;

/// Updates each app runs before it is timed.
const WARMUP: usize = 20;
/// Updates timed per app.
const SAMPLES: usize = 200;

/// `MinimalPlugins + TransformPlugin`, a clock stepping 1/60 s per update, and the
/// scene's half box for the movers.
fn base_app(scene: &Scene) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f32(
            DT,
        )))
        .insert_resource(HalfBox(scene.half_box));
    app
}

/// `finish` + `cleanup` (what `App::run` does before its first update), then one update
/// so that spawning and first insertion are out of the timed loop.
fn ready(mut app: App) -> App {
    app.finish();
    app.cleanup();
    app.update();
    app
}

mod empty;

mod sat;

mod avian;

mod static_level;

mod rotating;

mod profile;

mod latency;

/// Per-update wall times of one app, and for a bevy_sat2d app the plugin's four stages
/// within each update.
struct Timing {
    samples_ms: Vec<f64>,
    stages_ms: Vec<f64>,
    /// Each stage apart (sync, broad, narrow, events) per update, in ms.
    stage_parts_ms: Vec<[f64; 4]>,
}

/// The `p` percentile (0 to 1) of `samples`, by rank.
fn percentile(samples: &[f64], p: f64) -> f64 {
    let mut sorted = samples.to_vec();
    sorted.sort_by(f64::total_cmp);
    let rank = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[rank]
}

impl Timing {
    fn median(&self) -> f64 {
        percentile(&self.samples_ms, 0.5)
    }
    fn p90(&self) -> f64 {
        percentile(&self.samples_ms, 0.9)
    }
    fn mean(&self) -> f64 {
        self.samples_ms.iter().sum::<f64>() / self.samples_ms.len() as f64
    }
    /// The median of the plugin's four stages (sync, broad, narrow, events) per update;
    /// `None` for an app without bevy_sat2d.
    fn stages_median(&self) -> Option<f64> {
        (!self.stages_ms.is_empty()).then(|| percentile(&self.stages_ms, 0.5))
    }
    /// The median of each stage (sync, broad, narrow, events) over the updates; `None`
    /// for an app without bevy_sat2d.
    fn stage_medians(&self) -> Option<[f64; 4]> {
        (!self.stage_parts_ms.is_empty()).then(|| {
            std::array::from_fn(|stage| {
                let samples: Vec<f64> = self
                    .stage_parts_ms
                    .iter()
                    .map(|parts| parts[stage])
                    .collect();
                percentile(&samples, 0.5)
            })
        })
    }
}

/// Updates timed per app before moving on to the next app; the apps take turns so that
/// any background load on the machine is spread over all of them.
const BLOCK: usize = 20;

/// 20 warm-up updates each, then `SAMPLES` updates each, timed one by one, in turns of
/// `BLOCK` updates per app.
fn measure(apps: &mut [&mut App]) -> Vec<Timing> {
    for app in apps.iter_mut() {
        for _ in 0..WARMUP {
            app.update();
        }
    }
    let mut timings: Vec<Timing> = apps
        .iter()
        .map(|_| Timing {
            samples_ms: Vec::with_capacity(SAMPLES),
            stages_ms: Vec::with_capacity(SAMPLES),
            stage_parts_ms: Vec::with_capacity(SAMPLES),
        })
        .collect();
    for _ in 0..SAMPLES / BLOCK {
        for (app, timing) in apps.iter_mut().zip(&mut timings) {
            for _ in 0..BLOCK {
                let start = Instant::now();
                app.update();
                timing.samples_ms.push(start.elapsed().as_secs_f64() * 1e3);
                if let Some(stages) = sat::stages_ms(app) {
                    timing.stages_ms.push(stages);
                }
                if let Some(parts) = sat::stage_parts_ms(app) {
                    timing.stage_parts_ms.push(parts);
                }
            }
        }
    }
    timings
}

fn main() {
    match std::env::args().nth(1).as_deref() {
        Some("static") => return static_level::run(),
        Some("rotating") => return rotating::run(),
        Some("profile") => return profile::run(),
        Some("latency") => return latency::run(),
        _ => {}
    }
    let scene = Scene::new(COUNT, 0);
    let threads = bevy::tasks::available_parallelism();
    println!(
        "scene: {COUNT} moving colliders (¼ circles r 2–6, ¼ rectangles, ¼ capsules, ¼ triangles), \
         box {}×{}, speed 20–80 u/s, dt 1/60 s, seed {SEED}; {WARMUP} warm-up + {SAMPLES} timed \
         updates per app, the apps taking turns every {BLOCK} updates; {threads} threads available",
        HALF_BOX.x * 2.0,
        HALF_BOX.y * 2.0
    );

    let build = Instant::now();
    let mut empty_app = empty::app(&scene);
    let empty_build = build.elapsed();
    let build = Instant::now();
    let mut sat_app = sat::app(&scene);
    let sat_build = build.elapsed();
    let build = Instant::now();
    let mut avian_app = avian::app(&scene);
    let avian_build = build.elapsed();
    let build = Instant::now();
    let mut full_app = avian::full_app(&scene);
    let full_build = build.elapsed();
    println!(
        "setup (spawn + first update): empty {:.0} ms, bevy_sat2d {:.0} ms, avian2d {:.0} ms, avian2d full {:.0} ms",
        empty_build.as_secs_f64() * 1e3,
        sat_build.as_secs_f64() * 1e3,
        avian_build.as_secs_f64() * 1e3,
        full_build.as_secs_f64() * 1e3,
    );

    let (avian_steps_before, _) = avian::steps(&avian_app);
    let (full_steps_before, _) = avian::steps(&full_app);

    let mut timings =
        measure(&mut [&mut empty_app, &mut sat_app, &mut avian_app, &mut full_app]).into_iter();
    let mut next = || timings.next().expect("one timing per app");
    let (empty_t, sat_t, avian_t, full_t) = (next(), next(), next(), next());

    let updates = (WARMUP + SAMPLES) as u64;
    let (avian_steps, avian_delta) = avian::steps(&avian_app);
    let (full_steps, full_delta) = avian::steps(&full_app);
    let (sat_pairs, sat_touching) = sat::counts(&sat_app);
    let (avian_pairs, avian_touching) = avian::counts(&avian_app);
    let (full_pairs, full_touching) = avian::counts(&full_app);

    println!();
    println!(
        "{:<14} {:>11} {:>11} {:>11} {:>14} {:>14}",
        "app", "median ms", "p90 ms", "mean ms", "pairs tested", "touching"
    );
    let row = |name: &str, t: &Timing, pairs: Option<usize>, touching: Option<usize>| {
        let show = |v: Option<usize>| v.map_or_else(|| "-".to_string(), |v| v.to_string());
        println!(
            "{name:<14} {:>11.3} {:>11.3} {:>11.3} {:>14} {:>14}",
            t.median(),
            t.p90(),
            t.mean(),
            show(pairs),
            show(touching)
        );
    };
    row("empty", &empty_t, None, None);
    row("bevy_sat2d", &sat_t, Some(sat_pairs), Some(sat_touching));
    row("avian2d", &avian_t, Some(avian_pairs), Some(avian_touching));
    row(
        "avian2d full",
        &full_t,
        Some(full_pairs),
        Some(full_touching),
    );
    println!(
        "(pairs tested: bevy_sat2d = broad-phase candidate pairs; avian2d = contact-graph pairs, \
         i.e. enlarged-AABB overlaps kept for the narrow phase. touching = pairs in contact after \
         the last step.)"
    );

    println!();
    println!("bevy_sat2d stages (last step): {}", sat::stages(&sat_app));
    println!(
        "avian2d stages (last step):    {}",
        avian::stages(&avian_app)
    );
    println!(
        "avian2d full (last step):      {}",
        avian::stages(&full_app)
    );
    println!(
        "avian2d physics steps in the {updates} measured updates: {} ({:.3} per update), last \
         physics dt {:.6} s; full: {} ({:.3} per update), last dt {:.6} s",
        avian_steps - avian_steps_before,
        (avian_steps - avian_steps_before) as f64 / updates as f64,
        avian_delta.as_secs_f64(),
        full_steps - full_steps_before,
        (full_steps - full_steps_before) as f64 / updates as f64,
        full_delta.as_secs_f64(),
    );

    let raw = avian_t.median() / sat_t.median();
    let raw_p90 = avian_t.p90() / sat_t.p90();
    let sat_net = sat_t.median() - empty_t.median();
    let avian_net = avian_t.median() - empty_t.median();
    println!();
    println!(
        "ratio avian2d / bevy_sat2d: raw median {raw:.2}x, raw p90 {raw_p90:.2}x, net of empty \
         (median − {:.3} ms) {:.2}x  [net: bevy_sat2d {sat_net:.3} ms, avian2d {avian_net:.3} ms]",
        empty_t.median(),
        avian_net / sat_net,
    );

    // Same scene, same mover, same number of updates: the two should find the same pairs.
    let sat_set = sat::touching(&mut sat_app);
    let avian_set = avian::touching(&mut avian_app);
    let avian_colliding = avian::colliding_entities_pairs(&mut avian_app);
    let common = sat_set.intersection(&avian_set).count();
    println!(
        "touching pairs, last step: bevy_sat2d {} (CollidingEntities), avian2d {} (ContactGraph; \
         {} from CollidingEntities); in both {common}, only bevy_sat2d {}, only avian2d {}",
        sat_set.len(),
        avian_set.len(),
        avian_colliding,
        sat_set.len() - common,
        avian_set.len() - common,
    );

    // The movers must have put both worlds in the same place.
    let positions = |app: &mut App| {
        let world = app.world_mut();
        let mut query = world.query::<(&Index, &Transform)>();
        let mut v: Vec<(u32, Vec2)> = query
            .iter(world)
            .map(|(i, t)| (i.0, t.translation.truncate()))
            .collect();
        v.sort_by_key(|(i, _)| *i);
        v
    };
    let sat_pos = positions(&mut sat_app);
    let avian_pos = positions(&mut avian_app);
    let max_diff = sat_pos
        .iter()
        .zip(&avian_pos)
        .map(|((_, a), (_, b))| a.distance(*b))
        .fold(0.0f32, f32::max);
    println!("max |position difference| bevy_sat2d vs avian2d after the run: {max_diff:e}");
}
