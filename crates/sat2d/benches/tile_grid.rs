//! Tile grids: merging a level into rectangles, and rebuilding after edits.
//!
//! `cargo bench -p sat2d --bench tile_grid` builds a seeded 1000 × 1000 level, about
//! 30% solid in connected blobs and platforms (default 64-cell chunks), then times:
//! the full merge; digging a disc of 1257 cells in a 64 × 64 region and rebuilding that
//! region, chunk-aligned (1 chunk) and straddling 4 chunks; and one `set_cell` (one
//! chunk rebuilt). It prints the medians and the level's rectangle count.

mod common;

use std::hint::black_box;

use criterion::{BatchSize, Criterion};
use sat2d::Vec2;
use sat2d::tile_grid::{MergedTileGrid, TileGrid, UVec2};

use common::median_ns;

/// A level like a real one: overlapping discs (caves, rock) and flat platforms, added
/// until `fraction` of the cells are solid.
fn level(width: u32, height: u32, fraction: f64, seed: u64) -> TileGrid {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut grid = TileGrid::new(width, height, Vec2::splat(0.5));
    let target = (f64::from(width) * f64::from(height) * fraction) as u64;
    while grid.solid_count() < target {
        // Count only now and then: the count scans the whole grid.
        for _ in 0..64 {
            let center = UVec2::new(rng.u32(0..width), rng.u32(0..height));
            if rng.u8(0..3) == 0 {
                let size = UVec2::new(rng.u32(8..80), rng.u32(2..8));
                fill(&mut grid, center, center + size, |_| true);
            } else {
                let radius = rng.u32(4..30);
                let inside = |cell: UVec2| {
                    cell.as_ivec2().distance_squared(center.as_ivec2()) <= (radius * radius) as i32
                };
                fill(
                    &mut grid,
                    center.saturating_sub(UVec2::splat(radius)),
                    center + radius + 1,
                    inside,
                );
            }
        }
    }
    grid
}

/// Makes solid the cells of `min..end` (cut at the grid's edge) that `keep` accepts.
fn fill(grid: &mut TileGrid, min: UVec2, end: UVec2, keep: impl Fn(UVec2) -> bool) {
    let end = end.min(grid.size());
    for y in min.y..end.y {
        for x in min.x..end.x {
            if keep(UVec2::new(x, y)) {
                grid.set(UVec2::new(x, y), true)
                    .expect("cut at the grid's edge");
            }
        }
    }
}

/// The cells of the disc of radius 20 centred in the 64 × 64 region at `min`.
fn disc(min: UVec2) -> Vec<UVec2> {
    let center = min + UVec2::splat(32);
    (0..64 * 64)
        .map(|index| min + UVec2::new(index % 64, index / 64))
        .filter(|cell| cell.as_ivec2().distance_squared(center.as_ivec2()) <= 400)
        .collect()
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    let grid = level(1000, 1000, 0.3, 2024);
    let solid = grid.solid_count();
    let merged = MergedTileGrid::build(grid.clone());
    let rect_count = merged.rect_count();

    let mut build = criterion.benchmark_group("tile_grid_build");
    build.bench_function("1000x1000", |bencher| {
        bencher.iter_batched(
            || grid.clone(),
            MergedTileGrid::build,
            BatchSize::LargeInput,
        );
    });
    build.finish();

    let mut rebuild = criterion.benchmark_group("tile_grid_rebuild");
    // Dig a disc, or fill it back on the next iteration, then rebuild its region.
    for (name, min) in [
        ("region_64_aligned", UVec2::new(512, 448)),
        ("region_64_straddling", UVec2::new(480, 416)),
    ] {
        let cells = disc(min);
        rebuild.bench_function(name, |bencher| {
            let mut level = merged.clone();
            let mut dig = true;
            bencher.iter(|| {
                for &cell in &cells {
                    level.grid_mut().set(cell, !dig).expect("inside the level");
                }
                dig = !dig;
                black_box(level.rebuild_region(min, min + UVec2::splat(63)))
            });
        });
    }
    rebuild.bench_function("set_cell", |bencher| {
        let mut level = merged.clone();
        let cell = UVec2::new(530, 470);
        let mut solid = level.grid().is_solid(cell);
        bencher.iter(|| {
            solid = !solid;
            black_box(level.set_cell(cell, solid))
        });
    });
    rebuild.finish();
    criterion.final_summary();

    println!(
        "\nlevel 1000 × 1000: {solid} solid cells ({:.1}%), {rect_count} rectangles in {} chunks",
        solid as f64 / 1e4,
        merged.chunk_counts().x * merged.chunk_counts().y
    );
    for (group, function) in [
        ("tile_grid_build", "1000x1000"),
        ("tile_grid_rebuild", "region_64_aligned"),
        ("tile_grid_rebuild", "region_64_straddling"),
        ("tile_grid_rebuild", "set_cell"),
    ] {
        match median_ns(group, function) {
            Some(ns) => println!("{group}/{function:<22} median {:>10.2} µs", ns / 1e3),
            None => println!("{group}/{function:<22} (not measured)"),
        }
    }
}
