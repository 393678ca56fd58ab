//! `QueryFilter` in `SpatialQuery`: each option alone on a hand-made scene, all of them
//! together against brute force on a seeded one; queries before the first step and
//! bad input return nothing without panicking.

use crate::common::random_scene::{
    SCENE_SIDE, Truth, random_iso, random_shape, spawn_scene, truth,
};
use crate::common::{app, at};
use bevy::ecs::system::{RunSystemOnce, SystemState};
use bevy::prelude::*;
use bevy_sat2d::prelude::*;

const WALL: u32 = 1 << 0;
const ENEMY: u32 = 1 << 1;

fn with_query<R>(app: &mut App, ask: impl FnOnce(&SpatialQuery) -> R) -> R {
    let mut state = SystemState::<SpatialQuery>::new(app.world_mut());
    let query = state
        .get(app.world())
        .expect("the plugin's resources exist");
    ask(&query)
}

/// Four circles on the x axis at 10, 20, 30, 40: a static wall, two enemies, a wall.
fn row(app: &mut App) -> [Entity; 4] {
    let mut spawn = |x: f32, layer: u32, is_static: bool| {
        let mut entity = app.world_mut().spawn((
            Collider::circle(1.0),
            at(x, 0.0),
            CollisionLayers::new(layer, u32::MAX),
        ));
        if is_static {
            entity.insert(StaticCollider);
        }
        entity.id()
    };
    [
        spawn(10.0, WALL, true),
        spawn(20.0, ENEMY, false),
        spawn(30.0, ENEMY, false),
        spawn(40.0, WALL, false),
    ]
}

/// The entities a ray along +x from the origin hits, nearest first.
fn along_x(app: &mut App, filter: &QueryFilter) -> Vec<Entity> {
    with_query(app, |query| {
        let hits = query.ray_hits(Vec2::ZERO, Dir2::X, 100.0, filter);
        let first = query.cast_ray(Vec2::ZERO, Dir2::X, 100.0, filter);
        assert_eq!(first, hits.first().copied());
        hits.into_iter().map(|(entity, _)| entity).collect()
    })
}

#[test]
fn each_option_filters_alone() {
    let mut app = app();
    let [static_wall, near_enemy, far_enemy, wall] = row(&mut app);
    app.update();
    let all = QueryFilter::default();
    assert_eq!(
        along_x(&mut app, &all),
        [static_wall, near_enemy, far_enemy, wall]
    );
    let enemies = QueryFilter::default().with_mask(ENEMY);
    assert_eq!(along_x(&mut app, &enemies), [near_enemy, far_enemy]);
    assert_eq!(along_x(&mut app, &QueryFilter::default().with_mask(0)), []);
    let excluded = QueryFilter::default().exclude(near_enemy).exclude(wall);
    assert_eq!(along_x(&mut app, &excluded), [static_wall, far_enemy]);
    let moving = QueryFilter::default().with_static_colliders(false);
    assert_eq!(along_x(&mut app, &moving), [near_enemy, far_enemy, wall]);
    let predicate = QueryFilter::default().with_predicate(|entity| entity != far_enemy);
    assert_eq!(
        along_x(&mut app, &predicate),
        [static_wall, near_enemy, wall]
    );
    let combined = QueryFilter::default()
        .with_mask(WALL)
        .exclude_all([static_wall]);
    assert_eq!(along_x(&mut app, &combined), [wall]);

    // The same filters on the other queries.
    let blast = Shape::circle(16.0);
    let center = Iso::from_translation(Vec2::new(25.0, 0.0));
    let overlapped = with_query(&mut app, |query| {
        let hits = query.shape_hits(&blast, &center, &enemies);
        hits.into_iter()
            .map(|(entity, _)| entity)
            .collect::<Vec<_>>()
    });
    // Sorted by `Entity`'s order, which is not spawn order.
    let mut enemies_sorted = [near_enemy, far_enemy];
    enemies_sorted.sort();
    assert_eq!(overlapped, enemies_sorted);
    let stop = with_query(&mut app, |query| {
        let motion = Vec2::new(100.0, 0.0);
        query.cast_shape(&Shape::circle(1.0), &Iso::IDENTITY, motion, &moving)
    });
    assert_eq!(stop.map(|(entity, _)| entity), Some(near_enemy));
    let under = with_query(&mut app, |query| {
        (
            query.point_hits(Vec2::new(10.0, 0.0), &all),
            query.point_hits(Vec2::new(10.0, 0.0), &moving),
        )
    });
    assert_eq!(under, (vec![static_wall], vec![]));
}

