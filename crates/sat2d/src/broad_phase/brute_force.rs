//! [`BruteForce`]: every pair, the oracle and the baseline.

use glam::Vec2;
use rustc_hash::FxHashMap;

use super::{Bounds, BroadPhase, BroadPhaseError, IdPair, Mobility};
use crate::Aabb;

/// Tests every pair: `O(n²)` per [`BroadPhase::pairs`]. Exact by construction, so it
/// is the oracle for [`SpatialHashGrid`](super::SpatialHashGrid) in tests and the
/// baseline in benchmarks. Fine for a few hundred colliders.
///
/// ```
/// use sat2d::broad_phase::{BroadPhase, Bounds, BruteForce, Mobility};
/// use sat2d::{Aabb, Vec2};
/// let mut brute = BruteForce::default();
/// let unit = |x: f32| Bounds::from_aabb(Aabb::new(Vec2::new(x, 0.0), Vec2::new(x + 1.0, 1.0)));
/// brute.insert(7, unit(0.0), Mobility::Moving)?;
/// brute.insert(3, unit(0.5), Mobility::Moving)?;
/// let mut pairs = Vec::new();
/// brute.pairs(&mut pairs);
/// assert_eq!(pairs, [(3, 7)]);
/// # Ok::<(), sat2d::broad_phase::BroadPhaseError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct BruteForce {
    entries: Vec<Entry>,
    index_of: FxHashMap<u32, usize>,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    id: u32,
    bounds: Bounds,
    mobility: Mobility,
}

impl BruteForce {
    fn entry_mut(&mut self, id: u32) -> Result<&mut Entry, BroadPhaseError> {
        let index = *self
            .index_of
            .get(&id)
            .ok_or(BroadPhaseError::UnknownId(id))?;
        Ok(&mut self.entries[index])
    }
}

impl BroadPhase for BruteForce {
    fn insert(
        &mut self,
        id: u32,
        bounds: Bounds,
        mobility: Mobility,
    ) -> Result<(), BroadPhaseError> {
        bounds.check_new(id, self.index_of.contains_key(&id))?;
        self.index_of.insert(id, self.entries.len());
        self.entries.push(Entry {
            id,
            bounds,
            mobility,
        });
        Ok(())
    }

    fn update(&mut self, id: u32, bounds: Bounds) -> Result<(), BroadPhaseError> {
        bounds.check(id)?;
        self.entry_mut(id)?.bounds = bounds;
        Ok(())
    }

    fn set_mobility(&mut self, id: u32, mobility: Mobility) -> Result<(), BroadPhaseError> {
        self.entry_mut(id)?.mobility = mobility;
        Ok(())
    }

    fn remove(&mut self, id: u32) -> bool {
        let Some(index) = self.index_of.remove(&id) else {
            return false;
        };
        self.entries.swap_remove(index);
        if let Some(moved) = self.entries.get(index) {
            self.index_of.insert(moved.id, index);
        }
        true
    }

    fn get(&self, id: u32) -> Option<(Bounds, Mobility)> {
        let entry = self.entries[*self.index_of.get(&id)?];
        Some((entry.bounds, entry.mobility))
    }

    fn len(&self) -> usize {
        self.entries.len()
    }

    fn clear(&mut self) {
        self.entries.clear();
        self.index_of.clear();
    }

    fn pairs(&mut self, out: &mut Vec<IdPair>) {
        out.clear();
        for (index, a) in self.entries.iter().enumerate() {
            for b in &self.entries[index + 1..] {
                if a.mobility.is_static() && b.mobility.is_static() {
                    continue;
                }
                if a.bounds.overlaps(&b.bounds) {
                    out.push((a.id.min(b.id), a.id.max(b.id)));
                }
            }
        }
        out.sort_unstable();
    }

    fn query_aabb(&self, aabb: &Aabb, out: &mut Vec<u32>) {
        out.clear();
        out.extend(
            self.entries
                .iter()
                .filter(|entry| entry.bounds.aabb.intersects(aabb))
                .map(|entry| entry.id),
        );
        out.sort_unstable();
    }

    fn query_point(&self, point: Vec2, out: &mut Vec<u32>) {
        out.clear();
        out.extend(
            self.entries
                .iter()
                .filter(|entry| entry.bounds.contains_point(point))
                .map(|entry| entry.id),
        );
        out.sort_unstable();
    }
}
