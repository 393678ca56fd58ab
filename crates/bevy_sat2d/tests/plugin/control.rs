//! Control over the step: pausing it (`SatConfig::enabled`), leaving out `Ongoing`
//! (`SatConfig::ongoing_events`), and observer events for the entities observed.

use crate::common::{EventLog, app, at, set_x, spawn_circle};
use bevy::prelude::*;
use bevy_sat2d::prelude::*;

/// Every observer event seen, as (kind, observed entity, other).
#[derive(Resource, Default)]
struct Told(Vec<(&'static str, Entity, Entity)>);

fn pair(a: Entity, b: Entity) -> (Entity, Entity) {
    (a.min(b), a.max(b))
}

/// The kind and pair of each event, in order.
fn summary(events: &[CollisionEvent]) -> Vec<(&'static str, (Entity, Entity))> {
    events
        .iter()
        .map(|event| {
            let kind = match event {
                CollisionEvent::Started { .. } => "started",
                CollisionEvent::Ongoing { .. } => "ongoing",
                CollisionEvent::Ended { .. } => "ended",
            };
            (kind, event.entities())
        })
        .collect()
}

/// The order events list pairs in: by the smaller index, then the larger.
fn by_index((a, b): (Entity, Entity)) -> (u32, u32) {
    let (a, b) = (a.index_u32(), b.index_u32());
    (a.min(b), a.max(b))
}

fn set_enabled(app: &mut App, enabled: bool) {
    app.world_mut().resource_mut::<SatConfig>().enabled = enabled;
}

/// Whether `pause_mid_step` pauses detection in its next run.
#[derive(Resource, Default)]
struct PauseMidStep(bool);

/// Runs between the sync and the broad phase: pauses detection once when asked.
fn pause_mid_step(mut pause: ResMut<PauseMidStep>, mut config: ResMut<SatConfig>) {
    if pause.0 {
        pause.0 = false;
        config.enabled = false;
    }
}

/// A system that pauses detection in the middle of a step (after the sync, before the
/// broad phase) lets that step finish: its pairs start in it, nothing runs while
/// paused, and a despawn in the pause ends its pair once on resume.
#[test]
fn a_pause_in_the_middle_of_a_step_lets_the_step_finish() {
    let mut app = app();
    app.init_resource::<PauseMidStep>().add_systems(
        PostUpdate,
        pause_mid_step
            .after(SatSystems::SyncColliders)
            .before(SatSystems::BroadPhase),
    );
    let mut log = EventLog::new(&app);
    let a = spawn_circle(&mut app, 5.0, 0.0);
    let b = spawn_circle(&mut app, 5.0, 6.0);
    app.world_mut().resource_mut::<PauseMidStep>().0 = true;
    let events = log.step(&mut app);
    assert_eq!(summary(&events), [("started", pair(a, b))]);
    assert!(!app.world().resource::<SatConfig>().enabled);
    assert_eq!(
        app.world().get::<CollidingEntities>(a).unwrap().sorted(),
        [b]
    );
    let step = app.world().resource::<CollisionWorld>().step();
    app.world_mut().despawn(b);
    assert!(log.step(&mut app).is_empty(), "paused: nothing");
    assert_eq!(app.world().resource::<CollisionWorld>().step(), step);
    set_enabled(&mut app, true);
    let events = log.step(&mut app);
    assert_eq!(summary(&events), [("ended", pair(a, b))]);
    assert!(app.world().get::<CollidingEntities>(a).unwrap().is_empty());
}

#[test]
fn a_paused_step_writes_nothing_and_resumes_cleanly() {
    let mut app = app();
    app.init_resource::<Told>();
    app.add_observer(|started: On<CollisionStarted>, mut told: ResMut<Told>| {
        told.0.push(("started", started.entity, started.other));
    });
    app.add_observer(|ended: On<CollisionEnded>, mut told: ResMut<Told>| {
        told.0.push(("ended", ended.entity, ended.other));
    });
    let mut log = EventLog::new(&app);
    let centre = app
        .world_mut()
        .spawn((Collider::circle(5.0), at(0.0, 0.0)))
        .id();
    let leaving = app
        .world_mut()
        .spawn((Collider::circle(2.0), at(6.0, 0.0)))
        .id();
    let doomed = app
        .world_mut()
        .spawn((Collider::circle(2.0), at(-6.0, 0.0)))
        .id();
    let staying = app
        .world_mut()
        .spawn((Collider::circle(2.0), at(0.0, 6.0)))
        .id();
    assert_eq!(log.step(&mut app).len(), 3);
    let step = app.world().resource::<CollisionWorld>().step();
    let diagnostics = app.world().resource::<SatDiagnostics>().clone();
    app.world_mut().resource_mut::<Told>().0.clear();

    set_enabled(&mut app, false);
    let mut paused = Vec::new();
    set_x(&mut app, leaving, 50.0);
    paused.extend(log.step(&mut app));
    app.world_mut().despawn(doomed);
    paused.extend(log.step(&mut app));
    let arriving = app
        .world_mut()
        .spawn((Collider::circle(2.0), at(0.0, -6.0)))
        .id();
    for _ in 0..3 {
        paused.extend(log.step(&mut app));
    }
    assert!(paused.is_empty(), "no message while paused: {paused:?}");
    assert!(app.world().resource::<Told>().0.is_empty());
    let world = app.world().resource::<CollisionWorld>();
    assert_eq!(world.step(), step, "no stage ran");
    assert!(
        world.contact(centre, leaving).is_some(),
        "the last step's state"
    );
    assert_eq!(*app.world().resource::<SatDiagnostics>(), diagnostics);
    let touching = app.world().get::<CollidingEntities>(centre).unwrap();
    assert!(touching.contains(leaving) && touching.contains(doomed));

    set_enabled(&mut app, true);
    let resumed = log.step(&mut app);
    let mut ended = [pair(centre, leaving), pair(centre, doomed)];
    ended.sort_by_key(|&pair| by_index(pair));
    let expected: Vec<_> = ended
        .iter()
        .map(|&pair| ("ended", pair))
        .chain([
            ("started", pair(centre, arriving)),
            ("ongoing", pair(centre, staying)),
        ])
        .collect();
    assert_eq!(summary(&resumed), expected);
    let mut told = app.world().resource::<Told>().0.clone();
    told.sort();
    let mut expected_told = vec![
        ("ended", centre, leaving),
        ("ended", leaving, centre),
        ("ended", centre, doomed),
        ("started", centre, arriving),
        ("started", arriving, centre),
    ];
    expected_told.sort();
    assert_eq!(told, expected_told, "the despawned entity is not told");
    let mut touching = app
        .world()
        .get::<CollidingEntities>(centre)
        .unwrap()
        .sorted();
    touching.sort();
    let mut expected_touching = vec![staying, arriving];
    expected_touching.sort();
    assert_eq!(touching, expected_touching);
    assert_eq!(app.world().resource::<CollisionWorld>().step(), step + 1);
    // Once each: the next step only goes on, in index order.
    let mut ongoing = vec![pair(centre, staying), pair(centre, arriving)];
    ongoing.sort_by_key(|&pair| by_index(pair));
    let expected: Vec<_> = ongoing.into_iter().map(|pair| ("ongoing", pair)).collect();
    assert_eq!(summary(&log.step(&mut app)), expected);
}

#[test]
fn without_ongoing_events_only_starts_and_ends_are_written() {
    let mut app = app();
    app.world_mut().resource_mut::<SatConfig>().ongoing_events = false;
    let mut log = EventLog::new(&app);
    let a = app
        .world_mut()
        .spawn((Collider::rectangle(10.0, 10.0), at(0.0, 0.0)))
        .id();
    let b = app
        .world_mut()
        .spawn((Collider::rectangle(10.0, 10.0), at(9.0, 0.0)))
        .id();
    assert_eq!(summary(&log.step(&mut app)), [("started", pair(a, b))]);
    for (x, depth) in [(8.0, 2.0), (6.0, 4.0), (7.0, 3.0)] {
        set_x(&mut app, b, x);
        assert!(log.step(&mut app).is_empty(), "no Ongoing at x = {x}");
        // The current contact is readable all the same.
        let world = app.world().resource::<CollisionWorld>();
        let contact = world.contact(a, b).expect("still touching");
        assert!((contact.depth - depth).abs() < 1e-4, "depth at x = {x}");
        assert_eq!(world.contacts().count(), 1);
        let touching = app.world().get::<CollidingEntities>(a).unwrap();
        assert!(touching.contains(b));
    }
    set_x(&mut app, b, 30.0);
    assert_eq!(summary(&log.step(&mut app)), [("ended", pair(a, b))]);
    // Switched back on at run time: the next touching steps go on again.
    app.world_mut().resource_mut::<SatConfig>().ongoing_events = true;
    set_x(&mut app, b, 9.0);
    assert_eq!(summary(&log.step(&mut app)), [("started", pair(a, b))]);
    assert_eq!(summary(&log.step(&mut app)), [("ongoing", pair(a, b))]);
}

/// An entity observer is told about its own entity only; a global observer added
/// later hears every entity from then on; a despawned observer hears nothing.
#[test]
fn observer_events_reach_whoever_observes_them() {
    let mut app = app();
    app.init_resource::<Told>();
    let watched = app
        .world_mut()
        .spawn((Collider::circle(5.0), at(0.0, 0.0)))
        .id();
    let other = app
        .world_mut()
        .spawn((Collider::circle(5.0), at(4.0, 0.0)))
        .id();
    let third = app
        .world_mut()
        .spawn((Collider::circle(1.0), at(100.0, 0.0)))
        .id();
    app.world_mut().entity_mut(watched).observe(
        |started: On<CollisionStarted>, mut told: ResMut<Told>| {
            told.0.push(("started", started.entity, started.other));
        },
    );
    app.update();
    assert_eq!(
        app.world().resource::<Told>().0,
        [("started", watched, other)]
    );

    let global = app
        .world_mut()
        .add_observer(|ended: On<CollisionEnded>, mut told: ResMut<Told>| {
            told.0.push(("ended", ended.entity, ended.other));
        })
        .id();
    app.world_mut().resource_mut::<Told>().0.clear();
    set_x(&mut app, other, 50.0);
    app.update();
    let mut told = app.world().resource::<Told>().0.clone();
    told.sort();
    let mut expected = vec![("ended", watched, other), ("ended", other, watched)];
    expected.sort();
    assert_eq!(told, expected);

    app.world_mut().despawn(global);
    app.world_mut().resource_mut::<Told>().0.clear();
    set_x(&mut app, third, 4.0);
    set_x(&mut app, other, 100.0);
    app.update();
    set_x(&mut app, third, 100.0);
    app.update();
    assert_eq!(
        app.world().resource::<Told>().0,
        [("started", watched, third)],
        "only the entity observer is left"
    );
}

/// What `read_mid_step` saw: contacts computed and pairs listed.
#[derive(Resource, Default)]
struct MidStep(Vec<(usize, usize)>);

/// Reads the world between the sync and the broad phase.
fn read_mid_step(world: Res<CollisionWorld>, mut seen: ResMut<MidStep>) {
    seen.0
        .push((world.contacts().count(), world.touching_pairs().count()));
}

/// Read in the middle of a step, after a sync that dropped a collider, the world still
/// lists the last step's pairs, gives no contact for the one whose collider went, and
/// does not panic.
#[test]
fn the_world_read_in_the_middle_of_a_step_leaves_out_what_the_sync_dropped() {
    let mut app = app();
    app.init_resource::<MidStep>().add_systems(
        PostUpdate,
        read_mid_step
            .after(SatSystems::SyncColliders)
            .before(SatSystems::BroadPhase),
    );
    spawn_circle(&mut app, 5.0, 0.0);
    let b = spawn_circle(&mut app, 5.0, 6.0);
    app.update();
    app.update();
    app.world_mut().despawn(b);
    app.update();
    // Before the first step nothing; then the pair with its contact; then the pair
    // without one (its collider went in that step's sync).
    assert_eq!(
        app.world().resource::<MidStep>().0,
        [(0, 0), (1, 1), (0, 1)]
    );
}