#[test]
fn a_predicate_can_read_the_calling_systems_queries() {
    #[derive(Component)]
    struct Dead;
    let mut app = app();
    let [_, near_enemy, far_enemy, _] = row(&mut app);
    app.world_mut().entity_mut(near_enemy).insert(Dead);
    app.update();
    let first = app
        .world_mut()
        .run_system_once(|query: SpatialQuery, dead: Query<(), With<Dead>>| {
            let filter = QueryFilter::default()
                .with_mask(ENEMY)
                .with_predicate(|entity| !dead.contains(entity));
            query.cast_ray(Vec2::ZERO, Dir2::X, 100.0, &filter)
        })
        .unwrap();
    assert_eq!(first.map(|(entity, _)| entity), Some(far_enemy));
}

/// Whether the oracle's collider passes the same filter as `filtered` below.
fn passes(collider: &Truth) -> bool {
    collider.memberships & 0b0101 != 0
        && !collider.entity.index_u32().is_multiple_of(7)
        && !collider.is_static
        && !collider.entity.index_u32().is_multiple_of(3)
}

#[test]
fn all_options_together_equal_brute_force() {
    let mut app = app();
    let entities = spawn_scene(&mut app, 21, 1_000);
    app.update();
    let truth = truth(&app, &entities);
    let excluded: Vec<Entity> = entities
        .iter()
        .copied()
        .filter(|entity| entity.index_u32().is_multiple_of(7))
        .collect();
    let filtered = || {
        QueryFilter::default()
            .with_mask(0b0101)
            .exclude_all(excluded.iter().copied())
            .with_static_colliders(false)
            .with_predicate(|entity| !entity.index_u32().is_multiple_of(3))
    };
    let passing: Vec<&Truth> = truth.iter().filter(|collider| passes(collider)).collect();
    assert!(
        passing.len() > 100 && passing.len() < 400,
        "{}",
        passing.len()
    );
    let mut rng = fastrand::Rng::with_seed(22);
    for _ in 0..100 {
        let origin = Vec2::new(rng.f32(), rng.f32()) * SCENE_SIDE;
        let direction = Dir2::from_xy(rng.f32() - 0.5, rng.f32() - 0.5).unwrap_or(Dir2::Y);
        let ray = Ray::new(origin, *direction);
        let mut expected: Vec<(Entity, RayHit)> = passing
            .iter()
            .filter_map(|collider| {
                let hit = bevy_sat2d::sat2d::cast_ray(&collider.shape, &collider.iso, &ray, 300.0);
                Some((collider.entity, hit?))
            })
            .collect();
        expected.sort_by(|a, b| a.1.distance.total_cmp(&b.1.distance).then(a.0.cmp(&b.0)));
        let actual = with_query(&mut app, |query| {
            query.ray_hits(origin, direction, 300.0, &filtered())
        });
        assert_eq!(actual, expected);

        let shape = random_shape(&mut rng).try_scaled(Vec2::splat(4.0)).unwrap();
        let iso = random_iso(&mut rng);
        let expected: Vec<Entity> = passing
            .iter()
            .filter(|collider| {
                bevy_sat2d::sat2d::intersects(&shape, &iso, &collider.shape, &collider.iso)
            })
            .map(|collider| collider.entity)
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        let actual = with_query(&mut app, |query| {
            query.shape_hits(&shape, &iso, &filtered())
        });
        let actual: Vec<Entity> = actual.into_iter().map(|(entity, _)| entity).collect();
        assert_eq!(actual, expected);
    }
}

