//! Building grids: each bad input's typed error, text parsing (first line on top),
//! and the cell lookups.

use proptest::prelude::*;
use sat2d::tile_grid::{
    MAX_CELL_SIZE, MAX_TILE_CELLS, MergedTileGrid, TileGrid, TileGridError, UVec2,
};
use sat2d::{MAX_COORDINATE, Vec2};

use crate::support::{level_spec, seeded};

#[test]
fn zero_size_is_refused() {
    for (width, height) in [(0, 5), (5, 0), (0, 0)] {
        assert_eq!(
            TileGrid::try_new(width, height, Vec2::ONE),
            Err(TileGridError::ZeroSize { width, height })
        );
    }
}

#[test]
fn bad_cell_sizes_are_refused() {
    for cell_size in [
        Vec2::new(0.0, 1.0),
        Vec2::new(1.0, -1.0),
        Vec2::new(f32::NAN, 1.0),
        Vec2::new(1.0, f32::INFINITY),
    ] {
        assert!(matches!(
            TileGrid::try_new(4, 4, cell_size),
            Err(TileGridError::InvalidCellSize { .. })
        ));
    }
    let out_of_range = |cell_size, width| match TileGrid::try_new(width, 1, cell_size) {
        Err(TileGridError::OutOfRange { what, .. }) => what,
        other => panic!("expected OutOfRange, got {other:?}"),
    };
    assert_eq!(out_of_range(Vec2::new(1e-7, 1.0), 4), "cell width");
    assert_eq!(
        out_of_range(Vec2::new(1.0, MAX_CELL_SIZE * 2.0), 4),
        "cell height"
    );
    // Each cell is in range, but the grid reaches past MAX_COORDINATE.
    assert_eq!(out_of_range(Vec2::new(1e10, 1.0), 1_000_000), "grid width");
    assert!(TileGrid::try_new(4, 4, Vec2::splat(MAX_CELL_SIZE)).is_ok());
}

#[test]
fn too_many_cells_is_refused() {
    let too_many = |width: u32, height: u32| TileGridError::TooManyCells {
        width,
        height,
        max: MAX_TILE_CELLS,
    };
    assert_eq!(
        TileGrid::try_new(u32::MAX, u32::MAX, Vec2::ONE),
        Err(too_many(u32::MAX, u32::MAX))
    );
    assert_eq!(
        TileGrid::try_new(u32::MAX, 1, Vec2::ONE),
        Err(too_many(u32::MAX, 1))
    );
    // Rows are stored as whole 64-cell words, so a 1-wide grid pays for 64 per row.
    let rows = (MAX_TILE_CELLS / 64) as u32;
    assert!(TileGrid::try_new(1, rows, Vec2::ONE).is_ok());
    assert_eq!(
        TileGrid::try_new(1, rows + 1, Vec2::ONE),
        Err(too_many(1, rows + 1))
    );
}

#[test]
fn cell_slice_must_match_the_size() {
    assert_eq!(
        TileGrid::try_from_cells(3, 2, Vec2::ONE, &[true; 5]),
        Err(TileGridError::CellCountMismatch {
            expected: 6,
            found: 5
        })
    );
    let grid = TileGrid::try_from_cells(3, 2, Vec2::ONE, &[true, false, false, false, false, true])
        .unwrap();
    assert!(grid.is_solid(UVec2::new(0, 0)) && grid.is_solid(UVec2::new(2, 1)));
    assert_eq!(grid.solid_count(), 2);
}

#[test]
fn origins_must_keep_the_grid_in_range() {
    // Ten 1e10-wide cells: the grid spans 1e11.
    let grid = TileGrid::new(10, 10, Vec2::splat(1e10));
    for origin in [
        Vec2::new(f32::NAN, 0.0),
        Vec2::new(0.0, -f32::INFINITY),
        Vec2::new(2.0 * MAX_COORDINATE, 0.0),
        // The origin is in range, the far corner is not.
        Vec2::new(MAX_COORDINATE - 5e10, 0.0),
    ] {
        assert!(matches!(
            grid.clone().try_with_origin(origin),
            Err(TileGridError::InvalidOrigin { origin: refused }) if refused.to_array().map(f32::to_bits) == origin.to_array().map(f32::to_bits)
        ));
    }
    let far_left = Vec2::new(-MAX_COORDINATE, 0.0);
    assert_eq!(grid.clone().with_origin(far_left).origin(), far_left);
    assert_eq!(
        grid.with_origin(Vec2::new(-3.0, 4.0)).origin(),
        Vec2::new(-3.0, 4.0)
    );
}

#[test]
fn chunk_sizes_must_be_powers_of_two_up_to_64() {
    for chunk_size in [0, 3, 48, 128] {
        assert_eq!(
            MergedTileGrid::try_with_chunk_size(TileGrid::new(8, 8, Vec2::ONE), chunk_size),
            Err(TileGridError::InvalidChunkSize { chunk_size })
        );
    }
    for chunk_size in [1, 2, 4, 8, 16, 32, 64] {
        assert!(
            MergedTileGrid::try_with_chunk_size(TileGrid::new(8, 8, Vec2::ONE), chunk_size).is_ok()
        );
    }
}

