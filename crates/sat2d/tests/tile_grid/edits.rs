//! Edits: a merged grid changed cell by cell, or region by region, must equal a fresh
//! build of the same cells, with only the edited chunks rebuilt.

use proptest::prelude::*;
use sat2d::Vec2;
use sat2d::tile_grid::{ChunkChange, MergedTileGrid, TileGrid, TileRect, UVec2};

use crate::support::{LevelSpec, check_coverage, level_spec, seeded};

/// Every chunk's rectangles, row-major over the chunks.
fn all_chunks(merged: &MergedTileGrid) -> Vec<Vec<TileRect>> {
    let counts = merged.chunk_counts();
    (0..counts.y)
        .flat_map(|y| (0..counts.x).map(move |x| UVec2::new(x, y)))
        .map(|chunk| merged.chunk_rects(chunk).to_vec())
        .collect()
}

/// A fresh build of `merged`'s cells with its chunk size.
fn rebuilt(merged: &MergedTileGrid) -> MergedTileGrid {
    MergedTileGrid::try_with_chunk_size(merged.grid().clone(), merged.chunk_size()).unwrap()
}

/// `before` with `change` applied, in the chunk's order.
fn apply(before: &[TileRect], change: &ChunkChange) -> Vec<TileRect> {
    let mut after: Vec<TileRect> = before
        .iter()
        .filter(|rect| !change.removed.contains(rect))
        .copied()
        .collect();
    after.extend_from_slice(&change.added);
    after.sort_by_key(|rect| (rect.min.y, rect.min.x));
    after
}

/// Edits as `(x, y, solid)`, the coordinates taken modulo the grid's size.
fn edits() -> impl Strategy<Value = Vec<(u32, u32, bool)>> {
    prop::collection::vec((any::<u32>(), any::<u32>(), any::<bool>()), 1..80)
}

proptest! {
    #![proptest_config(seeded(256))]

    /// After each `set_cell`: `None` exactly when the cell did not change; otherwise
    /// the cell's chunk alone changed, by the reported difference. At the end the
    /// rectangles equal a fresh build's and cover the cells exactly.
    #[test]
    fn set_cell_rebuilds_only_its_chunk(spec in level_spec(140), edits in edits()) {
        let mut cells = spec.cells();
        let mut merged = spec.merged(&cells);
        for (x, y, solid) in edits {
            let cell = UVec2::new(x % spec.width, y % spec.height);
            let index = (cell.y * spec.width + cell.x) as usize;
            let before = all_chunks(&merged);
            let change = merged.set_cell(cell, solid).expect("inside the grid");
            let after = all_chunks(&merged);
            if cells[index] == solid {
                prop_assert_eq!(change, None);
                prop_assert_eq!(&before, &after);
                continue;
            }
            cells[index] = solid;
            let change = change.expect("a changed cell reports its chunk");
            prop_assert_eq!(change.chunk, merged.chunk_of(cell));
            prop_assert!(!change.is_empty());
            let counts = merged.chunk_counts();
            let changed = (change.chunk.y * counts.x + change.chunk.x) as usize;
            for (index, (old, new)) in before.iter().zip(&after).enumerate() {
                if index == changed {
                    prop_assert!(change.removed.iter().all(|rect| old.contains(rect) && !new.contains(rect)));
                    prop_assert!(change.added.iter().all(|rect| new.contains(rect) && !old.contains(rect)));
                    prop_assert_eq!(&apply(old, &change), new);
                } else {
                    prop_assert_eq!(old, new, "chunk {} changed", index);
                }
            }
        }
        prop_assert!(merged == rebuilt(&merged));
        check_coverage(&merged, &cells).map_err(TestCaseError::fail)?;
    }

    /// Many edits through `grid_mut` inside a region, then `rebuild_region` over it:
    /// equal to a fresh build; the reported chunks overlap the region, and each
    /// difference turns the old rectangles into the new.
    #[test]
    fn rebuild_region_matches_fresh_build(
        spec in level_spec(140),
        corner in (any::<u32>(), any::<u32>()),
        extent in (0u32..40, 0u32..40),
        edits in edits(),
    ) {
        let cells = spec.cells();
        let mut merged = spec.merged(&cells);
        let min = UVec2::new(corner.0 % spec.width, corner.1 % spec.height);
        let max = (min + UVec2::new(extent.0, extent.1)).min(merged.grid().size() - UVec2::ONE);
        let before = all_chunks(&merged);
        for (x, y, solid) in edits {
            let cell = min + UVec2::new(x % (max.x - min.x + 1), y % (max.y - min.y + 1));
            merged.grid_mut().set(cell, solid).expect("inside the grid");
        }
        let changes = merged.rebuild_region(min, max);
        let after = all_chunks(&merged);
        prop_assert!(merged == rebuilt(&merged));
        let (first, last) = (merged.chunk_of(min), merged.chunk_of(max));
        let counts = merged.chunk_counts();
        for (index, (old, new)) in before.iter().zip(&after).enumerate() {
            let chunk = UVec2::new(index as u32 % counts.x, index as u32 / counts.x);
            let change = changes.iter().find(|change| change.chunk == chunk);
            match change {
                Some(change) => {
                    prop_assert!(chunk.cmpge(first).all() && chunk.cmple(last).all());
                    prop_assert_eq!(&apply(old, change), new);
                }
                None => prop_assert_eq!(old, new),
            }
        }
        prop_assert!(changes.is_sorted_by_key(|change| (change.chunk.y, change.chunk.x)));
        // Nothing left to do: a second rebuild reports no change.
        prop_assert!(merged.rebuild_all().is_empty());
    }

    /// Edits through `grid_mut`, then `remerge_chunk` on every chunk: `true` exactly
    /// for the chunks whose rectangles differ from before (a twin rebuilt with
    /// `rebuild_region` lists the same chunks), and the result equals a fresh build.
    #[test]
    fn remerge_chunk_says_which_chunks_changed(spec in level_spec(140), edits in edits()) {
        let cells = spec.cells();
        let mut merged = spec.merged(&cells);
        for (x, y, solid) in edits {
            let cell = UVec2::new(x % spec.width, y % spec.height);
            merged.grid_mut().set(cell, solid).expect("inside the grid");
        }
        let mut twin = merged.clone();
        let listed: Vec<UVec2> = twin.rebuild_all().iter().map(|change| change.chunk).collect();
        let counts = merged.chunk_counts();
        let mut remerged = Vec::new();
        for y in 0..counts.y {
            for x in 0..counts.x {
                if merged.remerge_chunk(UVec2::new(x, y)) {
                    remerged.push(UVec2::new(x, y));
                }
            }
        }
        prop_assert_eq!(remerged, listed);
        prop_assert!(merged == twin);
        prop_assert!(merged == rebuilt(&merged));
        // A second pass finds nothing to change.
        prop_assert!((0..counts.y).all(|y| (0..counts.x).all(|x| !merged.remerge_chunk(UVec2::new(x, y)))));
    }
}

