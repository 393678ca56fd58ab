//! [`ColliderOf`] and [`BodyColliders`]: colliders that make up one body, which never
//! pair with each other.

use bevy::prelude::*;

use super::body_parts::BodyParts;
use crate::world::removal::queue_collider_refresh;

/// Makes this collider a part of `body` (an entity, often its parent): colliders of one
/// body never pair with each other. A collider without `ColliderOf` is its own body, so
/// a body entity with a [`Collider`](crate::Collider) of its own does not pair with its
/// parts either.
///
/// A Bevy relationship: the body gets [`BodyColliders`] listing its parts. Pairing is
/// opt-in this way rather than by hierarchy, so a child collider that should touch its
/// parent (a sword's hit box against a shield on the same character, say) still can.
/// When the body is despawned its parts lose `ColliderOf` and become bodies of their
/// own.
///
/// ```
/// use bevy::prelude::*;
/// use bevy_sat2d::prelude::*;
/// fn spawn_ship(mut commands: Commands) {
///     commands
///         .spawn((Collider::rectangle(20.0, 6.0), Transform::default()))
///         .with_children(|ship| {
///             let body = ship.target_entity();
///             // Wings overlap the hull but never collide with it or each other.
///             ship.spawn((Collider::circle(4.0), ColliderOf(body), Transform::from_xyz(0.0, 5.0, 0.0)));
///             ship.spawn((Collider::circle(4.0), ColliderOf(body), Transform::from_xyz(0.0, -5.0, 0.0)));
///         });
/// }
/// # bevy::ecs::system::assert_is_system(spawn_ship);
/// ```
#[derive(Component, Reflect, Clone, Copy, Debug, PartialEq, Eq)]
#[reflect(Component, Debug, PartialEq)]
#[relationship(relationship_target = BodyColliders)]
#[component(on_remove = queue_collider_refresh)]
pub struct ColliderOf(pub Entity);

/// The colliders whose [`ColliderOf`] names this entity, kept by Bevy.
///
/// A collider joins and leaves in constant time, however many the body has (a tile
/// level's thousands of colliders, some swapped at each dig).
#[derive(Component, Reflect, Clone, Debug, Default, PartialEq, Eq)]
#[reflect(Component, Debug, PartialEq)]
#[relationship_target(relationship = ColliderOf)]
pub struct BodyColliders(BodyParts);

impl BodyColliders {
    /// The body's colliders: in the order they joined, except that a collider leaving
    /// is replaced by the last one.
    #[must_use]
    pub fn colliders(&self) -> &[Entity] {
        self.0.as_slice()
    }
}