#[test]
fn a_query_before_the_first_step_returns_nothing() {
    let mut app = app();
    row(&mut app);
    // The plugin's resources exist, but no step has placed anything.
    let results = with_query(&mut app, |query| {
        let filter = QueryFilter::default();
        (
            query.cast_ray(Vec2::ZERO, Dir2::X, 100.0, &filter),
            query.ray_hits(Vec2::ZERO, Dir2::X, f32::INFINITY, &filter),
            query.cast_shape(&Shape::circle(1.0), &Iso::IDENTITY, Vec2::X * 50.0, &filter),
            query.shape_hits(&Shape::circle(50.0), &Iso::IDENTITY, &filter),
            query.point_hits(Vec2::new(10.0, 0.0), &filter),
        )
    });
    assert_eq!(results, (None, vec![], None, vec![], vec![]));
}

#[test]
fn bad_input_returns_nothing_without_panicking() {
    let mut app = app();
    row(&mut app);
    app.update();
    let filter = QueryFilter::default();
    with_query(&mut app, |query| {
        let nan = Vec2::new(f32::NAN, 0.0);
        let infinite = Vec2::new(0.0, f32::INFINITY);
        // (A bad `Dir2` cannot be built in a debug build: `Dir2::new_unchecked` panics
        // there. The check behind it is unit-tested in `spatial_query.rs`.)
        for origin in [nan, infinite] {
            assert_eq!(query.cast_ray(origin, Dir2::X, 100.0, &filter), None);
            assert_eq!(query.ray_hits(origin, Dir2::X, 100.0, &filter), []);
        }
        for max_distance in [-1.0, f32::NAN, f32::NEG_INFINITY] {
            assert_eq!(
                query.cast_ray(Vec2::ZERO, Dir2::X, max_distance, &filter),
                None
            );
            assert_eq!(
                query.ray_hits(Vec2::ZERO, Dir2::X, max_distance, &filter),
                []
            );
        }
        let ball = Shape::circle(1.0);
        let bad_iso = Iso::from_translation(nan);
        assert_eq!(query.cast_shape(&ball, &Iso::IDENTITY, nan, &filter), None);
        assert_eq!(
            query.cast_shape(&ball, &Iso::IDENTITY, infinite, &filter),
            None
        );
        assert_eq!(query.cast_shape(&ball, &bad_iso, Vec2::X, &filter), None);
        assert_eq!(query.shape_hits(&ball, &bad_iso, &filter), []);
        assert_eq!(query.point_hits(nan, &filter), []);
        assert_eq!(query.point_hits(infinite, &filter), []);
        // Endless and zero-length rays are fine.
        let endless = query.ray_hits(Vec2::ZERO, Dir2::X, f32::INFINITY, &filter);
        assert_eq!(endless.len(), 4);
        assert_eq!(query.ray_hits(Vec2::ZERO, Dir2::X, 0.0, &filter), []);
    });
}

#[test]
fn excluding_a_body_skips_its_parts_as_well() {
    let mut app = app();
    // A ship at x = 10 with a turret part at x = 20, and a rock at x = 30.
    let ship = app
        .world_mut()
        .spawn((Collider::circle(1.0), at(10.0, 0.0)))
        .id();
    let turret = app
        .world_mut()
        .spawn((Collider::circle(1.0), at(20.0, 0.0), ColliderOf(ship)))
        .id();
    let rock = app
        .world_mut()
        .spawn((Collider::circle(1.0), at(30.0, 0.0)))
        .id();
    app.update();
    let everything = along_x(&mut app, &QueryFilter::default());
    assert_eq!(everything, vec![ship, turret, rock]);
    assert_eq!(
        along_x(&mut app, &QueryFilter::default().exclude(ship)),
        vec![rock],
        "the ship's turret is part of the excluded ship"
    );
    assert_eq!(
        along_x(&mut app, &QueryFilter::default().exclude(turret)),
        vec![ship, rock],
        "excluding a part leaves its body"
    );
}
