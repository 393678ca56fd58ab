//! Keeping each collider's [`CollidingEntities`] current from the pairs that ended and
//! started this step, one list at a time, in the order of the entities' indices.
//!
//! Each list is a component in Bevy's tables and a buffer of its own. A step of the
//! plugin bench's 100k moving colliders changes about 15,000 pairs, so 30,000 list
//! edits, spread over megabytes: a walk in pair order that loads each list as it
//! reaches it waits on a cache miss for the entity's location, another for the
//! component, then another for its buffer. So the edits are sorted by entity index
//! first (a radix sort, [`sort_by_first`], stable so each list's edits keep their order
//! and the lists come out as they would unsorted). Then each list is found once, Bevy's
//! entity records are read in index order (its table rows too, for entities spawned
//! together), and the walk finds [`RUNS_AT_ONCE`] lists at a time, asking for their
//! components and then their buffers with a prefetch ([`ask_for`]) before it edits
//! them ([`for_each_run`]).
//!
//! A list edit is `(entity, other)`: `other` is added to or dropped from `entity`'s
//! list. Ids are entity indices, so `rebuilt_lists` is indexed by `entity.index_u32()`.

use bevy::ecs::entity_disabling::Disabled;
use bevy::ecs::query::Allow;
use bevy::prelude::*;
use sat2d::broad_phase::{IdPair, sort_by_first};

use crate::events::colliding_entities::CollidingEntities;
use crate::step::read_ahead::ask_for;
use crate::world::collision_world::CollisionWorld;
use crate::world::pair_result::{EntityPair, PairResult};

/// Every collider's list, as the events stage edits them.
pub(super) type Lists<'world, 'state, 'query> =
    Query<'world, 'state, &'query mut CollidingEntities, Allow<Disabled>>;

/// An entity losing more partners than this in one step has its `CollidingEntities`
/// rebuilt from the touching pairs instead of scanned once per lost partner (a pile-up
/// coming apart would otherwise cost the square of its size).
pub(super) const REBUILD_AFTER: u32 = 32;

/// How many entities' lists the walk finds, then edits, at a time ([`for_each_run`]).
const RUNS_AT_ONCE: usize = 32;

/// One started pair: its ids, its two entities in the same order, and its result.
pub(super) type StartedPair = (IdPair, EntityPair, PairResult);

/// The pairs that changed in one step and the list edits they make, kept between
/// steps so that a step allocates nothing once they have grown to the scene's size.
/// Each pair's entities are looked up once, for its message, its edits and its
/// observers.
#[derive(Default)]
pub(crate) struct ListEdits {
    /// The partners each entity loses: both sides of every pair that ended, in
    /// id-pair order (each pair as `(a, b)` in entity order, then `(b, a)`).
    removed: Vec<EntityPair>,
    /// The pairs that started, in id-pair order.
    started: Vec<StartedPair>,
    /// The partners each entity gains: the smaller id's side of every pair that adds,
    /// in id-pair order, then the larger id's.
    added: Vec<EntityPair>,
    /// The edits being made, each as its entity's index and its place in `removed` or
    /// `added`, sorted by index (and place, within an index).
    order: Vec<IdPair>,
    /// The sort's scratch room.
    scratch: Vec<IdPair>,
}

impl ListEdits {
    /// Takes the pairs that `ended` (in entity order, in id-pair order) this step, both
    /// ways round: the edits that [`Self::remove_ended`] makes.
    pub(super) fn list_ended(&mut self, ended: impl Iterator<Item = EntityPair>) {
        self.removed.clear();
        for (a, b) in ended {
            self.removed.extend([(a, b), (b, a)]);
        }
    }

