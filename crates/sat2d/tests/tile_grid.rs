//! Tile grids: merging solid cells into rectangles, rebuilding chunks after edits,
//! naming the cell a hit lands on, construction and its errors, and cells outside the
//! grid.
//!
//! The oracle is the cell list itself: every solid cell must lie in exactly one
//! rectangle, no rectangle may cover an empty cell or cross a chunk boundary, no chunk
//! may get more rectangles than its row runs, and an edited grid must merge to the same
//! rectangles as a fresh build of the same cells.

#[path = "tile_grid/construction.rs"]
mod construction;
#[path = "tile_grid/edits.rs"]
mod edits;
#[path = "tile_grid/hit_cell.rs"]
mod hit_cell;
#[path = "tile_grid/merge_bound.rs"]
mod merge_bound;
#[path = "tile_grid/merging.rs"]
mod merging;
#[path = "tile_grid/outside_cells.rs"]
mod outside_cells;
#[path = "tile_grid/support.rs"]
mod support;
