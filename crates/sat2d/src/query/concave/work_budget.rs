//! [`WorkBudget`]: how much work the exact concave MTV may do, counted, not timed, so
//! that the same input always gets the same answer.
//!
//! Frame-free: a counter.
//!
//! The exact MTV of two many-part shapes is a search among the part pairs'
//! Minkowski differences, and where two shapes share a centre (two many-spiked stars
//! one over the other) every part pair's difference comes near the answer: the work
//! grows with the product of the part counts (two 4,096-point stars: four million
//! differences, seconds). Box2D caps its iterations and documents the cap; this is
//! the cap. Each step of the search spends units in proportion to the points it
//! reads (one unit per point a kernel walks, one per part pair looked at, one per
//! quadtree square tried against a shape), and once the budget is spent the search
//! stops and answers with the best push it knows to separate.

/// Units for a part pair looked at (in the part tree).
pub(crate) const PAIR: usize = 2;

/// Units for a convex contact or a Minkowski difference begun, before its points.
pub(crate) const BUILD: usize = 64;

/// Units for a box tested against a square.
pub(crate) const BOX: usize = 4;

/// Units for one shape tested against a square or a point, before its points.
pub(crate) const TEST: usize = 16;

/// Units every search may spend, whatever the shapes' size: enough for every pair
/// of outlines below 64 points a side seen (seeded random pairs of like size need at
/// most 427,000; the hardest known, a spiky 63-point star at the centre of a 54-point
/// outline, 0.92 million). A unit is about 0.8 to 1.2 ns of search on the machine the
/// bounds were measured on (two cores, shared).
const BASE: u64 = 1_500_000;

/// Units more per point of the two shapes' parts: two 4,096-point outlines' parts
/// hold up to about 24,000 points (7.2 million units more).
const PER_POINT: u64 = 300;

/// The containment flags' units per query before [`PER_POINT`]'s, of which they get
/// a quarter: their tests clip parts against parts, and a unit of theirs costs more.
const CONTAINMENT_BASE: u64 = 30_000;

/// Units a search may still spend.
#[derive(Clone, Copy, Debug)]
pub(crate) struct WorkBudget {
    left: u64,
    spent_out: bool,
}

impl WorkBudget {
    /// The budget for two shapes whose parts hold `points` points in all:
    /// [`BASE`] `+` [`PER_POINT`] `× points` units.
    pub fn for_points(points: usize) -> Self {
        Self::with_units(BASE + PER_POINT * points as u64)
    }

    /// The budget of the containment flags of two shapes whose parts hold `points`
    /// points in all: a quarter of [`CONTAINMENT_BASE`] `+` [`PER_POINT`] `× points`,
    /// shared by both flags, so that a contact's flags never cost more than a quarter
    /// of a large pair's search.
    pub fn for_containment(points: usize) -> Self {
        Self::with_units((CONTAINMENT_BASE + PER_POINT * points as u64) / 4)
    }

    /// A budget of exactly `units` (for tests of the budget itself).
    pub fn with_units(units: u64) -> Self {
        Self {
            left: units,
            spent_out: false,
        }
    }

    /// Spends `units`; `false` once the budget is spent (and from then on).
    #[inline]
    pub fn spend(&mut self, units: usize) -> bool {
        let units = units as u64;
        if self.spent_out || units > self.left {
            self.left = 0;
            self.spent_out = true;
            return false;
        }
        self.left -= units;
        true
    }

    /// Whether a [`spend`](Self::spend) has been refused.
    #[inline]
    pub fn is_spent(&self) -> bool {
        self.spent_out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_refuses_what_it_does_not_hold_and_stays_spent() {
        let mut budget = WorkBudget::with_units(10);
        assert!(budget.spend(4) && budget.spend(6));
        assert!(!budget.is_spent());
        assert!(!budget.spend(1));
        assert!(budget.is_spent());
        assert!(!budget.spend(0), "a spent budget stays spent");
        let mut sized = WorkBudget::for_points(64);
        assert!(sized.spend((BASE + 64 * PER_POINT) as usize) && !sized.spend(1));
    }
}
