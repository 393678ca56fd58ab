//! Shared by the tile-grid tests: seeded levels and the coverage oracle.

use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, RngSeed};
use sat2d::Vec2;
use sat2d::tile_grid::{MergedTileGrid, TileGrid, UVec2};

/// A proptest configuration with a fixed seed, so every run tests the same cases.
pub fn seeded(cases: u32) -> Config {
    Config {
        cases,
        rng_algorithm: RngAlgorithm::ChaCha,
        rng_seed: RngSeed::Fixed(0x711E_5EED),
        failure_persistence: None,
        ..Config::default()
    }
}

/// The shape of a random level: its size, the chunk size (`1 << chunk_shift`), the
/// generator seed and style.
#[derive(Clone, Debug)]
pub struct LevelSpec {
    pub width: u32,
    pub height: u32,
    pub chunk_size: u32,
    pub seed: u64,
    pub style: u8,
}

/// Levels up to `max_side` cells a side, any chunk size from 1 to 64.
pub fn level_spec(max_side: u32) -> impl Strategy<Value = LevelSpec> {
    (1..=max_side, 1..=max_side, 0u32..=6, any::<u64>(), 0u8..4).prop_map(
        |(width, height, chunk_shift, seed, style)| LevelSpec {
            width,
            height,
            chunk_size: 1 << chunk_shift,
            seed,
            style,
        },
    )
}

impl LevelSpec {
    /// The level's cells, row-major from the bottom: style 0 is noise, 1 random blocks
    /// (platforms and walls), 2 blocks with noise and holes, 3 mostly solid.
    pub fn cells(&self) -> Vec<bool> {
        random_cells(self.width, self.height, self.seed, self.style)
    }

    /// The level merged with its chunk size.
    pub fn merged(&self, cells: &[bool]) -> MergedTileGrid {
        let grid = TileGrid::try_from_cells(self.width, self.height, Vec2::ONE, cells).unwrap();
        MergedTileGrid::try_with_chunk_size(grid, self.chunk_size).unwrap()
    }
}

/// Seeded cells; see [`LevelSpec::cells`].
pub fn random_cells(width: u32, height: u32, seed: u64, style: u8) -> Vec<bool> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let (w, h) = (width as usize, height as usize);
    let mut cells = vec![style == 3; w * h];
    let blocks = if style == 0 { 0 } else { 1 + (w * h) / 60 };
    for _ in 0..blocks {
        let (x0, y0) = (rng.usize(0..w), rng.usize(0..h));
        let (bw, bh) = (rng.usize(1..=w.min(24)), rng.usize(1..=h.min(12)));
        let solid = style != 3;
        for y in y0..(y0 + bh).min(h) {
            for x in x0..(x0 + bw).min(w) {
                cells[y * w + x] = solid;
            }
        }
    }
    let noise = match style {
        0 => 0.4,
        2 => 0.08,
        _ => 0.0,
    };
    for cell in &mut cells {
        if rng.f32() < noise {
            *cell = !*cell;
        }
    }
    cells
}

/// Checks the merge against `cells`: every solid cell in exactly one rectangle, no
/// rectangle on an empty cell or across its chunk's boundary, each chunk's list in
/// order, and the grid holding `cells`.
pub fn check_coverage(merged: &MergedTileGrid, cells: &[bool]) -> Result<(), String> {
    let grid = merged.grid();
    let width = grid.width() as usize;
    for (index, &solid) in cells.iter().enumerate() {
        let cell = UVec2::new((index % width) as u32, (index / width) as u32);
        if grid.is_solid(cell) != solid {
            return Err(format!("grid cell {cell} is not {solid}"));
        }
    }
    let mut cover = vec![0u32; cells.len()];
    let counts = merged.chunk_counts();
    for chunk_y in 0..counts.y {
        for chunk_x in 0..counts.x {
            let chunk = UVec2::new(chunk_x, chunk_y);
            let span = merged.chunk_cells(chunk);
            let rects = merged.chunk_rects(chunk);
            if !rects.is_sorted_by_key(|rect| (rect.min.y, rect.min.x)) {
                return Err(format!("chunk {chunk}: rectangles out of order"));
            }
            for rect in rects {
                if rect.size.cmpeq(UVec2::ZERO).any()
                    || rect.min.cmplt(span.min).any()
                    || rect.end().cmpgt(span.end()).any()
                {
                    return Err(format!("chunk {chunk}: {rect:?} leaves the chunk {span:?}"));
                }
                for y in rect.min.y..rect.end().y {
                    for x in rect.min.x..rect.end().x {
                        let index = y as usize * width + x as usize;
                        if !cells[index] {
                            return Err(format!("{rect:?} covers empty cell ({x}, {y})"));
                        }
                        cover[index] += 1;
                    }
                }
            }
        }
    }
    if let Some(index) = (0..cells.len()).find(|&i| cover[i] != u32::from(cells[i])) {
        let cell = (index % width, index / width);
        return Err(format!("cell {cell:?} is covered {} times", cover[index]));
    }
    if merged.rects().count() != merged.rect_count() {
        return Err("rects() and rect_count() disagree".into());
    }
    Ok(())
}
