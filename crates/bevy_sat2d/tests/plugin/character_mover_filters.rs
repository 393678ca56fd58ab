//! What a `CharacterMover` moves against: its own body's colliders and the entities its
//! `CollisionExclusions` list are not in its way.

use crate::character_mover_support::{app, mover, position, solid, step};
use bevy::prelude::*;
use bevy_sat2d::prelude::*;

/// A box mover at the origin and a static wall 20 units ahead of it.
fn mover_before_a_wall(app: &mut App) -> (Entity, Entity) {
    let player = mover(
        app,
        Collider::rectangle(8.0, 16.0),
        Vec2::ZERO,
        MoverSettings::default(),
    );
    let wall = solid(app, Collider::rectangle(4.0, 40.0), Vec2::new(20.0, 0.0));
    (player, wall)
}

#[test]
fn a_hurtbox_the_mover_carries_is_not_in_its_way() {
    let mut app = app();
    let (player, _wall) = mover_before_a_wall(&mut app);
    // A hurtbox sticking 6 units out in front of the player, one of its parts.
    app.world_mut().spawn((
        Collider::rectangle(10.0, 10.0),
        ColliderOf(player),
        ChildOf(player),
        Transform::from_xyz(5.0, 0.0, 0.0),
    ));
    app.update();
    // The hurtbox overlaps the player: as an obstacle it would stop every move.
    let after = step(&mut app, player, Vec2::new(5.0, 0.0));
    assert!((after.x - 5.0).abs() < 1e-4, "moved to {after}");
    // The wall still stops it: its face is at x = 18, the player's half width is 4.
    let after = step(&mut app, player, Vec2::new(20.0, 0.0));
    assert!(after.x < 14.0 && after.x > 13.9, "stopped at {after}");
}

#[test]
fn an_excluded_wall_is_passed_and_others_still_stop_the_mover() {
    let mut app = app();
    let (player, wall) = mover_before_a_wall(&mut app);
    let far_wall = solid(
        &mut app,
        Collider::rectangle(4.0, 40.0),
        Vec2::new(60.0, 0.0),
    );
    app.world_mut()
        .entity_mut(player)
        .insert(CollisionExclusions::from_iter([wall]));
    app.update();
    let after = step(&mut app, player, Vec2::new(40.0, 0.0));
    assert!(
        (after.x - 40.0).abs() < 1e-4,
        "passed the excluded wall: {after}"
    );
    let after = step(&mut app, player, Vec2::new(40.0, 0.0));
    assert!(after.x < 54.0 && after.x > 53.9, "stopped at {after}");
    assert!(app.world().entity(far_wall).contains::<Collider>());
    assert_eq!(position(&app, player), after);
}
