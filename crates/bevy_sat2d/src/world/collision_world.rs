//! [`CollisionWorld`]: the plugin's state between steps, readable by users and the
//! overlay, and the buffers every step reuses.

use std::sync::Arc;

use bevy::prelude::*;
use sat2d::broad_phase::{
    Bounds, BroadPhase, BroadPhaseError, IdPair, LocalBounds, Mobility, SpatialHashGrid,
};
use sat2d::{Contact, Iso, Shape};

use crate::components::collision_layers::CollisionLayers;
use crate::world::collider_sides::ColliderSides;
use crate::world::counts::Counts;
use crate::world::pair_result::EndedPair;
use crate::world::pair_result::{EntityPair, PairResult, SweptHit};
use crate::world::placed_collider::PlacedCollider;
use crate::world::sweep::Sweep;
use crate::world::warnings::Warned;

/// The plugin's collision state: the broad phase, every placed collider, and the last
/// step's candidate pairs with whether each touches (contacts are computed on request,
/// see [`Self::contact`]).
///
/// Read it between steps, or after [`SatSystems::Events`](crate::SatSystems::Events):
/// in the middle of a step (after the sync, before the narrow phase) the pairs are still
/// the last step's while the colliders are already this step's, and a pair whose
/// collider went in the sync is left out.
///
/// Pairs are listed in the broad phase's order: by the pair's smaller entity index, then
/// its larger one. Within a pair the entities are in entity order (`a < b` as `Entity`
/// compares them, which is not index order), and a contact's normal points from `a` to
/// `b`.
///
/// Read it to ask questions between steps, e.g. which collider is under the cursor:
///
/// ```
/// use bevy::prelude::*;
/// use bevy_sat2d::prelude::*;
/// fn pick(world: Res<CollisionWorld>) {
///     let under_cursor: Vec<Entity> = world.entities_at(Vec2::new(10.0, 5.0));
///     for (a, b, contact) in world.contacts() {
///         info!("{a} touches {b}, depth {}", contact.depth);
///     }
/// }
/// # bevy::ecs::system::assert_is_system(pick);
/// ```
#[derive(Resource, Default)]
pub struct CollisionWorld {
    pub(crate) grid: SpatialHashGrid,
    pub(crate) step: u64,
    /// Collider records indexed by entity index (the grid id).
    pub(crate) colliders: Vec<Option<PlacedCollider>>,
    /// What each moving record's shape's bounds are made from, indexed like
    /// `colliders` (as far as the last moving id), or `None` for a shape of many
    /// points or a static collider: set each time the sync places a record through
    /// `sync_collider` (the only way a record's shape or mobility changes), so that a
    /// collider that only moved gets its bounds without its shape being read
    /// ([`LocalBounds`]); an entry whose record went stays until its id is placed again,
    /// read only for a moving record placed since.
    pub(crate) local_bounds: Vec<Option<LocalBounds>>,
    /// How many colliders have a record (placed or skipped).
    pub(crate) tracked: usize,
    /// The broad phase's candidate pairs (grid ids), after filtering, sorted: filled by
    /// the broad phase, then taken over by the narrow phase as `pairs` (the buffer left
    /// here is emptied for the next step).
    pub(crate) candidates: Vec<IdPair>,
    /// The pairs of `results`, in the same order: the last narrow phase's candidates.
    pub(crate) pairs: Vec<IdPair>,
    /// This step's narrow-phase results for every candidate pair, in the same order.
    pub(crate) results: Vec<PairResult>,
    /// Empty between steps: the buffer that held the results of the step before last,
    /// kept for its capacity. The narrow phase writes into it while it reads `results`,
    /// then the two swap.
    pub(crate) spare_results: Vec<PairResult>,
    /// How many of this step's pairs started, went on and ended, counted by the narrow
    /// phase for the events stage.
    pub(crate) counts: Counts,
    /// Each collider's entity and this step's flags, by id, for the pair walks.
    pub(crate) sides: ColliderSides,
    /// The ids whose record was made, placed, swept or forgotten since the narrow phase
    /// last refreshed `sides` (which drains it), each at least once: whoever writes
    /// a record's entity or steps pushes its id, so that the refresh reads only these.
    pub(crate) touched: Vec<u32>,
    /// This step's touches found by sweeps, in id order (see [`PairResult::swept`]).
    pub(crate) swept_hits: Vec<SweptHit>,
    /// Indices into `results` of this step's pairs to sweep, in order.
    pub(crate) sweep_tests: Vec<usize>,
    /// Last step's touching pairs that ended without a result of this step to say so
    /// (no longer candidates, a collider renewed, or a swept touch over), in id order.
    pub(crate) ended: Vec<EndedPair>,
    /// The records forgotten in this step's sync, as `(id, entity)` in the order they
    /// went (sorted by id, stably, before the narrow phase): the entities of last
    /// step's pairs that lost a record.
    pub(crate) forgotten: Vec<(u32, Entity)>,
    /// The events stage's marks of the ids whose `CollidingEntities` it rebuilds this
    /// step, indexed by id (all `false` between steps).
    pub(crate) rebuilt_lists: Vec<bool>,
    /// This step's swept colliders that moved, recorded by the sync stage.
    pub(crate) sweeps: Vec<Sweep>,
    /// The sync's moves of placed colliders, `(id, new bounds)`, queued for the grid to
    /// apply at once, in the spatial order of their cells; empty outside the sync.
    pub(crate) moves: Vec<(u32, Bounds)>,
    /// Scratch room for the moves the grid refused; empty outside the sync.
    pub(crate) refused_moves: Vec<BroadPhaseError>,
    /// The broad phase's scratch list of the colliders along one sweep.
    pub(crate) swept_found: Vec<u32>,
    /// The broad phase's scratch list of pairs found along sweeps.
    pub(crate) swept_pairs: Vec<IdPair>,
    /// Colliders removed or despawned since the last sync, queued by `Collider`'s
    /// remove hook (see [`crate::world::removal`]), each once.
    pub(crate) removed: Vec<Entity>,
    /// Colliders that lost their `StaticCollider`, `ColliderOf` or
    /// `CollisionExclusions` since the last sync, queued by those components' remove
    /// hooks, each once.
    pub(crate) refreshed: Vec<Entity>,
    /// How many records are [`filtered`](PlacedCollider::is_filtered): while none
    /// is, the broad phase keeps every pair without reading their records.
    pub(crate) filtered_colliders: usize,
    /// Whether the pile-up warning ([`SatConfig::pile_up_warning`]) was given.
    ///
    /// [`SatConfig::pile_up_warning`]: crate::SatConfig::pile_up_warning
    pub(crate) pile_up_warned: bool,
    /// Whether this step compared with a loaded snapshot's
    /// [`TouchingPairs`](crate::TouchingPairs) rather than the last step's results
    /// (set by the narrow phase, for the report to rebuild every `CollidingEntities`).
    pub(crate) restored_step: bool,
    /// Whether the next step's sync runs on the main thread and splits its work over
    /// two threads: decided at the end of each step by the events stage
    /// ([`splits_over_threads`](crate::step::splits_over_threads)), so that the sync's
    /// two systems read one answer within a step (the sync itself changes the count it
    /// is decided on).
    pub(crate) sync_on_two_threads: bool,
}

