//! [`TiledObjects`]: the Tiled object a collider was made from, with its name and
//! properties.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_ecs_tiled::prelude::tiled::Object;
use bevy_ecs_tiled::prelude::{
    TiledMap, TiledMapAsset, TiledMapReference, TiledName, TiledObjectId, get_object_from_map,
};

use crate::components::collider_of::ColliderOf;

/// A Tiled object, as [`TiledObjects`] finds it from one of its colliders.
#[derive(Clone, Debug)]
pub struct TiledObjectInfo<'a> {
    /// The object's entity (the collider's body and parent).
    pub entity: Entity,
    /// The object's id in its map.
    pub id: u32,
    /// The object's name.
    pub name: &'a str,
    /// The object as the map file gives it: its custom properties
    /// (`object.properties`), shape, position and type.
    pub object: Object<'a>,
}

/// Finds the Tiled object a collider was made from: a system parameter. The colliders
/// of an object are its children and part of its body ([`ColliderOf`]); this follows
/// that link and reads the object's id and name from its entity and its properties from
/// the map asset, so a contact or a ray hit tells the game which object it touched and
/// what the level designer wrote on it.
///
/// ```
/// use bevy::prelude::*;
/// use bevy_sat2d::prelude::*;
/// use bevy_sat2d::tiled::TiledObjects;
/// // A character touching an object whose "damage" property is set is hurt.
/// fn hurt(mut events: MessageReader<CollisionEvent>, objects: TiledObjects) {
///     for event in events.read().filter(|event| event.is_started()) {
///         let (a, b) = event.entities();
///         for object in [a, b].into_iter().filter_map(|entity| objects.object(entity)) {
///             if let Some(damage) = object.object.properties.get("damage") {
///                 info!("{} hurts: {damage:?}", object.name);
///             }
///         }
///     }
/// }
/// # bevy::ecs::system::assert_is_system(hurt);
/// ```
#[derive(SystemParam)]
pub struct TiledObjects<'w, 's> {
    bodies: Query<'w, 's, &'static ColliderOf>,
    objects: Query<
        'w,
        's,
        (
            &'static TiledObjectId,
            &'static TiledName,
            &'static TiledMapReference,
        ),
    >,
    maps: Query<'w, 's, &'static TiledMap>,
    assets: Res<'w, Assets<TiledMapAsset>>,
}

impl TiledObjects<'_, '_> {
    /// The object `collider` was made from (or `collider` itself, if it is an object
    /// entity); `None` for a collider of no Tiled object, or if the map asset is gone.
    #[must_use]
    pub fn object(&self, collider: Entity) -> Option<TiledObjectInfo<'_>> {
        let entity = match self.objects.contains(collider) {
            true => collider,
            false => self.bodies.get(collider).ok()?.0,
        };
        let (id, name, map) = self.objects.get(entity).ok()?;
        let handle = self.maps.get(map.0).ok()?;
        let asset = self.assets.get(&handle.0)?;
        let object = get_object_from_map(&asset.map, id.0)?;
        Some(TiledObjectInfo {
            entity,
            id: id.0,
            name: &name.0,
            object,
        })
    }
}
