//! [`TileLevel`]: a level entity built from a tile grid, and which of its rectangles
//! have their collider yet.

use std::collections::BTreeSet;

use bevy::ecs::lifecycle::HookContext;
use bevy::ecs::world::DeferredWorld;
use bevy::prelude::*;
use sat2d::tile_grid::{MergedTileGrid, TileGrid, TileGridError, TileRect};

/// A level made of tiles: put it on an entity, and the
/// [`TileLevelPlugin`](crate::TileLevelPlugin) spawns one collider per merged
/// rectangle of the grid (placed where the level puts it, not parented to it), each a [`StaticCollider`](crate::StaticCollider) part of this
/// entity's body ([`ColliderOf`](crate::ColliderOf)) with a
/// [`TileCollider`](crate::TileCollider) naming its rectangle.
///
/// The grid is laid out in the entity's local frame: cell `(0, 0)`'s lower-left corner
/// sits at the grid's origin ([`TileGrid::origin`], zero unless set) from the entity's
/// `Transform`, y up. Moving, rotating or scaling the entity moves the whole level.
///
/// Change cells with [`Self::set_cell`] or [`Self::set_cells`]: each rebuilds the
/// merged rectangles of the chunks it touches at once and marks those chunks; the
/// plugin's next pass despawns the colliders of the rectangles they lost and spawns
/// colliders for the ones they gained, and leaves every other collider alone.
///
/// ```
/// use bevy::prelude::*;
/// use bevy_sat2d::prelude::*;
/// use bevy_sat2d::sat2d::tile_grid::{TileGrid, UVec2};
///
/// let mut app = App::new();
/// app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default(), TileLevelPlugin::default()));
/// let grid = TileGrid::try_from_text("
/// X..X
/// XXXX
/// ", 'X', Vec2::splat(16.0)).expect("a rectangular grid");
/// let level = app.world_mut().spawn(TileLevel::new(grid)).id();
/// app.update(); // the colliders are spawned and placed in the same frame
///
/// let tiles = app.world().get::<TileLevel>(level).unwrap();
/// assert_eq!(tiles.collider_count(), 3); // the floor and two posts
///
/// // Dig out the floor under the left post: its chunk is rebuilt at the next update.
/// let mut tiles = app.world_mut().get_mut::<TileLevel>(level).unwrap();
/// assert_eq!(tiles.set_cell(UVec2::new(0, 0), false), Ok(true));
/// assert_eq!(tiles.set_cell(UVec2::new(0, 0), false), Ok(false)); // already empty
/// // A cell past the level's edge is an error, not a crash, and changes nothing.
/// assert!(tiles.set_cell(UVec2::new(4, 0), false).is_err());
/// app.update();
/// assert_eq!(app.world().get::<TileLevel>(level).unwrap().collider_count(), 3);
/// ```
#[derive(Component, Debug)]
#[require(Transform)]
#[component(on_discard = despawn_tile_colliders)]
pub struct TileLevel {
    merged: MergedTileGrid,
    /// Per chunk (row-major from the bottom), the rectangles that have a collider, each
    /// with it, in the chunk's order (by lower-left cell, row first).
    colliders: Vec<Vec<(TileRect, Entity)>>,
    /// The chunks whose rectangles may differ from `colliders`, by index.
    dirty: BTreeSet<usize>,
    /// Where the plugin last placed the colliders: the level's `Transform` composed
    /// with its ancestors' (`None` before the first pass).
    placement: Option<Transform>,
}

impl TileLevel {
    /// A level of `grid`, merged in chunks of
    /// [`DEFAULT_CHUNK_SIZE`](sat2d::tile_grid::DEFAULT_CHUNK_SIZE) cells. Its
    /// colliders are spawned by the plugin's next pass.
    #[must_use]
    pub fn new(grid: TileGrid) -> Self {
        Self::from_merged(MergedTileGrid::build(grid))
    }