impl CollisionWorld {
    /// How many steps have run.
    #[must_use]
    pub fn step(&self) -> u64 {
        self.step
    }

    /// The broad phase (for its occupied cells, or queries by box).
    #[must_use]
    pub fn broad_phase(&self) -> &SpatialHashGrid {
        &self.grid
    }

    /// The placed collider of `entity`, if it has one.
    #[must_use]
    pub fn collider(&self, entity: Entity) -> Option<&PlacedCollider> {
        let id = self.id_of(entity)?;
        self.colliders[id as usize].as_ref()
    }

    /// Every placed collider, in no particular order.
    pub fn colliders(&self) -> impl Iterator<Item = &PlacedCollider> {
        self.colliders.iter().flatten()
    }

    /// Every touching pair of the last step with its contact (normal from the first
    /// entity to the second, the smaller entity first), in the broad phase's pair order.
    /// A pair a [`SweptCollider`](crate::SweptCollider) hit during the step but left
    /// before its end is listed with the contact at the time of impact.
    ///
    /// Each contact is computed as the iterator reaches it (see [`Self::contact`]); for
    /// the pairs alone, use [`Self::touching_pairs`].
    pub fn contacts(&self) -> impl Iterator<Item = (Entity, Entity, Contact)> + '_ {
        self.pair_results()
            .filter(|(_, result)| result.touching)
            .filter_map(|(ids, result)| {
                let ((a, b), _) = self.in_entity_order(ids);
                Some((a, b, self.contact_of(ids, result)?))
            })
    }

    /// The last step's pairs with their results, in the broad phase's pair order.
    pub(crate) fn pair_results(&self) -> impl Iterator<Item = (IdPair, &PairResult)> + '_ {
        self.pairs.iter().copied().zip(&self.results)
    }

    /// Every touching pair of the last step (the smaller entity first), in the broad
    /// phase's pair order: the pairs of [`Self::contacts`], without computing contacts.
    pub fn touching_pairs(&self) -> impl Iterator<Item = EntityPair> + '_ {
        self.pair_results()
            .filter(|(_, result)| result.touching)
            .map(|(ids, _)| self.in_entity_order(ids).0)
    }

    /// The contact between `a` and `b` as of the last step, normal from `a` to `b`, or
    /// `None` if they did not touch (for a swept hit, the contact at the time of impact,
    /// as [`Self::contacts`] lists it).
    ///
    /// The step records only which pairs touch; the contact is computed here, from the
    /// colliders as the step placed them, by the same routine the step's test agrees
    /// with ([`sat2d::contact`]), so it is the same between one step and the next
    /// however often it is asked. That costs one SAT contact (tens to hundreds of
    /// nanoseconds for convex shapes) and a binary search over the pairs.
    #[must_use]
    pub fn contact(&self, a: Entity, b: Entity) -> Option<Contact> {
        let (id_a, id_b) = (self.id_of(a)?, self.id_of(b)?);
        let ids = (id_a.min(id_b), id_a.max(id_b));
        let index = self.pairs.binary_search(&ids).ok()?;
        let result = &self.results[index];
        if !result.touching {
            return None;
        }
        // The pair as the last step knew it: an index reused since names another pair.
        let ((first, second), _) = self.in_entity_order(ids);
        if (first, second) != (a.min(b), a.max(b)) {
            return None;
        }
        let contact = self.contact_of(ids, result)?;
        Some(if first == a {
            contact
        } else {
            contact.flipped()
        })
    }

    /// The contact of the touching pair `pair` (its ids, smaller first) with result
    /// `result`: its swept hit's, or computed at the colliders' places, normal from the
    /// smaller entity to the larger.
    pub(crate) fn contact_of(&self, pair: IdPair, result: &PairResult) -> Option<Contact> {
        if result.swept {
            let index = self
                .swept_hits
                .binary_search_by_key(&pair, |hit| hit.ids)
                .ok()?;
            return Some(self.swept_hits[index].contact.clone());
        }
        let (_, ids) = self.in_entity_order(pair);
        // The records, if they are still the pair's (read in the middle of a step, a
        // collider may have gone in this step's sync).
        let record = |id: u32| {
            self.colliders
                .get(id as usize)?
                .as_ref()
                .filter(|placed| placed.entity == self.sides.entity(id))
        };
        let (a, b) = (record(ids.0)?, record(ids.1)?);
        // Against level geometry, the surface's contact (world/seamless_contact.rs).
        match (a.mobility, b.mobility) {
            (Mobility::Moving, Mobility::Static) => self.contact_with_surface(a, b),
            (Mobility::Static, Mobility::Moving) => self
                .contact_with_surface(b, a)
                .map(|contact| contact.flipped()),
            _ => sat2d::contact(&a.shape, &a.iso, &b.shape, &b.iso),
        }
    }

    /// For a pair a sweep found touching during the last step but apart at its end,
    /// when they met as a fraction of the step; `None` for any other pair.
    pub(crate) fn time_of_impact(&self, ids: (u32, u32)) -> Option<f32> {
        let index = self
            .swept_hits
            .binary_search_by_key(&ids, |hit| hit.ids)
            .ok()?;
        Some(self.swept_hits[index].time_of_impact)
    }

    /// The last step's pair `ids` in entity order: the entities smaller first, and their
    /// ids in the same order.
    pub(crate) fn in_entity_order(&self, ids: (u32, u32)) -> (EntityPair, (u32, u32)) {
        self.sides.in_entity_order(ids)
    }

    /// The pairs the broad phase proposed in the last step, as entities (the smaller
    /// first), in the broad phase's pair order.
    pub fn candidate_pairs(&self) -> impl Iterator<Item = EntityPair> + '_ {
        self.pairs.iter().map(|&ids| self.in_entity_order(ids).0)
    }

    /// The entities whose collider holds `point` (boundary included), sorted.
    #[must_use]
    pub fn entities_at(&self, point: Vec2) -> Vec<Entity> {
        let mut ids = Vec::new();
        self.grid.query_point(point, &mut ids);
        let mut entities: Vec<Entity> = ids
            .iter()
            .filter_map(|&id| self.colliders[id as usize].as_ref())
            .filter(|placed| sat2d::contains_point(&placed.shape, &placed.iso, point))
            .map(|placed| placed.entity)
            .collect();
        entities.sort_unstable();
        entities
    }

    /// The id of `entity` if it has a placed collider: its index, checked against the
    /// generation.
    pub(crate) fn id_of(&self, entity: Entity) -> Option<u32> {
        let id = entity.index_u32();
        let placed = self.colliders.get(id as usize)?.as_ref()?;
        (placed.entity == entity).then_some(id)
    }

    /// The record of `entity`, if it has one (placed or skipped).
    pub(crate) fn record_mut(&mut self, entity: Entity) -> Option<&mut PlacedCollider> {
        let id = self.id_of(entity)?;
        self.colliders[id as usize].as_mut()
    }

    /// The id of `entity`, creating its collider record (sharing `shape`, not
    /// yet placed) if it is new. Ids are entity indices: dense, with no map to look up.
    pub(crate) fn id_for(&mut self, entity: Entity, mobility: Mobility, shape: &Arc<Shape>) -> u32 {
        let id = entity.index_u32();
        match self.colliders.get(id as usize) {
            Some(Some(placed)) if placed.entity == entity => return id,
            // An older entity with this index whose removal was not seen: end it now.
            Some(Some(stale)) => self.forget(stale.entity),
            Some(None) => {}
            None => self.colliders.resize_with(id as usize + 1, || None),
        }
        self.colliders[id as usize] = Some(PlacedCollider {
            entity,
            shape: Arc::clone(shape),
            iso: Iso::IDENTITY,
            previous_translation: Vec2::ZERO,
            scale: Vec2::ZERO,
            layers: CollisionLayers::default(),
            mobility,
            bounds: None,
            created_step: self.step,
            changed_step: self.step,
            warned: Warned::default(),
            removal_queued: false,
            refresh_queued: false,
            body: entity,
            has_exclusions: false,
            motion: Vec2::ZERO,
            turn: 0.0,
            motion_step: 0,
        });
        self.tracked += 1;
        id
    }

    /// Moves `entity`'s placed collider by `offset` within this step, after the sync
    /// placed it: for a system that moves colliders between the sync and the broad
    /// phase (the character mover), so this step's pairs and events see where they
    /// ended. `has_exclusions` refreshes whether it has
    /// [`CollisionExclusions`](crate::CollisionExclusions) (inserted since the sync).
    /// A collider that is not placed, or whose moved box the grid refuses, is left as
    /// it is: the next sync places it from its `GlobalTransform`.
    pub(crate) fn shift_placed(&mut self, entity: Entity, offset: Vec2, has_exclusions: bool) {
        let Some(id) = self.id_of(entity) else {
            return;
        };
        let step = self.step;
        let placed = self.colliders[id as usize]
            .as_mut()
            .expect("id_of names a record");
        placed.has_exclusions = has_exclusions;
        if offset == Vec2::ZERO || placed.bounds.is_none() {
            return;
        }
        let iso = Iso {
            translation: placed.iso.translation + offset,
            rotation: placed.iso.rotation,
        };
        let bounds = Bounds::of(&placed.shape, &iso);
        if self.grid.update(id, bounds).is_ok() {
            if placed.changed_step != step {
                placed.previous_translation = placed.iso.translation;
            }
            placed.iso = iso;
            placed.bounds = Some(bounds);
            placed.changed_step = step;
            self.touched.push(id);
        }
    }

    /// Drops `entity`'s collider: out of the broad phase, its pairs end this step (they
    /// are no candidates; if the entity gets a collider again, its new record's
    /// `created_step` tells its pairs apart from the old ones).
    pub(crate) fn forget(&mut self, entity: Entity) {
        let Some(id) = self.id_of(entity) else {
            return;
        };
        self.grid.remove(id);
        if self.colliders[id as usize]
            .as_ref()
            .is_some_and(PlacedCollider::is_filtered)
        {
            self.filtered_colliders -= 1;
        }
        self.colliders[id as usize] = None;
        self.touched.push(id);
        self.forgotten.push((id, entity));
        self.tracked -= 1;
    }
}

#[cfg(test)]
mod tests;
