//! [`CollidingEntities`]: who an entity touches now.

use bevy::prelude::*;

/// The entities this collider touches as of the last step, kept current by the plugin
/// (added automatically with [`Collider`](crate::Collider)).
///
/// A list in no particular order (8 bytes per partner: a pile-up of thousands keeps
/// millions of them), read as a slice; [`contains`](Self::contains) is a scan, quick
/// for the few partners a collider usually has.
///
/// ```
/// use bevy::prelude::*;
/// use bevy_sat2d::prelude::*;
/// fn report(query: Query<(Entity, &CollidingEntities), Changed<CollidingEntities>>) {
///     for (entity, touching) in &query {
///         info!("{entity} touches {} colliders", touching.len());
///         for &other in touching.iter() {
///             info!("  {other}");
///         }
///     }
/// }
/// # bevy::ecs::system::assert_is_system(report);
/// ```
#[derive(Component, Clone, Debug, Default, PartialEq, Eq, Deref)]
pub struct CollidingEntities(pub(crate) Vec<Entity>);

impl CollidingEntities {
    /// Whether `entity` touches this collider.
    #[must_use]
    pub fn contains(&self, entity: Entity) -> bool {
        self.0.contains(&entity)
    }

    /// The touching entities, sorted (for stable output).
    #[must_use]
    pub fn sorted(&self) -> Vec<Entity> {
        let mut entities = self.0.clone();
        entities.sort_unstable();
        entities
    }

    /// Drops `entity` from the list, if it is there.
    pub(crate) fn remove(&mut self, entity: Entity) {
        if let Some(index) = self.0.iter().position(|&other| other == entity) {
            self.0.swap_remove(index);
        }
    }
}
