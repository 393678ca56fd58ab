//! Tile levels, headless, in release mode: building a 1000 × 1000 level into colliders,
//! and rebuilding after a 64 × 64 region of it changes.
//!
//! `cargo bench -p bevy_sat2d --no-default-features --bench tile_level` times:
//! - `build_and_first_step`: merging a 1000 × 1000 cave (about 30% solid, in
//!   connected regions, 4-unit cells), spawning its colliders and running the first
//!   frame's step on them (one `app.update()`), from an app that has run one empty
//!   frame: the time from a level to its first step;
//! - `region_change`: on that level, a 64 × 64 region (not chunk-aligned, so four
//!   chunks) set empty, then solid again on the next iteration, each followed by one
//!   `app.update()` that swaps the colliders and steps;
//! - `idle_update`: one `app.update()` of the same level with nothing changed, the
//!   floor under `region_change`.

// The same criterion-estimate reader as sat2d's benches.
#[path = "../tests/plugin/tile_level/cave.rs"]
mod cave;
#[path = "../../sat2d/benches/common/mod.rs"]
mod common;

use std::hint::black_box;

use bevy::prelude::*;
use bevy_sat2d::prelude::*;
use bevy_sat2d::sat2d::tile_grid::TileGrid;
use common::median_ns;
use criterion::{BatchSize, Criterion};

/// Cells on a side of the level.
const SIDE: u32 = 1000;
/// The changed region: 64 × 64 cells from here, across four chunks.
const REGION_MIN: UVec2 = UVec2::new(500, 500);
const REGION_SIDE: u32 = 64;

/// An app with the plugins that has run one empty frame.
fn warm_app() -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        TransformPlugin,
        SatPlugin::default(),
        TileLevelPlugin::default(),
    ));
    app.update();
    app
}

/// Spawns a level of `grid` and runs one frame; returns the level.
fn build(app: &mut App, grid: TileGrid) -> Entity {
    let level = app.world_mut().spawn(TileLevel::new(grid)).id();
    app.update();
    level
}

fn region() -> impl Iterator<Item = UVec2> + Clone {
    (0..REGION_SIDE).flat_map(|y| (0..REGION_SIDE).map(move |x| REGION_MIN + UVec2::new(x, y)))
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    let grid = cave::cave_grid(SIDE, 4.0, 0.3, 24);
    let solid = grid.solid_count();
    let mut group = criterion.benchmark_group("tile_level");
    group.sample_size(10);
    group.bench_function("build_and_first_step", |bencher| {
        bencher.iter_batched(
            || (warm_app(), grid.clone()),
            |(mut app, grid)| {
                build(&mut app, grid);
                app // dropped outside the timing
            },
            BatchSize::PerIteration,
        );
    });

    let mut app = warm_app();
    let level = build(&mut app, grid.clone());
    let tiles = app.world().get::<TileLevel>(level).expect("a level");
    let rect_count = tiles.collider_count();
    let placed = app.world().resource::<CollisionWorld>().colliders().count();
    assert_eq!(
        placed, rect_count,
        "every rectangle is placed at the first step"
    );
    let mut solid_next = false;
    let mut changed = 0;
    group.bench_function("region_change", |bencher| {
        bencher.iter(|| {
            let mut tiles = app.world_mut().get_mut::<TileLevel>(level).unwrap();
            let region_changed = tiles.set_cells(region(), solid_next);
            changed = black_box(region_changed.expect("inside the level"));
            solid_next = !solid_next;
            app.update();
        });
    });
    group.bench_function("idle_update", |bencher| bencher.iter(|| app.update()));
    group.finish();
    criterion.final_summary();

    let show = |function: &str| {
        median_ns("tile_level", function)
            .map_or_else(|| "-".into(), |ns| format!("{:.3} ms", ns / 1e6))
    };
    println!(
        "\n{SIDE} × {SIDE} cells, {solid} solid ({:.1}%), {rect_count} colliders",
        solid as f64 / f64::from(SIDE * SIDE) * 100.0
    );
    println!("build_and_first_step: {}", show("build_and_first_step"));
    println!(
        "region_change ({REGION_SIDE} × {REGION_SIDE}, last changed {changed} cells): {}",
        show("region_change")
    );
    println!("idle_update: {}", show("idle_update"));
}
