//! [`StaticCollider`]: a marker for colliders that do not move.

use bevy::prelude::*;

use crate::world::removal::queue_collider_refresh;

/// Marks a collider as level geometry. Static colliders are kept apart in the broad
/// phase: pairs of two static colliders are never tested, and a static collider costs
/// nothing per step until something moves near it. Moving one is allowed (it is
/// re-inserted), just not cheap. Adding or removing the marker on a collider already
/// placed queues it to be placed again at the next step, as the other kind.
///
/// ```
/// use bevy::prelude::*;
/// use bevy_sat2d::prelude::*;
/// fn spawn_level(mut commands: Commands) {
///     for x in 0..100 {
///         commands.spawn((
///             Collider::rectangle(16.0, 16.0),
///             StaticCollider,
///             Transform::from_xyz(x as f32 * 16.0, 0.0, 0.0),
///         ));
///     }
/// }
/// # bevy::ecs::system::assert_is_system(spawn_level);
/// ```
#[derive(Component, Reflect, Clone, Copy, Debug, Default, PartialEq, Eq)]
#[reflect(Component, Default, Debug)]
#[component(on_add = queue_collider_refresh, on_remove = queue_collider_refresh)]
pub struct StaticCollider;
