//! A seeded cave-like level: overlapping discs of solid cells, so the solid cells form
//! connected regions rather than noise. Shared with `benches/tile_level.rs`.
#![allow(dead_code)]

use bevy::math::{UVec2, Vec2};
use bevy_sat2d::sat2d::tile_grid::TileGrid;

/// A `size × size` grid of `cell_side` cells with about `fraction` of its cells solid,
/// in discs of radius 4 to 24 cells placed by a generator seeded with `seed`.
pub fn cave_grid(size: u32, cell_side: f32, fraction: f64, seed: u64) -> TileGrid {
    let mut grid = TileGrid::new(size, size, Vec2::splat(cell_side));
    let mut rng = fastrand::Rng::with_seed(seed);
    let target = (f64::from(size) * f64::from(size) * fraction) as u64;
    let mut solid = 0;
    while solid < target {
        let radius = rng.i32(4..=24);
        let center = (rng.i32(0..size as i32), rng.i32(0..size as i32));
        for dy in -radius..=radius {
            for dx in -radius..=radius {
                let (x, y) = (center.0 + dx, center.1 + dy);
                let inside = dx * dx + dy * dy <= radius * radius;
                if inside && (0..size as i32).contains(&x) && (0..size as i32).contains(&y) {
                    let changed = grid.set(UVec2::new(x as u32, y as u32), true);
                    solid += u64::from(changed.expect("inside the grid"));
                }
            }
        }
    }
    grid
}
