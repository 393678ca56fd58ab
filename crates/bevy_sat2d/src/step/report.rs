//! Stage 4, [`SatSystems::Events`](crate::SatSystems): `report_collisions` reports what
//! the narrow phase found changed as messages, observer events (for the entities
//! observers watch, see [`CollisionObservers`]) and `CollidingEntities`.
//!
//! Each result says whether its pair touches and whether it touched before, and the
//! narrow phase lists the touches no result carries on ([`CollisionWorld::ended`]),
//! both in id-pair order. Every message batch is reserved at its exact size, and each
//! `CollidingEntities` grows once per step, so a pile-up's millions of pairs are
//! written without regrowth.

use bevy::ecs::entity_disabling::Disabled;
use bevy::ecs::observer::Observer;
use bevy::ecs::query::Allow;
use bevy::platform::time::Instant;
use bevy::prelude::*;

use sat2d::broad_phase::IdPair;

use crate::diagnostics::SatDiagnostics;
use crate::events::colliding_entities::CollidingEntities;
use crate::events::collision_event::{CollisionEnded, CollisionEvent, CollisionStarted};
use crate::events::collision_observers::CollisionObservers;
use crate::sat_config::SatConfig;
use crate::world::collision_world::CollisionWorld;
use crate::world::counts::Counts;
use crate::world::pair_result::{EntityPair, PairResult};
use crate::world::touching_pairs::TouchingPairs;

/// An entity losing more partners than this in one step has its `CollidingEntities`
/// rebuilt from the touching pairs instead of scanned once per lost partner (a pile-up
/// coming apart would otherwise cost the square of its size).
const REBUILD_AFTER: u32 = 32;

/// The mark, in [`CollisionWorld::partner_counts`], of an id whose list is rebuilt.
const REBUILT: u32 = 1 << 31;

/// An iterator that knows its exact length, so a `Vec` it extends reserves once.
struct Counted<I> {
    iterator: I,
    left: usize,
}

impl<I: Iterator> Iterator for Counted<I> {
    type Item = I::Item;