    /// The pairs [`Self::list_ended`] took, in entity order.
    pub(super) fn ended(&self) -> impl ExactSizeIterator<Item = EntityPair> + '_ {
        self.removed.iter().step_by(2).copied()
    }

    /// Each entity that lost a partner with that partner, both ways round for each
    /// ended pair, in id-pair order (as [`Self::list_ended`] took them).
    pub(super) fn lost_partners(&self) -> &[EntityPair] {
        &self.removed
    }

    /// Takes the pairs that started this step from `world`'s results.
    pub(super) fn list_started(&mut self, world: &CollisionWorld) {
        self.started.clear();
        self.started.extend(
            world
                .pair_results()
                .filter(|(_, result)| result.started())
                .map(|(ids, &result)| {
                    let entities = (world.sides.entity(ids.0), world.sides.entity(ids.1));
                    (ids, entities, result)
                }),
        );
    }

    /// The pairs [`Self::list_started`] took, in id-pair order.
    pub(super) fn started(&self) -> &[StartedPair] {
        &self.started
    }

    /// Drops each ended pair's partners from both lists. A list losing more than
    /// [`REBUILD_AFTER`] is emptied instead and marked in `rebuilt_lists` (all `false`
    /// on entry). Returns whether any list was marked.
    pub(super) fn remove_ended(&mut self, rebuilt_lists: &mut [bool], lists: &mut Lists) -> bool {
        sort_by_entity(&self.removed, &mut self.order, &mut self.scratch);
        let mut any_rebuilt = false;
        for_each_run(lists, &self.removed, &self.order, |entity, list, run| {
            if run.len() > REBUILD_AFTER as usize {
                list.0.clear();
                rebuilt_lists[entity.index_u32() as usize] = true;
                any_rebuilt = true;
            } else {
                for &(_, place) in run {
                    list.remove(self.removed[place as usize].1);
                }
            }
        });
        any_rebuilt
    }

    /// Adds to each list its new partners: those of the pairs that started (taken by
    /// [`Self::list_started`]), and every touching partner for a list emptied to be
    /// rebuilt (marked in `rebuilt_lists`; `any_rebuilt` says whether any is). Each
    /// list grows once, by the count of its new partners. Leaves `rebuilt_lists` all
    /// `false`.
    pub(super) fn add_started(
        &mut self,
        world: &CollisionWorld,
        rebuilt_lists: &mut [bool],
        any_rebuilt: bool,
        lists: &mut Lists,
    ) {
        // A pair adds `other` to `id`'s list if it started, or if the list is rebuilt.
        let adds = |result: &PairResult, id: u32| {
            result.touching && (!result.touched_before || rebuilt_lists[id as usize])
        };
        // First each pair's smaller id, then its larger: sorted, each list gains its
        // partners in the order it always has.
        self.added.clear();
        for larger in [false, true] {
            let side = |(a, b): EntityPair| if larger { (b, a) } else { (a, b) };
            if any_rebuilt {
                for (ids, result) in world.pair_results() {
                    if adds(result, if larger { ids.1 } else { ids.0 }) {
                        let entities = (world.sides.entity(ids.0), world.sides.entity(ids.1));
                        self.added.push(side(entities));
                    }
                }
            } else {
                let started = self.started.iter();
                self.added
                    .extend(started.map(|&(_, entities, _)| side(entities)));
            }
        }
        sort_by_entity(&self.added, &mut self.order, &mut self.scratch);
        for_each_run(lists, &self.added, &self.order, |_, list, run| {
            list.0.reserve(run.len());
            let added = &self.added;
            list.0
                .extend(run.iter().map(|&(_, place)| added[place as usize].1));
        });
        // Only the ids of this step's edits were marked: a step costs its pairs, never
        // a pass over every collider.
        for &(entity, _) in self.removed.iter().chain(&self.added) {
            rebuilt_lists[entity.index_u32() as usize] = false;
        }
        debug_assert!(rebuilt_lists.iter().all(|&rebuilt| !rebuilt));
    }
}

/// Puts in `order` each of `edits` as its entity's index and its place in `edits`,
/// sorted by index and then place.
fn sort_by_entity(edits: &[EntityPair], order: &mut Vec<IdPair>, scratch: &mut Vec<IdPair>) {
    order.clear();
    order.extend(
        edits
            .iter()
            .zip(0_u32..)
            .map(|(&(entity, _), place)| (entity.index_u32(), place)),
    );
    sort_by_first(order, scratch);
}

/// After a snapshot was loaded, every `CollidingEntities` may hold the abandoned
/// future's partners: empties them all and marks the ids of this step's touching pairs
/// to be refilled (in `rebuilt_lists`).
pub(super) fn empty_every_list(
    world: &CollisionWorld,
    rebuilt_lists: &mut [bool],
    lists: &mut Lists,
) {
    for mut list in lists.iter_mut() {
        if !list.0.is_empty() {
            list.0.clear();
        }
    }
    for ((a, b), _) in world.pair_results().filter(|(_, result)| result.touching) {
        rebuilt_lists[a as usize] = true;
        rebuilt_lists[b as usize] = true;
    }
}

/// Calls `edit` once per run of `order` (sorted [`sort_by_entity`]) to one entity of
/// `edits`, in order, with the entity, its list and the run, skipping the entities
/// that have no list (despawned).
///
/// The runs are taken [`RUNS_AT_ONCE`] at a time, in three passes: the first finds
/// each list (Bevy reads the entity's location, a load each, independent of the others,
/// so the core has many in flight at once) and asks for its component; the second asks
/// for each list's buffer (its component has arrived); the third edits them, all in
/// cache.
fn for_each_run(
    lists: &mut Lists,
    edits: &[EntityPair],
    order: &[IdPair],
    mut edit: impl FnMut(Entity, &mut Mut<CollidingEntities>, &[IdPair]),
) {
    let entity_at = |index: usize| edits[order[index].1 as usize].0;
    let mut runs = [(0, 0); RUNS_AT_ONCE];
    let mut start = 0;
    while start < order.len() {
        let mut count = 0;
        while count < RUNS_AT_ONCE && start < order.len() {
            let entity = entity_at(start);
            let length = (start + 1..order.len())
                .position(|index| entity_at(index) != entity)
                .map_or(order.len() - start, |others| others + 1);
            runs[count] = (start, length);
            count += 1;
            start += length;
        }
        let runs = &runs[..count];
        for &(first, _) in runs {
            if let Ok(list) = lists.get(entity_at(first)) {
                ask_for(list);
            }
        }
        for &(first, _) in runs {
            if let Ok(list) = lists.get(entity_at(first))
                && let Some(partner) = list.0.first()
            {
                ask_for(partner);
            }
        }
        for &(first, length) in runs {
            let entity = entity_at(first);
            if let Ok(mut list) = lists.get_mut(entity) {
                edit(entity, &mut list, &order[first..first + length]);
            }
        }
    }
}
