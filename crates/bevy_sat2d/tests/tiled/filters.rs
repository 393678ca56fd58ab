//! The map's `TiledPhysicsSettings`: its filters pick the tile shapes and objects that
//! get colliders (polylines too), and the back-end's polyline thickness is used.

use bevy::prelude::*;
use bevy_sat2d::bevy_ecs_tiled::prelude::*;
use bevy_sat2d::prelude::*;
use bevy_sat2d::tiled::{TiledPhysicsSat2dBackend, TiledTileShape};

use super::{MAP_HEIGHT, app_reading, assets_dir, load_map_with, object_colliders};

#[test]
fn the_maps_filters_pick_the_tile_shapes_and_objects_that_collide() {
    let mut app = app_reading(&assets_dir());
    let settings = TiledPhysicsSettings::<TiledPhysicsSat2dBackend> {
        // The ground's shape is named "solid", the slope's "slope": both left out.
        tiles_objects_filter: vec!["post", "ledge"].into(),
        objects_filter: vec!["platform", "ramp"].into(),
        backend: TiledPhysicsSat2dBackend {
            polyline_thickness: 8.0,
        },
        ..default()
    };
    load_map_with(&mut app, "tiled/cave.tmx", settings);

    let mut levels = app.world_mut().query::<&TileLevel>();
    assert_eq!(
        levels.iter(app.world()).count(),
        0,
        "no whole-cell shape kept"
    );
    let mut shapes = app.world_mut().query::<&TiledTileShape>();
    let mut ids: Vec<u32> = shapes
        .iter(app.world())
        .map(|shape| shape.tile_id)
        .collect();
    ids.sort_unstable();
    assert_eq!(ids, [2, 4]);
    for (name, count) in [
        ("platform", 1),
        ("ramp", 1),
        ("boulder", 0),
        ("wedge", 0),
        ("notch", 0),
    ] {
        assert_eq!(object_colliders(&mut app, name).len(), count, "{name}");
    }
    let mut all = app.world_mut().query::<&Collider>();
    assert_eq!(all.iter(app.world()).count(), 4);

    // The ramp starts at (160, 112) rising at 1 in 2: the band under its first point
    // lies 8 units down the first segment's normal (2 / sqrt 5 of it vertical).
    let (ramp, _) = object_colliders(&mut app, "ramp")[0];
    let placed = app
        .world()
        .resource::<CollisionWorld>()
        .collider(ramp)
        .expect("placed");
    let bottom = placed.shape.aabb(&placed.iso).min.y;
    let expected = (MAP_HEIGHT - 112.0) - 8.0 * 2.0 / 5.0_f32.sqrt();
    assert!(
        (bottom - expected).abs() < 1e-3,
        "bottom {bottom}, expected {expected}"
    );
}
