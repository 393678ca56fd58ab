//! `SpatialQuery` against brute force: on 2,000 seeded colliders of every kind, each
//! query equals calling `sat2d` directly on every collider, placed from its own
//! components. The plugin's answers come through the broad phase (a grid walk for rays,
//! the swept box for shape casts); the oracle's from a loop over everything.

use crate::common::app;
use crate::common::random_scene::{
    SCENE_SIDE, Truth, random_iso, random_shape, spawn_scene, truth,
};
use bevy::ecs::system::SystemState;
use bevy::prelude::*;
use bevy_sat2d::prelude::*;

const COLLIDERS: usize = 2_000;

/// Runs `ask` with a `SpatialQuery` on the app's world.
fn with_query<R>(app: &mut App, ask: impl FnOnce(&SpatialQuery) -> R) -> R {
    let mut state = SystemState::<SpatialQuery>::new(app.world_mut());
    let query = state
        .get(app.world())
        .expect("the plugin's resources exist");
    ask(&query)
}

/// A stepped app with the seeded scene, and the oracle's view of it.
fn scene(seed: u64) -> (App, Vec<Truth>) {
    let mut app = app();
    let entities = spawn_scene(&mut app, seed, COLLIDERS);
    app.update();
    let truth = truth(&app, &entities);
    (app, truth)
}

/// A random ray: from inside the scene or outside it, some very long or endless.
fn random_ray(rng: &mut fastrand::Rng) -> (Vec2, Dir2, f32) {
    let origin = (Vec2::new(rng.f32(), rng.f32()) * 1.4 - 0.2) * SCENE_SIDE;
    let direction = Dir2::from_xy(rng.f32() - 0.5, rng.f32() - 0.5).unwrap_or(Dir2::X);
    let max_distance = match rng.u32(0..10) {
        0 => f32::INFINITY,
        1 => SCENE_SIDE * 3.0,
        2 => 0.0,
        _ => rng.f32() * SCENE_SIDE * 0.5,
    };
    (origin, direction, max_distance)
}

/// Every hit of the oracle, nearest first, ties by entity.
fn brute_ray_hits(
    truth: &[Truth],
    origin: Vec2,
    direction: Dir2,
    max_distance: f32,
) -> Vec<(Entity, RayHit)> {
    let ray = Ray::new(origin, *direction);
    let mut hits: Vec<(Entity, RayHit)> = truth
        .iter()
        .filter_map(|collider| {
            let hit = sat2d_cast_ray(collider, &ray, max_distance)?;
            Some((collider.entity, hit))
        })
        .collect();
    hits.sort_by(|a, b| a.1.distance.total_cmp(&b.1.distance).then(a.0.cmp(&b.0)));
    hits
}

fn sat2d_cast_ray(collider: &Truth, ray: &Ray, max_distance: f32) -> Option<RayHit> {
    bevy_sat2d::sat2d::cast_ray(&collider.shape, &collider.iso, ray, max_distance)
}

#[test]
fn cast_ray_and_ray_hits_equal_brute_force() {
    let (mut app, truth) = scene(1);
    let mut rng = fastrand::Rng::with_seed(2);
    let (mut hit_count, mut all_count) = (0, 0);
    for _ in 0..400 {
        let (origin, direction, max_distance) = random_ray(&mut rng);
        let expected = brute_ray_hits(&truth, origin, direction, max_distance);
        let (first, all) = with_query(&mut app, |query| {
            let filter = QueryFilter::default();
            (
                query.cast_ray(origin, direction, max_distance, &filter),
                query.ray_hits(origin, direction, max_distance, &filter),
            )
        });
        let context = format!("ray from {origin} along {direction:?} to {max_distance}");
        assert_eq!(first, expected.first().copied(), "{context}");
        assert_eq!(all, expected, "{context}");
        hit_count += usize::from(first.is_some());
        all_count += all.len();
    }
    assert!(hit_count > 150, "most rays hit something: {hit_count}");
    assert!(all_count > 1_000, "long rays hit many: {all_count}");
}

#[test]
fn rays_equal_brute_force_on_a_fine_grid() {
    // Cells much smaller than the colliders: every collider spans many cells, and a
    // ray crosses many cells per collider.
    let mut app = crate::common::app_with(SatPlugin::default().with_cell_size(2.0));
    let entities = spawn_scene(&mut app, 5, 500);
    app.update();
    let truth = truth(&app, &entities);
    let mut rng = fastrand::Rng::with_seed(6);
    for _ in 0..200 {
        let (origin, direction, max_distance) = random_ray(&mut rng);
        let expected = brute_ray_hits(&truth, origin, direction, max_distance);
        let first = with_query(&mut app, |query| {
            query.cast_ray(origin, direction, max_distance, &QueryFilter::default())
        });
        assert_eq!(first, expected.first().copied());
    }
}

