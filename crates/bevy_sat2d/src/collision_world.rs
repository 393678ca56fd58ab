//! [`CollisionWorld`]: the plugin's state between steps, readable by users and the
//! overlay, and the buffers every step reuses.

use std::sync::Arc;

use bevy::prelude::*;
use sat2d::broad_phase::{Bounds, BroadPhase, IdPair, Mobility, SpatialHashGrid};
use sat2d::{Contact, Iso, Shape};

use crate::pair_result::{EntityPair, PairResult};
use crate::report::{Changes, Touch};
use crate::swept_pairs::Sweep;
use crate::warnings::Warned;
use crate::{Collider, CollisionLayers};

/// What the plugin knows of one collider as of the last step.
#[derive(Clone, Debug)]
pub struct PlacedCollider {
    /// The entity.
    pub entity: Entity,
    /// The collider's shape with the entity's scale applied, in its local frame. At unit
    /// scale this is the [`Collider`]'s own shape, shared, not a copy.
    pub shape: Arc<Shape>,
    /// Where the shape is: translation and rotation of the `GlobalTransform`.
    pub iso: Iso,
    /// The scale that `shape` carries.
    pub scale: Vec2,
    /// The layers.
    pub layers: CollisionLayers,
    /// Whether the collider is static in the broad phase.
    pub mobility: Mobility,
    /// Its box and bounding circle, or `None` while it is skipped (bad transform).
    pub bounds: Option<Bounds>,
    /// The step this record was made: a collider removed and added back gets a new one.
    pub(crate) created_step: u64,
    /// The last step its shape, placement or layers changed.
    pub(crate) changed_step: u64,
    /// The warnings already given for this collider, one per cause.
    pub(crate) warned: Warned,
    /// Whether the entity's `Collider` was removed and the record waits in
    /// [`CollisionWorld::removed`] to be forgotten.
    pub(crate) removal_queued: bool,
    /// Whether the entity lost its `StaticCollider`, `ColliderOf` or
    /// `CollisionExclusions` and waits in [`CollisionWorld::refreshed`] to be placed
    /// again.
    pub(crate) refresh_queued: bool,
    /// The body the collider belongs to: its [`ColliderOf`](crate::ColliderOf) target,
    /// or the entity itself. Colliders of one body never pair.
    pub(crate) body: Entity,
    /// Whether the entity has [`CollisionExclusions`](crate::CollisionExclusions), for
    /// the broad phase to look up.
    pub(crate) has_exclusions: bool,
    /// How far a [`SweptCollider`](crate::SweptCollider) moved in step `motion_step`.
    pub(crate) motion: Vec2,
    /// The step `motion` belongs to; in any other step the collider is not swept.
    pub(crate) motion_step: u64,
}

impl PlacedCollider {
    /// How far this collider was swept in step `step`: zero unless it is a
    /// [`SweptCollider`](crate::SweptCollider) that moved then from a place the step
    /// before knew.
    pub(crate) fn motion(&self, step: u64) -> Vec2 {
        if self.motion_step == step {
            self.motion
        } else {
            Vec2::ZERO
        }
    }
}

/// The plugin's collision state: the broad phase, every placed collider, the candidate
/// pairs and the contacts of the last step.
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
    /// How many colliders have a record (placed or skipped).
    pub(crate) tracked: usize,
    /// This step's candidate pairs (grid ids), after layer filtering, sorted.
    pub(crate) candidates: Vec<IdPair>,
    /// This step's narrow-phase results for every candidate pair, in the same order.
    pub(crate) results: Vec<PairResult>,
    /// Empty between steps: the buffer that held the results of the step before last,
    /// kept for its capacity. The narrow phase writes into it while it reads `results`,
    /// then the two swap.
    pub(crate) spare_results: Vec<PairResult>,
    /// The pairs that touched as of the last events stage, sorted by ids: what this
    /// step's events are computed against.
    pub(crate) touching: Vec<Touch>,
    /// The events stage's lists (empty between steps).
    pub(crate) changes: Changes,
    /// This step's swept colliders that moved, recorded by the sync stage.
    pub(crate) sweeps: Vec<Sweep>,
    /// The broad phase's scratch list of the colliders along one sweep.
    pub(crate) swept_found: Vec<u32>,
    /// The broad phase's scratch list of pairs found along sweeps.
    pub(crate) swept_pairs: Vec<IdPair>,
    /// Colliders removed or despawned since the last sync, queued by `Collider`'s
    /// remove hook (see [`crate::removal`]), each once.
    pub(crate) removed: Vec<Entity>,
    /// Colliders that lost their `StaticCollider`, `ColliderOf` or
    /// `CollisionExclusions` since the last sync, queued by those components' remove
    /// hooks, each once.
    pub(crate) refreshed: Vec<Entity>,
    /// Whether the pile-up warning ([`SatConfig::pile_up_warning`]) was given.
    ///
    /// [`SatConfig::pile_up_warning`]: crate::SatConfig::pile_up_warning
    pub(crate) pile_up_warned: bool,
}

/// The record of grid id `id`, which the grid only hands out for placed colliders.
pub(crate) fn placed(colliders: &[Option<PlacedCollider>], id: u32) -> &PlacedCollider {
    colliders[id as usize]
        .as_ref()
        .expect("grid ids always name a placed collider")
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
    pub fn contacts(&self) -> impl Iterator<Item = (Entity, Entity, &Contact)> {
        self.results.iter().filter_map(|result| {
            let (a, b) = result.key.entities;
            Some((a, b, result.contact.as_ref()?))
        })
    }

    /// The contact between `a` and `b` as of the last step, normal from `a` to `b` (for
    /// a swept hit, the contact at the time of impact, as [`Self::contacts`] lists it).
    #[must_use]
    pub fn contact(&self, a: Entity, b: Entity) -> Option<Contact> {
        let (id_a, id_b) = (self.id_of(a)?, self.id_of(b)?);
        let ids = (id_a.min(id_b), id_a.max(id_b));
        let index = self
            .results
            .binary_search_by_key(&ids, |result| result.key.ids)
            .ok()?;
        let result = &self.results[index];
        let contact = result.contact.as_ref()?;
        match result.key.entities {
            (first, second) if (first, second) == (a, b) => Some(contact.clone()),
            (first, second) if (first, second) == (b, a) => Some(contact.flipped()),
            _ => None,
        }
    }

    /// The pairs the broad phase proposed in the last step, as entities (the smaller
    /// first), in the broad phase's pair order.
    pub fn candidate_pairs(&self) -> impl Iterator<Item = EntityPair> + '_ {
        self.results.iter().map(|result| result.key.entities)
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

    /// The id of `entity`, creating its collider record (sharing `collider`'s shape, not
    /// yet placed) if it is new. Ids are entity indices: dense, with no map to look up.
    pub(crate) fn id_for(
        &mut self,
        entity: Entity,
        mobility: Mobility,
        collider: &Collider,
    ) -> u32 {
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
            shape: Arc::clone(collider.shared_shape()),
            iso: Iso::IDENTITY,
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
            motion_step: 0,
        });
        self.tracked += 1;
        id
    }

    /// Drops `entity`'s collider: out of the broad phase, its pairs end this step (they
    /// are no candidates; if the entity gets a collider again, its new record's
    /// `created_step` tells its pairs apart from the old ones).
    pub(crate) fn forget(&mut self, entity: Entity) {
        let Some(id) = self.id_of(entity) else {
            return;
        };
        self.grid.remove(id);
        self.colliders[id as usize] = None;
        self.tracked -= 1;
    }
}

#[cfg(test)]
mod tests;
