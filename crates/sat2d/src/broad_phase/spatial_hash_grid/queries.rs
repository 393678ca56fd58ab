//! The box and point queries of [`SpatialHashGrid`]: through the cells, or over every
//! collider when the cells cannot answer.

use glam::Vec2;

use super::{Bounds, BroadPhase, CellRange, Placement, SpatialHashGrid, cell_coordinate, cell_key};
use crate::Aabb;

impl SpatialHashGrid {
    /// Every live collider whose bounds `keep` accepts, in slot order.
    fn linear_query(&self, keep: impl Fn(&Bounds) -> bool, out: &mut Vec<u32>) {
        out.extend(
            self.proxies
                .iter()
                .filter(|proxy| proxy.placement != Placement::Free && keep(&proxy.bounds))
                .map(|proxy| proxy.id),
        );
    }

    /// The ids of the moving colliders in cell `(x, y)` whose bounds `keep` accepts:
    /// from the sorted cells, less the loose colliders (tested in
    /// [`Self::loose_query`] instead).
    fn moving_in_cell(&self, cell: (i32, i32), keep: impl Fn(&Bounds) -> bool, out: &mut Vec<u32>) {
        let cells = &self.moving_cells;
        for &(_, index) in cells.group(cells.key_of(cell)) {
            let (entry, slot) = cells.entry(index);
            if !self.loose.contains(slot) && keep(&Bounds::new(entry.aabb, entry.circle)) {
                out.push(entry.id);
            }
        }
    }

    /// The ids of the loose moving colliders in cells whose bounds `keep` accepts.
    fn loose_query(&self, keep: impl Fn(&Bounds) -> bool, out: &mut Vec<u32>) {
        for &slot in self.loose.slots() {
            let proxy = &self.proxies[slot as usize];
            let in_cells = matches!(proxy.placement, Placement::Cells(_));
            if in_cells && !proxy.mobility.is_static() && keep(&proxy.bounds) {
                out.push(proxy.id);
            }
        }
    }

    /// [`BroadPhase::query_aabb`]: the ids whose box overlaps `aabb`, sorted, through
    /// the cells it covers (every collider when the grid is unbuilt, `aabb` is not
    /// finite, or it covers more cells than there are colliders).
    pub(super) fn ids_overlapping(&self, aabb: &Aabb, out: &mut Vec<u32>) {
        out.clear();
        let keep = |bounds: &Bounds| bounds.aabb.intersects(aabb);
        let range = CellRange::of(aabb, self.inverse_side);
        if !self.built || !aabb.is_finite() || range.cell_count() > self.len() as u64 {
            self.linear_query(keep, out);
        } else {
            for cell in range.cells() {
                self.moving_in_cell(cell, keep, out);
                let key = cell_key(cell.0, cell.1);
                out.extend(
                    self.static_cells
                        .get(key)
                        .iter()
                        .filter(|entry| entry.aabb.intersects(aabb))
                        .map(|entry| entry.id),
                );
            }
            self.loose_query(keep, out);
            out.extend(
                self.oversized_slots
                    .iter()
                    .map(|&slot| &self.proxies[slot as usize])
                    .filter(|proxy| keep(&proxy.bounds))
                    .map(|proxy| proxy.id),
            );
        }
        out.sort_unstable();
        out.dedup();
    }

    /// [`BroadPhase::query_point`]: the ids whose box and bounding circle hold `point`,
    /// sorted, through the cell holding it.
    pub(super) fn ids_holding(&self, point: Vec2, out: &mut Vec<u32>) {
        out.clear();
        let keep = |bounds: &Bounds| bounds.contains_point(point);
        if !self.built || !point.is_finite() {
            self.linear_query(keep, out);
        } else {
            let cell = (
                cell_coordinate(point.x, self.inverse_side),
                cell_coordinate(point.y, self.inverse_side),
            );
            self.moving_in_cell(cell, keep, out);
            self.loose_query(keep, out);
            let in_cells = self
                .static_cells
                .get(cell_key(cell.0, cell.1))
                .iter()
                .map(|entry| (entry.id, Bounds::new(entry.aabb, entry.circle)));
            let oversized = self.oversized_slots.iter().map(|&slot| {
                let proxy = &self.proxies[slot as usize];
                (proxy.id, proxy.bounds)
            });
            out.extend(
                in_cells
                    .chain(oversized)
                    .filter(|(_, bounds)| keep(bounds))
                    .map(|(id, _)| id),
            );
        }
        out.sort_unstable();
        out.dedup();
    }
}
