//! [`TileLevelPlugin`]: spawns, despawns and places the colliders of each [`TileLevel`]
//! before transform propagation, so they are placed and stepped in the frame they
//! appear.
//!
//! The colliders are not children of their level: each is a root entity whose
//! `Transform` (world frame) the plugin writes from the level's placement. Under one
//! parent, every collider spawned or despawned would make Bevy search the level's
//! `Children` and walk all its children again at propagation: O(colliders) per change,
//! 13 to 25 ms for 100 changed tiles of a 1000 × 1000 level.

use bevy::ecs::entity::EntityAllocator;
use bevy::ecs::schedule::InternedScheduleLabel;
use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use bevy::transform::TransformSystems;
use sat2d::tile_grid::{TileGrid, TileRect};

use super::level_placement::{Ancestors, level_placement};
use super::tile_collider::TileCollider;
use super::tile_level::TileLevel;
use crate::components::collider::Collider;
use crate::components::collider_of::ColliderOf;
use crate::components::static_collider::StaticCollider;
use crate::sat_systems::SatSystems;
use crate::tiles::step_schedule::impl_step_schedule;

/// Keeps each [`TileLevel`]'s colliders in line with its merged rectangles and its
/// placement: a new level gets one collider per rectangle, a changed level has the
/// colliders of its changed chunks swapped, a moved level has its colliders moved,
/// nothing else is touched.
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

impl_step_schedule!(TileLevelPlugin, "spawning colliders");

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

/// Places the colliders of moved levels, then spawns the colliders of new levels'
/// rectangles and swaps those of changed chunks.
///
/// Each collider is part of its level's body (`ColliderOf`), static, and placed by a
/// `Transform` in the world frame: the level's placement (its `Transform` composed with
/// its ancestors', [`level_placement`]) moved to the rectangle's centre in the level's
/// frame. A level whose placement changed since the last pass has every collider's
/// `Transform` rewritten (O(colliders)); a level that stayed put and has nothing queued
/// costs the walk up its ancestors.
///
/// The new colliders are spawned by one command and the old ones despawned by another
/// (their entities reserved here), and rectangles of one size share one shape.
pub fn apply_tile_changes(
    mut commands: Commands,
    allocator: &EntityAllocator,
    mut levels: Query<(Entity, &mut TileLevel)>,
    ancestors: Ancestors,
    mut colliders: Query<&mut Transform, With<TileCollider>>,
    mut shapes: Local<RectangleShapes>,
) {
    let mut spawned = Vec::new();
    let mut removed = Vec::new();
    for (level, mut tiles) in &mut levels {
        let placement = level_placement(level, &ancestors);
        // Placing and applying are bookkeeping of the plugin's own: no change to report.
        let tiles = tiles.bypass_change_detection();
        if tiles.set_placement(placement) {
            for (rect, collider) in tiles.colliders() {
                if let Ok(mut transform) = colliders.get_mut(collider) {
                    transform.set_if_neq(collider_transform(&placement, tiles.grid(), rect));
                }
            }
        }
        if tiles.is_up_to_date() {
            continue;
        }
        tiles.apply_changes(
            |grid, rect| {
                let transform = collider_transform(&placement, grid, rect);
                let collider = shapes.collider(grid, rect);
                let entity = allocator.alloc();
                spawned.push((entity, tile_collider(level, collider, rect, transform)));
                entity
            },
            |collider| removed.push(collider),
        );
    }
    if !spawned.is_empty() {
        commands.queue(move |world: &mut World| {
            for (entity, bundle) in spawned {
                if let Err(error) = world.spawn_at(entity, bundle) {
                    error!("tile collider not spawned: {error}");
                }
            }
        });
    }
    if !removed.is_empty() {
        commands.queue(move |world: &mut World| {
            for collider in removed {
                // Silent: the game may have despawned it already.
                let _ = world.try_despawn(collider);
            }
        });
    }
}

/// The rectangle colliders made so far, by size in cells and cell size: rectangles of
/// one size share one shape (a `Collider` clone shares it), so a swap builds no shape
/// it has built before. At most one entry per size a chunk allows per cell size.
#[derive(Default)]
pub struct RectangleShapes(HashMap<(UVec2, [u32; 2]), Collider>);

impl RectangleShapes {
    /// The collider of `rect`'s shape in `grid`.
    fn collider(&mut self, grid: &TileGrid, rect: TileRect) -> Collider {
        let cell_size = grid.cell_size().to_array().map(f32::to_bits);
        self.0
            .entry((rect.size, cell_size))
            .or_insert_with(|| Collider::from(rect.shape(grid)))
            .clone()
    }
}

/// Where the collider of `rect` lies in the world frame, its level at `placement`.
fn collider_transform(placement: &Transform, grid: &TileGrid, rect: TileRect) -> Transform {
    placement.mul_transform(Transform::from_translation(rect.center(grid).extend(0.0)))
}

/// The components of the collider standing for `rect` of `level` (its shape:
/// `collider`), placed at `transform`, named after its cells (`tiles 8,0 8×3`: the lower-left cell, then
/// columns × rows) so the overlay's collider list and the inspector say which cells a
/// collider is.
fn tile_collider(
    level: Entity,
    collider: Collider,
    rect: TileRect,
    transform: Transform,
) -> impl Bundle {
    (
        Name::new(format!(
            "tiles {},{} {}×{}",
            rect.min.x, rect.min.y, rect.size.x, rect.size.y
        )),
        collider,
        StaticCollider,
        ColliderOf(level),
        TileCollider { level, rect },
        transform,
    )
}
