//! Changing cells swaps the colliders of the changed chunks only.

use core::time::Duration;
use std::collections::HashMap;

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bevy_sat2d::BodyColliders;
use bevy_sat2d::prelude::*;
use bevy_sat2d::sat2d::tile_grid::{TileGrid, TileRect};

use super::{level_rects, startup_level, tile_app, tile_colliders};

/// A 200 × 10 level (chunks of 64: four across, one up) with a 4-row floor and
/// pillars every 8 columns.
fn wide_grid() -> TileGrid {
    let mut grid = TileGrid::new(200, 10, Vec2::splat(8.0));
    for x in 0..200 {
        for y in 0..10 {
            if y < 4 || x % 8 == 0 {
                grid.set(UVec2::new(x, y), true).expect("inside the grid");
            }
        }
    }
    grid
}

/// Checks that the children match the merged rectangles, every collider of a chunk not
/// in `changed` kept its entity, and every replaced collider is despawned.
fn assert_swapped_only(
    app: &mut App,
    level: Entity,
    before: &HashMap<TileRect, Entity>,
    changed: &[UVec2],
) {
    let after = tile_colliders(app, level);
    let rects = level_rects(app, level);
    assert_eq!(after.len(), rects.len());
    assert!(rects.iter().all(|rect| after.contains_key(rect)));
    let tiles = app.world().get::<TileLevel>(level).unwrap();
    assert!(tiles.is_up_to_date());
    for (rect, entity) in before {
        let chunk = tiles.merged().chunk_of(rect.min);
        if !changed.contains(&chunk) {
            assert_eq!(
                after.get(rect),
                Some(entity),
                "{rect:?} in unchanged chunk {chunk}"
            );
        } else if after.get(rect) != Some(entity) {
            assert!(
                app.world().get_entity(*entity).is_err(),
                "{rect:?} left behind"
            );
        }
    }
    for (rect, entity) in &after {
        if !changed.contains(&tiles.merged().chunk_of(rect.min)) {
            assert_eq!(before.get(rect), Some(entity));
        }
    }
    let collisions = app.world().resource::<CollisionWorld>();
    assert_eq!(collisions.colliders().count(), rects.len());
    let body = app.world().get::<BodyColliders>(level).unwrap();
    assert_eq!(body.colliders().len(), rects.len());
}

#[test]
fn a_cell_change_respawns_only_its_chunks_colliders() {
    let mut app = tile_app();
    let level = startup_level(&mut app, wide_grid(), Transform::default());
    let before = tile_colliders(&mut app, level);
    let mut tiles = app.world_mut().get_mut::<TileLevel>(level).unwrap();
    // Two edits in chunk (1, 0) before the plugin runs: a hole, then a new block.
    assert_eq!(tiles.set_cell(UVec2::new(100, 1), false), Ok(true));
    assert_eq!(tiles.set_cell(UVec2::new(101, 6), true), Ok(true));
    app.update();
    assert_swapped_only(&mut app, level, &before, &[UVec2::new(1, 0)]);
    let kept = before
        .values()
        .filter(|entity| app.world().get_entity(**entity).is_ok());
    assert!(kept.count() > before.len() / 2);
}

#[test]
fn a_region_across_two_chunks_respawns_those_two_only() {
    let mut app = tile_app();
    let level = startup_level(&mut app, wide_grid(), Transform::default());
    let before = tile_colliders(&mut app, level);
    let region = (120..140).flat_map(|x| (0..3).map(move |y| UVec2::new(x, y)));
    let mut tiles = app.world_mut().get_mut::<TileLevel>(level).unwrap();
    assert_eq!(tiles.set_cells(region.clone(), false), Ok(60));
    assert_eq!(tiles.set_cells(region, false), Ok(0), "already empty");
    app.update();
    assert_swapped_only(
        &mut app,
        level,
        &before,
        &[UVec2::new(1, 0), UVec2::new(2, 0)],
    );
    let tiles = app.world().get::<TileLevel>(level).unwrap();
    assert_eq!(tiles.collider_at(UVec2::new(130, 1)), None);
    assert!(tiles.collider_at(UVec2::new(130, 3)).is_some());
}

#[test]
fn removing_an_empty_cell_changes_nothing() {
    let mut app = tile_app();
    let level = startup_level(&mut app, wide_grid(), Transform::default());
    let before = tile_colliders(&mut app, level);
    let entity_count = app.world().entities().count_spawned();
    let mut tiles = app.world_mut().get_mut::<TileLevel>(level).unwrap();
    assert_eq!(tiles.set_cell(UVec2::new(1, 8), false), Ok(false));
    assert_eq!(
        tiles.set_cell(UVec2::new(0, 0), true),
        Ok(false),
        "already solid"
    );
    assert!(tiles.is_up_to_date());
    app.update();
    assert_eq!(tile_colliders(&mut app, level), before);
    assert_eq!(app.world().entities().count_spawned(), entity_count);
}

#[test]
fn a_removed_or_despawned_level_takes_its_colliders_along() {
    let mut app = tile_app();
    let level = startup_level(&mut app, wide_grid(), Transform::default());
    let colliders: Vec<Entity> = tile_colliders(&mut app, level).into_values().collect();
    app.world_mut().entity_mut(level).remove::<TileLevel>();
    app.update();
    assert!(
        colliders
            .iter()
            .all(|entity| app.world().get_entity(*entity).is_err())
    );
    assert_eq!(
        app.world().resource::<CollisionWorld>().colliders().count(),
        0
    );

    // Put back, then despawned with its children.
    app.world_mut()
        .entity_mut(level)
        .insert(TileLevel::new(wide_grid()));
    app.update();
    let colliders: Vec<Entity> = tile_colliders(&mut app, level).into_values().collect();
    assert!(!colliders.is_empty());
    app.world_mut().entity_mut(level).despawn();
    app.update();
    assert!(
        colliders
            .iter()
            .all(|entity| app.world().get_entity(*entity).is_err())
    );
    assert_eq!(
        app.world().resource::<CollisionWorld>().colliders().count(),
        0
    );
}

#[derive(Resource, Default)]
struct Ticks(u32);

#[test]
fn with_the_fixed_plugins_a_startup_level_collides_at_the_first_tick() {
    let mut app = crate::common::app_with(SatPlugin::fixed());
    app.add_plugins(TileLevelPlugin::fixed())
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            20,
        )))
        .init_resource::<Ticks>()
        .add_systems(FixedUpdate, |mut ticks: ResMut<Ticks>| ticks.0 += 1);
    // Sunk 1 unit into the floor's top.
    let crate_ = app
        .world_mut()
        .spawn((Collider::rectangle(8.0, 8.0), crate::common::at(20.0, 35.0)))
        .id();
    let mut log = crate::common::EventLog::new(&app);
    let level = startup_level(&mut app, wide_grid(), Transform::default());
    let mut events = log.drain(&app);
    while app.world().resource::<Ticks>().0 == 0 {
        events.extend(log.step(&mut app));
    }
    assert_eq!(app.world().resource::<Ticks>().0, 1);
    let tile = app
        .world()
        .get::<TileLevel>(level)
        .unwrap()
        .collider_at(UVec2::new(2, 3));
    let tile = tile.expect("the floor's collider");
    let started = CollisionEvent::Started {
        a: crate_.min(tile),
        b: crate_.max(tile),
        time_of_impact: None,
    };
    assert!(events.contains(&started), "{events:?}");
}
