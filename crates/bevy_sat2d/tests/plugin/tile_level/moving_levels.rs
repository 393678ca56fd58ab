//! A level's colliders are not its children, yet they follow it: moved, rotated or
//! scaled, directly or through an ancestor, in the frame it moves; and a despawned
//! ancestor takes them along.

use bevy::ecs::system::RunSystemOnce;
use bevy::prelude::*;
use bevy_sat2d::prelude::*;

use super::{CELL, LEVEL, text_grid, tile_app, tile_colliders};

/// A level of [`LEVEL`] under a parent, both placed off the origin; returns both.
fn nested_level(app: &mut App) -> (Entity, Entity) {
    let parent = app
        .world_mut()
        .spawn(Transform::from_xyz(30.0, -20.0, 0.0))
        .id();
    let level = app
        .world_mut()
        .spawn((
            TileLevel::new(text_grid(LEVEL)),
            Transform::from_xyz(-10.0, 5.0, 0.0),
            ChildOf(parent),
        ))
        .id();
    app.update();
    (parent, level)
}

/// Asserts that every collider of `level` was placed by the last step at its
/// rectangle's centre taken through the level's `GlobalTransform`, with its rotation.
fn assert_placed_with_level(app: &mut App, level: Entity) {
    let colliders = tile_colliders(app, level);
    assert!(!colliders.is_empty());
    let world = app.world();
    let global = world.get::<GlobalTransform>(level).unwrap();
    let (level_iso, _) = bevy_sat2d::placement(global).expect("a placeable level");
    let collisions = world.resource::<CollisionWorld>();
    for (rect, entity) in colliders {
        let center = (rect.min.as_vec2() + rect.size.as_vec2() * 0.5) * CELL;
        let expected = global.transform_point(center.extend(0.0)).truncate();
        let placed = collisions.collider(entity).expect("placed");
        let off = placed.iso.translation - expected;
        assert!(off.length() < 1e-3, "{rect:?} is {off} off");
        let turned = (placed.iso.rotation.direction())
            .angle_to(level_iso.rotation.direction())
            .abs();
        assert!(turned < 1e-5, "{rect:?} turned {turned} from its level");
    }
}

#[test]
fn colliders_follow_their_level_and_its_ancestors_in_the_frame_they_move() {
    let mut app = tile_app();
    let (parent, level) = nested_level(&mut app);
    assert_placed_with_level(&mut app, level);

    // The ancestor moves and turns: the colliders follow in the same update.
    *app.world_mut().get_mut::<Transform>(parent).unwrap() =
        Transform::from_xyz(-200.0, 90.0, 0.0).with_rotation(Quat::from_rotation_z(0.7));
    app.update();
    assert_placed_with_level(&mut app, level);

    // The level itself is scaled and mirrored.
    app.world_mut().get_mut::<Transform>(level).unwrap().scale = Vec3::new(-1.5, 2.0, 1.0);
    app.update();
    assert_placed_with_level(&mut app, level);

    // A ray down through the floor's cell 3 names that cell where the level is now.
    let global = *app.world().get::<GlobalTransform>(level).unwrap();
    let inside = global.transform_point(Vec3::new(3.5 * CELL, 0.5 * CELL, 0.0));
    let above = global.transform_point(Vec3::new(3.5 * CELL, 3.5 * CELL, 0.0));
    let direction = Dir2::new((inside - above).truncate()).unwrap();
    let origin = above.truncate();
    let (hit, point) = app
        .world_mut()
        .run_system_once(move |query: SpatialQuery, cells: TileCells| {
            let (entity, hit) = query
                .cast_ray(origin, direction, 500.0, &QueryFilter::default())
                .expect("the ray hits the floor");
            (cells.ray_cell(entity, &hit), hit.point)
        })
        .unwrap();
    let hit = hit.expect("a tile collider");
    assert_eq!((hit.level, hit.cell), (level, UVec2::new(3, 0)));
    // The hit point, in the level's (scaled) frame, is on the cell's top.
    let local = global
        .affine()
        .inverse()
        .transform_point3(point.extend(0.0));
    let top = Vec2::new(3.5 * CELL, CELL);
    assert!((local.truncate() - top).length() < 1e-3 * CELL, "{local}");
}

#[test]
fn a_despawned_ancestor_takes_the_colliders_along() {
    let mut app = tile_app();
    let (parent, level) = nested_level(&mut app);
    let colliders: Vec<Entity> = tile_colliders(&mut app, level).into_values().collect();
    app.world_mut().entity_mut(parent).despawn();
    app.update();
    for entity in colliders {
        assert!(app.world().get_entity(entity).is_err());
    }
    let collisions = app.world().resource::<CollisionWorld>();
    assert_eq!(collisions.colliders().count(), 0);
}
