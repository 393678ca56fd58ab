//! [`PairKey`] and [`PairResult`]: how the step names a candidate pair and what the
//! narrow phase found for it.
//!
//! Every list of pairs the step keeps is sorted by the broad phase's id pair, the order
//! in which candidates arrive, so stages merge their lists in one walk and nothing is
//! sorted twice. Ids are entity indices, so that is the order of each pair's smaller
//! index, then its larger one. It is not entity order (Bevy's `Ord` for `Entity` is not
//! index order), so each pair also carries its two entities in entity order: the `a < b`
//! that events and queries report.

use bevy::prelude::*;
use sat2d::Contact;
use sat2d::broad_phase::IdPair;

/// A pair of entities, smaller first.
pub type EntityPair = (Entity, Entity);

/// A candidate pair under both of its names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PairKey {
    /// The broad phase's ids, smaller id first: the sort key.
    pub(crate) ids: IdPair,
    /// The two entities, smaller entity first: the pair as users see it.
    pub(crate) entities: EntityPair,
}

impl PairKey {
    /// The key of the pair `ids`, where `entity_a` has id `ids.0` and `entity_b` has
    /// id `ids.1`.
    pub(crate) fn new(ids: IdPair, entity_a: Entity, entity_b: Entity) -> Self {
        debug_assert!(
            ids.0 < ids.1,
            "the broad phase names pairs smaller id first"
        );
        let entities = if entity_a < entity_b {
            (entity_a, entity_b)
        } else {
            (entity_b, entity_a)
        };
        Self { ids, entities }
    }

    /// The ids in entity order: the id of `entities.0`, then that of `entities.1`.
    pub(crate) fn ids_in_entity_order(&self) -> IdPair {
        if self.entities.0.index_u32() == self.ids.0 {
            self.ids
        } else {
            (self.ids.1, self.ids.0)
        }
    }
}

/// The narrow phase's result for one candidate pair.
#[derive(Clone, Debug)]
pub(crate) struct PairResult {
    /// The pair.
    pub(crate) key: PairKey,
    /// Whether either collider's record was made this step (a new collider, or one
    /// removed and added back, maybe on a reused entity index): last step's pair with
    /// the same key, if any, was another pair, so it ends and this one starts.
    pub(crate) renewed: bool,
    /// The test the narrow phase still has to run for this pair: none for a result
    /// moved over from the last step.
    pub(crate) test: Test,
    /// The contact, normal from `key.entities.0` to `key.entities.1`, or `None` when
    /// they do not touch.
    pub(crate) contact: Option<Contact>,
    /// For a pair that touched during the step but not at its end (found by sweeping a
    /// [`SweptCollider`](crate::SweptCollider)): when, as a fraction of the step in
    /// `(0, 1]`; `contact` is then the contact at that time. `None` for a contact of
    /// the step's end.
    pub(crate) time_of_impact: Option<f32>,
}

/// The SAT test a [`PairResult`] waits for. Results are tested in place, so a step
/// keeps one record per pair, whatever the number of tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Test {
    /// Nothing to run: the result is final.
    None,
    /// The contact at the end of the step.
    Contact,
    /// The contact at the end of the step, or, when they end apart, the first contact
    /// along both colliders' motions this step (a pair with a moving
    /// [`SweptCollider`](crate::SweptCollider)).
    ContactOrSweep,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_put_the_smaller_entity_first_and_map_its_id_back() {
        // Same generation, and either index on a newer generation.
        let cases = [
            (entity_at(3, 0), entity_at(8, 0)),
            (entity_at(3, 1), entity_at(8, 0)),
            (entity_at(3, 0), entity_at(8, 1)),
        ];
        let mut smaller_id_first = Vec::new();
        for (three, eight) in cases {
            let key = PairKey::new((3, 8), three, eight);
            assert_eq!(key.ids, (3, 8));
            assert!(key.entities.0 < key.entities.1);
            assert!(key.entities == (three, eight) || key.entities == (eight, three));
            let (first, second) = key.ids_in_entity_order();
            assert_eq!(first, key.entities.0.index_u32());
            assert_eq!(second, key.entities.1.index_u32());
            smaller_id_first.push(first == 3);
        }
        // Entity order and index order disagree for some of these pairs, not all.
        assert!(smaller_id_first.contains(&true) && smaller_id_first.contains(&false));
    }
}
