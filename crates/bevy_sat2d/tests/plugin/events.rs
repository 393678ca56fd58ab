//! Collision events through a whole approach / overlap / separate cycle, and every way
//! a pair can end.

use crate::common::{EventLog, app, at, set_x};
use bevy::prelude::*;
use bevy_sat2d::prelude::*;

fn kinds(events: &[CollisionEvent]) -> Vec<&'static str> {
    events
        .iter()
        .map(|event| match event {
            CollisionEvent::Started { .. } => "started",
            CollisionEvent::Ongoing { .. } => "ongoing",
            CollisionEvent::Ended { .. } => "ended",
        })
        .collect()
}

#[test]
fn boxes_approach_overlap_and_separate() {
    let mut app = app();
    let mut log = EventLog::new(&app);
    let left = app
        .world_mut()
        .spawn((Collider::rectangle(10.0, 10.0), at(0.0, 0.0)))
        .id();
    let right = app
        .world_mut()
        .spawn((Collider::rectangle(10.0, 10.0), at(30.0, 0.0)))
        .id();
    assert!(log.step(&mut app).is_empty(), "apart at first");

    // x positions of `right`: 20 apart, 12, touching at 10, 8 (depth 2), 6 (depth 4), 15, 30.
    let path = [20.0, 12.0, 10.0, 8.0, 6.0, 15.0, 30.0];
    let mut all = Vec::new();
    for x in path {
        set_x(&mut app, right, x);
        let events = log.step(&mut app);
        all.push(kinds(&events));
        let world = app.world().resource::<CollisionWorld>();
        for event in &events {
            assert_eq!(event.entities(), (left.min(right), left.max(right)));
            if let Some(contact) = event.contact_from(left, world) {
                let expected_depth = 10.0 - x;
                assert!(
                    (contact.depth - expected_depth).abs() < 1e-4,
                    "depth at x = {x}"
                );
                assert!(
                    (contact.normal - Vec2::X).length() < 1e-5,
                    "normal from left to right"
                );
                assert!((contact.mtv() - Vec2::X * expected_depth).length() < 1e-4);
                assert!(!contact.points().is_empty());
            }
        }
    }
    let expected: [&[&str]; 7] = [
        &[],
        &[],
        &["started"],
        &["ongoing"],
        &["ongoing"],
        &["ended"],
        &[],
    ];
    assert_eq!(all, expected);
    assert!(
        app.world()
            .get::<CollidingEntities>(left)
            .unwrap()
            .is_empty()
    );
}

#[test]
fn colliding_entities_and_observers_follow_the_pair() {
    #[derive(Resource, Default)]
    struct Seen(Vec<(Entity, Entity, Vec2)>, Vec<(Entity, Entity)>);

    let mut app = app();
    app.init_resource::<Seen>();
    app.add_observer(|started: On<CollisionStarted>, mut seen: ResMut<Seen>| {
        seen.0
            .push((started.entity, started.other, started.contact.normal));
    });
    app.add_observer(|ended: On<CollisionEnded>, mut seen: ResMut<Seen>| {
        seen.1.push((ended.entity, ended.other));
    });
    let ball = app
        .world_mut()
        .spawn((Collider::circle(5.0), at(0.0, 0.0)))
        .id();
    let wall = app
        .world_mut()
        .spawn((Collider::rectangle(4.0, 40.0), at(6.0, 0.0)))
        .id();
    app.update();
    assert!(
        app.world()
            .get::<CollidingEntities>(ball)
            .unwrap()
            .contains(wall)
    );
    assert!(
        app.world()
            .get::<CollidingEntities>(wall)
            .unwrap()
            .contains(ball)
    );
    let seen = app.world().resource::<Seen>();
    assert_eq!(seen.0.len(), 2);
    for (entity, other, normal) in &seen.0 {
        // Normal from the observed entity toward the other.
        let expected = if *entity == ball { Vec2::X } else { -Vec2::X };
        assert!(
            (*normal - expected).length() < 1e-5,
            "{entity} -> {other}: {normal}"
        );
    }
    set_x(&mut app, wall, 50.0);
    app.update();
    let seen = app.world().resource::<Seen>();
    let mut ended = seen.1.clone();
    ended.sort();
    let mut expected = vec![(ball, wall), (wall, ball)];
    expected.sort();
    assert_eq!(ended, expected);
    assert!(
        app.world()
            .get::<CollidingEntities>(ball)
            .unwrap()
            .is_empty()
    );
}

#[test]
fn despawn_during_contact_ends_the_pair() {
    let mut app = app();
    let mut log = EventLog::new(&app);
    let a = app
        .world_mut()
        .spawn((Collider::circle(5.0), at(0.0, 0.0)))
        .id();
    let b = app
        .world_mut()
        .spawn((Collider::circle(5.0), at(4.0, 0.0)))
        .id();
    assert_eq!(kinds(&log.step(&mut app)), ["started"]);
    app.world_mut().despawn(b);
    let events = log.step(&mut app);
    assert_eq!(
        events,
        [CollisionEvent::Ended {
            a: a.min(b),
            b: a.max(b)
        }]
    );
    assert!(app.world().get::<CollidingEntities>(a).unwrap().is_empty());
    assert!(log.step(&mut app).is_empty());
}

