//! Stage 4, [`SatSystems::Events`](crate::SatSystems): `report_collisions` reports what
//! the narrow phase found changed as messages, observer events (for the entities
//! observers watch, see [`CollisionObservers`]) and `CollidingEntities`.
//!
//! Each result says whether its pair touches and whether it touched before, and the
//! narrow phase lists the touches no result carries on ([`CollisionWorld::ended`]),
//! both in id-pair order. Every message batch is reserved at its exact size, and each
//! `CollidingEntities` grows once per step, so a pile-up's millions of pairs are
//! written without regrowth. The lists are edited in entity order, each found once
//! ([`partner_lists`]).

use bevy::ecs::observer::Observer;
use bevy::ecs::system::NonSendMarker;
use bevy::platform::time::Instant;
use bevy::prelude::*;

use sat2d::broad_phase::IdPair;

use crate::diagnostics::SatDiagnostics;
use crate::events::collision_event::{CollisionEnded, CollisionEvent, CollisionStarted};
use crate::events::collision_observers::CollisionObservers;
use crate::sat_config::SatConfig;
use crate::step::splits_over_threads;
use crate::world::collision_world::CollisionWorld;
use crate::world::counts::Counts;
use crate::world::pair_result::{EntityPair, PairResult, in_entity_order};
use crate::world::touching_pairs::TouchingPairs;
use partner_lists::{ListEdits, Lists, empty_every_list};

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
/// observer watches, and keeps `CollidingEntities` current. Last, it decides whether the
/// next step's sync splits over two threads (`CollisionWorld::sync_on_two_threads`):
/// decided here, once, both of the sync's systems read the same answer.
pub(crate) fn report_collisions(
    _main_thread: NonSendMarker,
    mut world: ResMut<CollisionWorld>,
    mut diagnostics: ResMut<SatDiagnostics>,
    mut events: MessageWriter<CollisionEvent>,
    mut colliding: Lists,
    mut commands: Commands,
    config: Res<SatConfig>,
    observer_entities: Query<&Observer>,
    mut observers: Local<CollisionObservers>,
    mut edits: Local<ListEdits>,
    touching_pairs: Option<ResMut<TouchingPairs>>,
) {
    let start = Instant::now();
    // Taken out while the world is read; put back, all `false` again, after.
    let mut rebuilt_lists = std::mem::take(&mut world.rebuilt_lists);
    let counts = world.counts;
    if counts.started != 0 || counts.ended != 0 || world.restored_step {
        observers.refresh(observer_entities.iter());
        report_changes(
            &world,
            counts,
            &mut rebuilt_lists,
            &mut edits,
            &mut events,
            &mut colliding,
            &mut commands,
            &observers,
        );
    }
    if config.ongoing_events {
        write_ongoing(&world, counts.ongoing, &mut events);
    }
    world.rebuilt_lists = rebuilt_lists;
    if let Some(mut touching_pairs) = touching_pairs {
        keep_touching_pairs(&world, &mut touching_pairs);
    }
    world.sync_on_two_threads = splits_over_threads(&world, &config);
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

/// Reports the pairs that ended and started: their messages, `CollidingEntities` and
/// observer events.
#[expect(clippy::too_many_arguments, reason = "the stage's parts, passed once")]
fn report_changes(
    world: &CollisionWorld,
    counts: Counts,
    rebuilt_lists: &mut Vec<bool>,
    edits: &mut ListEdits,
    events: &mut MessageWriter<CollisionEvent>,
    colliding: &mut Lists,
    commands: &mut Commands,
    observers: &CollisionObservers,
) {
    rebuilt_lists.resize(world.colliders.len(), false);
    let restored = world.restored_step;
    edits.list_ended(ended_pairs(world));
    events.write_batch(Counted {
        iterator: edits.ended().map(|(a, b)| CollisionEvent::Ended { a, b }),
        left: counts.ended,
    });
    let any_rebuilt = if restored {
        // A snapshot was loaded: every list is emptied and rebuilt from the touching
        // pairs, none edited.
        empty_every_list(world, rebuilt_lists, colliding);
        true
    } else {
        edits.remove_ended(rebuilt_lists, colliding)
    };
    if !observers.ended.is_empty() {
        // Only entities still alive (they keep `CollidingEntities`) are told.
        for &(entity, other) in edits.lost_partners() {
            if observers.ended.contains(entity) && colliding.contains(entity) {
                commands.trigger(CollisionEnded { entity, other });
            }
        }
    }

    edits.list_started(world);
    events.write_batch(Counted {
        iterator: edits.started().iter().map(|&(ids, (a, b), result)| {
            let ((a, b), _) = in_entity_order(ids, a, b);
            CollisionEvent::Started {
                a,
                b,
                time_of_impact: swept_time(world, ids, &result),
            }
        }),
        left: counts.started,
    });
    edits.add_started(world, rebuilt_lists, any_rebuilt, colliding);
    if observers.started.is_empty() {
        return;
    }
    for &(pair, entities, result) in edits.started() {
        let ((a, b), _) = in_entity_order(pair, entities.0, entities.1);
        for (entity, other) in [(a, b), (b, a)] {
            if !observers.started.contains(entity) || !colliding.contains(entity) {
                continue;
            }
            // Computed only here, for an entity someone watches.
            let Some(contact) = world.contact_of(pair, &result) else {
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
                time_of_impact: swept_time(world, pair, &result),
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

mod partner_lists;

#[cfg(test)]
mod tests;
