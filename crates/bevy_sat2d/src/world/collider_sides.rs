//! [`ColliderSides`]: what the narrow phase and the events stage read about each side
//! of a pair, packed by id.
//!
//! A pile-up's step walks millions of pairs, and each pair names two colliders. Their
//! records ([`PlacedCollider`]) are large, so the walk reads this step's few facts about
//! each collider from two small arrays instead: its entity, and whether its record is
//! new, changed or swept this step. The tests read a third, [`TestSide`]: where each
//! collider is and its shape, 32 bytes an id, half a cache line, where a record spans
//! several. The records are indexed by entity, so a pair's second side lands anywhere
//! among them: at 100k colliders a test read it among 100k records (tens of megabytes,
//! out of cache), and now reads it among 3.2 MB.
//!
//! Refreshed once per step after the sync, for the ids whose record was made, placed,
//! swept or forgotten since the last refresh ([`CollisionWorld::touched`]), whose
//! records are read; those flagged in the last one have their flags cleared first,
//! without a read. A settled level's colliders are never read, however many there are,
//! and a collider that moves every step is read once per step.
//!
//! [`CollisionWorld::touched`]: crate::world::collision_world::CollisionWorld

use std::sync::Arc;

use bevy::prelude::*;
use sat2d::broad_phase::IdPair;
use sat2d::{Iso, Shape};

use crate::world::pair_result::{EntityPair, in_entity_order};
use crate::world::placed_collider::PlacedCollider;

/// The record was made this step.
const CREATED: u8 = 1;
/// The shape, placement or layers changed this step.
const CHANGED: u8 = 2;
/// A [`SweptCollider`](crate::SweptCollider) that moved or turned this step.
const MOVED: u8 = 4;

/// What a pair test reads of one side: the record's placement, shape and entity, side
/// by side in one aligned half line.
#[derive(Clone, Debug)]
#[repr(align(32))]
pub(crate) struct TestSide {
    /// Where the shape is ([`PlacedCollider::iso`]).
    pub(crate) iso: Iso,
    /// The shape ([`PlacedCollider::shape`], shared); `None` for an id with no record.
    pub(crate) shape: Option<Arc<Shape>>,
    /// The entity.
    pub(crate) entity: Entity,
}

impl Default for TestSide {
    fn default() -> Self {
        Self {
            iso: Iso::IDENTITY,
            shape: None,
            entity: Entity::PLACEHOLDER,
        }
    }
}

impl TestSide {
    /// Whether this is what `record` holds for a test (the shape compared by address).
    #[cfg(debug_assertions)]
    fn matches(&self, record: Option<&PlacedCollider>) -> bool {
        match (record, &self.shape) {
            (Some(placed), Some(shape)) => {
                self.iso == placed.iso
                    && Arc::ptr_eq(shape, &placed.shape)
                    && self.entity == placed.entity
            }
            (None, None) => true,
            _ => false,
        }
    }
}

/// Each placed collider's entity, this step's flags and what its tests read, indexed by
/// id.
#[derive(Debug, Default)]
pub(crate) struct ColliderSides {
    entities: Vec<Entity>,
    flags: Vec<u8>,
    /// What the pair tests read, refreshed with the flags.
    test_sides: Vec<TestSide>,
    /// The ids read in the last refresh: the only ones whose flags may be set.
    flagged: Vec<u32>,
}

impl ColliderSides {
    /// Reads, as of step `step`, the records of `colliders` that `touched` names (the
    /// ids made, placed, swept or forgotten since the last refresh, drained here), and
    /// clears the flags of those the last refresh read (their flags were of that step).
    /// Every other id keeps its entity and has no flag, as a full pass would find.
    pub(crate) fn refresh(
        &mut self,
        colliders: &[Option<PlacedCollider>],
        touched: &mut Vec<u32>,
        step: u64,
    ) {
        self.entities.resize(colliders.len(), Entity::PLACEHOLDER);
        self.flags.resize(colliders.len(), 0);
        self.test_sides
            .resize_with(colliders.len(), TestSide::default);
        // A record the last refresh read and this step left alone (not in `touched`)
        // has no flag this step and the same entity: its flags are cleared without
        // reading it. Those this step touched are read below.
        for &id in &self.flagged {
            if let Some(flags) = self.flags.get_mut(id as usize) {
                *flags = 0;
            }
        }
        self.flagged.clear();
        for &id in touched.iter() {
            self.read(colliders, id, step);
        }
        // Swapped, not copied: `touched` leaves empty with the old list's capacity.
        std::mem::swap(&mut self.flagged, touched);
        #[cfg(debug_assertions)]
        self.validate(colliders, step);
    }