    fn next(&mut self) -> Option<I::Item> {
        let item = self.iterator.next()?;
        self.left -= 1;
        Some(item)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

/// Every pair that ended this step, in id-pair order: those the narrow phase listed,
/// merged with the results now apart.
fn ended_pairs(world: &CollisionWorld) -> impl Iterator<Item = EntityPair> + '_ {
    let mut listed = world.ended.iter().peekable();
    let mut apart = world
        .pair_results()
        .filter(|(_, r)| r.now_apart())
        .peekable();
    std::iter::from_fn(move || match (listed.peek(), apart.peek()) {
        (Some(&&(ids, entities)), Some(&(apart_ids, _))) if ids < apart_ids => {
            listed.next();
            Some(entities)
        }
        (_, Some(_)) => apart
            .next()
            .map(|(ids, _)| world.sides.in_entity_order(ids).0),
        (Some(&&(_, entities)), None) => {
            listed.next();
            Some(entities)
        }
        (None, None) => None,
    })
}

/// Writes `CollisionEvent`s (`Ongoing` only if [`SatConfig::ongoing_events`]),
/// triggers `CollisionStarted`/`CollisionEnded` on each entity of a pair that some
/// observer watches, and keeps `CollidingEntities` current.
pub(crate) fn report_collisions(
    mut world: ResMut<CollisionWorld>,
    mut diagnostics: ResMut<SatDiagnostics>,
    mut events: MessageWriter<CollisionEvent>,
    mut colliding: Query<&mut CollidingEntities, Allow<Disabled>>,
    mut commands: Commands,
    config: Res<SatConfig>,
    observer_entities: Query<&Observer>,
    mut observers: Local<CollisionObservers>,
    touching_pairs: Option<ResMut<TouchingPairs>>,
) {
    let start = Instant::now();
    // Taken out while the world is read; put back, all zero again, after.
    let mut partner_counts = std::mem::take(&mut world.partner_counts);
    let counts = world.counts;
    if counts.started != 0 || counts.ended != 0 || world.restored_step {
        observers.refresh(observer_entities.iter());
        report_changes(
            &world,
            counts,
            &mut partner_counts,
            &mut events,
            &mut colliding,
            &mut commands,
            &observers,
        );
    }
    if config.ongoing_events {
        write_ongoing(&world, counts.ongoing, &mut events);
    }
    world.partner_counts = partner_counts;
    if let Some(mut touching_pairs) = touching_pairs {
        keep_touching_pairs(&world, &mut touching_pairs);
    }
    diagnostics.events_time = start.elapsed();
}

/// Writes this step's touching pairs into `touching_pairs`, for a rollback library to
/// snapshot (kept only when the resource exists).
fn keep_touching_pairs(world: &CollisionWorld, touching_pairs: &mut TouchingPairs) {
    touching_pairs.step = world.step;
    touching_pairs.touching.clear();
    touching_pairs.swept.clear();
    for ((a, b), _, result) in pairs_where(world, |result| result.touching) {
        if result.swept {
            touching_pairs.swept.push((a, b));
        } else {
            touching_pairs.touching.push((a, b));
        }
    }
}

/// After a snapshot was loaded, every `CollidingEntities` may hold the abandoned
/// future's partners: empties them all and marks the ids of this step's touching pairs
/// to be refilled ([`REBUILT`]).
fn empty_every_list(
    world: &CollisionWorld,
    partner_counts: &mut [u32],
    colliding: &mut Query<&mut CollidingEntities, Allow<Disabled>>,
) {
    for mut list in colliding.iter_mut() {
        if !list.0.is_empty() {
            list.0.clear();
        }
    }
    for ((a, b), _) in world.pair_results().filter(|(_, result)| result.touching) {
        partner_counts[a as usize] = REBUILT;
        partner_counts[b as usize] = REBUILT;
    }
}

/// Reports the pairs that ended and started: their messages, `CollidingEntities` and
/// observer events.
fn report_changes(
    world: &CollisionWorld,
    counts: Counts,
    partner_counts: &mut Vec<u32>,
    events: &mut MessageWriter<CollisionEvent>,
    colliding: &mut Query<&mut CollidingEntities, Allow<Disabled>>,
    commands: &mut Commands,
    observers: &CollisionObservers,
) {
    partner_counts.resize(world.colliders.len(), 0);
    let restored = world.restored_step;

    events.write_batch(Counted {
        iterator: ended_pairs(world).map(|(a, b)| CollisionEvent::Ended { a, b }),
        left: counts.ended,
    });
    // Lists that lose many partners are rebuilt below rather than scanned per partner.
    for (a, b) in ended_pairs(world) {
        partner_counts[a.index_u32() as usize] += 1;
        partner_counts[b.index_u32() as usize] += 1;
    }
    let mut any_rebuilt = false;
    for (a, b) in ended_pairs(world) {
        for (entity, other) in [(a, b), (b, a)] {
            // Only entities still alive (they keep `CollidingEntities`) are told.
            let Ok(mut touching) = colliding.get_mut(entity) else {
                continue;
            };
            let count = &mut partner_counts[entity.index_u32() as usize];
            if restored {
                // Every list is rebuilt below.
            } else if *count & REBUILT != 0 {
                // Emptied already; refilled from the touching pairs.
            } else if *count > REBUILD_AFTER {
                touching.0.clear();
                *count = REBUILT;
                any_rebuilt = true;
            } else {
                touching.remove(other);
            }
            if observers.ended.contains(entity) {
                commands.trigger(CollisionEnded { entity, other });
            }
        }
    }
    // Only the ids of ended pairs were counted: clear those, keeping the marks.
    for (a, b) in ended_pairs(world) {
        partner_counts[a.index_u32() as usize] &= REBUILT;
        partner_counts[b.index_u32() as usize] &= REBUILT;
    }
    if restored {
        empty_every_list(world, partner_counts, colliding);
        any_rebuilt = true;
    }

    events.write_batch(Counted {
        iterator: pairs_where(world, PairResult::started).map(|((a, b), ids, result)| {
            CollisionEvent::Started {
                a,
                b,
                time_of_impact: swept_time(world, ids, result),
            }
        }),
        left: counts.started,
    });
    add_partners(world, partner_counts, any_rebuilt, colliding);
    clear_partner_counts(world, partner_counts, any_rebuilt);
    if observers.started.is_empty() {
        return;
    }
    for ((a, b), pair, result) in pairs_where(world, PairResult::started) {
        for (entity, other) in [(a, b), (b, a)] {
            if !observers.started.contains(entity) || colliding.get(entity).is_err() {
                continue;
            }
            // Computed only here, for an entity someone watches.
            let Some(contact) = world.contact_of(pair, result) else {
                continue;
            };
            commands.trigger(CollisionStarted {
                entity,
                other,
                contact: if entity == a {
                    contact
                } else {
                    contact.flipped()
                },
                time_of_impact: swept_time(world, pair, result),
            });
        }
    }
}

/// The last step's pairs whose result passes `keep`, each as its entities (smaller
/// first), its ids and its result, in id-pair order.
fn pairs_where(
    world: &CollisionWorld,
    keep: fn(&PairResult) -> bool,
) -> impl Iterator<Item = (EntityPair, IdPair, &PairResult)> {
    world
        .pair_results()
        .filter(move |(_, result)| keep(result))
        .map(|(ids, result)| (world.sides.in_entity_order(ids).0, ids, result))
}

/// The time of impact of pair `ids` with result `result`, if a sweep found it.
fn swept_time(world: &CollisionWorld, ids: IdPair, result: &PairResult) -> Option<f32> {
    result.swept.then(|| world.time_of_impact(ids)).flatten()
}

/// Writes `Ongoing` for every pair that goes on touching (`count` of them).
fn write_ongoing(world: &CollisionWorld, count: usize, events: &mut MessageWriter<CollisionEvent>) {
    events.write_batch(Counted {
        iterator: pairs_where(world, PairResult::ongoing)
            .map(|((a, b), _, _)| CollisionEvent::Ongoing { a, b }),
        left: count,
    });
}

/// The pairs whose entities [`add_partners`] may count: those that started, or every
/// touching pair when some list is rebuilt.
fn partner_pairs(
    world: &CollisionWorld,
    any_rebuilt: bool,
) -> impl Iterator<Item = (IdPair, &PairResult)> {
    world
        .pair_results()
        .filter(move |(_, r)| if any_rebuilt { r.touching } else { r.started() })
}

/// Zeroes `partner_counts` again where this step wrote it: at the ids of the pairs
/// that ended and of those [`partner_pairs`] walks. A step costs its pairs, never a pass
/// over every collider.
fn clear_partner_counts(world: &CollisionWorld, partner_counts: &mut [u32], any_rebuilt: bool) {
    for (a, b) in ended_pairs(world) {
        partner_counts[a.index_u32() as usize] = 0;
        partner_counts[b.index_u32() as usize] = 0;
    }
    for ((a, b), _) in partner_pairs(world, any_rebuilt) {
        partner_counts[a as usize] = 0;
        partner_counts[b as usize] = 0;
    }
    debug_assert!(partner_counts.iter().all(|&count| count == 0));
}

/// Adds to each `CollidingEntities` its new partners: those of the pairs that started,
/// and every touching partner for a list emptied to be rebuilt (marked [`REBUILT`] in
/// `partner_counts`, which holds nothing else on entry; `any_rebuilt` says whether any
/// is). Each list grows once, by the count of its new partners.
fn add_partners(
    world: &CollisionWorld,
    partner_counts: &mut [u32],
    any_rebuilt: bool,
    colliding: &mut Query<&mut CollidingEntities, Allow<Disabled>>,
) {
    // A pair adds `other` to `entity`'s list if it started, or if the list is rebuilt.
    let adds = |result: &PairResult, id: u32, counts: &[u32]| {
        result.touching && (!result.touched_before || counts[id as usize] & REBUILT != 0)
    };
    let touching = || partner_pairs(world, any_rebuilt);
    for (ids, result) in touching() {
        for id in [ids.0, ids.1] {
            if adds(result, id, partner_counts) {
                partner_counts[id as usize] += 1;
            }
        }
    }
    // First each pair's smaller id, whose pairs come in runs (one lookup per run), then
    // its larger id.
    for larger in [false, true] {
        let mut current: Option<(u32, Mut<CollidingEntities>)> = None;
        for (ids, result) in touching() {
            let (id, other) = if larger { (ids.1, ids.0) } else { ids };
            if !adds(result, id, partner_counts) {
                continue;
            }
            if current.as_ref().is_none_or(|(held, _)| *held != id) {
                current = colliding
                    .get_mut(world.sides.entity(id))
                    .ok()
                    .map(|list| (id, list));
                // The first of its pairs reserves room for all of them, then clears the
                // count so it is not reserved again.
                let count = &mut partner_counts[id as usize];
                let new = *count & !REBUILT;
                if let Some((_, list)) = current.as_mut()
                    && new != 0
                {
                    list.0.reserve(new as usize);
                    *count &= REBUILT;
                }
            }
            if let Some((_, list)) = current.as_mut() {
                list.0.push(world.sides.entity(other));
            }
        }
    }
}

#[cfg(test)]
mod tests;
