//! Disabled colliders count as removed, whichever disabling component disables them:
//! Bevy's `Disabled`, or one a plugin registers (bevy_ggrs's `RollbackDespawned`, which
//! its `despawn_rollback` inserts), even when that plugin is added after this one.

use bevy::ecs::entity_disabling::Disabled;
use bevy::prelude::*;
use bevy_sat2d::prelude::*;

use crate::common::{app, at};

/// A disabled collider (Bevy's `Disabled`) ends its pairs and is tested no more;
/// enabled again, its pairs start again.
#[test]
fn a_disabled_collider_counts_as_removed() {
    let mut app = app();
    let mut log = crate::common::EventLog::new(&app);
    let a = app
        .world_mut()
        .spawn((Collider::circle(2.0), at(0.0, 0.0)))
        .id();
    let b = app
        .world_mut()
        .spawn((Collider::circle(2.0), at(3.0, 0.0)))
        .id();
    let pair = (a.min(b), a.max(b));
    let started = log.step(&mut app);
    assert_eq!(
        started,
        [CollisionEvent::Started {
            a: pair.0,
            b: pair.1,
            time_of_impact: None
        }]
    );

    app.world_mut().entity_mut(b).insert(Disabled);
    let ended = log.step(&mut app);
    assert_eq!(
        ended,
        [CollisionEvent::Ended {
            a: pair.0,
            b: pair.1
        }]
    );
    assert!(crate::common::touching(&app, a).is_empty());
    let disabled_list = app.world().entity(b).get::<CollidingEntities>().unwrap();
    assert!(
        disabled_list.is_empty(),
        "the disabled side's list is emptied too"
    );
    // Nothing tests it while disabled, even moved onto `a`.
    crate::common::move_to(&mut app, b, Vec2::new(1.0, 0.0));
    assert!(log.step(&mut app).is_empty());
    let world = app.world().resource::<CollisionWorld>();
    assert!(world.collider(b).is_none());
    assert_eq!(world.entities_at(Vec2::new(1.0, 0.0)), [a]);

    app.world_mut().entity_mut(b).remove::<Disabled>();
    let again = log.step(&mut app);
    assert_eq!(
        again,
        [CollisionEvent::Started {
            a: pair.0,
            b: pair.1,
            time_of_impact: None
        }]
    );
    assert_eq!(crate::common::touching(&app, a), [b]);
    assert_eq!(crate::common::touching(&app, b), [a]);
}

/// A disabling component of the game's own, registered after the plugin was added.
#[derive(Component)]
struct Hidden;

/// Registered after `SatPlugin`, as bevy_ggrs registers `RollbackDespawned`: disabling
/// a collider with it ends its pairs, and enabling it again starts them; an entity that
/// stays disabled by another disabling component stays out.
#[test]
fn a_disabling_component_registered_later_counts_too() {
    let mut app = app();
    app.register_disabling_component::<Hidden>();
    let mut log = crate::common::EventLog::new(&app);
    let a = app
        .world_mut()
        .spawn((Collider::circle(2.0), at(0.0, 0.0)))
        .id();
    let b = app
        .world_mut()
        .spawn((Collider::circle(2.0), at(3.0, 0.0)))
        .id();
    let (first, second) = (a.min(b), a.max(b));
    assert_eq!(log.step(&mut app).len(), 1, "started");
    app.world_mut().entity_mut(b).insert(Hidden);
    assert_eq!(
        log.step(&mut app),
        [CollisionEvent::Ended {
            a: first,
            b: second
        }]
    );
    assert!(
        log.step(&mut app).is_empty(),
        "nothing tests it while hidden"
    );
    // Hidden and disabled: showing it leaves it disabled, and out.
    app.world_mut().entity_mut(b).insert(Disabled);
    app.world_mut().entity_mut(b).remove::<Hidden>();
    assert!(log.step(&mut app).is_empty(), "still disabled");
    assert!(crate::common::touching(&app, a).is_empty());
    app.world_mut().entity_mut(b).remove::<Disabled>();
    assert_eq!(
        log.step(&mut app),
        [CollisionEvent::Started {
            a: first,
            b: second,
            time_of_impact: None
        }]
    );
}
