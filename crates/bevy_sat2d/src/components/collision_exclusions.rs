//! [`CollisionExclusions`]: entities one collider never pairs with.

use bevy::ecs::entity::EntityHashSet;
use bevy::prelude::*;

use crate::world::removal::queue_collider_refresh;

/// Entities this collider never pairs with: a pair is dropped before the narrow phase
/// when either collider lists the other, or the other's body (its
/// [`ColliderOf`](crate::ColliderOf) target). A pair already touching ends when one
/// side starts excluding the other.
///
/// For a few specific pairs, such as a bullet and the ship that fired it; whole groups
/// are cheaper as [`CollisionLayers`](crate::CollisionLayers). Costs one look-up per
/// candidate pair of a collider that has it.
///
/// ```
/// use bevy::prelude::*;
/// use bevy_sat2d::prelude::*;
/// fn fire(mut commands: Commands, ship: Single<(Entity, &Transform), With<Collider>>) {
///     let (ship, at) = *ship;
///     commands.spawn((
///         Collider::circle(1.0),
///         *at,
///         CollisionExclusions::from_iter([ship]), // never hits the ship that fired it
///     ));
/// }
/// # bevy::ecs::system::assert_is_system(fire);
/// ```
#[derive(Component, Clone, Debug, Default, PartialEq, Eq, Deref, DerefMut)]
#[component(on_remove = queue_collider_refresh)]
pub struct CollisionExclusions(pub EntityHashSet);

impl CollisionExclusions {
    /// Whether `entity` is excluded.
    #[must_use]
    pub fn excludes(&self, entity: Entity) -> bool {
        self.0.contains(&entity)
    }
}

impl FromIterator<Entity> for CollisionExclusions {
    fn from_iter<I: IntoIterator<Item = Entity>>(entities: I) -> Self {
        Self(entities.into_iter().collect())
    }
}
