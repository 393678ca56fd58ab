//! Static colliders that change are seen by the next step, though a settled level's
//! step never looks at one: moved by their `Transform`, given new layers (inserted or
//! changed in place), their `Collider` replaced, their `StaticCollider` marker removed
//! and added back. Each gives the right events on the next step, and a level that stops
//! changing is left alone again.

use crate::common::{EventLog, app, at, move_to};
use bevy::prelude::*;
use bevy_sat2d::prelude::*;

/// What one step reported, as `(kind, a, b)` with `kind` one of "started", "ongoing"
/// and "ended", sorted.
fn report(events: &[CollisionEvent]) -> Vec<(&'static str, Entity, Entity)> {
    let mut found: Vec<_> = events
        .iter()
        .map(|event| {
            let kind = if event.is_started() {
                "started"
            } else if event.is_ongoing() {
                "ongoing"
            } else {
                "ended"
            };
            let (a, b) = event.entities();
            (kind, a, b)
        })
        .collect();
    found.sort();
    found
}

/// The pair `(a, b)` in entity order, with `kind`.
fn event(kind: &'static str, a: Entity, b: Entity) -> Vec<(&'static str, Entity, Entity)> {
    vec![(kind, a.min(b), a.max(b))]
}

/// An app with a moving circle at the origin, a static box `far` out of its reach, and
/// a static level of 400 boxes further off that never changes. Two steps have run.
fn level() -> (App, EventLog, Entity, Entity) {
    let mut app = app();
    for index in 0..400 {
        let (x, y) = ((index % 20) as f32 * 4.0, (index / 20) as f32 * 4.0);
        app.world_mut().spawn((
            Collider::rectangle(4.0, 4.0),
            StaticCollider,
            at(1000.0 + x, y),
        ));
    }
    let mover = app
        .world_mut()
        .spawn((Collider::circle(1.0), at(0.0, 0.0)))
        .id();
    let wall = app
        .world_mut()
        .spawn((Collider::rectangle(2.0, 2.0), StaticCollider, at(50.0, 0.0)))
        .id();
    let mut log = EventLog::new(&app);
    app.update();
    app.update();
    log.drain(&app);
    (app, log, mover, wall)
}

#[test]
fn a_static_moved_by_its_transform_starts_and_ends_pairs() {
    let (mut app, mut log, mover, wall) = level();
    move_to(&mut app, wall, Vec2::new(1.5, 0.0));
    assert_eq!(report(&log.step(&mut app)), event("started", mover, wall));
    assert_eq!(report(&log.step(&mut app)), event("ongoing", mover, wall));
    move_to(&mut app, wall, Vec2::new(-50.0, 0.0));
    assert_eq!(report(&log.step(&mut app)), event("ended", mover, wall));
    assert!(log.step(&mut app).is_empty());
}

#[test]
fn a_static_given_new_layers_ends_and_starts_its_pairs() {
    let (mut app, mut log, mover, wall) = level();
    move_to(&mut app, wall, Vec2::new(1.5, 0.0));
    log.step(&mut app);
    // Changed in place: the wall now filters nothing.
    app.world_mut()
        .get_mut::<CollisionLayers>(wall)
        .unwrap()
        .filters = 0;
    assert_eq!(report(&log.step(&mut app)), event("ended", mover, wall));
    assert!(log.step(&mut app).is_empty());
    // Inserted anew: it meets everything again.
    app.world_mut()
        .entity_mut(wall)
        .insert(CollisionLayers::default());
    assert_eq!(report(&log.step(&mut app)), event("started", mover, wall));
}

#[test]
fn a_static_whose_collider_is_replaced_is_tested_with_its_new_shape() {
    let (mut app, mut log, mover, wall) = level();
    move_to(&mut app, wall, Vec2::new(3.5, 0.0));
    assert!(log.step(&mut app).is_empty(), "a 2-wide box at 3.5 misses");
    // Inserted: a box wide enough to reach the circle.
    app.world_mut()
        .entity_mut(wall)
        .insert(Collider::rectangle(6.0, 2.0));
    assert_eq!(report(&log.step(&mut app)), event("started", mover, wall));
    // Changed in place: small again.
    *app.world_mut().get_mut::<Collider>(wall).unwrap() = Collider::rectangle(2.0, 2.0);
    assert_eq!(report(&log.step(&mut app)), event("ended", mover, wall));
}

#[test]
fn a_static_marker_removed_and_added_back_starts_and_ends_static_pairs() {
    let (mut app, mut log, _, wall) = level();
    let other = app
        .world_mut()
        .spawn((Collider::rectangle(2.0, 2.0), StaticCollider, at(51.0, 0.0)))
        .id();
    assert!(log.step(&mut app).is_empty(), "two statics never pair");
    app.world_mut().entity_mut(other).remove::<StaticCollider>();
    assert_eq!(report(&log.step(&mut app)), event("started", wall, other));
    app.world_mut().entity_mut(other).insert(StaticCollider);
    assert_eq!(report(&log.step(&mut app)), event("ended", wall, other));
    // And the marker added to a collider that never had it, moving before.
    let ball = app
        .world_mut()
        .spawn((Collider::circle(1.0), at(48.5, 0.0)))
        .id();
    assert_eq!(report(&log.step(&mut app)), event("started", ball, wall));
    app.world_mut().entity_mut(ball).insert(StaticCollider);
    assert_eq!(report(&log.step(&mut app)), event("ended", ball, wall));
}

#[test]
fn a_settled_static_level_is_not_placed_again() {
    let (mut app, mut log, _, wall) = level();
    for _ in 0..3 {
        assert!(log.step(&mut app).is_empty());
        let diagnostics = app.world().resource::<SatDiagnostics>();
        assert_eq!(diagnostics.moved, 0);
        assert_eq!(diagnostics.colliders, 402);
    }
    // One static moved: that one alone is placed again.
    move_to(&mut app, wall, Vec2::new(60.0, 0.0));
    app.update();
    assert_eq!(app.world().resource::<SatDiagnostics>().moved, 1);
    app.update();
    assert_eq!(app.world().resource::<SatDiagnostics>().moved, 0);
}
