//! [`CollisionWorld`]: the plugin's state between steps, readable by users and the
//! overlay.

use std::sync::Arc;

use bevy::ecs::entity::EntityHashSet;
use bevy::prelude::*;
use sat2d::broad_phase::{Bounds, BroadPhase, IdPair, Mobility, SpatialHashGrid};
use sat2d::{Contact, Iso, Shape};

use crate::{Collider, CollisionLayers};

/// A pair of entities, smaller first.
pub type EntityPair = (Entity, Entity);

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
    /// The last step its shape, placement or layers changed.
    pub(crate) changed_step: u64,
    /// Whether the bad-transform or inexact-scale warning was already given.
    pub(crate) warned: bool,
}

/// The plugin's collision state: the broad phase, every placed collider, the candidate
/// pairs and the contacts of the last step.
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
    /// Entities that lost their collider this step (despawned or removed).
    pub(crate) forgotten: EntityHashSet,
    /// This step's candidate pairs (grid ids), after layer filtering.
    pub(crate) candidates: Vec<IdPair>,
    /// This step's narrow-phase results for every candidate pair, sorted by pair.
    pub(crate) results: Vec<(EntityPair, Option<Contact>)>,
    /// The pairs that touched as of the last events stage, sorted: what this step's
    /// events are computed against.
    pub(crate) touching: Vec<EntityPair>,
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
    /// entity to the second), sorted by pair.
    pub fn contacts(&self) -> impl Iterator<Item = (Entity, Entity, &Contact)> {
        self.results
            .iter()
            .filter_map(|((a, b), contact)| Some((*a, *b, contact.as_ref()?)))
    }

    /// The contact between `a` and `b` as of the last step, normal from `a` to `b`.
    #[must_use]
    pub fn contact(&self, a: Entity, b: Entity) -> Option<Contact> {
        let key = if a < b { (a, b) } else { (b, a) };
        let index = self
            .results
            .binary_search_by(|(pair, _)| pair.cmp(&key))
            .ok()?;
        let contact = self.results[index].1.as_ref()?;
        Some(if a < b {
            contact.clone()
        } else {
            contact.flipped()
        })
    }

    /// The pairs the broad phase proposed in the last step, as entities.
    pub fn candidate_pairs(&self) -> impl Iterator<Item = EntityPair> + '_ {
        self.results.iter().map(|(pair, _)| *pair)
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

    pub(crate) fn placed(&self, id: u32) -> &PlacedCollider {
        self.colliders[id as usize]
            .as_ref()
            .expect("grid ids always name a placed collider")
    }

    /// The id of `entity` if it has a placed collider: its index, checked against the
    /// generation.
    pub(crate) fn id_of(&self, entity: Entity) -> Option<u32> {
        let id = entity.index_u32();
        let placed = self.colliders.get(id as usize)?.as_ref()?;
        (placed.entity == entity).then_some(id)
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
            changed_step: self.step,
            warned: false,
        });
        self.tracked += 1;
        id
    }

    /// Drops `entity`'s collider: out of the broad phase, its pairs end this step.
    pub(crate) fn forget(&mut self, entity: Entity) {
        let Some(id) = self.id_of(entity) else {
            return;
        };
        self.grid.remove(id);
        self.colliders[id as usize] = None;
        self.tracked -= 1;
        self.forgotten.insert(entity);
    }
}
