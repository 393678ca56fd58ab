//! The character mover, headless: tile seams, slopes, steps, stairs, fast moves into
//! thin walls, one-way and moving platforms, and bad input.

use bevy::prelude::*;
use bevy_sat2d::prelude::*;

use crate::character_mover_support::*;

/// Walks `body` (half height `half`) from x = 4, resting on the floor, by `speed` per
/// step with a pull of 1 down, until x passes `end`; checks every step that the height
/// stays the resting height within 1e-3 and the horizontal move is never less than
/// `speed`. Returns the steps taken.
fn walk_flat(app: &mut App, body: Collider, half: f32, speed: f32, end: f32) -> usize {
    let rest = half + SKIN;
    // Start touching the floor exactly (no skin): the hardest place for a seam.
    let entity = mover(app, body, Vec2::new(4.0, half), MoverSettings::default());
    app.update();
    let mut last = position(app, entity);
    let mut steps = 0;
    while last.x < end {
        let now = step(app, entity, Vec2::new(speed, -1.0));
        assert!(
            (now.y - rest).abs() < 1e-3,
            "step {steps}: height {} at x {} (rest {rest})",
            now.y,
            now.x
        );
        assert!(
            now.x - last.x >= speed - 1e-3,
            "step {steps}: moved {} of {speed} at x {}",
            now.x - last.x,
            last.x
        );
        assert!(output(app, entity).grounded, "step {steps}: not grounded");
        last = now;
        steps += 1;
    }
    steps
}

#[test]
fn a_box_walks_200_tiles_as_on_one_long_box() {
    for speed in [3.0, 2.7] {
        let mut app = app();
        tile_floor(&mut app, 200);
        let steps = walk_flat(
            &mut app,
            Collider::rectangle(12.0, 12.0),
            6.0,
            speed,
            3180.0,
        );
        assert!(steps > 1000);
    }
}

#[test]
fn a_capsule_walks_200_tiles_as_on_one_long_box() {
    for speed in [3.0, 2.7] {
        let mut app = app();
        tile_floor(&mut app, 200);
        // Radius 5, segment 10: 20 tall.
        walk_flat(&mut app, Collider::capsule(5.0, 10.0), 10.0, speed, 3180.0);
    }
}

#[test]
fn the_long_box_and_the_tiles_give_the_same_walk() {
    let mut tiles = app();
    tile_floor(&mut tiles, 20);
    let mut long = app();
    solid(
        &mut long,
        Collider::rectangle(320.0, 16.0),
        Vec2::new(160.0, -8.0),
    );
    let on_tiles = mover(
        &mut tiles,
        Collider::rectangle(12.0, 12.0),
        Vec2::new(4.0, 6.0),
        MoverSettings::default(),
    );
    let on_long = mover(
        &mut long,
        Collider::rectangle(12.0, 12.0),
        Vec2::new(4.0, 6.0),
        MoverSettings::default(),
    );
    tiles.update();
    long.update();
    for _ in 0..90 {
        let a = step(&mut tiles, on_tiles, Vec2::new(3.3, -0.5));
        let b = step(&mut long, on_long, Vec2::new(3.3, -0.5));
        assert!(a.distance(b) < 1e-3, "tiles {a} long box {b}");
    }
}

/// Without gravity and with no skin under it, a box's bottom corners meet every tile's
/// corner on the way: the seam rule must read them as the floor.
#[test]
fn a_box_on_the_tiles_with_no_gap_crosses_every_seam() {
    for body in [
        Collider::rectangle(12.0, 12.0),
        Collider::rectangle(16.0, 12.0),
    ] {
        let mut app = app();
        tile_floor(&mut app, 40);
        let entity = mover(
            &mut app,
            body,
            Vec2::new(8.0, 6.0),
            MoverSettings::default(),
        );
        app.update();
        let mut last = position(&app, entity);
        while last.x < 600.0 {
            let now = step(&mut app, entity, Vec2::new(4.0, 0.0));
            assert!(
                now.x - last.x >= 4.0 - 1e-3,
                "stopped at x {} ({})",
                last.x,
                now.x
            );
            // At most a skin's lift, once: the gap the mover keeps.
            assert!(
                now.y >= 6.0 - 1e-4 && now.y <= 6.0 + SKIN + 1e-3,
                "height {}",
                now.y
            );
            last = now;
        }
    }
}

/// The mover runs before the step syncs colliders: the step's contacts describe where
/// the mover ended this frame, and its mask lets it pass through what it ignores.
#[test]
fn the_step_reports_contacts_where_the_mover_ended() {
    let mut app = app();
    let coin = app
        .world_mut()
        .spawn((
            Collider::circle(4.0),
            CollisionLayers {
                memberships: 0b10,
                filters: u32::MAX,
            },
            Transform::from_xyz(50.0, 0.0, 0.0),
        ))
        .id();
    let entity = app
        .world_mut()
        .spawn((
            Collider::rectangle(12.0, 12.0),
            CharacterMover {
                mask: 0b01,
                ..default()
            },
            Transform::default(),
        ))
        .id();
    app.update();
    let world = app.world().resource::<CollisionWorld>();
    assert!(world.contact(entity, coin).is_none());
    let end = step(&mut app, entity, Vec2::new(50.0, 0.0));
    assert_eq!(end, Vec2::new(50.0, 0.0));
    let world = app.world().resource::<CollisionWorld>();
    assert!(world.contact(entity, coin).is_some());
    assert_eq!(
        world.collider(entity).unwrap().iso.translation,
        Vec2::new(50.0, 0.0)
    );
}

/// Movers run in parallel; each sees the others where the last step left them, so the
/// result does not depend on the order they run in.
#[test]
fn movers_side_by_side_move_independently() {
    let mut app = app();
    tile_floor(&mut app, 30);
    let movers: Vec<Entity> = (0..8)
        .map(|index| {
            let x = 20.0 + 50.0 * index as f32;
            mover(
                &mut app,
                Collider::rectangle(12.0, 12.0),
                Vec2::new(x, 6.0 + SKIN),
                MoverSettings::default(),
            )
        })
        .collect();
    app.update();
    for _ in 0..20 {
        for &entity in &movers {
            app.world_mut()
                .get_mut::<CharacterMover>(entity)
                .unwrap()
                .translation = Some(Vec2::new(1.5, -1.0));
        }
        app.update();
    }
    for (index, &entity) in movers.iter().enumerate() {
        let expected = Vec2::new(20.0 + 50.0 * index as f32 + 30.0, 6.0 + SKIN);
        assert!(
            position(&app, entity).distance(expected) < 1e-3,
            "{index}: {}",
            position(&app, entity)
        );
    }
}
