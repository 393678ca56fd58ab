//! One collision step of the whole plugin, headless, in release mode.
//!
//! `cargo bench -p bevy_sat2d --bench plugin_step` times `app.update()` with
//! `MinimalPlugins + TransformPlugin + SatPlugin` on seeded scenes of 1k, 10k and 100k
//! moving mixed colliders (every collider moves every step, at the stress example's
//! density) and on 100k static + 1k moving. The `_reading_contacts` scenes also ask for
//! every touching pair's contact after each step (`CollisionWorld::contacts`), as a game
//! that needs all of them would: the step itself computes none. It then prints the
//! medians, the scaling
//! step(100k)/step(10k), the static-heavy/1k ratio, and the plugin's own stage times of
//! the last step.

// The same criterion-estimate reader as sat2d's benches.
#[path = "../../sat2d/benches/common/mod.rs"]
mod common;
mod scene;

use std::hint::black_box;

use bevy::prelude::*;
use bevy_sat2d::prelude::*;
use common::median_ns;
use criterion::{BenchmarkId, Criterion};

#[derive(Component)]
struct Velocity(Vec2);

#[derive(Resource)]
struct HalfBox(Vec2);

fn stepped_scene(moving: usize, fixed: usize) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default()))
        .add_systems(Update, bounce)
        .insert_resource(HalfBox(scene::half_box(moving + fixed)));
    scene::spawn_mixed(&mut app, moving + fixed, |entity, index, rng| {
        if index < moving {
            entity.insert(Velocity(
                Vec2::from_angle(rng.f32() * std::f32::consts::TAU) * (0.3 + rng.f32()),
            ));
        } else {
            entity.insert(StaticCollider);
        }
    });
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

/// Criterion's median for one scene, in milliseconds.
fn median_ms(name: &str) -> Option<f64> {
    median_ns("plugin_step", name).map(|ns| ns / 1e6)
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    // (name, moving, static, whether every contact is read after each step)
    let scenes = [
        ("1k", 1_000, 0, false),
        ("10k", 10_000, 0, false),
        ("100k", 100_000, 0, false),
        ("100k_static_1k_moving", 1_000, 100_000, false),
        ("10k_reading_contacts", 10_000, 0, true),
        ("100k_reading_contacts", 100_000, 0, true),
    ];
    let mut last = Vec::new();
    let mut group = criterion.benchmark_group("plugin_step");
    group.sample_size(10);
    for (name, moving, fixed, read_contacts) in scenes {
        group.bench_function(BenchmarkId::from_parameter(name), |bencher| {
            let mut app = stepped_scene(moving, fixed);
            bencher.iter(|| {
                app.update();
                if read_contacts {
                    let world = app.world().resource::<CollisionWorld>();
                    black_box(world.contacts().map(|(_, _, c)| c.depth).sum::<f32>());
                }
                black_box(app.world().resource::<SatDiagnostics>().contacts)
            });
            last.retain(|(other, _)| *other != name);
            last.push((name, app.world().resource::<SatDiagnostics>().clone()));
        });
    }
    group.finish();
    criterion.final_summary();

    println!(
        "\n{:<24} {:>10} {:>8} {:>9} {:>9} {:>9} {:>9} {:>9}",
        "scene", "step", "pairs", "contacts", "sync", "broad", "narrow", "events"
    );
    for (name, diagnostics) in &last {
        let ms = |duration: core::time::Duration| duration.as_secs_f64() * 1e3;
        let step = median_ms(name).map_or_else(|| "-".into(), |ms| format!("{ms:.3} ms"));
        println!(
            "{name:<24} {step:>10} {:>8} {:>9} {:>7.3}ms {:>7.3}ms {:>7.3}ms {:>7.3}ms",
            diagnostics.candidate_pairs,
            diagnostics.contacts,
            ms(diagnostics.sync_time),
            ms(diagnostics.broad_phase_time),
            ms(diagnostics.narrow_phase_time),
            ms(diagnostics.events_time),
        );
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
}
