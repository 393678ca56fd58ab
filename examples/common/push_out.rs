//! Resolving overlaps by the MTV, in the same frame they are detected.

use bevy::prelude::*;
use bevy_sat2d::prelude::*;

/// Moves `entity` by `delta` in both `Transform` and `GlobalTransform`, so the move shows
/// this frame (transform propagation already ran). For root entities only.
pub fn shift(transform: &mut Transform, global: &mut GlobalTransform, delta: Vec2) {
    transform.translation += delta.extend(0.0);
    *global = GlobalTransform::from(*transform);
}

/// The push that separates `mover` from everything it touches in `events`: for each
/// contact the MTV pointing away from the other collider, combined by taking the largest
/// push on each axis (so two tiles side by side do not push twice). The contacts come
/// from `world`, as of the step that wrote the events.
pub fn separation(mover: Entity, events: &[CollisionEvent], world: &CollisionWorld) -> Vec2 {
    let mut push = Vec2::ZERO;
    for event in events {
        if let Some(contact) = event.contact_from(mover, world) {
            // The normal points from `mover` to the other: move against it.
            let away = -contact.mtv();
            // Take the larger push per axis instead of summing, so two tiles side by
            // side under a character do not push it twice.
            push.x = if away.x.abs() > push.x.abs() {
                away.x
            } else {
                push.x
            };
            push.y = if away.y.abs() > push.y.abs() {
                away.y
            } else {
                push.y
            };
        }
    }
    push
}
