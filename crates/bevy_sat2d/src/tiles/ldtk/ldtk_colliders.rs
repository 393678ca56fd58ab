//! [`LdtkColliders`]: which IntGrid values of an LDtk project are walls and which are
//! one-way platforms.

use std::collections::BTreeSet;

use bevy::prelude::*;

use crate::character_mover::OneWayPlatform;
use crate::tiles::tilemap::{OneWayTiles, TileRule, TilemapColliders};

/// Which cells of an LDtk project's IntGrid layers are solid, read by the
/// [`LdtkCollidersPlugin`](super::LdtkCollidersPlugin): the cells whose IntGrid value is
/// in [`Self::walls`] are walls, those in [`Self::one_way`] one-way platforms (each of
/// their colliders a [`Self::platform`]), the rest empty.
///
/// Each IntGrid layer (of [`Self::layers`], or every one when it is empty) gets the
/// [`TilemapColliders`] this makes when `bevy_ecs_ldtk` spawns it. Changing the resource
/// rebuilds the levels of the layers already spawned.
///
/// ```
/// use bevy_sat2d::ldtk::LdtkColliders;
/// // 1 is a wall, 2 a platform solid from above, in the layer named "Collisions".
/// let colliders = LdtkColliders::walls([1]).with_one_way([2]).with_layers(["Collisions"]);
/// assert!(colliders.walls.contains(&1) && colliders.one_way.contains(&2));
/// assert!(colliders.has_layer("Collisions") && !colliders.has_layer("Background"));
/// ```
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct LdtkColliders {
    /// The IntGrid values of walls.
    pub walls: BTreeSet<i32>,
    /// The IntGrid values of one-way platforms (none by default).
    pub one_way: BTreeSet<i32>,
    /// The side the platforms are solid from (up by default).
    pub platform: OneWayPlatform,
    /// The identifiers of the IntGrid layers that get colliders; every IntGrid layer
    /// when empty (the default).
    pub layers: BTreeSet<String>,
}

impl Default for LdtkColliders {
    /// Value 1 is a wall, in every IntGrid layer.
    fn default() -> Self {
        Self::walls([1])
    }
}

impl LdtkColliders {
    /// The cells of these IntGrid values are walls; no platforms, every layer.
    #[must_use]
    pub fn walls(values: impl IntoIterator<Item = i32>) -> Self {
        Self {
            walls: values.into_iter().collect(),
            one_way: BTreeSet::new(),
            platform: OneWayPlatform::default(),
            layers: BTreeSet::new(),
        }
    }

    /// These settings, with the cells of these IntGrid values one-way platforms.
    #[must_use]
    pub fn with_one_way(mut self, values: impl IntoIterator<Item = i32>) -> Self {
        self.one_way = values.into_iter().collect();
        self
    }

    /// These settings, for the IntGrid layers of these identifiers only.
    #[must_use]
    pub fn with_layers<S: Into<String>>(mut self, layers: impl IntoIterator<Item = S>) -> Self {
        self.layers = layers.into_iter().map(Into::into).collect();
        self
    }

    /// Whether the IntGrid layer named `identifier` gets colliders.
    #[must_use]
    pub fn has_layer(&self, identifier: &str) -> bool {
        self.layers.is_empty() || self.layers.contains(identifier)
    }

    /// The [`TilemapColliders`] of an IntGrid layer: walls by value, and the platforms'
    /// level when there are platform values.
    #[must_use]
    pub fn tilemap_colliders(&self) -> TilemapColliders {
        let colliders = TilemapColliders::new(TileRule::IntGridValues(self.walls.clone()));
        if self.one_way.is_empty() {
            return colliders;
        }
        colliders.with_one_way(OneWayTiles {
            rule: TileRule::IntGridValues(self.one_way.clone()),
            platform: self.platform,
        })
    }
}
