//! `SweptCollider`: a fast collider that crosses a thin one between two steps still
//! reports the hit (with its time of impact), and every edge case the docs promise.

use crate::common::{EventLog, app, at, move_to, touching};
use crate::swept_support::{close, spawn_bullet, spawn_wall};
use bevy::prelude::*;
use bevy_sat2d::prelude::*;

/// What the observers saw: `(entity, other, normal, time of impact)` for each
/// `CollisionStarted`, `(entity, other)` for each `CollisionEnded`.
#[derive(Resource, Default)]
struct Observed {
    started: Vec<(Entity, Entity, Vec2, Option<f32>)>,
    ended: Vec<(Entity, Entity)>,
}

/// The headless app, with observers recording into [`Observed`].
fn observed_app() -> App {
    let mut app = app();
    app.init_resource::<Observed>();
    app.add_observer(
        |started: On<CollisionStarted>, mut seen: ResMut<Observed>| {
            seen.started.push((
                started.entity,
                started.other,
                started.contact.normal,
                started.time_of_impact,
            ));
        },
    );
    app.add_observer(|ended: On<CollisionEnded>, mut seen: ResMut<Observed>| {
        seen.ended.push((ended.entity, ended.other));
    });
    app
}

/// Takes what the observers saw since the last call.
fn take_observed(app: &mut App) -> Observed {
    std::mem::take(&mut *app.world_mut().resource_mut::<Observed>())
}

#[test]
fn a_swept_bullet_reports_the_wall_it_crossed_then_ends() {
    let mut app = observed_app();
    let mut log = EventLog::new(&app);
    let wall = spawn_wall(&mut app);
    let bullet = spawn_bullet(&mut app, -250.0, 0.0);
    assert!(log.step(&mut app).is_empty(), "apart at first");
    take_observed(&mut app);

    // 500 units in one step: the bullet's edge meets the face x = -5 when its centre is
    // at x = -6, 244 units along.
    let expected_time = 244.0 / 500.0;
    move_to(&mut app, bullet, Vec2::new(250.0, 0.0));
    let events = log.step(&mut app);
    let (a, b) = (bullet.min(wall), bullet.max(wall));
    let [
        CollisionEvent::Started {
            a: event_a,
            b: event_b,
            time_of_impact: Some(time),
        },
    ] = events.as_slice()
    else {
        panic!("one swept Started, got {events:?}");
    };
    let contact = &events[0]
        .contact(app.world().resource::<CollisionWorld>())
        .expect("the swept hit's contact");
    assert_eq!((*event_a, *event_b), (a, b));
    assert!(close(*time, expected_time, 1e-4), "time of impact {time}");
    assert_eq!(events[0].time_of_impact(), Some(*time));
    // The event's normal points from a to b; from the bullet it points into the wall.
    let from_a = if a == bullet { Vec2::X } else { -Vec2::X };
    assert!(
        (contact.normal - from_a).length() < 1e-4,
        "{}",
        contact.normal
    );
    assert!(
        contact.depth < 1e-3,
        "touching, not overlapping: {}",
        contact.depth
    );
    let point = contact.points()[0];
    assert!(
        close(point.x, -5.0, 1e-2) && close(point.y, 0.0, 1e-2),
        "{point}"
    );
    let seen_from_bullet = events[0]
        .contact_from(bullet, app.world().resource::<CollisionWorld>())
        .unwrap();
    assert!((seen_from_bullet.normal - Vec2::X).length() < 1e-4);

    // Observers on both entities, each normal from the observed entity, same time.
    let mut observed = take_observed(&mut app);
    observed.started.sort_by_key(|seen| seen.0);
    assert_eq!(observed.started.len(), 2);
    for (entity, other, normal, seen_time) in observed.started {
        let expected = if entity == bullet { Vec2::X } else { -Vec2::X };
        assert_eq!(other, if entity == bullet { wall } else { bullet });
        assert!((normal - expected).length() < 1e-4, "{entity}: {normal}");
        assert_eq!(seen_time, Some(*time));
    }
    assert!(observed.ended.is_empty());
    // CollidingEntities holds the pair for the step of the hit, and the world's
    // contact is the one at the time of impact.
    assert_eq!(touching(&app, bullet), [wall]);
    assert_eq!(touching(&app, wall), [bullet]);
    let world_contact = app
        .world()
        .resource::<CollisionWorld>()
        .contact(bullet, wall)
        .expect("the swept contact");
    assert!((world_contact.normal - Vec2::X).length() < 1e-4);

    // The next step they are apart: Ended, on the observers too.
    let events = log.step(&mut app);
    assert_eq!(events, [CollisionEvent::Ended { a, b }]);
    let mut observed = take_observed(&mut app);
    observed.ended.sort();
    let mut expected = vec![(bullet, wall), (wall, bullet)];
    expected.sort();
    assert_eq!(observed.ended, expected);
    assert!(observed.started.is_empty());
    assert!(touching(&app, bullet).is_empty() && touching(&app, wall).is_empty());

    // And nothing after that.
    assert!(log.step(&mut app).is_empty());
    let observed = take_observed(&mut app);
    assert!(observed.started.is_empty() && observed.ended.is_empty());
}

