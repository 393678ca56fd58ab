//! [`TileLevelPlugin`]: spawns and despawns the colliders of each [`TileLevel`] before
//! transform propagation, so they are placed and stepped in the frame they appear.

use bevy::ecs::schedule::{InternedScheduleLabel, ScheduleLabel};
use bevy::prelude::*;
use bevy::transform::TransformSystems;
use sat2d::tile_grid::{TileGrid, TileRect};

use super::tile_collider::TileCollider;
use super::tile_level::TileLevel;
use crate::components::collider::Collider;
use crate::components::collider_of::ColliderOf;
use crate::components::static_collider::StaticCollider;
use crate::sat_systems::SatSystems;

/// Keeps each [`TileLevel`]'s child colliders in line with its merged rectangles: a new
/// level gets one collider per rectangle, a changed level has the colliders of its
/// changed chunks swapped, nothing else is touched.
///
/// The system runs in `schedule` before `TransformSystems::Propagate` (and so before
/// [`SatSystems::SyncColliders`]): a level spawned in `Startup`, or a cell changed in
/// `Update`, is collidable in that frame's step. Use the same schedule as the
/// [`SatPlugin`](crate::SatPlugin) (`PostUpdate` by default;
/// [`TileLevelPlugin::fixed`] beside [`SatPlugin::fixed`](crate::SatPlugin::fixed),
/// whose own propagation runs in that schedule).
///
/// ```
/// use bevy::prelude::*;
/// use bevy_sat2d::prelude::*;
/// App::new().add_plugins((
///     MinimalPlugins,
///     TransformPlugin,
///     SatPlugin::fixed(),
///     TileLevelPlugin::fixed(),
/// ));
/// ```
#[derive(Clone, Debug)]
pub struct TileLevelPlugin {
    /// The schedule the colliders are spawned in: the collision step's.
    pub schedule: InternedScheduleLabel,
}

impl Default for TileLevelPlugin {
    fn default() -> Self {
        Self::new(PostUpdate)
    }
}

impl TileLevelPlugin {
    /// The plugin spawning colliders in `schedule`.
    #[must_use]
    pub fn new(schedule: impl ScheduleLabel) -> Self {
        Self {
            schedule: schedule.intern(),
        }
    }

    /// The plugin in `FixedPostUpdate`, for [`SatPlugin::fixed`](crate::SatPlugin::fixed).
    #[must_use]
    pub fn fixed() -> Self {
        Self::new(FixedPostUpdate)
    }
}

impl Plugin for TileLevelPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            self.schedule,
            apply_tile_changes
                .before(TransformSystems::Propagate)
                .before(SatSystems::SyncColliders),
        );
    }
}

/// Spawns the colliders of new levels' rectangles and swaps those of changed chunks.
///
/// Each collider is a child of its level (`ChildOf`), part of its body (`ColliderOf`),
/// static, and placed by a `Transform` at its rectangle's centre in the level's frame.
/// A level whose `TileLevel` was touched mutably but has nothing queued costs a check.
pub fn apply_tile_changes(
    mut commands: Commands,
    mut levels: Query<(Entity, &mut TileLevel), Changed<TileLevel>>,
) {
    let mut removed = Vec::new();
    for (level, mut tiles) in &mut levels {
        if tiles.is_up_to_date() {
            continue;
        }
        // Applying is bookkeeping of the plugin's own: it does not count as a change.
        tiles.bypass_change_detection().apply_changes(
            |grid, rect| commands.spawn(tile_collider(level, grid, rect)).id(),
            |collider| removed.push(collider),
        );
    }
    for collider in removed {
        // Silent: the game may have despawned it already.
        commands.entity(collider).try_despawn();
    }
}

/// The components of the collider standing for `rect` of `level`'s `grid`, named after
/// its cells (`tiles 8,0 8×3`: the lower-left cell, then columns × rows) so the overlay's
/// collider list and the inspector say which cells a collider is.
fn tile_collider(level: Entity, grid: &TileGrid, rect: TileRect) -> impl Bundle {
    (
        Name::new(format!(
            "tiles {},{} {}×{}",
            rect.min.x, rect.min.y, rect.size.x, rect.size.y
        )),
        Collider::from(rect.shape(grid)),
        StaticCollider,
        ColliderOf(level),
        ChildOf(level),
        TileCollider { level, rect },
        Transform::from_translation(rect.center(grid).extend(0.0)),
    )
}
