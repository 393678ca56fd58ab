//! The spatial layout of a [`SpatialHashGrid`]'s slots, and the batch update that walks
//! it.
//!
//! Callers move colliders in their own order (an ECS walks its tables), which has
//! nothing to do with where the colliders are. Applying each move at once makes every
//! cell it touches a cache miss of its own once the cell map outgrows the cache.
//! [`update_many`](super::BroadPhase::update_many) instead takes the batch in two
//! passes: the first writes each collider's new bounds into its slot, in the caller's
//! order (one write apiece); the second places them slot by slot (a static one's cell
//! entries moved in its map, the moving ones then listed in their cells afresh, in
//! one build of the sorted moving cells). The slots are kept in the Morton order of
//! the colliders' lower-left cells (laid out by [`SpatialHashGrid::lay_out`] when the
//! grid is built, the moving ones re-sorted by [`SpatialHashGrid::reorder_moving`] as
//! they drift), so that second pass visits neighbouring colliders one after another,
//! and the build of the moving cells reads their slots nearly in the order of their
//! cells.

use super::{
    BroadPhaseError, IdPair, NearStatic, Placement, Proxy, SpatialHashGrid, cell_coordinate,
    morton_key, sort_pairs,
};
use crate::broad_phase::Bounds;

/// The moving colliders are re-sorted once this many moves per moving collider have
/// been applied in batches since the last sort: colliders drift less than a cell in a
/// few steps, and a sort costs about as much as one batch of every moving collider.
const MOVES_PER_LAYOUT: usize = 8;

/// Scratch room the layout and the batch update keep between calls, so that neither
/// allocates once grown.
#[derive(Clone, Debug, Default)]
pub(super) struct LayoutScratch {
    /// `(Morton key, old slot)` of every live slot, sorted.
    order: Vec<IdPair>,
    /// The proxies in their new order, swapped with the grid's.
    proxies: Vec<Proxy>,
    /// The near-static lists in their new order, swapped with the grid's.
    near_static: Vec<NearStatic>,
    /// The slots the moving colliders hold, ascending, while they are reordered.
    slots: Vec<u32>,
    /// The ids on the oversized list while their slots change.
    oversized_ids: Vec<u32>,
    /// One bit per slot moved by the batch being applied.
    moved: Vec<u64>,
    /// Moves applied in batches since the last layout.
    moves_since_layout: usize,
}

impl SpatialHashGrid {
    /// The Morton key of the cell holding the lower-left corner of `bounds`.
    fn morton_of(&self, bounds: &Bounds) -> u32 {
        morton_key(
            cell_coordinate(bounds.aabb.min.x, self.inverse_side),
            cell_coordinate(bounds.aabb.min.y, self.inverse_side),
        )
    }

    /// Renumbers the live slots: the moving colliders first, in the Morton order of
    /// their lower-left cells, then the static ones in their present order (a settled
    /// level is never walked, so a few moving colliders among a whole level's statics
    /// stay packed together), free slots dropped. The moving list follows slot order.
    /// Cell entries name ids, not slots, so the cells are untouched. Done when the grid
    /// is built; as the colliders drift, [`Self::reorder_moving`] keeps the order.
    pub(super) fn lay_out(&mut self) {
        let mut scratch = std::mem::take(&mut self.layout);
        scratch.order.clear();
        for (slot, proxy) in (0_u32..).zip(&self.proxies) {
            if proxy.placement != Placement::Free && !proxy.mobility.is_static() {
                scratch.order.push((self.morton_of(&proxy.bounds), slot));
            }
        }
        sort_pairs(&mut scratch.order, &mut self.pair_scratch);
        for (slot, proxy) in (0_u32..).zip(&self.proxies) {
            if proxy.placement != Placement::Free && proxy.mobility.is_static() {
                scratch.order.push((0, slot));
            }
        }
        self.remember_oversized(&mut scratch);
        scratch.proxies.clear();
        scratch.near_static.clear();
        self.moving_slots.clear();
        for (new_slot, &(_, old_slot)) in (0_u32..).zip(&scratch.order) {
            let mut proxy = self.proxies[old_slot as usize];
            if !proxy.mobility.is_static() {
                proxy.moving_index = self.moving_slots.len() as u32;
                self.moving_slots.push(new_slot);
            }
            self.slot_of.replace(proxy.id, new_slot);
            scratch.proxies.push(proxy);
            scratch
                .near_static
                .push(std::mem::take(&mut self.near_static[old_slot as usize]));
        }
        self.free_slots.clear();
        std::mem::swap(&mut self.proxies, &mut scratch.proxies);
        std::mem::swap(&mut self.near_static, &mut scratch.near_static);
        self.restore_oversized(&scratch);
        scratch.moves_since_layout = 0;
        self.layout = scratch;
    }