#[test]
fn the_marker_is_registered_for_reflection() {
    let app = app();
    let registry = app.world().resource::<AppTypeRegistry>().read();
    let registration = registry
        .get(std::any::TypeId::of::<SweptCollider>())
        .expect("SweptCollider is registered");
    assert!(registration.data::<ReflectComponent>().is_some());
}

#[test]
fn without_the_marker_a_bullet_tunnels_through_the_wall() {
    let mut app = observed_app();
    let mut log = EventLog::new(&app);
    let wall = spawn_wall(&mut app);
    let bullet = app
        .world_mut()
        .spawn((Collider::circle(1.0), at(-250.0, 0.0)))
        .id();
    for x in [-250.0, 250.0, 250.0] {
        move_to(&mut app, bullet, Vec2::new(x, 0.0));
        assert!(log.step(&mut app).is_empty(), "x = {x}");
        assert!(touching(&app, bullet).is_empty() && touching(&app, wall).is_empty());
    }
    assert!(take_observed(&mut app).started.is_empty());
}

#[test]
fn two_swept_bullets_meeting_head_on_report_the_hit() {
    let mut app = app();
    let mut log = EventLog::new(&app);
    let left = spawn_bullet(&mut app, -250.0, 0.0);
    let right = spawn_bullet(&mut app, 250.0, 0.0);
    log.step(&mut app);
    // They swap places: centres 2 apart (touching) when 500 - 1000 t = 2.
    move_to(&mut app, left, Vec2::new(250.0, 0.0));
    move_to(&mut app, right, Vec2::new(-250.0, 0.0));
    let events = log.step(&mut app);
    assert_eq!(events.len(), 1, "{events:?}");
    let time = events[0].time_of_impact().expect("a swept contact");
    assert!(close(time, 498.0 / 1000.0, 1e-4), "time of impact {time}");
    let normal = events[0]
        .contact_from(left, app.world().resource::<CollisionWorld>())
        .unwrap()
        .normal;
    assert!((normal - Vec2::X).length() < 1e-4, "{normal}");
    assert!(log.step(&mut app).iter().all(CollisionEvent::is_ended));
}

/// Paths that cross at right angles, both bullets at the crossing half-way through the
/// step: neither's end box lies on the other's path, so only matching the two paths
/// finds the pair. Swept alone, the first bullet meets the second where that one ends
/// the step, off its path: nothing.
#[test]
fn two_swept_bullets_on_crossing_paths_meet_half_way() {
    for both_swept in [true, false] {
        let mut app = app();
        let mut log = EventLog::new(&app);
        let across = spawn_bullet(&mut app, -250.0, 0.0);
        let up = spawn_bullet(&mut app, 0.0, -250.0);
        if !both_swept {
            app.world_mut().entity_mut(up).remove::<SweptCollider>();
        }
        log.step(&mut app);
        move_to(&mut app, across, Vec2::new(250.0, 0.0));
        move_to(&mut app, up, Vec2::new(0.0, 250.0));
        let events = log.step(&mut app);
        if both_swept {
            assert_eq!(events.len(), 1, "{events:?}");
            // They touch when each is 1.414 from the crossing: 250 - 1.414 of 500 units.
            let expected = (250.0 - 2.0_f32.sqrt()) / 500.0;
            let time = events[0].time_of_impact().expect("a swept contact");
            assert!(close(time, expected, 1e-4), "time of impact {time}");
            let normal = events[0]
                .contact_from(across, app.world().resource::<CollisionWorld>())
                .unwrap()
                .normal;
            let diagonal = Vec2::new(1.0, -1.0).normalize();
            assert!((normal - diagonal).length() < 1e-3, "{normal}");
            assert!(log.step(&mut app).iter().all(CollisionEvent::is_ended));
        } else {
            assert!(events.is_empty(), "{events:?}");
        }
    }
}

#[test]
fn a_swept_bullet_ending_inside_the_wall_starts_as_an_ordinary_overlap() {
    let mut app = observed_app();
    let mut log = EventLog::new(&app);
    let wall = spawn_wall(&mut app);
    let bullet = spawn_bullet(&mut app, -250.0, 0.0);
    log.step(&mut app);
    take_observed(&mut app);
    move_to(&mut app, bullet, Vec2::new(-2.0, 0.0));
    let events = log.step(&mut app);
    assert_eq!(
        events.len(),
        1,
        "one event, not a swept one beside it: {events:?}"
    );
    assert!(events[0].is_started());
    assert_eq!(events[0].time_of_impact(), None);
    // The contact of the step's end: 4 deep, out through the near face.
    let contact = events[0]
        .contact_from(bullet, app.world().resource::<CollisionWorld>())
        .unwrap();
    assert!(close(contact.depth, 4.0, 1e-3), "depth {}", contact.depth);
    let observed = take_observed(&mut app);
    assert_eq!(observed.started.len(), 2);
    assert!(observed.started.iter().all(|seen| seen.3.is_none()));
    assert_eq!(touching(&app, bullet), [wall]);

    // Resting inside: Ongoing. Then it leaves fast through the far side: it was
    // touching when the step began, so the pair just ends.
    let events = log.step(&mut app);
    assert!(events.len() == 1 && events[0].is_ongoing(), "{events:?}");
    move_to(&mut app, bullet, Vec2::new(250.0, 0.0));
    let events = log.step(&mut app);
    assert!(events.len() == 1 && events[0].is_ended(), "{events:?}");
    assert!(take_observed(&mut app).started.is_empty());
    assert!(touching(&app, bullet).is_empty());
}

