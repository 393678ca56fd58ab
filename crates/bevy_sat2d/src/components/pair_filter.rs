//! [`PairFilter`]: a game's own rule for which candidate pairs are tested.

use std::sync::Arc;

use bevy::prelude::*;

/// A hook the broad phase calls on every candidate pair that passed layers, bodies and
/// exclusions, with the two entities in entity order (`a < b`): `false` drops the pair.
/// A dropped pair is not tested; if it was touching, it ends (`Ended`, as for a layer
/// change). Without the resource nothing is called.
///
/// The closure sees only the two entities, and runs once per candidate pair every step,
/// so keep it cheap; state it needs (a set of entities, a flag) can live in it behind
/// an `Arc` and a lock or atomics. For rules that fit them, [`CollisionLayers`],
/// [`ColliderOf`] and [`CollisionExclusions`] are cheaper.
///
/// [`CollisionLayers`]: crate::CollisionLayers
/// [`ColliderOf`]: crate::ColliderOf
/// [`CollisionExclusions`]: crate::CollisionExclusions
///
/// ```
/// use bevy::prelude::*;
/// use bevy_sat2d::prelude::*;
/// let mut app = App::new();
/// app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default()));
/// // Entities with an even index never pair with each other.
/// app.insert_resource(PairFilter::new(|a: Entity, b: Entity| {
///     a.index_u32() % 2 == 1 || b.index_u32() % 2 == 1
/// }));
/// ```
#[derive(Resource, Clone)]
pub struct PairFilter(Arc<dyn Fn(Entity, Entity) -> bool + Send + Sync>);

impl PairFilter {
    /// The filter calling `keep(a, b)` on each candidate pair.
    pub fn new(keep: impl Fn(Entity, Entity) -> bool + Send + Sync + 'static) -> Self {
        Self(Arc::new(keep))
    }

    /// Whether the pair `(a, b)` is kept.
    #[must_use]
    pub fn keeps(&self, a: Entity, b: Entity) -> bool {
        (self.0)(a, b)
    }
}

impl core::fmt::Debug for PairFilter {
    fn fmt(&self, formatter: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        formatter.write_str("PairFilter(..)")
    }
}