    /// Reads record `id` of `colliders` as of step `step`.
    fn read(&mut self, colliders: &[Option<PlacedCollider>], id: u32, step: u64) {
        let Some(record) = colliders.get(id as usize) else {
            return;
        };
        let (entity, flags) = match record {
            Some(placed) => (placed.entity, Self::flags_of(placed, step)),
            None => (Entity::PLACEHOLDER, 0),
        };
        self.entities[id as usize] = entity;
        self.flags[id as usize] = flags;
        let side = &mut self.test_sides[id as usize];
        match record {
            Some(placed) => {
                side.iso = placed.iso;
                side.entity = placed.entity;
                // Compared by address, not cloned, unless it changed: a clone would
                // write the shape's count, a line of its own per collider and step.
                if !side
                    .shape
                    .as_ref()
                    .is_some_and(|shape| Arc::ptr_eq(shape, &placed.shape))
                {
                    side.shape = Some(Arc::clone(&placed.shape));
                }
            }
            None => *side = TestSide::default(),
        }
    }

    /// The flags of `placed` in step `step`.
    fn flags_of(placed: &PlacedCollider, step: u64) -> u8 {
        let flag = |set: bool, bit: u8| if set { bit } else { 0 };
        flag(placed.created_step == step, CREATED)
            | flag(placed.changed_step == step, CHANGED)
            | flag(placed.swept_in(step), MOVED)
    }

    /// Checks (in debug builds, where its pass over every record is affordable) that the
    /// refresh left what a pass over every record would: a write to a record that did
    /// not list its id in `touched` shows here.
    #[cfg(debug_assertions)]
    fn validate(&self, colliders: &[Option<PlacedCollider>], step: u64) {
        for (id, record) in colliders.iter().enumerate() {
            let (entity, flags) = record.as_ref().map_or((Entity::PLACEHOLDER, 0), |placed| {
                (placed.entity, Self::flags_of(placed, step))
            });
            debug_assert_eq!(
                (self.entities[id], self.flags[id]),
                (entity, flags),
                "collider {id} changed without being listed in CollisionWorld::touched"
            );
            debug_assert!(
                self.test_sides[id].matches(record.as_ref()),
                "collider {id} was placed without being listed in CollisionWorld::touched"
            );
        }
    }

    /// How many ids the last refresh flagged (those touched in its step, repeats
    /// counted): the next refresh reads these and its own step's, so a settled scene's
    /// steps read no record at all.
    #[cfg(test)]
    pub(crate) fn flagged(&self) -> usize {
        self.flagged.len()
    }

    /// The entity of id `id`.
    pub(crate) fn entity(&self, id: u32) -> Entity {
        self.entities[id as usize]
    }

    /// What the tests read of every id, indexed by id (as of the last refresh).
    pub(crate) fn test_sides(&self) -> &[TestSide] {
        &self.test_sides
    }

    /// Whether the record of id `id` was made this step.
    pub(crate) fn created(&self, id: u32) -> bool {
        self.flags[id as usize] & CREATED != 0
    }

    /// Whether either side's record was made this step.
    pub(crate) fn either_created(&self, ids: IdPair) -> bool {
        self.either(ids, CREATED)
    }

    /// Whether either side changed this step.
    pub(crate) fn either_changed(&self, ids: IdPair) -> bool {
        self.either(ids, CHANGED)
    }

    /// Whether either side is a swept collider that moved or turned this step.
    pub(crate) fn either_moved(&self, ids: IdPair) -> bool {
        self.either(ids, MOVED)
    }

    fn either(&self, ids: IdPair, bit: u8) -> bool {
        (self.flags[ids.0 as usize] | self.flags[ids.1 as usize]) & bit != 0
    }

    /// The pair `ids` in entity order: the entities smaller first, and their ids in the
    /// same order.
    pub(crate) fn in_entity_order(&self, ids: IdPair) -> (EntityPair, IdPair) {
        in_entity_order(ids, self.entity(ids.0), self.entity(ids.1))
    }
}