    /// A level of an already merged grid (for another chunk size, see
    /// [`MergedTileGrid::try_with_chunk_size`]).
    #[must_use]
    pub fn from_merged(merged: MergedTileGrid) -> Self {
        let counts = merged.chunk_counts();
        let chunk_count = counts.x as usize * counts.y as usize;
        Self {
            merged,
            colliders: vec![Vec::new(); chunk_count],
            dirty: (0..chunk_count).collect(),
            placement: None,
        }
    }

    /// The cells.
    #[inline]
    #[must_use]
    pub fn grid(&self) -> &TileGrid {
        self.merged.grid()
    }

    /// The cells and their merged rectangles, as of the last change (the colliders
    /// follow at the plugin's next pass).
    #[inline]
    #[must_use]
    pub fn merged(&self) -> &MergedTileGrid {
        &self.merged
    }

    /// Makes `cell` solid or empty; returns whether it changed. A change rebuilds the
    /// cell's chunk and queues it for the plugin, which swaps the colliders of the
    /// rectangles that changed. Clearing an empty cell or filling a solid one does
    /// nothing.
    ///
    /// # Errors
    /// [`TileGridError::CellOutsideGrid`] if `cell` lies outside the grid; nothing is
    /// changed.
    pub fn set_cell(&mut self, cell: UVec2, solid: bool) -> Result<bool, TileGridError> {
        Ok(self.set_cell_states(&[(cell, solid)])? == 1)
    }

    /// Makes every cell of `cells` solid or empty, then rebuilds each chunk that
    /// changed once (cheaper than [`Self::set_cell`] per cell when many cells of a
    /// chunk change). Returns how many cells changed.
    ///
    /// All or nothing: the cells are checked before any is changed. To change the
    /// cells of an area that may reach past the level's edge (an explosion's disc, say),
    /// keep those inside with [`TileGrid::contains_cell`] first.
    ///
    /// # Errors
    /// [`TileGridError::CellOutsideGrid`] for the first cell outside the grid; no cell
    /// is changed.
    pub fn set_cells(
        &mut self,
        cells: impl IntoIterator<Item = UVec2>,
        solid: bool,
    ) -> Result<usize, TileGridError> {
        let cells: Vec<(UVec2, bool)> = cells.into_iter().map(|cell| (cell, solid)).collect();
        self.set_cell_states(&cells)
    }

    /// Makes each cell of `cells` solid or empty as its flag says (a later entry for
    /// the same cell wins), then rebuilds each chunk that changed once: a frame that
    /// fills some cells and clears others rebuilds a chunk holding both once, not
    /// twice. Returns how many cells changed; all or nothing, as [`Self::set_cells`].
    pub(crate) fn set_cell_states(
        &mut self,
        cells: &[(UVec2, bool)],
    ) -> Result<usize, TileGridError> {
        for &(cell, _) in cells {
            self.merged.grid().check_cell(cell)?;
        }
        let mut changed_chunks = BTreeSet::new();
        let mut changed = 0;
        for &(cell, solid) in cells {
            if self.merged.grid_mut().set(cell, solid)? {
                changed += 1;
                changed_chunks.insert(self.chunk_index(self.merged.chunk_of(cell)));
            }
        }
        for index in changed_chunks {
            if self.merged.remerge_chunk(self.chunk_of_index(index)) {
                self.dirty.insert(index);
            }
        }
        Ok(changed)
    }

    /// Whether no change waits for the plugin: every rectangle has its collider and
    /// no collider is left over.
    #[must_use]
    pub fn is_up_to_date(&self) -> bool {
        self.dirty.is_empty()
    }

    /// The collider entity of `rect`, if it has one.
    #[must_use]
    pub fn collider(&self, rect: &TileRect) -> Option<Entity> {
        let chunk = self.merged.chunk_of(rect.min);
        if chunk.cmpge(self.merged.chunk_counts()).any() {
            return None;
        }
        let colliders = &self.colliders[self.chunk_index(chunk)];
        let found =
            colliders.binary_search_by_key(&chunk_order(rect), |(placed, _)| chunk_order(placed));
        found
            .ok()
            .map(|index| colliders[index])
            .filter(|(placed, _)| placed == rect)
            .map(|(_, entity)| entity)
    }