#[test]
#[should_panic(expected = "TileGrid::new: a tile grid needs at least one column")]
fn plain_constructor_panics_with_the_message() {
    let _ = TileGrid::new(0, 3, Vec2::ONE);
}

#[test]
fn text_first_line_is_the_top_row() {
    let grid = TileGrid::try_from_text("#..\n...\n..X\n", 'X', Vec2::ONE).unwrap();
    assert_eq!(grid.size(), UVec2::new(3, 3));
    // Only 'X' is solid: bottom line, right column.
    assert_eq!(grid.solid_cells().collect::<Vec<_>>(), [UVec2::new(2, 0)]);
    let grid = TileGrid::try_from_text("#..\n...\n...", '#', Vec2::ONE).unwrap();
    assert_eq!(grid.solid_cells().collect::<Vec<_>>(), [UVec2::new(0, 2)]);
}

#[test]
fn text_skips_outer_blank_lines_and_reads_crlf() {
    let grid = TileGrid::try_from_text("\n\n##\r\n.#\r\n\n", '#', Vec2::ONE).unwrap();
    assert_eq!(grid.size(), UVec2::new(2, 2));
    assert_eq!(
        grid.solid_cells().collect::<Vec<_>>(),
        [UVec2::new(1, 0), UVec2::new(0, 1), UVec2::new(1, 1)]
    );
    // Characters, not bytes: a multi-byte character is one cell.
    let grid = TileGrid::try_from_text("█·█", '█', Vec2::ONE).unwrap();
    assert_eq!(grid.size(), UVec2::new(3, 1));
    assert_eq!(grid.solid_count(), 2);
}

#[test]
fn text_errors() {
    assert_eq!(
        TileGrid::try_from_text("###\n##\n###", '#', Vec2::ONE),
        Err(TileGridError::RaggedRows {
            line: 1,
            expected: 3,
            found: 2
        })
    );
    // An inner blank line is a ragged row, not a separator.
    assert_eq!(
        TileGrid::try_from_text("##\n\n##", '#', Vec2::ONE),
        Err(TileGridError::RaggedRows {
            line: 1,
            expected: 2,
            found: 0
        })
    );
    for empty in ["", "\n\n", "\r\n"] {
        assert_eq!(
            TileGrid::try_from_text(empty, '#', Vec2::ONE),
            Err(TileGridError::ZeroSize {
                width: 0,
                height: 0
            })
        );
    }
    assert!(matches!(
        TileGrid::try_from_text("#", '#', Vec2::ZERO),
        Err(TileGridError::InvalidCellSize { .. })
    ));
}

#[test]
fn cell_lookup_at_edges() {
    let grid = TileGrid::new(4, 2, Vec2::new(2.0, 1.0)).with_origin(Vec2::new(10.0, -1.0));
    assert_eq!(grid.cell_at(Vec2::new(10.0, -1.0)), Some(UVec2::ZERO));
    // A line between cells belongs to the cell above or right; the far edges to the
    // edge cells.
    assert_eq!(grid.cell_at(Vec2::new(12.0, 0.0)), Some(UVec2::new(1, 1)));
    assert_eq!(grid.cell_at(Vec2::new(18.0, 1.0)), Some(UVec2::new(3, 1)));
    for outside in [
        Vec2::new(9.99, 0.0),
        Vec2::new(18.01, 0.0),
        Vec2::new(12.0, 1.01),
        Vec2::NAN,
    ] {
        assert_eq!(grid.cell_at(outside), None, "{outside}");
    }
    assert_eq!(grid.bounds().max, Vec2::new(18.0, 1.0));
    assert!(!grid.is_solid(UVec2::new(4, 0)) && !grid.is_solid(UVec2::new(u32::MAX, 1)));
}

proptest! {
    #![proptest_config(seeded(256))]

    /// `cell_at` and `cell_bounds` agree, and the bits hold what was set.
    #[test]
    fn cell_lookup_round_trips(
        spec in level_spec(150),
        units in prop::collection::vec((0.0f32..1.0, 0.0f32..1.0), 20),
        origin in (-100.0f32..100.0, -100.0f32..100.0),
    ) {
        let cells = spec.cells();
        let cell_size = Vec2::new(0.75, 1.25);
        let grid = TileGrid::try_from_cells(spec.width, spec.height, cell_size, &cells)
            .unwrap()
            .with_origin(Vec2::new(origin.0, origin.1));
        let bounds = grid.bounds();
        for (u, v) in units {
            let point = bounds.min + bounds.size() * Vec2::new(u, v);
            let cell = grid.cell_at(point).unwrap();
            prop_assert!(cell.cmplt(grid.size()).all());
            prop_assert!(grid.cell_bounds(cell).grown(1e-4).contains_point(point));
        }
        let expected: Vec<UVec2> = cells
            .iter()
            .enumerate()
            .filter(|(_, solid)| **solid)
            .map(|(index, _)| UVec2::new(index as u32 % spec.width, index as u32 / spec.width))
            .collect();
        prop_assert_eq!(grid.solid_cells().collect::<Vec<_>>(), expected.clone());
        prop_assert_eq!(grid.solid_count(), expected.len() as u64);
    }
}
