//! [`build_object_colliders`]: the colliders of each Tiled object `bevy_ecs_tiled`
//! asked for, and [`mark_polylines`], which asks for polylines (`bevy_ecs_tiled` makes
//! no polygon of an open line, so it never asks for them).

use bevy::math::Affine2;
use bevy::prelude::*;
use bevy_ecs_tiled::prelude::tiled::{ObjectData, ObjectShape};
use bevy_ecs_tiled::prelude::{
    ObjectCreated, TileFlip, TiledColliderOf, TiledColliderSource, TiledEvent, TiledMap,
    TiledMapAsset, TiledMapReference, TiledObjectId, TiledPhysicsSettings, get_object_from_map,
};
use sat2d::ShapeError;

use super::object_shapes::{PlacedShape, object_shapes};
use super::sat2d_backend::{BuildTiledColliders, TiledPhysicsSat2dBackend};
use super::tile_shapes::tile_object_frame;
use super::tiled_colliders_error::TiledCollidersError;
use crate::components::collider::Collider;
use crate::components::collider_of::ColliderOf;
use crate::components::static_collider::StaticCollider;

/// Marks each new polyline object that passes the map's `objects_layer_filter` and
/// `objects_filter` as the back-end marks the other objects: polylines get colliders
/// too (one band, see [`TiledPhysicsSat2dBackend::polyline_thickness`]).
pub(super) fn mark_polylines(
    mut commands: Commands,
    mut created: MessageReader<TiledEvent<ObjectCreated>>,
    assets: Res<Assets<TiledMapAsset>>,
    settings: Query<&TiledPhysicsSettings<TiledPhysicsSat2dBackend>>,
) {
    for event in created.read() {
        let (Some(object), Some(layer)) = (event.get_object(&assets), event.get_layer(&assets))
        else {
            continue;
        };
        let Some(settings) = event
            .get_map_entity()
            .and_then(|map| settings.get(map).ok())
        else {
            continue;
        };
        if matches!(object.shape, ObjectShape::Polyline { .. })
            && object.get_tile().is_none()
            && settings.objects_layer_filter.matches(&layer.name)
            && settings.objects_filter.matches(&object.name)
        {
            commands.entity(event.origin).insert((
                BuildTiledColliders {
                    source: TiledColliderSource::Object,
                    backend: settings.backend,
                },
                TiledColliderSource::Object,
                TiledColliderOf(event.origin),
            ));
        }
    }
}

/// For each object marked by the back-end (or [`mark_polylines`]): its shape, or for a
/// tile object the tile's collision shapes (scaled to the object, flipped with it)
/// that pass the map's `tiles_objects_filter`, each a static collider, a child of the
/// object and part of its body ([`ColliderOf`]). A shape sat2d refuses gives the object
/// a [`TiledCollidersError`] naming the map's file and the object, also logged.
pub(super) fn build_object_colliders(
    mut commands: Commands,
    objects: Query<(
        Entity,
        &BuildTiledColliders,
        &TiledObjectId,
        &TiledMapReference,
    )>,
    maps: Query<(
        &TiledMap,
        Option<&TiledPhysicsSettings<TiledPhysicsSat2dBackend>>,
    )>,
    assets: Res<Assets<TiledMapAsset>>,
) {
    for (entity, build, object_id, map) in &objects {
        if build.source != TiledColliderSource::Object {
            continue;
        }
        commands.entity(entity).remove::<BuildTiledColliders>();
        let Ok((handle, settings)) = maps.get(map.0) else {
            continue;
        };
        let Some(asset) = assets.get(&handle.0) else {
            continue;
        };
        let Some(object) = get_object_from_map(&asset.map, object_id.0) else {
            continue;
        };
        let data: &ObjectData = std::ops::Deref::deref(&object);
        let thickness = build.backend.polyline_thickness;
        let shapes = match object.get_tile() {
            None => object_shapes(&data.shape, y_up(), thickness)
                .map(|shape| shape.into_iter().collect()),
            Some(tile) => {
                let filter = settings.map(|settings| settings.tiles_objects_filter.clone());
                let flip = TileFlip {
                    x: tile.flip_h,
                    y: tile.flip_v,
                    d: false,
                };
                tile.get_tile()
                    .map(|tile| {
                        let tileset = tile.tileset();
                        let collision = std::ops::Deref::deref(&tile).collision.as_ref();
                        let objects = collision
                            .map(|layer| layer.object_data())
                            .unwrap_or_default();
                        let tile_size =
                            Vec2::new(tileset.tile_width as f32, tileset.tile_height as f32);
                        tile_object_shapes(
                            data,
                            objects,
                            tile_size,
                            flip,
                            &filter.unwrap_or_default(),
                            thickness,
                        )
                    })
                    .unwrap_or(Ok(Vec::new()))
            }
        };
        match shapes {
            Ok(shapes) => {
                for placed in shapes {
                    commands.spawn((
                        Name::new(format!("collider of {}", data.name)),
                        Collider::from(placed.shape.clone()),
                        StaticCollider,
                        ColliderOf(entity),
                        ChildOf(entity),
                        placed.transform(),
                    ));
                }
            }
            Err(source) => {
                let error = TiledCollidersError::Object {
                    map: asset.map.source.clone(),
                    object_id: object_id.0,
                    name: data.name.clone(),
                    source,
                };
                error!("no collider: {error}");
                commands.entity(entity).insert(error);
            }
        }
    }
}

/// Tiled's object frame (y down) in the object entity's frame (y up; the entity's
/// `Transform` holds the object's position and rotation).
fn y_up() -> Affine2 {
    Affine2::from_scale(Vec2::new(1.0, -1.0))
}

/// The collision shapes of a tile object's tile: the tile image of `tile_size` pixels
/// stretched over the object's `width × height`, its bottom-left corner at the
/// object's position (Tiled's anchor for tile objects).
fn tile_object_shapes(
    object: &ObjectData,
    collision: &[ObjectData],
    tile_size: Vec2,
    flip: TileFlip,
    filter: &bevy_ecs_tiled::prelude::TiledFilter,
    thickness: f32,
) -> Result<Vec<PlacedShape>, ShapeError> {
    let ObjectShape::Rect { width, height } = object.shape else {
        return Ok(Vec::new());
    };
    let scale = Vec2::new(width, height) / tile_size;
    let top_left = Vec2::new(0.0, height);
    let mut shapes = Vec::new();
    for shape in collision.iter().filter(|shape| filter.matches(&shape.name)) {
        let frame = tile_object_frame(shape, tile_size, flip, top_left, scale);
        shapes.extend(object_shapes(&shape.shape, frame, thickness)?);
    }
    Ok(shapes)
}
