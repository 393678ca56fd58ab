//! Stage 4, [`SatSystems::Events`](crate::SatSystems): `report_collisions` compares this
//! step's touching pairs with the last step's and reports the differences as messages,
//! observer events (for the entities observers watch, see [`CollisionObservers`]) and
//! `CollidingEntities`.
//!
//! Both lists are in the broad phase's id-pair order, so one merge walk finds every
//! change; the lists it fills live in the [`CollisionWorld`] and keep their capacity.

use bevy::ecs::observer::Observer;
use bevy::platform::time::Instant;
use bevy::prelude::*;

use crate::collision_observers::CollisionObservers;
use crate::pair_result::{EntityPair, PairKey, PairResult};
use crate::{
    CollidingEntities, CollisionEnded, CollisionEvent, CollisionStarted, CollisionWorld, SatConfig,
    SatDiagnostics,
};

/// A pair that touched in the last step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Touch {
    /// The pair.
    pub(crate) key: PairKey,
    /// Whether it touched only during the step (a swept contact), not at its end: such a
    /// touch is over by the next step, whatever that step finds.
    pub(crate) swept: bool,
}

/// The changes between last step's touching pairs and this step's results.
#[derive(Default)]
pub(crate) struct Changes {
    /// Pairs that stopped touching, in id-pair order.
    pub(crate) ended: Vec<EntityPair>,
    /// Indices into this step's results of the pairs that started touching.
    pub(crate) started: Vec<usize>,
    /// Indices into this step's results of the pairs that still touch.
    pub(crate) ongoing: Vec<usize>,
}

impl Changes {
    /// Fills the lists (cleared first) by merging `before`, last step's touching pairs,
    /// with `now`, this step's results; both are sorted by ids. A pair found in both
    /// continues only if it names the same entities, neither collider was renewed, and
    /// it touched at the end of the last step and touches at the end of this one (a
    /// swept contact on either side means they were apart in between); otherwise the
    /// old pair ends and the new one starts.
    fn collect(&mut self, before: &[Touch], now: &[PairResult]) {
        self.ended.clear();
        self.started.clear();
        self.ongoing.clear();
        let mut before = before.iter().peekable();
        let touching = now.iter().enumerate().filter(|(_, r)| r.contact.is_some());
        for (index, result) in touching {
            let ids = result.key.ids;
            while let Some(old) = before.next_if(|old| old.key.ids < ids) {
                self.ended.push(old.key.entities);
            }
            match before.next_if(|old| old.key.ids == ids) {
                Some(old)
                    if old.key == result.key
                        && !result.renewed
                        && !old.swept
                        && result.time_of_impact.is_none() =>
                {
                    self.ongoing.push(index);
                }
                Some(old) => {
                    self.ended.push(old.key.entities);
                    self.started.push(index);
                }
                None => self.started.push(index),
            }
        }
        self.ended.extend(before.map(|old| old.key.entities));
    }
}