    /// The collider entity of the rectangle covering `cell`, if the cell is solid and
    /// its rectangle has its collider.
    #[must_use]
    pub fn collider_at(&self, cell: UVec2) -> Option<Entity> {
        self.collider(self.merged.rect_at(cell)?)
    }

    /// Every rectangle that has a collider, with it, chunk by chunk.
    pub fn colliders(&self) -> impl Iterator<Item = (TileRect, Entity)> + '_ {
        self.colliders.iter().flatten().copied()
    }

    /// How many colliders the level has.
    #[must_use]
    pub fn collider_count(&self) -> usize {
        self.colliders.iter().map(Vec::len).sum()
    }

    /// Records `placement` as where the colliders are placed; returns whether it
    /// differs from the last one (the colliders already spawned must then move).
    pub(super) fn set_placement(&mut self, placement: Transform) -> bool {
        let moved = self.placement != Some(placement);
        self.placement = Some(placement);
        moved
    }

    /// Brings the colliders of every queued chunk in line with its rectangles, in
    /// chunk order: `despawn` for each collider whose rectangle is gone, `spawn` for
    /// each new rectangle (it returns the collider's entity). Rectangles that did not
    /// change keep their collider.
    ///
    /// Each chunk is one merge of two lists in the chunk's order, the colliders before
    /// and the rectangles now: equal rectangles are kept, the rest swapped.
    pub(super) fn apply_changes(
        &mut self,
        mut spawn: impl FnMut(&TileGrid, TileRect) -> Entity,
        mut despawn: impl FnMut(Entity),
    ) {
        for index in std::mem::take(&mut self.dirty) {
            let rects = self.merged.chunk_rects(self.chunk_of_index(index));
            let before = std::mem::take(&mut self.colliders[index]);
            let mut after = Vec::with_capacity(rects.len());
            let mut old = before.into_iter().peekable();
            for &rect in rects {
                while let Some((placed, entity)) =
                    old.next_if(|(placed, _)| chunk_order(placed) < chunk_order(&rect))
                {
                    debug_assert!(placed != rect);
                    despawn(entity);
                }
                match old.next_if(|(placed, _)| *placed == rect) {
                    Some(kept) => after.push(kept),
                    None => after.push((rect, spawn(self.merged.grid(), rect))),
                }
            }
            old.for_each(|(_, entity)| despawn(entity));
            self.colliders[index] = after;
        }
    }

    #[inline]
    fn chunk_index(&self, chunk: UVec2) -> usize {
        chunk.y as usize * self.merged.chunk_counts().x as usize + chunk.x as usize
    }

    #[inline]
    fn chunk_of_index(&self, index: usize) -> UVec2 {
        let columns = self.merged.chunk_counts().x as usize;
        UVec2::new((index % columns) as u32, (index / columns) as u32)
    }
}

/// A chunk's order: by lower-left cell, row first (that of
/// [`MergedTileGrid::chunk_rects`]).
#[inline]
fn chunk_order(rect: &TileRect) -> (u32, u32) {
    (rect.min.y, rect.min.x)
}

/// When a `TileLevel` is removed or replaced (or its entity despawned), its colliders
/// go with it: a replacing level spawns its own.
fn despawn_tile_colliders(mut world: DeferredWorld, context: HookContext) {
    let Some(level) = world.get::<TileLevel>(context.entity) else {
        return;
    };
    let colliders: Vec<Entity> = level.colliders().map(|(_, entity)| entity).collect();
    let mut commands = world.commands();
    for entity in colliders {
        // Silent: on a despawn, `Children` may despawn them first.
        commands.entity(entity).try_despawn();
    }
}
