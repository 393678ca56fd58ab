//! [`Falling`] bodies and the [`fall`] system: a body drops through a dug level. Shared
//! by the tile test crates (included with `#[path]`).

use bevy::prelude::*;
use bevy_sat2d::prelude::*;

/// A collider that [`fall`] moves down.
#[derive(Component)]
pub struct Falling;

/// Moves every `Falling` collider down 3 units a frame while it touches nothing.
pub fn fall(mut bodies: Query<(&mut Transform, &CollidingEntities), With<Falling>>) {
    for (mut transform, colliding) in &mut bodies {
        if colliding.sorted().is_empty() {
            transform.translation.y -= 3.0;
        }
    }
}