    /// Sorts the moving colliders into Morton order among the slots they hold now; the
    /// static slots are untouched, so this costs in proportion to the moving colliders
    /// however large the level around them.
    pub(super) fn reorder_moving(&mut self) {
        let mut scratch = std::mem::take(&mut self.layout);
        // The slots the moving colliders hold, ascending: they are handed out again in
        // Morton order.
        scratch.order.clear();
        scratch
            .order
            .extend(self.moving_slots.iter().map(|&slot| (slot, 0)));
        sort_pairs(&mut scratch.order, &mut self.pair_scratch);
        scratch.slots.clear();
        scratch
            .slots
            .extend(scratch.order.iter().map(|&(slot, _)| slot));
        scratch.order.clear();
        scratch.order.extend(
            self.moving_slots
                .iter()
                .map(|&slot| (self.morton_of(&self.proxies[slot as usize].bounds), slot)),
        );
        sort_pairs(&mut scratch.order, &mut self.pair_scratch);
        self.remember_oversized(&mut scratch);
        scratch.proxies.clear();
        scratch.near_static.clear();
        for &(_, old_slot) in &scratch.order {
            scratch.proxies.push(self.proxies[old_slot as usize]);
            scratch
                .near_static
                .push(std::mem::take(&mut self.near_static[old_slot as usize]));
        }
        self.moving_slots.clear();
        let moved = scratch.proxies.drain(..).zip(scratch.near_static.drain(..));
        for ((mut proxy, near), &slot) in moved.zip(&scratch.slots) {
            proxy.moving_index = self.moving_slots.len() as u32;
            self.moving_slots.push(slot);
            self.slot_of.replace(proxy.id, slot);
            self.proxies[slot as usize] = proxy;
            self.near_static[slot as usize] = near;
        }
        self.restore_oversized(&scratch);
        scratch.moves_since_layout = 0;
        self.layout = scratch;
    }

    /// Notes the ids on the oversized list, before their slots change; gives every
    /// slot its near-static list.
    fn remember_oversized(&mut self, scratch: &mut LayoutScratch) {
        scratch.oversized_ids.clear();
        scratch.oversized_ids.extend(
            self.oversized_slots
                .iter()
                .map(|&slot| self.proxies[slot as usize].id),
        );
        if self.near_static.len() < self.proxies.len() {
            self.near_static
                .resize_with(self.proxies.len(), NearStatic::default);
        }
    }

    /// Points the oversized list at the new slots of the ids [`Self::remember_oversized`]
    /// noted.
    fn restore_oversized(&mut self, scratch: &LayoutScratch) {
        for (slot, &id) in self.oversized_slots.iter_mut().zip(&scratch.oversized_ids) {
            *slot = self
                .slot_of
                .get(id)
                .expect("an oversized collider keeps its id");
        }
    }

    /// [`update_many`](super::BroadPhase::update_many) on a built grid: the new bounds
    /// into the slots in the caller's order, then the cells moved in slot order (see
    /// the module docs).
    pub(super) fn update_in_slot_order(
        &mut self,
        updates: &[(u32, Bounds)],
        refused: &mut Vec<BroadPhaseError>,
    ) {
        if self.layout.moves_since_layout >= MOVES_PER_LAYOUT * self.moving_slots.len() {
            self.reorder_moving();
        }
        let mut moved = std::mem::take(&mut self.layout.moved);
        moved.clear();
        moved.resize(self.proxies.len().div_ceil(64), 0);
        let mut applied = 0;
        for &(id, bounds) in updates {
            let checked = bounds.check(id).and_then(|()| self.slot(id));
            match checked {
                Ok(slot) => {
                    self.proxies[slot as usize].bounds = bounds;
                    moved[slot as usize / 64] |= 1 << (slot % 64);
                    applied += 1;
                }
                Err(error) => refused.push(error),
            }
        }
        for (word_index, &word) in moved.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let slot = (word_index * 64) as u32 + bits.trailing_zeros();
                bits &= bits - 1;
                self.replace_before_rebuild(slot);
            }
        }
        self.build_moving_cells();
        self.changes_since_tuning += applied;
        self.layout.moves_since_layout += applied;
        self.layout.moved = moved;
    }
}