#[test]
fn a_swept_bullet_resting_on_the_wall_then_leaving_just_ends() {
    // Away from the wall, and back through it to the far side: both leave from contact.
    for target in [Vec2::new(-500.0, 0.0), Vec2::new(250.0, 0.0)] {
        let mut app = observed_app();
        let mut log = EventLog::new(&app);
        let wall = spawn_wall(&mut app);
        // Overlapping the near face by 0.1.
        let bullet = spawn_bullet(&mut app, -5.9, 0.0);
        let events = log.step(&mut app);
        assert!(events.len() == 1 && events[0].is_started(), "{events:?}");
        assert!(log.step(&mut app)[0].is_ongoing());
        take_observed(&mut app);
        move_to(&mut app, bullet, target);
        let events = log.step(&mut app);
        let (a, b) = (bullet.min(wall), bullet.max(wall));
        assert_eq!(events, [CollisionEvent::Ended { a, b }], "to {target}");
        let observed = take_observed(&mut app);
        assert!(observed.started.is_empty(), "no fake Started to {target}");
        assert_eq!(observed.ended.len(), 2);
        assert!(log.step(&mut app).is_empty());
    }
}

/// A bullet that stops just past a wall turned 45°, its box and bounding circle still
/// overlapping the wall's: the pair stays a candidate with neither collider changing,
/// and the swept contact of the hit must not be carried into the next step as if they
/// still touched (nor end and start again).
#[test]
fn a_swept_contact_is_not_carried_over_by_a_pair_that_stays_a_candidate() {
    let mut app = app();
    let mut log = EventLog::new(&app);
    let turn = Quat::from_rotation_z(std::f32::consts::FRAC_PI_4);
    app.world_mut().spawn((
        Collider::rectangle(10.0, 100.0),
        StaticCollider,
        Transform::from_rotation(turn),
    ));
    // Along the wall's own x axis, from far before its face to 0.5 past its far face.
    let axis = Vec2::from_angle(std::f32::consts::FRAC_PI_4);
    let bullet = spawn_bullet(&mut app, 0.0, 0.0);
    move_to(&mut app, bullet, axis * -250.0);
    log.step(&mut app);
    move_to(&mut app, bullet, axis * 6.5);
    let events = log.step(&mut app);
    assert!(
        events.len() == 1 && events[0].time_of_impact().is_some(),
        "{events:?}"
    );
    let candidates = |app: &App| {
        app.world()
            .resource::<CollisionWorld>()
            .candidate_pairs()
            .count()
    };
    assert_eq!(candidates(&app), 1);
    let events = log.step(&mut app);
    assert!(events.len() == 1 && events[0].is_ended(), "{events:?}");
    assert_eq!(
        candidates(&app),
        1,
        "the bounds still overlap: still a candidate"
    );
    assert!(log.step(&mut app).is_empty());
}

#[test]
fn teleporting_without_the_marker_for_that_frame_sweeps_nothing() {
    let mut app = app();
    let mut log = EventLog::new(&app);
    let wall = spawn_wall(&mut app);
    let bullet = spawn_bullet(&mut app, -250.0, 0.0);
    log.step(&mut app);
    // A teleport across the wall, with the marker off for that frame.
    app.world_mut().entity_mut(bullet).remove::<SweptCollider>();
    move_to(&mut app, bullet, Vec2::new(250.0, 0.0));
    assert!(log.step(&mut app).is_empty());
    // Back on: swept from the new place, so flying back through the wall is a hit.
    app.world_mut().entity_mut(bullet).insert(SweptCollider);
    assert!(log.step(&mut app).is_empty());
    move_to(&mut app, bullet, Vec2::new(-250.0, 0.0));
    let events = log.step(&mut app);
    assert_eq!(events.len(), 1, "{events:?}");
    assert_eq!(events[0].other(bullet), Some(wall));
    // The same jump with the marker on is swept like any motion.
    move_to(&mut app, bullet, Vec2::new(250.0, 0.0));
    let events = log.step(&mut app);
    let kinds: Vec<bool> = events.iter().map(CollisionEvent::is_started).collect();
    // Last step's swept touch ends, and this step's crossing starts a new one.
    assert_eq!(kinds, [false, true], "{events:?}");
    assert!(events[1].time_of_impact().is_some());
}
