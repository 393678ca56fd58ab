//! [`IdIndex`]: caller ids to grid slots, without hashing for small ids.

use rustc_hash::FxHashMap;

/// Ids below this go in a plain array (at most 4 MiB of it); larger ones in a hash map.
/// Engines tend to hand out small dense ids (entity indices), and a lookup per moved
/// collider per step is then one array read instead of a hash probe.
const DENSE_IDS: u32 = 1 << 20;

/// Marks an empty entry of the dense array.
const ABSENT: u32 = u32::MAX;

/// A map from `u32` ids to `u32` slots.
#[derive(Clone, Debug, Default)]
pub(super) struct IdIndex {
    dense: Vec<u32>,
    sparse: FxHashMap<u32, u32>,
    len: usize,
}

impl IdIndex {
    /// The slot of `id`.
    #[inline]
    pub(super) fn get(&self, id: u32) -> Option<u32> {
        if id < DENSE_IDS {
            self.dense
                .get(id as usize)
                .copied()
                .filter(|&slot| slot != ABSENT)
        } else {
            self.sparse.get(&id).copied()
        }
    }

    /// Whether `id` is present.
    #[inline]
    pub(super) fn contains(&self, id: u32) -> bool {
        self.get(id).is_some()
    }

    /// Records `id → slot`; `id` must not be present.
    pub(super) fn insert(&mut self, id: u32, slot: u32) {
        if id < DENSE_IDS {
            if self.dense.len() <= id as usize {
                self.dense.resize(id as usize + 1, ABSENT);
            }
            self.dense[id as usize] = slot;
        } else {
            self.sparse.insert(id, slot);
        }
        self.len += 1;
    }

    /// Removes `id`, returning its slot.
    /// Points `id`, present, at another slot.
    pub(super) fn replace(&mut self, id: u32, slot: u32) {
        if id < DENSE_IDS {
            self.dense[id as usize] = slot;
        } else {
            self.sparse.insert(id, slot);
        }
    }

    pub(super) fn remove(&mut self, id: u32) -> Option<u32> {
        let slot = if id < DENSE_IDS {
            let entry = self.dense.get_mut(id as usize)?;
            let slot = *entry;
            *entry = ABSENT;
            (slot != ABSENT).then_some(slot)
        } else {
            self.sparse.remove(&id)
        };
        self.len -= usize::from(slot.is_some());
        slot
    }

    /// How many ids are present.
    #[inline]
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// Whether no id is present.
    #[inline]
    pub(super) fn is_empty(&self) -> bool {
        self.len == 0
    }
}
