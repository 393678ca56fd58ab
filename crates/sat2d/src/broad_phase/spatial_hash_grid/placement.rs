//! Where each collider sits in the grid: cells or the oversized list, and the cell
//! side, picked on the first build and re-tuned as the colliders change.

use super::{
    OVERSIZED_CELLS, Placement, SPATIAL_ORDER_FROM, STATIC_OVERSIZED_CELLS, SpatialHashGrid,
};
use crate::broad_phase::cell_map::{CellMap, CellRange};
use crate::broad_phase::cell_size::{CellSize, auto_side};
use crate::broad_phase::{Bounds, Mobility};

/// Up to this many loose moving colliders never force a build of the moving cells.
const LOOSE_LIMIT: usize = 64;

impl SpatialHashGrid {
    pub(super) fn placement_for(&self, bounds: &Bounds, mobility: Mobility) -> Placement {
        let range = CellRange::of(&bounds.aabb, self.inverse_side);
        let limit = match mobility {
            Mobility::Moving => OVERSIZED_CELLS,
            Mobility::Static => STATIC_OVERSIZED_CELLS,
        };
        if range.cell_count() > limit {
            Placement::Oversized
        } else {
            Placement::Cells(range)
        }
    }

    /// The static colliders' cells, to change: every change to them comes through
    /// here, and makes every [`NearStatic`](super::NearStatic) list stale.
    pub(super) fn static_cells_mut(&mut self) -> &mut CellMap {
        self.static_epoch += 1;
        &mut self.static_cells
    }

    pub(super) fn place(&mut self, slot: u32, placement: Placement) {
        let proxy = self.proxies[slot as usize];
        match placement {
            Placement::Cells(_) if !proxy.mobility.is_static() => self.loose.mark(slot),
            Placement::Cells(range) => self.static_cells_mut().insert(&range, proxy.entry()),
            Placement::Oversized => self.oversized_slots.push(slot),
            Placement::Free | Placement::Unplaced => {}
        }
        self.proxies[slot as usize].placement = placement;
    }

    /// Moves the cell entries of `slot` to where its bounds, just changed, put it: a
    /// static collider's cells it keeps are refreshed in place (see
    /// [`CellMap::shift`]); a moving collider is listed loose, for the next build of
    /// the moving cells to place.
    pub(super) fn replace(&mut self, slot: u32) {
        let proxy = self.proxies[slot as usize];
        let placement = self.placement_for(&proxy.bounds, proxy.mobility);
        match (proxy.placement, placement) {
            (Placement::Cells(_), Placement::Cells(_)) if !proxy.mobility.is_static() => {
                self.loose.mark(slot);
                self.proxies[slot as usize].placement = placement;
            }
            (Placement::Cells(old), Placement::Cells(new)) => {
                self.static_cells_mut().shift(&old, &new, proxy.entry());
                self.proxies[slot as usize].placement = placement;
            }
            (old, new) if old == new => {}
            _ => {
                self.unplace(slot);
                self.place(slot, placement);
            }
        }
    }

    /// [`Self::replace`] for a slot whose moving cells are rebuilt next
    /// ([`Self::build_moving_cells`]): a moving collider that stays in cells only takes
    /// its new cells, not marked loose, as the rebuild places every moving collider.
    pub(super) fn replace_before_rebuild(&mut self, slot: u32) {
        let proxy = self.proxies[slot as usize];
        // A static one is re-placed by `replace` alone: its cells are worked out once.
        if !proxy.mobility.is_static()
            && let Placement::Cells(_) = proxy.placement
            && let placement @ Placement::Cells(_) =
                self.placement_for(&proxy.bounds, proxy.mobility)
        {
            self.proxies[slot as usize].placement = placement;
        } else {
            self.replace(slot);
        }
    }

    pub(super) fn unplace(&mut self, slot: u32) {
        let proxy = self.proxies[slot as usize];
        match proxy.placement {
            Placement::Cells(_) if !proxy.mobility.is_static() => self.loose.mark(slot),
            Placement::Cells(range) => self.static_cells_mut().remove(&range, proxy.id),
            Placement::Oversized => self.oversized_slots.retain(|&other| other != slot),
            Placement::Free | Placement::Unplaced => {}
        }
        self.proxies[slot as usize].placement = Placement::Unplaced;
    }

    pub(super) fn unplace_all(&mut self) {
        self.moving_cells.clear();
        self.loose.clear();
        self.static_cells_mut().clear();
        self.oversized_slots.clear();
        for proxy in &mut self.proxies {
            if proxy.placement != Placement::Free {
                proxy.placement = Placement::Unplaced;
            }
        }
        self.built = false;
    }

    /// Picks the cell side and places every collider. With `CellSize::Auto` and nothing
    /// to measure, stays unbuilt, so the first colliders set the size.
    pub(super) fn build(&mut self) {
        self.unplace_all();
        if self.cell_size == CellSize::Auto && self.slot_of.is_empty() {
            return;
        }
        self.side = match self.cell_size {
            CellSize::Fixed(side) => side,
            CellSize::Auto => self.ideal_side(),
        };
        self.inverse_side = self.side.recip();
        for slot in 0..self.proxies.len() as u32 {
            let proxy = &self.proxies[slot as usize];
            if proxy.placement == Placement::Unplaced {
                let placement = self.placement_for(&proxy.bounds, proxy.mobility);
                self.place(slot, placement);
            }
        }
        self.built = true;
        self.changes_since_tuning = 0;
        // A batch of moving colliders starts in spatial order; a level of statics alone
        // (whose order nothing walks) is not laid out.
        if self.moving_slots.len() >= SPATIAL_ORDER_FROM {
            self.lay_out();
        }
        self.build_moving_cells();
    }

    /// Lists the moving colliders in their cells afresh (see [`SortedCells`]); none is
    /// loose after.
    ///
    /// [`SortedCells`]: crate::broad_phase::sorted_cells::SortedCells
    pub(super) fn build_moving_cells(&mut self) {
        let proxies = &self.proxies;
        let placed = self.moving_slots.iter().filter_map(|&slot| {
            let proxy = &proxies[slot as usize];
            match proxy.placement {
                Placement::Cells(range) => Some((slot, range, proxy.entry())),
                _ => None,
            }
        });
        self.moving_cells.rebuild(placed);
        self.loose.clear();
    }

    /// Builds the moving cells again once so many moving colliders are loose that the
    /// queries, which test each loose one, would slow down: at most a quarter of them,
    /// so a build costs at most a few updates' worth per update.
    pub(super) fn settle(&mut self) {
        if self.built && self.loose.len() > LOOSE_LIMIT.max(self.moving_slots.len() / 4) {
            self.build_moving_cells();
        }
    }

    /// The automatic side for the colliders present now.
    pub(super) fn ideal_side(&mut self) -> f32 {
        let live = self
            .proxies
            .iter()
            .filter(|proxy| proxy.placement != Placement::Free)
            .map(|proxy| &proxy.bounds);
        auto_side(live, self.slot_of.len(), &mut self.extent_sample)
    }

    /// Builds on first use; with `CellSize::Auto`, re-tunes once there have been as many
    /// inserts, updates and removals as colliders since the last tuning, and the ideal
    /// side has drifted by more than 2×.
    pub(super) fn prepare(&mut self) {
        if !self.built {
            self.build();
            return;
        }
        if self.cell_size == CellSize::Auto
            && self.changes_since_tuning >= self.slot_of.len().max(64)
        {
            self.changes_since_tuning = 0;
            let ratio = self.ideal_side() / self.side;
            if !(0.5..=2.0).contains(&ratio) {
                self.build();
            }
        }
    }
}
