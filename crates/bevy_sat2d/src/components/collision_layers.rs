//! [`CollisionLayers`]: which colliders may pair up.

use bevy::prelude::*;

/// Bitmask layers. A pair is tested only when each collider's `memberships` meet the
/// other's `filters`. The default is every layer in both masks: everything collides.
///
/// There is no separate "sensor" flag: this crate only detects, it never pushes
/// anything apart, so every collider already behaves like a sensor.
///
/// ```
/// use bevy_sat2d::prelude::*;
/// const PLAYER: u32 = 1 << 0;
/// const ENEMY: u32 = 1 << 1;
/// const PICKUP: u32 = 1 << 2;
/// let player = CollisionLayers::new(PLAYER, ENEMY | PICKUP);
/// let enemy = CollisionLayers::new(ENEMY, PLAYER);
/// let pickup = CollisionLayers::new(PICKUP, PLAYER);
/// assert!(player.interacts_with(&enemy));
/// assert!(player.interacts_with(&pickup));
/// assert!(!enemy.interacts_with(&pickup));
/// ```
#[derive(Component, Reflect, Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[reflect(Component, Default, Debug, PartialEq)]
pub struct CollisionLayers {
    /// The layers this collider is on.
    pub memberships: u32,
    /// The layers this collider collides with.
    pub filters: u32,
}

impl CollisionLayers {
    /// Every layer in both masks.
    pub const ALL: Self = Self::new(u32::MAX, u32::MAX);
    /// No layer: collides with nothing.
    pub const NONE: Self = Self::new(0, 0);

    /// Layers from the two masks.
    #[must_use]
    pub const fn new(memberships: u32, filters: u32) -> Self {
        Self {
            memberships,
            filters,
        }
    }

    /// Whether a pair of colliders with these layers is tested (symmetric).
    #[must_use]
    pub const fn interacts_with(&self, other: &Self) -> bool {
        self.memberships & other.filters != 0 && other.memberships & self.filters != 0
    }
}

impl Default for CollisionLayers {
    fn default() -> Self {
        Self::ALL
    }
}
