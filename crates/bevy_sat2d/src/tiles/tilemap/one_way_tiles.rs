//! [`OneWayTiles`]: the tiles of a tilemap that are one-way platforms, merged into a
//! second tile level on a child of the map ([`OneWayTileLevel`]) whose colliders are
//! [`OneWayPlatform`]s.

use bevy::prelude::*;

use super::tile_rule::TileRule;
use crate::character_mover::OneWayPlatform;
use crate::tiles::tile_collider::TileCollider;

/// Which tiles of a tilemap are one-way platforms, set in
/// [`TilemapColliders::one_way`](super::TilemapColliders::one_way).
///
/// They are merged apart from the map's walls, into a [`TileLevel`](crate::TileLevel)
/// on a child entity of the map (marked [`OneWayTileLevel`]), and each of its colliders
/// gets [`Self::platform`]: a [`CharacterMover`](crate::CharacterMover) jumps up through
/// them and lands on their top. Give the two rules different tiles: a tile matching
/// both is in both levels.
///
/// ```
/// use bevy::prelude::*;
/// use bevy_sat2d::prelude::*;
/// use bevy_sat2d::tilemap::{OneWayTiles, TileRule, TilemapColliders};
/// // Texture 0 is a wall, texture 3 a platform solid from above.
/// let colliders = TilemapColliders::new(TileRule::textures([0]))
///     .with_one_way(OneWayTiles::new(TileRule::textures([3])));
/// assert_eq!(colliders.one_way.unwrap().platform, OneWayPlatform::default());
/// ```
#[derive(Clone, Debug)]
pub struct OneWayTiles {
    /// Which tiles are platforms.
    pub rule: TileRule,
    /// The side they are solid from (up by default), given to each of their colliders.
    pub platform: OneWayPlatform,
}

impl OneWayTiles {
    /// The tiles matching `rule` as platforms solid from above.
    #[must_use]
    pub fn new(rule: TileRule) -> Self {
        Self {
            rule,
            platform: OneWayPlatform::default(),
        }
    }
}

/// On the child of a tilemap that holds the level of its [`OneWayTiles`]: the tilemap,
/// and the [`OneWayPlatform`] each collider of the level gets. Spawned and despawned by
/// the [`TilemapCollidersPlugin`](super::TilemapCollidersPlugin).
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct OneWayTileLevel {
    /// The tilemap entity (the child's parent).
    pub tilemap: Entity,
    /// What each collider of the level is.
    pub platform: OneWayPlatform,
}

/// The child holding a tilemap's one-way level, on the tilemap.
#[derive(Component, Clone, Copy, Debug)]
pub(super) struct OneWayLevelEntity(pub Entity);

/// Makes each collider a one-way level spawns a [`OneWayPlatform`] (an observer of the
/// collider's [`TileCollider`]).
pub(super) fn mark_one_way_colliders(
    add: On<Add, TileCollider>,
    colliders: Query<&TileCollider>,
    levels: Query<&OneWayTileLevel>,
    mut commands: Commands,
) {
    let Ok(collider) = colliders.get(add.entity) else {
        return;
    };
    if let Ok(level) = levels.get(collider.level) {
        commands.entity(add.entity).insert(level.platform);
    }
}
