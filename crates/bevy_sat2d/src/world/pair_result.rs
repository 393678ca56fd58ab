//! [`PairResult`]: what the narrow phase found for a candidate pair, in 4 bytes.
//!
//! Every list of pairs the step keeps is sorted by the broad phase's id pair, the order
//! in which candidates arrive, so stages merge their lists in one walk and nothing is
//! sorted twice. Ids are entity indices, so that is the order of each pair's smaller
//! index, then its larger one. It is not entity order (Bevy's `Ord` for `Entity` is not
//! index order): the `a < b` that events and queries report comes from the two
//! colliders' entities ([`in_entity_order`]).
//!
//! A result holds no contact. Whether a pair touches is all the step needs to report
//! it; its contact is computed when someone asks ([`CollisionWorld::contact`]), from the
//! same placed colliders and with the same routine, so it is the contact the step would
//! have stored. Only a swept hit, whose contact belongs to a moment inside the step, is
//! kept beside the results ([`SweptHit`]).
//!
//! [`CollisionWorld::contact`]: crate::CollisionWorld::contact

use bevy::prelude::*;
use sat2d::Contact;
use sat2d::broad_phase::IdPair;

/// A pair of entities, smaller first.
pub type EntityPair = (Entity, Entity);

/// The pair `ids` in entity order, where `entity_a` has id `ids.0` and `entity_b` has
/// id `ids.1`: the two entities smaller first, and their ids in the same order.
pub(crate) fn in_entity_order(
    ids: IdPair,
    entity_a: Entity,
    entity_b: Entity,
) -> (EntityPair, IdPair) {
    if entity_a < entity_b {
        ((entity_a, entity_b), ids)
    } else {
        ((entity_b, entity_a), (ids.1, ids.0))
    }
}

/// The narrow phase's result for one candidate pair. Results are kept beside the
/// pairs, in the same order (`CollisionWorld::results[i]` is the result of
/// `CollisionWorld::pairs[i]`), so a pair's ids are stored once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PairResult {
    /// Whether the pair touches at the end of the step, or touched during it (`swept`).
    pub(crate) touching: bool,
    /// Whether this same pair (neither collider's record made anew since) touched at
    /// the end of the last step: touching now, it goes on; apart now, it ends.
    pub(crate) touched_before: bool,
    /// Whether the touch was found by sweeping a [`SweptCollider`](crate::SweptCollider)
    /// and is not there at the end of the step: its contact and time are in the step's
    /// [`SweptHit`]s, and it ends in the next step whatever that step finds.
    pub(crate) swept: bool,
    /// The test the narrow phase still has to run: none for a result carried over from
    /// the last step.
    pub(crate) test: Test,
}

impl PairResult {
    /// A result still to be tested this step: a touch test, and a sweep as well when
    /// `sweep` (a collider moved and the pair did not touch at the end of the last
    /// step). `touched_before` as for the field.
    pub(crate) fn to_test(touched_before: bool, sweep: bool) -> Self {
        Self {
            touching: false,
            touched_before,
            swept: false,
            test: if sweep {
                Test::TouchOrSweep
            } else {
                Test::Touch
            },
        }
    }

    /// Whether the pair that started this step.
    pub(crate) fn started(&self) -> bool {
        self.touching && !self.touched_before
    }

    /// Whether the pair that goes on touching.
    pub(crate) fn ongoing(&self) -> bool {
        self.touching && self.touched_before
    }

    /// Whether the pair that touched and is now apart.
    pub(crate) fn now_apart(&self) -> bool {
        self.touched_before && !self.touching
    }
}

/// The SAT test a [`PairResult`] waits for. Results are tested in place, so a step
/// keeps one record per pair, whatever the number of tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Test {
    /// Nothing to run: the result is final.
    None,
    /// Whether they touch at the end of the step.
    Touch,
    /// Whether they touch at the end of the step, or, when they end apart, at some
    /// time along both colliders' motions this step (a pair with a moving
    /// [`SweptCollider`](crate::SweptCollider)).
    TouchOrSweep,
}

/// A touch found by a sweep: the pair met during the step but is apart at its end.
#[derive(Clone, Debug)]
pub(crate) struct SweptHit {
    /// The pair's ids, as among the candidates.
    pub(crate) ids: IdPair,
    /// The contact at the time of impact, normal from the smaller entity to the larger.
    pub(crate) contact: Contact,
    /// When they met, as a fraction of the step in `(0, 1]`.
    pub(crate) time_of_impact: f32,
}

/// An entity with this index and generation, for tests where entity order and index
/// order disagree.
#[cfg(test)]
pub(crate) fn entity_at(index: u32, generation: u32) -> Entity {
    use bevy::ecs::entity::{EntityGeneration, EntityIndex};
    Entity::from_index_and_generation(
        EntityIndex::from_raw_u32(index).expect("a valid index"),
        EntityGeneration::FIRST.after_versions(generation),
    )
}

/// A pair that touched at the end of the last step (or during it) and ends now.
pub(crate) type EndedPair = (IdPair, EntityPair);

#[cfg(test)]
mod tests;
