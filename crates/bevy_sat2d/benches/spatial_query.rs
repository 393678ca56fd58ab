//! Short queries through `SpatialQuery` at 10k and 100k colliders, headless, in release
//! mode: the claim that a short ray costs about the same however many colliders there
//! are, at the same density.
//!
//! `cargo bench -p bevy_sat2d --no-default-features --bench spatial_query` builds the
//! plugin benches' mixed scene (circles, rectangles, capsules, triangles at the stress
//! example's density) with 10,000 and 100,000 colliders, steps it once, and times a
//! batch of 1,000 seeded short queries: `cast_ray` over three grid cells, and
//! `shape_hits` with a circle of half a cell's radius. It then prints the medians per
//! query and the ratio 100k/10k (the requirement: at most 3).

// The same criterion-estimate reader as sat2d's benches.
#[path = "../../sat2d/benches/common/mod.rs"]
mod common;
mod scene;

use std::hint::black_box;

use bevy::ecs::system::SystemState;
use bevy::prelude::*;
use bevy_sat2d::prelude::*;
use common::median_ns;
use criterion::{BenchmarkId, Criterion};

/// How many queries one timed batch makes.
const BATCH: usize = 1_000;
/// A short ray's length, in grid cells.
const RAY_CELLS: f32 = 3.0;

/// A scene of `count` mixed colliders, stepped once so that they are placed.
fn stepped_scene(count: usize) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default()));
    scene::spawn_mixed(&mut app, count, scene::half_box(count), |_, _, _| {});
    app.update();
    app
}

/// The batch's seeded origins (anywhere in the scene) and directions.
fn batch(count: usize) -> Vec<(Vec2, Dir2)> {
    let half_box = scene::half_box(count);
    let mut rng = fastrand::Rng::with_seed(7);
    (0..BATCH)
        .map(|_| {
            let origin = Vec2::new(rng.f32() * 2.0 - 1.0, rng.f32() * 2.0 - 1.0) * half_box;
            let angle = rng.f32() * std::f32::consts::TAU;
            let direction = Dir2::new(Vec2::from_angle(angle)).expect("a unit vector");
            (origin, direction)
        })
        .collect()
}

/// What one scene's batches found, to show that both scenes do the same work.
struct Found {
    cell_side: f32,
    ray_hits: usize,
    overlaps: usize,
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    let sizes = [("10k", 10_000), ("100k", 100_000)];
    let mut found = Vec::new();
    let mut group = criterion.benchmark_group("spatial_query");
    group.sample_size(30);
    for (name, count) in sizes {
        let mut app = stepped_scene(count);
        let mut state = SystemState::<SpatialQuery>::new(app.world_mut());
        let query = state.get(app.world()).expect("the plugin's resources");
        let cell_side = query
            .collision_world()
            .broad_phase()
            .cell_side()
            .expect("the grid is built at the first step");
        let (ray_length, probe) = (RAY_CELLS * cell_side, Shape::circle(cell_side * 0.5));
        let queries = batch(count);
        let filter = QueryFilter::default();
        let cast_rays = || {
            let hits = queries.iter().filter(|(origin, direction)| {
                let hit = query.cast_ray(*origin, *direction, ray_length, &filter);
                black_box(hit).is_some()
            });
            hits.count()
        };
        let overlap_circles = || {
            let overlaps = queries.iter().map(|(origin, _)| {
                let iso = Iso::from_translation(*origin);
                black_box(query.shape_hits(&probe, &iso, &filter)).len()
            });
            overlaps.sum::<usize>()
        };
        found.push((
            name,
            Found {
                cell_side,
                ray_hits: cast_rays(),
                overlaps: overlap_circles(),
            },
        ));
        group.bench_function(BenchmarkId::new("cast_ray", name), |bencher| {
            bencher.iter(cast_rays);
        });
        group.bench_function(BenchmarkId::new("shape_hits", name), |bencher| {
            bencher.iter(overlap_circles);
        });
    }
    group.finish();
    criterion.final_summary();

    // Per query, in nanoseconds.
    let per_query = |function: &str, name: &str| {
        median_ns("spatial_query", &format!("{function}/{name}")).map(|ns| ns / BATCH as f64)
    };
    println!(
        "\n{:<6} {:>10} {:>12} {:>10} {:>14} {:>10}",
        "scene", "cell side", "cast_ray", "rays hit", "shape_hits", "overlaps"
    );
    for (name, found) in &found {
        let show = |ns: Option<f64>| ns.map_or_else(|| "-".into(), |ns| format!("{ns:.0} ns"));
        println!(
            "{name:<6} {:>10.2} {:>12} {:>10} {:>14} {:>10}",
            found.cell_side,
            show(per_query("cast_ray", name)),
            format!("{}/{BATCH}", found.ray_hits),
            show(per_query("shape_hits", name)),
            found.overlaps,
        );
    }
    for function in ["cast_ray", "shape_hits"] {
        if let (Some(big), Some(small)) = (per_query(function, "100k"), per_query(function, "10k"))
        {
            println!("{function}: 100k/10k = {:.2} (target <= 3)", big / small);
        }
    }
}