#[test]
fn removing_the_collider_ends_the_pair_and_adding_it_back_restarts_it() {
    let mut app = app();
    let mut log = EventLog::new(&app);
    let a = app
        .world_mut()
        .spawn((Collider::circle(5.0), at(0.0, 0.0)))
        .id();
    let b = app
        .world_mut()
        .spawn((Collider::circle(5.0), at(4.0, 0.0)))
        .id();
    log.step(&mut app);
    app.world_mut().entity_mut(b).remove::<Collider>();
    assert_eq!(kinds(&log.step(&mut app)), ["ended"]);
    assert!(log.step(&mut app).is_empty());
    // Removed and re-added between two steps: the old pair ends, a new one starts.
    app.world_mut().entity_mut(b).insert(Collider::circle(5.0));
    assert_eq!(kinds(&log.step(&mut app)), ["started"]);
    app.world_mut().entity_mut(b).remove::<Collider>();
    app.world_mut().entity_mut(b).insert(Collider::circle(6.0));
    assert_eq!(kinds(&log.step(&mut app)), ["ended", "started"]);
    let _ = a;
}

#[test]
fn layers_filter_pairs_and_a_layer_change_ends_them() {
    const PLAYER: u32 = 1;
    const COIN: u32 = 2;
    const GHOST: u32 = 4;
    let mut app = app();
    let mut log = EventLog::new(&app);
    let player = app
        .world_mut()
        .spawn((
            Collider::circle(5.0),
            at(0.0, 0.0),
            CollisionLayers::new(PLAYER, COIN),
        ))
        .id();
    let coin = app
        .world_mut()
        .spawn((
            Collider::circle(5.0),
            at(3.0, 0.0),
            CollisionLayers::new(COIN, PLAYER),
        ))
        .id();
    app.world_mut().spawn((
        Collider::circle(5.0),
        at(-3.0, 0.0),
        CollisionLayers::new(GHOST, GHOST),
    ));
    let events = log.step(&mut app);
    assert_eq!(kinds(&events), ["started"]);
    assert_eq!(events[0].entities(), (player.min(coin), player.max(coin)));
    app.world_mut()
        .entity_mut(coin)
        .insert(CollisionLayers::new(COIN, 0));
    assert_eq!(kinds(&log.step(&mut app)), ["ended"]);
}

#[test]
fn a_bad_transform_skips_the_collider_and_ends_its_pairs() {
    let mut app = app();
    let mut log = EventLog::new(&app);
    app.world_mut().spawn((Collider::circle(5.0), at(0.0, 0.0)));
    let b = app
        .world_mut()
        .spawn((Collider::circle(5.0), at(4.0, 0.0)))
        .id();
    assert_eq!(kinds(&log.step(&mut app)), ["started"]);
    set_x(&mut app, b, f32::NAN);
    assert_eq!(kinds(&log.step(&mut app)), ["ended"]);
    assert_eq!(app.world().resource::<SatDiagnostics>().skipped, 1);
    assert!(log.step(&mut app).is_empty());
    app.world_mut().get_mut::<Transform>(b).unwrap().translation = Vec3::new(4.0, 0.0, 0.0);
    app.world_mut().get_mut::<Transform>(b).unwrap().scale = Vec3::new(0.0, 1.0, 1.0);
    assert!(log.step(&mut app).is_empty(), "zero scale is skipped too");
    app.world_mut().get_mut::<Transform>(b).unwrap().scale = Vec3::ONE;
    assert_eq!(kinds(&log.step(&mut app)), ["started"]);
}

/// An entity's index reused by a new entity (a new generation) within one step keeps
/// the broad-phase id: the old pair still ends and the new one starts, each under its
/// own entities and in entity order (which the new generation flips here), the normal
/// from the smaller entity to the larger.
#[test]
fn a_reused_entity_index_ends_the_old_pair_and_starts_the_new_one() {
    let mut app = app();
    let mut log = EventLog::new(&app);
    let a = app
        .world_mut()
        .spawn((Collider::circle(5.0), at(0.0, 0.0)))
        .id();
    let old = app
        .world_mut()
        .spawn((Collider::circle(5.0), at(4.0, 0.0)))
        .id();
    assert_eq!(kinds(&log.step(&mut app)), ["started"]);
    // Despawn without giving the index back, then spawn the next generation on it.
    let next = app.world_mut().despawn_no_free(old).unwrap();
    let new = app
        .world_mut()
        .spawn_at(next, (Collider::circle(5.0), at(-6.0, 0.0)))
        .unwrap()
        .id();
    assert_eq!(new.index(), old.index());
    assert_ne!(new, old);
    assert_ne!(
        a < old,
        a < new,
        "the new generation sorts on the other side of a"
    );
    let events = log.step(&mut app);
    assert_eq!(kinds(&events), ["ended", "started"]);
    assert_eq!(events[0].entities(), (a.min(old), a.max(old)));
    assert_eq!(events[1].entities(), (a.min(new), a.max(new)));
    let world = app.world().resource::<CollisionWorld>();
    let contact = events[1]
        .contact_from(a, world)
        .expect("a started pair has a contact");
    assert!(
        (contact.normal + Vec2::X).length() < 1e-5,
        "from a toward new"
    );
    assert!((contact.depth - 4.0).abs() < 1e-4);
    let (first, _) = events[1].entities();
    let first_to_second = events[1].contact(world).unwrap().normal;
    let expected = if first == a { -Vec2::X } else { Vec2::X };
    assert!((first_to_second - expected).length() < 1e-5);
    assert_eq!(world.contact(a, new).unwrap().normal, contact.normal);
    assert_eq!(world.contact(new, a).unwrap().normal, -contact.normal);
    assert!(world.contact(a, old).is_none());
    assert_eq!(
        app.world().get::<CollidingEntities>(a).unwrap().sorted(),
        [new]
    );
    assert_eq!(kinds(&log.step(&mut app)), ["ongoing"]);
}
