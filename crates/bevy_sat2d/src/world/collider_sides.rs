//! [`ColliderSides`]: what the narrow phase and the events stage read about each side
//! of a pair, packed by id.
//!
//! A pile-up's step walks millions of pairs, and each pair names two colliders. Their
//! records ([`PlacedCollider`]) are large, so the walk reads this step's few facts about
//! each collider from two small arrays instead: its entity, and whether its record is
//! new, changed or swept this step. Refreshed once per step after the sync, in one pass
//! over the records.

use bevy::prelude::*;
use sat2d::broad_phase::IdPair;

use crate::world::pair_result::{EntityPair, in_entity_order};
use crate::world::placed_collider::PlacedCollider;

/// The record was made this step.
const CREATED: u8 = 1;
/// The shape, placement or layers changed this step.
const CHANGED: u8 = 2;
/// A [`SweptCollider`](crate::SweptCollider) that moved this step.
const MOVED: u8 = 4;

/// Each placed collider's entity and this step's flags, indexed by id.
#[derive(Debug, Default)]
pub(crate) struct ColliderSides {
    entities: Vec<Entity>,
    flags: Vec<u8>,
}

impl ColliderSides {
    /// Reads every record of `colliders` as of step `step`.
    pub(crate) fn refresh(&mut self, colliders: &[Option<PlacedCollider>], step: u64) {
        self.entities.clear();
        self.flags.clear();
        for record in colliders {
            let Some(placed) = record else {
                self.entities.push(Entity::PLACEHOLDER);
                self.flags.push(0);
                continue;
            };
            let flag = |set: bool, bit: u8| if set { bit } else { 0 };
            self.entities.push(placed.entity);
            self.flags.push(
                flag(placed.created_step == step, CREATED)
                    | flag(placed.changed_step == step, CHANGED)
                    | flag(placed.motion(step) != Vec2::ZERO, MOVED),
            );
        }
    }

    /// The entity of id `id`.
    pub(crate) fn entity(&self, id: u32) -> Entity {
        self.entities[id as usize]
    }

    /// Whether either side's record was made this step.
    pub(crate) fn either_created(&self, ids: IdPair) -> bool {
        self.either(ids, CREATED)
    }

    /// Whether either side changed this step.
    pub(crate) fn either_changed(&self, ids: IdPair) -> bool {
        self.either(ids, CHANGED)
    }

    /// Whether either side is a swept collider that moved this step.
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
