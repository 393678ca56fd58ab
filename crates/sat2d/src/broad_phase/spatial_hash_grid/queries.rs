//! The box and point queries of [`SpatialHashGrid`]: through the cells, or over every
//! collider when the cells cannot answer.

use glam::Vec2;

use super::{Bounds, BroadPhase, CellRange, Placement, SpatialHashGrid, cell_key_of};
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
            for key in range.keys() {
                for cells in [&self.moving_cells, &self.static_cells] {
                    out.extend(
                        cells
                            .get(key)
                            .iter()
                            .filter(|entry| entry.aabb.intersects(aabb))
                            .map(|entry| entry.id),
                    );
                }
            }
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
            let key = cell_key_of(point, self.inverse_side);
            let in_cells = [&self.moving_cells, &self.static_cells]
                .into_iter()
                .flat_map(|cells| {
                    cells
                        .get(key)
                        .iter()
                        .map(|entry| (entry.id, entry.aabb, entry.circle))
                });
            let oversized = self.oversized_slots.iter().map(|&slot| {
                let proxy = &self.proxies[slot as usize];
                (proxy.id, proxy.bounds.aabb, proxy.bounds.circle)
            });
            out.extend(
                in_cells
                    .chain(oversized)
                    .filter(|(_, aabb, circle)| keep(&Bounds::new(*aabb, *circle)))
                    .map(|(id, _, _)| id),
            );
        }
        out.sort_unstable();
        out.dedup();
    }
}
