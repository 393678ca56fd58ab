//! Pairs a game rules out: colliders of one body (`ColliderOf`), per-entity
//! `CollisionExclusions`, and the `PairFilter` hook. Each drops the pair before the
//! narrow phase, and a touching pair it drops ends.

use crate::common::{EventLog, app, at};
use bevy::prelude::*;
use bevy_sat2d::BodyColliders;
use bevy_sat2d::prelude::*;

fn pair(a: Entity, b: Entity) -> (Entity, Entity) {
    (a.min(b), a.max(b))
}

/// The kinds and pairs of `events`, sorted (for comparing sets of events).
fn changes(events: &[CollisionEvent]) -> Vec<(bool, (Entity, Entity))> {
    let mut changes: Vec<_> = events
        .iter()
        .filter(|event| !event.is_ongoing())
        .map(|event| (event.is_started(), event.entities()))
        .collect();
    changes.sort();
    changes
}

#[test]
fn colliders_of_one_body_do_not_pair() {
    let mut app = app();
    let mut log = EventLog::new(&app);
    // A hull with two overlapping wings as children, all one body, and a rock that
    // touches the hull and the left wing.
    let hull = app
        .world_mut()
        .spawn((Collider::rectangle(20.0, 6.0), at(0.0, 0.0)))
        .id();
    let left = app
        .world_mut()
        .spawn((
            Collider::circle(4.0),
            ColliderOf(hull),
            Transform::from_xyz(-3.0, 4.0, 0.0),
            ChildOf(hull),
        ))
        .id();
    let right = app
        .world_mut()
        .spawn((
            Collider::circle(4.0),
            ColliderOf(hull),
            Transform::from_xyz(3.0, 4.0, 0.0),
            ChildOf(hull),
        ))
        .id();
    let rock = app
        .world_mut()
        .spawn((Collider::circle(2.0), at(-8.0, 5.0)))
        .id();
    let events = log.step(&mut app);
    assert_eq!(
        changes(&events),
        {
            let mut expected = vec![(true, pair(hull, rock)), (true, pair(left, rock))];
            expected.sort();
            expected
        },
        "the parts pair with the rock, never with each other"
    );
    let body = app.world().get::<BodyColliders>(hull).unwrap();
    assert_eq!(body.colliders(), [left, right]);
    let world = app.world().resource::<CollisionWorld>();
    assert!(world.contact(hull, left).is_none() && world.contact(left, right).is_none());

    // A wing that leaves the body pairs with the hull and the other wing...
    app.world_mut().entity_mut(left).remove::<ColliderOf>();
    let mut expected = vec![(true, pair(hull, left)), (true, pair(left, right))];
    expected.sort();
    assert_eq!(changes(&log.step(&mut app)), expected);
    // ...and joins it again: those pairs end.
    app.world_mut().entity_mut(left).insert(ColliderOf(hull));
    let mut expected = vec![(false, pair(hull, left)), (false, pair(left, right))];
    expected.sort();
    assert_eq!(changes(&log.step(&mut app)), expected);
    // The body despawned alone: its parts are bodies of their own, and pair.
    app.world_mut().entity_mut(left).remove::<ChildOf>();
    app.world_mut().entity_mut(right).remove::<ChildOf>();
    app.world_mut().despawn(hull);
    let events = log.step(&mut app);
    assert!(app.world().get::<ColliderOf>(left).is_none());
    let mut expected = vec![(false, pair(hull, rock)), (true, pair(left, right))];
    expected.sort();
    assert_eq!(changes(&events), expected);
}

#[test]
fn exclusions_drop_the_listed_entities_and_their_bodies() {
    let mut app = app();
    let mut log = EventLog::new(&app);
    let ship = app
        .world_mut()
        .spawn((Collider::rectangle(10.0, 10.0), at(0.0, 0.0)))
        .id();
    let turret = app
        .world_mut()
        .spawn((Collider::circle(2.0), ColliderOf(ship), at(0.0, 5.0)))
        .id();
    let other_ship = app
        .world_mut()
        .spawn((Collider::rectangle(10.0, 10.0), at(8.0, 0.0)))
        .id();
    log.step(&mut app);
    // A bullet inside the ship, its turret and the other ship, excluding its own ship.
    let bullet = app
        .world_mut()
        .spawn((
            Collider::circle(3.0),
            at(3.0, 3.0),
            CollisionExclusions::from_iter([ship]),
        ))
        .id();
    assert_eq!(
        changes(&log.step(&mut app)),
        [(true, pair(bullet, other_ship))],
        "not the ship, nor its turret"
    );
    // Excluding a touching entity ends the pair.
    app.world_mut()
        .get_mut::<CollisionExclusions>(bullet)
        .unwrap()
        .insert(other_ship);
    assert_eq!(
        changes(&log.step(&mut app)),
        [(false, pair(bullet, other_ship))]
    );
    // Without exclusions it pairs with all three.
    app.world_mut()
        .entity_mut(bullet)
        .remove::<CollisionExclusions>();
    let mut expected = vec![
        (true, pair(bullet, ship)),
        (true, pair(bullet, turret)),
        (true, pair(bullet, other_ship)),
    ];
    expected.sort();
    assert_eq!(changes(&log.step(&mut app)), expected);
    // Exclusion works from either side.
    app.world_mut()
        .entity_mut(other_ship)
        .insert(CollisionExclusions::from_iter([bullet]));
    assert_eq!(
        changes(&log.step(&mut app)),
        [(false, pair(bullet, other_ship))]
    );
}

#[test]
fn the_filter_hook_drops_a_pair_which_then_ends() {
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
    let c = app
        .world_mut()
        .spawn((Collider::circle(5.0), at(-4.0, 0.0)))
        .id();
    let mut expected = vec![(true, pair(a, b)), (true, pair(a, c)), (true, pair(b, c))];
    expected.sort();
    assert_eq!(changes(&log.step(&mut app)), expected);

    let (dropped_first, dropped_second) = pair(a, b);
    app.insert_resource(PairFilter::new(move |first, second| {
        assert!(first < second, "entity order");
        (first, second) != (dropped_first, dropped_second)
    }));
    assert_eq!(changes(&log.step(&mut app)), [(false, pair(a, b))]);
    let world = app.world().resource::<CollisionWorld>();
    assert!(world.contact(a, b).is_none());
    assert!(
        world
            .candidate_pairs()
            .all(|candidate| candidate != pair(a, b))
    );
    assert!(!app.world().get::<CollidingEntities>(a).unwrap().contains(b));
    assert!(changes(&log.step(&mut app)).is_empty(), "ended once");

    app.world_mut().remove_resource::<PairFilter>();
    assert_eq!(changes(&log.step(&mut app)), [(true, pair(a, b))]);
}
