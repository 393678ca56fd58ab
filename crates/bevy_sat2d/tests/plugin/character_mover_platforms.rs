//! The character mover with platforms (one-way, moving) and bad input.

use bevy::prelude::*;
use bevy_sat2d::prelude::*;

use crate::character_mover_support::*;

/// A floor with its top at y = 0 and a one-way platform 4 thick, its top at y = 42.
fn floor_and_one_way(app: &mut App) -> (Entity, Entity) {
    let floor = solid(app, Collider::rectangle(400.0, 20.0), Vec2::new(0.0, -10.0));
    let platform = app
        .world_mut()
        .spawn((
            Collider::rectangle(100.0, 4.0),
            StaticCollider,
            OneWayPlatform::default(),
            Transform::from_xyz(0.0, 40.0, 0.0),
        ))
        .id();
    (floor, platform)
}

#[test]
fn jumps_up_through_a_one_way_platform_and_lands_on_it() {
    let mut app = app();
    let (_, platform) = floor_and_one_way(&mut app);
    let body = Collider::rectangle(12.0, 12.0);
    let entity = mover(
        &mut app,
        body,
        Vec2::new(0.0, 6.0 + SKIN),
        MoverSettings::default(),
    );
    app.update();
    let mut inside = 0;
    // Up 8 a step: through the platform without slowing down, and no contact raised.
    for index in 1..=10 {
        let now = step(&mut app, entity, Vec2::new(0.0, 8.0));
        assert!(
            (now.y - (6.0 + SKIN + 8.0 * index as f32)).abs() < 1e-3,
            "held at {now}"
        );
        let output = output(&app, entity);
        assert!(output.hits.is_empty());
        if (now.y - 40.0).abs() < 8.0 {
            inside += 1;
            assert_eq!(output.passing_through, [platform]);
        }
        let world = app.world().resource::<CollisionWorld>();
        assert!(
            world.contact(entity, platform).is_none(),
            "contact at {now}"
        );
        assert!(world.contacts().all(|(a, b, _)| a != entity && b != entity));
    }
    assert_eq!(inside, 2);
    let exclusions = app.world().get::<CollisionExclusions>(entity).unwrap();
    assert!(!exclusions.excludes(platform), "still excluded once out");
    // Down 3 a step: lands on top.
    for _ in 0..30 {
        step(&mut app, entity, Vec2::new(0.0, -3.0));
    }
    let end = position(&app, entity);
    assert!((end.y - (42.0 + 6.0 + SKIN)).abs() < 1e-3, "at {end}");
    let output = output(&app, entity);
    assert!(output.grounded);
    assert_eq!(output.ground.unwrap().entity, platform);
    assert!(output.passing_through.is_empty());
}

/// An exclusion the game set itself is left alone by the mover's passing.
#[test]
fn passing_through_keeps_the_games_own_exclusions() {
    let mut app = app();
    let (_, platform) = floor_and_one_way(&mut app);
    let other = solid(&mut app, Collider::circle(1.0), Vec2::new(300.0, 300.0));
    let entity = mover(
        &mut app,
        Collider::rectangle(12.0, 12.0),
        Vec2::new(0.0, 6.0 + SKIN),
        MoverSettings::default(),
    );
    app.world_mut()
        .entity_mut(entity)
        .insert(CollisionExclusions::from_iter([other, platform]));
    app.update();
    for _ in 0..10 {
        step(&mut app, entity, Vec2::new(0.0, 8.0));
        assert!(output(&app, entity).passing_through.is_empty());
    }
    let exclusions = app.world().get::<CollisionExclusions>(entity).unwrap();
    assert!(exclusions.excludes(other) && exclusions.excludes(platform));
}

#[test]
fn a_jump_that_does_not_clear_a_one_way_platform_falls_back_through_it() {
    let mut app = app();
    let (floor, _) = floor_and_one_way(&mut app);
    let body = Collider::capsule(5.0, 10.0);
    let entity = mover(
        &mut app,
        body,
        Vec2::new(0.0, 10.0 + SKIN),
        MoverSettings::default(),
    );
    app.update();
    // Up to y = 42: the capsule's middle is in the platform, its top above it.
    for _ in 0..4 {
        step(&mut app, entity, Vec2::new(0.0, 8.0));
    }
    for _ in 0..30 {
        step(&mut app, entity, Vec2::new(0.0, -3.0));
    }
    let end = position(&app, entity);
    assert!((end.y - (10.0 + SKIN)).abs() < 1e-3, "at {end}");
    assert_eq!(output(&app, entity).ground.unwrap().entity, floor);
}

#[test]
fn a_one_way_platform_is_a_wall_only_from_its_side() {
    let mut app = app();
    // Solid from the left: a mover from the right passes, one from the left stops.
    let gate = app
        .world_mut()
        .spawn((
            Collider::rectangle(4.0, 100.0),
            StaticCollider,
            OneWayPlatform {
                direction: Dir2::NEG_X,
            },
            Transform::from_xyz(0.0, 0.0, 0.0),
        ))
        .id();
    let from_right = mover(
        &mut app,
        Collider::circle(5.0),
        Vec2::new(30.0, 0.0),
        MoverSettings::default(),
    );
    let from_left = mover(
        &mut app,
        Collider::circle(5.0),
        Vec2::new(-30.0, 20.0),
        MoverSettings::default(),
    );
    app.update();
    let passed = step(&mut app, from_right, Vec2::new(-60.0, 0.0));
    assert_eq!(passed, Vec2::new(-30.0, 0.0));
    app.world_mut()
        .get_mut::<CharacterMover>(from_left)
        .unwrap()
        .translation = Some(Vec2::new(60.0, 0.0));
    app.update();
    let stopped = position(&app, from_left);
    assert!((stopped.x - (-7.0 - SKIN)).abs() < 1e-3, "at {stopped}");
    assert_eq!(output(&app, from_left).hits[0].entity, gate);
}

