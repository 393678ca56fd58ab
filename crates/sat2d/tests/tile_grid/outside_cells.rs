//! Cells outside the grid: every setter gives `CellOutsideGrid` and changes nothing,
//! every look-up gives `None` (or empty), whatever the cell: just past an edge, a
//! negative coordinate wrapped to a huge one, or an extreme of `u32` or `i32`.

use proptest::prelude::*;
use sat2d::Vec2;
use sat2d::tile_grid::{MergedTileGrid, TileGrid, TileGridError, UVec2};

use crate::support::{LevelSpec, level_spec, seeded};

/// A coordinate at or past `side`: just past the edge, a small negative number cast to
/// `u32` (as a game computing cells from signed coordinates gets), an extreme of `u32`
/// or `i32`, or anything in between.
fn outside_coordinate(side: u32) -> impl Strategy<Value = u32> {
    prop_oneof![
        (0u32..3).prop_map(move |past| side + past),
        (1i32..=1_000).prop_map(|below_zero| (-below_zero) as u32),
        Just(u32::MAX),
        Just(i32::MAX as u32),
        Just(i32::MIN as u32),
        Just(i32::MAX as u32 + 1),
        side..=u32::MAX,
    ]
}

/// A cell outside a `width × height` grid: past it on x, on y, or on both.
fn outside_cell(width: u32, height: u32) -> impl Strategy<Value = UVec2> {
    prop_oneof![
        (outside_coordinate(width), 0..height).prop_map(|(x, y)| UVec2::new(x, y)),
        (0..width, outside_coordinate(height)).prop_map(|(x, y)| UVec2::new(x, y)),
        (outside_coordinate(width), outside_coordinate(height)).prop_map(|(x, y)| UVec2::new(x, y)),
    ]
}

/// A random level and cells outside it.
fn level_and_outside_cells() -> impl Strategy<Value = (LevelSpec, Vec<UVec2>)> {
    level_spec(100).prop_flat_map(|spec| {
        let cells = prop::collection::vec(outside_cell(spec.width, spec.height), 1..24);
        (Just(spec), cells)
    })
}

/// The error a cell outside `grid` gives.
fn outside(grid: &TileGrid, cell: UVec2) -> TileGridError {
    TileGridError::CellOutsideGrid {
        cell,
        width: grid.width(),
        height: grid.height(),
    }
}

proptest! {
    #![proptest_config(seeded(256))]

    /// Setting a cell outside the grid, solid or empty, through the grid or the merged
    /// grid: the error naming the cell and the grid's size, and the grid and its
    /// rectangles exactly as they were. Every look-up says the cell is not there.
    #[test]
    fn outside_cells_give_the_error_and_change_nothing(
        (spec, cells) in level_and_outside_cells(),
        solid in any::<bool>(),
    ) {
        let mut merged = spec.merged(&spec.cells());
        let reference = merged.clone();
        for cell in cells {
            let expected = outside(merged.grid(), cell);
            prop_assert!(!merged.grid().contains_cell(cell));
            prop_assert_eq!(merged.grid().check_cell(cell), Err(expected.clone()));
            prop_assert_eq!(merged.grid().get(cell), None);
            prop_assert!(!merged.grid().is_solid(cell));
            prop_assert_eq!(merged.rect_at(cell), None);
            prop_assert_eq!(merged.set_cell(cell, solid), Err(expected.clone()));
            prop_assert_eq!(merged.grid_mut().set(cell, solid), Err(expected));
            prop_assert!(merged == reference, "cell {} changed the level", cell);
        }
        prop_assert!(merged.rebuild_all().is_empty());
    }

    /// The cells on the far edges are inside: the bound is exact.
    #[test]
    fn the_last_row_and_column_are_inside(spec in level_spec(100), solid in any::<bool>()) {
        let mut merged = spec.merged(&spec.cells());
        let last = merged.grid().size() - UVec2::ONE;
        for cell in [last, UVec2::new(last.x, 0), UVec2::new(0, last.y), UVec2::ZERO] {
            prop_assert!(merged.grid().contains_cell(cell));
            prop_assert_eq!(merged.grid().check_cell(cell), Ok(()));
            let before = merged.grid().get(cell);
            prop_assert_eq!(before, Some(merged.grid().is_solid(cell)));
            let change = merged.set_cell(cell, solid);
            prop_assert_eq!(change.map(|change| change.is_some()), Ok(before != Some(solid)));
            prop_assert_eq!(merged.grid().get(cell), Some(solid));
        }
    }
}

#[test]
fn the_error_names_the_cell_and_the_grid_size() {
    let mut grid = TileGrid::new(4, 3, Vec2::ONE);
    let cell = UVec2::new(u32::MAX, 1);
    let error = grid.set(cell, true).unwrap_err();
    assert_eq!(
        error,
        TileGridError::CellOutsideGrid {
            cell,
            width: 4,
            height: 3
        }
    );
    assert_eq!(
        error.to_string(),
        format!("cell {cell} is outside the 4 × 3 grid")
    );
    assert_eq!(grid.solid_count(), 0);
}

/// A game digging the cells of an explosion's disc at the level's corner: the cells
/// outside are refused one by one, and those kept with `contains_cell` are dug.
#[test]
fn an_explosion_at_the_corner_digs_only_the_cells_inside() {
    let cells = vec![true; 40 * 30];
    let grid = TileGrid::try_from_cells(40, 30, Vec2::ONE, &cells).unwrap();
    let mut merged = MergedTileGrid::try_with_chunk_size(grid, 16).unwrap();
    let center = glam::IVec2::new(0, 0);
    let disc: Vec<UVec2> = (-3..=3)
        .flat_map(|dy| (-3..=3).map(move |dx| center + glam::IVec2::new(dx, dy)))
        .filter(|offset| offset.length_squared() <= 9)
        .map(|cell| cell.as_uvec2())
        .collect();
    let mut refused = 0;
    for &cell in &disc {
        match merged.set_cell(cell, false) {
            Ok(change) => assert!(change.is_some(), "{cell} was solid"),
            Err(TileGridError::CellOutsideGrid { cell: named, .. }) => {
                assert_eq!(named, cell);
                refused += 1;
            }
            Err(other) => panic!("unexpected {other}"),
        }
    }
    let inside = disc
        .iter()
        .filter(|cell| merged.grid().contains_cell(**cell))
        .count();
    assert_eq!(refused + inside, disc.len());
    // A quarter disc of radius 3 (with its two edges) is inside.
    assert_eq!(inside, 11);
    assert_eq!(merged.grid().solid_count(), 40 * 30 - inside as u64);
}