#[test]
fn unchanged_cells_report_nothing() {
    let spec = LevelSpec {
        width: 100,
        height: 90,
        chunk_size: 16,
        seed: 5,
        style: 1,
    };
    let cells = spec.cells();
    let mut merged = spec.merged(&cells);
    let reference = merged.clone();
    let empty = cells.iter().position(|solid| !solid).unwrap() as u32;
    let solid = cells.iter().position(|solid| *solid).unwrap() as u32;
    let cell = |index: u32| UVec2::new(index % 100, index / 100);
    assert_eq!(merged.set_cell(cell(empty), false), Ok(None));
    assert_eq!(merged.set_cell(cell(solid), true), Ok(None));
    assert_eq!(merged.grid_mut().set(cell(empty), false), Ok(false));
    assert!(
        merged
            .rebuild_region(UVec2::ZERO, UVec2::new(99, 89))
            .is_empty()
    );
    assert_eq!(merged, reference);
    // Regions outside the grid or inside out rebuild nothing.
    assert!(
        merged
            .rebuild_region(UVec2::new(500, 0), UVec2::new(600, 10))
            .is_empty()
    );
    assert!(
        merged
            .rebuild_region(UVec2::new(10, 10), UVec2::new(5, 20))
            .is_empty()
    );
}

#[test]
fn digging_and_refilling_returns_the_same_rectangles() {
    let grid = TileGrid::try_from_cells(200, 100, Vec2::ONE, &vec![true; 20_000]).unwrap();
    let mut merged = MergedTileGrid::build(grid);
    let original = merged.clone();
    for cell in [UVec2::new(70, 30), UVec2::new(127, 63), UVec2::new(128, 64)] {
        let dug = merged.set_cell(cell, false).unwrap().unwrap();
        assert_eq!(dug.removed.len(), 1);
        assert!(dug.added.len() >= 2);
        assert!(merged.set_cell(cell, true).unwrap().is_some());
        assert_eq!(merged, original);
    }
}
