//! [`level_placement`]: where a [`TileLevel`](crate::TileLevel) lies in the world, read
//! from the `Transform`s of it and its ancestors, so its colliders can be placed before
//! Bevy's propagation has run.

use bevy::prelude::*;

use super::tile_collider::TileCollider;

/// The `Transform`s and parents of levels and their ancestors (never of the tile
/// colliders, whose `Transform`s the plugin writes).
pub(crate) type Ancestors<'w, 's> =
    Query<'w, 's, (&'static Transform, Option<&'static ChildOf>), Without<TileCollider>>;

/// Bound on the ancestors walked: a cycle in a broken hierarchy ends there instead of
/// looping (Bevy's own propagation panics on one).
const MAX_DEPTH: usize = 1024;

/// `entity`'s placement in the world frame: its `Transform` composed with its
/// ancestors' (`parent * child`, Bevy's [`Transform::mul_transform`]), what
/// `GlobalTransform` will hold after this frame's propagation when no ancestor shears.
/// An entity or ancestor without a `Transform` ends the walk there (it and everything
/// above count as the identity).
#[must_use]
pub(crate) fn level_placement(entity: Entity, ancestors: &Ancestors) -> Transform {
    let mut placement = Transform::IDENTITY;
    let mut next = Some(entity);
    for _ in 0..MAX_DEPTH {
        let Some((transform, parent)) = next.and_then(|entity| ancestors.get(entity).ok()) else {
            break;
        };
        placement = transform.mul_transform(placement);
        next = parent.map(ChildOf::parent);
    }
    placement
}
