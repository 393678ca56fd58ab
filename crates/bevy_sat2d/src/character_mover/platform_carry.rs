//! Riding moving platforms: a grounded mover follows its ground's motion.

use bevy::prelude::*;
use sat2d::{Iso, Shape};

use super::sweep::Sweep;
use super::{MoverSettings, OneWayPlatform};
use crate::query::query_filter::QueryFilter;
use crate::query::spatial_query::SpatialQuery;

/// How far the ground `ground` moved in this step: the sync placed it anew before the
/// movers run, and its record keeps where it was. Zero for a collider the world does
/// not know.
#[must_use]
pub(super) fn ground_motion(query: &SpatialQuery, ground: Entity) -> Vec2 {
    let world = query.collision_world();
    world
        .collider(ground)
        .map_or(Vec2::ZERO, |placed| placed.moved_in(world.step()))
}

/// Carries a mover at `iso` by its platform's `motion`, stopping a skin short of
/// anything else in the way. The platform itself is not cast against: the mover moves
/// with it.
#[must_use]
pub(super) fn carry(
    query: &SpatialQuery,
    shape: &Shape,
    iso: &Iso,
    motion: Vec2,
    settings: &MoverSettings,
    filter: &QueryFilter,
    platform: Entity,
    one_way: &dyn Fn(Entity) -> Option<OneWayPlatform>,
) -> Vec2 {
    if motion == Vec2::ZERO || !motion.is_finite() {
        return Vec2::ZERO;
    }
    let world = query.collision_world();
    let without_platform = QueryFilter::default()
        .with_mask(filter.mask())
        .with_static_colliders(filter.includes_static_colliders())
        .with_predicate(|entity| {
            entity != platform
                && world
                    .collider(entity)
                    .is_some_and(|placed| filter.accepts(placed))
        });
    let sweep = Sweep {
        query,
        shape,
        rotation: iso.rotation,
        filter: &without_platform,
        one_way,
        settings,
    };
    match sweep.cast(iso.translation, motion) {
        Some(blocker) => motion * blocker.fraction + blocker.normal * settings.skin_width,
        None => motion,
    }
}