/// Writes `CollisionEvent`s (`Ongoing` only if [`SatConfig::ongoing_events`]),
/// triggers `CollisionStarted`/`CollisionEnded` on each entity of a pair that some
/// observer watches, and keeps `CollidingEntities` current.
pub(crate) fn report_collisions(
    mut world: ResMut<CollisionWorld>,
    mut diagnostics: ResMut<SatDiagnostics>,
    mut events: MessageWriter<CollisionEvent>,
    mut colliding: Query<&mut CollidingEntities>,
    mut commands: Commands,
    config: Res<SatConfig>,
    observer_entities: Query<&Observer>,
    mut observers: Local<CollisionObservers>,
) {
    let start = Instant::now();
    let CollisionWorld {
        results,
        touching,
        changes,
        ..
    } = &mut *world;
    changes.collect(touching, results);
    if !(changes.started.is_empty() && changes.ended.is_empty()) {
        observers.refresh(observer_entities.iter());
    }

    // Messages are written in batches, each reserved once: a pile-up's millions of
    // `Started` never regrow the message buffer.
    events.write_batch(
        changes
            .ended
            .iter()
            .map(|&(a, b)| CollisionEvent::Ended { a, b }),
    );
    for &(a, b) in &changes.ended {
        for (entity, other) in [(a, b), (b, a)] {
            // Only entities still alive (they keep `CollidingEntities`) are told.
            if let Ok(mut touching) = colliding.get_mut(entity) {
                touching.0.remove(&other);
                if observers.ended.contains(entity) {
                    commands.trigger(CollisionEnded { entity, other });
                }
            }
        }
    }
    events.write_batch(changes.started.iter().map(|&index| {
        let result = &results[index];
        let (a, b) = result.key.entities;
        CollisionEvent::Started {
            a,
            b,
            contact: result.contact.clone().expect("started pairs touch"),
            time_of_impact: result.time_of_impact,
        }
    }));
    for &index in &changes.started {
        let result = &results[index];
        let (a, b) = result.key.entities;
        for (entity, other) in [(a, b), (b, a)] {
            // Like `Ended`: entities that still have `CollidingEntities` are told, the
            // contact's normal pointing from the observed entity.
            let Ok(mut touching) = colliding.get_mut(entity) else {
                continue;
            };
            touching.0.insert(other);
            if !observers.started.contains(entity) {
                continue;
            }
            let contact = result.contact.as_ref().expect("started pairs touch");
            commands.trigger(CollisionStarted {
                entity,
                other,
                contact: if entity == a {
                    contact.clone()
                } else {
                    contact.flipped()
                },
                time_of_impact: result.time_of_impact,
            });
        }
    }
    if config.ongoing_events {
        events.write_batch(changes.ongoing.iter().map(|&index| {
            let result = &results[index];
            let (a, b) = result.key.entities;
            let contact = result.contact.clone().expect("ongoing pairs touch");
            CollisionEvent::Ongoing { a, b, contact }
        }));
    }

    // This step's touching pairs, in id order, are the next step's `before`.
    touching.clear();
    // Every touching result started or goes on: reserved exactly, so a pile-up's list
    // is never regrown to twice its size.
    touching.reserve_exact(changes.started.len() + changes.ongoing.len());
    touching.extend(
        results
            .iter()
            .filter(|result| result.contact.is_some())
            .map(|result| Touch {
                key: result.key,
                swept: result.time_of_impact.is_some(),
            }),
    );
    diagnostics.events_time = start.elapsed();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pair_result::{Test, entity_at};
    use sat2d::{Contact, Vec2};

    /// The key of ids `(a, b)` for entities of generation `generation_a` and 0.
    fn key(a: u32, b: u32, generation_a: u32) -> PairKey {
        PairKey::new((a, b), entity_at(a, generation_a), entity_at(b, 0))
    }

    /// `key` as last step's touching pair, touching at the step's end.
    fn held(key: PairKey) -> Touch {
        Touch { key, swept: false }
    }

    fn touching(key: PairKey, renewed: bool) -> PairResult {
        PairResult {
            key,
            renewed,
            test: Test::None,
            contact: Some(Contact::new(Vec2::X, 1.0, &[], false, false)),
            time_of_impact: None,
        }
    }

    fn apart(key: PairKey) -> PairResult {
        PairResult {
            key,
            renewed: false,
            test: Test::None,
            contact: None,
            time_of_impact: None,
        }
    }

    fn keys(indices: &[usize], now: &[PairResult]) -> Vec<PairKey> {
        indices.iter().map(|&index| now[index].key).collect()
    }

    #[test]
    fn merges_before_and_now() {
        let before = [key(1, 2, 0), key(1, 3, 0), key(4, 5, 0), key(6, 7, 0)].map(held);
        let now = [
            touching(key(1, 3, 0), false),
            touching(key(2, 9, 0), false),
            touching(key(4, 5, 0), false),
            apart(key(6, 7, 0)),
        ];
        let mut changes = Changes::default();
        changes.collect(&before, &now);
        assert_eq!(
            changes.ended,
            [before[0].key.entities, before[3].key.entities]
        );
        assert_eq!(keys(&changes.started, &now), [key(2, 9, 0)]);
        assert_eq!(keys(&changes.ongoing, &now), [key(1, 3, 0), key(4, 5, 0)]);
        // The lists are refilled, not appended to.
        changes.collect(&[], &[]);
        assert!(changes.ended.is_empty() && changes.started.is_empty());
        assert!(changes.ongoing.is_empty());
    }

    #[test]
    fn a_renewed_collider_ends_and_restarts_its_pairs() {
        let before = [key(1, 2, 0), key(3, 4, 0)].map(held);
        let now = [touching(key(1, 2, 0), true), touching(key(3, 4, 0), false)];
        let mut changes = Changes::default();
        changes.collect(&before, &now);
        assert_eq!(changes.ended, [before[0].key.entities]);
        assert_eq!(keys(&changes.started, &now), [key(1, 2, 0)]);
        assert_eq!(keys(&changes.ongoing, &now), [key(3, 4, 0)]);
    }

    /// Index 2 reused by a new entity: same ids, other entities (here, with the newer
    /// generation, in the other entity order). The old pair ends under its own entities.
    #[test]
    fn a_reused_index_ends_the_old_pair_and_starts_the_new_one() {
        let before = [key(1, 2, 0)].map(held);
        let reused = PairKey::new((1, 2), entity_at(1, 0), entity_at(2, 1));
        assert_ne!(
            reused.ids_in_entity_order(),
            before[0].key.ids_in_entity_order()
        );
        let now = [touching(reused, false)];
        let mut changes = Changes::default();
        changes.collect(&before, &now);
        assert_eq!(changes.ended, [before[0].key.entities]);
        assert_eq!(keys(&changes.started, &now), [reused]);
        assert!(changes.ongoing.is_empty());
    }

    /// A swept hit means the pair was apart when the step began, and a swept touch
    /// last step means it was apart when that step ended: either way, a pair found in
    /// both lists ends and starts again, it does not go on.
    #[test]
    fn a_swept_touch_never_goes_on() {
        let swept = |key| PairResult {
            time_of_impact: Some(0.5),
            ..touching(key, false)
        };
        let before = [
            held(key(1, 2, 0)),
            held(key(3, 4, 0)),
            Touch {
                key: key(5, 6, 0),
                swept: true,
            },
        ];
        let now = [
            swept(key(1, 2, 0)),
            touching(key(5, 6, 0), false),
            swept(key(7, 8, 0)),
        ];
        let mut changes = Changes::default();
        changes.collect(&before, &now);
        let ended: Vec<_> = before.iter().map(|touch| touch.key.entities).collect();
        assert_eq!(changes.ended, ended);
        let started = [key(1, 2, 0), key(5, 6, 0), key(7, 8, 0)];
        assert_eq!(keys(&changes.started, &now), started);
        assert!(changes.ongoing.is_empty());
    }
}
