//! [`SpatialHashGrid`]: a sparse uniform grid with static colliders kept apart.

use glam::Vec2;

use super::cell_map::{
    CellEntry, CellMap, CellRange, cell_coordinate, cell_key, cell_key_of, coordinates_box,
};
use super::cell_size::CellSize;
use super::id_index::IdIndex;
use super::morton::morton_key;
use super::pair_sort::sort_pairs;
use super::sorted_cells::SortedCells;

mod candidate_pairs;
mod layout;
mod loose_slots;
mod near_static;
mod pairs_in_parts;
mod placement;
mod queries;
use super::{Bounds, BroadPhase, BroadPhaseError, IdPair, Mobility, update_in_turn};
use crate::Aabb;
use layout::LayoutScratch;
use loose_slots::LooseSlots;
use near_static::NearStatic;

/// A collider touching more cells than this goes to the oversized list instead of the
/// cells, so a floor or a level boundary is not copied into thousands of cells. A moving
/// oversized collider looks up the cells its box covers (or, when fewer, every occupied
/// cell); a static one is tested directly against each moving collider.
pub const OVERSIZED_CELLS: u64 = 1024;

/// The same limit for static colliders, higher because a static collider is inserted
/// once and then only read.
pub const STATIC_OVERSIZED_CELLS: u64 = 16_384;

/// From this many updates on, [`update_many`](BroadPhase::update_many) sorts them into
/// the Morton order of their cells first. Below it the cells they touch stay in cache
/// whatever the order, and the sort would be pure cost.
pub const SPATIAL_ORDER_FROM: usize = 128;

/// A sparse uniform grid: a hash map from cell to the colliders touching it, so an
/// unbounded world costs memory only where colliders are.
///
/// - Static colliders live in a cell map, moving ones in a list of `(cell, collider)`
///   sorted by cell, built afresh when they moved (a batch of moves, or the pairs asked
///   for after any move): where most moving colliders move every step, a radix sort of
///   them all reads and writes memory in order, where moving each one's entries in a
///   map cost a cache miss per cell. Pairs come from the sorted cells (moving–moving)
///   and from looking up each moving collider's cells in the static map
///   (moving–static): a static collider costs nothing until something moves near it,
///   and is re-inserted only when [`update`](BroadPhase::update)d to other cells.
/// - A pair found in several shared cells is reported only from the cell that holds
///   the lower-left corner of the boxes' overlap, so no hash set is needed to
///   deduplicate.
/// - Colliders covering more than [`OVERSIZED_CELLS`] cells are kept in a list
///   instead (see there).
/// - Cell coordinates saturate, so huge world coordinates (`1e12`) cannot overflow;
///   they only share edge cells.
/// - The colliders' slots are kept in the Morton (Z) order of their cells, and laid
///   out again as they drift. A batch of moves ([`update_many`](BroadPhase::update_many),
///   from [`SPATIAL_ORDER_FROM`] moves on) writes the new bounds in the caller's order,
///   then places the colliders in slot order, so neighbours are handled one after
///   another while their cells are in cache.
/// - A moving collider changed on its own ([`update`](BroadPhase::update), `insert`,
///   `remove`) is "loose" until the next build: the queries test it directly. Past a
///   quarter of the moving colliders loose, the moving cells are built at once.
///
/// Updating a static collider that stays within its cells rewrites its entry in those
/// cells (each cell entry carries the bounds); only a change of cells removes and
/// re-inserts it. A moving collider keeps the static colliders of its cells in a list of its own,
/// looked up again only when it changes cells or a static collider changes: one that
/// moves within its cells among a static level costs no lookup.
///
/// ```
/// use sat2d::broad_phase::{BroadPhase, Bounds, CellSize, Mobility, SpatialHashGrid};
/// use sat2d::{Aabb, Vec2};
/// let tile = |x: f32| Bounds::from_aabb(Aabb::new(Vec2::new(x, 0.0), Vec2::new(x + 1.0, 1.0)));
/// let mut grid = SpatialHashGrid::new(CellSize::Fixed(2.0));
/// for x in 0..1000 {
///     grid.insert(x, tile(x as f32), Mobility::Static)?; // touching tiles, never paired
/// }
/// grid.insert(5000, tile(10.5), Mobility::Moving)?;
/// let mut pairs = Vec::new();
/// grid.pairs(&mut pairs);
/// assert_eq!(pairs, [(10, 5000), (11, 5000)]);
/// # Ok::<(), sat2d::broad_phase::BroadPhaseError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct SpatialHashGrid {
    cell_size: CellSize,
    side: f32,
    inverse_side: f32,
    built: bool,
    changes_since_tuning: usize,
    proxies: Vec<Proxy>,
    free_slots: Vec<u32>,
    slot_of: IdIndex,
    moving_slots: Vec<u32>,
    oversized_slots: Vec<u32>,
    /// The moving colliders' cells, built afresh when they moved (see [`SortedCells`]).
    moving_cells: SortedCells,
    /// The moving colliders changed since `moving_cells` was built.
    loose: LooseSlots,
    static_cells: CellMap,
    /// Bumped by every change to `static_cells`, so a [`NearStatic`] list of an older
    /// epoch is known stale.
    static_epoch: u64,
    /// Per slot, the static colliders in the cells a moving collider covered when last
    /// looked up.
    near_static: Vec<NearStatic>,
    /// Scratch room for the extents `CellSize::Auto` samples, kept so that re-tuning
    /// allocates nothing.
    extent_sample: Vec<f32>,
    /// Scratch room for sorting the candidate pairs.
    pair_scratch: Vec<IdPair>,
    /// Scratch room for the oversized static colliders, listed once per step.
    static_oversized: Vec<CellEntry>,
    /// The slot layout's scratch room and bookkeeping (see `layout.rs`).
    layout: LayoutScratch,
}

