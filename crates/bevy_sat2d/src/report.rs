//! Stage 4, [`SatSystems::Events`](crate::SatSystems): `report_collisions` compares this
//! step's touching pairs with the last step's and reports the differences as messages,
//! observer events and `CollidingEntities`.

use bevy::platform::time::Instant;
use bevy::prelude::*;
use sat2d::Contact;

use crate::collision_world::EntityPair;
use crate::{
    CollidingEntities, CollisionEnded, CollisionEvent, CollisionStarted, CollisionWorld,
    SatDiagnostics,
};

/// The changes between two sorted lists of touching pairs.
#[derive(Default)]
struct Changes<'a> {
    ended: Vec<EntityPair>,
    started: Vec<(EntityPair, &'a Contact)>,
    ongoing: Vec<(EntityPair, &'a Contact)>,
}

/// Merges the last step's touching pairs with this step's. A pair whose entity lost its
/// collider this step (and maybe got a new one) ends, and starts again if it touches.
fn changes<'a>(
    before: &[EntityPair],
    now: impl Iterator<Item = (EntityPair, &'a Contact)>,
    forgotten: impl Fn(EntityPair) -> bool,
) -> Changes<'a> {
    let mut changes = Changes::default();
    let mut before = before.iter().peekable();
    for (pair, contact) in now {
        while let Some(old) = before.next_if(|old| **old < pair) {
            changes.ended.push(*old);
        }
        let continued = before.next_if(|old| **old == pair).is_some();
        if continued && !forgotten(pair) {
            changes.ongoing.push((pair, contact));
        } else {
            if continued {
                changes.ended.push(pair);
            }
            changes.started.push((pair, contact));
        }
    }
    changes.ended.extend(before.copied());
    changes
}

/// Writes `CollisionEvent`s, triggers `CollisionStarted`/`CollisionEnded` on both
/// entities, and keeps `CollidingEntities` current.
pub(crate) fn report_collisions(
    mut world: ResMut<CollisionWorld>,
    mut diagnostics: ResMut<SatDiagnostics>,
    mut events: MessageWriter<CollisionEvent>,
    mut colliding: Query<&mut CollidingEntities>,
    mut commands: Commands,
) {
    let start = Instant::now();
    let world = &mut *world;
    let now = world
        .results
        .iter()
        .filter_map(|(pair, contact)| Some((*pair, contact.as_ref()?)));
    let forgotten =
        |(a, b): EntityPair| world.forgotten.contains(&a) || world.forgotten.contains(&b);
    let Changes {
        ended,
        started,
        ongoing,
    } = changes(&world.touching, now, forgotten);

    for &(a, b) in &ended {
        events.write(CollisionEvent::Ended { a, b });
        for (entity, other) in [(a, b), (b, a)] {
            // Only entities still alive (they keep `CollidingEntities`) are told.
            if let Ok(mut touching) = colliding.get_mut(entity) {
                touching.0.remove(&other);
                commands.trigger(CollisionEnded { entity, other });
            }
        }
    }
    for &((a, b), contact) in &started {
        events.write(CollisionEvent::Started {
            a,
            b,
            contact: contact.clone(),
        });
        for (entity, other, contact) in [(a, b, contact.clone()), (b, a, contact.flipped())] {
            // Like `Ended`: entities that still have `CollidingEntities` are told.
            if let Ok(mut touching) = colliding.get_mut(entity) {
                touching.0.insert(other);
                commands.trigger(CollisionStarted {
                    entity,
                    other,
                    contact,
                });
            }
        }
    }
    events.write_batch(
        ongoing
            .iter()
            .map(|&((a, b), contact)| CollisionEvent::Ongoing {
                a,
                b,
                contact: contact.clone(),
            }),
    );

    // This step's results are sorted: their touching pairs are the next `before`.
    world.touching = world
        .results
        .iter()
        .filter(|(_, contact)| contact.is_some())
        .map(|(pair, _)| *pair)
        .collect();
    diagnostics.events_time = start.elapsed();
}

#[cfg(test)]
mod tests {
    use super::*;
    use sat2d::Vec2;

    fn pair(a: u32, b: u32) -> EntityPair {
        (
            Entity::from_raw_u32(a).unwrap(),
            Entity::from_raw_u32(b).unwrap(),
        )
    }

    /// Entity order is not index order, so lists are sorted as the plugin sorts them.
    fn sorted<const N: usize>(mut list: [EntityPair; N]) -> [EntityPair; N] {
        list.sort();
        list
    }

    fn with_contacts(pairs: &[EntityPair], contact: &Contact) -> Vec<(EntityPair, Contact)> {
        pairs.iter().map(|pair| (*pair, contact.clone())).collect()
    }

    fn pairs_of(list: &[(EntityPair, &Contact)]) -> Vec<EntityPair> {
        let mut pairs: Vec<EntityPair> = list.iter().map(|(p, _)| *p).collect();
        pairs.sort();
        pairs
    }

    #[test]
    fn merges_before_and_now() {
        let contact = Contact::new(Vec2::X, 1.0, &[], false, false);
        let before = sorted([pair(1, 2), pair(1, 3), pair(4, 5)]);
        let now = with_contacts(&sorted([pair(1, 3), pair(2, 9), pair(4, 5)]), &contact);
        let result = changes(&before, now.iter().map(|(p, c)| (*p, c)), |_| false);
        assert_eq!(result.ended, [pair(1, 2)]);
        assert_eq!(pairs_of(&result.started), [pair(2, 9)]);
        let mut expected = vec![pair(1, 3), pair(4, 5)];
        expected.sort();
        assert_eq!(pairs_of(&result.ongoing), expected);
    }

    #[test]
    fn a_forgotten_entity_ends_and_restarts_its_pairs() {
        let contact = Contact::new(Vec2::X, 1.0, &[], false, false);
        let before = sorted([pair(1, 2), pair(3, 4)]);
        let now = with_contacts(&before, &contact);
        let forgotten = pair(1, 2);
        let result = changes(&before, now.iter().map(|(p, c)| (*p, c)), |p| {
            p == forgotten
        });
        assert_eq!(result.ended, [pair(1, 2)]);
        assert_eq!(pairs_of(&result.started), [pair(1, 2)]);
        assert_eq!(result.ongoing.len(), 1);
    }
}
