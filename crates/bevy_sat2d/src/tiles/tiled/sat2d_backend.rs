//! [`TiledPhysicsSat2dBackend`]: bevy_sat2d as a physics back-end of `bevy_ecs_tiled`.

use bevy::prelude::*;
use bevy_ecs_tiled::prelude::{TiledColliderSource, TiledPhysicsBackend, geo};

/// The `bevy_ecs_tiled` physics back-end that gives a Tiled map sat2d colliders: the
/// way `TiledPhysicsAvianBackend` and `TiledPhysicsRapierBackend` give theirs. Add it
/// through [`TiledCollidersPlugin`](super::TiledCollidersPlugin), which adds
/// `TiledPhysicsPlugin::<TiledPhysicsSat2dBackend>` and the systems that build the
/// colliders; set its fields through the map's `TiledPhysicsSettings`.
///
/// `bevy_ecs_tiled` calls the back-end for each tile layer and object that passes the
/// map's `TiledPhysicsSettings` filters, with their shapes as `geo` polygons. Those
/// polygons have lost what sat2d keeps (which tile a cell is, a circle, a capsule), so
/// the back-end only marks the layer or object; the plugin's systems build its
/// colliders from the map's own data in the same frame (see the
/// [module doc](super)).
///
/// ```
/// use bevy::prelude::*;
/// use bevy_sat2d::bevy_ecs_tiled::prelude::TiledPhysicsSettings;
/// use bevy_sat2d::tiled::TiledPhysicsSat2dBackend;
/// // Polylines 8 pixels thick, and colliders for the "walls" layer only.
/// let settings = TiledPhysicsSettings::<TiledPhysicsSat2dBackend> {
///     backend: TiledPhysicsSat2dBackend { polyline_thickness: 8.0 },
///     tiles_layer_filter: vec!["walls"].into(),
///     ..default()
/// };
/// assert_eq!(settings.backend.polyline_thickness, 8.0);
/// ```
#[derive(Reflect, Clone, Copy, Debug, PartialEq)]
#[reflect(Default, Debug)]
pub struct TiledPhysicsSat2dBackend {
    /// How thick a polyline's collider is, in map pixels: the band to the right of its
    /// direction of travel (below a line drawn left to right). 4 by default.
    pub polyline_thickness: f32,
}

impl Default for TiledPhysicsSat2dBackend {
    fn default() -> Self {
        Self {
            polyline_thickness: 4.0,
        }
    }
}

/// On a tile layer or object entity that `bevy_ecs_tiled` (or the plugin, for a
/// polyline) asked colliders for: the plugin's builders take it off once they are
/// built.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub(super) struct BuildTiledColliders {
    pub source: TiledColliderSource,
    pub backend: TiledPhysicsSat2dBackend,
}

impl TiledPhysicsBackend for TiledPhysicsSat2dBackend {
    /// Marks `origin` (the tile layer or object) for the plugin's builders and returns
    /// it: `bevy_ecs_tiled` puts its `TiledColliderOf` on it and reports its
    /// `ColliderCreated`, and the sat2d colliders become its children.
    fn spawn_colliders(
        &self,
        commands: &mut Commands,
        source: TiledColliderSource,
        origin: Entity,
        _multi_polygons_list: Vec<geo::MultiPolygon<f32>>,
    ) -> Option<Entity> {
        commands.entity(origin).insert(BuildTiledColliders {
            source,
            backend: *self,
        });
        Some(origin)
    }
}
