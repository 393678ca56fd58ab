//! The merge: exact coverage on random levels, and what it makes of simple ones.

use proptest::prelude::*;
use sat2d::tile_grid::{MergedTileGrid, TileGrid, TileRect, UVec2};
use sat2d::{Shape, Vec2};

use crate::support::{check_coverage, level_spec, random_cells, seeded};

proptest! {
    #![proptest_config(seeded(384))]

    /// Every solid cell in exactly one rectangle, none on an empty cell, none across
    /// a chunk boundary: levels up to 150 cells a side, every chunk size.
    #[test]
    fn rectangles_cover_exactly_the_solid_cells(spec in level_spec(150)) {
        let cells = spec.cells();
        let merged = spec.merged(&cells);
        check_coverage(&merged, &cells).map_err(TestCaseError::fail)?;
    }

    /// The rectangles' world boxes tile the solid area: their areas add up to the
    /// solid cells' area, and each box is its shape placed at its iso.
    #[test]
    fn world_boxes_match_cells(spec in level_spec(80), origin_x in -500.0f32..500.0, cell_w in 0.25f32..4.0) {
        let cells = spec.cells();
        let cell_size = Vec2::new(cell_w, 1.5);
        let grid = TileGrid::try_from_cells(spec.width, spec.height, cell_size, &cells)
            .unwrap()
            .with_origin(Vec2::new(origin_x, -20.0));
        let merged = MergedTileGrid::try_with_chunk_size(grid, spec.chunk_size).unwrap();
        let grid = merged.grid();
        let mut area = 0.0f64;
        for (chunk, rect) in merged.rects() {
            prop_assert_eq!(merged.chunk_of(rect.min), chunk);
            let bounds = rect.bounds(grid);
            area += f64::from(bounds.size().x) * f64::from(bounds.size().y);
            let first = grid.cell_bounds(rect.min);
            let last = grid.cell_bounds(rect.end() - UVec2::ONE);
            prop_assert!((bounds.min - first.min).abs().max_element() < 1e-3);
            prop_assert!((bounds.max - last.max).abs().max_element() < 1e-3);
            prop_assert!((rect.center(grid) - bounds.center()).abs().max_element() < 1e-3);
            prop_assert_eq!(rect.iso(grid).translation, rect.center(grid));
            let shape_bounds = rect.shape(grid).aabb(&rect.iso(grid));
            prop_assert!((shape_bounds.min - bounds.min).abs().max_element() < 1e-3);
            prop_assert!((shape_bounds.max - bounds.max).abs().max_element() < 1e-3);
        }
        let solid_area = grid.solid_count() as f64 * f64::from(cell_size.x * cell_size.y);
        prop_assert!((area - solid_area).abs() <= 1e-4 * solid_area.max(1.0));
    }

    /// `rect_at` finds the one rectangle of each solid cell, and nothing for empty ones.
    #[test]
    fn rect_at_names_the_covering_rectangle(spec in level_spec(70)) {
        let cells = spec.cells();
        let merged = spec.merged(&cells);
        for (index, &solid) in cells.iter().enumerate() {
            let cell = UVec2::new(index as u32 % spec.width, index as u32 / spec.width);
            match merged.rect_at(cell) {
                Some(rect) => prop_assert!(solid && rect.contains_cell(cell)),
                None => prop_assert!(!solid),
            }
        }
    }
}

#[test]
fn all_empty_gives_no_rectangles() {
    for chunk_size in [1, 8, 64] {
        let grid = TileGrid::new(130, 70, Vec2::ONE);
        let merged = MergedTileGrid::try_with_chunk_size(grid, chunk_size).unwrap();
        assert_eq!(merged.rect_count(), 0);
        assert_eq!(merged.rects().count(), 0);
        assert_eq!(merged.rect_at(UVec2::new(3, 3)), None);
    }
}

#[test]
fn full_grid_gives_one_rectangle_per_chunk() {
    let grid = TileGrid::try_from_cells(1000, 1000, Vec2::ONE, &vec![true; 1_000_000]).unwrap();
    let merged = MergedTileGrid::build(grid);
    assert_eq!(merged.chunk_counts(), UVec2::new(16, 16));
    assert_eq!(merged.rect_count(), 256);
    // The last chunk is cut short by the grid's edge: 1000 = 15 × 64 + 40.
    let corner = merged.chunk_rects(UVec2::new(15, 15));
    assert_eq!(corner, [TileRect::new(UVec2::splat(960), UVec2::splat(40))]);
    assert_eq!(
        merged.chunk_cells(UVec2::new(15, 0)).size,
        UVec2::new(40, 64)
    );
}

#[test]
fn greedy_merge_grows_along_x_then_up() {
    let grid = TileGrid::try_from_text(
        "
..##..
######
######
#....#
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
            TileRect::new(UVec2::new(0, 0), UVec2::new(1, 3)),
            TileRect::new(UVec2::new(5, 0), UVec2::new(1, 3)),
            TileRect::new(UVec2::new(1, 1), UVec2::new(4, 2)),
            TileRect::new(UVec2::new(2, 3), UVec2::new(2, 1)),
        ]
    );
    assert_eq!(rects[2].shape(merged.grid()), Shape::rectangle(4.0, 2.0));
}

/// A real-sized level (blocks in a 600 × 400 grid, default chunks) is covered
/// exactly, and merging saves most of the colliders.
#[test]
fn large_level_is_covered_with_few_rectangles() {
    let cells = random_cells(600, 400, 11, 1);
    let grid = TileGrid::try_from_cells(600, 400, Vec2::ONE, &cells).unwrap();
    let merged = MergedTileGrid::build(grid);
    check_coverage(&merged, &cells).unwrap();
    let solid = merged.grid().solid_count();
    assert!(solid > 50_000, "level too sparse: {solid}");
    assert!(
        (merged.rect_count() as u64) * 10 < solid,
        "{} rectangles for {solid} cells",
        merged.rect_count()
    );
}