/// Moves every `Platform` by its velocity each frame, in `Update`.
#[derive(Component)]
struct Platform(Vec2);

fn move_platforms(mut platforms: Query<(&mut Transform, &Platform)>) {
    for (mut transform, platform) in &mut platforms {
        transform.translation += platform.0.extend(0.0);
    }
}

#[test]
fn rides_a_moving_platform() {
    for velocity in [
        Vec2::new(1.0, 0.0),
        Vec2::new(0.5, 0.5),
        Vec2::new(-0.7, -0.4),
    ] {
        let mut app = app();
        app.add_systems(Update, move_platforms);
        let platform = app
            .world_mut()
            .spawn((
                Collider::rectangle(64.0, 8.0),
                Platform(Vec2::ZERO),
                Transform::from_xyz(0.0, -4.0, 0.0),
            ))
            .id();
        let entity = mover(
            &mut app,
            Collider::rectangle(12.0, 12.0),
            Vec2::new(0.0, 6.0 + SKIN),
            MoverSettings::default(),
        );
        for _ in 0..3 {
            step(&mut app, entity, Vec2::new(0.0, -1.0));
        }
        assert!(output(&app, entity).grounded);
        app.world_mut().get_mut::<Platform>(platform).unwrap().0 = velocity;
        let start = position(&app, entity);
        for frame in 1..=40 {
            let now = step(&mut app, entity, Vec2::new(0.0, -1.0));
            let expected = start + velocity * frame as f32;
            assert!(
                now.distance(expected) < 1e-3,
                "{velocity}: frame {frame} at {now}, not {expected}"
            );
            let output = output(&app, entity);
            assert!(output.grounded, "{velocity}: frame {frame}");
            assert_eq!(output.ground.unwrap().entity, platform);
        }
    }
}

#[test]
fn a_non_finite_translation_is_ignored() {
    let mut app = app();
    solid(
        &mut app,
        Collider::rectangle(400.0, 20.0),
        Vec2::new(0.0, -10.0),
    );
    let entity = mover(
        &mut app,
        Collider::rectangle(12.0, 12.0),
        Vec2::new(0.0, 6.0 + SKIN),
        MoverSettings::default(),
    );
    app.update();
    let resting = step(&mut app, entity, Vec2::new(0.0, -1.0));
    for bad in [
        Vec2::NAN,
        Vec2::new(f32::INFINITY, 0.0),
        Vec2::new(1.0, f32::NAN),
    ] {
        let now = step(&mut app, entity, bad);
        assert_eq!(now, resting);
        assert!(output(&app, entity).grounded);
    }
    // And it still moves afterwards.
    assert!((step(&mut app, entity, Vec2::new(5.0, 0.0)).x - 5.0).abs() < 1e-4);
}

#[test]
fn a_mover_without_a_collider_is_left_alone() {
    let mut app = app();
    let entity = app
        .world_mut()
        .spawn((
            CharacterMover::default(),
            Transform::from_xyz(3.0, 4.0, 0.0),
        ))
        .id();
    for _ in 0..3 {
        assert_eq!(
            step(&mut app, entity, Vec2::new(10.0, 0.0)),
            Vec2::new(3.0, 4.0)
        );
    }
    assert_eq!(
        app.world()
            .get::<CharacterMover>(entity)
            .unwrap()
            .translation,
        None
    );
}

#[test]
fn a_mover_spawned_deep_inside_is_pushed_out_over_a_few_steps() {
    let mut app = app();
    let block = solid(&mut app, Collider::rectangle(64.0, 64.0), Vec2::ZERO);
    let entity = mover(
        &mut app,
        Collider::rectangle(12.0, 12.0),
        Vec2::new(5.0, 3.0),
        MoverSettings::default(),
    );
    app.update();
    let mut last = position(&app, entity);
    let mut steps = 0;
    while app
        .world()
        .resource::<CollisionWorld>()
        .contact(entity, block)
        .is_some_and(|c| c.depth > 0.0)
    {
        let now = step(&mut app, entity, Vec2::ZERO);
        assert!(
            now.distance(last) <= 4.0 + 1e-4,
            "flung from {last} to {now}"
        );
        last = now;
        steps += 1;
        assert!(steps < 20, "still inside at {now}");
    }
    // Out by the shortest way (+x: 33 deep), in steps of at most 4.
    // Nine pushes: the update before the loop made the first.
    assert!(steps >= 8, "out in {steps} steps");
    assert!(
        (last.x - (32.0 + 6.0 + SKIN)).abs() < 1e-3 && (last.y - 3.0).abs() < 1e-3,
        "at {last}"
    );
    // Then it stays.
    assert_eq!(step(&mut app, entity, Vec2::ZERO), last);
}
