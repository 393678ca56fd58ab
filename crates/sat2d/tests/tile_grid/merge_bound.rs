//! The merge's bound: no chunk ever gets more rectangles than its row runs (the trivial
//! merge, one rectangle per run of solid cells along a row), on grids of every shape,
//! thin ones included.

use proptest::prelude::*;
use sat2d::Vec2;
use sat2d::tile_grid::{MergedTileGrid, TileGrid, TileRect, UVec2};

use crate::support::{check_coverage, random_cells, seeded};

/// The runs of solid cells along each row of `chunk`, counted cell by cell: a run
/// starts at a solid cell whose left neighbour in the chunk is empty or missing.
fn chunk_row_runs(merged: &MergedTileGrid, chunk: UVec2) -> usize {
    let span = merged.chunk_cells(chunk);
    let grid = merged.grid();
    let mut runs = 0;
    for y in span.min.y..span.end().y {
        for x in span.min.x..span.end().x {
            let left_solid = x > span.min.x && grid.is_solid(UVec2::new(x - 1, y));
            if grid.is_solid(UVec2::new(x, y)) && !left_solid {
                runs += 1;
            }
        }
    }
    runs
}

/// Checks every chunk of `merged` against its row runs; returns the rectangle and run
/// totals.
fn check_runs_bound(merged: &MergedTileGrid) -> Result<(usize, usize), String> {
    let counts = merged.chunk_counts();
    let (mut rects, mut runs) = (0, 0);
    for y in 0..counts.y {
        for x in 0..counts.x {
            let chunk = UVec2::new(x, y);
            let chunk_rects = merged.chunk_rects(chunk).len();
            let chunk_runs = chunk_row_runs(merged, chunk);
            if chunk_rects > chunk_runs {
                return Err(format!(
                    "chunk {chunk}: {chunk_rects} rectangles for {chunk_runs} row runs"
                ));
            }
            rects += chunk_rects;
            runs += chunk_runs;
        }
    }
    Ok((rects, runs))
}

/// Noise: each cell solid with probability `fraction`, from a seeded generator.
fn noise_cells(width: u32, height: u32, fraction: f32, seed: u64) -> Vec<bool> {
    let mut rng = fastrand::Rng::with_seed(seed);
    (0..width as usize * height as usize)
        .map(|_| rng.f32() < fraction)
        .collect()
}

/// A grid's shape, thin ones weighted up: 1 wide, 1 or 2 tall, a few rows or columns,
/// or anything up to 150 a side.
fn grid_shape() -> impl Strategy<Value = (u32, u32)> {
    prop_oneof![
        (Just(1u32), 1u32..=300),
        (1u32..=300, 1u32..=2),
        (1u32..=300, 3u32..=5),
        (2u32..=5, 1u32..=300),
        (1u32..=150, 1u32..=150),
    ]
}

proptest! {
    #![proptest_config(seeded(512))]

    /// On random grids of random shapes, densities and styles, with every chunk size:
    /// each chunk's rectangles are no more than its row runs, and still cover exactly
    /// the solid cells.
    #[test]
    fn the_merge_never_exceeds_the_row_runs(
        (width, height) in grid_shape(),
        chunk_shift in 0u32..=6,
        seed in any::<u64>(),
        style in 0u8..5,
        fraction in 0.0f32..=1.0,
    ) {
        let cells = if style == 4 {
            noise_cells(width, height, fraction, seed)
        } else {
            random_cells(width, height, seed, style)
        };
        let grid = TileGrid::try_from_cells(width, height, Vec2::ONE, &cells).unwrap();
        let merged = MergedTileGrid::try_with_chunk_size(grid, 1 << chunk_shift).unwrap();
        check_coverage(&merged, &cells).map_err(TestCaseError::fail)?;
        check_runs_bound(&merged).map_err(TestCaseError::fail)?;
    }

    /// The bound holds after edits too: a rebuilt chunk is merged the same way.
    #[test]
    fn edited_chunks_stay_within_their_row_runs(
        width in 1u32..=200,
        height in 1u32..=3,
        seed in any::<u64>(),
        edits in prop::collection::vec((any::<u32>(), any::<u32>(), any::<bool>()), 1..60),
    ) {
        let mut cells = noise_cells(width, height, 0.7, seed);
        let grid = TileGrid::try_from_cells(width, height, Vec2::ONE, &cells).unwrap();
        let mut merged = MergedTileGrid::build(grid);
        for (x, y, solid) in edits {
            let cell = UVec2::new(x % width, y % height);
            merged.set_cell(cell, solid).unwrap();
            cells[(cell.y * width + cell.x) as usize] = solid;
            check_runs_bound(&merged).map_err(TestCaseError::fail)?;
        }
        check_coverage(&merged, &cells).map_err(TestCaseError::fail)?;
    }
}

/// The case: a 300 × 2 grid at 70% solid gave more rectangles than row runs
/// (148 against 137) when a run growing up could cut the run above it in two.
#[test]
fn a_thin_grid_is_no_worse_than_its_row_runs() {
    for seed in 0..20 {
        let cells = noise_cells(300, 2, 0.7, seed);
        let grid = TileGrid::try_from_cells(300, 2, Vec2::ONE, &cells).unwrap();
        let merged = MergedTileGrid::build(grid);
        check_coverage(&merged, &cells).unwrap();
        let (rects, runs) = check_runs_bound(&merged).unwrap();
        assert!(rects <= runs, "seed {seed}: {rects} > {runs}");
    }
}

/// The rule itself: a run growing up stops below a row it would cut in two, so the
/// wider run above stays whole. Growing through would give three rectangles (the
/// column, and the two pieces left of it and right of it) for two runs.
#[test]
fn a_run_never_cuts_the_run_above_in_two() {
    let grid = TileGrid::try_from_text(
        "
#####
..#..
",
        '#',
        Vec2::ONE,
    )
    .unwrap();
    let merged = MergedTileGrid::build(grid);
    let rects: Vec<TileRect> = merged.rects().map(|(_, rect)| *rect).collect();
    assert_eq!(
        rects,
        [
            TileRect::new(UVec2::new(2, 0), UVec2::new(1, 1)),
            TileRect::new(UVec2::new(0, 1), UVec2::new(5, 1)),
        ]
    );
    // Cutting from an end leaves one piece, so the run still grows up.
    let grid = TileGrid::try_from_text(
        "
#####
#....
",
        '#',
        Vec2::ONE,
    )
    .unwrap();
    let merged = MergedTileGrid::build(grid);
    let rects: Vec<TileRect> = merged.rects().map(|(_, rect)| *rect).collect();
    assert_eq!(
        rects,
        [
            TileRect::new(UVec2::new(0, 0), UVec2::new(1, 2)),
            TileRect::new(UVec2::new(1, 1), UVec2::new(4, 1)),
        ]
    );
}
