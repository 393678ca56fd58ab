//! [`CollidingEntities`]: who an entity touches now.

use bevy::ecs::entity::EntityHashSet;
use bevy::prelude::*;

/// The entities this collider touches as of the last step, kept current by the plugin
/// (added automatically with [`Collider`](crate::Collider)).
///
/// ```
/// use bevy::prelude::*;
/// use bevy_sat2d::prelude::*;
/// fn report(query: Query<(Entity, &CollidingEntities), Changed<CollidingEntities>>) {
///     for (entity, touching) in &query {
///         info!("{entity} touches {} colliders", touching.len());
///     }
/// }
/// # bevy::ecs::system::assert_is_system(report);
/// ```
#[derive(Component, Clone, Debug, Default, PartialEq, Eq, Deref)]
pub struct CollidingEntities(pub(crate) EntityHashSet);

impl CollidingEntities {
    /// Whether `entity` touches this collider.
    #[must_use]
    pub fn contains(&self, entity: Entity) -> bool {
        self.0.contains(&entity)
    }

    /// The touching entities, sorted (for stable output).
    #[must_use]
    pub fn sorted(&self) -> Vec<Entity> {
        let mut entities: Vec<Entity> = self.0.iter().copied().collect();
        entities.sort_unstable();
        entities
    }
}
