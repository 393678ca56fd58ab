//! [`TouchingPairs`]: the last step's touching pairs, as a resource a rollback library
//! can snapshot and restore.

use bevy::ecs::entity::{EntityMapper, MapEntities};
use bevy::prelude::*;

use crate::world::pair_result::EntityPair;

/// The pairs that touched at the end of the last step (and those a
/// [`SweptCollider`](crate::SweptCollider) touched during it), the one piece of the
/// plugin's state between steps that changes what the next step reports: a pair in it
/// that touches again goes on (`Ongoing`), one that does not ends (`Ended`), and a pair
/// not in it that touches starts (`Started`).
///
/// It is kept only when present: [`SatRollback::register`](crate::SatRollback::register)
/// inserts it, and the rollback library snapshots it with the rest of the rollback
/// set. When a snapshot is loaded, the next step sees that this resource is not the one
/// the last step wrote (its `step` differs) and compares against the restored pairs
/// instead of its own, so the re-simulated frame reports what the first simulation
/// did; it then tests every pair afresh (no result of the abandoned future is reused)
/// and rebuilds every [`CollidingEntities`](crate::CollidingEntities) from the pairs.
///
/// 16 bytes a touching pair (an entity pair), in the order of the pairs' entity
/// indices; it names entities, so a library that maps entities on load must map it too
/// ([`MapEntities`]).
///
/// ```
/// use bevy::prelude::*;
/// use bevy_sat2d::prelude::*;
/// use bevy_sat2d::{SatRollback, TouchingPairs};
///
/// let mut app = App::new();
/// app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default()));
/// SatRollback::insert_resources(&mut app);
/// let a = app.world_mut().spawn((Collider::circle(1.0), Transform::default())).id();
/// let b = app.world_mut().spawn((Collider::circle(1.0), Transform::from_xyz(1.5, 0.0, 0.0))).id();
/// app.update();
/// let pairs = app.world().resource::<TouchingPairs>();
/// assert_eq!(pairs.pairs(), &[(a.min(b), a.max(b))]);
/// ```
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct TouchingPairs {
    /// The step that wrote it ([`CollisionWorld::step`](crate::CollisionWorld::step)).
    pub(crate) step: u64,
    /// The pairs touching at the end of that step, smaller entity first.
    pub(crate) touching: Vec<EntityPair>,
    /// The pairs a sweep found touching during the step but apart at its end: they
    /// end in the next step whatever it finds.
    pub(crate) swept: Vec<EntityPair>,
}

impl TouchingPairs {
    /// The pairs touching at the end of the step that wrote it, smaller entity first,
    /// in the order of their entity indices (smaller index, then larger).
    #[must_use]
    pub fn pairs(&self) -> &[EntityPair] {
        &self.touching
    }

    /// The pairs a [`SweptCollider`](crate::SweptCollider) touched during the step but
    /// left before its end, in the same order.
    #[must_use]
    pub fn swept_pairs(&self) -> &[EntityPair] {
        &self.swept
    }

    /// Its size in bytes, heap included: what one snapshot of it costs.
    #[must_use]
    pub fn snapshot_bytes(&self) -> usize {
        size_of::<Self>() + (self.touching.len() + self.swept.len()) * size_of::<EntityPair>()
    }
}

impl MapEntities for TouchingPairs {
    fn map_entities<E: EntityMapper>(&mut self, mapper: &mut E) {
        for (a, b) in self.touching.iter_mut().chain(self.swept.iter_mut()) {
            let (mapped_a, mapped_b) = (mapper.get_mapped(*a), mapper.get_mapped(*b));
            (*a, *b) = (mapped_a.min(mapped_b), mapped_a.max(mapped_b));
        }
    }
}