#[derive(Clone, Copy, Debug)]
struct Proxy {
    id: u32,
    bounds: Bounds,
    mobility: Mobility,
    placement: Placement,
    /// Index in `moving_slots` while moving.
    moving_index: u32,
}

impl Proxy {
    #[inline]
    fn entry(&self) -> CellEntry {
        CellEntry {
            id: self.id,
            aabb: self.bounds.aabb,
            circle: self.bounds.circle,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Placement {
    /// A free slot.
    Free,
    /// Present but not yet in any cell (before the first build).
    Unplaced,
    Cells(CellRange),
    Oversized,
}

impl SpatialHashGrid {
    /// An empty grid with the given cell size.
    ///
    /// # Panics
    /// If a fixed size is not finite and positive.
    #[must_use]
    pub fn new(cell_size: CellSize) -> Self {
        if let CellSize::Fixed(side) = cell_size {
            assert!(
                side.is_finite() && side > 0.0,
                "SpatialHashGrid: cell size must be finite and positive, got {side}"
            );
        }
        Self {
            cell_size,
            ..Self::default()
        }
    }

    /// The configured cell size.
    #[must_use]
    pub fn cell_size(&self) -> CellSize {
        self.cell_size
    }

    /// How many of the colliders are [`Mobility::Moving`]: those whose pairs a pair
    /// query walks (see [`Self::pairs_in_parts`]).
    #[must_use]
    pub fn moving_len(&self) -> usize {
        self.moving_slots.len()
    }

    /// Changes the cell size; the grid is rebuilt at the next query.
    ///
    /// # Panics
    /// If a fixed size is not finite and positive.
    pub fn set_cell_size(&mut self, cell_size: CellSize) {
        let checked = Self::new(cell_size);
        self.cell_size = checked.cell_size;
        self.unplace_all();
    }

    /// The side of a cell now in use, or `None` before the grid is first built.
    #[must_use]
    pub fn cell_side(&self) -> Option<f32> {
        self.built.then_some(self.side)
    }

    /// The boxes of every occupied cell (moving or static, each once), for debug drawing.
    pub fn occupied_cells(&self) -> impl Iterator<Item = Aabb> + '_ {
        let side = self.side;
        let moving_only = self
            .moving_cell_coordinates()
            .into_iter()
            .filter(|coordinates| !self.static_cells.contains(*coordinates));
        moving_only
            .chain(self.static_cells.coordinates())
            .map(move |coordinates| coordinates_box(coordinates, side))
    }

    /// How many cells hold at least one collider.
    #[must_use]
    pub fn occupied_cell_count(&self) -> usize {
        let moving = self.moving_cell_coordinates();
        let shared = moving
            .iter()
            .filter(|coordinates| self.static_cells.contains(**coordinates))
            .count();
        moving.len() + self.static_cells.len() - shared
    }

    /// The cells the moving colliders cover, each once, sorted (read off their
    /// placements, so loose ones count where they are now).
    fn moving_cell_coordinates(&self) -> Vec<(i32, i32)> {
        let mut cells: Vec<(i32, i32)> = self
            .moving_slots
            .iter()
            .filter_map(|&slot| match self.proxies[slot as usize].placement {
                Placement::Cells(range) => Some(range),
                _ => None,
            })
            .flat_map(|range| range.cells())
            .collect();
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// How many colliders are on the oversized list.
    #[must_use]
    pub fn oversized_count(&self) -> usize {
        self.oversized_slots.len()
    }

    fn slot(&self, id: u32) -> Result<u32, BroadPhaseError> {
        self.slot_of.get(id).ok_or(BroadPhaseError::UnknownId(id))
    }

    fn add_moving(&mut self, slot: u32) {
        self.proxies[slot as usize].moving_index = self.moving_slots.len() as u32;
        self.moving_slots.push(slot);
    }

    fn remove_moving(&mut self, slot: u32) {
        let index = self.proxies[slot as usize].moving_index as usize;
        self.moving_slots.swap_remove(index);
        if let Some(&moved) = self.moving_slots.get(index) {
            self.proxies[moved as usize].moving_index = index as u32;
        }
    }
}

impl BroadPhase for SpatialHashGrid {
    fn insert(
        &mut self,
        id: u32,
        bounds: Bounds,
        mobility: Mobility,
    ) -> Result<(), BroadPhaseError> {
        bounds.check_new(id, self.slot_of.contains(id))?;
        let proxy = Proxy {
            id,
            bounds,
            mobility,
            placement: Placement::Unplaced,
            moving_index: 0,
        };
        let slot = if let Some(slot) = self.free_slots.pop() {
            self.proxies[slot as usize] = proxy;
            slot
        } else {
            self.proxies.push(proxy);
            (self.proxies.len() - 1) as u32
        };
        self.slot_of.insert(id, slot);
        if !mobility.is_static() {
            self.add_moving(slot);
        }
        if self.built {
            let placement = self.placement_for(&bounds, mobility);
            self.place(slot, placement);
            self.settle();
        }
        self.changes_since_tuning += 1;
        Ok(())
    }

    fn update(&mut self, id: u32, bounds: Bounds) -> Result<(), BroadPhaseError> {
        bounds.check(id)?;
        let slot = self.slot(id)?;
        self.proxies[slot as usize].bounds = bounds;
        self.changes_since_tuning += 1;
        if self.built {
            self.replace(slot);
            self.settle();
        }
        Ok(())
    }

    fn update_many(&mut self, updates: &[(u32, Bounds)], refused: &mut Vec<BroadPhaseError>) {
        if self.built && updates.len() >= SPATIAL_ORDER_FROM {
            self.update_in_slot_order(updates, refused);
        } else {
            update_in_turn(self, updates.iter().copied(), refused);
        }
    }

    fn set_mobility(&mut self, id: u32, mobility: Mobility) -> Result<(), BroadPhaseError> {
        let slot = self.slot(id)?;
        let proxy = self.proxies[slot as usize];
        if proxy.mobility == mobility {
            return Ok(());
        }
        let was_placed = proxy.placement != Placement::Unplaced;
        self.unplace(slot);
        if mobility.is_static() {
            self.remove_moving(slot);
        } else {
            self.add_moving(slot);
        }
        self.proxies[slot as usize].mobility = mobility;
        if was_placed {
            let placement = self.placement_for(&proxy.bounds, mobility);
            self.place(slot, placement);
        }
        self.settle();
        Ok(())
    }

    fn remove(&mut self, id: u32) -> bool {
        let Some(slot) = self.slot_of.remove(id) else {
            return false;
        };
        self.unplace(slot);
        if !self.proxies[slot as usize].mobility.is_static() {
            self.remove_moving(slot);
        }
        self.proxies[slot as usize].placement = Placement::Free;
        self.free_slots.push(slot);
        self.changes_since_tuning += 1;
        self.settle();
        true
    }

    fn get(&self, id: u32) -> Option<(Bounds, Mobility)> {
        let proxy = &self.proxies[self.slot_of.get(id)? as usize];
        Some((proxy.bounds, proxy.mobility))
    }

    fn len(&self) -> usize {
        self.slot_of.len()
    }

    fn clear(&mut self) {
        *self = Self::new(self.cell_size);
    }

    fn pairs(&mut self, out: &mut Vec<IdPair>) {
        self.start_pairs(out);
        self.moving_moving_pairs(0, 1, out);
        self.finish_pairs(out);
    }

    fn query_aabb(&self, aabb: &Aabb, out: &mut Vec<u32>) {
        self.ids_overlapping(aabb, out);
    }

    fn query_point(&self, point: Vec2, out: &mut Vec<u32>) {
        self.ids_holding(point, out);
    }
}
