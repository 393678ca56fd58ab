//! Tests of the ray checks and the grid walk.

use super::*;

#[test]
fn bad_rays_are_refused() {
    let (nan, infinite) = (Vec2::new(f32::NAN, 0.0), Vec2::new(0.0, f32::INFINITY));
    for direction in [Vec2::ZERO, nan, infinite] {
        assert_eq!(checked_ray(Vec2::ZERO, direction, 1.0), None);
    }
    for origin in [nan, infinite] {
        assert_eq!(checked_ray(origin, Vec2::X, 1.0), None);
    }
    for max_distance in [-1.0, f32::NAN, f32::NEG_INFINITY] {
        assert_eq!(checked_ray(Vec2::ZERO, Vec2::X, max_distance), None);
    }
    let ray = checked_ray(Vec2::ONE, Vec2::Y * 3.0, f32::INFINITY).expect("a good ray");
    assert_eq!((ray.origin(), ray.direction()), (Vec2::ONE, Vec2::Y));
    assert!(checked_ray(Vec2::ONE, Vec2::Y, 0.0).is_some());
}

/// How many colliders a ray looks at: a short ray looks at the few along it, a ray
/// longer than the grid is worth walking looks at every collider once.
#[test]
fn a_short_ray_looks_only_at_the_colliders_along_it() {
    use bevy::ecs::system::SystemState;
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin, crate::SatPlugin::default()));
    for index in 0..10_000 {
        let (column, row) = ((index % 100) as f32, (index / 100) as f32);
        app.world_mut().spawn((
            crate::Collider::circle(1.0),
            Transform::from_xyz(column * 10.0, row * 10.0, 0.0),
        ));
    }
    app.update();
    let mut state = SystemState::<SpatialQuery>::new(app.world_mut());
    let query = state.get(app.world()).unwrap();
    let visits = |origin: Vec2, max_distance: f32| {
        let mut count = 0;
        let ray = Ray::new(origin, Vec2::new(1.0, 0.3));
        query.walk_ray(&ray, max_distance, |_| {
            count += 1;
            max_distance
        });
        count
    };
    let short = visits(Vec2::new(500.0, 500.0), 40.0);
    assert!((1..=20).contains(&short), "a short ray looked at {short}");
    assert_eq!(visits(Vec2::new(500.0, 500.0), f32::INFINITY), 10_000);
    // The row at y = 0: the first circle, 4 units from the origin.
    let first = query.cast_ray(
        Vec2::new(-5.0, 0.0),
        Dir2::X,
        2_000.0,
        &QueryFilter::default(),
    );
    assert!((first.unwrap().1.distance - 4.0).abs() < 1e-4);
}
