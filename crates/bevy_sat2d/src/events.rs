//! Stage 4, [`SatSystems::Events`](crate::SatSystems): compares this step's touching
//! pairs with the last step's and reports the differences.

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
struct Changes {
    ended: Vec<EntityPair>,
    started: Vec<(EntityPair, Contact)>,
    ongoing: Vec<(EntityPair, Contact)>,
}

/// Merges the last step's touching pairs with this step's. A pair whose entity lost its
/// collider this step (and maybe got a new one) ends, and starts again if it touches.
fn changes(
    before: &[(EntityPair, Contact)],
    now: impl Iterator<Item = (EntityPair, Contact)>,
    forgotten: impl Fn(EntityPair) -> bool,
) -> Changes {
    let mut changes = Changes::default();
    let mut before = before.iter().peekable();
    for (pair, contact) in now {
        while let Some((old, _)) = before.next_if(|(old, _)| *old < pair) {
            changes.ended.push(*old);
        }
        let continued = before.next_if(|(old, _)| *old == pair).is_some();
        if continued && !forgotten(pair) {
            changes.ongoing.push((pair, contact));
        } else {
            if continued {
                changes.ended.push(pair);
            }
            changes.started.push((pair, contact));
        }
    }
    changes.ended.extend(before.map(|(old, _)| *old));
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
        .filter_map(|(pair, contact)| Some((*pair, contact.clone()?)));
    let forgotten =
        |(a, b): EntityPair| world.forgotten.contains(&a) || world.forgotten.contains(&b);
    let Changes {
        ended,
        started,
        ongoing,
    } = changes(&world.contacts, now, forgotten);

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
    for ((a, b), contact) in &started {
        events.write(CollisionEvent::Started {
            a: *a,
            b: *b,
            contact: contact.clone(),
        });
        for (entity, other, contact) in [(*a, *b, contact.clone()), (*b, *a, contact.flipped())] {
            if let Ok(mut touching) = colliding.get_mut(entity) {
                touching.0.insert(other);
            }
            commands.trigger(CollisionStarted {
                entity,
                other,
                contact,
            });
        }
    }
    for ((a, b), contact) in &ongoing {
        events.write(CollisionEvent::Ongoing {
            a: *a,
            b: *b,
            contact: contact.clone(),
        });
    }

    let mut contacts: Vec<(EntityPair, Contact)> = started;
    contacts.extend(ongoing);
    contacts.sort_unstable_by_key(|(pair, _)| *pair);
    world.contacts = contacts;
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

    fn touching(a: u32, b: u32) -> (EntityPair, Contact) {
        (pair(a, b), Contact::new(Vec2::X, 1.0, &[], false, false))
    }

    /// Entity order is not index order, so lists are sorted as the plugin sorts them.
    fn sorted<const N: usize>(mut list: [(EntityPair, Contact); N]) -> [(EntityPair, Contact); N] {
        list.sort_by_key(|(pair, _)| *pair);
        list
    }

    fn pairs_of(list: &[(EntityPair, Contact)]) -> Vec<EntityPair> {
        let mut pairs: Vec<EntityPair> = list.iter().map(|(p, _)| *p).collect();
        pairs.sort();
        pairs
    }

    #[test]
    fn merges_before_and_now() {
        let before = sorted([touching(1, 2), touching(1, 3), touching(4, 5)]);
        let now = sorted([touching(1, 3), touching(2, 9), touching(4, 5)]);
        let result = changes(&before, now.into_iter(), |_| false);
        assert_eq!(result.ended, [pair(1, 2)]);
        assert_eq!(pairs_of(&result.started), [pair(2, 9)]);
        let mut expected = vec![pair(1, 3), pair(4, 5)];
        expected.sort();
        assert_eq!(pairs_of(&result.ongoing), expected);
    }

    #[test]
    fn a_forgotten_entity_ends_and_restarts_its_pairs() {
        let before = sorted([touching(1, 2), touching(3, 4)]);
        let now = sorted([touching(1, 2), touching(3, 4)]);
        let forgotten = pair(1, 2);
        let result = changes(&before, now.into_iter(), |p| p == forgotten);
        assert_eq!(result.ended, [pair(1, 2)]);
        assert_eq!(pairs_of(&result.started), [pair(1, 2)]);
        assert_eq!(result.ongoing.len(), 1);
    }
}
