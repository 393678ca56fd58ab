//! [`LooseSlots`]: the moving colliders changed since the grid last sorted their cells.

/// The slots of the moving colliders placed, moved or taken out since the moving cells
/// were last built: their entries there (if any) are stale, and the queries test them
/// one by one instead, until the next build lists them again.
#[derive(Clone, Debug, Default)]
pub(super) struct LooseSlots {
    /// Each slot once, in the order it first changed.
    slots: Vec<u32>,
    /// One bit per slot: whether it is listed in `slots`.
    bits: Vec<u64>,
}

impl LooseSlots {
    /// Lists `slot`, unless it is listed already.
    #[inline]
    pub(super) fn mark(&mut self, slot: u32) {
        let word = slot as usize / 64;
        if self.bits.len() <= word {
            self.bits.resize(word + 1, 0);
        }
        let bit = 1 << (slot % 64);
        if self.bits[word] & bit == 0 {
            self.bits[word] |= bit;
            self.slots.push(slot);
        }
    }

    /// Whether `slot` is listed.
    #[inline]
    pub(super) fn contains(&self, slot: u32) -> bool {
        self.bits
            .get(slot as usize / 64)
            .is_some_and(|word| word & (1 << (slot % 64)) != 0)
    }

    /// The listed slots.
    pub(super) fn slots(&self) -> &[u32] {
        &self.slots
    }

    /// How many slots are listed.
    pub(super) fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether no slot is listed.
    pub(super) fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Lists no slot (keeping the room).
    pub(super) fn clear(&mut self) {
        for &slot in &self.slots {
            self.bits[slot as usize / 64] = 0;
        }
        self.slots.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::LooseSlots;

    #[test]
    fn lists_each_slot_once_until_cleared() {
        let mut loose = LooseSlots::default();
        for slot in [5, 200, 5, 64, 200] {
            loose.mark(slot);
        }
        assert_eq!(loose.slots(), [5, 200, 64]);
        assert!(loose.contains(64) && loose.contains(200) && !loose.contains(63));
        assert!(!loose.contains(10_000));
        loose.clear();
        assert!(loose.is_empty() && !loose.contains(5) && !loose.contains(200));
        loose.mark(200);
        assert_eq!(loose.slots(), [200]);
    }
}