#[test]
fn shape_hits_equal_brute_force() {
    let (mut app, truth) = scene(3);
    let mut rng = fastrand::Rng::with_seed(4);
    let mut total = 0;
    for _ in 0..300 {
        let shape = random_shape(&mut rng).try_scaled(Vec2::splat(1.0 + rng.f32() * 4.0));
        let shape = shape.expect("a valid scale");
        let iso = random_iso(&mut rng);
        let expected: Vec<(Entity, Contact)> = truth
            .iter()
            .filter_map(|collider| {
                let contact =
                    bevy_sat2d::sat2d::contact(&shape, &iso, &collider.shape, &collider.iso)?;
                Some((collider.entity, contact))
            })
            .collect::<std::collections::BTreeMap<_, _>>()
            .into_iter()
            .collect();
        let actual = with_query(&mut app, |query| {
            query.shape_hits(&shape, &iso, &QueryFilter::default())
        });
        assert_eq!(actual, expected, "{shape:?} at {iso:?}");
        total += actual.len();
    }
    assert!(total > 300, "shapes overlap colliders: {total}");
}

#[test]
fn cast_shape_equals_brute_force() {
    let (mut app, truth) = scene(7);
    let mut rng = fastrand::Rng::with_seed(8);
    let mut hit_count = 0;
    for index in 0..300 {
        let shape = random_shape(&mut rng);
        let iso = random_iso(&mut rng);
        let motion = match index % 10 {
            0 => Vec2::ZERO,
            1 => Vec2::new(rng.f32() - 0.5, rng.f32() - 0.5) * SCENE_SIDE * 2.0,
            _ => Vec2::new(rng.f32() - 0.5, rng.f32() - 0.5) * 100.0,
        };
        let expected = truth
            .iter()
            .filter_map(|collider| {
                let hit = bevy_sat2d::sat2d::cast_shape(
                    &shape,
                    &iso,
                    motion,
                    &collider.shape,
                    &collider.iso,
                    Vec2::ZERO,
                )?;
                Some((collider.entity, hit))
            })
            .min_by(|a, b| a.1.fraction.total_cmp(&b.1.fraction).then(a.0.cmp(&b.0)));
        let actual = with_query(&mut app, |query| {
            query.cast_shape(&shape, &iso, motion, &QueryFilter::default())
        });
        assert_eq!(actual, expected, "{shape:?} at {iso:?} by {motion}");
        hit_count += usize::from(actual.is_some());
    }
    assert!(hit_count > 100, "most casts hit something: {hit_count}");
}

#[test]
fn point_hits_equal_brute_force() {
    let (mut app, truth) = scene(9);
    let mut rng = fastrand::Rng::with_seed(10);
    let mut total = 0;
    for _ in 0..1_000 {
        let point = Vec2::new(rng.f32(), rng.f32()) * SCENE_SIDE;
        let mut expected: Vec<Entity> = truth
            .iter()
            .filter(|collider| {
                bevy_sat2d::sat2d::contains_point(&collider.shape, &collider.iso, point)
            })
            .map(|collider| collider.entity)
            .collect();
        expected.sort_unstable();
        let actual = with_query(&mut app, |query| {
            query.point_hits(point, &QueryFilter::default())
        });
        assert_eq!(actual, expected, "at {point}");
        total += actual.len();
    }
    assert!(total > 50, "points land in colliders: {total}");
}

#[test]
fn queries_follow_moved_colliders_after_the_next_step() {
    let mut app = app();
    let wall = app
        .world_mut()
        .spawn((
            Collider::rectangle(2.0, 20.0),
            Transform::from_xyz(10.0, 0.0, 0.0),
        ))
        .id();
    app.update();
    let ask = |app: &mut App| {
        with_query(app, |query| {
            query.cast_ray(Vec2::ZERO, Dir2::X, 100.0, &QueryFilter::default())
        })
    };
    let (entity, hit) = ask(&mut app).expect("the wall");
    assert_eq!(entity, wall);
    assert!((hit.distance - 9.0).abs() < 1e-4);
    app.world_mut()
        .get_mut::<Transform>(wall)
        .unwrap()
        .translation
        .x = 30.0;
    // Not yet stepped: the query still sees the wall where it was.
    assert!((ask(&mut app).unwrap().1.distance - 9.0).abs() < 1e-4);
    app.update();
    assert!((ask(&mut app).unwrap().1.distance - 29.0).abs() < 1e-4);
    app.world_mut().entity_mut(wall).despawn();
    app.update();
    assert_eq!(ask(&mut app), None);
}
