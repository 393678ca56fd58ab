//! [`BodyParts`]: the collection behind [`BodyColliders`](super::collider_of::BodyColliders),
//! a list that adds and removes a part in constant time.

use bevy::ecs::entity::{EntityHashMap, EntityMapper, MapEntities};
use bevy::ecs::relationship::RelationshipSourceCollection;
use bevy::prelude::*;

/// The parts of a body: a list of entities with each one's position in it, so a part
/// leaving (a despawned tile collider of a level of thousands, say) is found and taken
/// out in constant time, where Bevy's `Vec` searches and shifts the whole list.
///
/// The list keeps the order in which the parts joined, except that a part leaving is
/// replaced by the last one.
#[derive(Reflect, Clone, Debug, Default, PartialEq, Eq)]
#[reflect(Debug, PartialEq, Default)]
pub struct BodyParts {
    /// The parts.
    entities: Vec<Entity>,
    /// Each part's index in `entities`.
    #[reflect(ignore)]
    positions: EntityHashMap<usize>,
}

impl BodyParts {
    /// The parts, as a slice.
    #[inline]
    #[must_use]
    pub fn as_slice(&self) -> &[Entity] {
        &self.entities
    }

    /// Whether the positions name every part at its index and nothing else.
    fn is_consistent(&self) -> bool {
        self.positions.len() == self.entities.len()
            && self
                .entities
                .as_slice()
                .iter()
                .enumerate()
                .all(|(index, entity)| self.positions.get(entity) == Some(&index))
    }
}

impl MapEntities for BodyParts {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        for entity in &mut self.entities {
            *entity = mapper.get_mapped(*entity);
        }
        self.positions = (self.entities.as_slice().iter().copied())
            .enumerate()
            .map(|(index, entity)| (entity, index))
            .collect();
    }
}

impl RelationshipSourceCollection for BodyParts {
    type SourceIter<'a> = core::iter::Copied<core::slice::Iter<'a, Entity>>;

    fn new() -> Self {
        Self::default()
    }

    fn with_capacity(capacity: usize) -> Self {
        let mut parts = Self::default();
        parts.reserve(capacity);
        parts
    }

    fn reserve(&mut self, additional: usize) {
        self.entities.reserve(additional);
        self.positions.reserve(additional);
    }

    fn add(&mut self, entity: Entity) -> bool {
        if self.positions.contains_key(&entity) {
            return false;
        }
        self.positions.insert(entity, self.entities.len());
        self.entities.push(entity);
        true
    }

    fn remove(&mut self, entity: Entity) -> bool {
        let Some(index) = self.positions.remove(&entity) else {
            return false;
        };
        self.entities.swap_remove(index);
        if let Some(&moved) = self.entities.get(index) {
            self.positions.insert(moved, index);
        }
        debug_assert!(self.entities.len() > 64 || self.is_consistent());
        true
    }

    fn iter(&self) -> Self::SourceIter<'_> {
        self.entities.as_slice().iter().copied()
    }

    fn len(&self) -> usize {
        self.entities.len()
    }

    fn clear(&mut self) {
        self.entities.clear();
        self.positions.clear();
    }

    fn shrink_to_fit(&mut self) {
        self.entities.shrink_to_fit();
        self.positions.shrink_to_fit();
    }

    fn extend_from_iter(&mut self, entities: impl IntoIterator<Item = Entity>) {
        for entity in entities {
            self.add(entity);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_leave_in_any_order_and_the_positions_follow() {
        let entities: Vec<Entity> = (0..40)
            .map(Entity::from_raw_u32)
            .map(Option::unwrap)
            .collect();
        let mut parts = BodyParts::new();
        for &entity in &entities {
            assert!(parts.add(entity));
        }
        assert!(!parts.add(entities[3]), "a part joins once");
        assert_eq!(parts.as_slice(), &entities[..]);
        let mut rng = fastrand::Rng::with_seed(7);
        let mut left = entities.clone();
        while !left.is_empty() {
            let entity = left.swap_remove(rng.usize(..left.len()));
            assert!(parts.remove(entity));
            assert!(!parts.remove(entity), "a part leaves once");
            assert!(parts.is_consistent());
            let mut now: Vec<Entity> = parts.iter().collect();
            now.sort();
            let mut expected = left.clone();
            expected.sort();
            assert_eq!(now, expected);
        }
        assert!(parts.is_empty());
    }
}
